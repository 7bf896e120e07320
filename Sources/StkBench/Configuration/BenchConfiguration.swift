import Foundation
import LayoutKit

/// How the items of a workload are sized.
public enum BenchItemSizes: Equatable, Sendable, CustomStringConvertible {
    /// Every item the same size, set as the layout's `itemSize` (the arithmetic
    /// fast path of flow layouts: no per-item data at all).
    case uniform(CGSize)
    /// Every item its own size, drawn from a seeded generator with width in
    /// `min.width...max.width` and height in `min.height...max.height`, rounded
    /// to whole points, and given to the collection view as per-item sizes
    /// (stk's flow delegate), which every layout reads.
    case random(seed: UInt64, min: CGSize, max: CGSize)

    public var description: String {
        switch self {
        case .uniform(let size): return "uniform \(size.stk)"
        case let .random(seed, min, max): return "random \(min.stk)...\(max.stk) seed=\(seed)"
        }
    }
}

/// Which way the scroll path runs.
public enum BenchScrollAxis: String, Codable, Sendable, CaseIterable {
    /// Diagonal when the content scrolls both ways (grids), else along the one
    /// axis it scrolls.
    case auto
    case vertical
    case horizontal
    case diagonal
}

/// One workload of `stk bench`: the data, the viewport, the layout and its
/// options, and the operations to time. Every field has a default, so a caller
/// sets only what it wants to change; `validate()` names a field that is wrong.
public struct BenchConfiguration: Equatable, Sendable {
    /// The registered name of the layout (`flow-sticky`, ...).
    public var layoutName: String
    /// Options set by name before the first layout pass, in name order.
    /// Options the layout does not declare are accepted for flow layouts when
    /// they are flow properties (`itemSize`, `headerSize`, ...), as `set` does.
    public var options: [String: LayoutOptionValue]
    public var sections: Int
    public var itemsPerSection: Int
    public var sizes: BenchItemSizes
    /// The viewport (the collection view's bounds size).
    public var boundsSize: CGSize
    /// Where the scroll path starts, as a fraction of the scrollable range on
    /// each axis it moves along: 0 the top (or left), 0.5 the middle.
    public var startFraction: Double
    /// Timed scroll steps.
    public var steps: Int
    /// Points per step along each moving axis (a diagonal step moves both).
    public var stepDistance: Double
    public var scrollAxis: BenchScrollAxis
    /// Untimed steps before the timed ones, along the same path.
    public var warmupSteps: Int
    /// Timed resizes, alternating between `resizeTo` and `boundsSize`.
    public var resizeCount: Int
    /// The other viewport of the resizes; nil: `boundsSize` turned sideways.
    public var resizeTo: CGSize?
    /// Timed batch updates, each one `performBatchUpdates` inserting or deleting
    /// one item at a seeded random place.
    public var batchCount: Int
    /// Seed of the batch updates.
    public var seed: UInt64
    /// Also time the scroll path with everything invalidated before each step.
    public var fullInvalidation: Bool
    /// How many steps the full-invalidation run times (each one recomputes
    /// the whole layout, so it is usually fewer than `steps`); at most `steps`.
    public var fullInvalidationSteps: Int
    /// Self-sizing: the size every cell's content wants (`prefer section`),
    /// measured as cells are displayed when the layout sizes cells itself (a
    /// flow layout with the `estimatedItemSize` option); nil: none.
    public var preferredItemSize: CGSize?
    /// Timed flings (`CollectionView.fling`, 10 bounds changes each) from the
    /// scroll path's start, at 3,000 points per second towards the farther end
    /// of the scrollable range, each compared with the same bounds changes
    /// made one by one.
    public var flingCount: Int
    /// Keep every timed operation in the result (`BenchResult.samples`).
    public var recordSamples: Bool
    /// The workload's name in reports; nil: made from the layout and the data.
    public var label: String?
    /// Seconds the timed phases may take in all (nil: no limit). Each phase
    /// gets its share (`BenchBudget`) and stops early when it is used up,
    /// after a few operations, so that a layout whose step costs seconds at
    /// this size (a full recompute of a million items) still ends in time;
    /// the result says what was cut.
    public var timeBudgetSeconds: Double?

    public init(
        layoutName: String,
        options: [String: LayoutOptionValue] = [:],
        sections: Int = 1_000,
        itemsPerSection: Int = 1_000,
        sizes: BenchItemSizes = .uniform(CGSize(width: 100, height: 44)),
        boundsSize: CGSize = CGSize(width: 390, height: 844),
        startFraction: Double = 0,
        steps: Int = 1_000,
        stepDistance: Double = 10,
        scrollAxis: BenchScrollAxis = .auto,
        warmupSteps: Int = 50,
        resizeCount: Int = 4,
        resizeTo: CGSize? = nil,
        batchCount: Int = 100,
        seed: UInt64 = 1,
        fullInvalidation: Bool = false,
        fullInvalidationSteps: Int = 50,
        preferredItemSize: CGSize? = nil,
        flingCount: Int = 0,
        recordSamples: Bool = false,
        label: String? = nil
    ) {
        self.layoutName = layoutName
        self.options = options
        self.sections = sections
        self.itemsPerSection = itemsPerSection
        self.sizes = sizes
        self.boundsSize = boundsSize
        self.startFraction = startFraction
        self.steps = steps
        self.stepDistance = stepDistance
        self.scrollAxis = scrollAxis
        self.warmupSteps = warmupSteps
        self.resizeCount = resizeCount
        self.resizeTo = resizeTo
        self.batchCount = batchCount
        self.seed = seed
        self.fullInvalidation = fullInvalidation
        self.fullInvalidationSteps = fullInvalidationSteps
        self.preferredItemSize = preferredItemSize
        self.flingCount = flingCount
        self.recordSamples = recordSamples
        self.label = label
    }

