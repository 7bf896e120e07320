import Foundation
import StkTestSupport
import Testing

/// A layout that reads the app's data source through its collection view
/// (`collectionView.dataSource as! PhotoFeedDataSource`), as layouts that size
/// items from the app's model do: on iOS the app sets that data source. In stk
/// the data source was stk's own, and the forced cast trapped with no line.
/// The types of the sources that fit the cast and adopt
/// `UICollectionViewDataSource` are the layout's `collectionViewDataSource`
/// option; for a forced cast with one such type, a new instance of it is the
/// default, as on iOS the app's data source is always that class.
@Suite struct CollectionViewDataSourceOptionTests {
    static let feed = """
        import Foundation
        import UIKit

        struct Photo {
            let caption: String
            let height: CGFloat
        }

        final class PhotoFeedDataSource: NSObject, UICollectionViewDataSource {
            var photos: [Photo] = [
                Photo(caption: "Lake", height: 180),
                Photo(caption: "Dunes", height: 120),
                Photo(caption: "Harbour", height: 240),
            ]

            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                photos.count
            }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: indexPath)
                cell.backgroundColor = .systemGray5
                return cell
            }
        }

        final class PhotoFeedLayout: UICollectionViewFlowLayout {
            override init() {
                super.init()
                minimumLineSpacing = 8
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            override func prepare() {
                super.prepare()
                guard let collectionView = collectionView else { return }
                let source = collectionView.dataSource as! PhotoFeedDataSource
                let tallest = source.photos.map(\\.height).max() ?? 100
                itemSize = CGSize(width: collectionView.bounds.width, height: tallest)
            }
        }
        """

    /// The tallest photo is 240: items of 390x240, 8 apart, so item 0:1 at
    /// y 248 and three items 3 x 240 + 2 x 8 = 736 high.
    @Test func aForcedCastOfTheDataSourceGetsTheOnlyTypeThatFits() throws {
        let folder = try TranscriptCommandFolder(["Feed/PhotoFeed.swift": Self.feed])
        let run = try folder.stk("--plugin", "Feed", "-e", """
            sections 1 items=3
            layout photo-feed-layout
            contentsize
            attr item 0:1
            options
            """, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["390x736", "item 0:1 frame=0,248,390,240 zIndex=0 alpha=1 hidden=false"], "\(run)")
        #expect(lines.contains { $0.hasPrefix("collectionViewDataSource") && $0.contains("PhotoFeedDataSource") }, "\(run)")
    }

    static let providers = """
        import UIKit

        protocol RowHeightProviding: AnyObject {
            func rowHeight(at indexPath: IndexPath) -> CGFloat
        }

        /// Adopts the protocol but is no data source: never the collection view's.
        final class HeightCache: RowHeightProviding {
            func rowHeight(at indexPath: IndexPath) -> CGFloat { 10 }
        }

        final class SettingsDataSource: NSObject, UICollectionViewDataSource, RowHeightProviding {
            func rowHeight(at indexPath: IndexPath) -> CGFloat { indexPath.item == 0 ? 88 : 44 }

            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "Row", for: indexPath)
            }
        }

        final class SettingsLayout: UICollectionViewLayout {
            private var cache: [UICollectionViewLayoutAttributes] = []

            override func prepare() {
                super.prepare()
                guard let collectionView = collectionView else { return }
                let provider = collectionView.dataSource as? RowHeightProviding
                cache.removeAll()
                var y: CGFloat = 0
                for item in 0..<collectionView.numberOfItems(inSection: 0) {
                    let indexPath = IndexPath(item: item, section: 0)
                    let height = provider?.rowHeight(at: indexPath) ?? 50
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                    attributes.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: height)
                    cache.append(attributes)
                    y += height
                }
            }

            override var collectionViewContentSize: CGSize {
                CGSize(width: collectionView?.bounds.width ?? 0, height: cache.last?.frame.maxY ?? 0)
            }

            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                cache.filter { $0.frame.intersects(rect) }
            }

            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
            }
        }
        """

    /// A conditional cast has a fallback, so nothing is set at first: three
    /// rows of 50 (150). With the data source set, 88 + 44 + 44 = 176. The
    /// type that adopts the protocol but is no data source is not a value.
    @Test func aConditionalCastOffersTheDataSourcesThatFitWithoutChoosing() throws {
        let folder = try TranscriptCommandFolder(["Settings/Settings.swift": Self.providers])
        let run = try folder.stk("--plugin", "Settings", "-e", """
            sections 1 items=3
            layout settings-layout
            contentsize
            set collectionViewDataSource=SettingsDataSource
            contentsize
            attr item 0:1
            set collectionViewDataSource=HeightCache
            """, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["390x150", "390x176", "item 0:1 frame=0,88,390,44 zIndex=0 alpha=1 hidden=false"], "\(run)")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("option collectionViewDataSource: expected one of SettingsDataSource|nil, got 'HeightCache'"), "\(run)")
    }
}
