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
        guard let collectionView = collectionView else {
            cache = []
            return
        }
        let indexPaths = (0..<collectionView.numberOfSections).flatMap { section in
            (0..<collectionView.numberOfItems(inSection: section)).map { IndexPath(item: $0, section: section) }
        }
        // One row of 50 every 60 points, across the sections.
        cache = indexPaths.enumerated().map { row, indexPath in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(x: 0, y: CGFloat(row) * 60, width: collectionView.bounds.width, height: 50)
            return attributes
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
