import Foundation
import Testing
@testable import SourceAdapter

/// Layout functions (a view controller's `createLayout()` and its kin), the
/// view code left out around them, compositional layout subclasses, and the
/// two gaps of real files: initialisers with default arguments, and
/// `override init()` in attributes subclasses. The fixtures are the files in
/// Examples/SourceLayouts, read as stk reads them.
@Suite struct LayoutFunctionTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/SourceLayouts")

    static func example(_ name: String) throws -> SourceInput {
        let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
        return SourceInput(path: "Examples/SourceLayouts/" + name, text: text)
    }

    /// The fixture `name` and its adaptation, which must have no errors.
    static func adaptedExample(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (input: SourceInput, output: AdapterOutput) {
        let input = try example(name)
        let output = SourceAdapter.adapt([input])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)", sourceLocation: sourceLocation)
        return (input, output)
    }

    /// The lines (1-based) that the adaptation changed and did not blank:
    /// everything else is the user's line as written, or empty.
    func changedLines(_ original: String, _ adapted: String) -> [Int: String] {
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = adapted.split(separator: "\n", omittingEmptySubsequences: false)
        var changed: [Int: String] = [:]
        for (i, line) in after.enumerated() where !line.allSatisfy({ $0 == " " }) && (i >= before.count || before[i] != line) {
            changed[i + 1] = String(line)
        }
        return changed
    }

    func lineCount(_ text: String) -> Int { text.split(separator: "\n", omittingEmptySubsequences: false).count }

    // MARK: The fixtures

    @Test func theGridViewControllerIsRegisteredAndItsViewCodeLeftOut() throws {
        let (input, output) = try Self.adaptedExample("GridViewController.swift")
        #expect(output.report.layouts == [FoundLayout(
            name: "grid-view-controller", className: "GridViewController",
            position: SourcePosition(file: input.path, line: 33, column: 10), isFlow: false, options: [],
            source: .function, function: "createLayout()")])

        let registration = output.files[0].text
        #expect(registration.contains("""
                layouts.append(LayoutDescriptor(
                    name: "grid-view-controller", aliases: ["GridViewController", "GridViewController.createLayout"],
                    summary: "GridViewController.createLayout(), a layout function (Examples/SourceLayouts/GridViewController.swift:33)",
                    options: [],
                    derivesPinned: false,
                    makeAnyLayout: { let owner = GridViewController(); let layout = owner.createLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout },
                    setOption: { _, name, _ in throw CollectionViewError("layout grid-view-controller has no option '\\(name)'") },
                    optionValue: { _, _ in nil }))
            """), "\(registration)")
        #expect(output.files.map(\.name) == ["0-GridViewController.swift", "StkTrapLocations.swift", "StkPluginEntryPoint.swift"])

        let text = body(output)
        for viewCode in ["viewDidLoad", "TextCell", "UILabel", "UICollectionViewDiffableDataSource", "UIViewController",
                         "UICollectionViewDelegate", "configureDataSource", "TitleSupplementaryView", "UIColor", "NSLayoutConstraint"] {
            #expect(!text.contains(viewCode), "\(viewCode) is still in the adapted text")
        }
        #expect(text.contains("    static let sectionHeaderElementKind = \"section-header-element-kind\"\n"))
        #expect(text.contains("    func createLayout() -> UICollectionViewLayout {\n"))
        #expect(text.contains("        sectionHeader.pinToVisibleBounds = true\n"))

        // Every line is where the user wrote it: blank, as written, or one of
        // the two lines that make the class plain.
        #expect(lineCount(text) == lineCount(input.text))
        #expect(changedLines(input.text, text) == [
            12: "final class GridViewController                   {",
            29: ViewControllerShell.members(),
        ])

        #expect(output.report.notes.map(\.description) == [
            "Examples/SourceLayouts/GridViewController.swift:12:7: compiled GridViewController as a plain final class with init() {}, without its superclass and conformances (UIViewController, UICollectionViewDelegate): stk creates it only to call its layout code",
            "Examples/SourceLayouts/GridViewController.swift:16:5: left out 10 declarations the layout code does not use (view code: Section, dataSource, collectionView, viewDidLoad, configureHierarchy, configureDataSource, collectionView(_:didSelectItemAt:), TextCell, ...)",
            "Examples/SourceLayouts/GridViewController.swift:33:10: registered layout 'grid-view-controller' from GridViewController.createLayout() (a layout function, called with no arguments; the view code around it is not run)",
            "Examples/SourceLayouts/GridViewController.swift:10:1: left out 'import Foundation': UIKit brings it, and with both imported CGRect's members (intersects) would be ambiguous",
        ])
    }

    @Test func theOrthogonalSectionsKeepTheirEnumAndTheDecorationViewClass() throws {
        let (input, output) = try Self.adaptedExample("OrthogonalViewController.swift")
        #expect(output.report.layouts.map { "\($0.name) \($0.className) \($0.source.rawValue) \($0.function ?? "-")" } == [
            "orthogonal-view-controller OrthogonalViewController function createLayout()",
        ])
        #expect(output.files[0].text.contains("makeAnyLayout: { let owner = OrthogonalViewController(); let layout = owner.createLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout },"))

        let text = body(output)
        // The provider's enum is kept whole, with the property it reads.
        #expect(text.contains("enum SectionKind: Int, CaseIterable {\n    case list, grid5, grid3\n\n    var columnCount: Int {"))
        #expect(text.contains("                    item.transform = CGAffineTransform(scaleX: scale, y: scale)\n"))
        #expect(text.contains("        layout.configuration = config\n"))
        // The layout registers the decoration view class: an empty subclass.
        #expect(text.contains("final class SectionBackgroundDecorationView: UICollectionReusableView {\n"))
        for viewCode in ["NumberCell", "UILabel", "UIColor", "backgroundColor", "viewDidLoad", "UICollectionViewDiffableDataSource",
                         "import SwiftUI", "PreviewProvider", "UIViewController"] {
            #expect(!text.contains(viewCode), "\(viewCode) is still in the adapted text")
        }
        #expect(lineCount(text) == lineCount(input.text))
        #expect(changedLines(input.text, text) == [
            27: "final class OrthogonalViewController                   {",
            42: ViewControllerShell.members(),
        ])
        #expect(output.report.notes.map(\.description).contains(
            "Examples/SourceLayouts/OrthogonalViewController.swift:175:13: kept SectionBackgroundDecorationView as an empty subclass of UICollectionReusableView: the layout code names the class, and stk makes no views"))
        #expect(output.report.notes.map(\.description).contains(
            "Examples/SourceLayouts/OrthogonalViewController.swift:188:1: left out 'import SwiftUI': Linux has no such module (if the code stk keeps uses a name of it, the compiler says which)"))
    }

    @Test func aPrivateLayoutFunctionOfACollectionViewControllerIsMadeCallable() throws {
        let (input, output) = try Self.adaptedExample("ListViewController.swift")
        #expect(output.report.layouts.map(\.name) == ["list-view-controller"])
        #expect(output.files[0].text.contains("makeAnyLayout: { let owner = ListViewController(); let layout = owner.createLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout },"))
        let text = body(output)
        // `private` becomes spaces: the function keeps its columns.
        #expect(changedLines(input.text, text) == [
            10: "final class ListViewController                             {",
            31: "            func createLayout() -> UICollectionViewLayout {",
            69: ViewControllerShell.members(addsCollectionView: true),
        ])
        for viewCode in ["#Preview", "UINavigationController", "UICollectionViewController", "UICollectionViewListCell", "struct Item"] {
            #expect(!text.contains(viewCode), "\(viewCode) is still in the adapted text")
        }
        #expect(output.report.notes.map(\.description).contains(
            "Examples/SourceLayouts/ListViewController.swift:31:5: made ListViewController.createLayout() internal instead of private, so that stk's registration can call it"))
    }

    /// `#Preview { ... }` as Xcode's templates write it, with no attribute in
    /// front, parses as an expression: it was kept, and the build failed on
    /// a macro Linux does not have (`no macro named 'Preview'`), taking the
    /// other screens of a folder with it. It is view code, left out.
    @Test func aBarePreviewIsLeftOut() {
        let source = """
            import UIKit

            final class GridViewController: UIViewController {
                func createLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }

            #Preview {
                GridViewController()
            }

            #Preview("Dark") {
                let controller = GridViewController()
                controller.overrideUserInterfaceStyle = .dark
                return controller
            }
            """
        let output = adapt([("GridViewController.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["grid-view-controller"])
        let text = output.files[0].text
        #expect(!text.contains("#Preview") && !text.contains("overrideUserInterfaceStyle"), "\(text)")
        #expect(lineCount(text) >= lineCount(source))
    }

    /// A subclass of the compositional layout is a layout class: registered
    /// through its `init(columns: Int = 3)`, its text unchanged.
    @Test func aCompositionalLayoutSubclassIsALayoutClass() throws {
        let (input, output) = try Self.adaptedExample("MosaicCompositionalLayout.swift")
        #expect(output.report.layouts == [FoundLayout(
            name: "mosaic-compositional-layout", className: "MosaicCompositionalLayout",
            position: SourcePosition(file: input.path, line: 12, column: 7), isFlow: false, options: [])])
        #expect(body(output) == input.text)
        let registration = output.files[0].text
        #expect(registration.contains("summary: \"MosaicCompositionalLayout, a UICollectionViewCompositionalLayout subclass (Examples/SourceLayouts/MosaicCompositionalLayout.swift:12)\""))
        // It marks the boundary items it pins itself.
        #expect(registration.contains("            derivesPinned: false,\n"))
        #expect(output.report.notes.isEmpty)
    }

    @Test func anInitialiserWithDefaultArgumentsIsCalledAsInit() throws {
        let output = try Self.adaptedExample("DefaultsInitLayout.swift").output
        #expect(output.report.layouts.map { "\($0.name) flow=\($0.isFlow) \($0.options)" } == ["defaults-init-layout flow=true [\"columns\"]"])
        #expect(output.files[0].text.contains("        let probe = DefaultsInitLayout()\n"))

        let inline = adapt([("L.swift", """
            import UIKit
            protocol PinningDelegate: AnyObject {}
            final class Pinning: UICollectionViewLayout {
                weak var delegate: PinningDelegate?
                init(delegate: PinningDelegate? = nil, columns: Int = 2) {
                    self.delegate = delegate
                    super.init()
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            final class Failable: UICollectionViewLayout {
                init?(columns: Int = 2) { super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)])
        #expect(inline.report.layouts.map(\.className) == ["Pinning"])
        // `init?()` would give an optional layout: still refused.
        #expect(inline.report.errors.map(\.description) == [
            "L.swift:11:13: layout class Failable has no init() that stk can call (its initialisers: init?(columns:), init?(coder:)); add one, e.g. `convenience init() { self.init(...) }`, or `override init() { super.init() }` next to `init?(coder:)`",
        ])
    }

    @Test func overrideInitOfAnAttributesSubclassBecomesRequired() throws {
        let (input, output) = try Self.adaptedExample("RequiredInitAttributes.swift")
        let text = body(output)
        // Same length as `override`: every byte keeps its offset.
        #expect(text.utf8.count == input.text.utf8.count)
        #expect(changedLines(input.text, text) == [16: "    required init() {"])
        #expect(output.report.notes.map(\.description) == [
            "Examples/SourceLayouts/RequiredInitAttributes.swift:16:5: 'override init()' became 'required init()' in CardParallaxLayoutAttributes: stk's UICollectionViewLayoutAttributes declares init() required, since it creates the layout's attributes of this class through it",
            "Examples/SourceLayouts/RequiredInitAttributes.swift:9:1: left out 'import Foundation': UIKit brings it, and with both imported CGRect's members (intersects) would be ambiguous",
        ])

        // Through a user class, for a context; a layout's own `override init()` stays.
        let inline = adapt([("C.swift", """
            import UIKit
            class Context: UICollectionViewFlowLayoutInvalidationContext {
                override init() { super.init() }
            }
            final class HeaderContext: Context {
                var onlyHeaders = false
                public override init() { super.init() }
            }
            final class L: UICollectionViewFlowLayout {
                override init() { super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)])
        #expect(body(inline).contains("    required init() { super.init() }\n"))
        #expect(body(inline).contains("    public required init() { super.init() }\n"))
        #expect(body(inline).contains("final class L: UICollectionViewFlowLayout {\n    override init() { super.init() }\n"))
        #expect(inline.report.notes.count == 2)
    }

    /// Adapted together, as `stk --plugin Examples/SourceLayouts` does: one
    /// plugin, no name given twice, every alias distinct.
    @Test func theExamplesFolderIsOnePlugin() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".swift") }.sorted()
        let output = SourceAdapter.adapt(try names.map(Self.example))
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let functions = output.report.layouts.filter { $0.source == .function }.map(\.name)
        #expect(functions == ["distinct-sections-view-controller", "grid-view-controller", "list-view-controller", "orthogonal-view-controller",
                               "shelves-view-controller", "store-front-view-controller", "tasks-view-controller", "tinted-carousel-view-controller"])
        #expect(Set(output.report.layouts.map(\.name)).count == output.report.layouts.count)
        #expect(output.report.layouts.contains { $0.name == "mosaic-compositional-layout" && $0.source == .layoutClass })
    }

    /// A file of layout classes is adapted as it would be alone, whatever
    /// the files beside it.
    @Test func aFileOfLayoutClassesIsUntouchedBesideALayoutFunction() throws {
        let carousel = try Self.example("CarouselFlowLayout.swift")
        let alone = SourceAdapter.adapt([carousel])
        let beside = SourceAdapter.adapt([try Self.example("GridViewController.swift"), carousel])
        #expect(body(beside, 1) == body(alone, 0))
        #expect(beside.report.notes.filter { $0.position.file == carousel.path } == alone.report.notes)
    }

    // MARK: Forms of layout functions

    @Test func everyFormIsRegisteredWithItsFactory() {
        let output = adapt([("Layouts.swift", """
            import UIKit

            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
            }

            enum Layouts {
                static func grid() throws -> UIKit.UICollectionViewLayout { createLayout() }
                static var list: UICollectionViewCompositionalLayout { .list(using: .init(appearance: .grouped)) }
            }

            struct Factory {
                var columns = 3
                lazy var layout = UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))
            }

            final class Screen: UIViewController {
                let makeLayout: () -> UICollectionViewLayout = { createLayout() }
            }

            final class Lazy: UIViewController {
                lazy var layout: UICollectionViewLayout = {
                    createLayout()
                }()
            }

            extension UICollectionViewCompositionalLayout {
                static func twoColumns() -> UICollectionViewCompositionalLayout { .list(using: .init(appearance: .plain)) }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map { "\($0.name) \($0.className) \($0.function ?? "-")" } == [
            "create-layout createLayout createLayout()",
            "layouts-grid Layouts grid()",
            "layouts-list Layouts list",
            "factory Factory layout",
            "screen Screen makeLayout()",
            "lazy Lazy layout",
            "two-columns UICollectionViewCompositionalLayout twoColumns()",
        ])
        let text = output.files[0].text
        for (aliases, factory) in [
            (#"["createLayout"]"#, "{ createLayout() }"),
            (#"["Layouts.grid"]"#, "{ try Layouts.grid() }"),
            (#"["Layouts.list"]"#, "{ Layouts.list }"),
            (#"["Factory", "Factory.layout"]"#, "{ var owner = Factory(); return owner.layout }"),
            (#"["Screen", "Screen.makeLayout"]"#, "{ let owner = Screen(); let layout = owner.makeLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout }"),
            (#"["Lazy", "Lazy.layout"]"#, "{ let owner = Lazy(); let layout = owner.layout; layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout }"),
            (#"["UICollectionViewCompositionalLayout.twoColumns"]"#, "{ UICollectionViewCompositionalLayout.twoColumns() }"),
        ] {
            #expect(text.contains("aliases: \(aliases),\n"), "\(aliases)")
            #expect(text.contains("        makeAnyLayout: \(factory),\n"), "\(factory)")
        }
        // A plain struct and enum keep what they are; the classes lose UIKit.
        let adapted = body(output)
        #expect(adapted.contains("\nenum Layouts {\n"))
        #expect(adapted.contains("\nstruct Factory {\n"))
        #expect(!adapted.contains("var columns")) // nothing calls for it
        #expect(adapted.contains("\nfinal class Screen                   {\n"))
    }

    /// A layout function may return the concrete class it builds: UIKit's
    /// flow layout (a method, a `lazy var` closure, a static function) or a
    /// layout class of the sources, beside a function returning
    /// UICollectionViewLayout. Each is registered.
    @Test func aLayoutFunctionMayReturnTheFlowLayoutOrALayoutClassOfTheSources() {
        let output = adapt([("Gallery.swift", """
            import UIKit

            final class ColumnsLayout: UICollectionViewFlowLayout {
                var columns = 3
            }

            final class GalleryViewController: UIViewController {
                private lazy var flowLayout: UICollectionViewFlowLayout = {
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: 80, height: 80)
                    return layout
                }()

                func makeLayout() -> UICollectionViewFlowLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.scrollDirection = .horizontal
                    return layout
                }

                static func makeGrid() -> UIKit.UICollectionViewFlowLayout { UICollectionViewFlowLayout() }

                func columnsLayout() -> ColumnsLayout { ColumnsLayout() }

                func compositional() -> UICollectionViewCompositionalLayout {
                    .list(using: .init(appearance: .plain))
                }
            }

            extension UICollectionViewFlowLayout {
                static func compact() -> UICollectionViewFlowLayout { UICollectionViewFlowLayout() }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map { "\($0.name) \($0.className) \($0.function ?? "-")" } == [
            "columns-layout ColumnsLayout -",
            "gallery-view-controller-flow-layout GalleryViewController flowLayout",
            "gallery-view-controller-make-layout GalleryViewController makeLayout()",
            "gallery-view-controller-make-grid GalleryViewController makeGrid()",
            "gallery-view-controller-columns-layout GalleryViewController columnsLayout()",
            "gallery-view-controller-compositional GalleryViewController compositional()",
            "compact UICollectionViewFlowLayout compact()",
        ])
        let text = output.files[0].text
        for factory in [
            "{ let owner = GalleryViewController(); let layout = owner.flowLayout; layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout }",
            "{ let owner = GalleryViewController(); let layout = owner.makeLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout }",
            "{ GalleryViewController.makeGrid() }",
            "{ let owner = GalleryViewController(); let layout = owner.columnsLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout }",
            "{ UICollectionViewFlowLayout.compact() }",
        ] {
            #expect(text.contains("        makeAnyLayout: \(factory),\n"), "\(factory)")
        }
        // The layout class is not a view controller's: it stays as written.
        #expect(body(output).contains("final class ColumnsLayout: UICollectionViewFlowLayout {\n    var columns = 3\n}"))
    }

    /// A property or function that returns the layout the view code
    /// installed (`collectionViewLayout as! ...`) builds none: not a layout
    /// function, said in a note beside others, in an error alone.
    @Test func aFunctionReadingTheInstalledLayoutIsNotALayoutFunction() {
        let beside = adapt([("V.swift", """
            import UIKit
            final class V: UICollectionViewController {
                private var flowLayout: UICollectionViewFlowLayout {
                    collectionViewLayout as! UICollectionViewFlowLayout
                }
                func createLayout() -> UICollectionViewFlowLayout { UICollectionViewFlowLayout() }
                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
                }
            }
            """)])
        #expect(beside.report.errors.isEmpty, "\(beside.report.errors)")
        #expect(beside.report.layouts.map(\.name) == ["v"])
        #expect(beside.report.notes.map(\.description).contains(
            "V.swift:3:17: layout function V.flowLayout reads the layout installed in the collection view (collectionViewLayout) instead of building one: stk does not run the view code that installs it, so it is not registered"),
            "\(beside.report.notes)")

        let alone = adapt([("V.swift", """
            import UIKit
            final class V: UIViewController {
                let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
                func currentLayout() -> UICollectionViewFlowLayout? { nil }
                func layout() -> UICollectionViewFlowLayout { collectionView.collectionViewLayout as! UICollectionViewFlowLayout }
            }
            """)])
        #expect(alone.report.layouts.isEmpty)
        #expect(alone.report.errors.map(\.description) == [
            "V.swift:5:10: layout function V.layout() reads the layout installed in the collection view (collectionViewLayout) instead of building one: stk does not run the view code that installs it, so it is not registered; build the layout in a function or property that stk can call, such as `func createLayout() -> UICollectionViewFlowLayout`",
        ])
    }

    /// A base view controller's abstract `createLayout()` (it only traps:
    /// "override createLayout()") builds no layout: not registered, which
    /// also keeps stk from calling it as it loads; the subclass's override is
    /// the layout.
    @Test func anAbstractLayoutFunctionIsNotRegisteredItsOverrideIs() {
        let output = adapt([("Base.swift", """
            import UIKit
            class CompositionalViewController: UIViewController {
                var collectionView: UICollectionView!
                func createLayout() -> UICollectionViewLayout {
                    preconditionFailure("Override createLayout() to provide compositional layout for the collection view")
                }
            }
            """), ("Cards.swift", """
            import UIKit
            class CardsViewController: CompositionalViewController {
                override func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout.list(using: .init(appearance: .insetGrouped))
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["cards-view-controller"])
        // Kept, for the override to override.
        #expect(body(output).contains("func createLayout() -> UICollectionViewLayout {\n        preconditionFailure("), "\(body(output))")
        #expect(output.report.notes.map(\.description).contains(
            "Base.swift:4:10: layout function CompositionalViewController.createLayout() only calls preconditionFailure(...): it is abstract, and builds no layout (a subclass's override does, and is registered itself), so it is not registered"),
            "\(output.report.notes)")
    }

    @Test func aFunctionThatNeedsArgumentsIsAnErrorAloneAndANoteBesideOthers() {
        let alone = adapt([("V.swift", """
            import UIKit
            class V: UIViewController {
                func createLayout(columns: Int) -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))
                }
            }
            """)])
        #expect(alone.report.layouts.isEmpty)
        #expect(alone.report.errors.map(\.description) == [
            "V.swift:3:10: layout function V.createLayout(columns:) needs an argument for parameter 'columns', which has no default value: stk calls layout functions with no arguments, so it is not registered; give it one (`columns: Int = ...`), or add a function without parameters that calls it",
        ])

        let beside = adapt([("V.swift", """
            import UIKit
            class V: UIViewController {
                func createLayout() -> UICollectionViewLayout { layout(columns: 2) }
                func layout(columns: Int) -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))
                }
            }
            """)])
        #expect(beside.report.errors.isEmpty)
        #expect(beside.report.layouts.map(\.name) == ["v"])
        #expect(beside.report.notes.map(\.description).contains(
            "V.swift:4:10: layout function V.layout(columns:) needs an argument for parameter 'columns', which has no default value: stk calls layout functions with no arguments, so it is not registered"))
        // The layout function calls it: kept.
        #expect(body(beside).contains("    func layout(columns: Int) -> UICollectionViewLayout {\n"))
    }

    @Test func severalLayoutFunctionsOfOneTypeAreNamedAfterTypeAndFunction() {
        let output = adapt([("V.swift", """
            import UIKit
            final class PhotosViewController: UIViewController {
                func gridLayout() -> UICollectionViewLayout { UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)) }
                func listLayout() -> UICollectionViewLayout { UICollectionViewCompositionalLayout.list(using: .init(appearance: .grouped)) }
            }
            """)])
        #expect(output.report.layouts.map(\.name) == ["photos-view-controller-grid-layout", "photos-view-controller-list-layout"])
        #expect(output.files[0].text.contains(#"aliases: ["PhotosViewController.gridLayout"],"#))
    }

    // MARK: What is kept

    @Test func membersAndHelpersAreKeptByNameAndLocalsShadowMembers() {
        let source = """
            import UIKit

            let defaultSpacing: CGFloat = 8
            let accent = UIColor.systemPink

            extension NSCollectionLayoutSection {
                static func grid(columns: Int) -> NSCollectionLayoutSection {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
                    return NSCollectionLayoutSection(group: .horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: [item]))
                }
                static func tinted() -> UIColor { accent }
            }

            class GalleryViewController: UIViewController {
                var item = UIBarButtonItem()
                var columns = 3
                var dataSource: UICollectionViewDiffableDataSource<Int, Int>?
                var badgeKind: String? = "badge"

                override func viewDidLoad() {
                    super.viewDidLoad()
                }

                func createLayout() -> UICollectionViewLayout {
                    let section = NSCollectionLayoutSection.grid(columns: self.columns)
                    section.interGroupSpacing = defaultSpacing
                    if let badgeKind {
                        _ = badgeKind
                    }
                    return UICollectionViewCompositionalLayout(section: section)
                }
            }
            """
        let output = adapt([("G.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        // `self.columns` and `if let badgeKind` name members; `item` is a local of `grid`.
        #expect(text.contains("    var columns = 3\n"))
        #expect(text.contains("    var badgeKind: String? = \"badge\"\n"))
        #expect(!text.contains("UIBarButtonItem"))
        #expect(!text.contains("dataSource"))
        // The helper of a UIKit type is kept; its neighbour that uses UIColor is not.
        #expect(text.contains("    static func grid(columns: Int) -> NSCollectionLayoutSection {\n"))
        #expect(!text.contains("tinted"))
        #expect(!text.contains("UIColor"))
        #expect(text.contains("let defaultSpacing: CGFloat = 8\n"))
        #expect(output.report.notes.map(\.description).contains(
            "G.swift:4:1: left out 5 declarations the layout code does not use (view code: accent, tinted, item, dataSource, viewDidLoad)"))
    }

    @Test func aStoredPropertyWithoutAValueThatTheLayoutUsesIsAnError() {
        let output = adapt([("V.swift", columnsViewController("V", """
            init(columns: Int) {
                self.columns = columns
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
            """))])
        #expect(output.report.errors.map(\.description) == [
            "V.swift:3:9: V.columns has no initial value, and the layout code uses it: stk creates V with init(), without its own initialisers; give it one (`= ...`)",
        ])
    }

    /// A `let` optional the app passes to an initialiser stk does not call
    /// (a feed's pagination subject, read by its visible-items handler) is
    /// nil, as a `var` of the type would be; it was an error that kept the
    /// screen from loading.
    @Test func aStoredOptionalWithoutAValueIsNil() {
        let output = adapt([("Feed.swift", """
            import Combine
            import UIKit

            final class FeedViewController: UIViewController {
                private let loadMoreSubject: PassthroughSubject<Void, Never>?
                private var items: [Int] = []

                init(loadMoreSubject: PassthroughSubject<Void, Never>? = nil, title: String) {
                    self.loadMoreSubject = loadMoreSubject
                    super.init(nibName: nil, bundle: nil)
                    self.title = title
                }

                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

                func createLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                    let section = NSCollectionLayoutSection(group: .vertical(layoutSize: item.layoutSize, subitems: [item]))
                    section.visibleItemsInvalidationHandler = { [weak self] visibleItems, _, _ in
                        guard let self, let last = visibleItems.last, last.indexPath.item >= self.items.count - 5 else { return }
                        self.loadMoreSubject?.send()
                    }
                    return UICollectionViewCompositionalLayout(section: section)
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.files[0].text.contains("    private let loadMoreSubject: PassthroughSubject<Void, Never>? = nil\n"), "\(output.files[0].text)")
        #expect(output.report.notes.map(\.description).contains(
            "Feed.swift:5:17: gave FeedViewController.loadMoreSubject the value nil: the layout code uses it, and the app gives it one through an initialiser stk does not call (stk creates FeedViewController with init())"),
            "\(output.report.notes)")
    }

    @Test func aLayoutFunctionSplitOverFilesKeepsTheUserSuperclass() {
        let base = """
            import UIKit
            class BaseViewController: UIViewController {
                let spacing: CGFloat = 8
                let titleLabel = UILabel()
            }
            class FeedViewController: BaseViewController, UICollectionViewDataSource {
                override func viewDidLoad() { super.viewDidLoad() }
            }
            """
        let output = adapt([
            ("Base.swift", base),
            ("Feed+Layout.swift", """
                import UIKit
                extension FeedViewController {
                    func createLayout() -> UICollectionViewLayout {
                        UICollectionViewCompositionalLayout.list(using: .init(appearance: spacing > 4 ? .grouped : .plain))
                    }
                }
                """),
        ])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        // Registered in the function's file.
        #expect(output.files[1].text.contains("makeAnyLayout: { let owner = FeedViewController(); let layout = owner.createLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout },"))
        // The base class stays the superclass (and so is not final); UIKit's go.
        #expect(changedLines(base, body(output, 0)) == [
            2: "class BaseViewController                   {",
            5: ViewControllerShell.members(),
            6: "final class FeedViewController: BaseViewController                             {",
            8: "override init() {} }",
        ])
    }

    /// Sources about collection views hear about layout functions when
    /// nothing is found; the message of other sources is as it always was.
    @Test func nothingFoundInAViewControllerMentionsLayoutFunctions() {
        let output = adapt([("V.swift", """
            import UIKit
            class V: UIViewController {
                var collectionView: UICollectionView!
            }
            """)])
        #expect(output.report.errors.map(\.description) == [
            "V.swift:1:1: no layout class found, and no layout function: stk looks for classes that inherit from UICollectionViewLayout, UICollectionViewFlowLayout or UICollectionViewCompositionalLayout (directly or through other classes in these files), and for layout functions: a method, static function, free function or property returning UICollectionViewLayout, UICollectionViewFlowLayout or UICollectionViewCompositionalLayout that can be called with no arguments, such as a view controller's `func createLayout() -> UICollectionViewLayout`, or a layout built and installed in viewDidLoad() or an initialiser",
        ])
    }

    /// A layout built where stk cannot call it, and that cannot be made into
    /// a layout function (`InstalledLayout`: made from a parameter of a
    /// collection view subclass's initialiser helper; changed in an `if`
    /// among view code in a view controller's viewDidLoad()) is where the
    /// error points, named by the code around it.
    @Test func aLayoutBuiltWhereStkCannotCallItIsWhereTheErrorPoints() {
        let helpers = adapt([("Sections.swift", """
            import UIKit
            extension NSCollectionLayoutSection {
                static func grid() -> NSCollectionLayoutSection { .list(using: .init(appearance: .plain), layoutEnvironment: env) }
            }
            """), ("Feed.swift", """
            import UIKit
            class Feed: UICollectionView {
                override init(frame: CGRect = .zero, collectionViewLayout layout: UICollectionViewLayout) {
                    super.init(frame: frame, collectionViewLayout: UICollectionViewLayout())
                    commonInit(section: .grid())
                }
                required init?(coder: NSCoder) { fatalError() }
                func commonInit(section: NSCollectionLayoutSection) {
                    setCollectionViewLayout(UICollectionViewCompositionalLayout(section: section), animated: false)
                }
            }
            """)])
        #expect(helpers.report.errors.map(\.description) == [
            "Feed.swift:9:33: no layout class found, and no layout function: this layout is built in commonInit(section:), where stk cannot call it, and the statements that make it cannot be taken apart from the code around them (it is made from a parameter, or changed among other code). stk calls a method, static function, free function or property that returns UICollectionViewLayout, UICollectionViewFlowLayout or UICollectionViewCompositionalLayout and can be called with no arguments: move the layout into one, such as `func createLayout() -> UICollectionViewLayout`, and call that here",
        ])
        let viewDidLoad = adapt([("V.swift", """
            import UIKit
            class V: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let layout = UICollectionViewFlowLayout()
                    if traitCollection.horizontalSizeClass == .regular {
                        layout.itemSize = CGSize(width: 200, height: 200)
                        view.backgroundColor = .systemGroupedBackground
                    }
                }
            }
            """)])
        #expect(viewDidLoad.report.errors.first?.description.hasPrefix(
            "V.swift:5:22: no layout class found, and no layout function: this layout is built in viewDidLoad(), where stk cannot call it, and the statements") == true,
            "\(viewDidLoad.report.errors)")
    }

    // MARK: The report

    @Test func aReportWithoutSourceDecodesAsClasses() throws {
        let old = #"{"name":"grid","className":"Grid","position":{"file":"G.swift","line":2,"column":7},"isFlow":true,"options":["gap"]}"#
        let layout = try JSONDecoder().decode(FoundLayout.self, from: Data(old.utf8))
        #expect(layout == FoundLayout(name: "grid", className: "Grid", position: SourcePosition(file: "G.swift", line: 2, column: 7),
                                      isFlow: true, options: ["gap"]))
        #expect(layout.source == .layoutClass && layout.function == nil)
        let function = FoundLayout(name: "v", className: "V", position: SourcePosition(file: "V.swift", line: 3, column: 10),
                                   isFlow: false, options: [], source: .function, function: "createLayout()")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(function), as: UTF8.self)
        #expect(json == #"{"className":"V","function":"createLayout()","isFlow":false,"name":"v","options":[],"position":{"column":10,"file":"V.swift","line":3},"source":"function"}"#)
        #expect(try JSONDecoder().decode(FoundLayout.self, from: Data(json.utf8)) == function)
    }
}

/// A file that imports Foundation beside UIKit (or Foundation alone, to
/// which stk adds UIKit) sees Foundation through UIKit only: with both,
/// CGRect.intersects is ambiguous (stk's UIKit gives CoreGraphics' meaning)
/// and the compiler can crash on it.
@Suite struct FoundationImportTests {
    static let source = """
        import Foundation
        import UIKit

        final class CachedLayout: UICollectionViewLayout {
            var cache: [UICollectionViewLayoutAttributes] = []
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                cache.filter { $0.frame.intersects(rect) }
            }
        }
        """

    @Test func importFoundationIsLeftOutKeepingEveryPosition() {
        let output = SourceAdapter.adapt([SourceInput(path: "CachedLayout.swift", text: Self.source)])
        let adapted = output.files[0].text
        // Line 1 is blanked to spaces of the same length; line 2 stays.
        #expect(adapted.contains("\n                 \nimport UIKit\n"))
        #expect(!adapted.contains("import Foundation"))
        #expect(output.report.notes.contains { $0.position.line == 1 && $0.message.hasPrefix("left out 'import Foundation'") })
    }

    @Test func aFoundationOnlyFileGetsUIKitInstead() {
        let text = Self.source.replacingOccurrences(of: "import UIKit\n", with: "")
        let output = SourceAdapter.adapt([SourceInput(path: "CachedLayout.swift", text: text)])
        let adapted = output.files[0].text
        #expect(adapted.hasPrefix("import UIKit\n"))
        #expect(!adapted.contains("import Foundation"))
    }

    @Test func otherImportsOfFoundationStay() {
        let text = "import struct Foundation.Date\nimport UIKit\nfinal class L: UICollectionViewLayout {}\n"
        let output = SourceAdapter.adapt([SourceInput(path: "L.swift", text: text)])
        #expect(output.files[0].text.contains("import struct Foundation.Date"))
    }
}

/// Properties a layout writes itself (in prepare(), in its queries) are its
/// state, not options a user would set.
@Suite struct StatePropertyTests {
    @Test func propertiesTheLayoutWritesAreNotOptions() {
        let source = """
            import UIKit

            final class MasonryLayout: UICollectionViewLayout {
                /// Space between columns.
                var spacing: CGFloat = 8
                var columns: Int = 2
                private var contentHeight: CGFloat = 0
                var lastWidth: CGFloat = 0
                var origin = CGPoint.zero

                override func prepare() {
                    contentHeight = 0
                    self.lastWidth = collectionView?.bounds.width ?? 0
                    origin.x += spacing
                }
            }
            """
        let output = SourceAdapter.adapt([SourceInput(path: "MasonryLayout.swift", text: source)])
        #expect(output.report.layouts.map(\.options) == [["spacing", "columns"]])
    }
}

/// Sources that build no layout, only sections: a class of section builders,
/// as apps split their layout code (`HomeLayout.shared.categorySection()`).
/// Each builder callable with no arguments is a layout, its section in a
/// compositional layout of its own; one that needs an argument is not. With
/// a layout function beside them, the builders are not layouts.
@Suite struct SectionBuilderTests {
    static let builders = """
        import UIKit
        class HomeLayout {
            static let shared = HomeLayout()
            func categorySection() -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .absolute(75), heightDimension: .absolute(90)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            func bannerSection(height: CGFloat) -> NSCollectionLayoutSection {
                categorySection()
            }
        }
        """

    @Test func aSectionBuilderIsALayoutOfItsOwnWhenNothingElseIs() {
        let output = adapt([("HomeLayout.swift", Self.builders)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["home-layout"], "\(output.report.layouts)")
        let registration = output.files.map(\.text).joined()
        #expect(registration.contains("let owner = HomeLayout(); let layout = CollectionViewCompositionalLayout(section: owner.categorySection()); layout.__stkRetainedBuilder = owner;"), "\(registration)")
        #expect(output.report.notes.map(\.description).contains { $0.contains("registered layout 'home-layout' from HomeLayout.categorySection(), a section builder") },
                "\(output.report.notes)")

        let withLayout = adapt([("HomeLayout.swift", Self.builders), ("Home.swift", """
            import UIKit
            final class HomeViewController: UIViewController {
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout(section: HomeLayout.shared.categorySection())
                }
            }
            """)])
        #expect(withLayout.report.layouts.map(\.name) == ["home-view-controller"], "\(withLayout.report.layouts)")
    }
}
