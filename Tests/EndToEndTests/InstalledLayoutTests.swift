import Foundation
import StkTestSupport
import Testing

/// A layout built and installed where stk cannot call it, compiled and run:
/// the statements that make it run as a layout function
/// (docs/write-your-own-layout.md).
extension ViewControllerSourceTests {
    /// Runs `script` with a file or folder of Examples/InstalledLayouts
    /// loaded, and expects exactly `expected` on stdout.
    func expectExample(_ name: String, _ script: String, prints expected: String) throws {
        let folder = try TranscriptCommandFolder([:])
        let example = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/InstalledLayouts/" + name).path
        try expectRun(script, plugin: example, in: folder, prints: expected)
    }

    /// Apple's first iOS 14 list, as tutorials write it: the list is made in
    /// viewDidLoad(), beside the data source's methods and a cell class.
    static func listViewController(buildsInViewDidLoad: Bool) -> String {
        let making = """
                    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                    configuration.headerMode = UICollectionLayoutListConfiguration.HeaderMode.supplementary
                    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
            """
        return """
            import UIKit
            import Foundation

            class ViewController: UICollectionViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.register(SimpleSetupCell.self, forCellWithReuseIdentifier: "SimpleSetupCell")
            \(buildsInViewDidLoad ? making + "\n        collectionView.collectionViewLayout = layout" : "        collectionView.collectionViewLayout = createLayout()")
                }
            \(buildsInViewDidLoad ? "" : "\n    func createLayout() -> UICollectionViewLayout {\n" + making + "\n        return layout\n    }")
            }

            extension ViewController {
                override func numberOfSections(in collectionView: UICollectionView) -> Int { 5 }

                override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 10 }

                override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "SimpleSetupCell", for: indexPath) as! SimpleSetupCell
                    cell.label.text = "Row \\(indexPath.item)"
                    return cell
                }
            }

            class SimpleSetupCell: UICollectionViewListCell {
                let label = UILabel()
            }
            """
    }

    /// The same list, built in viewDidLoad() or in a `createLayout()`: the
    /// same numbers after every command.
    @Test func aListBuiltInViewDidLoadRunsAsTheSameListFromALayoutFunction() throws {
        let folder = try TranscriptCommandFolder(["Installed/ViewController.swift": Self.listViewController(buildsInViewDidLoad: true),
                                                  "Function/ViewController.swift": Self.listViewController(buildsInViewDidLoad: false)])
        let script = """
            sections 2 items=3
            layout view-controller
            contentsize
            visible
            insert item 0:1
            scroll to 0,40
            visible
            """
        let installed = try run(script, plugin: "Installed", in: folder)
        let function = try run(script, plugin: "Function", in: folder)
        #expect(installed.status == 0 && function.status == 0, "\(installed.stderr)\n\(function.stderr)")
        #expect(installed.stdout.contains("8 elements"), "\(installed.stdout)")
        #expect(installed.stdout == function.stdout)
    }