    /// The viewport the resizes alternate with.
    public var resolvedResizeTo: CGSize { resizeTo ?? CGSize(width: boundsSize.height, height: boundsSize.width) }

    /// How many full-invalidation steps are timed (0 when the comparison is off).
    public var resolvedFullInvalidationSteps: Int { fullInvalidation ? min(fullInvalidationSteps, steps) : 0 }

    public var totalItems: Int { sections * itemsPerSection }

    /// `flow-sticky 1000x1000 uniform 100x44`, unless a label is given.
    public var displayName: String {
        label ?? "\(layoutName) \(sections)x\(itemsPerSection) \(sizes)"
    }

    /// The data a script may make (docs/language.md, "Limits"): a benchmark
    /// asks no more of the machine than a script could.
    public static let maximumItems = 1_000_000_000
    public static let maximumSections = 2_000_000
    /// Random sizes are drawn and kept per item: 160 MB at this count.
    public static let maximumRandomSizedItems = 10_000_000
    /// Each step, batch and fling keeps its timing (and a step its events' counts).
    public static let maximumSamples = 1_000_000
    public static let maximumBatches = 100_000
    public static let maximumFlings = 10_000

    /// Checks every field; the error names the field, its value and what was expected.
    public func validate() throws {
        if layoutName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw BenchError("layout name must not be empty")
        }
        if sections < 1 { throw BenchError("sections must be at least 1, got \(sections)") }
        if itemsPerSection < 0 { throw BenchError("items per section must not be negative, got \(itemsPerSection)") }
        let total = sections.multipliedReportingOverflow(by: itemsPerSection)
        if total.overflow || total.partialValue > Self.maximumItems {
            throw BenchError("sections x items per section (\(sections) x \(itemsPerSection)) is more than \(Self.maximumItems) items, as a script allows")
        }
        if sections > Self.maximumSections {
            throw BenchError("at most \(Self.maximumSections) sections, as a script allows, got \(sections)")
        }
        if case .random = sizes, total.partialValue > Self.maximumRandomSizedItems {
            throw BenchError("random sizes are stored per item (16 bytes each): at most \(Self.maximumRandomSizedItems) items, got \(total.partialValue)")
        }
        if steps > Self.maximumSamples { throw BenchError("at most \(Self.maximumSamples) steps, got \(steps)") }
        if batchCount > Self.maximumBatches { throw BenchError("at most \(Self.maximumBatches) batch updates, got \(batchCount)") }
        if flingCount > Self.maximumFlings { throw BenchError("at most \(Self.maximumFlings) flings, got \(flingCount)") }
        switch sizes {
        case .uniform(let size):
            try Self.checkSize(size, "item size", allowZero: true)
        case let .random(_, min, max):
            try Self.checkSize(min, "minimum random item size", allowZero: true)
            try Self.checkSize(max, "maximum random item size", allowZero: true)
            if min.width > max.width || min.height > max.height {
                throw BenchError("minimum random item size \(min.stk) must not exceed the maximum \(max.stk) in width or height")
            }
        }
        try Self.checkSize(boundsSize, "bounds size", allowZero: false)
        if !(startFraction >= 0 && startFraction <= 1) {
            throw BenchError("start fraction must be between 0 and 1, got \(startFraction.stk)")
        }
        if steps < 1 { throw BenchError("steps must be at least 1, got \(steps)") }
        if !stepDistance.isFinite || stepDistance <= 0 {
            throw BenchError("step distance must be a positive number of points, got \(stepDistance.stk)")
        }
        if warmupSteps < 0 { throw BenchError("warmup steps must not be negative, got \(warmupSteps)") }
        if resizeCount < 0 { throw BenchError("resize count must not be negative, got \(resizeCount)") }
        if let other = resizeTo { try Self.checkSize(other, "resize size", allowZero: false) }
        if batchCount < 0 { throw BenchError("batch update count must not be negative, got \(batchCount)") }
        if flingCount < 0 { throw BenchError("fling count must not be negative, got \(flingCount)") }
        if let preferred = preferredItemSize { try Self.checkSize(preferred, "preferred item size", allowZero: true) }
        if fullInvalidation && fullInvalidationSteps < 1 {
            throw BenchError("full-invalidation steps must be at least 1, got \(fullInvalidationSteps)")
        }
        if case .uniform = sizes, options["itemSize"] != nil {
            throw BenchError("itemSize is given both as an option and as the uniform item size: give it once")
        }
    }

    private static func checkSize(_ size: CGSize, _ what: String, allowZero: Bool) throws {
        guard size.width.isFinite, size.height.isFinite else {
            throw BenchError("\(what) must have finite width and height, got \(size.stk)")
        }
        if allowZero {
            guard size.width >= 0, size.height >= 0 else {
                throw BenchError("\(what) must not be negative, got \(size.stk)")
            }
        } else {
            guard size.width > 0, size.height > 0 else {
                throw BenchError("\(what) must have a positive width and height, got \(size.stk)")
            }
        }
    }
}
