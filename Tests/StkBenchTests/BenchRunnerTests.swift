import Foundation
import LayoutKit
import Testing
@testable import StkBench

/// What a run counts, on workloads small enough to derive by hand. Times are
/// never asserted (they are only checked to exist and be positive).
@Suite struct BenchRunnerTests {
    /// Runs `TestLayouts.stickyFlowWorkload()` once for the tests that read it.
    static let stickyRun: Result<BenchResult, Error> = Result { try BenchRunner.run(TestLayouts.stickyFlowWorkload(), descriptor: TestLayouts.stickyFlow) }

    @Test func shapeOfTheStickyFlowRun() throws {
        let r = try Self.stickyRun.get()
        #expect(r.label == "test-sticky-flow 10x6 uniform 100x50")
        #expect(r.totalItems == 60)
        // 10 sections of 150 points (TestLayouts.stickyFlowWorkload) in a 300-wide viewport.
        #expect(r.contentSize == [300, 1500])
        // The content scrolls only vertically (1500 > 200, 300 == 300).
        #expect(r.scrollAxis == "vertical")
        // At offset 0, [0,200): header 0 at rest, both lines of section 0 (6 cells),
        // header 1 at [150,200); section 1's first line starts at 200 and only touches.
        #expect(r.initialVisible == 8)
        #expect(r.scroll.count == 8)
        #expect(r.fullInvalidation?.count == 4)
        #expect(r.resize?.count == 2)
        #expect(r.batchUpdates?.count == 5)
        #expect(r.coldPrepareMillis > 0)
        #expect(r.firstLayoutPassMillis >= r.coldPrepareMillis)
        #expect(r.scroll.medianMicros > 0)
        #expect(r.scroll.p99Micros >= r.scroll.medianMicros)
        #expect(r.peakResidentMB > 0)
        #expect(r.fullInvalidationRatio != nil)
    }

    @Test func scrollStepsFollowThePathDown() throws {
        let samples = try #require(try Self.stickyRun.get().samples)
        #expect(samples.scroll.map(\.offset) == (1...8).map { [0, Double(25 * $0)] })
        #expect(samples.scroll.allSatisfy { $0.operation == "scroll" && $0.boundsSize == [300, 200] })
    }

    /// The flow layout names the pinned-header candidates of the old and the new
    /// bounds: headers of sections overlapping the viewport [y, y + 200).
    /// Section k spans [150k, 150k + 150), so the candidates are
    /// y = 0...100: {0, 1}; y = 125: {0, 1, 2}; y = 150...200: {1, 2}.
    /// Steps 0->25, 25->50, 50->75, 75->100: {0,1} -> 2; 100->125: 3;
    /// 125->150: {0,1,2} u {1,2} -> 3; 150->175, 175->200: 2.
    @Test func elementsInvalidatedPerStep() throws {
        let r = try Self.stickyRun.get()
        let samples = try #require(r.samples)
        #expect(samples.scroll.map(\.invalidatedElements) == [2, 2, 2, 2, 3, 3, 2, 2])
        #expect(samples.scroll.allSatisfy { !$0.invalidatedEverything })
        // Sorted [2,2,2,2,2,2,3,3]: nearest-rank median is the 4th value.
        #expect(r.scroll.invalidatedElementsMedian == 2)
        #expect(r.scroll.invalidatedElementsMax == 3)
        #expect(r.scroll.invalidatingEverything == 0)
    }

    /// Visible at y (viewport [y, y + 200)): lines start at 150k + 50 and 150k + 100
    /// (3 cells each, 50 tall); header k sits at min(max(y, 150k), 150k + 100).
    /// y=25: lines 50,100,200 + headers at 25,150 -> 11; y=50: same lines, headers
    /// 50,150 -> 11; y=75: lines 50,100,200,250 + headers 75,150 -> 14; y=100: lines
    /// 100,200,250 + headers 100,150 -> 11; y=125: lines 100,200,250 + headers
    /// 100,150,300 -> 12; y=150: lines 200,250 + headers 150,300 -> 8; y=175 and
    /// y=200: lines 200,250,350 + headers of sections 1 and 2 -> 11.
    /// Each step makes exactly the attribute objects it returns.
    @Test func attributesCreatedEqualTheVisibleCount() throws {
        let r = try Self.stickyRun.get()
        let samples = try #require(r.samples)
        #expect(samples.scroll.map(\.visible) == [11, 11, 14, 11, 12, 8, 11, 11])
        #expect(samples.scroll.map(\.attributesCreated) == samples.scroll.map(\.visible))
        #expect(r.scroll.attributesCreatedMedian == 11)
        #expect(r.scroll.attributesCreatedMax == 14)
        #expect(r.scroll.visibleMedian == 11)
    }

