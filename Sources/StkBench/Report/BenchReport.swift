import Foundation

/// `stk bench` output: an aligned text table, or JSON with sorted keys.
public enum BenchReport {
    /// The rows of `text(_:)`, in order: its first column.
    public static let rowTitles = [
        "layout", "data", "bounds", "options", "scroll path", "content size", "setup",
        "cold prepare", "first layout pass", "scroll step median", "scroll step p99", "scroll step max",
        "invalidated / step", "attributes / step", "elements touched / step", "sections computed / step", "visible / step",
        "in viewport / step", "prepare() / step", "step phases (median)",
        "full-invalidation step median", "full / minimal invalidation",
        "resize median", "batch update median", "batch update p99", "cells measured", "measuring step median", "fling median", "fling / its bounds changes",
        "peak RSS",
    ]

    /// One column per result, one row per figure (`rowTitles`); a figure a run
    /// did not measure shows `-`. Ends with notes on what the figures are.
    public static func text(_ results: [BenchResult]) -> String {
        var table = TextTable(header: ["metric"] + results.map(\.label))
        let columns = results.map(column)
        for (row, title) in rowTitles.enumerated() {
            table.add([title] + columns.map { $0[row] })
        }
        var text = table.render() + "\n" + notes
        for result in results where !result.cutByTimeBudget.isEmpty {
            text += "time budget: \(result.label) measured \(result.cutByTimeBudget.joined(separator: ", ")) (--time-budget 0 measures all)\n"
        }
        return text
    }

    static let notes = """
    A scroll step is one setContentOffset: should-invalidate, context, invalidate, prepare,
    visible query, visible diff. Times: median and p99 by nearest rank. Invalidated: elements
    the step's contexts named. In viewport: of the elements the pass's rect query returned,
    those whose frames meet the viewport. Step phases: each phase's median, apart.
    A full-invalidation step is invalidateLayout() then the same
    setContentOffset: one full layout pass plus one minimal step, over the same offsets.
    A measuring step is a scroll step whose self-sizing cycle took at least one cell's size.
    A fling is compared with the same bounds changes made one by one by setContentOffset.
    Peak RSS: the run's own peak where it can be reset (Linux), else the process's peak so far.

    """

    private static func column(_ r: BenchResult) -> [String] {
        let c = r.configuration
        let data: String
        if c.sizes == "uniform", let size = c.itemSize {
            data = "\(c.sections)x\(c.itemsPerSection) uniform \(size.sizeText)"
        } else {
            data = "\(c.sections)x\(c.itemsPerSection) random \((c.minItemSize ?? []).sizeText)...\((c.maxItemSize ?? []).sizeText) seed \(c.sizeSeed ?? 0)"
        }
        let options = c.options.isEmpty ? "-" : c.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let path = "\(c.steps) x \(BenchFormat.number(c.stepDistance)) pt \(r.scrollAxis) from \(BenchFormat.number(c.startFraction * 100))%"
        let s = r.scroll
        // LayoutKit's work counters mean nothing for a layout that does not
        // use its helpers (a layout written for iOS): shown as `-` then.
        let counted = s.elementsTouchedMax > 0 || s.sectionsComputedMax > 0 || (r.resize?.sectionsComputedMax ?? 0) > 0
        return [
            c.layout,
            data,
            c.boundsSize.sizeText,
            options,
            path,
            r.contentSize.sizeText,
            BenchFormat.millis(r.setupMillis),
            BenchFormat.millis(r.coldPrepareMillis),
            BenchFormat.millis(r.firstLayoutPassMillis),
            BenchFormat.micros(s.medianMicros),
            BenchFormat.micros(s.p99Micros),
            BenchFormat.micros(s.maxMicros),
            invalidated(s),
            "median \(s.attributesCreatedMedian), max \(s.attributesCreatedMax)",
            counted ? "median \(s.elementsTouchedMedian), max \(s.elementsTouchedMax)" : "-",
            counted ? "median \(s.sectionsComputedMedian), max \(s.sectionsComputedMax)" : "-",
            "median \(s.visibleMedian)",
            "median \(s.inViewportMedian) of the \(s.visibleMedian) the query returned",
            "median \(s.prepareCallsMedian), max \(s.prepareCallsMax)",
            phases(s.phaseMicrosMedian),
            r.fullInvalidation.map { "\(BenchFormat.micros($0.medianMicros)) (\($0.count) steps); sections computed: median \($0.sectionsComputedMedian)" } ?? "-",
            r.fullInvalidationRatio.map { BenchFormat.value($0, unit: "x") } ?? "-",
            r.resize.map { "\(BenchFormat.micros($0.medianMicros)) (\($0.count)); sections computed: median \($0.sectionsComputedMedian)" } ?? "-",
            r.batchUpdates.map { "\(BenchFormat.micros($0.medianMicros)) (\($0.count)); sections computed: median \($0.sectionsComputedMedian)" } ?? "-",
            r.batchUpdates.map { BenchFormat.micros($0.p99Micros) } ?? "-",
            r.measuredCells.map(String.init) ?? "-",
            r.measuringScroll.map { "\(BenchFormat.micros($0.medianMicros)) (\($0.count) steps)" } ?? "-",
            r.fling.map { "\(BenchFormat.micros($0.medianMicros)) (\($0.count))" } ?? "-",
            r.flingRatio.map { BenchFormat.value($0, unit: "x") } ?? "-",
            BenchFormat.value(r.peakResidentMB, unit: "MB"),
        ]
    }

