import Foundation

/// What running one transcript found.
public struct TranscriptFileResult: Sendable {
    public enum Outcome: Equatable, Sendable {
        case passed
        case failed
        /// The first line is `# stk: skip REASON`.
        case skipped(reason: String)
    }

    /// Something wrong with a transcript, in the order the run met it.
    public enum Problem: Equatable, Sendable {
        /// The output of the commands ending on a logical line differs from
        /// its `#>` lines.
        /// - location: `FILE:LINE:COL` of the first of those commands.
        /// - report: the rendered error (location, source line, caret).
        /// - diff: `UnifiedDiff.lines(expected:actual:)`.
        case mismatch(location: Diagnostic.Location, report: String, diff: [String])
        /// An error (the run stopped there), a failed `expect`, or a warning
        /// or note that came with them; rendered, without colours.
        case diagnostic(severity: Diagnostic.Severity, text: String)
    }

    public let file: TranscriptFile
    public internal(set) var outcome: Outcome
    /// Why the file failed, in run order (empty when it passed).
    public internal(set) var problems: [Problem]
    /// Warnings about the transcript itself (a `#>` line that follows no
    /// command), rendered; reported whatever the outcome.
    public internal(set) var warnings: [String]
    /// `--update` rewrote the file's `#>` lines.
    public internal(set) var updated: Bool
    /// `--write-new` wrote the updated file beside this one, at this path.
    public internal(set) var newFile: String?
    /// The file stopped on an error (a plain run's exit status 2): JUnit
    /// reports it as an `<error>`, not a `<failure>`.
    public internal(set) var hadError = false
    /// `--update` was asked but the file was left alone, and why.
    public internal(set) var notUpdatedReason: String?
    /// Wall-clock seconds the file took (for the JUnit report only).
    public internal(set) var duration: Double
    /// How a file that did not run to its end ended: its process crashed or
    /// outlived `stk test --timeout`. JUnit reports it as an `<error>`.
    public internal(set) var abnormalEnd: AbnormalEnd?

    public enum AbnormalEnd: String, Sendable {
        case crash
        case timeout
        /// The run was interrupted (SIGINT, SIGTERM) before the file finished.
        case interrupted
    }

    /// A file the run did not finish: interrupted.
    public static func interrupted(_ file: TranscriptFile) -> TranscriptFileResult {
        var result = TranscriptFileResult(file: file, outcome: .failed, problems: [
            .diagnostic(severity: .error, text: "\(file.displayPath): error: the run was interrupted before this file finished\n"),
        ])
        result.abnormalEnd = .interrupted
        return result
    }

    /// The line of the first command that failed, from the first problem
    /// that names one (`FILE:LINE:COL: error:`).
    public var failureLine: Int? {
        for problem in problems {
            switch problem {
            case let .mismatch(location, _, _):
                return location.range.start.line
            case let .diagnostic(severity, text) where severity == .error:
                let first = Self.split(text).first ?? ""
                guard let marker = first.range(of: ": error: ") else { continue }
                let place = first[..<marker.lowerBound].split(separator: ":")
                if place.count >= 3, let line = Int(place[place.count - 2]) { return line }
            case .diagnostic:
                continue
            }
        }
        return nil
    }

    init(file: TranscriptFile, outcome: Outcome, problems: [Problem] = [], warnings: [String] = [],
         updated: Bool = false, notUpdatedReason: String? = nil, duration: Double = 0) {
        self.file = file
        self.outcome = outcome
        self.problems = problems
        self.warnings = warnings
        self.updated = updated
        self.notUpdatedReason = notUpdatedReason
        self.duration = duration
    }

    public var passed: Bool { outcome == .passed }
    public var failed: Bool { outcome == .failed }
    public var skipped: Bool {
        if case .skipped = outcome { return true }
        return false
    }

    /// The lines that explain a failure: each problem as the report prints it
    /// (rendered diagnostics, mismatch errors followed by their diffs).
    public var failureLines: [String] {
        var lines: [String] = []
        for problem in problems {
            switch problem {
            case let .mismatch(_, report, diff):
                lines += Self.split(report) + diff
            case let .diagnostic(_, text):
                lines += Self.split(text)
            }
        }
        if let notUpdatedReason { lines.append("note: not updated: \(notUpdatedReason)") }
        return lines
    }

    /// One line saying why the file failed (JUnit's failure message).
    public var failureSummary: String {
        var parts: [String] = []
        for problem in problems {
            switch problem {
            case let .mismatch(location, _, _):
                parts.append("output differs at \(location.fileName):\(location.range.start.line)")
            case let .diagnostic(severity, text) where severity == .error:
                parts.append(Self.split(text).first ?? text)
            case .diagnostic:
                continue
            }
        }
        return parts.isEmpty ? "failed" : parts.joined(separator: "; ")
    }

    static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// The results of a whole `stk test` run, in file order.
public struct TranscriptRunSummary: Sendable {
    public let results: [TranscriptFileResult]
    /// Wall-clock seconds of the whole run (for the JUnit report only).
    public let duration: Double

    public init(results: [TranscriptFileResult], duration: Double) {
        self.results = results
        self.duration = duration
    }

    public var passedCount: Int { results.filter(\.passed).count }
    public var failedCount: Int { results.filter(\.failed).count }
    /// Failed files that crashed or timed out (JUnit's errors).
    public var abnormalCount: Int { results.filter { $0.abnormalEnd != nil }.count }
    public var skippedCount: Int { results.filter(\.skipped).count }
    public var updatedFiles: [TranscriptFile] { results.filter(\.updated).map(\.file) }

    /// `N passed, M failed`, with `, K skipped` when K > 0.
    public var summaryLine: String {
        var line = "\(passedCount) passed, \(failedCount) failed"
        if skippedCount > 0 { line += ", \(skippedCount) skipped" }
        return line
    }

    /// 0 when nothing failed, else 1 (an expectation-level failure).
    public var exitStatus: ExitStatus { failedCount == 0 ? .success : .expectationFailed }
}
