import Foundation
import StkTestSupport
import Testing

/// Layouts that live in a view controller's file, as apps write them: a
/// layout class nested in the view controller, a layout whose delegate is
/// the view controller, a flow layout sized by the view controller's
/// UICollectionViewDelegateFlowLayout methods. stk compiles the layout code
/// and leaves the view code out.
@Suite struct ViewControllerSourceTests {
    /// `stk --plugin PLUGIN -e SCRIPT` in `folder`, with the suite's adapter
    /// and a cache of its own in the folder: the build is this adapter's.
    func run(_ script: String, plugin: String, in folder: TranscriptCommandFolder) throws -> TranscriptCommandFolder.Run {
        try folder.stk("--plugin", plugin, "-e", script, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
    }

    /// Runs `script` with `plugin`: it succeeds and prints exactly `expected`.
    func expectRun(_ script: String, plugin: String, in folder: TranscriptCommandFolder, prints expected: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try run(script, plugin: plugin, in: folder)
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stdout == expected, "\(run)", sourceLocation: sourceLocation)
    }

    /// Runs `script` with the one file `source`, written as `name` into a
    /// folder of its own and loaded as the plugin: it succeeds and prints
    /// exactly `expected`.
    func expectRun(_ script: String, loading name: String, from source: String, prints expected: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TranscriptCommandFolder([name: source])
        try expectRun(script, plugin: name, in: folder, prints: expected, sourceLocation: sourceLocation)
    }

    /// Runs `sections 1 items=N; layout LAYOUT; visible; contentsize` with
    /// `plugin`, N the number of `frames`: it prints the items at `frames`
    /// (`x,y,width,height`, as stk prints a frame), each plainly shown
    /// (zIndex 0, alpha 1, not hidden), then the content size.
    func expectItems(of layout: String, plugin: String, in folder: TranscriptCommandFolder, at frames: [String],
                     contentSize: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let items = frames.enumerated().map { "item 0:\($0.offset) frame=\($0.element) zIndex=0 alpha=1 hidden=false\n" }
        try expectRun("sections 1 items=\(frames.count); layout \(layout); visible; contentsize", plugin: plugin, in: folder,
                      prints: items.joined() + "\(frames.count) elements\n\(contentSize)\n", sourceLocation: sourceLocation)
    }

    static let nestedLayout = """
        import Foundation
        import UIKit

        final class FeedViewController: UIViewController {
            private lazy var collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Layout())

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(collectionView)
                collectionView.backgroundColor = .systemBackground
            }
        }

        extension FeedViewController {
            final class Layout: UICollectionViewFlowLayout {
                override init() {
                    super.init()
                    itemSize = CGSize(width: 100, height: 100)
                }

                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
        }
        """

    /// The view controller (UIViewController is not on Linux) is left out
    /// around its nested layout, which is registered under the view
    /// controller's name and its own: 100 x 100 items, three to a row of 390.
    @Test func aLayoutClassNestedInAViewControllerLoads() throws {
        try expectRun("""
            sections 1 items=3
            layout feed-view-controller-layout
            visible
            layout FeedViewController.Layout
            attr item 0:0
            """, loading: "Feed.swift", from: Self.nestedLayout, prints: """
            item 0:0 frame=0,0,100,100 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=145,0,100,100 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=290,0,100,100 zIndex=0 alpha=1 hidden=false
            3 elements
            item 0:0 frame=0,0,100,100 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A layout class and the view controller that uses it, in one file:
    /// the view controller (UICollectionViewController is not on Linux) is
    /// left out, and the layout loads.
    @Test func aLayoutClassBesideItsViewControllerLoads() throws {
        let folder = try TranscriptCommandFolder(["Gallery.swift": """
            import UIKit

            final class GalleryLayout: UICollectionViewFlowLayout {
                override func prepare() {
                    super.prepare()
                    guard let collectionView = collectionView else { return }
                    let side = (collectionView.bounds.width - 2 * minimumInteritemSpacing) / 3
                    itemSize = CGSize(width: side, height: side)
                }
            }

            final class GalleryViewController: UICollectionViewController {
                private var photos: [UIImage] = []

                init() {
                    super.init(collectionViewLayout: GalleryLayout())
                }

                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "Gallery"
                    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
                }

                override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                    photos.count
                }
            }
            """])
        try expectRun("sections 1 items=4; layout gallery-layout; attr item 0:3", plugin: "Gallery.swift", in: folder, prints: "item 0:3 frame=0,133.333333,123.333333,123.333333 zIndex=0 alpha=1 hidden=false\n")
    }

    /// The Pinterest layout of the raywenderlich.com tutorial, whose delegate
    /// gives each photo's height.
    static let pinterestLayout = """
        import UIKit

