import UIKit

/// Bug: the cache is cleared in `invalidateLayout()` only. UIKit invalidates a
/// batch update with `invalidateLayout(with:)` (a context that counts the
/// data again), so after an insert or a delete the cache still holds the old
/// items: attributes for index paths that moved or no longer exist. `stk
/// verify` reports [fresh layout] and [index paths] findings. The fix: set
/// `buggy` to false, which clears the cache in `invalidateLayout(with:)`,
/// the method every invalidation goes through.
final class StaleCacheLayout: UICollectionViewLayout {
    let buggy = true
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: height)
    }

    override func prepare() {
        super.prepare()
        guard cache.isEmpty, let collectionView = collectionView else { return }
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: 40)
                cache.append(attributes)
                y += 50
            }
        }
        height = y
    }

    override func invalidateLayout() {
        cache = []
        super.invalidateLayout()
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if !buggy { cache = [] }
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.first { $0.indexPath == indexPath }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != collectionView?.bounds.size
    }
}
