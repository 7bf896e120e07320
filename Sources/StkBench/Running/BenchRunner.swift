import Foundation
import LayoutKit

/// Runs one workload in-process against any layout, through the collection
/// view's own driver, and measures it.
///
/// What each figure is (all from CLOCK_MONOTONIC, around the driver's public
/// calls, with the cycle observed by `CycleRecorder`):
///
/// 1. Setup (untimed for the targets, reported as `setupMillis`): the data is
///    built under a `PlaceholderLayout` that computes nothing: `reloadData`
///    with the item counts, then, for random sizes, one per-item size each.
///    The layout is made by the descriptor's factory and given its options.
/// 2. Cold prepare: `setCollectionViewLayout(layout)`, i.e. invalidate
///    everything, then the first layout pass. `coldPrepareMillis` runs from the
///    invalidation to the end of `prepare()`; `firstLayoutPassMillis` is the
///    whole call (content size, the visible query and the visible diff too).
/// 3. Scroll: untimed jump to the start, `warmupSteps` untimed steps, then
///    `steps` timed steps. A step is one `setContentOffset`: should-invalidate,
///    context, invalidate, prepare, content size, the visible query, the
///    visible diff. Per step: the elements its contexts named (or whether one
///    invalidated everything), the layout's work counters (attribute objects
///    made, elements touched, sections recomputed) and the visible count.
/// 4. Full invalidation (`fullInvalidation`): an untimed jump back to the
///    offset the timed steps started from, then the first
///    `fullInvalidationSteps` offsets of the same path again, each step being
///    `layout.invalidateLayout()` followed by the same `setContentOffset`. A
///    layout cannot be made to answer every bounds change with "everything"
///    without changing it, so this is done at the driver: the driver runs the
///    pending full layout pass first (at the old bounds, `setBounds` always
///    lays out a pending invalidation before a bounds change), then the bounds
///    change with the layout's own context and a second pass. A timed step is
///    therefore one full recompute plus one minimal step, so
///    `fullInvalidationRatio` (median full step / median minimal step over
///    the same offsets) is the cost of recomputing everything relative to the
///    minimal context, plus one.
/// 5. Resizes: `resizeCount` timed `setBoundsSize` calls alternating between
///    `resizeTo` and the original size (then the original size is restored,
///    untimed).
/// 6. Batch updates: `batchCount` timed `performBatchUpdates`, each inserting
///    or deleting one item at a seeded random place (`BatchUpdateScript`).
/// 7. Flings (`flingCount`): from the path's start, one timed `fling` of 10
///    bounds changes, then, from the start again, the same 10 offsets timed
///    as one run of `setContentOffset` calls; `flingRatio` is the median of
///    the first over the median of the second.
/// 8. Peak resident memory over steps 1-7 (`ResidentMemory`).
public enum BenchRunner {
    /// Runs the workload against the layout of `descriptor`, whose name must be
    /// the configuration's `layoutName`.
    public static func run(_ config: BenchConfiguration, descriptor: LayoutDescriptor) throws -> BenchResult {
        try config.validate()
        guard descriptor.name == config.layoutName else {
            throw BenchError("the configuration names layout '\(config.layoutName)' but the descriptor given is '\(descriptor.name)'")
        }
        let peakWasReset = ResidentMemory.resetPeak()
        let memoryAtStart = ResidentMemory.read(peakWasReset: peakWasReset)

        // 1. Setup.
        let setupStart = MonotonicClock.nanoseconds()
        let collectionView = try makeData(config)
        let layout = try LayoutSetup.makeLayout(config, descriptor: descriptor)
        let setupNanos = MonotonicClock.nanoseconds() - setupStart

        // 2. Cold prepare.
        let recorder = CycleRecorder()
        let cold = try ColdPrepare.measure(collectionView, layout: layout, recorder: recorder)
        let contentSize = collectionView.contentSize
        let initialVisible = collectionView.visibleCount

        // 3.-7. The timed phases, one after the other on the same view.
        let path = try ScrollPath(axis: config.scrollAxis, contentSize: contentSize, viewport: config.boundsSize,
                                  startFraction: config.startFraction, distance: config.stepDistance)
        let phases = TimedPhases(config: config, collectionView: collectionView, layout: layout, path: path,
                                 offsets: path.offsets(count: config.warmupSteps + config.steps),
                                 meter: Meter(collectionView: collectionView, layout: layout, recorder: recorder))
        var budget = BenchBudget(seconds: config.timeBudgetSeconds)
        let scrollSamples = try phases.scroll(&budget)
        let fullSamples = try phases.fullInvalidation(after: scrollSamples.count, &budget)
        let resizeSamples = try phases.resizes(&budget)
        let batchSamples = try phases.batchUpdates(&budget)
        let flings = try phases.flings(&budget)
        let measured = collectionView.sections.reduce(0) { $0 + $1.measuredSizes.count }

        // 8. Memory.
        let memory = ResidentMemory.read(peakWasReset: peakWasReset)

        let figures = Figures(setupNanos: setupNanos, cold: cold, contentSize: contentSize, initialVisible: initialVisible,
                              scroll: scrollSamples, fullInvalidation: fullSamples, resizes: resizeSamples,
                              batchUpdates: batchSamples, flings: flings.samples, flingRatio: flings.ratio, measuredCells: measured)
        return result(config, path: path, figures, memoryAtStart: memoryAtStart, memory: memory, budget: budget)
    }

