import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// The last line's invisible copies and a uniform line's width sum are
/// computed in work independent of how many items would fit, with the very
/// doubles the one-by-one loops give.
@Suite struct FlowLineFillTests {
    /// The loop the flow layout ran before: one copy at a time.
    static func naiveFill(used: CGFloat, count: Int, spacing: CGFloat, fill: CGFloat, limit: CGFloat) -> (CGFloat, Int) {
        var used = used, count = count
        while used + spacing + fill <= limit, fill + spacing > 0 {
            used += spacing + fill
            count += 1
        }
        return (used, count)
    }

    /// Draws from the tests' SplitMix64 (TestSupport): seeded, so a failing
    /// case replays exactly.
    struct Generator {
        var random: SplitMix64
        init(state: UInt64) { random = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { random.next() }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        /// Values that round: decimals, thirds, sevenths, halves (ties), tiny and large ones.
        mutating func value() -> CGFloat {
            switch int(0...6) {
            case 0: return CGFloat(int(0...2000)) / 10
            case 1: return CGFloat(int(1...300)) / 3
            case 2: return CGFloat(int(1...700)) / 7
            case 3: return CGFloat(int(0...400)) + 0.5
            case 4: return CGFloat(int(1...1000)) * 1e-3
            case 5: return CGFloat(int(1...50)) * 0.1 + 1e-9
            default: return CGFloat(int(0...100))
            }
        }
    }

    @Test func fillMatchesTheLoopBitForBit() {
        var g = Generator(state: 16)
        for _ in 0..<20_000 {
            let spacing = g.int(0...3) == 0 ? 0 : g.value()
            let fill = g.value()
            guard spacing + fill > 0 else { continue }
            // At most some 20,000 copies, so the loop stays quick.
            let limit = min(g.value() * CGFloat(g.int(1...2000)), (spacing + fill) * 20_000) + fitTolerance
            let used = g.int(0...2) == 0 ? 0 : g.value()
            let count = g.int(1...5)
            var work = 0
            let fast = FlowSectionGeometry.fillWithCopies(used: used, count: count, spacing: spacing, fill: fill, limit: limit, work: &work)
            let slow = Self.naiveFill(used: used, count: count, spacing: spacing, fill: fill, limit: limit)
            #expect(fast.used.bitPattern == slow.0.bitPattern && fast.count == slow.1,
                    "used \(used) spacing \(spacing) fill \(fill) limit \(limit): \(fast) vs \(slow)")
        }
    }

    @Test func repeatedSumMatchesReduceBitForBit() {
        var g = Generator(state: 61)
        for _ in 0..<2_000 {
            let w = g.value()
            guard w > 0 else { continue }
            let n = g.int(0...20_000)
            var work = 0
            let fast = FlowSectionGeometry.addRepeatedly(w, to: 0, atMost: n, work: &work) { _ in true }
            let slow = Array(repeating: w, count: n).reduce(0, +)
            #expect(fast.sum.bitPattern == slow.bitPattern, "\(n) x \(w)")
        }
    }

    /// `bounds 9223372036854775807x844`, `bounds 1000000000x81` and items a
    /// hundred-millionth of a point wide with no spacing: the one-by-one loop
    /// ran forever or for seconds; the work is now a few steps per power of two.
    @Test(arguments: [
        (CGFloat(9_223_372_036_854_775_807), CGFloat(10), CGFloat(50)),
        (CGFloat(1_000_000_000), CGFloat(10), CGFloat(50)),
        (CGFloat(390), CGFloat(0), CGFloat(0.000_000_01)),
        (CGFloat(1e300), CGFloat(0), CGFloat(1e-300)),
    ])
    func fillWorkDoesNotDependOnTheWidth(_ avail: CGFloat, _ spacing: CGFloat, _ fill: CGFloat) {
        var work = 0
        let result = FlowSectionGeometry.fillWithCopies(used: fill, count: 1, spacing: spacing, fill: fill,
                                                        limit: avail + fitTolerance, work: &work)
        #expect(work < 20_000)
        #expect(result.used <= avail + fitTolerance)
        #expect(result.count > 1)
    }

    @Test func aLineOfABillionItemsIsArithmetic() {
        var work = 0
        let sum = FlowSectionGeometry.addRepeatedly(0.000_000_01, to: 0, atMost: 1_000_000_000, work: &work) { _ in true }
        #expect(work < 20_000)
        #expect(sum.steps == 1_000_000_000)
        #expect(abs(sum.sum - 10) < 1e-3)
    }

    /// The whole layout, end to end, at widths that used to hang.
    @Test func wideBoundsLayOutAtOnce() throws {
        let layout = CollectionViewFlowLayout()
        let cv = try CollectionView(size: CGSize(width: 9_223_372_036_854_775_807, height: 844), layout: layout, itemCounts: [7, 3])
        cv.layoutIfNeeded()
        let last = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0)))
        #expect(last.frame.minX.isFinite && last.frame.minX > 0)
        let tiny = CollectionViewFlowLayout()
        tiny.minimumInteritemSpacing = 0
        tiny.itemSize = CGSize(width: 0.000_000_01, height: 1)
        let cv2 = try CollectionView(size: CGSize(width: 390, height: 844), layout: tiny, itemCounts: [7])
        cv2.layoutIfNeeded()
        #expect(tiny.layoutAttributesForItem(at: IndexPath(item: 6, section: 0)) != nil)
    }
}

/// H4: `scroll by 999999999999999999,0 steps=N` on a section of a million
/// items cost a millisecond a step: a rect far out across the scroll axis
/// widened the search along it (the rounding slack took the x magnitudes)
/// to every line of the section.
@Suite struct FlowSearchSlackTests {
    @Test func farAcrossDoesNotWidenTheSearchAlong() {
        let far = CGRect(x: 999_999_999_999_999_999, y: 0, width: 390, height: 844)
        #expect(searchSlack(far) < 1e-6)
        #expect(searchSlackAcross(far) > 1)
        // Along the axis, the slack still grows with the magnitudes there.
        #expect(searchSlack(CGRect(x: 0, y: 1e12, width: 390, height: 844)) >= 1e-3)
    }
}
