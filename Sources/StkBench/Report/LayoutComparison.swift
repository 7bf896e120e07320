import Foundation

/// `stk bench --compare LAYOUT`: one layout measured against another on the
/// same workload (data, bounds, scroll path, batch updates), as ratios of the
/// first's costs to the second's. Above 1x the first is slower: a sticky flow
/// layout of one's own against the built-in flow-sticky says at once whether
/// its per-step cost is the layout's design or the work every layout does.
public struct LayoutComparison: Sendable {
    public struct Ratio: Sendable, Equatable {
        public var metric: String
        /// The first layout's figure over the other's.
        public var ratio: Double
    }

    public let measured: String
    public let against: String
    public let ratios: [Ratio]

    public init(_ result: BenchResult, against other: BenchResult) {
        measured = result.configuration.layout
        against = other.configuration.layout
        var ratios: [Ratio] = []
        func add(_ metric: String, _ mine: Double?, _ theirs: Double?) {
            // A figure too small to time (0 µs) has no meaningful ratio.
            guard let mine, let theirs, theirs > 0, mine.isFinite else { return }
            ratios.append(Ratio(metric: metric, ratio: mine / theirs))
        }
        add("cold prepare", result.coldPrepareMillis, other.coldPrepareMillis)
        add("scroll step median", result.scroll.medianMicros, other.scroll.medianMicros)
        add("scroll step p99", result.scroll.p99Micros, other.scroll.p99Micros)
        add("batch update median", result.batchUpdates?.medianMicros, other.batchUpdates?.medianMicros)
        self.ratios = ratios
    }

    /// `compared with flow-sticky (the same workload): scroll step median 3.10x ...`
    public var line: String {
        let figures = ratios.map { "\($0.metric) \(BenchFormat.value($0.ratio, unit: "x"))" }.joined(separator: ", ")
        return "compared with \(against) (the same workload): \(figures); above 1x, \(measured) costs more"
    }
}
