import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// The array whose copies share chunks (a self-sizing section's line blocks).
@Suite struct ChunkedArrayTests {
    /// Appends, removals from the end and prefixes at random, against an
    /// array, with earlier copies kept: every element, count and prefix is
    /// the array's, and no copy changes after it was taken.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func answersAsAnArrayAndCopiesNeverChange(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var chunked = ChunkedArray<Int>()
        var model: [Int] = []
        var kept: [(ChunkedArray<Int>, [Int])] = []
        for step in 0..<3_000 {
            switch rng.next() % 10 {
            case 0 where !model.isEmpty:
                chunked.removeLast()
                model.removeLast()
            case 1:
                let length = Int(rng.next() % UInt64(model.count + 1))
                chunked = chunked.prefix(length)
                model = Array(model.prefix(length))
            default:
                chunked.append(step)
                model.append(step)
            }
            if step % 100 == 0 { kept.append((chunked, model)) }
        }
        #expect(Array(chunked) == model && chunked.count == model.count)
        for (copy, modelThen) in kept { #expect(Array(copy) == modelThen) }
    }

    /// A prefix of 1,000 elements cut at 700 shares the 10 full chunks before
    /// the cut (64 each) and copies the 60 elements after them; growing it
    /// again leaves the original as it was.
    @Test func aPrefixSharesItsFullChunks() {
        var original = ChunkedArray<Int>()
        for i in 0..<1_000 { original.append(i) }
        var cut = original.prefix(700)
        #expect(cut.chunksShared(with: original) == 700 / 64)
        cut.append(-1)
        #expect(cut.count == 701 && cut[700] == -1 && cut[699] == 699)
        #expect(original.count == 1_000 && original[700] == 700)
    }
}
