import Foundation
import StkTestSupport
import Testing

/// A screen laid out in a storyboard whose flow layout is an outlet, set up
/// in code (a course app's "sent memes" grid): the storyboard is not in the
/// sources, so stk makes that flow layout with UIKit's defaults and runs the
/// set-up on it, here from a method of an extension in another file.
extension ViewControllerSourceTests {
    static let memesScreen = """
        //
        //  CollectionViewController.swift
        //  Meme2
        //

        import UIKit

        struct Meme {
            let topText: String
            let bottomText: String
            let memedImage: UIImage
        }

        class CollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
            @IBOutlet weak var collectionView: UICollectionView!
            @IBOutlet weak var flowLayout: UICollectionViewFlowLayout!
            var memes: [Meme] = []

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.dataSource = self
                flowLayoutSetup()
            }

            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                return memes.count
            }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "MemeCell", for: indexPath) as! MemeCollectionCell
                cell.memeImageView.image = memes[indexPath.row].memedImage
                return cell
            }
        }

        class MemeCollectionCell: UICollectionViewCell {
            @IBOutlet weak var memeImageView: UIImageView!
        }
        """

    static let memesFlowLayoutSetUp = """
        //
        //  FlowLayoutSetUp.swift
        //  Meme2
        //

        import UIKit

        extension CollectionViewController {
            func flowLayoutSetup() {
                let space: CGFloat = 3.0
                let dimension = (view.frame.size.width - (2 * space)) / 3.0
                flowLayout.minimumInteritemSpacing = space
                flowLayout.minimumLineSpacing = space
                flowLayout.itemSize = CGSize(width: dimension, height: dimension)
            }
        }
        """

    /// (390 - 2 x 3) / 3 = 128 a side, 3 apart: three a row exactly fill
    /// 390 (x 0, 131, 262), and rows are 3 apart: the fourth meme at y 131,
    /// 128 + 3 + 128 = 259 in all.
    @Test func aStoryboardFlowLayoutOutletSetUpInCodeRuns() throws {
        let folder = try TranscriptCommandFolder(["Meme2/CollectionViewController.swift": Self.memesScreen,
                                                  "Meme2/FlowLayoutSetUp.swift": Self.memesFlowLayoutSetUp])
        try expectItems(of: "collection-view-controller", plugin: "Meme2", in: folder,
                        at: ["0,0,128,128", "131,0,128,128", "262,0,128,128", "0,131,128,128"], contentSize: "390x259")
    }

    /// A flow subclass a storyboard makes, set up in `awakeFromNib()` (and a
    /// data source beside it that overrides NSObject's): stk calls it after
    /// `init()`, as the storyboard does after `init(coder:)`. Items 100 x 100,
    /// rows 20 apart, 10 above the first (`UIEdgeInsetsMake`, Swift 4's
    /// spelling): three a row (4 x 100 + 3 x 10 > 390), (390 - 300) / 2 = 45
    /// between them: x 0, 145, 290; item 0:3 on the second row, at y 130.
    /// Four items end at 230.
    @Test func aLayoutSetUpInAwakeFromNibIsSetUp() throws {
        let folder = try TranscriptCommandFolder(["Shelf/ShelfLayout.swift": """
            import UIKit

            class ShelfLayout: UICollectionViewFlowLayout {
                override func awakeFromNib() {
                    super.awakeFromNib()
                    itemSize = CGSize(width: 100, height: 100)
                    minimumLineSpacing = 20
                    sectionInset = UIEdgeInsetsMake(10, 0, 0, 0)
                }
            }

            class ShelfDataSource: NSObject, UICollectionViewDataSource {
                var books: [String] = []

                override func awakeFromNib() {
                    super.awakeFromNib()
                    books = ["Dune", "Emma"]
                }

                func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                    books.count
                }

                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    collectionView.dequeueReusableCell(withReuseIdentifier: "Book", for: indexPath)
                }
            }

            """])
        try expectItems(of: "shelf-layout", plugin: "Shelf", in: folder,
                        at: ["0,10,100,100", "145,10,100,100", "290,10,100,100", "0,130,100,100"], contentSize: "390x230")
    }

    /// A screen whose flow layout only its storyboard makes, sized by its
    /// own delegate: UIKit's default flow layout, 120 x 90 thumbnails, three
    /// a row (390 - 360 = 30 over two gaps: x 0, 135, 270), rows 10 apart:
    /// four thumbnails end at 90 + 10 + 90 = 190.
    @Test func aScreenWhoseFlowLayoutOnlyAStoryboardMakesRuns() throws {
        let folder = try TranscriptCommandFolder(["Videos/VideosViewController.swift": """
            import UIKit
            import AVKit

            /// Laid out in Main.storyboard: a collection view controller with Interface Builder's flow layout.
            final class VideosViewController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
                var videos: [URL] = []

                override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                    let player = AVPlayerViewController()
                    player.player = AVPlayer(url: videos[indexPath.item])
                    present(player, animated: true)
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    CGSize(width: 120, height: 90)
                }
            }
            """])
        try expectItems(of: "videos-view-controller", plugin: "Videos", in: folder,
                        at: ["0,0,120,90", "135,0,120,90", "270,0,120,90", "0,100,120,90"], contentSize: "390x190")
    }

