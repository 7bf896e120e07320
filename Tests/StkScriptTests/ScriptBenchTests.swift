import Builtins
import Foundation
import StkBench
import Testing
@testable import StkScript

/// `stk bench`'s long-script workload, run for real on a short script: the
/// figures agree with each other, and a script that ends in an error or a
/// failed expectation fails the workload instead of being measured.
@Suite(.serialized) struct ScriptBenchTests {
    @Test func aShortMixedScriptIsMeasuredWhole() throws {
        try BuiltinLayouts.register()
        let workload = ScriptWorkload(name: "tiny", lines: 300, seed: 7, targets: BenchSuite.script.targets)
        let result = try ScriptBench.run(workload)
        let script = MixedScript.text(lines: 300, seed: 7)
        #expect(result.label == "tiny" && result.layout == "flow-sticky" && result.seed == 7)
        #expect(result.lines == MixedScript.lineCount(of: script) && result.lines == script.split(separator: "\n").count)
        #expect((300...303).contains(result.lines))
        #expect(result.outputLines > 0)
        #expect(result.seconds > 0)
        // One figure, two units: seconds per million lines and µs per line.
        #expect(abs(result.secondsPerMillionLines - result.seconds * 1e6 / Double(result.lines)) < 0.001, "\(result)")
        #expect(result.microsPerLine == result.secondsPerMillionLines)
        #expect(result.peakResidentMB > 0 && result.peakResidentMB >= (result.residentAtStartMB ?? 0), "\(result)")
    }

    /// The workload fails, naming the script's first error; in a suite, it is
    /// a failure and misses its targets.
    @Test func aScriptThatEndsInAnErrorFailsTheWorkload() throws {
        try BuiltinLayouts.register()
        let workload = ScriptWorkload(name: "broken", lines: 3, targets: BenchSuite.script.targets)
        let error = try #require(throws: BenchError.self) {
            try ScriptBench.run(workload, registry: .shared) { "sections 2 items=3\nscroll to 0,10\nfrobnicate\nattr item 0:0\n" }
        }
        #expect(error.message.hasPrefix("the script of 4 lines ended in an error: "), "\(error)")
        #expect(error.message.contains("frobnicate"), "\(error)")
        let expectation = try #require(throws: BenchError.self) {
            try ScriptBench.run(workload, registry: .shared) { "sections 2 items=3\nexpect visible count == 0\n" }
        }
        #expect(expectation.message.hasPrefix("the script of 2 lines had a failed expectation: "), "\(expectation)")

        let report = BenchSuite.run([], suite: "scripts", resolve: { _ in throw BenchError("no layout workload") },
                                    scriptWorkloads: [workload], script: { workload in
            try ScriptBench.run(workload, registry: .shared) { "sections 2 items=3\nfrobnicate\n" }
        })
        #expect(report.scriptResults.isEmpty)
        #expect(report.failures.map(\.workload) == ["broken"])
        #expect(report.outcomes.map(\.met) == [false, false] && report.outcomes.map(\.measured) == [nil, nil])
    }

    /// A layout that is not registered fails before any line runs.
    @Test func anUnknownLayoutFailsTheWorkload() throws {
        try BuiltinLayouts.register()
        let workload = ScriptWorkload(name: "nowhere", lines: 10, layoutName: "no-such-layout")
        #expect(throws: BenchError.self) { try ScriptBench.run(workload) }
    }
}