    /// `invalidation 1.2 µs, prepare 3.4 µs, query 5.6 µs, diff 2.1 µs`.
    private static func phases(_ p: PhaseMicros) -> String {
        "invalidation \(BenchFormat.micros(p.invalidation)), prepare \(BenchFormat.micros(p.prepare)), "
            + "query \(BenchFormat.micros(p.query)), diff \(BenchFormat.micros(p.diff))"
    }

    /// `median 2, max 3`; `everything` when every step invalidated everything;
    /// both with a count when steps differ.
    private static func invalidated(_ s: OperationStatistics) -> String {
        if s.count > 0, s.invalidatingEverything == s.count { return "everything" }
        let named = "median \(s.invalidatedElementsMedian), max \(s.invalidatedElementsMax)"
        return s.invalidatingEverything == 0 ? named : "\(named); everything in \(s.invalidatingEverything) steps"
    }

    /// The targets table of a suite (one row per target, with the measured
    /// value, the target and pass or miss), a count of targets met, the
    /// workloads that failed, then `text(_:)` of every result.
    public static func text(_ suite: BenchSuiteReport) -> String {
        var table = TextTable(header: ["workload", "metric", "measured", "target", "result"], rightAligned: [2])
        for o in suite.outcomes {
            table.add([o.workload, o.title, o.measured.map { BenchFormat.value($0, unit: o.unit) } ?? "-", o.target, o.met ? "pass" : "miss"])
        }
        var text = "suite \(suite.suite)\n\n" + table.render()
        text += "\(suite.targetsMet) of \(suite.targetsTotal) targets met\n"
        for failure in suite.failures {
            text += "\(failure.workload) failed: \(failure.message)\n"
        }
        if !suite.results.isEmpty {
            text += "\n" + self.text(suite.results)
        }
        if !suite.verifyResults.isEmpty {
            text += "\n" + self.text(suite.verifyResults)
        }
        if !suite.exportResults.isEmpty {
            text += "\n" + self.text(suite.exportResults)
        }
        if !suite.scriptResults.isEmpty {
            text += "\n" + self.text(suite.scriptResults)
        }
        if !suite.diffableResults.isEmpty {
            text += "\n" + self.text(suite.diffableResults)
        }
        return text
    }

    /// The rows of `text(_: [DiffableBenchResult])`, in order.
    public static let diffableRowTitles = [
        "layout", "data", "work", "runs", "apply median", "apply max", "diff median", "diff max", "updates per run", "peak RSS",
    ]

    /// The diffable runs: one column per run, then a note on what is timed.
    public static func text(_ results: [DiffableBenchResult]) -> String {
        var table = TextTable(header: ["diffable"] + results.map(\.label))
        let columns = results.map { r in
            [r.layout, "\(BenchFormat.count(r.sections))x\(BenchFormat.count(r.itemsPerSection))",
             r.kind == .edits ? "\(r.edits) random edits per apply" : "diff against a shuffled copy",
             String(r.runs), r.applyMedianMillis.map { BenchFormat.value($0, unit: "ms") } ?? "-",
             r.applyMaxMillis.map { BenchFormat.value($0, unit: "ms") } ?? "-",
             BenchFormat.value(r.diffMedianMillis, unit: "ms"), BenchFormat.value(r.diffMaxMillis, unit: "ms"),
             BenchFormat.count(r.updatesMedian), BenchFormat.value(r.peakResidentMB, unit: "MB")]
        }
        for (row, title) in diffableRowTitles.enumerated() {
            table.add([title] + columns.map { $0[row] })
        }
        return table.render() + "\n" + diffableNotes
    }

    static let diffableNotes = """
    An apply is what `snapshot edit ... apply` does after parsing: the edits on a copy of the
    snapshot, the difference (the diff alone is also shown), the batch update and its layout pass.

    """

