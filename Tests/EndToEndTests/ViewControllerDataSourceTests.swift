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
        try expectRun("""
            sections 2 items=3
            layout videos-view-controller
            contentsize
            attr item 1:1
            delete section 0
            contentsize
            attr item 0:1
            """, loading: "VideosViewController.swift", from: Self.videos, prints: """
            390x960
            item 1:1 frame=195,660,195,150 zIndex=0 alpha=1 hidden=false
            390x300
            item 0:1 frame=195,0,195,150 zIndex=0 alpha=1 hidden=false

            """)
    }
}

/// A model of the app's, kept because the data source's item type names it,
/// in a file of its own that imports CoreLocation for a coordinate, as
/// Apple's Landmarks tutorial has it: stk's CoreLocation has the values, so
/// the model compiles as it is, its own conformance of the coordinate too.
extension ViewControllerSourceTests {
    static let place = """
        import Foundation
        import CoreLocation

        struct Place: Decodable, Hashable {
            struct Coordinates: Decodable, Hashable {
                let latitude: Double
                let longitude: Double
            }

            let id: Int
            let name: String
            private let coordinates: Coordinates

            var locationCoordinate: CLLocationCoordinate2D {
                CLLocationCoordinate2D(latitude: coordinates.latitude, longitude: coordinates.longitude)
            }

            var isOnTheGlobe: Bool { CLLocationCoordinate2DIsValid(locationCoordinate) }
        }

        extension CLLocationCoordinate2D: Equatable {
            public static func == (lhs: CLLocationCoordinate2D, rhs: CLLocationCoordinate2D) -> Bool {
                lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude
            }
        }
        """

    static let places = """
        import UIKit

        final class PlacesViewController: UICollectionViewController {
            enum Section: CaseIterable {
                case featured
                case nearby
            }

            private var diffableDataSource: UICollectionViewDiffableDataSource<Section, Place>!

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.collectionViewLayout = createLayout()
            }

            private func createLayout() -> UICollectionViewCompositionalLayout {
                UICollectionViewCompositionalLayout { [weak self] sectionIndex, environment in
                    guard let section = self?.diffableDataSource.sectionIdentifier(for: sectionIndex) else { return nil }
                    let width: NSCollectionLayoutDimension = section == .featured ? .fractionalWidth(1) : .fractionalWidth(0.5)
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: width, heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
        }
        """

    /// S0 is `.featured`: rows of one item, 200 high; S1 `.nearby`: items
    /// half as wide, two a row. 2 x 200 + 2 x 200 = 800 (three items in S1
    /// fill two rows); item 1:1 beside 1:0, at 195 and y 400.
    @Test func aModelThatImportsCoreLocationCompilesAsItIs() throws {
        let folder = try TranscriptCommandFolder(["Places/Place.swift": Self.place, "Places/PlacesViewController.swift": Self.places])
        try expectRun("""
            sections 2,3
            layout places-view-controller
            contentsize
            attr item 1:1
            """, plugin: "Places", in: folder, prints: """
            390x800
            item 1:1 frame=195,400,195,200 zIndex=0 alpha=1 hidden=false

            """)
    }
}
