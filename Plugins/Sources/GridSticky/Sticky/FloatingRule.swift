import Foundation
import LayoutKit

/// The rule for floating (sticky) cells, shared by the from-scratch prepare, the
/// bounds-change context and the incremental prepare so that the three agree to
/// the bit.
///
/// A sticky cell is *displaced* (moved by the visible area's offset) only while
/// it is a *candidate* for the current bounds:
/// - a corner cell (sticky row and sticky column) always;
/// - a sticky-row cell when its x-range overlaps the bounds' x-range (it keeps
///   its natural x, so that is also its displaced x-range);
/// - a sticky-column cell when its row's y-range overlaps the bounds' y-range.
/// Ranges overlap as CGRect.overlaps compares them along one axis (open
/// intervals). Every other cell sits at its natural frame. A non-candidate could
/// not be visible in the bounds even if it were displaced, so the visible set is
/// the same as if every sticky cell were displaced, while the set of cells that
/// change on a scroll stays proportional to the viewport.
extension GridGeometry {
    func isCandidate(_ cell: GridCell, span: StickySpan, bounds: CGRect) -> Bool {
        switch span.kind(of: cell) {
        case .none:
            return false
        case .corner:
            return true
        case .row:
            let row = rows[cell.row]
            return row.minX(at: cell.column) < Double(bounds.maxX) && row.maxX(at: cell.column) > Double(bounds.minX)
        case .column:
            return rowY[cell.row] < Double(bounds.maxY) && rowY[cell.row + 1] > Double(bounds.minY)
        }
    }

    /// Every candidate for `bounds`, in row-major order, without duplicates.
    /// Cost: the corner cells, plus a binary search per sticky row and one for
    /// the rows, plus the candidates returned.
    /// How many `candidates` there are, counted without making them.
    func candidateCount(span: StickySpan, bounds: CGRect) -> Int {
        var count = 0
        let stickyRowEnd = min(span.rows, rowCount)
        for r in 0..<stickyRowEnd {
            let row = rows[r]
            let cornerEnd = min(span.columns, row.count)
            let overlapping = row.columns(overlappingX: Double(bounds.minX), Double(bounds.maxX))
            count += cornerEnd + max(0, overlapping.upperBound - max(overlapping.lowerBound, cornerEnd))
        }
        if span.columns > 0 {
            let overlapping = rows(overlappingY: Double(bounds.minY), Double(bounds.maxY))
            let first = max(overlapping.lowerBound, stickyRowEnd)
            if first < overlapping.upperBound {
                for r in first..<overlapping.upperBound { count += min(span.columns, rows[r].count) }
            }
        }
        return count
    }

    func candidates(span: StickySpan, bounds: CGRect) -> [GridCell] {
        var result: [GridCell] = []
        let stickyRowEnd = min(span.rows, rowCount)
        for r in 0..<stickyRowEnd {
            let row = rows[r]
            let cornerEnd = min(span.columns, row.count)
            for c in 0..<cornerEnd { result.append(GridCell(r, c)) }
            let overlapping = row.columns(overlappingX: Double(bounds.minX), Double(bounds.maxX))
            let first = max(overlapping.lowerBound, cornerEnd)
            if first < overlapping.upperBound {
                for c in first..<overlapping.upperBound { result.append(GridCell(r, c)) }
            }
        }
        if span.columns > 0 {
            let overlapping = rows(overlappingY: Double(bounds.minY), Double(bounds.maxY))
            let first = max(overlapping.lowerBound, stickyRowEnd)
            if first < overlapping.upperBound {
                for r in first..<overlapping.upperBound {
                    for c in 0..<min(span.columns, rows[r].count) { result.append(GridCell(r, c)) }
                }
            }
        }
        return result
    }

    /// A candidate's frame: its natural frame moved by the visible area's offset
    /// along each sticky axis, so that it stays where it was on screen
    /// (`y = naturalY + contentOffset.y + adjustedContentInset.top`, and the same
    /// with x and left).
    func displacedFrame(_ cell: GridCell, span: StickySpan, contentOffset: CGPoint, inset: EdgeInsets) -> CGRect {
        var frame = naturalFrame(cell)
        if cell.row < span.rows {
            frame.origin.y = frame.origin.y + contentOffset.y + inset.top
        }
        if cell.column < span.columns {
            frame.origin.x = frame.origin.x + contentOffset.x + inset.left
        }
        return frame
    }
}

/// The union of two row-major candidate lists, row-major, without duplicates. O(a + b).
func mergeCandidates(_ a: [GridCell], _ b: [GridCell]) -> [GridCell] {
    var result: [GridCell] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if j == b.count || (i < a.count && a[i] < b[j]) {
            result.append(a[i]); i += 1
        } else if i == a.count || b[j] < a[i] {
            result.append(b[j]); j += 1
        } else {
            result.append(a[i]); i += 1; j += 1
        }
    }
    return result
}
