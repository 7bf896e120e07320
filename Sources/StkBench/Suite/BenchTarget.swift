import Foundation

/// A figure of a `BenchResult` that a target can be set on.
public enum BenchMetric: String, Codable, Sendable, CaseIterable {
    case coldPrepareMillis
    case firstLayoutPassMillis
    case scrollMedianMicros
    case scrollP99Micros
    case fullInvalidationRatio
    case resizeMedianMicros
    case batchMedianMicros
    case batchP99Micros
    case peakResidentMB
    case flingRatio
    case measuringScrollMedianMicros
    /// `stk verify`'s throughput: operations, each followed by its checks,
    /// per second of the whole run (a `VerifyWorkload`'s figure).
    case checkedOperationsPerSecond
    /// `export html` of a long session: the median time of one export, and
    /// the page's size (an `ExportWorkload`'s figures).
    case exportMedianMillis
    case pageMegabytes
    /// Diffable snapshots: one `snapshot edit ... apply` of random edits
    /// (edits, difference, batch update, layout pass), and the difference of
    /// a snapshot and a shuffled copy (a `DiffableWorkload`'s figures).
    case snapshotApplyMedianMillis
    case shuffledDiffMillis
    /// A long script run as a file is: its time scaled to a million lines (a
    /// `ScriptWorkload`'s figure, with `peakResidentMB`).
    case secondsPerMillionLines

    /// How reports name it.
    public var title: String {
        switch self {
        case .coldPrepareMillis: return "cold prepare"
        case .firstLayoutPassMillis: return "first layout pass"
        case .scrollMedianMicros: return "scroll step median"
        case .scrollP99Micros: return "scroll step p99"
        case .fullInvalidationRatio: return "full / minimal invalidation"
        case .resizeMedianMicros: return "resize median"
        case .batchMedianMicros: return "batch update median"
        case .batchP99Micros: return "batch update p99"
        case .peakResidentMB: return "peak RSS"
        case .flingRatio: return "fling / its bounds changes"
        case .measuringScrollMedianMicros: return "measuring step median"
        case .checkedOperationsPerSecond: return "checked operations per second"
        case .exportMedianMillis: return "export html median"
        case .pageMegabytes: return "page size"
        case .snapshotApplyMedianMillis: return "snapshot apply median"
        case .shuffledDiffMillis: return "diff of a shuffled copy"
        case .secondsPerMillionLines: return "time per million lines"
        }
    }

    public var unit: String {
        switch self {
        case .coldPrepareMillis, .firstLayoutPassMillis: return "ms"
        case .scrollMedianMicros, .scrollP99Micros, .resizeMedianMicros, .batchMedianMicros, .batchP99Micros,
             .measuringScrollMedianMicros: return "µs"
        case .fullInvalidationRatio, .flingRatio: return "x"
        case .peakResidentMB: return "MB"
        case .checkedOperationsPerSecond: return "ops/s"
        case .exportMedianMillis, .snapshotApplyMedianMillis, .shuffledDiffMillis: return "ms"
        case .pageMegabytes: return "MB"
        case .secondsPerMillionLines: return "s"
        }
    }
}

/// The figures of each kind of run that a target can be set on, by metric: a
/// metric a kind's table leaves out is one its runs do not measure.
extension BenchResult {
    public static let figures: [BenchMetric: @Sendable (BenchResult) -> Double?] = [
        .coldPrepareMillis: { $0.coldPrepareMillis },
        .firstLayoutPassMillis: { $0.firstLayoutPassMillis },
        .scrollMedianMicros: { $0.scroll.medianMicros },
        .scrollP99Micros: { $0.scroll.p99Micros },
        .fullInvalidationRatio: { $0.fullInvalidationRatio },
        .resizeMedianMicros: { $0.resize?.medianMicros },
        .batchMedianMicros: { $0.batchUpdates?.medianMicros },
        .batchP99Micros: { $0.batchUpdates?.p99Micros },
        .peakResidentMB: { $0.peakResidentMB },
        .flingRatio: { $0.flingRatio },
        .measuringScrollMedianMicros: { $0.measuringScroll.flatMap { $0.count > 0 ? $0.medianMicros : nil } },
    ]
}

