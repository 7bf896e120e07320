import Foundation
import LayoutKit

/// A grid that scrolls both ways, whose first rows and columns stick to the top
/// and left edges of the visible area (the sticky-grid article ("Collection View with Sticky Rows and Columns"), docs/semantics.md "grid-sticky").
///
/// Rows are sections and columns are items. Cells take `itemSize`, the
/// collection view's per-item size overrides, or, when the collection view has
/// a delegate, the delegate's `sizeForItemAt`. Rows stack with no spacing,
/// cells in a row abut, a row is as tall as its tallest cell and each cell
/// keeps its own size at the top of its row.
///
/// Unlike the sticky-grid article ("Collection View with Sticky Rows and Columns"), which rebuilds every attribute on every scroll and
/// takes the content size from the last cell, this layout:
/// - takes the content size from the largest maxX and maxY over all cells;
/// - stores nothing per cell for rows without size overrides (positions are
///   arithmetic), a prefix array of x for rows with overrides and one of y for
///   the rows, so a rect query costs a binary search plus the cells returned;
/// - on a bounds change invalidates only the sticky cells that are candidates
///   for the old or the new bounds (FloatingRule.swift) and recomputes only those.
///
/// Choices where docs/semantics.md is silent:
/// - `isPinned` marks the displaced cells, i.e. the candidates, even where the
///   displacement is zero (at rest under the insets they sit at their natural
///   frames yet follow the viewport). zIndex depends only on stickiness.
/// - `shouldInvalidateLayout(forBoundsChange:)` is false when the grid has no
///   sticky cell: nothing else in the grid depends on the bounds.
/// - Appearing cells start at their final frame with alpha 0 and disappearing
///   cells end at their frame from before the update with alpha 0 (a fade in
///   place; a grid has no natural direction to slide from).
/// - `targetContentOffset` keeps the default (the proposed offset): no snapping.
/// - A delegate's negative, infinite or NaN width or height counts as 0.
open class GridStickyLayout: CollectionViewLayout, ConfigurableLayout {
    /// The size of a cell without an override: UIKit's flow layout default,
    /// which is also what the sticky-grid article's grid starts from.
    public static let defaultItemSize = CGSize(width: 50, height: 50)

    /// How many rows, from the first, stick to the top edge. 0: none.
    public var stickyRows: Int {
        get { options.rows }
        set {
            precondition(newValue >= 0, "stickyRows must be a non-negative integer, got \(newValue)")
            setSticky(StickySpan(rows: newValue, columns: options.columns))
        }
    }

    /// How many columns, from the first, stick to the left edge. 0: none.
    public var stickyColumns: Int {
        get { options.columns }
        set {
            precondition(newValue >= 0, "stickyColumns must be a non-negative integer, got \(newValue)")
            setSticky(StickySpan(rows: options.rows, columns: newValue))
        }
    }

    /// The size of every cell without a size override (ignored while the
    /// collection view has a delegate, which then sizes every cell).
    public var itemSize: CGSize {
        get { currentItemSize }
        set {
            precondition(newValue.width.isFinite && newValue.height.isFinite && newValue.width >= 0 && newValue.height >= 0,
                         "itemSize must be a size with finite, non-negative width and height, got \(newValue.stk)")
            guard newValue != currentItemSize else { return }
            currentItemSize = newValue
            // Every cell without an override moves or resizes, and so may every
            // row below: nothing smaller than everything is correct.
            invalidateLayout()
        }
    }

    // MARK: State

    /// The sticky counts as set (the prepared state holds the ones in effect).
    var options: StickySpan
    var currentItemSize: CGSize
    /// The prepared state, and the one from before the batch update in flight.
    var state = GridState()
    var stateBeforeUpdate: GridState?
    var pending = PendingInvalidation()
    /// The delegate the geometry was computed with: a different one means new sizes.
    var preparedDelegate: ObjectIdentifier?

