import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// The sparse tables of per-item sizes (overrides, preferred and measured
/// sizes): a dictionary's answers in item order, and copies that share what
/// they do not change, so that a host keeping a copy per command (undo) pays
/// for what each command changed.
@Suite struct SparseSizesTests {
    /// Random sets and removals, against a dictionary, with earlier copies
    /// kept as undo keeps them: every read of the table (by item, by index,
    /// the lists, the first entry at or after an item, equality) is the
    /// dictionary's, and no copy ever changes after it was taken.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func answersAsADictionaryAndCopiesNeverChange(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var table = SparseSizes()
        var model: [Int: CGSize] = [:]
        var kept: [(SparseSizes, [Int: CGSize])] = []
        // Items from a range about four chunks' worth, so chunks fill, split
        // and empty.
        let span = 4 * SparseSizes.maximumChunk
        for step in 0..<4_000 {
            let item = Int(rng.next() % UInt64(span))
            if rng.next() % 3 == 0 {
                table[item] = nil
                model[item] = nil
            } else {
                let size = CGSize(width: Double(step % 97), height: Double(item))
                table[item] = size
                model[item] = size
            }
            if step % 200 == 0 { kept.append((table, model)) }
        }
        check(table, model)
        for (copy, modelThen) in kept { check(copy, modelThen) }
        #expect(table.chunkCount > 1, "the table never split")
    }

    private func check(_ table: SparseSizes, _ model: [Int: CGSize], sourceLocation: SourceLocation = #_sourceLocation) {
        let items = model.keys.sorted()
        #expect(table.count == model.count, sourceLocation: sourceLocation)
        #expect(table.items == items, sourceLocation: sourceLocation)
        #expect(table.sizes == items.map { model[$0]! }, sourceLocation: sourceLocation)
        for (k, item) in items.enumerated() {
            #expect(table.item(at: k) == item && table.size(at: k) == model[item], sourceLocation: sourceLocation)
        }
        for probe in [-1, 0, 1, 255, 256, 257, 700, 1023, 1024, 5000] {
            #expect(table[probe] == model[probe], sourceLocation: sourceLocation)
            let first = items.firstIndex { $0 >= probe } ?? items.count
            #expect(table.firstIndex(atOrAfter: probe) == first, sourceLocation: sourceLocation)
        }
        // Equal to the same entries chunked another way (built in one go).
        #expect(table == SparseSizes(sortedItems: items, sizes: items.map { model[$0]! }), sourceLocation: sourceLocation)
    }

    /// A copy that changes one entry of a table of 100,000 copies one chunk,
    /// and shares every other with the table it came from: the cost of an
    /// undo state is what the command changed.
    @Test func aChangedCopySharesEveryChunkButOne() {
        let n = 100_000
        var table = SparseSizes(sortedItems: Array(0..<n), sizes: Array(repeating: CGSize(width: 1, height: 1), count: n))
        let before = table
        table[50_000] = CGSize(width: 2, height: 2)
        #expect(table.chunksShared(with: before) == table.chunkCount - 1)
        #expect(before[50_000] == CGSize(width: 1, height: 1))
        // An entry added past the end: still one chunk copied.
        let beforeAppend = table
        table[n + 10] = CGSize(width: 3, height: 3)
        #expect(table.chunksShared(with: beforeAppend) == table.chunkCount - 1)
        #expect(beforeAppend.count == n && table.count == n + 1)
        #expect(table != beforeAppend && before != table)
    }
}
