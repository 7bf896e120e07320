import Foundation

/// A workload of diffable snapshots, as `snapshot edit ... apply` runs them:
/// either rounds of random edits, each round applied as one batch update
/// (the edits on a copy, the difference, the batch update and its layout
/// pass, timed together), or one diff of the whole data against a shuffled
/// copy of it (the worst case for the difference: every item moves).
public struct DiffableWorkload: Equatable, Sendable {
    public enum Kind: String, Codable, Equatable, Sendable {
        /// `edits` random edits per apply, `runs` applies.
        case edits
        /// The snapshot diffed against a shuffled copy, `runs` times.
        case shuffled
    }

    /// Its name, layout and targets, on `applyMedianMillis`,
    /// `shuffledDiffMillis` and `peakResidentMB`.
    public var common: WorkloadCommon
    public var kind: Kind
    public var sections: Int
    public var itemsPerSection: Int
    /// Edits per apply (`.edits`).
    public var edits: Int
    public var runs: Int
    public var seed: UInt64

    public init(name: String, layoutName: String, kind: Kind, sections: Int, itemsPerSection: Int, edits: Int = 0,
                runs: Int, seed: UInt64 = 1, targets: [BenchTarget] = []) {
        common = WorkloadCommon(name: name, layoutName: layoutName, targets: targets)
        self.kind = kind
        self.sections = sections
        self.itemsPerSection = itemsPerSection
        self.edits = edits
        self.runs = runs
        self.seed = seed
    }
}

/// What a diffable workload measured.
public struct DiffableBenchResult: Codable, Equatable, Sendable {
    /// The workload's name in reports.
    public var label: String
    public var layout: String
    public var kind: DiffableWorkload.Kind
    public var sections: Int
    public var itemsPerSection: Int
    public var edits: Int
    public var runs: Int
    /// One apply (edits, difference, batch update and layout pass), in
    /// milliseconds; nil for a shuffled workload.
    public var applyMedianMillis: Double?
    public var applyMaxMillis: Double?
    /// The difference alone (`updates(to:)`), in milliseconds.
    public var diffMedianMillis: Double
    public var diffMaxMillis: Double
    /// The batch updates the difference gave, per run (median).
    public var updatesMedian: Int
    /// The peak resident memory of the run, in MB.
    public var peakResidentMB: Double
    public var peakSource: String

    public init(label: String, layout: String, kind: DiffableWorkload.Kind, sections: Int, itemsPerSection: Int, edits: Int,
                applyMillis: [Double], diffMillis: [Double], updateCounts: [Int], peakResidentMB: Double, peakSource: String) {
        self.label = label
        self.layout = layout
        self.kind = kind
        self.sections = sections
        self.itemsPerSection = itemsPerSection
        self.edits = edits
        runs = diffMillis.count
        let apply = TimingSpread(applyMillis), diff = TimingSpread(diffMillis)
        applyMedianMillis = apply.median
        applyMaxMillis = apply.max
        diffMedianMillis = diff.median ?? 0
        diffMaxMillis = diff.max ?? 0
        updatesMedian = Statistics.percentile(50, of: updateCounts) ?? 0
        self.peakResidentMB = peakResidentMB.rounded(places: 1)
        self.peakSource = peakSource
    }
}