    /// The report of one run. The full-invalidation ratio is taken here, after
    /// the memory reading, where `run` has always taken it.
    private static func result(_ config: BenchConfiguration, path: ScrollPath, _ figures: Figures,
                               memoryAtStart: ResidentMemory.Reading, memory: ResidentMemory.Reading,
                               budget: BenchBudget) -> BenchResult {
        let scrollSamples = figures.scroll, fullSamples = figures.fullInvalidation
        let resizeSamples = figures.resizes, batchSamples = figures.batchUpdates
        var ratio: Double?
        if !fullSamples.isEmpty {
            ratio = medianRatio(of: fullSamples, to: scrollSamples.prefix(fullSamples.count))
        }
        return BenchResult(
            label: config.displayName,
            configuration: BenchConfigurationEcho(config),
            totalItems: config.totalItems,
            contentSize: figures.contentSize.pair,
            scrollAxis: path.axis.rawValue,
            setupMillis: millis(figures.setupNanos),
            coldPrepareMillis: millis(figures.cold.prepareNanos),
            firstLayoutPassMillis: millis(figures.cold.firstLayoutPassNanos),
            initialVisible: figures.initialVisible,
            scroll: OperationStatistics(scrollSamples),
            fullInvalidation: fullSamples.isEmpty ? nil : OperationStatistics(fullSamples),
            fullInvalidationRatio: ratio,
            resize: resizeSamples.isEmpty ? nil : OperationStatistics(resizeSamples),
            batchUpdates: batchSamples.isEmpty ? nil : OperationStatistics(batchSamples),
            measuredCells: config.preferredItemSize == nil ? nil : figures.measuredCells,
            measuringScroll: config.preferredItemSize == nil ? nil : OperationStatistics(scrollSamples.filter { $0.measuredCells > 0 }),
            fling: figures.flings.isEmpty ? nil : OperationStatistics(figures.flings),
            flingRatio: figures.flingRatio,
            peakResidentMB: memory.peakMB.rounded(places: 3),
            peakResidentSource: memory.source,
            residentAtStartMB: memoryAtStart.currentMB.map { $0.rounded(places: 3) },
            samples: config.recordSamples
                ? BenchSamples(scroll: scrollSamples, fullInvalidation: fullSamples, resize: resizeSamples, batchUpdates: batchSamples)
                : nil,
            cutByTimeBudget: budget.notes
        )
    }

