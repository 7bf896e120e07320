import Foundation
import LayoutKit

/// One cell of the grid: rows are sections, columns are items (the sticky-grid article ("Collection View with Sticky Rows and Columns")).
/// Ordered row-major, which is the order rect queries return cells in.
struct GridCell: Hashable, Comparable {
    var row: Int
    var column: Int

    init(_ row: Int, _ column: Int) {
        self.row = row
        self.column = column
    }

    /// nil for index paths that are not `section:item` pairs.
    init?(_ indexPath: IndexPath) {
        guard indexPath.count == 2 else { return nil }
        self.init(indexPath.section, indexPath.item)
    }

    var indexPath: IndexPath { IndexPath(item: column, section: row) }

    static func < (a: GridCell, b: GridCell) -> Bool {
        a.row != b.row ? a.row < b.row : a.column < b.column
    }
}

/// The first index in `range` for which `isAfter` holds, given that it is false
/// on a prefix and true on the rest (a partition point). O(log n).
func partitionPoint(in range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let mid = low + (high - low) / 2
        if isAfter(mid) { high = mid } else { low = mid + 1 }
    }
    return low
}
