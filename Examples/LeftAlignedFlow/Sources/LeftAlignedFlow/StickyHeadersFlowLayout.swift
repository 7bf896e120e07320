import StkUIKit

/// A vertical flow layout whose section headers stick to the top of the
/// visible area while their section scrolls by, as a table view's do, and are
/// pushed up by the section's last item when the section leaves.
///
/// Written as it would be for iOS before `sectionHeadersPinToVisibleBounds`:
/// a `UICollectionViewFlowLayout` subclass that overrides three methods (and
/// names what a scroll moves in its invalidation context).
/// - `shouldInvalidateLayout(forBoundsChange:)` answers true: a header's place
///   depends on the content offset, so every scroll asks again.
/// - `layoutAttributesForElements(in:)` returns the header of every section
///   with anything in the rect, even when the header's own place in the flow
///   is outside it (scrolled past): that header is the one pinned on screen.
/// - `layoutAttributesForSupplementaryView(ofKind:at:)` moves a header from
///   its place in the flow to where it sticks.
open class StickyHeadersFlowLayout: UICollectionViewFlowLayout {
    /// The zIndex of a header that left its place in the flow: it floats over
    /// the cells (zIndex 0) scrolling under it and over footers and headers
    /// still in place (the flow layout gives supplementary views 1).
    public static let pinnedHeaderZIndex = 10

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    /// A scroll moves the headers of the sections on screen before or after it
    /// and nothing else: the context names them (the flow layout's own context
    /// for a bounds change keeps the item geometry).
    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        guard let collectionView = collectionView else { return context }
        let sections = NSMutableIndexSet()
        for bounds in [collectionView.bounds, newBounds] {
            for element in super.layoutAttributesForElements(in: bounds) ?? [] {
                sections.add(element.indexPath.section)
            }
        }
        let headers = sections.map { IndexPath(item: 0, section: $0) }
        if !headers.isEmpty {
            context.invalidateSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader, at: headers)
        }
        return context
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect) else { return nil }

        // Sections with something in the rect: a cell, a footer, or a header in
        // its place. Their headers are asked again below, where they stick.
        let sectionsInRect = NSMutableIndexSet()
        var result: [UICollectionViewLayoutAttributes] = []
        result.reserveCapacity(attributes.count + 1)
        for element in attributes {
            sectionsInRect.add(element.indexPath.section)
            let isHeader = element.representedElementCategory == .supplementaryView
                && element.representedElementKind == UICollectionView.elementKindSectionHeader
            if !isHeader { result.append(element) }
        }
        for section in sectionsInRect {
            let indexPath = IndexPath(item: 0, section: section)
            // A stuck header is at the top of the visible area or pushed up by
            // the section's last item, both inside a visible section; the check
            // keeps a query of part of the screen to what is in it.
            if let header = layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: indexPath),
               header.frame.overlaps(rect) {
                result.append(header)
            }
        }
        return result
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        // A copy: the flow's own object is its cache, which a subclass must not change.
        guard let attributes = super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)?
            .copy() as? UICollectionViewLayoutAttributes else { return nil }
        guard elementKind == UICollectionView.elementKindSectionHeader,
              let collectionView = collectionView,
              let lastItemMaxY = lastItemMaxY(inSection: indexPath.section) else { return attributes }

        // Never above its place in the flow (a section below the top of the
        // screen keeps its header where it is), at the top of the visible area
        // (below the adjusted top inset) while the section passes under it, and
        // never below the bottom of the section's last item, which pushes it up.
        let natural = attributes.frame
        let visibleTop = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        var frame = natural
        frame.origin.y = min(max(visibleTop, natural.minY), lastItemMaxY - natural.height)
        attributes.frame = frame
        if frame.minY != natural.minY { attributes.zIndex = Self.pinnedHeaderZIndex }
        return attributes
    }

    /// The bottom edge of the section's last item, or nil for an empty section
    /// (whose header has nothing to stick over, so it stays in place).
    private func lastItemMaxY(inSection section: Int) -> CGFloat? {
        guard let collectionView = collectionView else { return nil }
        let numberOfItems = collectionView.numberOfItems(inSection: section)
        guard numberOfItems > 0,
              let lastItem = layoutAttributesForItem(at: IndexPath(item: numberOfItems - 1, section: section)) else { return nil }
        return lastItem.frame.maxY
    }
}
