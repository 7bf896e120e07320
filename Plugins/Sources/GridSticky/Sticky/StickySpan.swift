import Foundation
import LayoutKit

/// Which cells are sticky: the first `rows` rows stick to the top edge of the
/// visible area, the first `columns` columns to its left edge.
struct StickySpan: Equatable {
    var rows: Int
    var columns: Int

    func kind(of cell: GridCell) -> StickyKind {
        switch (cell.row < rows, cell.column < columns) {
        case (true, true): return .corner
        case (true, false): return .row
        case (false, true): return .column
        case (false, false): return .none
        }
    }
}

/// A cell's part in the sticky grid, which sets its zIndex (the sticky-grid article's
/// three z-orders: corners above other sticky cells above the rest).
enum StickyKind {
    case none
    /// In a sticky row only: follows vertical scrolling.
    case row
    /// In a sticky column only: follows horizontal scrolling.
    case column
    /// In both: follows both, and stays on top of everything.
    case corner

    var zIndex: Int {
        switch self {
        case .none: return 0
        case .row, .column: return 1
        case .corner: return 2
        }
    }

    var isSticky: Bool { self != .none }
}
