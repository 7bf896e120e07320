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
        try expectRun("sections 1 items=4; layout collection-view-controller; visible; contentsize", plugin: "Meme2", in: folder, prints: """
            item 0:0 frame=0,0,128,128 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=131,0,128,128 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=262,0,128,128 zIndex=0 alpha=1 hidden=false
            item 0:3 frame=0,131,128,128 zIndex=0 alpha=1 hidden=false
            4 elements
            390x259

            """)
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
        try expectRun("sections 1 items=4; layout videos-view-controller; visible; contentsize", plugin: "Videos", in: folder, prints: """
            item 0:0 frame=0,0,120,90 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=135,0,120,90 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=270,0,120,90 zIndex=0 alpha=1 hidden=false
            item 0:3 frame=0,100,120,90 zIndex=0 alpha=1 hidden=false
            4 elements
            390x190

            """)
    }
}
