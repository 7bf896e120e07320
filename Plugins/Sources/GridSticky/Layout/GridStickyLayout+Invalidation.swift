import Foundation
import LayoutKit

/// Invalidation: each change names what it changes, `invalidateLayout(with:)`
/// records it, and `prepare()` redoes only that.
extension GridStickyLayout {
    /// True on any bounds change while the grid has at least one sticky cell
    /// (a sticky option above 0 and a cell in a sticky row or column): sticky
    /// cells follow the offset, and a size change changes which cells are
    /// candidates. False otherwise: without sticky cells nothing in the grid
    /// depends on the bounds (the viewport's size does not shape the grid).
    func shouldInvalidate(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView, newBounds != collectionView.bounds else { return false }
        return needsPrepare || state.hasStickyCells
    }

    /// Names exactly the sticky cells that are candidates for the old or the new
    /// bounds: the only cells whose attributes can change (FloatingRule.swift).
    /// Asked while the old bounds are still current.
    func makeContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        let context = type(of: self).contextType.init()
        guard let collectionView else { return context }
        let old = state.geometry.candidates(span: state.sticky, bounds: collectionView.bounds)
        let new = state.geometry.candidates(span: state.sticky, bounds: newBounds)
        counters.elementsTouched += old.count + new.count
        let cells = mergeCandidates(old, new)
        if !cells.isEmpty { context.invalidateItems(at: cells.map(\.indexPath)) }
        return context
    }

    /// Records the work: everything, data counts (every row, reusing unchanged
    /// ones), or named cells. Named cells are re-decided (candidate or not); a
    /// named cell whose section revision moved (a size override) also has its
    /// row recomputed, and the rows below restacked.
    func record(_ context: CollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything {
            pending.geometry = .everything
        } else if context.invalidateDataSourceCounts {
            pending.geometry = max(pending.geometry, .dataCounts)
        }
        if let items = context.invalidatedItemIndexPaths {
            pending.cells.reserveCapacity(pending.cells.count + items.count)
            for indexPath in items {
                if let cell = GridCell(indexPath) { pending.cells.append(cell) }
            }
        }
    }

    /// Applies new sticky counts with the smallest correct context: the cells of
    /// the rows that enter or leave the sticky rows, and the cells of the
    /// columns that enter or leave the sticky columns (their zIndex changes,
    /// and whether they are displaced). Nothing else moves: the grid's
    /// geometry does not depend on which cells are sticky.
    func setSticky(_ span: StickySpan) {
        let old = options
        guard span != old else { return }
        options = span
        guard let collectionView else { return }
        let sections = collectionView.sections
        let rowEnd = min(max(old.rows, span.rows), sections.count)
        let rowRange = min(min(old.rows, span.rows), rowEnd)..<rowEnd
        let columnRange = min(old.columns, span.columns)..<max(old.columns, span.columns)
        var paths: [IndexPath] = []
        if !rowRange.isEmpty {
            for r in rowRange {
                for c in 0..<sections[r].itemCount { paths.append(IndexPath(item: c, section: r)) }
            }
        }
        if !columnRange.isEmpty {
            for r in sections.indices where !rowRange.contains(r) {
                let end = min(columnRange.upperBound, sections[r].itemCount)
                if columnRange.lowerBound < end {
                    for c in columnRange.lowerBound..<end { paths.append(IndexPath(item: c, section: r)) }
                }
            }
        }
        paths.sort()
        let context = type(of: self).contextType.init()
        if !paths.isEmpty { context.invalidateItems(at: paths) }
        // An empty context still records that the counts in effect changed
        // (whether the grid has sticky cells at all), at the cost of a prepare
        // that redoes nothing.
        invalidateLayout(with: context)
    }
}