    /// The layout's work counters per operation: a scroll step recomputes no
    /// section geometry (only pinned headers); a resize that changes the width
    /// recomputes all 10 sections; a one-item batch update recomputes its one section.
    @Test func sectionsComputedPerOperation() throws {
        let samples = try #require(try Self.stickyRun.get().samples)
        #expect(samples.scroll.map(\.sectionsComputed) == Array(repeating: 0, count: 8))
        #expect(samples.resize.map(\.sectionsComputed) == [10, 10])
        #expect(samples.batchUpdates.map(\.sectionsComputed) == Array(repeating: 1, count: 5))
        // A scroll step looks at something (the sections in view at least).
        #expect(samples.scroll.allSatisfy { $0.elementsTouched > 0 })
    }

    /// The full-invalidation run replays the first four offsets from offset 0.
    /// Each step invalidates everything; the layout's own context for the bounds
    /// change still names the same candidates (2 each). The pending full pass
    /// runs at the old bounds, then the minimal pass at the new ones, so a step
    /// makes visible(old) + visible(new) attributes: 8+11, 11+11, 11+14, 14+11.
    @Test func fullInvalidationNamesEverything() throws {
        let r = try Self.stickyRun.get()
        let samples = try #require(r.samples)
        #expect(samples.fullInvalidation.map(\.offset) == [[0, 25], [0, 50], [0, 75], [0, 100]])
        #expect(samples.fullInvalidation.allSatisfy { $0.invalidatedEverything && $0.operation == "scroll (full invalidation)" })
        #expect(r.fullInvalidation?.invalidatingEverything == 4)
        #expect(samples.fullInvalidation.map(\.invalidatedElements) == [2, 2, 2, 2])
        #expect(samples.fullInvalidation.map(\.visible) == [11, 11, 14, 11])
        #expect(samples.fullInvalidation.map(\.attributesCreated) == [19, 22, 25, 25])
    }

    /// Turning 300x200 into 200x300 changes the width the flow lays out in, so
    /// both resizes recompute the flow (both flow flags: everything).
    @Test func resizesAlternateAndRecomputeTheFlow() throws {
        let samples = try #require(try Self.stickyRun.get().samples)
        #expect(samples.resize.map(\.operation) == ["resize to 200x300", "resize to 300x200"])
        #expect(samples.resize.map(\.boundsSize) == [[200, 300], [300, 200]])
        #expect(samples.resize.allSatisfy { $0.invalidatedEverything })
    }

    /// The batch updates are those of BatchUpdateScript with the workload's seed,
    /// each one performBatchUpdates (invalidateDataSourceCounts: everything).
    @Test func batchUpdatesFollowTheSeededScript() throws {
        let samples = try #require(try Self.stickyRun.get().samples)
        var script = BatchUpdateScript(seed: 3, itemCounts: Array(repeating: 6, count: 10))
        let expected = (0..<5).map { _ in script.next().description }
        #expect(samples.batchUpdates.map(\.operation) == expected)
        #expect(samples.batchUpdates.allSatisfy { $0.invalidatedEverything })
    }

    /// Same configuration, same counts: everything but the times repeats.
    @Test func countsAreDeterministic() throws {
        let a = try #require(try Self.stickyRun.get().samples)
        let b = try #require(try BenchRunner.run(TestLayouts.stickyFlowWorkload(), descriptor: TestLayouts.stickyFlow).samples)
        func counts(_ s: [OperationSample]) -> [[Int]] { s.map { [$0.invalidatedElements, $0.attributesCreated, $0.visible] } }
        #expect(counts(a.scroll) == counts(b.scroll))
        #expect(counts(a.fullInvalidation) == counts(b.fullInvalidation))
        #expect(a.batchUpdates.map(\.operation) == b.batchUpdates.map(\.operation))
        #expect(counts(a.batchUpdates) == counts(b.batchUpdates))
    }