        protocol PinterestLayoutDelegate: AnyObject {
            func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
        }

        class PinterestLayout: UICollectionViewLayout {
            weak var delegate: PinterestLayoutDelegate?

            private let numberOfColumns = 2
            private let cellPadding: CGFloat = 6
            private var cache: [UICollectionViewLayoutAttributes] = []
            private var contentHeight: CGFloat = 0
            private var contentWidth: CGFloat {
                guard let collectionView = collectionView else { return 0 }
                let insets = collectionView.contentInset
                return collectionView.bounds.width - (insets.left + insets.right)
            }

            override var collectionViewContentSize: CGSize {
                CGSize(width: contentWidth, height: contentHeight)
            }

            override func prepare() {
                guard cache.isEmpty, let collectionView = collectionView else { return }
                let columnWidth = contentWidth / CGFloat(numberOfColumns)
                var xOffset: [CGFloat] = []
                for column in 0..<numberOfColumns {
                    xOffset.append(CGFloat(column) * columnWidth)
                }
                var column = 0
                var yOffset: [CGFloat] = .init(repeating: 0, count: numberOfColumns)
                for item in 0..<collectionView.numberOfItems(inSection: 0) {
                    let indexPath = IndexPath(item: item, section: 0)
                    let photoHeight = delegate?.collectionView(collectionView, heightForPhotoAtIndexPath: indexPath) ?? 180
                    let height = cellPadding * 2 + photoHeight
                    let frame = CGRect(x: xOffset[column], y: yOffset[column], width: columnWidth, height: height)
                    let insetFrame = frame.insetBy(dx: cellPadding, dy: cellPadding)
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                    attributes.frame = insetFrame
                    cache.append(attributes)
                    contentHeight = max(contentHeight, frame.maxY)
                    yOffset[column] = yOffset[column] + height
                    column = column < (numberOfColumns - 1) ? (column + 1) : 0
                }
            }

            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                cache.filter { $0.frame.intersects(rect) }
            }

            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                cache[indexPath.item]
            }
        }
        """

    static let photoStream = """
        import UIKit

        final class PhotoCell: UICollectionViewCell {
            static let reuseIdentifier = "PhotoCell"
            let imageView = UIImageView()

            override init(frame: CGRect) {
                super.init(frame: frame)
                imageView.contentMode = .scaleAspectFill
                contentView.addSubview(imageView)
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        }

        class PhotoStreamViewController: UICollectionViewController {
            var photoHeights: [CGFloat] = [120, 200, 80, 160]

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.collectionViewLayout = createLayout()
                collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: PhotoCell.reuseIdentifier)
            }

            func createLayout() -> UICollectionViewLayout {
                let layout = PinterestLayout()
                layout.delegate = self
                return layout
            }

            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                photoHeights.count
            }

            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: PhotoCell.reuseIdentifier, for: indexPath) as! PhotoCell
                cell.imageView.image = UIImage(named: "photo\\(indexPath.item)")
                return cell
            }
        }

        extension PhotoStreamViewController: PinterestLayoutDelegate {
            func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat {
                photoHeights[indexPath.item % photoHeights.count]
            }
        }
        """

    /// `layout.delegate = self` in the view controller's `createLayout()`:
    /// the view controller keeps its conformance to the layout's delegate
    /// protocol and the method implementing it, and stays alive with the
    /// layout (the delegate is weak): the photos are 120, 200, 80 and 160
    /// high (padding 6) in two columns of 195, not the layout's 180.
    @Test func aViewControllerIsItsLayoutsDelegate() throws {
        let folder = try TranscriptCommandFolder([
            "PhotoStream/PinterestLayout.swift": Self.pinterestLayout,
            "PhotoStream/PhotoStreamViewController.swift": Self.photoStream,
        ])
        try expectItems(of: "photo-stream-view-controller", plugin: "PhotoStream", in: folder,
                        at: ["6,6,183,120", "201,6,183,200", "6,138,183,80", "201,218,183,160"], contentSize: "390x384")
    }

    /// The most common flow set-up: the view controller builds a flow layout
    /// and sizes it as the collection view's delegate.
    static let products = """
        import Foundation
        import UIKit

        final class ProductCell: UICollectionViewCell {
            let titleLabel = UILabel()
        }

        final class ProductsViewController: UIViewController {
            private var products = ["Lamp", "Chair", "Desk"]
            private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: makeLayout())

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.delegate = self
                collectionView.dataSource = self
                collectionView.register(ProductCell.self, forCellWithReuseIdentifier: "ProductCell")
                view.addSubview(collectionView)
            }

            func makeLayout() -> UICollectionViewLayout {
                let layout = UICollectionViewFlowLayout()
                layout.minimumLineSpacing = 12
                layout.sectionInset = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
                return layout
            }
        }

        extension ProductsViewController: UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                products.count
            }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "ProductCell", for: indexPath) as! ProductCell
                cell.titleLabel.text = products[indexPath.item]
                return cell
            }
        }

        extension ProductsViewController: UICollectionViewDelegateFlowLayout {
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                let width = (collectionView.bounds.width - 16 * 2 - 10) / 2
                return CGSize(width: width, height: width * 1.4)
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
                CGSize(width: collectionView.bounds.width, height: 40)
            }

            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                print("selected \\(products[indexPath.item])")
            }
        }
        """

    /// The view controller that built the layout is the collection view's
    /// delegate, as on iOS: items (390 - 32 - 10) / 2 = 174 wide, 1.4 times
    /// as high, under a 40-high header (the first item at 40 + 8); resized
    /// to 320 wide, the delegate reads the new bounds: (320 - 42) / 2 = 139.
    @Test func aViewControllersFlowDelegateMethodsSizeItsFlowLayout() throws {
        try expectRun("""
            sections 1 items=3
            layout products-view-controller
            visible
            bounds 320x600
            attr item 0:1
            """, loading: "Products.swift", from: Self.products, prints: """
            item 0:0 frame=16,48,174,243.6 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=200,48,174,243.6 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=16,303.6,174,243.6 zIndex=0 alpha=1 hidden=false
            header 0 frame=0,0,390,40 zIndex=1 alpha=1 hidden=false
            4 elements
            item 0:1 frame=165,48,139,194.6 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A gallery in the style of the raywenderlich.com tutorial: the layout
    /// function returns the flow layout it builds (not UICollectionViewLayout),
    /// and a lazy property holds another one.
    static let gallery = """
        import Foundation
        import UIKit

        final class GalleryViewController: UIViewController {
            private let itemsPerColumn: CGFloat = 3
            private let sectionInsets = UIEdgeInsets(top: 50, left: 20, bottom: 50, right: 20)
            private var photos: [UIImage] = []

            private lazy var collectionView: UICollectionView = {
                let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
                collectionView.dataSource = self
                collectionView.delegate = self
                return collectionView
            }()

            private lazy var thumbnailLayout: UICollectionViewFlowLayout = {
                let layout = UICollectionViewFlowLayout()
                layout.itemSize = CGSize(width: 80, height: 80)
                layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
                return layout
            }()

            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Gallery"
                view.addSubview(collectionView)
            }

            func makeLayout() -> UICollectionViewFlowLayout {
                let layout = UICollectionViewFlowLayout()
                layout.scrollDirection = .horizontal
                return layout
            }
        }

        extension GalleryViewController: UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                photos.count
            }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
            }
        }

        extension GalleryViewController: UICollectionViewDelegateFlowLayout {
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                let paddingSpace = sectionInsets.top * (itemsPerColumn + 1)
                let height = (collectionView.frame.height - paddingSpace) / itemsPerColumn
                return CGSize(width: height * 1.5, height: height)
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
                sectionInsets
            }
        }
        """

    /// Both layout functions are found and registered: the horizontal flow
    /// layout that `makeLayout()` returns, sized by the view controller as
    /// its delegate ((500 - 4 * 50) / 3 = 100 high, 150 wide, one column
    /// inset by 20 and 50), and the thumbnails' flow layout, vertical, whose
    /// 80 x 80 items the delegate sizes too, as on iOS: two to a row of 350,
    /// the third on the next line, 100 + 10 below the first.
    @Test func aLayoutFunctionReturningTheFlowLayoutLoads() throws {
        try expectRun("""
            bounds 390x500
            sections 1 items=3
            layout gallery-view-controller-make-layout
            visible
            contentsize
            layout GalleryViewController.thumbnailLayout
            attr item 0:2
            """, loading: "Gallery.swift", from: Self.gallery, prints: """
            item 0:0 frame=20,50,150,100 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=20,200,150,100 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=20,350,150,100 zIndex=0 alpha=1 hidden=false
            3 elements
            190x500
            item 0:2 frame=20,160,150,100 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A photo grid whose layout comes from a static function, called in the
    /// view controller's `init()`, and is sized by the view controller's flow
    /// delegate methods.
    static let photosGrid = """
        import Foundation
        import UIKit

        private let reuseIdentifier = "PhotoCell"

        final class PhotoCell: UICollectionViewCell {
            let imageView = UIImageView()
        }

        class PhotosGridController: UICollectionViewController {
            let spacing: CGFloat = 2
            private var photos: [UIImage] = []

            init() {
                super.init(collectionViewLayout: PhotosGridController.createLayout())
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            static func createLayout() -> UICollectionViewLayout {
                let layout = UICollectionViewFlowLayout()
                layout.minimumInteritemSpacing = 2
                layout.minimumLineSpacing = 2
                return layout
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: reuseIdentifier)
            }

            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                photos.count
            }

            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath) as! PhotoCell
                cell.imageView.image = photos[indexPath.item]
                return cell
            }
        }

        extension PhotosGridController: UICollectionViewDelegateFlowLayout {
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                let columns: CGFloat = collectionView.traitCollection.horizontalSizeClass == .regular ? 5 : 3
                let width = (collectionView.bounds.width - spacing * (columns - 1)) / columns
                return CGSize(width: width, height: width)
            }
        }
        """

    /// A UICollectionViewController is its collection view's delegate
    /// whatever function built its layout: squares of (390 - 2 * 2) / 3,
    /// three to a row with 2 between them, not the flow layout's 50 x 50.
    @Test func aStaticLayoutFunctionsViewControllerIsTheFlowDelegate() throws {
        try expectRun("""
            bounds 390x600
            sections 1 items=4
            layout photos-grid-controller
            visible
            """, loading: "PhotosGridController.swift", from: Self.photosGrid, prints: """
            item 0:0 frame=0,0,128.666667,128.666667 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=130.666667,0,128.666667,128.666667 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=261.333333,0,128.666667,128.666667 zIndex=0 alpha=1 hidden=false
            item 0:3 frame=0,130.666667,128.666667,128.666667 zIndex=0 alpha=1 hidden=false
            4 elements

            """)
    }

    /// A mosaic layout that asks the collection view's delegate for its own
    /// protocol, which refines UICollectionViewDelegate (as waterfall layouts
    /// do), built by a static function of the view controller that adopts it.
    static let mosaicLayout = """
        import Foundation
        import UIKit

        protocol MosaicLayoutDelegate: UICollectionViewDelegate {
            func collectionView(_ collectionView: UICollectionView, layout: MosaicLayout, heightForItemAt indexPath: IndexPath) -> CGFloat
        }

        final class MosaicLayout: UICollectionViewLayout {
            private var delegate: MosaicLayoutDelegate? {
                collectionView?.delegate as? MosaicLayoutDelegate
            }
            private var cache: [UICollectionViewLayoutAttributes] = []
            private var contentHeight: CGFloat = 0

            override func prepare() {
                super.prepare()
                guard let collectionView = collectionView else { return }
                cache = []
                var y: CGFloat = 0
                for item in 0..<collectionView.numberOfItems(inSection: 0) {
                    let indexPath = IndexPath(item: item, section: 0)
                    let height = delegate?.collectionView(collectionView, layout: self, heightForItemAt: indexPath) ?? 44
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                    attributes.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: height)
                    cache.append(attributes)
                    y += height
                }
                contentHeight = y
            }

            override var collectionViewContentSize: CGSize {
                CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
            }

            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                cache.filter { $0.frame.intersects(rect) }
            }

            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                indexPath.item < cache.count ? cache[indexPath.item] : nil
            }
        }
        """

    static let stories = """
        import Foundation
        import UIKit

        final class StoriesViewController: UIViewController {
            private var collectionView: UICollectionView!

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.createLayout())
                collectionView.delegate = self
                view.addSubview(collectionView)
            }

            static func createLayout() -> UICollectionViewLayout {
                MosaicLayout()
            }
        }

        extension StoriesViewController: MosaicLayoutDelegate {
            func collectionView(_ collectionView: UICollectionView, layout: MosaicLayout, heightForItemAt indexPath: IndexPath) -> CGFloat {
                indexPath.item.isMultiple(of: 2) ? 100 : 60
            }
        }
        """

    /// The view controller answers the layout's delegate protocol: 100, 60
    /// and 100 high, not the layout's 44.
    @Test func aStaticLayoutFunctionsViewControllerAnswersTheLayoutsDelegateProtocol() throws {
        let folder = try TranscriptCommandFolder([
            "Stories/MosaicLayout.swift": Self.mosaicLayout,
            "Stories/StoriesViewController.swift": Self.stories,
        ])
        try expectRun("""
            sections 1 items=3
            layout stories-view-controller
            visible
            """, plugin: "Stories", in: folder, prints: """
            item 0:0 frame=0,0,390,100 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=0,100,390,60 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=0,160,390,100 zIndex=0 alpha=1 hidden=false
            3 elements

            """)
    }

    /// A view controller's own `collectionView` (set in `viewDidLoad`, which
    /// stk does not run) and its `view`, read by its layout code: stk shows
    /// it the collection view its layout is installed in. Three columns of
    /// 390 / 3 = 130 in the flow; rows as wide as the collection view, 390,
    /// in the section provider of a UICollectionViewController (it crashed on
    /// a nil collectionView, or did not compile).
    @Test func aViewControllerReadsItsCollectionViewAndItsView() throws {
        let folder = try TranscriptCommandFolder(["Photos.swift": """
            import Foundation
            import UIKit

            final class PhotosViewController: UIViewController, UICollectionViewDelegateFlowLayout {
                var collectionView: UICollectionView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
                    collectionView.delegate = self
                    view.addSubview(collectionView)
                }

                func createLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.minimumLineSpacing = 0
                    layout.minimumInteritemSpacing = 0
                    return layout
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    CGSize(width: self.collectionView.frame.width / 3, height: view.frame.width / 3)
                }
            }

            final class SettingsViewController: UICollectionViewController {
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { [unowned self] _, _ in
                        let width = self.collectionView.bounds.width
                        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(44)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: item.layoutSize, subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
            """])
        try expectRun("""
            sections 1 items=4
            layout photos-view-controller
            attr item 0:3
            layout settings-view-controller
            attr item 0:1
            """, plugin: "Photos.swift", in: folder, prints: """
            item 0:3 frame=0,130,130,130 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=0,44,390,44 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A shop's layout given with the app's model of its sections as
    /// published, which also says which cell class each section shows: that
    /// method names cell classes that are not in the folder and is left out,
    /// and the layout runs. Two columns of products: 390 / 2 = 195 wide, 100
    /// high, under the one row of the categories' (y 100).
    @Test func aSectionModelThatNamesMissingCellsLoads() throws {
        let folder = try TranscriptCommandFolder([
            "Shop/ShopSection.swift": """
                import UIKit

                struct ShopSection: Hashable {
                    let columns: Int

                    static let categories = ShopSection(columns: 4)
                    static let products = ShopSection(columns: 2)
                    static let all: [ShopSection] = [.categories, .products]

                    func cellClass() -> UICollectionViewCell.Type {
                        columns == 4 ? CategoryCell.self : ProductCell.self
                    }
                }
                """,
            "Shop/ShopLayout.swift": """
                import UIKit

                final class ShopLayout {
                    static func createLayout() -> UICollectionViewCompositionalLayout {
                        UICollectionViewCompositionalLayout { sectionNumber, _ in
                            let section = ShopSection.all[sectionNumber]
                            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(section.columns)), heightDimension: .absolute(100)))
                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                            return NSCollectionLayoutSection(group: group)
                        }
                    }
                }
                """,
        ])
        let run = try folder.stk("--plugin", "Shop", "--explain", "-e", "sections 2 items=2; layout shop-layout; attr item 1:1",
                                 environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "item 1:1 frame=195,100,195,100 zIndex=0 alpha=1 hidden=false\n", "\(run)")
        #expect(run.stderr.contains("left out 1 declaration the layout code does not use (view code: ShopSection.cellClass)"), "\(run)")
    }
}
