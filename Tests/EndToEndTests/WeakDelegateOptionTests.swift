import Foundation
import StkTestSupport
import Testing

/// A layout that asks a weak delegate for each cell's height, as the widely
/// copied Pinterest layout does (`weak var delegate: PinterestLayoutDelegate!`,
/// read in `prepare()`): on iOS the view controller sets and keeps it. With a
/// small delegate written for stk beside it, `layout pinterest-layout
/// delegate=FixedHeights` runs it: the layout keeps the instance.
@Suite struct WeakDelegateOptionTests {
    static let layout = """
        import UIKit

        protocol PinterestLayoutDelegate: AnyObject {
            func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
        }

        class PinterestLayout: UICollectionViewLayout {
            weak var delegate: PinterestLayoutDelegate!

            private let numberOfColumns = 2
            private let cellPadding: CGFloat = 6
            private var cache: [UICollectionViewLayoutAttributes] = []
            private var contentHeight: CGFloat = 0

            private var contentWidth: CGFloat {
                guard let collectionView = collectionView else { return 0 }
                let insets = collectionView.contentInset
                return collectionView.bounds.width - (insets.left + insets.right)
            }

            override var collectionViewContentSize: CGSize {
                return CGSize(width: contentWidth, height: contentHeight)
            }

            override func prepare() {
                guard cache.isEmpty, let collectionView = collectionView else { return }
                let columnWidth = contentWidth / CGFloat(numberOfColumns)
                var xOffset: [CGFloat] = []
                for column in 0..<numberOfColumns {
                    xOffset.append(CGFloat(column) * columnWidth)
                }
                var column = 0
                var yOffset: [CGFloat] = .init(repeating: 0, count: numberOfColumns)
                for item in 0..<collectionView.numberOfItems(inSection: 0) {
                    let indexPath = IndexPath(item: item, section: 0)
                    let photoHeight = delegate.collectionView(collectionView, heightForPhotoAtIndexPath: indexPath)
                    let height = cellPadding * 2 + photoHeight
                    let frame = CGRect(x: xOffset[column], y: yOffset[column], width: columnWidth, height: height)
                    let insetFrame = frame.insetBy(dx: cellPadding, dy: cellPadding)
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                    attributes.frame = insetFrame
                    cache.append(attributes)
                    contentHeight = max(contentHeight, frame.maxY)
                    yOffset[column] = yOffset[column] + height
                    column = column < (numberOfColumns - 1) ? (column + 1) : 0
                }
            }

            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                return cache.filter { $0.frame.intersects(rect) }
            }

            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                return cache[indexPath.item]
            }
        }
        """

    /// What the app's view controller answers from its photos, for stk: every
    /// third photo is tall.
    static let heights = """
        import UIKit

        final class FixedHeights: PinterestLayoutDelegate {
            func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat {
                indexPath.item % 3 == 0 ? 200 : 100
            }
        }
        """

    /// Two columns of 195, cells padded by 6: item 0 (tall) at 6,6, 183 x 200
    /// in column 0; item 1 at 201,6, 183 x 100 in column 1; item 2 under
    /// item 0 at y 212 + 6; item 3 (tall) under item 1 at 112 + 6. Both
    /// columns end at 212 + 112 = 324.
    @Test func aWeakDelegateGivenByNameRunsTheLayout() throws {
        let folder = try TranscriptCommandFolder(["Pinterest/PinterestLayout.swift": Self.layout, "Pinterest/FixedHeights.swift": Self.heights])
        let run = try folder.stk("--plugin", "Pinterest", "-e", """
            sections 1 items=4
            layout pinterest-layout delegate=FixedHeights
            contentsize
            attr item 0:0
            attr item 0:3
            """, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            390x324
            item 0:0 frame=6,6,183,200 zIndex=0 alpha=1 hidden=false
            item 0:3 frame=201,118,183,200 zIndex=0 alpha=1 hidden=false

            """, "\(run)")
    }
}
