import UIKit

/// Bug: section headers stick to the top, computed in the rect query, but
/// `shouldInvalidateLayout(forBoundsChange:)` is left at its default (false).
/// UIKit then never asks again while the user scrolls: the headers on screen
/// stay where they were. `stk verify` reports a [context] finding after a
/// scroll. The fix: set `buggy` to false, which invalidates on every bounds
/// change.
final class FrozenStickyLayout: UICollectionViewFlowLayout {
    let buggy = true

    override func prepare() {
        // Set once: setting a flow property invalidates the whole layout.
        if headerReferenceSize.height != 40 { headerReferenceSize = CGSize(width: 0, height: 40) }
        super.prepare()
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map(pinned)
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath).map(pinned)
    }

    /// A header moved down to the top of the view, until its section's last
    /// item pushes it up; other elements as they are.
    private func pinned(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let collectionView = collectionView,
              attributes.representedElementKind == UICollectionView.elementKindSectionHeader else { return attributes }
        let copy = attributes.copy() as! UICollectionViewLayoutAttributes
        let section = attributes.indexPath.section
        let items = collectionView.numberOfItems(inSection: section)
        let end = items > 0 ? super.layoutAttributesForItem(at: IndexPath(item: items - 1, section: section))?.frame.maxY ?? copy.frame.maxY
                            : copy.frame.maxY
        copy.frame.origin.y = min(max(collectionView.contentOffset.y, copy.frame.minY), max(copy.frame.minY, end - copy.frame.height))
        copy.zIndex = 10
        return copy
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        buggy ? false : true
    }
}
