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
        /// Every cell `size` but a few overrides (`items` sorted, their
        /// `sizes`): storage grows with the overrides, not the cells, so one
        /// override in a row of 100 million cells costs one entry.
        /// `shift[k]` is how much wider the overrides before the k-th are
        /// than cells of the default width (k from 0 to the count).
        case sparse(size: CGSize, items: [Int], sizes: [CGSize], shift: [Double])
    }

    /// Below this share of overridden cells a row stores only the overrides.
    static let sparseShare = 4

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

    /// A row of `count` cells of `size` but for `overrides` (sorted by item).
    init(identity: Int, revision: Int, count: Int, size: CGSize, overrides: SparseSizes) {
        self.identity = identity
        self.revision = revision
        self.count = count
        // The entries as two arrays, made once (the table keeps them in chunks).
        let (items, sizes) = (overrides.items, overrides.sizes)
        var shift = [0.0]
        shift.reserveCapacity(items.count + 1)
        var tallest = count > items.count ? Double(size.height) : 0
        for override in sizes {
            shift.append(shift[shift.count - 1] + (Double(override.width) - Double(size.width)))
            tallest = max(tallest, Double(override.height))
        }
        cells = .sparse(size: size, items: items, sizes: sizes, shift: shift)
        height = count > 0 ? tallest : 0
        // The last cell's maxX, as maxX(at:) computes it.
        if count == 0 {
            width = 0
        } else if items.last == count - 1 {
            let k = items.count - 1
            width = Double(count - 1) * Double(size.width) + shift[k] + Double(sizes[k].width)
        } else {
            width = Double(count - 1) * Double(size.width) + shift[items.count] + Double(size.width)
        }
    }

    /// How many overrides of a sparse row come before `column`, and whether
    /// `column` is one of them.
    private static func overridesBefore(_ column: Int, in items: [Int]) -> (count: Int, isOverride: Bool) {
        let k = partitionPoint(in: 0..<items.count) { items[$0] >= column }
        return (k, k < items.count && items[k] == column)
    }

    /// Whether two rows place their cells identically (whatever their revisions).
    func hasSameGeometry(as other: GridRow) -> Bool {
        count == other.count && height == other.height && width == other.width && cells == other.cells
    }

    func size(at column: Int) -> CGSize {
        switch cells {
        case .uniform(let size): return size
        case .varying(_, let sizes): return sizes[column]
        case .sparse(let size, let items, let sizes, _):
            let (k, isOverride) = Self.overridesBefore(column, in: items)
            return isOverride ? sizes[k] : size
        }
    }

    /// The cell's left edge.
    func minX(at column: Int) -> Double {
        switch cells {
        case .uniform(let size): return Double(column) * Double(size.width)
        case .varying(let x, _): return x[column]
        case .sparse(let size, let items, _, let shift):
            return Double(column) * Double(size.width) + shift[Self.overridesBefore(column, in: items).count]
        }
    }

    /// The cell's right edge, exactly as its frame's maxX (minX + width).
    func maxX(at column: Int) -> Double {
        switch cells {
        case .uniform(let size): return Double(column) * Double(size.width) + Double(size.width)
        case .varying(let x, _): return x[column + 1]
        case .sparse:
            return minX(at: column) + Double(size(at: column).width)
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
        case .sparse:
            start = partitionPoint(in: 0..<count) { self.maxX(at: $0) > low }
            end = partitionPoint(in: 0..<count) { self.minX(at: $0) >= high }
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
