import Foundation
import LayoutKit

/// A named workload of a suite and the targets it must meet.
public struct BenchWorkload: Equatable, Sendable {
    /// Unique in its suite; also the label of its result.
    public var name: String
    public var configuration: BenchConfiguration
    public var targets: [BenchTarget]

    public init(name: String, configuration: BenchConfiguration, targets: [BenchTarget] = []) {
        self.name = name
        var configuration = configuration
        configuration.label = name
        self.configuration = configuration
        self.targets = targets
    }
}

/// A workload that could not run, and why.
public struct BenchFailure: Codable, Equatable, Sendable {
    public var workload: String
    public var message: String
}

/// A whole suite run: the results, every target checked, the failures.
public struct BenchSuiteReport: Codable, Equatable, Sendable {
    public var suite: String
    public var results: [BenchResult]
    public var outcomes: [BenchOutcome]
    public var failures: [BenchFailure]
    /// The runs of `stk verify`'s checker (`VerifyWorkload`).
    public var verifyResults: [VerifyBenchResult] = []
    /// The runs of `export html` (`ExportWorkload`).
    public var exportResults: [ExportBenchResult] = []
    /// The runs of diffable snapshots (`DiffableWorkload`).
    public var diffableResults: [DiffableBenchResult] = []
    /// The runs of long scripts (`ScriptWorkload`).
    public var scriptResults: [ScriptBenchResult] = []
    public var targetsMet: Int
    public var targetsTotal: Int
    /// Every target met and every workload ran.
    public var allMet: Bool { failures.isEmpty && targetsMet == targetsTotal }
}

/// The workloads of `stk bench --suite NAME`, with their targets.
public enum BenchSuite {
    /// Suite names `--suite` accepts.
    public static let names = ["standard", "quick", "verify", "diffable"]

    /// What each `...workloads(named:)` throws for a name not in `names`.
    private static func unknownSuite(_ name: String) -> BenchError {
        BenchError("unknown suite '\(name)' (expected one of \(names.joined(separator: ", ")))")
    }

    public static func workloads(named name: String) throws -> [BenchWorkload] {
        switch name {
        case "standard": return standard
        case "quick": return quick
        case "verify", "diffable": return []
        default: throw unknownSuite(name)
        }
    }

    /// The checker's workloads of a suite: the standard suite's and `verify`
    /// (the checker alone) are the same.
    public static func verifyWorkloads(named name: String) throws -> [VerifyWorkload] {
        switch name {
        case "standard", "verify": return [verify]
        case "quick": return [verifyQuick]
        case "diffable": return []
        default: throw unknownSuite(name)
        }
    }

    /// The `export html` workloads of a suite: the same in standard and quick
    /// (a second or two), none in `verify`.
    public static func exportWorkloads(named name: String) throws -> [ExportWorkload] {
        switch name {
        case "standard", "quick": return [export]
        case "verify", "diffable": return []
        default: throw unknownSuite(name)
        }
    }

    /// The long-script workloads of a suite: a million lines in standard,
    /// 20,000 in quick; none in `verify` or `diffable`.
    public static func scriptWorkloads(named name: String) throws -> [ScriptWorkload] {
        switch name {
        case "standard": return [script]
        case "quick": return [scriptQuick]
        case "verify", "diffable": return []
        default: throw unknownSuite(name)
        }
    }

    /// The diffable workloads of a suite; none in `verify`.
    public static func diffableWorkloads(named name: String) throws -> [DiffableWorkload] {
        switch name {
        case "standard", "diffable": return diffable
        case "quick": return diffableQuick
        case "verify": return []
        default: throw unknownSuite(name)
        }
    }