    /// Self-sizing and flings: one section of 300 items at a 100x50 estimate
    /// whose cells want 100x80, in a 300x200 view from the top, 25-point steps.
    /// A line holds 2 items (100 + 110 = 210 <= 300, a third needs 320). Each
    /// step that shows a new line measures its two cells, and nothing else is
    /// ever measured: the cells measured are exactly the cells shown.
    @Test func selfSizingStepsMeasureWhatTheyShowAndFlingsAreCompared() throws {
        let config = BenchConfiguration(layoutName: "test-sticky-flow", options: ["estimatedItemSize": .size(CGSize(width: 100, height: 50))],
                                        sections: 1, itemsPerSection: 300, sizes: .uniform(CGSize(width: 100, height: 50)),
                                        boundsSize: CGSize(width: 300, height: 200), steps: 12, stepDistance: 25, warmupSteps: 0,
                                        resizeCount: 0, batchCount: 0, preferredItemSize: CGSize(width: 100, height: 80), flingCount: 3,
                                        recordSamples: true)
        let r = try BenchRunner.run(config, descriptor: TestLayouts.stickyFlow)
        let samples = try #require(r.samples)
        let measuring = samples.scroll.filter { $0.measuredCells > 0 }
        #expect(r.measuringScroll?.count == measuring.count)
        #expect(!measuring.isEmpty && measuring.count < samples.scroll.count)
        #expect(measuring.allSatisfy { $0.measuredCells % 2 == 0 })
        // Lines of 80 (measured) and 10 of spacing: the view's lines are measured
        // before anything else, so the measured count is even and far below 300.
        let measured = try #require(r.measuredCells)
        #expect(measured % 2 == 0 && measured < 60)
        #expect(r.fling?.count == 3)
        #expect(r.flingRatio != nil)
    }

    /// A grid of 30 rows x 40 columns of 100x50 cells is 4000x1500: it scrolls
    /// both ways in 300x200, so `auto` goes diagonally. Start at half the range,
    /// rounded down: x = 3700/2 = 1850, y = 1300/2 = 650; steps of 40 on both axes.
    /// The grid never invalidates on a bounds change, so nothing is named.
    @Test func autoAxisIsDiagonalForAGrid() throws {
        let config = BenchConfiguration(layoutName: "test-grid", sections: 30, itemsPerSection: 40,
                                        sizes: .uniform(CGSize(width: 100, height: 50)), boundsSize: CGSize(width: 300, height: 200),
                                        startFraction: 0.5, steps: 3, stepDistance: 40, warmupSteps: 0, resizeCount: 0,
                                        batchCount: 0, recordSamples: true)
        let r = try BenchRunner.run(config, descriptor: TestLayouts.grid)
        #expect(r.scrollAxis == "diagonal")
        #expect(r.contentSize == [4000, 1500])
        let samples = try #require(r.samples)
        #expect(samples.scroll.map(\.offset) == [[1890, 690], [1930, 730], [1970, 770]])
        #expect(samples.scroll.map(\.invalidatedElements) == [0, 0, 0])
        // [1890,2190) x [690,890): columns 18...21 (4) x rows 13...17 (5) = 20 cells;
        // the grid makes one attribute object per visible cell.
        #expect(samples.scroll.map(\.visible) == [20, 20, 20])
        #expect(samples.scroll.map(\.attributesCreated) == [20, 20, 20])
        #expect(r.resize == nil)
        #expect(r.batchUpdates == nil)
        #expect(r.fullInvalidation == nil)
        #expect(r.fullInvalidationRatio == nil)
    }

    /// Random sizes go to the collection view as per-item sizes: the flow layout
    /// then places the generated sizes, and the first item's frame shows it.
    /// Seed 7, section 0: the first size is 141x65 (SeededSizesTests).
    @Test func randomSizesReachTheLayout() throws {
        let config = BenchConfiguration(layoutName: "test-sticky-flow", sections: 4, itemsPerSection: 30,
                                        sizes: .random(seed: 7, min: CGSize(width: 40, height: 20), max: CGSize(width: 180, height: 90)),
                                        boundsSize: CGSize(width: 390, height: 300), steps: 2, warmupSteps: 0, resizeCount: 0, batchCount: 0)
        let cv = try BenchRunner.makeData(config)
        #expect(cv.sections.count == 4)
        #expect(cv.sections.allSatisfy { !$0.isUniform && $0.itemCount == 30 })
        #expect(cv.sections[0].itemSizeOverride(at: 0) == CGSize(width: 141, height: 65))
        let r = try BenchRunner.run(config, descriptor: TestLayouts.stickyFlow)
        #expect(r.configuration.sizes == "random")
        #expect(r.configuration.sizeSeed == 7)
        #expect(BenchReport.text([r]).contains("  4x30 random 40x20...180x90 seed 7\n"))
        #expect(r.scroll.count == 2)
    }
}