    public init(stickyRows: Int = 1, stickyColumns: Int = 1, itemSize: CGSize = GridStickyLayout.defaultItemSize) {
        precondition(stickyRows >= 0, "stickyRows must be a non-negative integer, got \(stickyRows)")
        precondition(stickyColumns >= 0, "stickyColumns must be a non-negative integer, got \(stickyColumns)")
        precondition(itemSize.width.isFinite && itemSize.height.isFinite && itemSize.width >= 0 && itemSize.height >= 0,
                     "itemSize must be a size with finite, non-negative width and height, got \(itemSize.stk)")
        options = StickySpan(rows: stickyRows, columns: stickyColumns)
        currentItemSize = itemSize
        super.init()
    }

    public convenience override init() {
        self.init(stickyRows: 1, stickyColumns: 1, itemSize: GridStickyLayout.defaultItemSize)
    }

    public required init?(coder: NSCoder) {
        options = StickySpan(rows: 1, columns: 1)
        currentItemSize = GridStickyLayout.defaultItemSize
        super.init(coder: coder)
    }

    /// Whether the item is in a sticky row or a sticky column (the sticky-grid article's
    /// `isItemSticky(at:)`), by the counts as set.
    public func isItemSticky(at indexPath: IndexPath) -> Bool {
        guard let cell = GridCell(indexPath) else { return false }
        return options.kind(of: cell).isSticky
    }

    // MARK: The layout pass

