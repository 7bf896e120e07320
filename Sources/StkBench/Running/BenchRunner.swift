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
        let contentSize = collectionView.contentSize
        let initialVisible = collectionView.visibleCount

        // 3. Scroll.
        let path = try ScrollPath(axis: config.scrollAxis, contentSize: contentSize, viewport: config.boundsSize,
                                  startFraction: config.startFraction, distance: config.stepDistance)
        let offsets = path.offsets(count: config.warmupSteps + config.steps)
        let meter = Meter(collectionView: collectionView, layout: layout, recorder: recorder)
        var budget = BenchBudget(seconds: config.timeBudgetSeconds)
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

        // 4. Full invalidation, over the first offsets of the same timed steps.
        var fullSamples: [OperationSample] = []
        let fullCount = min(config.resolvedFullInvalidationSteps, scrollSamples.count)
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

        // 5. Resizes.
        var resizeSamples: [OperationSample] = []
        budget.begin(.resize)
        for k in 0..<config.resizeCount where !budget.isUsedUp(done: resizeSamples.count) {
            let size = k % 2 == 0 ? config.resolvedResizeTo : config.boundsSize
            resizeSamples.append(try meter.measure("resize to \(size.stk)") { try collectionView.setBoundsSize(size) })
        }
        budget.note("resizes", resizeSamples.count, of: config.resizeCount)
        if collectionView.bounds.size != config.boundsSize { try collectionView.setBoundsSize(config.boundsSize) }

        // 6. Batch updates.
        var batchSamples: [OperationSample] = []
        batchSamples.reserveCapacity(config.batchCount)
        var script = BatchUpdateScript(seed: config.seed, itemCounts: collectionView.sections.map(\.itemCount))
        budget.begin(.batchUpdates)
        for _ in 0..<config.batchCount {
            if budget.isUsedUp(done: batchSamples.count) { break }
            let update = script.next()
            batchSamples.append(try meter.measure(update.description) { try collectionView.performBatchUpdates([update]) })
        }
        budget.note("batch updates", batchSamples.count, of: config.batchCount)

        // 7. Flings, each against its own bounds changes made one by one.
        var flingSamples: [OperationSample] = []
        var replaySamples: [OperationSample] = []
        budget.begin(.flings)
        for _ in 0..<config.flingCount where !budget.isUsedUp(done: flingSamples.count) {
            try collectionView.setContentOffset(path.start)
            // Towards the farther end of the scrollable range, so that no fling stops at an edge at once.
            let range = collectionView.scrollableOffsetRange
            func speed(_ position: CGFloat, _ r: ClosedRange<CGFloat>) -> CGFloat {
                position <= (r.lowerBound + r.upperBound) / 2 ? 3_000 : -3_000
            }
            let vx = path.axis == .horizontal || path.axis == .diagonal ? speed(path.start.x, range.x) : 0
            let vy = path.axis == .horizontal ? 0 : speed(path.start.y, range.y)
            let velocity = CGPoint(x: vx, y: vy)
            flingSamples.append(try meter.measure("fling \(velocity.stk)") { try collectionView.fling(velocity: velocity, steps: 10) })
            let target = collectionView.contentOffset
            try collectionView.setContentOffset(path.start)
            let offsets = collectionView.animationPath(to: target, steps: 10)
            replaySamples.append(try meter.measure("the fling's bounds changes") {
                for offset in offsets { try collectionView.setContentOffset(offset) }
            })
        }
        budget.note("flings", flingSamples.count, of: config.flingCount)
        var flingRatio: Double?
        if let fling = Statistics.percentile(50, of: flingSamples.map(\.micros)),
           let replay = Statistics.percentile(50, of: replaySamples.map(\.micros)), replay > 0 {
            flingRatio = (fling / replay).rounded(places: 3)
        }
        let measured = collectionView.sections.reduce(0) { $0 + $1.measuredSizes.count }

        // 8. Memory.
        let memory = ResidentMemory.read(peakWasReset: peakWasReset)

        var ratio: Double?
        if !fullSamples.isEmpty,
           let full = Statistics.percentile(50, of: fullSamples.map(\.micros)),
           let minimal = Statistics.percentile(50, of: scrollSamples.prefix(fullSamples.count).map(\.micros)),
           minimal > 0 {
            ratio = (full / minimal).rounded(places: 3)
        }
        return BenchResult(
            label: config.displayName,
            configuration: BenchConfigurationEcho(config),
            totalItems: config.totalItems,
            contentSize: contentSize.pair,
            scrollAxis: path.axis.rawValue,
            setupMillis: millis(setupNanos),
            coldPrepareMillis: millis(coldPrepareNanos),
            firstLayoutPassMillis: millis(coldEnd - coldStart),
            initialVisible: initialVisible,
            scroll: OperationStatistics(scrollSamples),
            fullInvalidation: fullSamples.isEmpty ? nil : OperationStatistics(fullSamples),
            fullInvalidationRatio: ratio,
            resize: resizeSamples.isEmpty ? nil : OperationStatistics(resizeSamples),
            batchUpdates: batchSamples.isEmpty ? nil : OperationStatistics(batchSamples),
            measuredCells: config.preferredItemSize == nil ? nil : measured,
            measuringScroll: config.preferredItemSize == nil ? nil : OperationStatistics(scrollSamples.filter { $0.measuredCells > 0 }),
            fling: flingSamples.isEmpty ? nil : OperationStatistics(flingSamples),
            flingRatio: flingRatio,
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
