import Foundation
import LayoutKit
import Testing
@testable import StkBench

/// `--compare`: the ratios are the first layout's figures over the other's,
/// one per metric both have, on the same workload.
@Suite struct LayoutComparisonTests {
    @Test func ratiosAreTheFirstLayoutsFiguresOverTheOthers() throws {
        let registry = LayoutRegistry()
        try registry.register(TestLayouts.grid, origin: "built-in")
        try registry.register(TestLayouts.stickyFlow, origin: "built-in")
        let flow = try BenchRunner.run(TestLayouts.stickyFlowWorkload(), registry: registry)
        var gridWorkload = TestLayouts.stickyFlowWorkload()
        gridWorkload.layoutName = "test-grid"
        gridWorkload.options = [:]
        let grid = try BenchRunner.run(gridWorkload, registry: registry)

        let comparison = LayoutComparison(grid, against: flow)
        #expect(comparison.measured == "test-grid" && comparison.against == "test-sticky-flow")
        let ratios = Dictionary(uniqueKeysWithValues: comparison.ratios.map { ($0.metric, $0.ratio) })
        #expect(ratios["scroll step median"] == grid.scroll.medianMicros / flow.scroll.medianMicros)
        #expect(ratios["scroll step p99"] == grid.scroll.p99Micros / flow.scroll.p99Micros)
        #expect(ratios["cold prepare"] == grid.coldPrepareMillis / flow.coldPrepareMillis)
        #expect(ratios["batch update median"] == grid.batchUpdates!.medianMicros / flow.batchUpdates!.medianMicros)
        #expect(comparison.line.hasPrefix("compared with test-sticky-flow (the same workload): cold prepare "))
        #expect(comparison.line.hasSuffix("; above 1x, test-grid costs more"))
        // Against itself every ratio is exactly 1.
        #expect(LayoutComparison(flow, against: flow).ratios.allSatisfy { $0.ratio == 1 })
    }
}
