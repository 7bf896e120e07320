import Foundation
import StkTestSupport
import Testing

/// A view controller whose section provider asks its diffable data source
/// which section it lays out, the data source made in a `lazy var` by a
/// `makeDataSource()` with a cell provider, as many apps write it: stk makes
/// one bound to the collection view, with the session's identifiers.
extension ViewControllerSourceTests {
    static let videos = """
        import UIKit
        import Foundation

        final class VideosViewController: UICollectionViewController {
            enum Section: CaseIterable {
                case featured
                case all
            }

            struct Video: Hashable {
                let id = UUID()
                let title: String
            }

            typealias DataSource = UICollectionViewDiffableDataSource<Section, Video>
            typealias Snapshot = NSDiffableDataSourceSnapshot<Section, Video>

            private lazy var dataSource = makeDataSource()
            private var videos: [Video] = []

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(VideoCell.self, forCellWithReuseIdentifier: VideoCell.reuseIdentifier)
                collectionView.collectionViewLayout = makeLayout()
                applySnapshot(animatingDifferences: false)
            }

            func makeDataSource() -> DataSource {
                DataSource(collectionView: collectionView) { collectionView, indexPath, video in
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: VideoCell.reuseIdentifier, for: indexPath) as? VideoCell
                    cell?.titleLabel.text = video.title
                    return cell
                }
            }

            func applySnapshot(animatingDifferences: Bool = true) {
                var snapshot = Snapshot()
                snapshot.appendSections(Section.allCases)
                snapshot.appendItems(Array(videos.prefix(1)), toSection: .featured)
                snapshot.appendItems(Array(videos.dropFirst()), toSection: .all)
                dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
            }

            func makeLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [unowned self] sectionIndex, environment in
                    switch self.dataSource.snapshot().sectionIdentifiers[sectionIndex] {
                    case .featured:
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(220)), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    case .all:
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(150)), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
        }

        final class VideoCell: UICollectionViewCell {
            static let reuseIdentifier = "VideoCell"
            let titleLabel = UILabel()
        }
        """

    /// Section S0 is `.featured` (220 a row), S1 `.all` (two columns, 150 a
    /// row): 3 * 220 + 2 * 150 = 960, item 1:1 beside 1:0 at y 660. Once S0
    /// is deleted, section 0 is S1, `.all`, as on iOS: 300 high.
    @Test func aLazyDataSourceReadByTheProviderHasTheSessionsIdentifiers() throws {
        let folder = try TranscriptCommandFolder(["VideosViewController.swift": Self.videos])
        try expectRun("""
            sections 2 items=3
            layout videos-view-controller
            contentsize
            attr item 1:1
            delete section 0
            contentsize
            attr item 0:1
            """, plugin: "VideosViewController.swift", in: folder, prints: """
            390x960
            item 1:1 frame=195,660,195,150 zIndex=0 alpha=1 hidden=false
            390x300
            item 0:1 frame=195,0,195,150 zIndex=0 alpha=1 hidden=false

            """)
    }
}
