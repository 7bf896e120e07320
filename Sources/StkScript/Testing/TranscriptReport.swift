import Foundation

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
}
