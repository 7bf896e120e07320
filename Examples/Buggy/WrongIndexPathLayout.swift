import UIKit

/// Bug: the single query answers from a flat array, indexed by the item alone,
/// so `layoutAttributesForItem(at: [1, 3])` answers for item 0:3. UIKit uses
/// the answer for the cell it asked about: the wrong frame. `stk verify`
/// reports a [single query] finding. The fix: set `buggy` to false, which
/// looks the index path up.
final class WrongIndexPathLayout: UICollectionViewFlowLayout {
    let buggy = true
    private var cache: [UICollectionViewLayoutAttributes] = []

    override func prepare() {
        super.prepare()
        // Copies: the flow layout owns the objects it returns and changes them.
        cache = super.layoutAttributesForElements(in: CGRect(origin: .zero, size: collectionViewContentSize))?
            .filter { $0.representedElementCategory == .cell }
            .map { $0.copy() as! UICollectionViewLayoutAttributes } ?? []
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if buggy {
            return indexPath.item < cache.count ? cache[indexPath.item] : nil
        }
        return cache.first { $0.indexPath == indexPath }
    }
}
