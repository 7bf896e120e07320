import Foundation
import Testing
@testable import SourceAdapter

/// What a view controller around a layout keeps: a layout class nested in
/// it, its conformances to the sources' own protocols and to the flow
/// layout's delegate, and the extensions that provide them.
@Suite struct ViewControllerCodeTests {
    /// A layout class declared in an extension of a view controller: the view
    /// controller is view code (UIViewController is not on Linux), stripped
    /// as the owner of a layout function is, and the layout is named after
    /// it, since another view controller may have its own `Layout`.
    @Test func aLayoutClassNestedInAViewControllerLeavesOutItsViewCode() {
        let source = """
            import UIKit

            final class FeedViewController: UIViewController {
                private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: Layout())

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(collectionView)
                }
            }

            extension FeedViewController {
                final class Layout: UICollectionViewFlowLayout {
                    override init() {
                        super.init()
                        itemSize = CGSize(width: 100, height: 100)
                    }

                    required init?(coder: NSCoder) { fatalError() }
                }
            }
            """
        let output = adapt([("Feed.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["feed-view-controller-layout"])
        #expect(output.report.layouts.map(\.className) == ["FeedViewController.Layout"])
        let text = body(output)
        #expect(text.contains("final class FeedViewController                   {"), "\(text)")
        #expect(!text.contains("viewDidLoad") && !text.contains("UIViewController"), "\(text)")
        #expect(text.contains("        override init() {"), "\(text)")
        #expect(output.files[0].text.contains("FeedViewController.Layout()"))
        #expect(output.report.notes.map(\.description).contains(
            "Feed.swift:3:13: compiled FeedViewController as a plain final class with init() {}, without its superclass and conformances (UIViewController): the layout classes nested in it are compiled, its view code is not"),
            "\(output.report.notes)")
    }

    /// A view controller beside a layout class, in its file, with no layout
    /// function: view code all the same, compiled as far as the layout code
    /// names it (not at all here), so that the file compiles.
    @Test func aViewControllerBesideALayoutClassIsViewCode() {
        let source = """
            import UIKit

            final class StickyLayout: UICollectionViewFlowLayout {
                var stickyHeight: CGFloat = 44
            }

            final class FeedViewController: UICollectionViewController {
                init() { super.init(collectionViewLayout: StickyLayout()) }
                required init?(coder: NSCoder) { fatalError() }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.backgroundColor = .systemGroupedBackground
                }
            }
            """
        let output = adapt([("Feed.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["sticky-layout"])
        let text = body(output)
        #expect(text.contains("final class StickyLayout: UICollectionViewFlowLayout {\n    var stickyHeight: CGFloat = 44\n}"), "\(text)")
        #expect(!text.contains("viewDidLoad") && !text.contains("UICollectionViewController"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Feed.swift:7:13: compiled FeedViewController as a plain final class with init() {}, without its superclass and conformances (UICollectionViewController): it is view code beside the layouts, which stk does not run"),
            "\(output.report.notes)")
    }

    /// A collection view subclass shipped beside its layout, as a carousel
    /// package has it (ScalingCarousel): the layout reads it through a cast.
    /// It is view code (its initialisers call UIKit's, its members use Auto
    /// Layout): compiled as far as the layout names it, so the file compiles;
    /// stk runs the layout in its own collection view, where the cast is nil.
    @Test func aCollectionViewSubclassBesideItsLayoutIsViewCode() {
        let source = """
            import UIKit
            import Foundation

            open class CarouselView: UICollectionView {
                open var scrollDirection: UICollectionView.ScrollDirection = .horizontal
                private var lastWidth: CGFloat = 0

                override open var contentSize: CGSize {
                    didSet { invalidateIntrinsicContentSize() }
                }

                public init(withFrame frame: CGRect = .zero, inset: CGFloat = 20) {
                    super.init(frame: frame, collectionViewLayout: CarouselLayout())
                    addConstraint(NSLayoutConstraint(item: self, attribute: .height, relatedBy: .equal,
                                                     toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 200))
                }

                required public init?(coder: NSCoder) { super.init(coder: coder) }

                override open func didMoveToSuperview() { lastWidth = frame.width }
            }

            open class CarouselLayout: UICollectionViewFlowLayout {
                override open func prepare() {
                    if let carousel = collectionView as? CarouselView {
                        scrollDirection = carousel.scrollDirection
                    }
                    super.prepare()
                }
            }
            """
        let output = adapt([("Carousel.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["carousel-layout"])
        let text = body(output)
        // `open` goes with the superclass: a final class has no open members.
        #expect(text.contains("\n         var scrollDirection: UICollectionView.ScrollDirection = .horizontal\n"), "\(text)")
        #expect(text.contains("final class CarouselView                   {"), "\(text)")
        for viewCode in ["NSLayoutConstraint", "didMoveToSuperview", "invalidateIntrinsicContentSize", "lastWidth", "init?(coder"] {
            #expect(!text.contains(viewCode), "\(viewCode) in \(text)")
        }
        #expect(text.contains("if let carousel = collectionView as? CarouselView {"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Carousel.swift:4:12: compiled CarouselView as a plain final class with init() {}, without its superclass and conformances (UICollectionView): it is view code beside the layouts, which stk does not run; stk runs a layout in its own collection view, so `collectionView as? CarouselView` is nil"),
            "\(output.report.notes)")
    }

    /// An enum that only groups layouts compiles as it is, and its layouts
    /// keep their own names.
    @Test func anEnumOfLayoutsIsNotViewCode() {
        let source = """
            import UIKit

            enum Layouts {
                static let side: CGFloat = 50
                final class Plain: UICollectionViewFlowLayout {}
            }
            """
        let output = adapt([("Layouts.swift", source)])
        #expect(output.report.layouts.map(\.name) == ["plain"])
        #expect(body(output) == source)
    }

    static let pinterestLayout = """
        import UIKit

        protocol PinterestLayoutDelegate: AnyObject {
            func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
        }

        final class PinterestLayout: UICollectionViewLayout {
            weak var delegate: PinterestLayoutDelegate?
        }
        """

    /// The view controller is its layout's delegate: `layout.delegate = self`
    /// needs its conformance to the sources' own protocol, and the method
    /// that implements it, which the layout calls; the conformances to
    /// UIKit's view protocols, and their methods, are view code.
    @Test func aConformanceToAProtocolOfTheSourcesIsKeptWithItsMethods() {
        let controller = """
            import UIKit

            class PhotoStreamViewController: UICollectionViewController, UICollectionViewDataSourcePrefetching {
                var photoHeights: [CGFloat] = [120, 200, 80, 160]

                func createLayout() -> UICollectionViewLayout {
                    let layout = PinterestLayout()
                    layout.delegate = self
                    return layout
                }
            }

            extension PhotoStreamViewController: UICollectionViewDelegate,
                                                 PinterestLayoutDelegate {
                func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat {
                    photoHeights[indexPath.item % photoHeights.count]
                }

                func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                    navigationController?.pushViewController(UIViewController(), animated: true)
                }
            }
            """
        let output = adapt([("Pin.swift", Self.pinterestLayout), ("PhotoStreamViewController.swift", controller)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output, 1)
        // Each kept conformance where it was written, the others blank.
        let dropped = ": UICollectionViewController, UICollectionViewDataSourcePrefetching"
        #expect(text.contains("\nfinal class PhotoStreamViewController" + String(repeating: " ", count: dropped.count) + " {\n"), "\(text)")
        #expect(text.contains("extension PhotoStreamViewController:" + String(repeating: " ", count: " UICollectionViewDelegate,".count) + """

                                                 PinterestLayoutDelegate {
                func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat {
                    photoHeights[indexPath.item % photoHeights.count]
                }
            """), "\(text)")
        #expect(text.contains("var photoHeights") && !text.contains("didSelectItemAt") && !text.contains("navigationController"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "PhotoStreamViewController.swift:3:7: compiled PhotoStreamViewController as a plain final class with init() {}, without its superclass and conformances (UICollectionViewController, UICollectionViewDataSourcePrefetching, UICollectionViewDelegate), keeping its conformance to PinterestLayoutDelegate (layout code): stk creates it only to call its layout code"),
            "\(output.report.notes)")
    }

    /// A protocol of the sources that the layout code does not use is view
    /// code: left out, with the conformance and the extension providing it.
    @Test func aConformanceToAProtocolTheLayoutDoesNotUseGoes() {
        let controller = """
            import UIKit

            protocol PhotoCellConfiguring {
                func configure(_ cell: UICollectionViewCell, at indexPath: IndexPath)
            }

            final class PhotoStreamViewController: UICollectionViewController {
                func createLayout() -> UICollectionViewLayout { UICollectionViewFlowLayout() }
            }

            extension PhotoStreamViewController: PhotoCellConfiguring {
                func configure(_ cell: UICollectionViewCell, at indexPath: IndexPath) {
                    cell.contentView.backgroundColor = .systemPink
                }
            }
            """
        let output = adapt([("PhotoStreamViewController.swift", controller)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(!text.contains("PhotoCellConfiguring") && !text.contains("configure"), "\(text)")
    }

    /// The flow delegate's methods size the flow layout the view controller
    /// builds: layout code, kept with the conformance (stk installs the view
    /// controller as the delegate); the collection view delegate's are not.
    @Test func theFlowDelegatesMethodsAreLayoutCode() {
        let source = """
            import UIKit

            class ProductsViewController: UIViewController {
                let columns: CGFloat = 2

                func makeLayout() -> UICollectionViewLayout {
                    UICollectionViewFlowLayout()
                }
            }

            extension ProductsViewController: UICollectionViewDelegateFlowLayout {
                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    CGSize(width: collectionView.bounds.width / columns, height: 100)
                }

                func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                    show(UIViewController(), sender: nil)
                }
            }
            """
        let output = adapt([("Products.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(text.contains("extension ProductsViewController: UICollectionViewDelegateFlowLayout {"), "\(text)")
        #expect(text.contains("sizeForItemAt") && text.contains("let columns") && !text.contains("didSelectItemAt"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Products.swift:3:7: compiled ProductsViewController as a plain final class with init() {}, without its superclass and conformances (UIViewController), keeping its conformance to UICollectionViewDelegateFlowLayout (layout code): stk creates it only to call its layout code"),
            "\(output.report.notes)")
    }

    /// A static layout function of a view controller that adopts the flow
    /// delegate (`init() { super.init(collectionViewLayout: Self.createLayout()) }`):
    /// on iOS the view controller is the collection view's delegate whatever
    /// function built the layout, so stk makes one with `init()` and keeps it
    /// with the layout, as for an instance function. So too for a static
    /// function of an enum nested in it, and for a view controller that
    /// adopts the delegate through its superclass; a type that does not
    /// adopt it is not made.
    @Test func aStaticLayoutFunctionKeepsItsFlowDelegateViewController() {
        let source = """
            import UIKit

            class PhotosGridController: UICollectionViewController {
                let spacing: CGFloat = 2

                init() {
                    super.init(collectionViewLayout: PhotosGridController.createLayout())
                }

                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

                static func createLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.minimumInteritemSpacing = 2
                    return layout
                }

                enum Layouts {
                    static func dense() throws -> UICollectionViewFlowLayout { UICollectionViewFlowLayout() }
                }
            }

            extension PhotosGridController: UICollectionViewDelegateFlowLayout {
                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    let width = (collectionView.bounds.width - spacing * 2) / 3
                    return CGSize(width: width, height: width)
                }
            }

            class BaseGridController: UIViewController, UICollectionViewDelegateFlowLayout {}

            final class AlbumsController: BaseGridController {
                static var layout: UICollectionViewLayout { UICollectionViewFlowLayout() }
            }

            final class PlainController: UIViewController {
                static func createLayout() -> UICollectionViewLayout { UICollectionViewFlowLayout() }
            }
            """
        let output = adapt([("Photos.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["photos-grid-controller", "layouts", "albums-controller", "plain-controller"])
        let text = output.files[0].text
        for factory in [
            "{ let layout = PhotosGridController.createLayout(); let builder = PhotosGridController(); layout.__stkRetainedBuilder = builder; \(ViewControllerShell.shows("builder"))return layout }",
            "{ let layout = try PhotosGridController.Layouts.dense(); let builder = PhotosGridController(); layout.__stkRetainedBuilder = builder; \(ViewControllerShell.shows("builder"))return layout }",
            "{ let layout = AlbumsController.layout; let builder = AlbumsController(); layout.__stkRetainedBuilder = builder; \(ViewControllerShell.shows("builder"))return layout }",
            "{ PlainController.createLayout() }",
        ] {
            #expect(text.contains("        makeAnyLayout: \(factory),\n"), "\(factory)\n\(text)")
        }
        // The view controller stk makes keeps what its delegate methods use.
        let adapted = body(output)
        #expect(adapted.contains("    let spacing: CGFloat = 2\n") && adapted.contains("sizeForItemAt"), "\(adapted)")
        let notes = output.report.notes.map(\.description)
        #expect(notes.contains(
            "Photos.swift:12:17: registered layout 'photos-grid-controller' from PhotosGridController.createLayout() (a layout function, called with no arguments; the view code around it is not run); stk makes an instance of PhotosGridController with init() and keeps it with the layout: it adopts UICollectionViewDelegateFlowLayout, so it becomes the collection view's delegate, as on iOS"),
            "\(notes)")
        #expect(notes.contains(
            "Photos.swift:37:17: registered layout 'plain-controller' from PlainController.createLayout() (a layout function, called with no arguments; the view code around it is not run)"),
            "\(notes)")
    }

    /// A value type that says it adopts the flow delegate cannot be one (the
    /// protocol is for classes): stk does not make it, and says so.
    @Test func aStaticLayoutFunctionOfAValueTypeMakesNoDelegate() {
        let output = adapt([("Grid.swift", """
            import UIKit
            struct GridLayouts: UICollectionViewDelegateFlowLayout {
                static func createLayout() -> UICollectionViewLayout { UICollectionViewFlowLayout() }
            }
            """)])
        #expect(output.files[0].text.contains("        makeAnyLayout: { GridLayouts.createLayout() },\n"))
        #expect(output.report.notes.map(\.description).contains(
            "Grid.swift:3:17: registered layout 'grid-layouts' from GridLayouts.createLayout() (a layout function, called with no arguments; the view code around it is not run); GridLayouts adopts UICollectionViewDelegateFlowLayout but is a struct, which stk cannot make a collection view's delegate: its delegate methods do not answer this layout"),
            "\(output.report.notes)")
    }

    /// A layout's own delegate protocol refining UICollectionViewDelegate,
    /// which the layout reads as `collectionView?.delegate as? P`: the view
    /// controller adopting it is made for a static layout function too.
    @Test func aStaticLayoutFunctionKeepsTheViewControllerOfADelegateProtocolOfTheSources() {
        let layout = """
            import UIKit

            protocol MosaicLayoutDelegate: UICollectionViewDelegate {
                func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat
            }

            final class MosaicLayout: UICollectionViewLayout {
                private var delegate: MosaicLayoutDelegate? { collectionView?.delegate as? MosaicLayoutDelegate }
            }
            """
        let controller = """
            import UIKit

            final class StoriesViewController: UIViewController {
                static func createLayout() -> UICollectionViewLayout { MosaicLayout() }
            }

            extension StoriesViewController: MosaicLayoutDelegate {
                func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat { 60 }
            }
            """
        let output = adapt([("MosaicLayout.swift", layout), ("StoriesViewController.swift", controller)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.files[1].text.contains(
            "        makeAnyLayout: { let layout = StoriesViewController.createLayout(); let builder = StoriesViewController(); layout.__stkRetainedBuilder = builder; \(ViewControllerShell.shows("builder"))return layout },\n"))
        #expect(output.report.notes.map(\.description).contains(
            "StoriesViewController.swift:4:17: registered layout 'stories-view-controller' from StoriesViewController.createLayout() (a layout function, called with no arguments; the view code around it is not run); stk makes an instance of StoriesViewController with init() and keeps it with the layout: it adopts MosaicLayoutDelegate, so it becomes the collection view's delegate, as on iOS"),
            "\(output.report.notes)")
        #expect(body(output, 1).contains("extension StoriesViewController: MosaicLayoutDelegate {"))
    }

    /// A view controller reads its own `collectionView` (set in `viewDidLoad`,
    /// which stk does not run) or its `view`: its stored `collectionView` is
    /// set when its layout is installed, and `view` is as large as the
    /// collection view; a UICollectionViewController gets `collectionView`.
    @Test func aViewControllerIsShownTheCollectionViewItsLayoutIsInstalledIn() {
        let output = adapt([("Photos.swift", """
            import UIKit

            class PhotosViewController: UIViewController, UICollectionViewDelegateFlowLayout {
                var collectionView: UICollectionView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
                }
                func createLayout() -> UICollectionViewLayout { UICollectionViewFlowLayout() }
                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    CGSize(width: self.collectionView.frame.width / 3, height: view.frame.width / 3)
                }
            }

            class AlbumsController: UICollectionViewController {
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { [unowned self] _, _ in
                        let width = self.collectionView.bounds.width
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .absolute(width), heightDimension: .absolute(44)))
                        return NSCollectionLayoutSection(group: .horizontal(layoutSize: item.layoutSize, subitems: [item]))
                    }
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        // Its own stored collectionView is kept (the delegate method reads it) and set.
        #expect(text.contains("func __stkShow(in collectionView: UICollectionView) { __stkShownIn = collectionView; self.collectionView = collectionView }; var view: UIView!"), "\(text)")
        // The collection view controller gets one.
        #expect(text.contains(ViewControllerShell.members(addsCollectionView: true)), "\(text)")
        #expect(output.files[0].text.contains("let owner = PhotosViewController(); let layout = owner.createLayout(); layout.__stkRetainedBuilder = owner; \(ViewControllerShell.shows("owner"))return layout"))
    }

