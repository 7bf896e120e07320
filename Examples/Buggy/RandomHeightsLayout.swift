import UIKit

/// Bug: the photos' heights are made up in `prepare()` with
/// `CGFloat.random(in:)`, as a Pinterest clone's placeholder does before the
/// real photos come, so the layout is not a function of its data: laid out
/// again over the same items (after an invalidation, on another device, in
/// a test) every photo moves. `stk verify` reports one [fresh layout]
/// finding: two fresh layouts on the same data disagree. The fix: set
/// `buggy` to false, which derives each height from the item's index.
final class RandomHeightsLayout: UICollectionViewLayout {
    let buggy = true
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0
    private let columns = 2
    private let spacing: CGFloat = 8

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        guard cache.isEmpty, let collectionView = collectionView, collectionView.numberOfSections > 0 else { return }
        let width = (collectionView.bounds.width - spacing * CGFloat(columns + 1)) / CGFloat(columns)
        var yOffsets = Array(repeating: spacing, count: columns)
        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let column = yOffsets.firstIndex(of: yOffsets.min() ?? 0) ?? 0
            let height = buggy ? CGFloat.random(in: 120...280) : 120 + CGFloat(item * 37 % 160)
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: spacing + CGFloat(column) * (width + spacing), y: yOffsets[column], width: width, height: height)
            cache.append(attributes)
            yOffsets[column] += height + spacing
        }
        contentHeight = yOffsets.max() ?? 0
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        cache = []
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }
}
