import Foundation
import LayoutKit

/// One timed operation (a scroll step, a resize, a batch update) and what it did.
public struct OperationSample: Codable, Equatable, Sendable {
    /// The content offset after the operation, `[x, y]`.
    public var offset: [Double]
    /// The bounds size after the operation, `[width, height]`.
    public var boundsSize: [Double]
    /// What the operation was: `scroll`, `scroll (full invalidation)`, `resize`,
    /// or the batch update (`insert item 3:17`).
    public var operation: String
    public var micros: Double
    /// Elements named by the operation's contexts (0 when none was built).
    public var invalidatedElements: Int
    /// Whether a context of the operation invalidated everything.
    public var invalidatedEverything: Bool
    /// Attribute objects the layout made during the operation (its counter).
    public var attributesCreated: Int
    /// Elements the layout says it looked at (its `elementsTouched` counter).
    public var elementsTouched: Int
    /// Sections whose geometry the layout recomputed (its `sectionsComputed` counter).
    public var sectionsComputed: Int
    /// Visible elements after the operation.
    public var visible: Int
    /// Cells measured during the operation whose size the layout took (self-sizing).
    public var measuredCells: Int = 0
    /// `prepare()` calls during the operation.
    public var prepareCalls: Int = 0
    /// Of the `visible` elements the layout pass's rect query returned, those
    /// whose frames meet the viewport (the rest were asked for nothing).
    public var inViewport: Int = 0
    /// The operation's time by phase of the cycle (microseconds): contexts and
    /// invalidation, prepare, the rect query, the visible diff. Their sum is
    /// the operation's time less what falls after its last event.
    public var phaseMicros = PhaseMicros()
}

/// An operation's time by phase of the layout cycle, in microseconds. The
/// runner measures it; reports and JSON read it.
public struct PhaseMicros: Codable, Equatable, Sendable {
    public var invalidation = 0.0
    public var prepare = 0.0
    public var query = 0.0
    public var diff = 0.0
}

/// Figures over the timed operations of one kind. Times are microseconds;
/// percentiles are nearest-rank (`Statistics`).
public struct OperationStatistics: Codable, Equatable, Sendable {
    public var count: Int
    public var medianMicros: Double
    public var p99Micros: Double
    public var meanMicros: Double
    public var minMicros: Double
    public var maxMicros: Double
    /// Over the operations that named elements instead of everything (0 when none did).
    public var invalidatedElementsMedian: Int
    public var invalidatedElementsMax: Int
    /// Operations whose context invalidated everything.
    public var invalidatingEverything: Int
    public var attributesCreatedMedian: Int
    public var attributesCreatedMax: Int
    public var elementsTouchedMedian: Int
    public var elementsTouchedMax: Int
    public var sectionsComputedMedian: Int
    public var sectionsComputedMax: Int
    public var visibleMedian: Int
    public var prepareCallsMedian: Int
    public var prepareCallsMax: Int
    public var inViewportMedian: Int
    /// The median of each phase's time over the operations.
    public var phaseMicrosMedian: PhaseMicros

    init(_ samples: [OperationSample]) {
        /// A figure's median and largest value over some samples (0 when there are none).
        func medianAndMax<Figure: Comparable & ExpressibleByIntegerLiteral>(_ figures: [Figure]) -> (Figure, Figure) {
            let sorted = figures.sorted()
            return (Statistics.percentile(50, ofSorted: sorted) ?? 0, sorted.last ?? 0)
        }
        func median<Figure: Comparable & ExpressibleByIntegerLiteral>(_ figure: KeyPath<OperationSample, Figure>) -> Figure {
            medianAndMax(samples.map { $0[keyPath: figure] }).0
        }
        let micros = samples.map(\.micros).sorted()
        count = samples.count
        medianMicros = Statistics.percentile(50, ofSorted: micros) ?? 0
        p99Micros = Statistics.percentile(99, ofSorted: micros) ?? 0
        meanMicros = (Statistics.mean(micros) ?? 0).rounded(places: 3)
        minMicros = micros.first ?? 0
        maxMicros = micros.last ?? 0
        (invalidatedElementsMedian, invalidatedElementsMax)
            = medianAndMax(samples.filter { !$0.invalidatedEverything }.map(\.invalidatedElements))
        invalidatingEverything = samples.filter(\.invalidatedEverything).count
        (attributesCreatedMedian, attributesCreatedMax) = medianAndMax(samples.map(\.attributesCreated))
        (elementsTouchedMedian, elementsTouchedMax) = medianAndMax(samples.map(\.elementsTouched))
        (sectionsComputedMedian, sectionsComputedMax) = medianAndMax(samples.map(\.sectionsComputed))
        visibleMedian = median(\.visible)
        (prepareCallsMedian, prepareCallsMax) = medianAndMax(samples.map(\.prepareCalls))
        inViewportMedian = median(\.inViewport)
        phaseMicrosMedian = PhaseMicros(invalidation: median(\.phaseMicros.invalidation), prepare: median(\.phaseMicros.prepare),
                                        query: median(\.phaseMicros.query), diff: median(\.phaseMicros.diff))
    }
}

