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

    static let nestedLayout = """
        import Foundation
        import UIKit

        final class FeedViewController: UIViewController {
            private lazy var collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Layout())

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.backgroundColor = .systemBackground
                view.addSubview(collectionView)
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
        let folder = try TranscriptCommandFolder(["Feed.swift": Self.nestedLayout])
        let run = try run("""
            sections 1 items=3
            layout feed-view-controller-layout
            visible
            layout FeedViewController.Layout
            attr item 0:0
            """, plugin: "Feed.swift", in: folder)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            item 0:0 frame=0,0,100,100 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=145,0,100,100 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=290,0,100,100 zIndex=0 alpha=1 hidden=false
            3 elements
            item 0:0 frame=0,0,100,100 zIndex=0 alpha=1 hidden=false

            """, "\(run)")
    }
}