    /// Runs the workload against the layout registered under its `layoutName`.
    public static func run(_ config: BenchConfiguration, registry: LayoutRegistry) throws -> BenchResult {
        guard let entry = registry.entry(named: config.layoutName) else {
            let names = registry.names.sorted()
            throw BenchError("unknown layout '\(config.layoutName)' (\(names.isEmpty ? "no layout is registered" : "registered: " + names.joined(separator: ", ")))")
        }
        return try run(config, descriptor: entry.descriptor)
    }

    /// The collection view with the workload's data, under the placeholder layout.
    static func makeData(_ config: BenchConfiguration) throws -> CollectionView {
        let collectionView = CollectionView(size: config.boundsSize, layout: PlaceholderLayout())
        try collectionView.reloadData(itemCounts: Array(repeating: config.itemsPerSection, count: config.sections))
        if case let .random(seed, min, max) = config.sizes {
            let generator = SeededSizes(seed: seed, min: min, max: max)
            for section in 0..<config.sections {
                for (item, size) in generator.sizes(section: section, count: config.itemsPerSection).enumerated() {
                    try collectionView.setItemSize(size, at: IndexPath(item: item, section: section))
                }
            }
        }
        if let preferred = config.preferredItemSize {
            for section in 0..<config.sections { try collectionView.setPreferredSize(preferred, inSection: section) }
        }
        return collectionView
    }

    private static func millis(_ nanos: UInt64) -> Double { (Double(nanos) / 1_000_000).rounded(places: 6) }

    /// The median of `samples` over the median of `baseline`, to three places;
    /// nil where either has no median or the baseline's is not positive (a
    /// ratio to nothing says nothing).
    fileprivate static func medianRatio<Baseline: Collection>(of samples: [OperationSample], to baseline: Baseline) -> Double?
    where Baseline.Element == OperationSample {
        guard let measured = Statistics.percentile(50, of: samples.map(\.micros)),
              let reference = Statistics.percentile(50, of: baseline.map(\.micros)), reference > 0 else { return nil }
        return (measured / reference).rounded(places: 3)
    }
}

/// What phases 1 to 7 measured, carried from `run` to `result`.
private struct Figures {
    let setupNanos: UInt64
    let cold: ColdPrepare
    let contentSize: CGSize
    let initialVisible: Int
    let scroll: [OperationSample]
    let fullInvalidation: [OperationSample]
    let resizes: [OperationSample]
    let batchUpdates: [OperationSample]
    let flings: [OperationSample]
    let flingRatio: Double?
    let measuredCells: Int
}

/// Phase 2's two figures from one `setCollectionViewLayout` call: the
/// recorder's invalidation-to-prepared span where it saw both ends in order
/// (the cost of preparing alone), else the whole call.
private struct ColdPrepare {
    let prepareNanos: UInt64
    let firstLayoutPassNanos: UInt64

    /// Installs `layout` under the recorder, which times `prepare()` only for
    /// this call (the later phases time their own steps).
    static func measure(_ collectionView: CollectionView, layout: CollectionViewLayout, recorder: CycleRecorder) throws -> ColdPrepare {
        collectionView.observer = recorder
        recorder.timesPrepare = true
        let coldStart = MonotonicClock.nanoseconds()
        try collectionView.setCollectionViewLayout(layout)
        let coldEnd = MonotonicClock.nanoseconds()
        recorder.timesPrepare = false
        let coldPrepareNanos: UInt64
        if let from = recorder.lastInvalidationNanos, let to = recorder.preparedNanos, to >= from {
            coldPrepareNanos = to - from
        } else {
            coldPrepareNanos = coldEnd - coldStart
        }
        return ColdPrepare(prepareNanos: coldPrepareNanos, firstLayoutPassNanos: coldEnd - coldStart)
    }
}

