import Foundation
import LayoutKit
import Testing
@testable import StkBench

/// The suites' workloads and targets, and how targets are checked and shown.
@Suite struct BenchSuiteTests {
    @Test func standardSuiteHoldsTheProjectTargets() throws {
        let suite = try BenchSuite.workloads(named: "standard")
        let names = suite.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(suite.map(\.configuration.layoutName)) == ["flow-sticky", "grid-sticky", "global-stretchy", "fading-first-header",
                                                             "compositional-list", "compositional-grid"])
        // Every relative target names a workload of the suite.
        for target in suite.flatMap(\.targets) {
            if let baseline = target.relativeTo { #expect(names.contains(baseline)) }
        }
        let flow = try #require(suite.first { $0.name == "flow-sticky 1M uniform" })
        #expect(flow.configuration.totalItems == 1_000_000)
        #expect(flow.configuration.boundsSize == CGSize(width: 390, height: 844))
        #expect(flow.configuration.sizes == .uniform(CGSize(width: 100, height: 44)))
        #expect(flow.targets.map(\.description) == ["<= 50 ms", "<= 20 µs", "<= 100 µs", "<= 2x", "<= 1000 µs", "<= 1.10x"])
        #expect(flow.configuration.flingCount == 40)
        // Self-sizing: a million items in one section, each cell wanting more
        // than the estimate, so that steps measure what they show.
        let selfSizing = try #require(suite.first { $0.name == "flow-sticky 1M self-sizing" })
        #expect(selfSizing.configuration.sections == 1 && selfSizing.configuration.itemsPerSection == 1_000_000)
        #expect(selfSizing.configuration.options["estimatedItemSize"] == .size(CGSize(width: 100, height: 44)))
        #expect(selfSizing.configuration.preferredItemSize == CGSize(width: 100, height: 60))
        #expect(selfSizing.targets == [.atMost(.measuringScrollMedianMicros, 50), .atMost(.scrollMedianMicros, 20), .atMost(.peakResidentMB, 100)])
        let random = try #require(suite.first { $0.name == "flow-sticky 1M random" })
        #expect(random.targets.map(\.metric) == [.coldPrepareMillis, .peakResidentMB, .fullInvalidationRatio, .batchMedianMicros])
        #expect(random.targets.map(\.description) == ["<= 500 ms", "<= 150 MB", ">= 100x", "<= 1000 µs"])
        let grid = try #require(suite.first { $0.name == "grid-sticky 1M" })
        #expect(grid.configuration.options == ["stickyRows": .number(2), "stickyColumns": .number(2)])
        #expect(grid.targets == [.atMost(.scrollMedianMicros, 30)])
        // Each result carries its workload's name.
        #expect(suite.allSatisfy { $0.configuration.displayName == $0.name })
    }

    @Test func quickSuiteIsSmallAndKeepsOnlyAbsoluteTargets() throws {
        let quick = try BenchSuite.workloads(named: "quick")
        #expect(quick.count == BenchSuite.standard.count)
        #expect(quick.allSatisfy { $0.configuration.totalItems <= 1_000 && $0.configuration.steps == 50 })
        #expect(quick.flatMap(\.targets).allSatisfy { $0.relativeTo == nil && $0.metric != .fullInvalidationRatio })
        #expect(quick.map(\.name).contains("flow-sticky 1k uniform"))
    }

    /// The quick suite's flow-based workloads run end to end, with the test
    /// sticky flow standing in for each flow-based layout (same options).
    @Test func quickSuiteRunsWithAStandInFlowLayout() throws {
        let flowBased = try BenchSuite.workloads(named: "quick").filter { $0.configuration.layoutName != "grid-sticky" }
        let report = BenchSuite.run(flowBased, suite: "quick", resolve: { name in
            LayoutDescriptor(name: name, summary: "stand-in", options: TestLayouts.stickyFlow.options, makeLayout: { TestStickyFlowLayout() })
        })
        #expect(report.failures == [])
        #expect(report.results.map(\.label) == flowBased.map(\.name))
        #expect(report.targetsTotal == flowBased.flatMap(\.targets).count)
        #expect(report.results.allSatisfy { $0.scrollAxis == "vertical" && $0.scroll.count == 50 })
    }

