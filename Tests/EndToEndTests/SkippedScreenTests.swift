import Foundation
import StkTestSupport
import Testing

/// An app's folder loaded as one plugin: a screen whose kept code the
/// compiler refuses is left out, said in a note, and the other screens load.
extension ViewControllerSourceTests {
    /// A screen sized from the app's own design system, a module stk does
    /// not have: its `import` is left out, and the compiler cannot find the name.
    static let detailScreen = """
        import UIKit
        import DesignSystem

        final class DetailViewController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
            init() {
                super.init(collectionViewLayout: UICollectionViewFlowLayout())
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                CGSize(width: collectionView.bounds.width, height: Metrics.rowHeight)
            }
        }
        """

    /// The profile builds a flow layout of 120x120 items in viewDidLoad():
    /// three a row in 390 points, so five items are two rows, 10 apart (the
    /// flow layout's line spacing): 120 + 10 + 120 = 250 tall.
    @Test func aScreenTheCompilerRefusesIsLeftOutAndTheOthersLoad() throws {
        let folder = try TranscriptCommandFolder([
            "App/Profile/ProfileViewController.swift": SkippedScreenFixtures.profile,
            "App/Detail/DetailViewController.swift": Self.detailScreen,
        ])
        let run = try run("sections 1 items=5; layout profile-view-controller; contentsize", plugin: "App", in: folder)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "390x250\n", "\(run)")
        #expect(run.stderr.contains("App/Detail/DetailViewController.swift:14:60: did not register 'detail-view-controller' (DetailViewController), so that the other layouts of these sources load: cannot find 'Metrics' in scope"), "\(run.stderr)")
        #expect(run.stderr.contains("loaded profile-view-controller (ProfileViewController) from App"), "\(run.stderr)")
    }

    /// Alone, the screen is the error it always was.
    @Test func theOnlyScreenTheCompilerRefusesIsAnError() throws {
        let folder = try TranscriptCommandFolder(["App/DetailViewController.swift": Self.detailScreen])
        let run = try run("layouts", plugin: "App", in: folder)
        #expect(run.status != 0)
        #expect(run.stderr.contains("App/DetailViewController.swift:14:60: error: cannot find 'Metrics' in scope"), "\(run.stderr)")
        #expect(!run.stderr.contains("did not register"), "\(run.stderr)")
    }
}

enum SkippedScreenFixtures {
    static let profile = """
        import UIKit
        import Foundation

        final class ProfileViewController: UIViewController {
            private let segmentedControl = UISegmentedControl(items: ["Posts", "Saved"])
            private var collectionView: UICollectionView!

            override func viewDidLoad() {
                super.viewDidLoad()
                navigationItem.titleView = segmentedControl
                let layout = UICollectionViewFlowLayout()
                layout.itemSize = CGSize(width: 120, height: 120)
                collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
                view.addSubview(collectionView)
            }
        }
        """
}