extension VerifyBenchResult {
    public static let figures: [BenchMetric: @Sendable (VerifyBenchResult) -> Double?] = [
        .checkedOperationsPerSecond: { $0.operationsPerSecond },
    ]
}

extension ExportBenchResult {
    public static let figures: [BenchMetric: @Sendable (ExportBenchResult) -> Double?] = [
        .exportMedianMillis: { $0.exportMedianMillis },
        .pageMegabytes: { $0.pageMegabytes },
    ]
}

extension DiffableBenchResult {
    public static let figures: [BenchMetric: @Sendable (DiffableBenchResult) -> Double?] = [
        .snapshotApplyMedianMillis: { $0.applyMedianMillis },
        .shuffledDiffMillis: { $0.kind == .shuffled ? $0.diffMedianMillis : nil },
        .peakResidentMB: { $0.peakResidentMB },
    ]
}

extension ScriptBenchResult {
    public static let figures: [BenchMetric: @Sendable (ScriptBenchResult) -> Double?] = [
        .secondsPerMillionLines: { $0.secondsPerMillionLines },
        .peakResidentMB: { $0.peakResidentMB },
    ]
}

public enum BenchComparison: String, Codable, Sendable {
    case atMost = "<="
    case atLeast = ">="

    func holds(_ value: Double, _ limit: Double) -> Bool {
        switch self {
        case .atMost: return value <= limit
        case .atLeast: return value >= limit
        }
    }
}

/// A goal for one figure of a workload: `scroll step median <= 20 µs`, or,
/// relative to another workload of the suite, `scroll step median <= 2x` that
/// of `flow-sticky 10k uniform` (the figure divided by the other's).
public struct BenchTarget: Codable, Equatable, Sendable, CustomStringConvertible {
    public var metric: BenchMetric
    public var comparison: BenchComparison
    public var limit: Double
    /// The workload whose same figure divides this one, or nil for an absolute target.
    public var relativeTo: String?

    public init(metric: BenchMetric, comparison: BenchComparison, limit: Double, relativeTo: String? = nil) {
        self.metric = metric
        self.comparison = comparison
        self.limit = limit
        self.relativeTo = relativeTo
    }

    public static func atMost(_ metric: BenchMetric, _ limit: Double, relativeTo: String? = nil) -> BenchTarget {
        BenchTarget(metric: metric, comparison: .atMost, limit: limit, relativeTo: relativeTo)
    }

    public static func atLeast(_ metric: BenchMetric, _ limit: Double, relativeTo: String? = nil) -> BenchTarget {
        BenchTarget(metric: metric, comparison: .atLeast, limit: limit, relativeTo: relativeTo)
    }

    /// The unit of the checked value: the metric's, or `x` for a relative target.
    public var unit: String { relativeTo == nil ? metric.unit : "x" }

    /// What the report shows under "metric".
    public var title: String {
        relativeTo.map { "\(metric.title) vs \($0)" } ?? metric.title
    }

    /// `<= 50 ms`, `>= 100x`, `<= 2x`.
    public var description: String {
        "\(comparison.rawValue) \(BenchFormat.value(limit, unit: unit))"
    }
}

/// One target checked against a suite run.
public struct BenchOutcome: Codable, Equatable, Sendable {
    public var workload: String
    public var metric: BenchMetric
    /// What the report shows: the metric's title, with the baseline for a relative target.
    public var title: String
    /// The checked value (a ratio for a relative target); nil when it could not be
    /// measured (the workload or its baseline failed, or the run has no such figure).
    public var measured: Double?
    public var unit: String
    /// As the report shows it: `<= 50 ms`.
    public var target: String
    public var met: Bool
}
