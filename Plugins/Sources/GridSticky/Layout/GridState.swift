import Foundation
import LayoutKit

/// What a prepared grid-sticky layout knows: the natural geometry, which cells
/// are sticky, and the displaced frames of the current candidates (see
/// FloatingRule.swift). A value: the layout keeps the state from before a batch
/// update to answer for disappearing cells, at no cost (copy on write).
struct GridState {
    var geometry = GridGeometry()
    var sticky = StickySpan(rows: 0, columns: 0)
    /// Displaced frames, exactly one per candidate of the bounds the state was
    /// prepared for, row-major. Cells not in here sit at their natural frames.
    var displaced = DisplacedFrames()

    /// Whether any cell is sticky, so that a bounds change can move something.
    var hasStickyCells: Bool {
        guard let first = geometry.firstNonEmptyRow else { return false }
        return sticky.columns > 0 || first < sticky.rows
    }

    /// The frame a cell has in this state and whether it is displaced.
    func placement(of cell: GridCell) -> (frame: CGRect, displaced: Bool) {
        if sticky.kind(of: cell).isSticky, let frame = displaced.frame(of: cell) { return (frame, true) }
        return (geometry.naturalFrame(cell), false)
    }
}

/// What `invalidateLayout(with:)` recorded for the next `prepare()`.
struct PendingInvalidation {
    /// How much geometry to recompute; a larger case includes the smaller ones.
    enum Geometry: Int, Comparable {
        /// None: only the named cells' displacement (and the rows of named
        /// cells whose section revision moved: a size override).
        case none
        /// Data counts changed (batch update): every row, reusing rows whose
        /// section identity and revision did not move.
        case dataCounts
        /// Everything, from scratch.
        case everything

        static func < (a: Geometry, b: Geometry) -> Bool { a.rawValue < b.rawValue }
    }

    var geometry: Geometry = .everything
    /// Named cells, possibly repeated (re-evaluating a cell twice is harmless).
    var cells: [GridCell] = []
}
