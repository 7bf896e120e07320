import Foundation
import LayoutKit

/// The displaced frames of the current candidates (FloatingRule.swift), held as
/// one array in row-major order without duplicates. A viewport has a few dozen
/// candidates, so an array beats a hash table on every operation the layout
/// does per scroll step: a rect query walks it alongside its own row-major scan
/// (no lookups, no sort), a bounds change re-decides a row-major list of cells
/// by one merge, and a single lookup is a binary search.
struct DisplacedFrames {
    struct Entry {
        var cell: GridCell
        var frame: CGRect
    }

    /// Sorted by cell (row-major), no two entries for one cell.
    private(set) var entries: [Entry] = []

    init() {}

    /// From candidates in row-major order without duplicates (as
    /// `GridGeometry.candidates` returns them) and a frame for each.
    init(rowMajorCandidates cells: [GridCell], frame: (GridCell) -> CGRect) {
        entries.reserveCapacity(cells.count)
        for cell in cells {
            assert(entries.last.map { $0.cell < cell } ?? true, "candidates must be row-major without duplicates, got \(cell) after \(entries.last!.cell)")
            entries.append(Entry(cell: cell, frame: frame(cell)))
        }
    }

    var count: Int { entries.count }

    /// The cell's displaced frame, nil when it is not displaced. Binary search.
    func frame(of cell: GridCell) -> CGRect? {
        let i = partitionPoint(in: 0..<entries.count) { !(entries[$0].cell < cell) }
        return i < entries.count && entries[i].cell == cell ? entries[i].frame : nil
    }

    /// Re-decides the named cells and keeps every other entry: `decide` gives a
    /// named cell's displaced frame, or nil to drop it (it reverts to its natural
    /// frame). `named` must be row-major without duplicates. O(entries + named).
    mutating func update(named: [GridCell], _ decide: (GridCell) -> CGRect?) {
        guard !named.isEmpty else { return }
        let old = entries
        var merged: [Entry] = []
        merged.reserveCapacity(old.count + named.count)
        var i = 0
        for cell in named {
            while i < old.count && old[i].cell < cell {
                merged.append(old[i])
                i += 1
            }
            if i < old.count && old[i].cell == cell { i += 1 }
            if let frame = decide(cell) { merged.append(Entry(cell: cell, frame: frame)) }
        }
        while i < old.count {
            merged.append(old[i])
            i += 1
        }
        entries = merged
    }
}

extension Array where Element == GridCell {
    /// The cells in row-major order without duplicates: as is when they already
    /// are (the bounds-change context names them so), else sorted and deduplicated.
    func rowMajorUnique() -> [GridCell] {
        var ordered = true
        if count > 1 {
            for i in 1..<count where !(self[i - 1] < self[i]) {
                ordered = false
                break
            }
        }
        if ordered { return self }
        var result: [GridCell] = []
        result.reserveCapacity(count)
        for cell in sorted() where result.last != cell { result.append(cell) }
        return result
    }
}
