import Foundation

/// A workload of `stk verify`'s checker: seeded random operations on a
/// layout, each followed by the checks of `check`, timed. StkBench describes
/// it and reports it; the run itself belongs to the checker (StkScript), which
/// hands it to `BenchSuite.run` as a closure.
public struct VerifyWorkload: Equatable, Sendable {
    /// Its name, layout and targets, on `checkedOperationsPerSecond`.
    public var common: WorkloadCommon
    /// The data every session of the run starts with.
    public var sections: Int
    public var itemsPerSection: Int
    public var operations: Int
    public var seed: UInt64

    public init(name: String, layoutName: String, sections: Int, itemsPerSection: Int, operations: Int,
                seed: UInt64 = 1, targets: [BenchTarget] = []) {
        common = WorkloadCommon(name: name, layoutName: layoutName, targets: targets)
        self.sections = sections
        self.itemsPerSection = itemsPerSection
        self.operations = operations
        self.seed = seed
    }
}

/// What a verify workload measured.
public struct VerifyBenchResult: Codable, Equatable, Sendable {
    /// The workload's name in reports.
    public var label: String
    public var layout: String
    public var sections: Int
    public var itemsPerSection: Int
    public var seed: UInt64
    /// Operations run and checked (the run stops early at a finding).
    public var operations: Int
    /// Whether the run ended at a finding (the layout has a bug, or the
    /// checker a false alarm: either way the figures are not the checker's).
    public var foundSomething: Bool
    /// The whole run: sessions started, operations run and checked.
    public var seconds: Double
    /// `operations / seconds`.
    public var operationsPerSecond: Double
    /// One checked operation: the command, then every check, in microseconds.
    public var operationMedianMicros: Double
    public var operationP99Micros: Double
    public var operationMaxMicros: Double

    public init(label: String, layout: String, sections: Int, itemsPerSection: Int, seed: UInt64, operations: Int,
                foundSomething: Bool, seconds: Double, operationMicros: [Double]) {
        self.label = label
        self.layout = layout
        self.sections = sections
        self.itemsPerSection = itemsPerSection
        self.seed = seed
        self.operations = operations
        self.foundSomething = foundSomething
        self.seconds = seconds.rounded(places: 3)
        operationsPerSecond = seconds > 0 ? (Double(operations) / seconds).rounded(places: 1) : 0
        let operation = TimingSpread(operationMicros)
        operationMedianMicros = operation.median ?? 0
        operationP99Micros = operation.p99 ?? 0
        operationMaxMicros = operation.max ?? 0
    }
}
