import UIKit

/// Bug: section headers stick to the top of the view while their section
/// scrolls by, and a scroll is meant to be cheap: the context for a bounds
/// change keeps the flow's geometry (`invalidateFlowLayoutAttributes` and
/// `invalidateFlowLayoutDelegateMetrics` false) and names the cells on
/// screen, but forgets the headers, the only elements a scroll moves. UIKit
/// asks again only for what a context names, so the headers stay where they
/// were: the pinned one scrolls away with the content. `stk verify` reports
/// a [context] finding after a scroll. The fix: set `buggy` to false, which
/// names the headers of the sections on screen before and after the scroll.
final class ForgetfulHeadersLayout: UICollectionViewFlowLayout {
    let buggy = true

    override init() {
        super.init()
        headerReferenceSize = CGSize(width: 0, height: 40)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds) as! UICollectionViewFlowLayoutInvalidationContext
        // A rotation or a resize lays the flow out again: super's context says so.
        guard let collectionView = collectionView, newBounds.size == collectionView.bounds.size else { return context }
        context.invalidateFlowLayoutAttributes = false
        context.invalidateFlowLayoutDelegateMetrics = false
        var cells: [IndexPath] = []
        var sections = Set<Int>()
        for bounds in [collectionView.bounds, newBounds] {
            for attributes in super.layoutAttributesForElements(in: bounds) ?? [] {
                sections.insert(attributes.indexPath.section)
                if attributes.representedElementCategory == .cell { cells.append(attributes.indexPath) }
            }
        }
        context.invalidateItems(at: cells)
        if !buggy {
            let headers = sections.sorted().map { IndexPath(item: 0, section: $0) }
            context.invalidateSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader, at: headers)
        }
        return context
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        // Every section with something in the rect shows its header, at the
        // place where it sticks; the flow's own header objects are left out.
        var sections = Set<Int>()
        var answer: [UICollectionViewLayoutAttributes] = []
        for attributes in original {
            sections.insert(attributes.indexPath.section)
            if attributes.representedElementKind != UICollectionView.elementKindSectionHeader { answer.append(attributes) }
        }
        for section in sections.sorted() {
            let indexPath = IndexPath(item: 0, section: section)
            if let header = layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: indexPath),
               header.frame.intersects(rect) {
                answer.append(header)
            }
        }
        return answer
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let original = super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath) else { return nil }
        guard elementKind == UICollectionView.elementKindSectionHeader, let collectionView = collectionView else { return original }
        let items = collectionView.numberOfItems(inSection: indexPath.section)
        guard items > 0, let last = super.layoutAttributesForItem(at: IndexPath(item: items - 1, section: indexPath.section)) else {
            return original
        }
        // A copy: the flow layout's own objects must not change.
        let header = original.copy() as! UICollectionViewLayoutAttributes
        let top = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        header.frame.origin.y = min(max(top, original.frame.minY), max(original.frame.minY, last.frame.maxY - original.frame.height))
        header.zIndex = 10
        return header
    }
}