    /// A stored property the layout code reads is scanned like any kept
    /// declaration: what its value names (a helper, a nested type) stays.
    @Test func whatAKeptStoredPropertyNamesIsKept() {
        let output = adapt([("V.swift", """
            import UIKit
            final class V: UIViewController {
                enum Density: Int { case compact = 2, roomy = 3 }
                private let columns = V.columnCount(for: .roomy)
                static func columnCount(for density: Density) -> Int { density.rawValue }
                func createLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: 390 / CGFloat(columns), height: 100)
                    return layout
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = output.files[0].text
        #expect(text.contains("static func columnCount(for density: Density) -> Int { density.rawValue }"), "\(text)")
        #expect(text.contains("enum Density: Int { case compact = 2, roomy = 3 }"), "\(text)")
    }

    /// A section enum of the app that names its cells' reuse identifiers
    /// (a shop's `Section.swift`, given beside the layout as published):
    /// the members that name view classes the sources do not hold are view
    /// code, left out as the layout code does not use them, and the rest of
    /// the enum (its cases, `columnCount`) stays where it was written.
    @Test func aModelTypesMembersThatNameMissingViewsAreLeftOut() {
        let section = """
            import Foundation

            enum Section: Int, CaseIterable {
                case categories
                case products

                var cellIdentifier: String {
                    switch self {
                    case .products: return ProductsViewCell.reuseIdentifier
                    case .categories: return CategoriesViewCell.reuseIdentifier
                    }
                }

                var headerIdentifier: String { ProductsHeader.reuseIdentifier }

                var columnCount: Int { self == .categories ? 4 : 2 }

                func cellType() -> AnyClass { ProductsViewCell.self }
            }
            """
        let layout = """
            import UIKit

            final class ShopLayout {
                static func createLayout() -> UICollectionViewCompositionalLayout {
                    UICollectionViewCompositionalLayout { sectionNumber, _ in
                        guard let kind = Section(rawValue: sectionNumber) else { return nil }
                        let width: CGFloat = 1 / CGFloat(kind.columnCount)
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(width), heightDimension: .absolute(100)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
            """
        let output = adapt([("Section.swift", section), ("ShopLayout.swift", layout)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output, 0)
        #expect(!text.contains("ProductsViewCell") && !text.contains("ProductsHeader") && !text.contains("cellType"), "\(text)")
        #expect(text.contains("    var columnCount: Int { self == .categories ? 4 : 2 }"), "\(text)")
        #expect(text.contains("enum Section: Int, CaseIterable {\n    case categories\n    case products\n"), "\(text)")
        // Every kept line where it was: columnCount is line 16.
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false)[15] == "    var columnCount: Int { self == .categories ? 4 : 2 }", "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Section.swift:7:5: left out 3 declarations the layout code does not use (view code: Section.cellIdentifier, Section.headerIdentifier, Section.cellType)"),
            "\(output.report.notes)")
    }
}

/// An app's extension of a UIKit value type, called with an implicit
/// member (`.init(horizontal: 5, vertical: 0)`, where the type comes from
/// the context): that initialiser is kept, by its labels.
@Suite struct ImplicitInitialiserTests {
    @Test func anExtensionInitialiserCalledAsDotInitIsKept() {
        let output = adapt([("Insets.swift", """
            import UIKit
            extension NSDirectionalEdgeInsets {
                init(horizontal: CGFloat, vertical: CGFloat) {
                    self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
                }
                init(all: CGFloat) {
                    self.init(top: all, leading: all, bottom: all, trailing: all)
                }
            }
            """), ("V.swift", """
            import UIKit
            final class V: UIViewController {
                func createLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                    item.contentInsets = .init(horizontal: 5, vertical: 0)
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: .vertical(layoutSize: item.layoutSize, subitems: [item])))
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(body(output, 0).contains("init(horizontal: CGFloat, vertical: CGFloat) {"), "\(body(output, 0))")
        #expect(!body(output, 0).contains("init(all: CGFloat)"), "one no code calls goes")
    }
}

/// A header's element kind declared on its view class (`static let kind =
/// String(describing: SectionHeaderView.self)`, read as
/// `elementKind: SectionHeaderView.kind`), as compositional code commonly
/// does: the view class stays empty but for the static members the layout
/// code reads.
@Suite struct ViewClassStaticsTests {
    @Test func theStaticsTheLayoutReadsStayInTheEmptyViewClass() {
        let output = adapt([("Games.swift", """
            import UIKit
            final class SectionHeaderView: UICollectionReusableView {
                static let kind = String(describing: SectionHeaderView.self)
                static var reuseIdentifier: String { String(describing: self) }
                static let nib = UINib(nibName: "SectionHeaderView", bundle: nil)
                let label = UILabel()
            }
            final class GamesViewController: UIViewController {
                func createLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                    let section = NSCollectionLayoutSection(group: .vertical(layoutSize: item.layoutSize, subitems: [item]))
                    let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                                                                             elementKind: SectionHeaderView.kind, alignment: .top)
                    section.boundarySupplementaryItems = [header]
                    return UICollectionViewCompositionalLayout(section: section)
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(text.contains("    static let kind = String(describing: SectionHeaderView.self)\n"), "\(text)")
        #expect(!text.contains("reuseIdentifier") && !text.contains("UINib") && !text.contains("UILabel"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Games.swift:2:13: kept SectionHeaderView as a subclass with only the static members the layout code reads (kind) of UICollectionReusableView: the layout code names the class, and stk makes no views"),
            "\(output.report.notes)")
    }

    /// The same read from a layout class, the view in a file of its own (a
    /// file of layout classes only is compiled as it is, and what its
    /// classes named was not counted as the layout code's): the static
    /// stayed out, and the build failed on `BadgeView.kind`.
    @Test func theStaticsALayoutClassInAnotherFileReadsStay() {
        let output = adapt([("BadgeLayout.swift", """
            import UIKit

            final class BadgeLayout: UICollectionViewFlowLayout {
                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    var all = super.layoutAttributesForElements(in: rect) ?? []
                    let badge = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: BadgeView.kind, with: IndexPath(item: 0, section: 0))
                    badge.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                    if badge.frame.intersects(rect) { all.append(badge) }
                    return all
                }
            }
            """), ("BadgeView.swift", """
            import UIKit

            final class BadgeView: UICollectionReusableView {
                static let kind = "badge"
                static let reuseIdentifier = "BadgeView"
                let label = UILabel()
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = output.files[1].text
        #expect(text.contains("    static let kind = \"badge\"\n"), "\(text)")
        #expect(!text.contains("reuseIdentifier") && !text.contains("UILabel"), "\(text)")
    }
}

/// A pager view the screen keeps, told its page by the layout's
/// visible-items handler (`pagers[section]?.update(currentPage: page)`), as
/// published looping carousels do: the method stays, so that the layout
/// code compiles, with its body (view code) left out; an override, the
/// view's own life, does not, though a snapshot's `apply` shares its name.
@Suite struct ViewClassMethodsTests {
    @Test func aMethodTheLayoutCallsStaysWithoutItsBody() {
        let output = adapt([("Pager.swift", """
            import UIKit
            final class PagerView: UICollectionReusableView {
                private let label = UILabel()
                func update(currentPage: Int) {
                    label.text = "\\(currentPage)"
                }
                func pageCount() -> Int {
                    label.tag
                }
                override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
                    super.apply(layoutAttributes)
                }
            }
            final class PagerViewController: UIViewController {
                private var pagers: [Int: PagerView] = [:]
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { [weak self] sectionIndex, _ in
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: item.layoutSize, subitems: [item]))
                        section.visibleItemsInvalidationHandler = { _, offset, _ in
                            let pages = self?.pagers[sectionIndex]?.pageCount() ?? 1
                            self?.pagers[sectionIndex]?.update(currentPage: Int(offset.x) % pages)
                        }
                        return section
                    }
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(text.contains("    func update(currentPage: Int) {\n"), "\(text)")
        #expect(text.contains("fatalError(\"stk makes no views: pageCount() is view code, left out\")"), "\(text)")
        #expect(!text.contains("label.text") && !text.contains("UILabel") && !text.contains("apply(_ layoutAttributes"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Pager.swift:2:13: kept PagerView as a subclass with only the methods the layout code calls, their bodies left out (update(currentPage:), pageCount()) of UICollectionReusableView: the layout code names the class, and stk makes no views"),
            "\(output.report.notes)")
    }

    /// A carousel's visible-items handler tints the label of the cell it
    /// finds (`cell.label.textColor`, round thirteen): the property stays, of
    /// its type, as one that traps (stk makes no cells, so the handler's
    /// `cellForItem(at:)` is nil and the line never runs); its initialiser,
    /// view code, goes, and so do the properties the layout code does not name.
    @Test func aPropertyTheLayoutReadsStaysWithoutItsViewCode() {
        let output = adapt([("Carousel.swift", """
            import Foundation
            import UIKit
            class CarouselViewController: UIViewController {
                var collectionView: UICollectionView!
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { [weak self] _, _ in
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)), subitems: [item])
                        let section = NSCollectionLayoutSection(group: group)
                        section.visibleItemsInvalidationHandler = { items, _, _ in
                            for item in items {
                                guard let cell = self?.collectionView.cellForItem(at: item.indexPath) as? TitleCell else { continue }
                                cell.label.textColor = .red
                                cell.thumbnail.alpha = 0.5
                            }
                        }
                        return section
                    }
                }
            }
            final class TitleCell: UICollectionViewCell {
                private let label: UILabel = {
                    let label = UILabel()
                    label.translatesAutoresizingMaskIntoConstraints = false
                    return label
                }()
                @IBOutlet weak var thumbnail: UIImageView!
                let subtitle = UILabel()
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        // Five lines, five lines: what follows keeps its line numbers.
        #expect(text.contains("    var label: UILabel { fatalError(\"stk makes no views: TitleCell.label is view code, left out\") }\n\n\n\n\n"), "\(text)")
        #expect(text.contains("    var thumbnail: UIImageView! { fatalError(\"stk makes no views: TitleCell.thumbnail is view code, left out\") }\n"), "\(text)")
        #expect(!text.contains("translatesAutoresizingMaskIntoConstraints") && !text.contains("subtitle"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Carousel.swift:21:13: kept TitleCell as a subclass with only the properties the layout code reads, without their view code (label: UILabel, thumbnail: UIImageView!) of UICollectionViewCell: the layout code names the class, and stk makes no views"),
            "\(output.report.notes)")
    }
}
