import Foundation
import Testing
@testable import StkBench

/// The scaling verdict of `stk bench`: growth classes from times at sizes ten
/// times apart, the frame budget extrapolated from them, the likely cause.
@Suite struct ScalingVerdictTests {
    /// Times ∝ n^k for k = 0, 0.3, 1, 1.3, 2 land in the five classes.
    @Test(arguments: [(0.0, ScalingVerdict.Growth.constant), (0.3, .logarithmic), (1.0, .linear),
                      (1.3, .linearithmic), (2.0, .quadratic)])
    func exponentsNameTheirClass(k: Double, growth: ScalingVerdict.Growth) throws {
        let points = [1_000, 10_000, 100_000].map { (items: $0, micros: 10 * pow(Double($0) / 1_000, k)) }
        let verdict = try #require(ScalingVerdict(points: points))
        #expect(verdict.growth == growth)
        #expect(abs(verdict.exponent - k) < 1e-9)
    }

    /// The published sticky grid's figures (a full recompute per scroll):
    /// 3.7 ms at 10,000 cells and 46 ms at 100,000 give k = log10(46 / 3.7)
    /// = 1.095, linear; 8.333 ms is reached at 100,000 x (8.333 / 46)^(1 / 1.095)
    /// ≈ 21,000 cells, as the measurements say ("from about 20,000").
    @Test func theFrameBudgetIsExtrapolatedAlongTheGrowth() throws {
        let verdict = try #require(ScalingVerdict(points: [(10_000, 3_700), (100_000, 46_000)]))
        #expect(verdict.growth == .linear)
        let fits = try #require(verdict.itemsWithin(budgetMicros: 8_333))
        #expect((20_000...22_000).contains(fits), "\(fits)")
        // A step that does not grow has no limit to give.
        #expect(ScalingVerdict(points: [(1_000, 12), (10_000, 12.5)])?.itemsWithin(budgetMicros: 8_333) == nil)
        #expect(ScalingVerdict(points: [(1_000, 12)]) == nil)
    }

    @Test func aStepThatMakesAnObjectPerItemIsCalledAFullRecompute() throws {
        let step = ScalingVerdict(points: [(100, 160), (1_000, 1_600), (10_000, 16_000)])
        let report = ScalingReport(step: step, prepare: nil, batch: nil, attributesPerStep: 10_000, visiblePerStep: 100,
                                   stepInvalidatesEverything: false)
        #expect(report.likelyCause?.hasPrefix("every scroll step creates about 10000 attributes objects for 100 visible elements") == true)
        #expect(report.lines.first == "scaling  O(n) per scroll step: 160 µs at 100 items, 1600 µs at 1,000, 16000 µs at 10,000")
        #expect(report.lines.last?.hasPrefix("frame budget  a scroll step fits 8.3 ms (120 Hz) up to about 5,208 items") == true, "\(report.lines)")
        // A constant step names no cause.
        let flat = ScalingReport(step: ScalingVerdict(points: [(100, 10), (10_000, 10.5)]), prepare: nil, batch: nil,
                                 attributesPerStep: 40, visiblePerStep: 40, stepInvalidatesEverything: false)
        #expect(flat.likelyCause == nil)
    }
}