    /// `snapshot edit ... apply` at scale: 100 random edits (deletes, inserts,
    /// moves, reloads) to one section of 100,000 items, applied as one batch
    /// update with its layout pass in at most 10 ms; and a million items
    /// (1,000 sections of 1,000) diffed against a shuffled copy, nearly every
    /// item a move, in at most a second and 300 MB.
    public static let diffable = [
        DiffableWorkload(name: "diffable 100 edits 100k", layoutName: "flow-sticky", kind: .edits, sections: 1,
                         itemsPerSection: 100_000, edits: 100, runs: 21,
                         targets: [.atMost(.snapshotApplyMedianMillis, 10)]),
        DiffableWorkload(name: "diffable 1M shuffled", layoutName: "flow-sticky", kind: .shuffled, sections: 1_000,
                         itemsPerSection: 1_000, runs: 3,
                         targets: [.atMost(.shuffledDiffMillis, 1_000), .atMost(.peakResidentMB, 300)]),
    ]

    /// The same, scaled down as `quick` scales the others (the targets kept).
    public static let diffableQuick = [
        DiffableWorkload(name: "diffable 10 edits 1k", layoutName: "flow-sticky", kind: .edits, sections: 1,
                         itemsPerSection: 1_000, edits: 10, runs: 11, targets: [.atMost(.snapshotApplyMedianMillis, 10)]),
        DiffableWorkload(name: "diffable 1k shuffled", layoutName: "flow-sticky", kind: .shuffled, sections: 10,
                         itemsPerSection: 100, runs: 3,
                         targets: [.atMost(.shuffledDiffMillis, 1_000), .atMost(.peakResidentMB, 300)]),
    ]

    /// A 1,000-frame session exported as a page: at most a second, at most
    /// 5 MB. Flow-sticky over 200 sections of 7 items (30,800 points, so the
    /// whole scroll of 20,000 points in 1,000 steps shows a full viewport,
    /// about 47 elements, in every frame).
    public static let export = ExportWorkload(
        name: "export html 1k frames", layoutName: "flow-sticky", commands: "sections 200 items=7; scroll by 0,20000 steps=1000",
        targets: [.atMost(.exportMedianMillis, 1_000), .atMost(.pageMegabytes, 5)])

    /// A script of a million lines, every kind of entry mixed
    /// (`MixedScript`), run as a file is on flow-sticky: at most 10 s (10 µs
    /// a line) and 300 MB, the project's target for long scripts.
    public static let script = ScriptWorkload(
        name: "script 1M lines", lines: 1_000_000, seed: 1, layoutName: "flow-sticky",
        targets: [.atMost(.secondsPerMillionLines, 10), .atMost(.peakResidentMB, 300)])

    /// The same mix, 20,000 lines (the targets kept: the time is scaled to a
    /// million lines).
    public static let scriptQuick = ScriptWorkload(
        name: "script 20k lines", lines: 20_000, seed: 1, layoutName: "flow-sticky", targets: script.targets)

    /// `stk verify`'s checker on a 1,000-item flow-sticky (10 sections of 100
    /// items, as every session of the run starts): at least 2,000 operations
    /// checked per second, so that 100,000 operations take a minute at most.
    public static let verify = VerifyWorkload(
        name: "verify flow-sticky 1k", layoutName: "flow-sticky", sections: 10, itemsPerSection: 100,
        operations: 10_000, targets: [.atLeast(.checkedOperationsPerSecond, 2_000)])

    /// The same, 500 operations.
    public static let verifyQuick: VerifyWorkload = {
        var workload = verify
        workload.operations = 500
        return workload
    }()

    // Names of the standard workloads (relative targets refer to them).
    static let flowUniform = "flow-sticky 1M uniform"
    static let flowUniform10k = "flow-sticky 10k uniform"
    static let flowRandom = "flow-sticky 1M random"
    static let grid = "grid-sticky 1M"
    static let globalStretchy = "global-stretchy 1M"
    static let fadingFirstHeader = "fading-first-header 1M"
    static let flowSelfSizing = "flow-sticky 1M self-sizing"
    static let compositionalList = "compositional-list 1M pinned"
    static let compositionalSections = "compositional-grid 1k sections"