    /// A photo grid whose layout is a stored property, four photos a row
    /// from the screen's width, sized again in viewWillTransition(to:with:)
    /// from the size it is given: stk runs that at each new size, with the
    /// new size. At 390: 97.5 a side, no spacing. Turned to 844x390: 211 a
    /// side, four a row exactly (4 x 211 = 844): the fifth photo starts the
    /// second row, at y 211; two rows are 422 tall. Undone: 97.5 again.
    @Test func aRotationsSetUpRunsWithTheNewSize() throws {
        let folder = try TranscriptCommandFolder(["Photos/HttpPhotosViewController.swift": """
            import UIKit

            class HttpPhotosViewController: UIViewController, UICollectionViewDataSource {
                @IBOutlet weak var collectionView: UICollectionView!
                var photos: [URL] = []

                let flowLayout: UICollectionViewFlowLayout = {
                    let flowLayout = UICollectionViewFlowLayout()
                    flowLayout.itemSize = CGSize(width: UIScreen.main.bounds.width/4, height: UIScreen.main.bounds.width/4)
                    flowLayout.minimumInteritemSpacing = 0
                    flowLayout.minimumLineSpacing = 0
                    return flowLayout
                }()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.collectionViewLayout = flowLayout
                    collectionView.dataSource = self
                }

                override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                    super.viewWillTransition(to: size, with: coordinator)
                    flowLayout.itemSize = CGSize(width: size.width/4, height: size.width/4)
                }

                func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                    photos.count
                }

                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    collectionView.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: indexPath)
                }
            }
            """])
        try expectRun("""
            sections 1 items=5
            layout http-photos-view-controller
            attr item 0:4
            bounds 844x390
            attr item 0:4
            contentsize
            undo
            attr item 0:4
            """, plugin: "Photos", in: folder, prints: """
            item 0:4 frame=0,97.5,97.5,97.5 zIndex=0 alpha=1 hidden=false
            item 0:4 frame=0,211,211,211 zIndex=0 alpha=1 hidden=false
            844x422
            undid: bounds 844x390
            item 0:4 frame=0,97.5,97.5,97.5 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// A layout class whose only initialiser takes what its screen knows
    /// (Examples/InstalledLayouts/Tags, as Zotero's tag filter): the folder loads, the screen registers the layout as
    /// it makes it, with its line spacing of 8. UIKit's default 50x50 items,
    /// at least 10 apart: six a row in 390 (seven would need 410), the 90
    /// left over spread over five gaps: x 0, 68, ...; the second row at 50 +
    /// 8 = 58.
    @Test func aLayoutClassOnlyItsScreenCanMakeLoadsAsTheScreenMakesIt() throws {
        try expectExample("Tags", "sections 1 items=8; layout tags-view-controller; attr item 0:1; attr item 0:6", prints: """
            item 0:1 frame=68,0,50,50 zIndex=0 alpha=1 hidden=false
            item 0:6 frame=0,58,50,50 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// The screen turns with the interface, as on iOS: a screen that sizes
    /// its photos from `UIScreen.main.bounds` in viewDidLayoutSubviews()
    /// gets 390 / 4 = 97.5 upright and 844 / 4 = 211 turned to 844x390, and
    /// `UIDevice.current.orientation` says landscape there (spacing 0, else
    /// 2). Upright: four of 97.5 with 2 between need 396, so three a row,
    /// 390 - 292.5 = 97.5 over two gaps: x 0, 146.25. Turned: four of 211
    /// fill 844 with no spacing: x 0, 211.
    @Test func theScreensBoundsTurnWithTheInterface() throws {
        let folder = try TranscriptCommandFolder(["Photos/GridViewController.swift": """
            import UIKit

            class GridViewController: UICollectionViewController {
                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    guard let layout = collectionViewLayout as? UICollectionViewFlowLayout else { return }
                    let side = UIScreen.main.bounds.width / 4
                    layout.itemSize = CGSize(width: side, height: side)
                    layout.minimumInteritemSpacing = UIDevice.current.orientation.isLandscape ? 0 : 2
                }
            }
            """])
        try expectRun("""
            sections 1 items=5
            layout grid-view-controller
            attr item 0:1
            bounds 844x390
            attr item 0:1
            """, plugin: "Photos", in: folder, prints: """
            item 0:1 frame=146.25,0,97.5,97.5 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=211,0,211,211 zIndex=0 alpha=1 hidden=false

            """)
    }
}
