import Foundation

/// Order statistics by the nearest-rank method: the p-th percentile of n sorted
/// values is the value at rank ceil(p/100 * n) (1-based). It is always one of
/// the measured values, never an interpolation; the median is the 50th
/// percentile, so for an even count it is the lower of the two middle values.
public enum Statistics {
    /// The nearest-rank percentile of values already sorted ascending; nil when empty.
    public static func percentile<T>(_ p: Double, ofSorted sorted: [T]) -> T? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    public static func percentile<T: Comparable>(_ p: Double, of values: [T]) -> T? {
        percentile(p, ofSorted: values.sorted())
    }

    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}

/// What a workload's result reports of its timings: the nearest-rank median
/// and 99th percentile, the least and the greatest, each rounded to a
/// thousandth of its unit; all nil when nothing was timed.
struct TimingSpread {
    let median: Double?
    let p99: Double?
    let min: Double?
    let max: Double?

    init(_ timings: [Double]) {
        let sorted = timings.sorted()
        median = Statistics.percentile(50, ofSorted: sorted)?.rounded(places: 3)
        p99 = Statistics.percentile(99, ofSorted: sorted)?.rounded(places: 3)
        min = sorted.first?.rounded(places: 3)
        max = sorted.last?.rounded(places: 3)
    }
}

extension Double {
    /// Rounded to `places` decimals, so JSON and tables do not show the last
    /// bits of a division.
    func rounded(places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