    /// The performance targets of the project, on a release build: a million
    /// items (1,000 sections x 1,000 items, or 1,000 x 1,000 grid cells) in a
    /// 390x844 viewport, 100x44 items, 44-point headers, a 1,000-step scroll
    /// path of 20 points per step from the middle of the content.
    ///
    /// The full-invalidation ratio target is set on the random-size workload,
    /// where recomputing everything means recomputing a million item frames;
    /// the uniform workloads report their ratio without a target (a uniform
    /// flow section is arithmetic, so even a full recompute is cheap there).
    public static let standard: [BenchWorkload] = {
        let header: [String: LayoutOptionValue] = ["headerSize": .size(CGSize(width: 390, height: 44))]
        func config(_ layout: String, options: [String: LayoutOptionValue] = header, sections: Int = 1_000,
                    sizes: BenchItemSizes = .uniform(CGSize(width: 100, height: 44)),
                    fullInvalidation: Bool = true, fullInvalidationSteps: Int = 50, resizeCount: Int = 4,
                    itemsPerSection: Int = 1_000, preferredItemSize: CGSize? = nil, flingCount: Int = 0,
                    batchCount: Int = 200) -> BenchConfiguration {
            BenchConfiguration(layoutName: layout, options: options, sections: sections, itemsPerSection: itemsPerSection, sizes: sizes,
                               boundsSize: CGSize(width: 390, height: 844), startFraction: 0.5, steps: 1_000, stepDistance: 20,
                               scrollAxis: .auto, warmupSteps: 100, resizeCount: resizeCount, batchCount: batchCount, seed: 42,
                               fullInvalidation: fullInvalidation, fullInvalidationSteps: fullInvalidationSteps,
                               preferredItemSize: preferredItemSize, flingCount: flingCount)
        }
        return [
            BenchWorkload(name: flowUniform, configuration: config("flow-sticky", flingCount: 40), targets: [
                .atMost(.coldPrepareMillis, 50),
                .atMost(.scrollMedianMicros, 20),
                .atMost(.scrollP99Micros, 100),
                .atMost(.scrollMedianMicros, 2, relativeTo: flowUniform10k),
                .atMost(.batchMedianMicros, 1_000),
                .atMost(.flingRatio, 1.1),
            ]),
            // One section of a million items whose cells all want to be 60
            // tall where the estimate says 44: each step measures the cells it
            // shows (a line of three about every other step). No batch
            // updates: an item update in a section of a million items still
            // builds per-item maps of the whole section, which would measure
            // that, not self-sizing.
            BenchWorkload(name: flowSelfSizing, configuration: config(
                "flow-sticky", options: header.merging(["estimatedItemSize": .size(CGSize(width: 100, height: 44))]) { a, _ in a },
                sections: 1, fullInvalidation: false, itemsPerSection: 1_000_000, preferredItemSize: CGSize(width: 100, height: 60),
                batchCount: 0
            ), targets: [
                .atMost(.measuringScrollMedianMicros, 50),
                .atMost(.scrollMedianMicros, 20),
                .atMost(.peakResidentMB, 100),
            ]),
            BenchWorkload(name: flowUniform10k, configuration: config("flow-sticky", sections: 10, fullInvalidation: false), targets: [
                .atMost(.scrollMedianMicros, 20),
            ]),
            BenchWorkload(name: flowRandom, configuration: config(
                "flow-sticky",
                sizes: .random(seed: 7, min: CGSize(width: 40, height: 20), max: CGSize(width: 180, height: 90)),
                fullInvalidationSteps: 10, resizeCount: 2
            ), targets: [
                .atMost(.coldPrepareMillis, 500),
                .atMost(.peakResidentMB, 150),
                .atLeast(.fullInvalidationRatio, 100),
                .atMost(.batchMedianMicros, 1_000),
            ]),
            BenchWorkload(name: grid, configuration: config(
                "grid-sticky", options: ["stickyRows": .number(2), "stickyColumns": .number(2)], fullInvalidationSteps: 10
            ), targets: [
                .atMost(.scrollMedianMicros, 30),
            ]),
            BenchWorkload(name: globalStretchy, configuration: config("global-stretchy"), targets: [
                .atMost(.scrollMedianMicros, 30),
            ]),
            BenchWorkload(name: fadingFirstHeader, configuration: config("fading-first-header"), targets: [
                .atMost(.scrollMedianMicros, 30),
            ]),
            // A compositional list: one section of a million rows of one
            // uniform group, its header pinned (the plain appearance). A rect
            // query is an index computation: as fast as flow's.
            BenchWorkload(name: compositionalList, configuration: config(
                "compositional-list", options: [:], sections: 1, fullInvalidation: false, itemsPerSection: 1_000_000, batchCount: 0
            ), targets: [
                .atMost(.coldPrepareMillis, 50),
                .atMost(.scrollMedianMicros, 20),
                .atMost(.scrollP99Micros, 100),
                .atMost(.peakResidentMB, 150),
            ]),
            // A thousand sections, each asked of the section provider at prepare.
            BenchWorkload(name: compositionalSections, configuration: config(
                "compositional-grid", options: [:], fullInvalidation: false, batchCount: 20
            ), targets: [
                .atMost(.coldPrepareMillis, 100),
                .atMost(.peakResidentMB, 150),
            ]),
        ]
    }()