/// Phases 3 to 7, in the order `run` calls them: each one starts from where
/// the one before left the view, and all share one time budget, so they are
/// methods over the same view, path and meter rather than free functions.
private struct TimedPhases {
    let config: BenchConfiguration
    let collectionView: CollectionView
    let layout: CollectionViewLayout
    let path: ScrollPath
    /// The warm-up offsets, then the timed ones.
    let offsets: [CGPoint]
    let meter: Meter

    /// 3. Scroll: an untimed jump to the path's start and warm-up, then the
    /// timed steps.
    func scroll(_ budget: inout BenchBudget) throws -> [OperationSample] {
        try collectionView.setContentOffset(path.start)
        budget.begin(.warmup)
        for offset in offsets[..<config.warmupSteps] where !budget.isUsedUp(done: 0) { try collectionView.setContentOffset(offset) }
        var scrollSamples: [OperationSample] = []
        scrollSamples.reserveCapacity(config.steps)
        budget.begin(.scroll)
        for offset in offsets[config.warmupSteps...] {
            if budget.isUsedUp(done: scrollSamples.count) { break }
            scrollSamples.append(try meter.measure("scroll") { try collectionView.setContentOffset(offset) })
        }
        budget.note("scroll steps", scrollSamples.count, of: config.steps)
        return scrollSamples
    }

    /// 4. Full invalidation, over the first offsets of the same timed steps
    /// (no more of them than the scroll phase got through, `scrollSteps`, so
    /// that each has a minimal step to be compared with).
    func fullInvalidation(after scrollSteps: Int, _ budget: inout BenchBudget) throws -> [OperationSample] {
        var fullSamples: [OperationSample] = []
        let fullCount = min(config.resolvedFullInvalidationSteps, scrollSteps)
        if fullCount > 0 {
            let before = config.warmupSteps > 0 ? offsets[config.warmupSteps - 1] : path.start
            try collectionView.setContentOffset(before)
            fullSamples.reserveCapacity(fullCount)
            budget.begin(.fullInvalidation)
            for offset in offsets[config.warmupSteps..<(config.warmupSteps + fullCount)] {
                if budget.isUsedUp(done: fullSamples.count) { break }
                fullSamples.append(try meter.measure("scroll (full invalidation)") {
                    layout.invalidateLayout()
                    try collectionView.setContentOffset(offset)
                })
            }
            budget.note("full-invalidation steps", fullSamples.count, of: config.resolvedFullInvalidationSteps)
        }
        return fullSamples
    }

    /// 5. Resizes, then the original size back, untimed.
    func resizes(_ budget: inout BenchBudget) throws -> [OperationSample] {
        var resizeSamples: [OperationSample] = []
        budget.begin(.resize)
        for k in 0..<config.resizeCount where !budget.isUsedUp(done: resizeSamples.count) {
            let size = k % 2 == 0 ? config.resolvedResizeTo : config.boundsSize
            resizeSamples.append(try meter.measure("resize to \(size.stk)") { try collectionView.setBoundsSize(size) })
        }
        budget.note("resizes", resizeSamples.count, of: config.resizeCount)
        if collectionView.bounds.size != config.boundsSize { try collectionView.setBoundsSize(config.boundsSize) }
        return resizeSamples
    }

    /// 6. Batch updates, drawn from the seeded script so that a seed gives the
    /// same updates on every run.
    func batchUpdates(_ budget: inout BenchBudget) throws -> [OperationSample] {
        var batchSamples: [OperationSample] = []
        batchSamples.reserveCapacity(config.batchCount)
        var script = BatchUpdateScript(seed: config.seed, itemCounts: collectionView.itemCounts)
        budget.begin(.batchUpdates)
        for _ in 0..<config.batchCount {
            if budget.isUsedUp(done: batchSamples.count) { break }
            let update = script.next()
            batchSamples.append(try meter.measure(update.description) { try collectionView.performBatchUpdates([update]) })
        }
        budget.note("batch updates", batchSamples.count, of: config.batchCount)
        return batchSamples
    }

