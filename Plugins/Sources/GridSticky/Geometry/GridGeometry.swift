import Foundation
import LayoutKit

/// Every cell's natural frame, held compactly: rows (uniform ones without
/// per-cell storage) plus a prefix array of row tops. Rows stack from y = 0
/// with no spacing; a cell sits at its row's top (top-aligned).
struct GridGeometry {
    private(set) var rows: [GridRow] = []
    /// `rowY[r]` is row r's top; `rowY[rows.count]` is the bottom of the last row.
    private(set) var rowY: [Double] = [0]
    /// The largest row width: every cell's maxX is at most its row's width.
    private(set) var contentWidth: Double = 0
    /// The first row holding at least one cell (nil: the grid has no cells).
    private(set) var firstNonEmptyRow: Int?

    init() {}

    init(rows: [GridRow]) {
        self.rows = rows
        restack(from: 0)
    }

    var rowCount: Int { rows.count }

    /// The maximum maxX and maxY over all cells at their natural positions.
    /// Rows are as tall as their tallest cell and empty rows are 0 tall, so the
    /// lowest cell bottom is the last row's bottom.
    var contentSize: CGSize { CGSize(width: contentWidth, height: rowY[rows.count]) }

    func contains(_ cell: GridCell) -> Bool {
        cell.row >= 0 && cell.row < rows.count && cell.column >= 0 && cell.column < rows[cell.row].count
    }

    func naturalFrame(_ cell: GridCell) -> CGRect {
        let row = rows[cell.row]
        let size = row.size(at: cell.column)
        return CGRect(x: row.minX(at: cell.column), y: rowY[cell.row], width: Double(size.width), height: Double(size.height))
    }

    /// The rows whose y-range overlaps the open interval (low, high):
    /// `rowY[r] < high && rowY[r + 1] > low`. Every cell a rect with that
    /// y-extent can overlap is in one of them. Binary search.
    func rows(overlappingY low: Double, _ high: Double) -> Range<Int> {
        guard !low.isNaN, !high.isNaN else { return 0..<0 }
        let start = partitionPoint(in: 0..<rows.count) { rowY[$0 + 1] > low }
        let end = partitionPoint(in: 0..<rows.count) { rowY[$0] >= high }
        return start..<max(start, end)
    }

    /// Replaces one row. Call `restack(from:)` afterwards (once for many rows).
    mutating func replaceRow(_ index: Int, with row: GridRow) {
        rows[index] = row
    }

    /// Recomputes the row tops from row `first` down (the rows above keep
    /// theirs) and the extents. O(rows), no per-cell work.
    mutating func restack(from first: Int) {
        var start = min(max(first, 0), rows.count)
        if rowY.count != rows.count + 1 {
            rowY = [Double](repeating: 0, count: rows.count + 1)
            start = 0
        }
        var y = rowY[start]
        for r in start..<rows.count {
            rowY[r] = y
            y += rows[r].height
        }
        rowY[rows.count] = y
        var widest = 0.0
        firstNonEmptyRow = nil
        for r in rows.indices {
            widest = max(widest, rows[r].width)
            if firstNonEmptyRow == nil && rows[r].count > 0 { firstNonEmptyRow = r }
        }
        contentWidth = widest
    }
}