    /// The standard workloads scaled down (20 sections of 50 items, 50 steps):
    /// a check that every layout and the whole pipeline run, in seconds even in
    /// a debug build. It keeps the absolute time targets; the ratio and the
    /// relative targets need a million items to mean anything and are dropped.
    public static let quick: [BenchWorkload] = standard.map { workload in
        var c = workload.configuration
        c.sections = c.sections >= 1_000 ? 20 : c.itemsPerSection >= 1_000_000 ? 1 : 2
        c.itemsPerSection = c.itemsPerSection >= 1_000_000 ? 1_000 : 50
        c.steps = 50
        c.warmupSteps = 5
        c.fullInvalidationSteps = min(c.fullInvalidationSteps, 5)
        c.resizeCount = 2
        c.batchCount = 10
        c.flingCount = min(c.flingCount, 4)
        let targets = workload.targets.filter { $0.relativeTo == nil && $0.metric != .fullInvalidationRatio && $0.metric != .flingRatio }
        return BenchWorkload(name: workload.name.replacingOccurrences(of: "1M", with: "1k").replacingOccurrences(of: "10k", with: "100"),
                             configuration: c, targets: targets)
    }

    /// Runs every workload (one failing does not stop the others: it is
    /// reported, and its targets count as missed) and checks the targets.
    /// `resolve` finds a layout by name; `progress` hears each workload's name
    /// before it runs.
    public static func run(
        _ workloads: [BenchWorkload],
        suite: String,
        resolve: (String) throws -> LayoutDescriptor,
        verifyWorkloads: [VerifyWorkload] = [],
        verify: ((VerifyWorkload) throws -> VerifyBenchResult)? = nil,
        exportWorkloads: [ExportWorkload] = [],
        export: ((ExportWorkload) throws -> ExportBenchResult)? = nil,
        scriptWorkloads: [ScriptWorkload] = [],
        script: ((ScriptWorkload) throws -> ScriptBenchResult)? = nil,
        diffableWorkloads: [DiffableWorkload] = [],
        progress: ((String) -> Void)? = nil
    ) -> BenchSuiteReport {
        var failures: [BenchFailure] = []
        /// Runs each workload in order, telling `progress` its name first; one
        /// that throws is a failure, and so is a result `fault` finds wrong
        /// (kept all the same, its targets missed by `evaluate`).
        func runEach<Workload: SuiteWorkload, Result>(_ workloads: [Workload], _ run: (Workload) throws -> Result,
                                                      fault: (Result) -> String? = { _ in nil }) -> [Result] {
            workloads.compactMap { workload in
                progress?(workload.name)
                do {
                    let result = try run(workload)
                    if let message = fault(result) { failures.append(BenchFailure(workload: workload.name, message: message)) }
                    return result
                } catch {
                    failures.append(BenchFailure(workload: workload.name, message: "\(error)"))
                    return nil
                }
            }
        }
        /// A run for a kind of workload whose runner was not given: each of them fails.
        func unavailable<Workload, Result>(_ runner: String) -> (Workload) throws -> Result {
            { _ in throw BenchError("\(runner) is not available here") }
        }
        let results = runEach(workloads) { try BenchRunner.run($0.configuration, descriptor: try resolve($0.configuration.layoutName)) }
        let verifyResults = runEach(verifyWorkloads, verify ?? unavailable("the checker of stk verify"), fault: { result in
            result.foundSomething
                ? "stk verify found something after \(result.operations) operations: its figures do not measure the checker" : nil
        })
        let exportResults = runEach(exportWorkloads, export ?? unavailable("export html"))
        let scriptResults = runEach(scriptWorkloads, script ?? unavailable("the script interpreter"))
        let diffableResults = runEach(diffableWorkloads) { try DiffableRun.run($0, descriptor: try resolve($0.layoutName)) }
        return report(suite: suite, workloads: workloads, results: results, failures: failures,
                      verifyWorkloads: verifyWorkloads, verifyResults: verifyResults,
                      exportWorkloads: exportWorkloads, exportResults: exportResults,
                      scriptWorkloads: scriptWorkloads, scriptResults: scriptResults,
                      diffableWorkloads: diffableWorkloads, diffableResults: diffableResults)
    }

