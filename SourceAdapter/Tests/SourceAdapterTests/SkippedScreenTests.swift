import Testing
@testable import SourceAdapter

/// An app's folder holds many screens. One that stk cannot compile (a value
/// its flow delegate reads comes only from the screen's own initialiser, or
/// the code kept for it does not compile) is left out, with a note, and the
/// others load; alone, it stays an error.
@Suite struct SkippedScreenTests {
    /// A feed that builds its flow layout in viewDidLoad(): loads as it is.
    static let feed = """
        import UIKit
        import Foundation

        final class FeedViewController: UIViewController {
            private let titleLabel = UILabel()

            override func viewDidLoad() {
                super.viewDidLoad()
                let layout = UICollectionViewFlowLayout()
                layout.itemSize = CGSize(width: 100, height: 120)
                layout.minimumLineSpacing = 8
                let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
                view.addSubview(collectionView)
            }
        }
        """

    /// A modal screen made with `init(mode:)`, which its flow delegate reads:
    /// stk makes screens with `init()`, so `mode` has no value there.
    static let today = """
        import UIKit

        class TodayMultipleAppsController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
            enum Mode {
                case small, fullscreen
            }

            fileprivate let mode: Mode

            init(mode: Mode) {
                self.mode = mode
                super.init(collectionViewLayout: UICollectionViewFlowLayout())
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                if mode == .fullscreen {
                    return .init(width: view.frame.width - 48, height: 74)
                }
                return .init(width: view.frame.width, height: 68)
            }
        }
        """

    static let expectedNote = "did not register 'today-multiple-apps-controller' (TodayMultipleAppsController), so that the other layouts of these sources load: TodayMultipleAppsController.mode has no initial value, and the layout code uses it: stk creates TodayMultipleAppsController with init(), without its own initialisers; give it one (`= ...`)"

