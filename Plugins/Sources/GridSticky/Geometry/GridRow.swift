import Foundation
import LayoutKit

/// The geometry of one row (one section) at its natural position: cells abut
/// left to right from x = 0, each keeps its own size, the row is as tall as its
/// tallest cell. A row knows nothing about where it sits vertically (that is
/// `GridGeometry.rowY`), so a row whose data did not change is reused as is
/// when rows above it change.
struct GridRow {
    /// How the row's cells are sized and placed.
    enum Cells: Equatable {
        /// Every cell has this size: cell i starts at `i * width`, nothing is
        /// stored per cell, so a row of a million cells costs nothing.
        case uniform(CGSize)
        /// Cells of their own sizes: `x[i]` is the left edge of cell i and
        /// `x[count]` the right edge of the last (prefix sums of the widths).
        case varying(x: [Double], sizes: [CGSize])
    }

    /// The section's identity and revision the row was computed from
    /// (`SectionData`): a row is recomputed only when its revision moves.
    let identity: Int
    let revision: Int
    let count: Int
    let cells: Cells
    /// The tallest cell's height (0 for an empty row).
    let height: Double
    /// The right edge of the last cell (0 for an empty row).
    let width: Double

    init(identity: Int, revision: Int, count: Int, uniformSize size: CGSize) {
        self.identity = identity
        self.revision = revision
        self.count = count
        cells = .uniform(size)
        height = count > 0 ? Double(size.height) : 0
        // Written as the last cell's frame computes its maxX (x + width), so the
        // content size equals the largest maxX to the last bit.
        width = count > 0 ? Double(count - 1) * Double(size.width) + Double(size.width) : 0
    }

    init(identity: Int, revision: Int, sizes: [CGSize]) {
        self.identity = identity
        self.revision = revision
        count = sizes.count
        var x = [Double]()
        x.reserveCapacity(sizes.count + 1)
        var edge = 0.0
        var tallest = 0.0
        x.append(0)
        for size in sizes {
            edge += Double(size.width)
            x.append(edge)
            tallest = max(tallest, Double(size.height))
        }
        cells = .varying(x: x, sizes: sizes)
        height = tallest
        width = edge
    }

    /// Whether two rows place their cells identically (whatever their revisions).
    func hasSameGeometry(as other: GridRow) -> Bool {
        count == other.count && height == other.height && width == other.width && cells == other.cells
    }

    func size(at column: Int) -> CGSize {
        switch cells {
        case .uniform(let size): return size
        case .varying(_, let sizes): return sizes[column]
        }
    }

    /// The cell's left edge.
    func minX(at column: Int) -> Double {
        switch cells {
        case .uniform(let size): return Double(column) * Double(size.width)
        case .varying(let x, _): return x[column]
        }
    }

    /// The cell's right edge, exactly as its frame's maxX (minX + width).
    func maxX(at column: Int) -> Double {
        switch cells {
        case .uniform(let size): return Double(column) * Double(size.width) + Double(size.width)
        case .varying(let x, _): return x[column + 1]
        }
    }

    /// The columns whose x-range overlaps the open interval (low, high): cells
    /// with `minX < high && maxX > low`, which is CGRect.overlaps seen along x.
    /// Both edges grow with the column, so the answer is one range, found by
    /// arithmetic (uniform rows) or binary search (varying rows).
    func columns(overlappingX low: Double, _ high: Double) -> Range<Int> {
        guard count > 0, !low.isNaN, !high.isNaN else { return 0..<0 }
        let start: Int
        let end: Int
        switch cells {
        case .uniform(let size):
            let w = Double(size.width)
            // Estimate by division, then settle on the exact partition points:
            // the estimate is off by at most one cell for any sane width.
            start = settle(estimate: w > 0 ? low / w - 1 : 0) { self.maxX(at: $0) > low }
            end = settle(estimate: w > 0 ? high / w : 0) { self.minX(at: $0) >= high }
        case .varying(let x, _):
            start = partitionPoint(in: 0..<count) { x[$0 + 1] > low }
            end = partitionPoint(in: 0..<count) { x[$0] >= high }
        }
        return start..<max(start, end)
    }

    /// The partition point of a monotone predicate over 0..<count, walking from
    /// an estimate (clamped to 0...count).
    private func settle(estimate: Double, _ isAfter: (Int) -> Bool) -> Int {
        var i: Int
        if !(estimate > 0) { i = 0 } else if estimate >= Double(count) { i = count } else { i = Int(estimate) }
        while i > 0 && isAfter(i - 1) { i -= 1 }
        while i < count && !isAfter(i) { i += 1 }
        return i
    }
}