    /// Runs the suite of that name against the layouts of a registry; `verify`
    /// runs its checker workloads (those of `verifyWorkloads(named:)`),
    /// `export` and `script` those of `export html` and long scripts (left
    /// out when not given).
    public static func run(named name: String, registry: LayoutRegistry,
                           verify: ((VerifyWorkload) throws -> VerifyBenchResult)? = nil,
                           export: ((ExportWorkload) throws -> ExportBenchResult)? = nil,
                           script: ((ScriptWorkload) throws -> ScriptBenchResult)? = nil,
                           progress: ((String) -> Void)? = nil) throws -> BenchSuiteReport {
        let workloads = try workloads(named: name)
        return run(workloads, suite: name, resolve: { layoutName in
            guard let entry = registry.entry(named: layoutName) else {
                let names = registry.names.sorted()
                throw BenchError("unknown layout '\(layoutName)' (\(names.isEmpty ? "no layout is registered" : "registered: " + names.joined(separator: ", ")))")
            }
            return entry.descriptor
        }, verifyWorkloads: try verifyWorkloads(named: name), verify: verify,
           exportWorkloads: export == nil ? [] : try exportWorkloads(named: name), export: export,
           scriptWorkloads: script == nil ? [] : try scriptWorkloads(named: name), script: script,
           diffableWorkloads: try diffableWorkloads(named: name), progress: progress)
    }

    /// Checks every target of `workloads` against `results` (matched by name),
    /// then those of the checker's workloads against theirs.
    public static func report(suite: String, workloads: [BenchWorkload], results: [BenchResult], failures: [BenchFailure],
                              verifyWorkloads: [VerifyWorkload] = [], verifyResults: [VerifyBenchResult] = [],
                              exportWorkloads: [ExportWorkload] = [], exportResults: [ExportBenchResult] = [],
                              scriptWorkloads: [ScriptWorkload] = [], scriptResults: [ScriptBenchResult] = [],
                              diffableWorkloads: [DiffableWorkload] = [], diffableResults: [DiffableBenchResult] = []) -> BenchSuiteReport {
        let outcomes = evaluate(workloads, results: results) + evaluate(verifyWorkloads, results: verifyResults)
            + evaluate(exportWorkloads, results: exportResults) + evaluate(scriptWorkloads, results: scriptResults)
            + evaluate(diffableWorkloads, results: diffableResults)
        return BenchSuiteReport(suite: suite, results: results, outcomes: outcomes, failures: failures,
                                verifyResults: verifyResults, exportResults: exportResults, diffableResults: diffableResults,
                                scriptResults: scriptResults, targetsMet: outcomes.filter(\.met).count, targetsTotal: outcomes.count)
    }

