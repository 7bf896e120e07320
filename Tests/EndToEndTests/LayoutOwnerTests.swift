import Foundation
import StkTestSupport
import Testing

/// A layout built by a view controller's method, as most apps write it: the
/// section provider captures `[weak self]` or `[unowned self]` and asks the
/// view controller for each section. On iOS the view controller owns the
/// collection view, which owns the layout, so `self` is there at every pass;
/// stk keeps the instance it called `makeLayout()` on as long as the layout.
@Suite struct LayoutOwnerTests {
    /// A feed screen: stories in a sideways row of 80 x 80 squares (insets
    /// 16, spacing 8), then posts in two columns of 120-high cells.
    static let feed = """
        import Foundation
        import UIKit

        @MainActor
        final class FeedViewController: UIViewController, UICollectionViewDelegate {
            enum Section: Int, CaseIterable { case stories, posts }

            private let columnCount = 2
            private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: makeLayout())

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(collectionView)
                collectionView.delegate = self
            }
        }

        private extension FeedViewController {
            func makeLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [weak self] sectionIndex, environment in
                    guard let self = self, let section = Section(rawValue: sectionIndex) else { return nil }
                    switch section {
                    case .stories: return self.storiesSection()
                    case .posts: return self.postsSection()
                    }
                }
            }

            func storiesSection() -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(80), heightDimension: .absolute(80)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                section.interGroupSpacing = 8
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
                return section
            }

            func postsSection() -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0 / CGFloat(columnCount)), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
        }

        /// The same screen written with `[unowned self]`.
        final class UnownedFeedViewController: UIViewController {
            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [unowned self] _, _ in
                    self.listSection()
                }
            }

            private func listSection() -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
        }
        """

    /// Stories at y 0..80 (x 16, 104: 16 + 80 + 8); posts from y 80 in two
    /// columns of 195 (390 / 2), 120 high: content 80 + 2 rows x 120 = 320.
    /// The list: 44-high rows. Before, the first pass found `self` gone: an
    /// empty layout (390x0) with `[weak self]`, a crash with `[unowned self]`.
    @Test func aSectionProviderThatCapturesSelfWeaklyFindsItsViewController() throws {
        let folder = try TranscriptCommandFolder(["Feed.swift": Self.feed])
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("stk-layout-owner-cache")
        let run = try folder.stk("--plugin", "Feed.swift", "-e", """
            sections 2 items=4
            layout feed-view-controller
            contentsize; attr item 0:1; attr item 1:3
            layout unowned-feed-view-controller
            contentsize; attr item 1:0
            """, environment: try SourceAdapterTool.environment(cache: cache))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            390x320
            item 0:1 frame=104,0,80,80 zIndex=0 alpha=1 hidden=false
            item 1:3 frame=195,200,195,120 zIndex=0 alpha=1 hidden=false
            390x352
            item 1:0 frame=0,176,390,44 zIndex=0 alpha=1 hidden=false

            """, "\(run)")
    }
}