    @Test func aScreenStkCannotMakeIsLeftOutAndTheOthersLoad() {
        let output = adapt([("Feed/FeedViewController.swift", Self.feed), ("Today/TodayMultipleAppsController.swift", Self.today)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["feed-view-controller"])
        // At the property, line 8 column 21 (after `fileprivate let `).
        #expect(output.report.skipped.map(\.description) == ["Today/TodayMultipleAppsController.swift:8:21: " + Self.expectedNote])
        // Its flow delegate is view code now: nothing of it is compiled.
        #expect(!output.files[1].text.contains("sizeForItemAt"))
    }

    @Test func theOnlyScreenStaysAnError() {
        let output = adapt([("Today/TodayMultipleAppsController.swift", Self.today)])
        #expect(output.report.errors.map(\.position.line) == [8])
        #expect(output.report.skipped.isEmpty)
    }

    /// The compiler's errors of an earlier try (`stk-adapt --compiler-errors`):
    /// an error in a screen's code leaves that screen out, and says the
    /// compiler's message; an error elsewhere changes nothing.
    @Test func aCompilerErrorInAScreenLeavesItOut() {
        let inputs = [("Feed/FeedViewController.swift", Self.feed), ("Today/TodayMultipleAppsController.swift", Self.today.replacingOccurrences(of: "fileprivate let mode: Mode", with: "fileprivate let mode: Mode = .small"))]
        let sources = inputs.map { SourceInput(path: $0.0, text: $0.1) }
        #expect(SourceAdapter.adapt(sources).report.layouts.map(\.name) == ["feed-view-controller", "today-multiple-apps-controller"])

        let inFeed = AdapterMessage(SourcePosition(file: "Feed/FeedViewController.swift", line: 11, column: 9), "cannot find 'UIFontMetrics' in scope")
        let output = SourceAdapter.adapt(sources, compilerErrors: [inFeed])
        #expect(output.report.errors.isEmpty)
        #expect(output.report.layouts.map(\.name) == ["today-multiple-apps-controller"])
        #expect(output.report.skipped.map(\.description) == ["Feed/FeedViewController.swift:11:9: did not register 'feed-view-controller' (FeedViewController), so that the other layouts of these sources load: cannot find 'UIFontMetrics' in scope"])

        // Line 1 is the import: no screen holds it.
        let outside = AdapterMessage(SourcePosition(file: "Feed/FeedViewController.swift", line: 1, column: 1), "no such module")
        let unchanged = SourceAdapter.adapt(sources, compilerErrors: [outside])
        #expect(unchanged.report.layouts.count == 2 && unchanged.report.skipped.isEmpty)
    }

    /// Both screens fail: none is left out, since nothing would load, and
    /// the errors are there to read.
    @Test func whenEveryScreenFailsNoneIsLeftOut() {
        let sources = [("Feed/FeedViewController.swift", Self.feed), ("Today/TodayMultipleAppsController.swift", Self.today)]
            .map { SourceInput(path: $0.0, text: $0.1) }
        let inFeed = AdapterMessage(SourcePosition(file: "Feed/FeedViewController.swift", line: 11, column: 9), "cannot find 'UIFontMetrics' in scope")
        let output = SourceAdapter.adapt(sources, compilerErrors: [inFeed])
        #expect(output.report.layouts.map(\.name) == ["feed-view-controller", "today-multiple-apps-controller"])
        #expect(output.report.errors.map(\.position.line) == [8])
        #expect(output.report.skipped.isEmpty)
    }

    /// `collectionView.setCollectionViewLayout(...)` in one screen's `didSet`
    /// names the view, not another screen's `collectionView(_:didSelectItemAt:)`,
    /// whose body reads a value only its own initialiser sets: both screens
    /// load, and neither keeps that method.
    @Test func theCollectionViewPropertyNamesNoDelegateMethod() {
        let gallery = """
            import UIKit

            final class GalleryVC: UIViewController, UICollectionViewDelegate {
                private let viewModel: GalleryViewModel

                init(viewModel: GalleryViewModel) {
                    self.viewModel = viewModel
                    super.init(nibName: nil, bundle: nil)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                func createLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: 120, height: 180)
                    return layout
                }

                func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                    viewModel.select(indexPath.item)
                }
            }
            """
        let movies = """
            import UIKit

            class MoviesVC: UIViewController {
                var collectionView: UICollectionView!
                var columns: CGFloat = 0.5 {
                    didSet {
                        collectionView.setCollectionViewLayout(createLayout(), animated: true)
                    }
                }

                func createLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(columns), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """
        let output = adapt([("GalleryVC.swift", gallery), ("MoviesVC.swift", movies)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.skipped.isEmpty, "\(output.report.skipped)")
        #expect(output.report.layouts.map(\.name) == ["gallery-vc", "movies-vc"])
        #expect(!output.files[0].text.contains("didSelectItemAt"))
    }

    /// A screen left out keeps none of its code, even a method another
    /// screen's code names by name alone (two screens' own
    /// `configureSection()`): its error would come back.
    @Test func aScreenLeftOutKeepsNothing() {
        func view(_ name: String, width: String) -> String {
            """
            import UIKit

            final class \(name): UIViewController {
                private var collectionView: UICollectionView!

                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout(section: configureSection())
                }

                private func configureSection() -> NSCollectionLayoutSection {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(\(width)), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
            """
        }
        let sources = [SourceInput(path: "KnownForViewController.swift", text: view("KnownForViewController", width: "UIDevice.isLandscape ? 0.25 : 0.3333")),
                       SourceInput(path: "MoviesViewController.swift", text: view("MoviesViewController", width: "0.5"))]
        // Both kept, each named by both layout functions.
        #expect(SourceAdapter.adapt(sources).files[0].text.contains("isLandscape"))
        let landscape = AdapterMessage(SourcePosition(file: "KnownForViewController.swift", line: 11, column: 93), "type 'UIDevice' has no member 'isLandscape'")
        let output = SourceAdapter.adapt(sources, compilerErrors: [landscape])
        #expect(output.report.layouts.map(\.name) == ["movies-view-controller"])
        #expect(output.report.skipped.count == 1)
        #expect(!output.files[0].text.contains("isLandscape"), "\(output.files[0].text)")
        #expect(output.files[1].text.contains("fractionalWidth(0.5)"))
    }
}