    /// One outcome per target, in the order of the workloads and their
    /// targets, measured in the result labelled with the workload's name (a
    /// relative target: divided by the same figure of its baseline's result).
    /// A target whose value is missing (the workload or its baseline did not
    /// run, or did not measure that figure) is missed, and so is one of a
    /// result that is not trusted (its figure still shown).
    public static func evaluate<Workload: SuiteWorkload, Result: SuiteResult>(_ workloads: [Workload], results: [Result]) -> [BenchOutcome] {
        // Of two results with one label, the later.
        let byLabel = Dictionary(results.map { ($0.label, $0) }, uniquingKeysWith: { _, later in later })
        return workloads.flatMap { workload in
            workload.targets.map { target in
                let result = byLabel[workload.name]
                let measured = result.flatMap { result -> Double? in
                    let value = result.value(of: target.metric)
                    guard let baselineName = target.relativeTo else { return value }
                    guard let value, let base = byLabel[baselineName]?.value(of: target.metric), base > 0 else { return nil }
                    return (value / base).rounded(places: 3)
                }
                return BenchOutcome(workload: workload.name, metric: target.metric, title: target.title, measured: measured,
                                    unit: target.unit, target: target.description,
                                    met: result?.isTrusted == true && measured.map { target.comparison.holds($0, target.limit) } ?? false)
            }
        }
    }
}

/// What a suite needs of a workload of any kind: the name that labels its
/// result and `progress` hears, and the targets checked against that result.
public protocol SuiteWorkload {
    var name: String { get }
    var targets: [BenchTarget] { get }
}

/// What a suite needs of a result of any kind: the name of its workload, and
/// its figures by metric (`figures`, in BenchTarget.swift).
public protocol SuiteResult {
    var label: String { get }
    static var figures: [BenchMetric: @Sendable (Self) -> Double?] { get }
    /// Whether its figures measure what they stand for; a target on the
    /// figures of a result that is not trusted is missed.
    var isTrusted: Bool { get }
}

extension SuiteResult {
    /// The figure of `metric`; nil when the run did not measure it.
    public func value(of metric: BenchMetric) -> Double? { Self.figures[metric]?(self) }

    public var isTrusted: Bool { true }
}

/// What the workloads run by a closure or by `DiffableRun` have in common
/// (`BenchWorkload`'s layout is its configuration's): each kind embeds one,
/// and `CommonWorkload` gives it its fields.
public struct WorkloadCommon: Equatable, Sendable {
    /// Unique in its suite; also the label of its result.
    public var name: String
    /// The layout the workload runs on, by its registered name.
    public var layoutName: String
    /// The targets its result is checked against.
    public var targets: [BenchTarget]

    public init(name: String, layoutName: String, targets: [BenchTarget]) {
        self.name = name
        self.layoutName = layoutName
        self.targets = targets
    }
}

/// A workload whose name, layout and targets are a `WorkloadCommon`, read
/// and written through as if they were its own fields.
public protocol CommonWorkload {
    var common: WorkloadCommon { get set }
}

extension CommonWorkload {
    /// Unique in its suite; also the label of its result.
    public var name: String {
        get { common.name }
        set { common.name = newValue }
    }

    /// The layout the workload runs on, by its registered name.
    public var layoutName: String {
        get { common.layoutName }
        set { common.layoutName = newValue }
    }

    /// The targets its result is checked against.
    public var targets: [BenchTarget] {
        get { common.targets }
        set { common.targets = newValue }
    }
}

extension BenchWorkload: SuiteWorkload {}
extension VerifyWorkload: SuiteWorkload, CommonWorkload {}
extension ExportWorkload: SuiteWorkload, CommonWorkload {}
extension ScriptWorkload: SuiteWorkload, CommonWorkload {}
extension DiffableWorkload: SuiteWorkload, CommonWorkload {}

extension BenchResult: SuiteResult {}
extension VerifyBenchResult: SuiteResult {
    /// A run that stopped at a finding measured the layout's bug (or a false
    /// alarm of the checker), not the checker.
    public var isTrusted: Bool { !foundSomething }
}
extension ExportBenchResult: SuiteResult {}
extension ScriptBenchResult: SuiteResult {}
extension DiffableBenchResult: SuiteResult {}