    open override var collectionViewContentSize: CGSize { state.geometry.contentSize }

    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            state = GridState()
            pending = PendingInvalidation()
            return
        }
        let delegate = collectionView.installedFlowDelegate.map { ObjectIdentifier($0) }
        if delegate != preparedDelegate {
            pending.geometry = .everything
            preparedDelegate = delegate
        }
        let work = pending
        pending = PendingInvalidation(geometry: .none, cells: [])
        // The state before a batch update answers for disappearing cells until
        // `finalizeCollectionViewUpdates()`; any other pass drops it.
        stateBeforeUpdate = work.geometry == .dataCounts ? state : nil
        state.sticky = options

        switch work.geometry {
        case .everything:
            state.geometry = GridGeometry(rows: makeRows(reusing: nil))
            recomputeAllDisplaced()
        case .dataCounts:
            state.geometry = GridGeometry(rows: makeRows(reusing: delegate == nil ? state.geometry.rows : nil))
            recomputeAllDisplaced()
        case .none:
            guard collectionView.sections.count == state.geometry.rowCount else {
                // Data changed without a data-count invalidation: recover by
                // recomputing rather than answering from stale rows.
                state.geometry = GridGeometry(rows: makeRows(reusing: nil))
                recomputeAllDisplaced()
                return
            }
            if recomputeChangedRows(named: work.cells) {
                recomputeAllDisplaced()
            } else {
                recomputeDisplacement(of: work.cells)
            }
        }
    }

    /// Rows for the collection view's sections. With `reusing` (a batch update),
    /// a row whose section kept its identity, revision and count is kept as it is.
    private func makeRows(reusing old: [GridRow]?) -> [GridRow] {
        guard let collectionView else { return [] }
        var reusable: [Int: GridRow] = [:]
        if let old {
            var ambiguous = Set<Int>()
            for row in old {
                if reusable.updateValue(row, forKey: row.identity) != nil { ambiguous.insert(row.identity) }
            }
            for identity in ambiguous { reusable[identity] = nil }
        }
        let sections = collectionView.sections
        var rows: [GridRow] = []
        rows.reserveCapacity(sections.count)
        for (index, data) in sections.enumerated() {
            if let row = reusable[data.identity], row.revision == data.revision, row.count == data.itemCount {
                rows.append(row)
            } else {
                rows.append(makeRow(index, data: data, in: collectionView))
            }
        }
        return rows
    }

    /// One row's geometry from its data: arithmetic for a uniform section, one
    /// size per cell for a section with overrides or when a delegate sizes cells.
    private func makeRow(_ index: Int, data: SectionData, in collectionView: CollectionView) -> GridRow {
        counters.sectionsComputed += 1
        if let delegate = collectionView.installedFlowDelegate {
            counters.elementsTouched += data.itemCount
            let sizes = (0..<data.itemCount).map { item in
                Self.sanitized(delegate.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: index)))
            }
            return GridRow(identity: data.identity, revision: data.revision, sizes: sizes)
        }
        if data.isUniform {
            return GridRow(identity: data.identity, revision: data.revision, count: data.itemCount, uniformSize: currentItemSize)
        }
        if data.itemSizes.count * GridRow.sparseShare < data.itemCount {
            counters.elementsTouched += data.itemSizes.count
            return GridRow(identity: data.identity, revision: data.revision, count: data.itemCount,
                           size: currentItemSize, overrides: data.itemSizes)
        }
        counters.elementsTouched += data.itemCount
        let sizes = (0..<data.itemCount).map { data.itemSizeOverride(at: $0) ?? currentItemSize }
        return GridRow(identity: data.identity, revision: data.revision, sizes: sizes)
    }

    /// A delegate's size made safe to lay out: a negative, infinite or NaN
    /// width or height counts as 0.
    static func sanitized(_ size: CGSize) -> CGSize {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        return CGSize(width: clean(size.width), height: clean(size.height))
    }

    /// Recomputes the rows of named cells whose section revision moved (a size
    /// override changed). Returns whether any row's geometry actually changed;
    /// if so the rows below are restacked (arithmetic on the row tops only).
    private func recomputeChangedRows(named cells: [GridCell]) -> Bool {
        guard let collectionView, !cells.isEmpty else { return false }
        let sections = collectionView.sections
        let rows = state.geometry.rows
        // On a scroll no revision moved: this is one comparison per named cell.
        var moved: [Int] = []
        for cell in cells where cell.row >= 0 && cell.row < sections.count {
            let data = sections[cell.row], row = rows[cell.row]
            if data.revision != row.revision || data.identity != row.identity { moved.append(cell.row) }
        }
        guard !moved.isEmpty else { return false }
        var firstChanged: Int?
        for r in Set(moved) {
            let row = makeRow(r, data: sections[r], in: collectionView)
            if !row.hasSameGeometry(as: rows[r]) { firstChanged = min(firstChanged ?? r, r) }
            state.geometry.replaceRow(r, with: row)
        }
        guard let firstChanged else { return false }
        state.geometry.restack(from: firstChanged)
        return true
    }

    /// Displaced frames for the candidates of the current bounds, from scratch.
    private func recomputeAllDisplaced() {
        guard let collectionView else { return }
        let bounds = collectionView.bounds
        let inset = collectionView.adjustedContentInset
        let geometry = state.geometry
        let span = state.sticky
        if let limit = collectionView.visibleQueryLimit, geometry.candidateCount(span: span, bounds: bounds) > limit {
            // More sticky cells in view than the host allows: it refuses the pass.
            collectionView.noteVisibleLimitExceeded()
            state.displaced = DisplacedFrames()
            return
        }
        let candidates = geometry.candidates(span: span, bounds: bounds)
        counters.elementsTouched += candidates.count
        state.displaced = DisplacedFrames(rowMajorCandidates: candidates) {
            geometry.displacedFrame($0, span: span, contentOffset: bounds.origin, inset: inset)
        }
    }

    /// Re-decides the named cells only: a candidate of the current bounds gets
    /// its displaced frame, any other cell reverts to its natural frame.
    private func recomputeDisplacement(of cells: [GridCell]) {
        guard let collectionView else { return }
        let bounds = collectionView.bounds
        let inset = collectionView.adjustedContentInset
        let geometry = state.geometry
        let span = state.sticky
        counters.elementsTouched += cells.count
        // Taken out of the state while edited, so the array stays uniquely
        // referenced and the loop touches no class property.
        var displaced = state.displaced
        state.displaced = DisplacedFrames()
        displaced.update(named: cells.rowMajorUnique()) { cell in
            guard geometry.contains(cell) && geometry.isCandidate(cell, span: span, bounds: bounds) else { return nil }
            return geometry.displacedFrame(cell, span: span, contentOffset: bounds.origin, inset: inset)
        }
        state.displaced = displaced
    }

    // MARK: Invalidation (GridStickyLayout+Invalidation.swift)

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        shouldInvalidate(forBoundsChange: newBounds)
    }

    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        makeContext(forBoundsChange: newBounds)
    }

    open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        record(context)
        super.invalidateLayout(with: context)
    }

    // MARK: Batch updates (GridStickyLayout+Updates.swift)

    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        appearingAttributes(at: itemIndexPath)
    }

    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        disappearingAttributes(at: itemIndexPath)
    }

    open override func finalizeCollectionViewUpdates() {
        stateBeforeUpdate = nil
        super.finalizeCollectionViewUpdates()
    }

    // MARK: Answers

    /// Cells whose frames overlap `rect` (CGRect.overlaps), row-major. Cost: a
    /// binary search for the rows, one per row for the columns, the cells in
    /// those ranges, and the displaced candidates. Attributes are made only for
    /// the cells returned.
    ///
    /// Both the scan and the displaced frames are row-major, so one walk merges
    /// them: a displaced cell is emitted (if its frame overlaps) where it falls
    /// in row-major order, and skipped where the scan meets it at its natural
    /// position. No lookup, no sort.
    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        // Locals, not properties, inside the loops: every access to a class's
        // stored property is an exclusivity check at run time.
        let geometry = state.geometry
        let span = state.sticky
        let displaced = state.displaced.entries
        var touched = displaced.count
        var result: [CollectionViewLayoutAttributes] = []
        var next = 0
        let minX = Double(rect.minX), maxX = Double(rect.maxX)
        let rows = geometry.rows(overlappingY: Double(rect.minY), Double(rect.maxY))
        if let limit = collectionView?.visibleQueryLimit {
            // Far more cells than any screen shows: counted (not made) row by
            // row until past the limit, and then the host refuses the pass.
            var count = displaced.count
            for r in rows {
                count += geometry.rows[r].columns(overlappingX: minX, maxX).count
                if count > limit {
                    collectionView?.noteVisibleLimitExceeded()
                    return []
                }
            }
        }
        if let first = rows.first {
            // Rows are as many as the viewport shows: an estimate of the answer.
            result.reserveCapacity(displaced.count + rows.count * max(1, geometry.rows[first].columns(overlappingX: minX, maxX).count))
        }
        for r in rows {
            let row = geometry.rows[r]
            let y = geometry.rowY[r]
            let columns = row.columns(overlappingX: minX, maxX)
            touched += columns.count
            for c in columns {
                let cell = GridCell(r, c)
                // Displaced cells before this one, in row-major order.
                while next < displaced.count && displaced[next].cell < cell {
                    if displaced[next].frame.overlaps(rect) {
                        result.append(attributes(displaced[next].cell, frame: displaced[next].frame, displaced: true, span: span))
                    }
                    next += 1
                }
                if next < displaced.count && displaced[next].cell == cell {
                    // Displaced: its natural frame is not where it is.
                    if displaced[next].frame.overlaps(rect) {
                        result.append(attributes(cell, frame: displaced[next].frame, displaced: true, span: span))
                    }
                    next += 1
                    continue
                }
                let size = row.size(at: c)
                let frame = CGRect(x: row.minX(at: c), y: y, width: Double(size.width), height: Double(size.height))
                guard frame.overlaps(rect) else { continue }
                result.append(attributes(cell, frame: frame, displaced: false, span: span))
            }
        }
        while next < displaced.count {
            if displaced[next].frame.overlaps(rect) {
                result.append(attributes(displaced[next].cell, frame: displaced[next].frame, displaced: true, span: span))
            }
            next += 1
        }
        counters.elementsTouched += touched
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes(at: indexPath, in: state)
    }

    /// A cell's attributes in a given state (the current one, or the one from
    /// before a batch update); nil for a cell the state does not have.
    func attributes(at indexPath: IndexPath, in state: GridState) -> CollectionViewLayoutAttributes? {
        guard let cell = GridCell(indexPath), state.geometry.contains(cell) else { return nil }
        counters.elementsTouched += 1
        let placement = state.placement(of: cell)
        return attributes(cell, frame: placement.frame, displaced: placement.displaced, span: state.sticky)
    }

    private func attributes(_ cell: GridCell, frame: CGRect, displaced: Bool, span: StickySpan) -> CollectionViewLayoutAttributes {
        let a = makeAttributes(forItem: cell.column, inSection: cell.row)
        a.frame = frame
        a.zIndex = span.kind(of: cell).zIndex
        a.isPinned = displaced
        return a
    }
}
