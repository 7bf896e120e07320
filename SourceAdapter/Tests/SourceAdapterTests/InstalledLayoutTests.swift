import Foundation
import Testing
@testable import SourceAdapter

/// A layout built and installed where stk cannot call it (`viewDidLoad()`,
/// `commonInit()`, a `lazy var collectionView` closure): the statements that
/// make it become a layout function, when the sources have nothing else.
@Suite struct InstalledLayoutTests {
    /// An iOS 14 list built in viewDidLoad(), as Apple's first list sample and
    /// many tutorials have it.
    static let listInViewDidLoad = """
        import UIKit

        class ViewController: UICollectionViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(SimpleSetupCell.self, forCellWithReuseIdentifier: "SimpleSetupCell")
                var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                configuration.headerMode = UICollectionLayoutListConfiguration.HeaderMode.supplementary
                let layout = UICollectionViewCompositionalLayout.list(using: configuration)
                collectionView.collectionViewLayout = layout
                collectionView.backgroundColor = .systemGroupedBackground
            }
        }

        class SimpleSetupCell: UICollectionViewListCell {}
        """

    @Test func aListBuiltInViewDidLoadBecomesALayoutFunction() {
        let output = adapt([("ViewController.swift", Self.listInViewDidLoad)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["view-controller"])
        #expect(output.report.notes.map(\.description).contains(
            "ViewController.swift:9:22: registered layout 'view-controller' from the layout ViewController.viewDidLoad() builds: stk runs lines 7-9, which make it, as a layout function; the rest of viewDidLoad() and the view code around it are not run"),
            "\(output.report.notes)")
        // The three statements, each at its own line, then what they made.
        let text = output.files[0].text
        #expect(text.contains("""
            extension ViewController {
                func __stkInstalledLayout() -> UICollectionViewLayout {
            #sourceLocation(file: "ViewController.swift", line: 7)
                    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            #sourceLocation(file: "ViewController.swift", line: 8)
                    configuration.headerMode = UICollectionLayoutListConfiguration.HeaderMode.supplementary
            #sourceLocation(file: "ViewController.swift", line: 9)
                    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
            #sourceLocation(file: "ViewController.swift", line: 9)
                    return layout
                }
            }
            """), "\(text)")
        // The view code is not taken: neither the registration nor the colour.
        let function = Self.installedFunction(text)
        #expect(!function.contains("register") && !function.contains("backgroundColor"), "\(function)")
    }

    /// A collection view subclass that installs its own compositional layout
    /// in `commonInit()`, its sections made by a method of its own
    /// (Examples/InstalledLayouts/FeedCollectionView.swift).
    @Test func aLayoutInstalledInCommonInitBecomesALayoutFunction() throws {
        let path = "Examples/InstalledLayouts/FeedCollectionView.swift"
        let output = try Self.adaptedExample("FeedCollectionView.swift")
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["feed-collection-view"])
        #expect(output.report.notes.map(\.description).contains(
            "\(path):35:33: registered layout 'feed-collection-view' from the layout FeedCollectionView.commonInit() builds: stk runs line 35, which makes it, as a layout function; the rest of commonInit() and the view code around it are not run"),
            "\(output.report.notes)")
        let function = Self.installedFunction(output.files[0].text)
        #expect(function.contains("        return UICollectionViewCompositionalLayout(sectionProvider: section)\n"), "\(function)")
        // The section method it names is kept, and the property that method
        // reads; the initialisers, the data source and the cell are view code.
        let kept = body(output)
        #expect(kept.contains("private func section(for index: Int, environment: NSCollectionLayoutEnvironment)") && kept.contains("var columns = 2"))
        #expect(!kept.contains("feedDataSource") && !kept.contains("UIImageView"), "\(kept)")
    }

    /// A flow layout made in a `lazy var collectionView` closure and set up
    /// there, as programmatic view controllers do.
    @Test func aFlowLayoutMadeForALazyCollectionViewBecomesALayoutFunction() {
        let source = """
            import UIKit