    /// 7. Flings, each against its own bounds changes made one by one; the
    /// ratio of their medians is taken here, before the memory reading that
    /// follows this phase.
    func flings(_ budget: inout BenchBudget) throws -> (samples: [OperationSample], ratio: Double?) {
        var flingSamples: [OperationSample] = []
        var replaySamples: [OperationSample] = []
        budget.begin(.flings)
        for _ in 0..<config.flingCount where !budget.isUsedUp(done: flingSamples.count) {
            try collectionView.setContentOffset(path.start)
            let velocity = flingVelocity()
            flingSamples.append(try meter.measure("fling \(velocity.stk)") { try collectionView.fling(velocity: velocity, steps: 10) })
            let target = collectionView.contentOffset
            try collectionView.setContentOffset(path.start)
            let offsets = collectionView.animationPath(to: target, steps: 10)
            replaySamples.append(try meter.measure("the fling's bounds changes") {
                for offset in offsets { try collectionView.setContentOffset(offset) }
            })
        }
        budget.note("flings", flingSamples.count, of: config.flingCount)
        return (flingSamples, BenchRunner.medianRatio(of: flingSamples, to: replaySamples))
    }

    /// Towards the farther end of the scrollable range, so that no fling stops
    /// at an edge at once.
    private func flingVelocity() -> CGPoint {
        let range = collectionView.scrollableOffsetRange
        func speed(_ position: CGFloat, _ r: ClosedRange<CGFloat>) -> CGFloat {
            position <= (r.lowerBound + r.upperBound) / 2 ? 3_000 : -3_000
        }
        let vx = path.axis == .horizontal || path.axis == .diagonal ? speed(path.start.x, range.x) : 0
        let vy = path.axis == .horizontal ? 0 : speed(path.start.y, range.y)
        return CGPoint(x: vx, y: vy)
    }
}

/// Times one operation and collects what it did.
private struct Meter {
    let collectionView: CollectionView
    let layout: CollectionViewLayout
    let recorder: CycleRecorder

    func measure(_ operation: String, _ body: () throws -> Void) throws -> OperationSample {
        recorder.reset()
        let counters = layout.counters
        let createdBefore = counters.attributesCreated
        let initialisedBefore = CollectionViewLayoutAttributes.instancesCreated
        let touchedBefore = counters.elementsTouched
        let computedBefore = counters.sectionsComputed
        let start = MonotonicClock.nanoseconds()
        recorder.startTiming(at: start)
        try body()
        let end = MonotonicClock.nanoseconds()
        let micros = { (nanos: UInt64) in (Double(nanos) / 1_000).rounded(places: 3) }
        var sample = OperationSample(
            offset: collectionView.contentOffset.pair,
            boundsSize: collectionView.bounds.size.pair,
            operation: operation,
            micros: Double(end - start) / 1_000,
            invalidatedElements: recorder.invalidatedElements,
            invalidatedEverything: recorder.invalidatedEverything,
            // The attributes objects the layout made: LayoutKit's count for a
            // layout built on its helpers, else every initialisation in the
            // step (a layout written for iOS makes its own).
            attributesCreated: counters.attributesCreated > createdBefore
                ? counters.attributesCreated - createdBefore
                : CollectionViewLayoutAttributes.instancesCreated - initialisedBefore,
            elementsTouched: counters.elementsTouched - touchedBefore,
            sectionsComputed: counters.sectionsComputed - computedBefore,
            visible: collectionView.visibleCount,
            measuredCells: recorder.measuredCells
        )
        sample.prepareCalls = recorder.prepareCalls
        sample.inViewport = collectionView.visibleCount(meeting: collectionView.bounds)
        sample.phaseMicros = PhaseMicros(invalidation: micros(recorder.invalidationNanos), prepare: micros(recorder.prepareNanos),
                                         query: micros(recorder.queryNanos), diff: micros(recorder.diffNanos))
        return sample
    }
}