/// Every timed operation of a run, kept when `recordSamples` is on.
public struct BenchSamples: Codable, Equatable, Sendable {
    public var scroll: [OperationSample]
    public var fullInvalidation: [OperationSample]
    public var resize: [OperationSample]
    public var batchUpdates: [OperationSample]
}

/// The configuration as the result echoes it: plain values, options as text.
public struct BenchConfigurationEcho: Codable, Equatable, Sendable {
    public var layout: String
    /// Option values as stk prints them (`100x44`, `true`, `nextHeader`).
    public var options: [String: String]
    public var sections: Int
    public var itemsPerSection: Int
    /// `uniform` or `random`.
    public var sizes: String
    /// The uniform size, `[width, height]` (uniform only).
    public var itemSize: [Double]?
    /// Random sizes only.
    public var sizeSeed: UInt64?
    public var minItemSize: [Double]?
    public var maxItemSize: [Double]?
    public var boundsSize: [Double]
    public var startFraction: Double
    public var steps: Int
    public var stepDistance: Double
    /// As configured (`auto` ...); the result's `scrollAxis` is the axis used.
    public var scrollAxis: String
    public var warmupSteps: Int
    public var resizeCount: Int
    public var resizeTo: [Double]
    public var batchCount: Int
    public var seed: UInt64
    public var fullInvalidation: Bool
    public var fullInvalidationSteps: Int

    init(_ c: BenchConfiguration) {
        layout = c.layoutName
        options = c.options.mapValues(\.description)
        sections = c.sections
        itemsPerSection = c.itemsPerSection
        switch c.sizes {
        case .uniform(let size):
            sizes = "uniform"
            itemSize = size.pair
        case let .random(seed, min, max):
            sizes = "random"
            sizeSeed = seed
            minItemSize = min.pair
            maxItemSize = max.pair
        }
        boundsSize = c.boundsSize.pair
        startFraction = c.startFraction
        steps = c.steps
        stepDistance = c.stepDistance
        scrollAxis = c.scrollAxis.rawValue
        warmupSteps = c.warmupSteps
        resizeCount = c.resizeCount
        resizeTo = c.resolvedResizeTo.pair
        batchCount = c.batchCount
        seed = c.seed
        fullInvalidation = c.fullInvalidation
        fullInvalidationSteps = c.resolvedFullInvalidationSteps
    }
}

/// What one workload measured. Times: `...Millis` in milliseconds, `...Micros`
/// in microseconds, from CLOCK_MONOTONIC. JSON keys are these property names.
public struct BenchResult: Codable, Equatable, Sendable {
    /// The workload's name in reports.
    public var label: String
    public var configuration: BenchConfigurationEcho
    public var totalItems: Int
    /// After the first layout pass, `[width, height]`.
    public var contentSize: [Double]
    /// The axis the scroll path moved along (`vertical`, `horizontal`, `diagonal`).
    public var scrollAxis: String
    /// Building the data before the layout is installed (not a layout cost;
    /// shown so a slow run can be explained).
    public var setupMillis: Double
    /// From the invalidation that installs the layout to the end of its first
    /// `prepare()`: the cold prepare.
    public var coldPrepareMillis: Double
    /// The whole first layout pass: invalidation, `prepare()`, content size,
    /// the visible query and the visible diff.
    public var firstLayoutPassMillis: Double
    /// Visible elements after the first layout pass.
    public var initialVisible: Int
    /// The timed scroll steps, each one `setContentOffset`: should-invalidate,
    /// context, invalidate, prepare, visible query, visible diff.
    public var scroll: OperationStatistics
    /// The same steps with `invalidateLayout()` (everything) before each one;
    /// nil when the comparison is off. See `BenchRunner` for what it includes.
    public var fullInvalidation: OperationStatistics?
    /// Median full-invalidation step / median minimal step, over the same offsets.
    public var fullInvalidationRatio: Double?
    public var resize: OperationStatistics?
    public var batchUpdates: OperationStatistics?
    /// Self-sizing: how many cells were measured over the whole run (the
    /// storage grows with them, not with the items); nil when none declares a size.
    public var measuredCells: Int?
    /// The timed scroll steps that measured at least one cell (self-sizing).
    public var measuringScroll: OperationStatistics?
    /// The timed flings, and the median fling over the median of the same
    /// bounds changes made one by one (nil when `flingCount` is 0).
    public var fling: OperationStatistics?
    public var flingRatio: Double?
    /// Peak resident memory of the run, in MB (2^20 bytes), and where it comes from.
    public var peakResidentMB: Double
    public var peakResidentSource: String
    /// Resident memory before the run's data was built, when known.
    public var residentAtStartMB: Double?
    public var samples: BenchSamples?
    /// What the time budget left out (`37 of 1000 scroll steps`); empty when
    /// everything asked was measured.
    public var cutByTimeBudget: [String] = []
}

extension CGSize {
    var pair: [Double] { [Double(width), Double(height)] }
}

extension CGPoint {
    var pair: [Double] { [Double(x), Double(y)] }
}