    /// The rows of `text(_: [ExportBenchResult])`, in order.
    public static let exportRowTitles = [
        "layout", "session", "frames", "page size", "export median", "export min", "export max", "exports",
    ]

    /// The export runs: one column per run, then a note on what is timed.
    public static func text(_ results: [ExportBenchResult]) -> String {
        var table = TextTable(header: ["export"] + results.map(\.label))
        let columns = results.map { r in
            [r.layout, r.commands, String(r.frames), BenchFormat.value(r.pageMegabytes, unit: "MB"),
             BenchFormat.value(r.exportMedianMillis, unit: "ms"), BenchFormat.value(r.exportMinMillis, unit: "ms"),
             BenchFormat.value(r.exportMaxMillis, unit: "ms"), String(r.runs)]
        }
        for (row, title) in exportRowTitles.enumerated() {
            table.add([title] + columns.map { $0[row] })
        }
        return table.render() + "\n" + exportNotes
    }

    static let exportNotes = """
    An export is the whole `export html --force PATH` command: the page built from the session's
    frames (one per layout pass) and written atomically to a temporary folder.

    """

    /// The rows of `text(_: [ScriptBenchResult])`, in order.
    public static let scriptRowTitles = [
        "layout", "seed", "lines", "output lines", "time", "per line", "per million lines", "peak RSS", "RSS at start",
    ]

    /// The long-script runs: one column per run, then a note on what is
    /// timed and where the peak comes from.
    public static func text(_ results: [ScriptBenchResult]) -> String {
        var table = TextTable(header: ["script"] + results.map(\.label))
        let columns = results.map { r in
            [r.layout, String(r.seed), BenchFormat.count(r.lines), BenchFormat.count(r.outputLines),
             BenchFormat.value(r.seconds, unit: "s"), BenchFormat.micros(r.microsPerLine),
             BenchFormat.value(r.secondsPerMillionLines, unit: "s"), BenchFormat.value(r.peakResidentMB, unit: "MB"),
             r.residentAtStartMB.map { BenchFormat.value($0, unit: "MB") } ?? "-"]
        }
        for (row, title) in scriptRowTitles.enumerated() {
            table.add([title] + columns.map { $0[row] })
        }
        let sources = Set(results.map(\.peakSource)).sorted().joined(separator: "; ")
        return table.render() + "\n" + """
            A script run is every line of its file read, parsed and run, as `stk FILE.stk` runs it, its
            output counted instead of written; per million lines is its time scaled to 1,000,000 lines.
            Peak RSS (\(sources)) includes what was resident when the run started.

            """
    }

    /// The rows of `text(_: [VerifyBenchResult])`, in order.
    public static let verifyRowTitles = [
        "layout", "data", "seed", "operations", "time", "checked operations per second",
        "checked operation median", "checked operation p99", "checked operation max",
    ]

    /// The checker's runs: one column per run, then a note on what is timed.
    public static func text(_ results: [VerifyBenchResult]) -> String {
        var table = TextTable(header: ["verify"] + results.map(\.label))
        let columns = results.map { r in
            [r.layout, "\(r.sections)x\(r.itemsPerSection) at the start of each session", String(r.seed),
             r.foundSomething ? "\(r.operations) (stopped at a finding)" : String(r.operations),
             BenchFormat.value(r.seconds, unit: "s"), BenchFormat.value(r.operationsPerSecond, unit: "ops/s"),
             BenchFormat.micros(r.operationMedianMicros), BenchFormat.micros(r.operationP99Micros), BenchFormat.micros(r.operationMaxMicros)]
        }
        for (row, title) in verifyRowTitles.enumerated() {
            table.add([title] + columns.map { $0[row] })
        }
        return table.render() + "\n" + verifyNotes
    }

    static let verifyNotes = """
    A checked operation is one random operation of stk verify (a scroll, a fling, a resize, a
    data change...) and then every check of `check`, a fresh layout prepared for the comparison
    included. Operations per second: over the whole run, sessions started included.

    """

    /// `{"results":[...]}` on one line, keys sorted.
    public static func json(_ results: [BenchResult]) -> String {
        encode(ResultsDocument(results: results))
    }

    /// The suite report on one line, keys sorted.
    public static func json(_ suite: BenchSuiteReport) -> String {
        encode(suite)
    }

    private struct ResultsDocument: Encodable {
        var results: [BenchResult]
    }

    /// Plain structs of strings, integers and numbers: with non-finite numbers
    /// spelled as strings, nothing in them can fail to encode.
    private static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            preconditionFailure("bench results could not be encoded as JSON: \(error)")
        }
    }
}

extension Array where Element == Double {
    /// `390x844` from `[390, 844]`.
    var sizeText: String { map { BenchFormat.number($0) }.joined(separator: "x") }
}
