import Foundation
import StkRender

/// The printed report of `stk test`: one status line per file, in file order,
/// the details of each failure under its line, then the summary line.
///
///     PASS: Tests/Transcripts/flow-sticky/geometry.stk
///     FAIL: Tests/Transcripts/flow-sticky/pinning.stk
///     Tests/Transcripts/flow-sticky/pinning.stk:7:1: error: the output of 'attr header 1' differs from its '#>' lines
///         attr header 1
///         ^~~~~~~~~~~~~
///     --- expected
///     +++ actual
///     @@ -1 +1 @@
///     -header 1 frame=0,300,390,30 ...
///     +header 1 frame=0,344,390,30 ...
///
///     SKIP: Tests/Transcripts/grid-sticky/rows.stk (grid-sticky is not registered yet)
///     UPDATED: Tests/Transcripts/global-stretchy/stretch.stk
///     2 passed, 1 failed, 1 skipped
///
/// `UPDATED` (with `--update`) is a file whose `#>` lines were rewritten and
/// that now passes; it counts as passed. Warnings about a transcript itself
/// follow its status line whatever the outcome. Nothing in the report
/// depends on time or on the order files finish in.
public enum TranscriptReport {
    public static func lines(for result: TranscriptFileResult) -> [String] {
        var lines: [String] = []
        switch result.outcome {
        case .passed:
            lines.append("\(result.updated ? "UPDATED" : "PASS"): \(result.file.displayPath)")
        case .skipped(let reason):
            lines.append("SKIP: \(result.file.displayPath) (\(reason))")
        case .failed:
            lines.append("FAIL: \(result.file.displayPath)")
        }
        lines += result.warnings.flatMap(TranscriptFileResult.split)
        if result.failed {
            lines += result.failureLines
            if result.updated { lines.append("note: its '#>' lines were rewritten from the actual output; the failures above remain") }
            if let newFile = result.newFile { lines.append("note: the file as --update would write it: \(newFile)") }
            lines.append("")
        }
        return lines
    }

    /// The whole report: every file's lines, then the summary.
    public static func lines(for summary: TranscriptRunSummary) -> [String] {
        summary.results.flatMap(lines(for:)) + [summary.summaryLine]
    }

    // MARK: JSON Lines (`stk test --format json`)

    /// One object per file, on one line:
    /// `{"file":"a.stk","result":"fail","line":7,"summary":"output differs at a.stk:7","details":[...],"warnings":[],"seconds":0.1}`.
    /// `result` is `pass`, `updated`, `skip` (with `reason`) or `fail`
    /// (with `line` when a command is to blame, `summary`, `details`: the
    /// lines the text report prints under it, and `end` when the file's
    /// process crashed, timed out or was interrupted).
    public static func json(for result: TranscriptFileResult) -> String {
        var fields: [(key: String, value: JSONValue)] = [("file", .string(result.file.displayPath))]
        switch result.outcome {
        case .passed:
            fields.append(("result", .string(result.updated ? "updated" : "pass")))
        case .skipped(let reason):
            fields.append(("result", .string("skip")))
            fields.append(("reason", .string(reason)))
        case .failed:
            fields.append(("result", .string("fail")))
            fields.append(("line", result.failureLine.map(JSONValue.integer) ?? .null))
            fields.append(("summary", .string(result.failureSummary)))
            fields.append(("details", .array(result.failureLines.map(JSONValue.string))))
            if let end = result.abnormalEnd { fields.append(("end", .string(end.rawValue))) }
            if result.updated { fields.append(("updated", .bool(true))) }
            if let newFile = result.newFile { fields.append(("newFile", .string(newFile))) }
        }
        fields.append(("warnings", .array(result.warnings.map(JSONValue.string))))
        fields.append(("seconds", .number((result.duration * 1000).rounded() / 1000)))
        return JSONValue.object(fields).serialized
    }

    /// The last line: `{"summary":{"passed":2,"failed":1,"skipped":1,"updated":1,"files":4,"status":1}}`.
    public static func json(for summary: TranscriptRunSummary) -> String {
        JSONValue.object([("summary", .object([
            ("passed", .integer(summary.passedCount)), ("failed", .integer(summary.failedCount)),
            ("skipped", .integer(summary.skippedCount)), ("updated", .integer(summary.updatedFiles.count)),
            ("files", .integer(summary.results.count)), ("status", .integer(Int(summary.exitStatus.rawValue))),
        ]))]).serialized
    }
}