            final class PhotosViewController: UIViewController {
                private lazy var collectionView: UICollectionView = {
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: 100, height: 100)
                    let spacing: CGFloat = 8
                    layout.minimumLineSpacing = spacing
                    let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
                    view.backgroundColor = .systemBackground
                    return view
                }()
            }
            """
        let output = adapt([("PhotosViewController.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["photos-view-controller"])
        #expect(output.report.notes.map(\.description).contains { $0.contains("from the layout PhotosViewController.collectionView builds: stk runs lines 5-8, which make it") },
                "\(output.report.notes)")
        let text = output.files[0].text
        let function = Self.installedFunction(text)
        #expect(function.contains("let spacing: CGFloat = 8") && function.contains("return layout"), "\(function)")
        #expect(!function.contains("UICollectionView(frame"), "\(function)")
    }

    /// The function stk wrote, to its closing brace.
    static func installedFunction(_ text: String) -> String {
        guard let start = text.range(of: "func __stkInstalledLayout") else { return "" }
        let rest = text[start.lowerBound...]
        return String(rest[..<(rest.range(of: "\n    }\n")?.upperBound ?? rest.endIndex)])
    }

    /// A layout handed straight to `UICollectionView(frame:collectionViewLayout:)`
    /// in a closure that sets up the collection view: the layout is that
    /// argument, not the collection view the closure's local holds; and a
    /// placeholder so handed over gives way to the layout the type sets later.
    @Test func aLayoutHandedToTheCollectionViewIsTheArgumentAndAPlaceholderGivesWay() {
        /// The view controller, its collection view made in a closure with
        /// a stock flow layout, then `members` (lines from 9 on).
        func viewController(_ members: String = "") -> String {
            """
            import UIKit

            class ViewController: UIViewController {
                lazy var collectionView: UICollectionView = {
                    let cv = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
                    cv.backgroundColor = .clear
                    return cv
                }()\(members)
            }
            """
        }
        let inline = adapt([("V.swift", viewController())])
        #expect(inline.report.errors.isEmpty, "\(inline.report.errors)")
        let function = Self.installedFunction(inline.files[0].text)
        #expect(function.contains("        return UICollectionViewFlowLayout()\n") && !function.contains("cv"), "\(function)")
        // Written straight into the property's value, without a closure.
        let property = adapt([("V.swift", """
            import UIKit

            class ViewController: UIViewController {
                lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
            }
            """)])
        #expect(property.report.errors.isEmpty, "\(property.report.errors)")
        #expect(Self.installedFunction(property.files[0].text).contains("        return UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))\n"))

        // The same collection view, and the layout the type sets later.
        let later = adapt([("V.swift", viewController("""


                private func configureLayout() {
                    let layout = UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))
                    collectionView.setCollectionViewLayout(layout, animated: false)
                }
            """))])
        #expect(later.report.errors.isEmpty, "\(later.report.errors)")
        #expect(later.report.notes.map(\.description).contains { $0.contains("from the layout ViewController.configureLayout() builds: stk runs line 11") },
                "\(later.report.notes)")
    }

    /// A flow layout kept in a property, typed or not, and set up in
    /// `viewDidLoad()` (and an initialiser), as many programmatic view
    /// controllers do: registered with that set-up, not as the bare stock
    /// flow layout the property holds (whose numbers would be silently wrong).
    @Test func aLayoutPropertySetUpInViewDidLoadIsRegisteredWithItsSetUp() {
        for declaration in ["private let layout: UICollectionViewFlowLayout = UICollectionViewFlowLayout()",
                            "let layout = UICollectionViewFlowLayout()"] {
            let output = adapt([("GridViewController.swift", """
                import UIKit

                class GridViewController: UIViewController {
                    \(declaration)
                    private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)

                    init() {
                        super.init(nibName: nil, bundle: nil)
                        self.layout.minimumLineSpacing = 20
                    }

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let side: CGFloat = 120
                        layout.itemSize = CGSize(width: side, height: side)
                        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                        view.addSubview(collectionView)
                    }

                    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                        layout.itemSize = CGSize(width: size.width / 3, height: size.width / 3)
                    }

                    init(spacing: CGFloat) {
                        super.init(nibName: nil, bundle: nil)
                        layout.minimumInteritemSpacing = spacing
                    }
                }
                """)])
            #expect(output.report.errors.isEmpty, "\(output.report.errors)")
            #expect(output.report.layouts.map(\.name) == ["grid-view-controller"], "\(output.report.layouts)")
            #expect(output.report.notes.map(\.description).contains(
                "GridViewController.swift:4:\(declaration.hasPrefix("private") ? 17 : 9): registered layout 'grid-view-controller' from GridViewController.layout as init() and viewDidLoad() and viewWillTransition(to:with:) set it up: stk runs lines 4, 9, 14-16, 21, which make it, as a layout function; the rest of init() and viewDidLoad() and viewWillTransition(to:with:) and the view code around it are not run; what init(spacing:) sets on it is not run either (it needs what that code is given, or stands among other code), so the layout may differ from the app's there"),
                "\(output.report.notes)")
            let function = Self.installedFunction(output.files[0].text)
            for statement in ["self.layout.minimumLineSpacing = 20", "let side: CGFloat = 120", "layout.itemSize = CGSize(width: side, height: side)",
                              "layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)", "return layout"] {
                #expect(function.contains(statement), "\(statement) in \(function)")
            }
            // The view code is not taken; the change made for a new size runs at each new size, given it.
            #expect(!function.contains("addSubview") && !function.contains("spacing"), "\(function)")
            #expect(function.contains(transitionSetUpOpening(file: "GridViewController.swift", line: 4) + """
                #sourceLocation(file: "GridViewController.swift", line: 21)
                        layout.itemSize = CGSize(width: size.width / 3, height: size.width / 3)
                """), "\(function)")
        }
    }

    /// The set-up in a method of an extension, in another file, that
    /// viewDidLoad() calls (`flowLayoutSetup()`), as many apps split a screen.
    @Test func aLayoutPropertySetUpInAnExtensionElsewhereIsRegisteredWithIt() {
        let output = adapt([("MemesViewController.swift", """
            import UIKit

            final class MemesViewController: UICollectionViewController {
                let flowLayout = UICollectionViewFlowLayout()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    flowLayoutSetup()
                }
            }
            """), ("MemesViewController+Layout.swift", """
            import UIKit

            extension MemesViewController {
                func flowLayoutSetup() {
                    let space: CGFloat = 3.0
                    let dimension = (view.frame.size.width - (2 * space)) / 3.0
                    flowLayout.minimumInteritemSpacing = space
                    flowLayout.itemSize = CGSize(width: dimension, height: dimension)
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["memes-view-controller"])
        let function = Self.installedFunction(output.files[0].text)
        #expect(function.contains("#sourceLocation(file: \"MemesViewController+Layout.swift\", line: 6)"), "\(function)")
        #expect(function.contains("flowLayout.itemSize = CGSize(width: dimension, height: dimension)") && function.contains("return flowLayout"), "\(function)")
    }

    /// A storyboard app's screen: the flow layout Interface Builder installed,
    /// set up in viewDidLoad(). The sources do not hold the storyboard's,
    /// so stk makes one with UIKit's defaults and runs the set-up on it.
    @Test func aStoryboardFlowLayoutSetUpInViewDidLoadIsMadeWithUIKitsDefaults() throws {
        let output = try Self.adaptedExample("PhotosViewController.swift")
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["photos-view-controller"])
        #expect(output.report.notes.map(\.description).contains { $0.hasPrefix(
            "Examples/InstalledLayouts/PhotosViewController.swift:20:22: registered layout 'photos-view-controller' from the storyboard's flow layout as PhotosViewController.viewDidLoad() sets it up (made with UIKit's defaults: what Interface Builder sets is not in the sources): stk runs lines 20-23") },
            "\(output.report.notes)")
        let function = Self.installedFunction(output.files[0].text)
        #expect(function.contains("        let __stkStoryboardLayout = UICollectionViewFlowLayout()\n")
                    && function.contains("let layout = __stkStoryboardLayout\n") && function.contains("return __stkStoryboardLayout\n"), "\(function)")
        #expect(!function.contains("collectionViewLayout") && !function.contains("dataSource"), "\(function)")
    }

    /// An example of Examples/InstalledLayouts, adapted alone.
    static func adaptedExample(_ name: String) throws -> AdapterOutput {
        SourceAdapter.adapt([SourceInput(path: "Examples/InstalledLayouts/" + name, text: try exampleText(name))])
    }

    /// The text of a file of Examples/InstalledLayouts (`Tags/TagsLayout.swift`).
    static func exampleText(_ name: String) throws -> String {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/InstalledLayouts")
        return try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
    }

    /// A layout property named `collectionViewLayout` (as Wire's screens name
    /// it) is the type's own, set up in viewDidLoad(): not the layout
    /// installed in the collection view, which a layout function must not read.
    @Test func aLayoutPropertyNamedCollectionViewLayoutIsTheTypesOwn() {
        let output = adapt([("V.swift", """
            import UIKit

            final class NotificationsViewController: UIViewController {
                private let collectionViewLayout = UICollectionViewFlowLayout()
                private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: self.collectionViewLayout)

                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionViewLayout.minimumLineSpacing = 0
                    view.addSubview(collectionView)
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["notifications-view-controller"])
        let function = Self.installedFunction(output.files[0].text)
        #expect(function.contains("collectionViewLayout.minimumLineSpacing = 0") && function.contains("return collectionViewLayout"), "\(function)")
    }

    /// A flow delegate method that measures a footer it dequeues (Auto
    /// Layout sizing) is view code: left out with a note, so that the file
    /// compiles and the flow layout takes its own footer size.
    @Test func aDelegateMethodThatDequeuesAViewIsLeftOut() {
        let output = adapt([("V.swift", """
            import UIKit

            final class OptionsViewController: UIViewController, UICollectionViewDelegateFlowLayout {
                private let collectionViewLayout = UICollectionViewFlowLayout()

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    CGSize(width: collectionView.bounds.width, height: 56)
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
                    let footer = collectionView.dequeueReusableSupplementaryView(ofKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "Footer", for: IndexPath(item: 0, section: section))
                    return footer.systemLayoutSizeFitting(CGSize(width: collectionView.bounds.width, height: 0))
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.notes.map(\.description).contains(
            "V.swift:10:10: left out collectionView(_:layout:referenceSizeForFooterInSection:): it dequeues a view to measure it, which stk cannot make, so the layout takes the protocol's default in its place (a flow layout's own size or spacing)"),
            "\(output.report.notes)")
        let text = body(output)
        #expect(text.contains("sizeForItemAt") && !text.contains("dequeueReusableSupplementaryView"), "\(text)")
    }

    /// An app's folder: each screen's layout, whether a `createLayout()` makes
    /// it or `viewDidLoad()` does; a screen with a layout function of its own
    /// is not given a second one for the placeholder it installs first.
    @Test func eachScreenOfAFolderGetsItsLayout() {
        let output = adapt([("FeedViewController.swift", """
            import UIKit

            final class FeedViewController: UIViewController {
                private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())

                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.setCollectionViewLayout(createLayout(), animated: false)
                }

                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))
                }
            }
            """), ("SettingsViewController.swift", Self.listInViewDidLoad.replacingOccurrences(of: "class ViewController:", with: "class SettingsViewController:"))])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name).sorted() == ["feed-view-controller", "settings-view-controller"], "\(output.report.layouts)")
        #expect(!output.files[0].text.contains(InstalledLayout.functionName))
    }

    /// Two layouts a screen switches between, both built in viewDidLoad():
    /// the first is registered, and the note names the other's line.
    @Test func aSecondLayoutOfAScreenIsNamedInTheNote() {
        let output = adapt([("V.swift", """
            import UIKit

            class ToggleViewController: UICollectionViewController {
                var gridLayout: UICollectionViewLayout!
                var listLayout: UICollectionViewLayout!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let grid = UICollectionViewFlowLayout()
                    grid.itemSize = CGSize(width: 100, height: 100)
                    gridLayout = grid
                    listLayout = UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))
                    collectionView.collectionViewLayout = gridLayout
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.notes.map(\.description).contains(
            "V.swift:9:20: registered layout 'toggle-view-controller' from the layout ToggleViewController.viewDidLoad() builds: stk runs lines 9-10, which make it, as a layout function; the rest of viewDidLoad() and the view code around it are not run; line 12 builds another layout of ToggleViewController, not registered: stk registers the first one a type builds"),
            "\(output.report.notes)")
    }

    /// A layout made from what the code is given (a parameter) cannot be made
    /// without it: the error points at the construction, as before.
    @Test func aLayoutMadeFromAParameterStaysAnError() {
        let source = """
            import UIKit

            final class GridViewController: UIViewController {
                let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())

                func configure(columns: Int) {
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: 390 / CGFloat(columns), height: 100)
                    collectionView.collectionViewLayout = layout
                }
            }
            """
        let output = adapt([("GridViewController.swift", source)])
        #expect(output.report.layouts.isEmpty)
        #expect(output.report.errors.first?.description.hasPrefix(
            "GridViewController.swift:7:22: no layout class found, and no layout function: this layout is built in configure(columns:), where stk cannot call it, and the statements that make it cannot be taken apart") == true,
            "\(output.report.errors)")
    }

    /// The same with the enum nested in the screen and `private`, as a
    /// settings screen writes it: the registration, written at the file's
    /// level, could not name it, and the build failed in stk's own code. It
    /// is made internal, with a note.
    @Test func aPrivateSectionEnumIsMadeVisibleToTheRegistration() {
        let output = adapt([("ListVC.swift", """
            import UIKit

            final class ListVC: UIViewController {
                private enum Section: Int, CaseIterable { case main, more }
                private var collectionView: UICollectionView!
                private var dataSource: UICollectionViewDiffableDataSource<Section, Int>!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let layout = UICollectionViewCompositionalLayout { index, env in
                        var config = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                        config.headerMode = Section(rawValue: index) == .main ? .supplementary : .none
                        return NSCollectionLayoutSection.list(using: config, layoutEnvironment: env)
                    }
                    collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
                    view.addSubview(collectionView)
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = output.files[0].text
        #expect(text.contains("StkIdentifier.caseCount(of: ListVC.Section.self)"), "\(text)")
        #expect(text.contains("        enum Section: Int, CaseIterable { case main, more }"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "ListVC.swift:4:5: made ListVC.Section internal instead of private, so that stk's registration can name it"), "\(output.report.notes)")
    }

    /// A screen whose diffable data source names its sections with an enum
    /// registers the enum's case count, whether or not the layout code reads
    /// the data source: its section provider maps the index to a case and
    /// traps past them (round thirteen), which stk's default data must not
    /// reach. An enum the layout code does not keep is not named.
    @Test func aScreensSectionEnumIsRegisteredWithItsLayout() {
        let screen = """
            import Foundation
            import UIKit

            enum SectionKind: Int, CaseIterable {
                case first, second, third
            }

            class ViewController: UIViewController {
                typealias DataSource = UICollectionViewDiffableDataSource<SectionKind, Int>
                private var dataSource: DataSource!

                private func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { sectionIndex, _ in
                        guard let kind = SectionKind(rawValue: sectionIndex) else { fatalError("could not get section kind") }
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(kind == .first ? 100 : 50)), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
            """
        let output = adapt([("ViewController.swift", screen)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.files[0].text.contains("layouts[layouts.count - 1].sectionIdentifierCases = StkIdentifier.caseCount(of: SectionKind.self)"))
        // The layout does not name the enum: it is left out, and not registered.
        let unread = screen.replacingOccurrences(of: "guard let kind = SectionKind(rawValue: sectionIndex) else { fatalError(\"could not get section kind\") }", with: "let kind = sectionIndex == 0 ? 0 : 1")
            .replacingOccurrences(of: "kind == .first", with: "kind == 0")
        let other = adapt([("ViewController.swift", unread)])
        #expect(other.report.errors.isEmpty, "\(other.report.errors)")
        #expect(!other.files[0].text.contains("sectionIdentifierCases"))
    }

    /// A screen's layout kept in its own file (`FeedViewController+Layout.swift`)
    /// and loaded without the screen: the error says the type is missing,
    /// not to write the function the file has (round thirteen). With the
    /// screen beside it, the function is a layout.
    @Test func aLayoutFunctionInAnExtensionOfAnUndeclaredTypeSaysSo() {
        let layoutFile = """
            import UIKit

            extension FeedViewController {
                func createLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """
        let alone = adapt([("FeedViewController+Layout.swift", layoutFile)])
        #expect(alone.report.layouts.isEmpty)
        #expect(alone.report.errors.map(\.description) == [
            "FeedViewController+Layout.swift:4:10: no layout stk can call: createLayout() is in an extension of FeedViewController, which these files do not declare, so stk cannot make a FeedViewController to call it on. Load it with the file that declares FeedViewController (the folder that holds both, as the app keeps them)"],
            "\(alone.report.errors)")
        let screen = """
            import Foundation
            import UIKit

            final class FeedViewController: UIViewController {
                var collectionView: UICollectionView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
                    view.addSubview(collectionView)
                }
            }
            """
        let both = adapt([("FeedViewController.swift", screen), ("FeedViewController+Layout.swift", layoutFile)])
        #expect(both.report.errors.isEmpty, "\(both.report.errors)")
        #expect(!both.report.layouts.isEmpty)
    }

    /// A layout helper that needs the view (`UIHelper.createThreeColumnFlowLayout(in:
    /// view)`) cannot be called alone, and is said so in a note; the screen
    /// that calls it with its view is registered, running that call.
    @Test func aScreenThatCallsALayoutHelperWithItsViewIsRegistered() {
        let helper = """
            import UIKit

            enum UIHelper {
                static func createThreeColumnFlowLayout(in view: UIView) -> UICollectionViewFlowLayout {
                    let itemWidth = (view.bounds.width - 24 - 20) / 3
                    let flowLayout = UICollectionViewFlowLayout()
                    flowLayout.itemSize = CGSize(width: itemWidth, height: itemWidth + 40)
                    return flowLayout
                }
            }
            """
        let screen = """
            import UIKit

            class FollowerListVC: UIViewController {
                var collectionView: UICollectionView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    configureCollectionView()
                }

                func configureCollectionView() {
                    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UIHelper.createThreeColumnFlowLayout(in: view))
                    view.addSubview(collectionView)
                }
            }
            """
        let output = adapt([("UIHelper.swift", helper), ("FollowerListVC.swift", screen)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["follower-list-vc"])
        #expect(output.files[1].text.contains("""
            #sourceLocation(file: "FollowerListVC.swift", line: 12)
                    return UIHelper.createThreeColumnFlowLayout(in: view)
            """))
        #expect(output.report.notes.map(\.description).contains(
            "UIHelper.swift:4:17: layout function UIHelper.createThreeColumnFlowLayout(in:) needs an argument for parameter 'view', which has no default value: stk calls layout functions with no arguments, so it is not registered"),
            "\(output.report.notes)")
    }
}
