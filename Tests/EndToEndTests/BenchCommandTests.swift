import Foundation
import StkTestSupport
import Testing

/// `stk bench` through the built executable: the shape of its text table and
/// of its JSON, field by field, and its errors. Never its timings.
@Suite struct BenchCommandTests {
    /// A workload that scrolls (5 sections of 50 items of 100x44 in 390x844:
    /// 3 items a line, 17 lines a section, content taller than the view) and runs in milliseconds.
    let small = ["bench", "--sections", "5", "--items", "50", "--steps", "5", "--batches", "2"]

    @Test func jsonHasEveryFigure() throws {
        let result = try StkProcess.run(small + ["--json", "--full-invalidation"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let run = results[0]
        for key in ["coldPrepareMillis", "configuration", "contentSize", "scroll", "resize", "batchUpdates",
                    "fullInvalidation", "fullInvalidationRatio", "peakResidentMB", "totalItems"] {
            #expect(run[key] != nil, "missing \(key)")
        }
        // 5 x 50 items.
        #expect(run["totalItems"] as? Int == 250)
        let configuration = try #require(run["configuration"] as? [String: Any])
        #expect(configuration["layout"] as? String == "flow-sticky")
        #expect(configuration["sections"] as? Int == 5)
        #expect(configuration["itemsPerSection"] as? Int == 50)
        let scroll = try #require(run["scroll"] as? [String: Any])
        #expect(scroll["count"] as? Int == 5)
        for key in ["medianMicros", "p99Micros", "attributesCreatedMedian", "invalidatedElementsMedian", "visibleMedian"] {
            #expect(scroll[key] is Double || scroll[key] is Int, "scroll.\(key)")
        }
        // One attribute object per visible element, every step.
        #expect(scroll["attributesCreatedMedian"] as? Double == scroll["visibleMedian"] as? Double)
        // A minimal scroll context never invalidates everything; the full run always does.
        #expect(scroll["invalidatingEverything"] as? Int == 0)
        let full = try #require(run["fullInvalidation"] as? [String: Any])
        #expect(full["invalidatingEverything"] as? Int == full["count"] as? Int)
    }

    @Test func textTableNamesTheFigures() throws {
        let result = try StkProcess.run(small + ["--layout", "grid-sticky", "--set", "stickyRows=2"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for label in ["layout", "data", "cold prepare", "scroll step median", "scroll step p99",
                      "invalidated / step", "attributes / step", "batch update median", "peak RSS"] {
            #expect(result.lines.contains { $0.hasPrefix(label) }, "no '\(label)' row in:\n\(result.stdout)")
        }
        #expect(result.lines.contains { $0.hasPrefix("options") && $0.contains("stickyRows=2") })
    }

    /// The suites measure stk verify's checker too: checked operations per
    /// second on a 1,000-item flow-sticky (500 operations in the quick suite);
    /// and export html and a long script.
    @Test func aSuiteMeasuresTheChecker() throws {
        let result = try StkProcess.run(["bench", "--suite", "quick", "--json"])
        // A debug build misses the quick suite's absolute time targets: 1.
        #expect(result.status == 0 || result.status == 1, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["verifyResults"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect(runs.first?["label"] as? String == "verify flow-sticky 1k")
        #expect(runs.first?["operations"] as? Int == 500)
        #expect(runs.first?["foundSomething"] as? Bool == false)
        #expect((runs.first?["operationsPerSecond"] as? Double ?? 0) > 0)
        let outcomes = try #require(object["outcomes"] as? [[String: Any]])
        let checker = outcomes.filter { $0["metric"] as? String == "checkedOperationsPerSecond" }
        #expect(checker.count == 1 && checker.first?["target"] as? String == ">= 2000 ops/s", "\(checker)")
        #expect((object["failures"] as? [Any])?.isEmpty == true, "\(object["failures"] ?? "")")
        // And export html of a 1,000-step scroll: every step a frame, and
        // one for the `sections` command before it.
        let exports = try #require(object["exportResults"] as? [[String: Any]])
        #expect(exports.first?["frames"] as? Int == 1_001)
        let bytes = exports.first?["pageBytes"] as? Int ?? 0
        #expect(bytes > 100_000 && bytes <= 5_000_000, "\(bytes) bytes")
        // And a script of 20,000 lines run as a file is (it may end up to
        // three lines past, to close its last entry), its time scaled to a
        // million lines.
        let scripts = try #require(object["scriptResults"] as? [[String: Any]])
        #expect(scripts.count == 1 && scripts.first?["label"] as? String == "script 20k lines", "\(scripts)")
        let lines = scripts.first?["lines"] as? Int ?? 0
        #expect((20_000...20_003).contains(lines), "\(lines) lines")
        #expect((scripts.first?["secondsPerMillionLines"] as? Double ?? 0) > 0 && (scripts.first?["peakResidentMB"] as? Double ?? 0) > 0)
        let scriptTargets = outcomes.filter { $0["workload"] as? String == "script 20k lines" }.compactMap { $0["target"] as? String }
        #expect(scriptTargets == ["<= 10 s", "<= 300 MB"], "\(scriptTargets)")
    }

    /// `--compare LAYOUT`: both layouts' columns and the line of ratios.
    @Test func compareMeasuresTheSameWorkloadOnAnotherLayout() throws {
        let result = try StkProcess.run(small + ["--layout", "grid-sticky", "--compare", "flow-sticky", "--no-scaling"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("grid-sticky 5x50 uniform 100x44") && result.stdout.contains("flow-sticky 5x50 uniform 100x44"), "\(result)")
        let line = try #require(result.lines.last)
        #expect(line.hasPrefix("compared with flow-sticky (the same workload): cold prepare "), "\(result)")
        #expect(line.contains("scroll step median ") && line.hasSuffix("; above 1x, grid-sticky costs more"), "\(result)")
        let unknown = try StkProcess.run(small + ["--compare", "nope"])
        #expect(unknown.status == 2, "\(unknown)")
    }

    /// `--errors-only`: every workload of the quick suite runs and none
    /// fails (no error, no finding of the checker); a timing target missed
    /// (a debug build misses most) does not change the exit status.
    @Test func theQuickSuiteRunsWithoutAFailure() throws {
        let result = try StkProcess.run(["bench", "--suite", "quick", "--errors-only"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("verify flow-sticky 1k") && result.stdout.contains("targets met"), "\(result)")
        #expect(result.stdout.contains("script 20k lines"), "\(result)")
        #expect(!result.stdout.contains("failed:"), "\(result)")
    }

    /// A loaded layout named by its class (an alias, as `layout` accepts it)
    /// is measured under its own name.
    @Test func aLayoutsClassNameMeasuresIt() throws {
        let source = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/SourceLayouts/LeftAlignedFlowLayout.swift").path
        let environment = try SourceAdapterTool.environment(cache: FileManager.default.temporaryDirectory.appendingPathComponent("stk-bench-alias-cache"))
        let result = try StkProcess.run(small + ["--plugin", source, "--layout", "LeftAlignedFlowLayout", "--no-scaling"],
                                        environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("left-aligned-flow-layout 5x50 uniform 100x44"), "\(result)")
    }

    @Test func errorsExitWithStatusTwo() throws {
        // 2 sections of 20 items: the content (824 high) does not scroll in 844.
        let flat = try StkProcess.run(["bench", "--sections", "2", "--items", "20", "--steps", "5"])
        #expect(flat.status == 2)
        #expect(flat.stderr.hasPrefix("error: the content (390x824) does not scroll"))
        let unknown = try StkProcess.run(small + ["--layout", "no-such-layout"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no-such-layout"))
    }
}