    @Test func unknownSuiteNamesTheKnownOnes() {
        #expect(throws: BenchError("unknown suite 'fast' (expected one of standard, quick, verify, diffable)")) {
            try BenchSuite.workloads(named: "fast")
        }
        #expect(throws: BenchError("unknown suite 'fast' (expected one of standard, quick, verify, diffable)")) {
            try BenchSuite.verifyWorkloads(named: "fast")
        }
    }

    /// A tiny suite over the test layout; targets are set on the counts-free
    /// figures with limits no run can miss or meet, so the outcome is fixed.
    private func tinySuite() -> [BenchWorkload] {
        var small = TestLayouts.stickyFlowWorkload()
        small.recordSamples = false
        var smaller = small
        smaller.sections = 5
        return [
            BenchWorkload(name: "big", configuration: small, targets: [
                .atMost(.coldPrepareMillis, 1e9),            // met
                .atLeast(.peakResidentMB, 1e9),              // missed: no process is that large
                .atMost(.scrollMedianMicros, 1e9, relativeTo: "small"),   // met: a ratio of two positive times
                .atLeast(.fullInvalidationRatio, 0),         // met: the ratio exists
            ]),
            BenchWorkload(name: "small", configuration: smaller, targets: []),
            BenchWorkload(name: "broken", configuration: BenchConfiguration(layoutName: "missing"), targets: [
                .atMost(.scrollMedianMicros, 1e9),           // missed: the workload did not run
            ]),
        ]
    }

    @Test func suiteRunChecksEveryTargetAndReportsFailures() throws {
        var seen: [String] = []
        let report = BenchSuite.run(tinySuite(), suite: "tiny", resolve: { name in
            guard name == TestLayouts.stickyFlow.name else { throw BenchError("unknown layout '\(name)'") }
            return TestLayouts.stickyFlow
        }, progress: { seen.append($0) })
        #expect(seen == ["big", "small", "broken"])
        #expect(report.results.map(\.label) == ["big", "small"])
        #expect(report.failures == [BenchFailure(workload: "broken", message: "unknown layout 'missing'")])
        #expect(report.outcomes.map(\.met) == [true, false, true, true, false])
        #expect(report.outcomes.map(\.target) == ["<= 1000000000 ms", ">= 1000000000 MB", "<= 1000000000x", ">= 0x", "<= 1000000000 µs"])
        #expect(report.outcomes[2].title == "scroll step median vs small")
        #expect(report.outcomes[2].unit == "x")
        #expect(report.outcomes[4].measured == nil)
        #expect(report.targetsMet == 3)
        #expect(report.targetsTotal == 5)
        #expect(!report.allMet)

        let text = BenchReport.text(report)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "suite tiny")
        let header = lines[1]
        for column in ["workload", "metric", "measured", "target", "result"] { #expect(header.contains(column)) }
        #expect(header.range(of: "metric")!.lowerBound < header.range(of: "measured")!.lowerBound)
        #expect(lines[3].hasPrefix("big") && lines[3].hasSuffix("pass"))
        #expect(lines[4].hasSuffix("miss"))
        #expect(lines[7].hasPrefix("broken") && lines[7].contains(" - ") && lines[7].hasSuffix("miss"))
        #expect(text.contains("3 of 5 targets met\n"))
        #expect(text.contains("broken failed: unknown layout 'missing'\n"))
        // The details follow: the results table with both results as columns.
        #expect(text.contains(BenchReport.text(report.results)))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(BenchReport.json(report).utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["suite", "results", "outcomes", "failures", "verifyResults", "exportResults", "diffableResults",
                                "scriptResults", "targetsMet", "targetsTotal"])
        let outcomes = try #require(json["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 5)
        #expect(Set(outcomes[0].keys) == ["workload", "metric", "title", "measured", "unit", "target", "met"])
        #expect(outcomes[0]["metric"] as? String == "coldPrepareMillis")
        #expect(outcomes[4]["measured"] == nil)
        #expect(json["targetsMet"] as? Int == 3)
    }

    /// Evaluation alone, on made-up figures: 12 <= 20 met, 30 <= 20 missed,
    /// 30 / 12 = 2.5 > 2 missed, and a baseline without the figure gives no value.
    @Test func evaluationOfAbsoluteAndRelativeTargets() throws {
        var a = try BenchRunnerTests.stickyRun.get()
        a.label = "a"
        a.scroll.medianMicros = 30
        var b = a
        b.label = "b"
        b.scroll.medianMicros = 12
        b.fullInvalidationRatio = nil
        let workloads = [
            BenchWorkload(name: "b", configuration: TestLayouts.stickyFlowWorkload(), targets: [.atMost(.scrollMedianMicros, 20)]),
            BenchWorkload(name: "a", configuration: TestLayouts.stickyFlowWorkload(), targets: [
                .atMost(.scrollMedianMicros, 20),
                .atMost(.scrollMedianMicros, 2, relativeTo: "b"),
                .atMost(.fullInvalidationRatio, 1e9, relativeTo: "b"),
            ]),
        ]
        let outcomes = BenchSuite.evaluate(workloads, results: [a, b])
        #expect(outcomes.map(\.measured) == [12, 30, 2.5, nil])
        #expect(outcomes.map(\.met) == [true, false, false, false])
    }

    /// The checker's workload: 2,000 checked operations a second on a
    /// 1,000-item flow-sticky, in the standard suite and alone as `verify`.
    @Test func theVerifyWorkloadHoldsTheCheckersTarget() throws {
        for name in ["standard", "verify"] {
            let workloads = try BenchSuite.verifyWorkloads(named: name)
            #expect(workloads.count == 1)
            let verify = try #require(workloads.first)
            #expect(verify.name == "verify flow-sticky 1k" && verify.layoutName == "flow-sticky")
            #expect(verify.sections * verify.itemsPerSection == 1_000)
            #expect(verify.operations == 10_000)
            #expect(verify.targets.map(\.description) == [">= 2000 ops/s"])
            #expect(verify.targets.first?.title == "checked operations per second")
        }
        #expect(try BenchSuite.workloads(named: "verify").isEmpty)
        let quick = try #require(try BenchSuite.verifyWorkloads(named: "quick").first)
        #expect(quick.operations == 500 && quick.targets == BenchSuite.verify.targets)
    }

    /// Diffable snapshots at scale, in the standard suite and alone as
    /// `diffable`: 100 edits to 100,000 items applied in at most 10 ms; a
    /// million items diffed against a shuffled copy in a second and 300 MB.
    @Test func theDiffableWorkloadsHoldTheirTargets() throws {
        for name in ["standard", "diffable"] {
            let workloads = try BenchSuite.diffableWorkloads(named: name)
            #expect(workloads.map(\.name) == ["diffable 100 edits 100k", "diffable 1M shuffled"])
            #expect(workloads[0].sections * workloads[0].itemsPerSection == 100_000 && workloads[0].edits == 100)
            #expect(workloads[0].targets.map(\.description) == ["<= 10 ms"])
            #expect(workloads[1].sections * workloads[1].itemsPerSection == 1_000_000 && workloads[1].kind == .shuffled)
            #expect(workloads[1].targets.map(\.description) == ["<= 1000 ms", "<= 300 MB"])
        }
        #expect(try BenchSuite.workloads(named: "diffable").isEmpty)
        #expect(try BenchSuite.verifyWorkloads(named: "diffable").isEmpty)
        #expect(try BenchSuite.exportWorkloads(named: "diffable").isEmpty)
        #expect(try BenchSuite.diffableWorkloads(named: "verify").isEmpty)
        #expect(try BenchSuite.diffableWorkloads(named: "quick").map(\.targets) == BenchSuite.diffable.map(\.targets))
    }

    /// `export html` of a 1,000-frame flow-sticky session: in the standard
    /// and quick suites, at most a second and 5 MB.
    @Test func theSuitesExportAThousandFramePage() throws {
        for name in ["standard", "quick"] {
            let workload = try #require(try BenchSuite.exportWorkloads(named: name).first)
            #expect(workload.commands == "sections 200 items=7; scroll by 0,20000 steps=1000" && workload.layoutName == "flow-sticky")
            #expect(workload.targets.map(\.description) == ["<= 1000 ms", "<= 5 MB"])
        }
        #expect(try BenchSuite.exportWorkloads(named: "verify").isEmpty)
    }

    /// Long scripts, as a file is run: a million lines in the standard suite,
    /// 20,000 in quick, both held to 10 s a million lines and 300 MB.
    @Test func theSuitesRunALongScript() throws {
        let standard = try #require(try BenchSuite.scriptWorkloads(named: "standard").first)
        #expect(standard.name == "script 1M lines" && standard.lines == 1_000_000 && standard.layoutName == "flow-sticky")
        #expect(standard.targets.map(\.description) == ["<= 10 s", "<= 300 MB"])
        #expect(standard.targets.map(\.title) == ["time per million lines", "peak RSS"])
        let quick = try BenchSuite.scriptWorkloads(named: "quick")
        #expect(quick.map(\.name) == ["script 20k lines"] && quick.map(\.lines) == [20_000])
        #expect(quick.first?.targets == standard.targets && quick.first?.seed == standard.seed)
        #expect(try BenchSuite.scriptWorkloads(named: "verify").isEmpty)
        #expect(try BenchSuite.scriptWorkloads(named: "diffable").isEmpty)
        #expect(throws: BenchError("unknown suite 'fast' (expected one of standard, quick, verify, diffable)")) {
            try BenchSuite.scriptWorkloads(named: "fast")
        }
    }

    static func scriptResult(_ label: String, lines: Int = 20_000, seconds: Double, peakMB: Double = 80) -> ScriptBenchResult {
        ScriptBenchResult(label: label, layout: "flow-sticky", seed: 1, lines: lines, outputLines: 5_000, seconds: seconds,
                          peakResidentMB: peakMB, peakSource: "VmHWM since the start of the run", residentAtStartMB: 30)
    }

    /// 20,000 lines in 0.1 s is 5 µs a line, 5 s a million: met; in 2.6 s,
    /// 130 s: missed; 400 MB misses the memory; a workload that did not run
    /// (its script ended in an error) misses both.
    @Test func scriptTargetsAreCheckedOnTheTimeScaledToAMillionLines() throws {
        let fast = Self.scriptResult("fast", seconds: 0.1)
        #expect(fast.microsPerLine == 5 && fast.secondsPerMillionLines == 5)
        let slow = Self.scriptResult("slow", lines: 20_003, seconds: 2.6, peakMB: 400)
        #expect(abs(slow.secondsPerMillionLines - 2.6 * 1e6 / 20_003) < 0.001)
        #expect(slow.microsPerLine == slow.secondsPerMillionLines)
        let workloads = ["fast", "slow", "missing"].map { ScriptWorkload(name: $0, lines: 20_000, targets: BenchSuite.script.targets) }
        let outcomes = BenchSuite.evaluate(workloads, results: [fast, slow])
        #expect(outcomes.map(\.measured) == [5, 80, 129.981, 400, nil, nil])
        #expect(outcomes.map(\.met) == [true, true, false, false, false, false])
        #expect(outcomes.map(\.unit) == ["s", "MB", "s", "MB", "s", "MB"])
    }

    /// A suite run hands its script workloads to the closure it is given and
    /// reports them; one whose closure throws (a script that ended in an
    /// error) is a failure and misses its targets, and so is every one
    /// without a closure (StkBench alone).
    @Test func aSuiteRunsTheScriptWorkloadsThroughItsClosure() throws {
        let workloads = ["clean", "broken"].map { ScriptWorkload(name: $0, lines: 300, targets: BenchSuite.script.targets) }
        var asked: [String] = []
        let report = BenchSuite.run([], suite: "scripts", resolve: { _ in throw BenchError("no layout workload") },
                                    scriptWorkloads: workloads, script: { workload in
            asked.append(workload.name)
            if workload.name == "broken" { throw BenchError("the script of 300 lines ended in an error: unknown command") }
            return Self.scriptResult(workload.name, lines: 300, seconds: 0.0015)
        })
        #expect(asked == ["clean", "broken"])
        #expect(report.scriptResults.map(\.label) == ["clean"])
        #expect(report.failures == [BenchFailure(workload: "broken", message: "the script of 300 lines ended in an error: unknown command")])
        #expect(report.outcomes.map(\.workload) == ["clean", "clean", "broken", "broken"])
        #expect(report.outcomes.map(\.measured) == [5, 80, nil, nil])
        #expect(report.outcomes.map(\.met) == [true, true, false, false])
        #expect(report.targetsMet == 2 && report.targetsTotal == 4 && !report.allMet)

        let text = BenchReport.text(report)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("clean ") && $0.contains(" time per million lines ") })
        #expect(row.contains(" 5 s ") && row.contains(" <= 10 s ") && row.hasSuffix("pass"), "\(row)")
        for row in BenchReport.scriptRowTitles { #expect(text.contains("\n" + row + " "), "no '\(row)' row in:\n\(text)") }
        #expect(text.contains("Peak RSS (VmHWM since the start of the run)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(BenchReport.json(report).utf8)) as? [String: Any])
        let results = try #require(json["scriptResults"] as? [[String: Any]])
        #expect(results.count == 1 && results[0]["lines"] as? Int == 300 && results[0]["secondsPerMillionLines"] as? Double == 5)

        let alone = BenchSuite.run([], suite: "scripts", resolve: { _ in throw BenchError("no layout workload") }, scriptWorkloads: workloads)
        #expect(alone.failures.map(\.message) == Array(repeating: "the script interpreter is not available here", count: 2))
        #expect(alone.outcomes.map(\.measured) == [nil, nil, nil, nil])
    }

    /// A page of 4.2 MB exported in a median of 300 ms meets both targets;
    /// 6 MB misses the size; a workload that did not run misses both.
    @Test func exportTargetsAreCheckedOnTheMedianAndTheSize() throws {
        func result(_ label: String, bytes: Int) -> ExportBenchResult {
            ExportBenchResult(label: label, layout: "flow-sticky", commands: "c", frames: 1_000, pageBytes: bytes,
                              exportMillis: [400, 300, 200], sessionSeconds: 1)
        }
        let small = result("small", bytes: 4_200_000)
        #expect(small.exportMedianMillis == 300 && small.pageMegabytes == 4.2 && small.runs == 3)
        let workloads = ["small", "big", "missing"].map {
            ExportWorkload(name: $0, layoutName: "flow-sticky", commands: "c", targets: BenchSuite.export.targets)
        }
        let outcomes = BenchSuite.evaluate(workloads, results: [small, result("big", bytes: 6_000_000)])
        #expect(outcomes.map(\.measured) == [300, 4.2, 300, 6, nil, nil])
        #expect(outcomes.map(\.met) == [true, true, true, false, false, false])
    }

    /// A diffable run on a small collection view: every apply is accepted
    /// (the runner checks the counts the snapshot gives against the collection
    /// view's), and the figures are in the report and the targets.
    @Test func diffableWorkloadsRunAndAreChecked() throws {
        let flow = TestLayouts.stickyFlow
        let edits = DiffableWorkload(name: "edits", layoutName: "flow", kind: .edits, sections: 2, itemsPerSection: 50, edits: 12,
                                     runs: 5, targets: [.atMost(.snapshotApplyMedianMillis, 10_000)])
        let shuffled = DiffableWorkload(name: "shuffled", layoutName: "flow", kind: .shuffled, sections: 3, itemsPerSection: 4,
                                        runs: 2, targets: [.atMost(.shuffledDiffMillis, 0), .atMost(.peakResidentMB, 100_000)])
        let report = BenchSuite.run([], suite: "tiny", resolve: { _ in flow }, diffableWorkloads: [edits, shuffled])
        #expect(report.failures.isEmpty, "\(report.failures)")
        let results = report.diffableResults
        #expect(results.map(\.label) == ["edits", "shuffled"])
        #expect(results[0].runs == 5 && results[0].applyMedianMillis != nil && results[0].updatesMedian >= 1)
        // Twelve edits give at most twelve updates (a move is one update).
        #expect(results[0].updatesMedian <= 12)
        #expect(results[1].applyMedianMillis == nil && results[1].runs == 2)
        // A shuffled copy of twelve items in three sections: at least one moves.
        #expect(results[1].updatesMedian >= 1 && results[1].updatesMedian <= 12)
        // The shuffled diff cannot take 0 ms: missed; the others met.
        #expect(report.outcomes.map(\.met) == [true, false, true])
        #expect(report.outcomes.map(\.title) == ["snapshot apply median", "diff of a shuffled copy", "peak RSS"])
        let text = BenchReport.text(report)
        #expect(text.contains("12 random edits per apply") && text.contains("diff against a shuffled copy"))
    }

    static func verifyResult(_ label: String, operations: Int = 1_000, seconds: Double, foundSomething: Bool = false) -> VerifyBenchResult {
        VerifyBenchResult(label: label, layout: "flow-sticky", sections: 10, itemsPerSection: 100, seed: 1, operations: operations,
                          foundSomething: foundSomething, seconds: seconds, operationMicros: [300, 100, 200, 5_000])
    }

    /// 1,000 operations in 0.25 s is 4,000 a second: met; in 2 s, 500: missed;
    /// a run that stopped at a finding, or did not run, misses its target.
    @Test func verifyTargetsAreCheckedOnTheRunsThroughput() throws {
        let target = BenchTarget.atLeast(.checkedOperationsPerSecond, 2_000)
        func workload(_ name: String) -> VerifyWorkload {
            VerifyWorkload(name: name, layoutName: "flow-sticky", sections: 10, itemsPerSection: 100, operations: 1_000, targets: [target])
        }
        let fast = Self.verifyResult("fast", seconds: 0.25)
        #expect(fast.operationsPerSecond == 4_000)
        #expect(fast.operationMedianMicros == 200 && fast.operationP99Micros == 5_000 && fast.operationMaxMicros == 5_000)
        let outcomes = BenchSuite.evaluate([workload("fast"), workload("slow"), workload("found"), workload("missing")], results: [
            fast, Self.verifyResult("slow", seconds: 2), Self.verifyResult("found", operations: 10, seconds: 0.001, foundSomething: true),
        ])
        #expect(outcomes.map(\.measured) == [4_000, 500, 10_000, nil])
        #expect(outcomes.map(\.met) == [true, false, false, false])
        #expect(outcomes.allSatisfy { $0.unit == "ops/s" && $0.target == ">= 2000 ops/s" })
    }

    /// A suite run hands the checker's workloads to the closure it is given,
    /// reports them after the layouts, and fails one that found something.
    @Test func aSuiteRunsTheCheckersWorkloadsThroughItsClosure() throws {
        let target = BenchTarget.atLeast(.checkedOperationsPerSecond, 2_000)
        let workloads = [
            VerifyWorkload(name: "clean", layoutName: "flow-sticky", sections: 10, itemsPerSection: 100, operations: 1_000, targets: [target]),
            VerifyWorkload(name: "buggy", layoutName: "flow-sticky", sections: 10, itemsPerSection: 100, operations: 1_000, targets: [target]),
        ]
        var asked: [String] = []
        let report = BenchSuite.run([], suite: "checker", resolve: { _ in throw BenchError("no layout workload") },
                                    verifyWorkloads: workloads, verify: { workload in
            asked.append(workload.name)
            return Self.verifyResult(workload.name, seconds: 0.1, foundSomething: workload.name == "buggy")
        })
        #expect(asked == ["clean", "buggy"])
        #expect(report.verifyResults.map(\.label) == ["clean", "buggy"])
        #expect(report.outcomes.map(\.met) == [true, false])
        #expect(report.failures.map(\.workload) == ["buggy"])
        #expect(report.targetsMet == 1 && report.targetsTotal == 2)
        let text = BenchReport.text(report)
        #expect(text.contains("clean     checked operations per second  10000 ops/s  >= 2000 ops/s  pass"), "\(text)")
        for row in BenchReport.verifyRowTitles { #expect(text.contains("\n" + row + " "), "no '\(row)' row in:\n\(text)") }
        #expect(text.contains("1000 (stopped at a finding)"))

        // Without the checker (StkBench alone), its workloads fail.
        let alone = BenchSuite.run([], suite: "checker", resolve: { _ in throw BenchError("no layout workload") }, verifyWorkloads: workloads)
        #expect(alone.failures.map(\.message) == Array(repeating: "the checker of stk verify is not available here", count: 2))
        #expect(alone.outcomes.map(\.measured) == [nil, nil])
    }
}
