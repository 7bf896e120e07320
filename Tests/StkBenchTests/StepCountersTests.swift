import Foundation
import LayoutKit
import Testing
@testable import StkBench

/// The counters that mean something for any layout: prepare() calls per
/// step, the elements a pass's rect query returned against those in the
/// viewport, and the step's time by phase.
@Suite struct StepCountersTests {
    /// One section of 10 rows, 100 points tall and as wide as the view, whose
    /// rect query answers every row whatever the rect (a layout that filters
    /// nothing), and which invalidates on every scroll when told to.
    final class EverythingLayout: CollectionViewLayout, ConfigurableLayout {
        var invalidatesOnScroll = false
        private var rows: [CGRect] = []

        override func prepare() {
            rows = (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).map {
                CGRect(x: 0, y: CGFloat($0) * 100, width: collectionView?.bounds.width ?? 0, height: 100)
            }
        }

        override var collectionViewContentSize: CGSize {
            CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(rows.count) * 100)
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            rows.indices.map { row in
                let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: row, section: 0))
                a.frame = rows[row]
                return a
            }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            let a = CollectionViewLayoutAttributes(forCellWith: indexPath)
            a.frame = rows[indexPath.item]
            return a
        }

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { invalidatesOnScroll }

        func setOption(_ name: String, to value: LayoutOptionValue) throws {
            guard name == "invalidatesOnScroll", let on = value.bool else { throw CollectionViewError("no option \(name)") }
            invalidatesOnScroll = on
        }

        func optionValue(_ name: String) -> LayoutOptionValue? { name == "invalidatesOnScroll" ? .bool(invalidatesOnScroll) : nil }
    }

    static let everything = LayoutDescriptor(
        name: "test-everything", summary: "answers every row",
        options: [LayoutOption(name: "invalidatesOnScroll", type: .bool, defaultValue: .bool(false), help: "invalidate on scroll")],
        makeLayout: { EverythingLayout() })

    /// 10 rows in a 300x200 view, scrolled down 50 points at a time from the top.
    static func workload(invalidatesOnScroll: Bool) -> BenchConfiguration {
        BenchConfiguration(
            layoutName: "test-everything", options: ["invalidatesOnScroll": .bool(invalidatesOnScroll)],
            sections: 1, itemsPerSection: 10, sizes: .uniform(CGSize(width: 300, height: 100)),
            boundsSize: CGSize(width: 300, height: 200), startFraction: 0, steps: 4, stepDistance: 50,
            scrollAxis: .auto, warmupSteps: 0, resizeCount: 0, batchCount: 0, seed: 1,
            fullInvalidation: false, recordSamples: true)
    }

    /// Every row is returned (10); those meeting the viewport [y, y + 200) are
    /// rows k with 100k < y + 200 and 100k + 100 > y: y = 50: rows 0, 1, 2;
    /// y = 100: rows 1, 2 (row 0 ends at 100, row 3 starts at 300); y = 150:
    /// rows 1, 2, 3; y = 200: rows 2, 3.
    @Test func theQueryReturnsMoreThanTheViewportShows() throws {
        let r = try BenchRunner.run(Self.workload(invalidatesOnScroll: false), descriptor: Self.everything)
        let samples = try #require(r.samples)
        #expect(samples.scroll.map(\.offset) == [[0, 50], [0, 100], [0, 150], [0, 200]])
        #expect(samples.scroll.map(\.visible) == [10, 10, 10, 10])
        #expect(samples.scroll.map(\.inViewport) == [3, 2, 3, 2])
        // Sorted [2, 2, 3, 3]: the nearest-rank median is the 2nd value.
        #expect(r.scroll.inViewportMedian == 2)
        // A layout that does not invalidate on scroll is never prepared by one.
        #expect(samples.scroll.map(\.prepareCalls) == [0, 0, 0, 0])
        #expect(samples.scroll.allSatisfy { $0.phaseMicros.prepare == 0 })
    }

    /// A layout that answers true to shouldInvalidateLayout(forBoundsChange:)
    /// is prepared once per scroll step; the step's phases all took time and
    /// add up to no more than the step.
    @Test func aScrollThatInvalidatesPreparesOncePerStep() throws {
        let r = try BenchRunner.run(Self.workload(invalidatesOnScroll: true), descriptor: Self.everything)
        let samples = try #require(r.samples)
        #expect(samples.scroll.map(\.prepareCalls) == [1, 1, 1, 1])
        #expect(r.scroll.prepareCallsMedian == 1 && r.scroll.prepareCallsMax == 1)
        for sample in samples.scroll {
            let p = sample.phaseMicros
            #expect(p.invalidation > 0 && p.prepare > 0 && p.query > 0 && p.diff > 0, "\(p)")
            #expect(p.invalidation + p.prepare + p.query + p.diff <= sample.micros + 0.01, "\(p) in \(sample.micros) µs")
        }
        let text = BenchReport.text([r])
        #expect(text.contains("median 2 of the 10 the query returned"), "\(text)")
        #expect(text.contains("prepare() / step"), "\(text)")
    }

    /// A layout whose every scroll step sleeps 20 ms in prepare().
    final class SlowLayout: CollectionViewLayout, ConfigurableLayout {
        override func prepare() { usleep(20_000) }
        override var collectionViewContentSize: CGSize { CGSize(width: 300, height: 100_000) }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? { [] }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        func setOption(_ name: String, to value: LayoutOptionValue) throws { throw CollectionViewError("no option \(name)") }
        func optionValue(_ name: String) -> LayoutOptionValue? { nil }
    }

    /// 100 steps of 20 ms would take 2 s; a budget of 0.5 s gives the scroll
    /// 45% of it, 0.225 s: about 11 steps (at least 3, far fewer than 100),
    /// and the report says what it left out. Without a budget all 100 run.
    @Test func aTimeBudgetCutsASlowRunAndSaysSo() throws {
        let slow = LayoutDescriptor(name: "test-slow", summary: "slow", options: [], makeLayout: { SlowLayout() })
        var config = BenchConfiguration(layoutName: "test-slow", sections: 1, itemsPerSection: 10,
                                        boundsSize: CGSize(width: 300, height: 200), steps: 100, stepDistance: 10,
                                        warmupSteps: 0, resizeCount: 0, batchCount: 0)
        config.timeBudgetSeconds = 0.5
        let r = try BenchRunner.run(config, descriptor: slow)
        #expect((3..<30).contains(r.scroll.count), "\(r.scroll.count)")
        #expect(r.cutByTimeBudget == ["\(r.scroll.count) of 100 scroll steps"])
        #expect(BenchReport.text([r]).contains("time budget: \(r.label) measured \(r.scroll.count) of 100 scroll steps (--time-budget 0 measures all)"))
        // A budget used up at once: each kind measures its minimum, and
        // every kind it cut is said (3 scroll steps, 1 resize, 1 batch update).
        var tiny = config
        tiny.resizeCount = 4
        tiny.batchCount = 5
        tiny.timeBudgetSeconds = 0.0001
        let cut = try BenchRunner.run(tiny, descriptor: slow)
        #expect(cut.cutByTimeBudget == ["3 of 100 scroll steps", "1 of 4 resizes", "1 of 5 batch updates"], "\(cut.cutByTimeBudget)")
        config.steps = 5
        config.timeBudgetSeconds = nil
        let whole = try BenchRunner.run(config, descriptor: slow)
        #expect(whole.scroll.count == 5 && whole.cutByTimeBudget.isEmpty)
    }

    /// A step that grows with the data, spent mostly in prepare(), which
    /// every step calls: the cause names prepare() and its share of the step.
    @Test func aStepSpentInPrepareNamesIt() throws {
        let step = ScalingVerdict(points: [(100, 160), (1_000, 1_600), (10_000, 16_000)])
        var report = ScalingReport(step: step, prepare: nil, batch: nil, attributesPerStep: 10_000, visiblePerStep: 100,
                                   stepInvalidatesEverything: false)
        report.prepareCallsPerStep = 1
        report.prepareMicrosPerStep = 15_000
        report.stepMicros = 16_000
        #expect(report.likelyCause?.hasPrefix("every scroll step calls prepare() (15000 µs of its 16000 µs), and it creates about 10000 attributes objects for 100 visible elements: a full recompute") == true,
                "\(report.likelyCause ?? "nil")")
        // The same time outside prepare() keeps the cause of the objects alone.
        report.prepareMicrosPerStep = 1_000
        #expect(report.likelyCause?.hasPrefix("every scroll step creates about 10000 attributes objects") == true)
    }
}