    /// A collection view subclass that installs its own compositional layout
    /// in `commonInit()` (Examples/InstalledLayouts/FeedCollectionView.swift):
    /// two cards a row of 120 within insets of 8, each inset by 4, under a
    /// header of 44: 44 + 8 + 3 x 120 + 8 = 420 for five cards. Card 3 is the
    /// second of the second row: x 8 + 374 / 2 +
    /// 4 = 199, y 44 + 8 + 120 + 4 = 176, 374 / 2 - 8 = 179 by 120 - 8 = 112.
    @Test func aLayoutInstalledInCommonInitRuns() throws {
        try expectExample("FeedCollectionView.swift", """
            sections 1 items=5
            layout feed-collection-view
            contentsize
            attr item 0:3
            """, prints: """
            390x420
            item 0:3 frame=199,176,179,112 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A flow layout kept in a property and set up in `init()` and
    /// `viewDidLoad()`: 120-point items inside insets of 10, lines 20 apart.
    /// Two fit in 390 - 20 = 370 (three need 380), at 10 and 370 - 120 + 10 =
    /// 260: items 2 and 3 share the second line, item 3 at 260, 10 + 120 + 20
    /// = 150. Seven items, four lines: 10 + 4 x 120 + 3 x 20 + 10 = 560.
    @Test func aLayoutPropertySetUpInViewDidLoadRunsWithItsSetUp() throws {
        let source = """
            import UIKit

            final class GridViewController: UIViewController {
                private let layout: UICollectionViewFlowLayout = UICollectionViewFlowLayout()
                private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)

                init() {
                    super.init(nibName: nil, bundle: nil)
                    self.layout.minimumLineSpacing = 20
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    layout.itemSize = CGSize(width: 120, height: 120)
                    layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                    view.addSubview(collectionView)
                    collectionView.frame = view.bounds
                }
            }
            """
        try expectRun("""
            sections 1 items=7
            layout grid-view-controller
            contentsize
            attr item 0:3
            """, loading: "GridViewController.swift", from: source, prints: """
            390x560
            item 0:3 frame=260,150,120,120 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// Code that ran in `viewDidLoad()` on iOS reads the view, loaded at the
    /// size of the screen: the view stk gives it is the collection view the
    /// layout is made for, so `view.frame.width / 2` is half the session's
    /// viewport (320 / 2 = 160), two items a row with no spacing.
    @Test func viewDidLoadCodeReadsTheViewTheLayoutIsMadeFor() throws {
        let source = """
            import UIKit

            class HalvesViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: view.frame.width / 2, height: 100)
                    layout.minimumInteritemSpacing = 0
                    let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
                    view.addSubview(collectionView)
                }
            }
            """
        try expectRun("""
            sections 1 items=3
            bounds 320x568
            layout halves-view-controller
            attr item 0:1
            attr item 0:2
            """, loading: "HalvesViewController.swift", from: source, prints: """
            item 0:1 frame=160,0,160,100 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=0,110,160,100 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// viewDidLoad() code that switches on the screen's traits: they are the
    /// collection view's, an iPhone's in portrait (compact width): two
    /// columns, item 1 at 390 / 2 = 195.
    @Test func viewDidLoadCodeReadsTheTraits() throws {
        let source = """
            import UIKit

            class TraitViewController: UIViewController {
                var collectionView: UICollectionView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let columns: CGFloat
                    switch traitCollection.horizontalSizeClass {
                    case .regular:
                        columns = 4
                    default:
                        columns = 2
                    }
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / columns), heightDimension: .absolute(100)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
                    view.addSubview(collectionView)
                }
            }
            """
        try expectRun("""
            sections 1 items=3
            layout trait-view-controller
            attr item 0:1
            """, loading: "TraitViewController.swift", from: source, prints: """
            item 0:1 frame=195,0,195,100 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A screen built on the app's own base view controller, given alone (as
    /// a user copies one file): a view controller all the same, whose view
    /// its set-up reads. 390 - 16 = 374 wide, 494 high, one a line, centred
    /// at (390 - 374) / 2 = 8; the second 494 + 10 below.
    @Test func aScreenOnTheAppsOwnBaseViewControllerReadsItsView() throws {
        let source = """
            import UIKit

            final class RecipesViewController: BaseViewController {
                @IBOutlet private weak var collectionView: UICollectionView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    setupLayout()
                    bindViewModel()
                }

                private func setupLayout() {
                    let flowLayout = UICollectionViewFlowLayout()
                    let width = view.frame.size.width - 16
                    let height = width + 120
                    flowLayout.itemSize = CGSize(width: width, height: height)
                    collectionView.setCollectionViewLayout(flowLayout, animated: true)
                }

                private func bindViewModel() {
                    viewModel.recipes.bind(to: collectionView.rx.items)
                }
            }
            """
        try expectRun("""
            sections 1 items=3
            layout recipes-view-controller
            attr item 0:1
            """, loading: "RecipesViewController.swift", from: source, prints: """
            item 0:1 frame=8,504,374,494 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A storyboard app's screen (Examples/InstalledLayouts/PhotosViewController.swift):
    /// the flow layout Interface Builder installed, set up in viewDidLoad()
    /// from the outlet's frame. stk makes the flow layout with UIKit's
    /// defaults, and the outlet is the collection view the layout is made
    /// for: items (390 - 20) / 3 by (844 - 20) / 5 = 123.33 x 164.8, three a
    /// row in 390 - 10 with 5 between (exactly 380), at 5, 133.33 and
    /// 261.67; rows 10 apart.
    @Test func aStoryboardFlowLayoutSetUpInViewDidLoadRuns() throws {
        try expectExample("PhotosViewController.swift", """
            sections 1 items=4
            layout photos-view-controller
            attr item 0:1
            attr item 0:3
            """, prints: """
            item 0:1 frame=133.333333,0,123.333333,164.8 zIndex=0 alpha=1 hidden=false
            item 0:3 frame=5,174.8,123.333333,164.8 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// Undoing a resize makes the layout again for the size before it: the
    /// same screen's viewDidLoad() reads the view's frame, which is 390x844
    /// again, not the 320x568 being undone (it used to be read there: items
    /// 100 x 109.6 after the undo).
    @Test func undoingAResizeMakesTheLayoutForTheSizeBeforeIt() throws {
        try expectExample("PhotosViewController.swift", """
            sections 1 items=4
            layout photos-view-controller
            bounds 320x568
            undo
            attr item 0:1
            """, prints: """
            undid: bounds 320x568
            item 0:1 frame=133.333333,0,123.333333,164.8 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A storyboard gallery (Examples/InstalledLayouts/GalleryViewController.swift):
    /// `if let layout = collectionView?.collectionViewLayout as?
    /// UICollectionViewFlowLayout` sets the spacing (4) and insets (4) in a
    /// method viewDidLoad() calls, and viewDidLayoutSubviews() sizes the items
    /// from the view's width, again at each new size, as on iOS.
    /// At 390: side = floor((390 - 4 * 4) / 3) = 124; three a row in 382,
    /// 10 left over for two gaps: x = 4, 133, 262; rows 124 + 4 apart; 7
    /// items are 3 rows: 4 + 3 * 124 + 2 * 4 + 4 = 388 tall.
    /// At 320: side = floor(304 / 3) = 101; 312 - 303 = 9 for two gaps:
    /// x = 4, 109.5; 4 + 3 * 101 + 8 + 4 = 319 tall. Undone: 124 again.
    @Test func aStoryboardFlowLayoutSizedInViewDidLayoutSubviewsFollowsTheViewsSize() throws {
        try expectExample("GalleryViewController.swift", """
            sections 1 items=7
            layout gallery-view-controller
            attr item 0:1
            contentsize
            bounds 320x568
            attr item 0:1
            contentsize
            undo
            attr item 0:1
            """, prints: """
            item 0:1 frame=133,4,124,124 zIndex=0 alpha=1 hidden=false
            390x388
            item 0:1 frame=109.5,4,101,101 zIndex=0 alpha=1 hidden=false
            320x319
            undid: bounds 320x568
            item 0:1 frame=133,4,124,124 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// An option the user sets stays set at a new size: the screen's
    /// viewDidLayoutSubviews() runs first (it would size the items 101 at
    /// 320), then the options given, as `set` asked (150).
    @Test func anOptionSetStaysSetWhenTheScreenSizesItsItemsAgain() throws {
        try expectExample("GalleryViewController.swift", """
            sections 1 items=7
            layout gallery-view-controller
            set itemSize=150x150
            bounds 320x568
            attr item 0:0
            """, prints: """
            item 0:0 frame=4,4,150,150 zIndex=0 alpha=1 hidden=false

            """)
    }
}
