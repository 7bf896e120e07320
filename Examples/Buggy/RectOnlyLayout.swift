import UIKit

/// Bug: only `layoutAttributesForElements(in:)` is overridden, the classic
/// shortcut. UIKit asks `layoutAttributesForItem(at:)` too (scrolling to an
/// item, animations), and gets nil. `stk verify` reports it as a
/// [single query] finding. The fix: set `buggy` to false, which answers the
/// single query from the same cache.
final class RectOnlyLayout: UICollectionViewLayout {
    let buggy = true
    private var cache: [UICollectionViewLayoutAttributes] = []

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(cache.count) * 60)
    }

    override func prepare() {
        super.prepare()
        cache = []
        guard let collectionView = collectionView else { return }
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: 50)
                cache.append(attributes)
                y += 60
            }
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard !buggy else { return nil }
        return cache.first { $0.indexPath == indexPath }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != collectionView?.bounds.size
    }
}
