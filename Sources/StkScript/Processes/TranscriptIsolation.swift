import ChildProcesses
import Foundation

/// `stk test` runs each transcript in a process of its own, so that a layout
/// that crashes or hangs fails its file, never the run: the other files still
/// run, and the summary and the JUnit report are written.
///
/// The child (`stk _test-file`, see `TranscriptRunner.runReporting`) runs one
/// file exactly as an in-process run would and reports on its stdout, one JSON
/// object per line: the command about to run, each line of output, then the
/// result. When the child dies or outlives its time instead, the parent makes
/// the file's result from what it was told: the command that was running and
/// the output so far, with the runtime's reason and the frames of the user's
/// layout from its crash report.
public struct TranscriptIsolation: Sendable {
    /// The child's arguments before the file (`_test-file` and the run's
    /// options); the child is this executable, as a worker is.
    public let arguments: [String]
    /// Seconds one file may take; nil for no limit.
    public let timeout: Double?

    public init(arguments: [String], timeout: Double?) {
        self.arguments = arguments
        self.timeout = timeout
    }

    /// How many lines of the output so far a crashed file's report shows.
    static let outputLinesShown = 20

    /// Runs one file in a child (the runner times it).
    public func run(_ file: TranscriptFile) -> TranscriptFileResult {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("stk-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let errorFile = scratch.appendingPathExtension("err")
        let crashFile = scratch.appendingPathExtension("crash.json")
        defer {
            try? FileManager.default.removeItem(at: errorFile)
            try? FileManager.default.removeItem(at: crashFile)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = CrashBacktrace.environmentValue(reportTo: crashFile.path)
        guard let messages = SpawnedProcess.pipe() else {
            return Self.failure(file, "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        let process: SpawnedProcess
        do {
            // Standard error goes to a file: one pipe to drain, never two.
            process = try SpawnedProcess(executable: SpawnedProcess.currentExecutable, arguments: arguments + [file.path, file.displayPath],
                                         environment: environment, stdin: .null, stdout: .descriptor(messages.write),
                                         stderr: .file(errorFile.path))
        } catch {
            close(messages.read)
            close(messages.write)
            return Self.failure(file, "\(error)")
        }
        close(messages.write)
        defer { close(messages.read) }
        Self.running.withValue { _ = $0.insert(process.pid) }
        defer { Self.running.withValue { _ = $0.remove(process.pid) } }

        let reader = ChildReport(descriptor: messages.read)
        let timedOut = reader.readAll(until: SpawnedProcess.deadline(after: timeout))
        let termination = timedOut ? process.kill() : process.wait()

        if !timedOut, let result = reader.result, case .exited = termination {
            return result.decoded(for: file)
        }
        // It crashed, hung, or ended without a result.
        let running = reader.running
        let place = running.map { "\($0.location): " } ?? "\(file.displayPath): "
        let command = running.map { " while running '\(Self.firstLine(of: $0.command))'" } ?? ""
        var lines: [String]
        let kind: TranscriptFileResult.AbnormalEnd
        switch (timedOut, termination) {
        case (true, _):
            kind = .timeout
            lines = ["\(place)error: timed out after \(Self.format(seconds: timeout ?? 0)) s\(command) (stk test --timeout)"]
        case (false, .signalled(_)) where reader.ranOutOfMemory:
            kind = .crash
            lines = ["\(place)error: out of memory\(command)\(CrashReport.outOfMemoryReason)"]
        case (false, .signalled(let signal)):
            kind = .crash
            lines = ["\(place)error: the layout crashed\(command): \(CrashReport.describe(signal: signal))"]
            lines += CrashBacktrace.read(from: crashFile.path)?.userFrameLines() ?? []
        case (false, .exited(let status)):
            kind = .crash
            lines = ["\(place)error: the file's process exited with status \(status)\(command) before it finished"]
        }
        // The runtime's own reason ("Fatal error: Index out of range").
        let stderr = String(decoding: FileManager.default.contents(atPath: errorFile.path) ?? Data(), as: UTF8.self)
        lines += stderr.split(separator: "\n").map(String.init).filter {
            !$0.isEmpty && !$0.hasPrefix("*** ") && !$0.hasPrefix("note: ")
        }.suffix(5)
        if !reader.output.isEmpty {
            let shown = reader.output.suffix(Self.outputLinesShown)
            lines.append("output so far\(shown.count < reader.output.count ? " (its last \(shown.count) lines)" : ""):")
            lines += shown.map { "  " + $0 }
        }
        var result = TranscriptFileResult(file: file, outcome: .failed,
                                          problems: [.diagnostic(severity: .error, text: lines.joined(separator: "\n") + "\n")])
        result.abnormalEnd = kind
        return result
    }

    /// The children running now, to stop when the run is interrupted.
    static let running = Locked<Set<pid_t>>([])

    /// Kills every child still running (`stk test` interrupted).
    public static func terminateAll() {
        for pid in running.withValue({ Array($0) }) { kill(pid, SIGKILL) }
    }

    static func failure(_ file: TranscriptFile, _ message: String) -> TranscriptFileResult {
        TranscriptFileResult(file: file, outcome: .failed,
                             problems: [.diagnostic(severity: .error, text: Diagnostic(.error, message).rendered(colors: false))])
    }

    static func firstLine(of text: String) -> String {
        text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
    }

    static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

// MARK: The child's report

/// One line of the child's report.
enum TranscriptChildMessage: Codable {
    case running(location: String, command: String)
    case output(String)
    case result(EncodedTranscriptResult)
    /// An allocation failed: the child is about to die of it (AllocationFailureNotice).
    case outOfMemory
}

/// What the parent reads from a child while it runs.
final class ChildReport {
    private let reader: JSONLineReader
    private(set) var running: (location: String, command: String)?
    private(set) var output: [String] = []
    private(set) var result: EncodedTranscriptResult?
    /// The child said an allocation failed.
    private(set) var ranOutOfMemory = false

    init(descriptor: Int32) {
        reader = JSONLineReader(descriptor: descriptor)
    }

    /// Reads until the child closes its end; true when `deadline` (uptime in
    /// nanoseconds) came first.
    func readAll(until deadline: UInt64?) -> Bool {
        while true {
            switch reader.next(TranscriptChildMessage.self, until: deadline) {
            case .message(.running(let location, let command)): running = (location, command)
            case .message(.output(let text)): output.append(text)
            case .message(.result(let encoded)): result = encoded
            case .message(.outOfMemory): ranOutOfMemory = true
            case .timedOut: return true
            case .ended, .interrupted: return false
            }
        }
    }
}

/// A TranscriptFileResult as the child sends it.
struct EncodedTranscriptResult: Codable {
    struct Problem: Codable {
        var severity: String?
        var text: String?
        // A mismatch:
        var fileName: String?
        var range: [Int]?
        var lineText: String?
        var report: String?
        var diff: [String]?
    }

    var outcome: String
    var skipReason: String?
    var problems: [Problem]
    var warnings: [String]
    var updated: Bool
    var notUpdatedReason: String?
    var newFile: String?
    var hadError: Bool?

    init(_ result: TranscriptFileResult) {
        switch result.outcome {
        case .passed: outcome = "passed"
        case .failed: outcome = "failed"
        case .skipped(let reason): outcome = "skipped"; skipReason = reason
        }
        problems = result.problems.map { problem in
            switch problem {
            case let .diagnostic(severity, text):
                return Problem(severity: severity.rawValue, text: text)
            case let .mismatch(location, report, diff):
                let r = location.range
                return Problem(fileName: location.fileName, range: [r.start.line, r.start.column, r.end.line, r.end.column],
                               lineText: location.lineText, report: report, diff: diff)
            }
        }
        warnings = result.warnings
        updated = result.updated
        notUpdatedReason = result.notUpdatedReason
        newFile = result.newFile
        hadError = result.hadError
    }

    func decoded(for file: TranscriptFile) -> TranscriptFileResult {
        let decodedOutcome: TranscriptFileResult.Outcome
        switch outcome {
        case "passed": decodedOutcome = .passed
        case "skipped": decodedOutcome = .skipped(reason: skipReason ?? "")
        default: decodedOutcome = .failed
        }
        let decodedProblems: [TranscriptFileResult.Problem] = problems.map { problem in
            if let report = problem.report, let fileName = problem.fileName, let r = problem.range, r.count == 4 {
                let range = SourceRange(start: SourceLocation(line: r[0], column: r[1]), end: SourceLocation(line: r[2], column: r[3]))
                return .mismatch(location: Diagnostic.Location(fileName: fileName, range: range, lineText: problem.lineText ?? ""),
                                 report: report, diff: problem.diff ?? [])
            }
            return .diagnostic(severity: Diagnostic.Severity(rawValue: problem.severity ?? "") ?? .error, text: problem.text ?? "")
        }
        var result = TranscriptFileResult(file: file, outcome: decodedOutcome, problems: decodedProblems, warnings: warnings,
                                          updated: updated, notUpdatedReason: notUpdatedReason)
        result.newFile = newFile
        result.hadError = hadError ?? false
        return result
    }
}

extension TranscriptRunner {
    /// The child's side: runs one file as `run(_:)` does, reporting to
    /// `descriptor` as it goes (see TranscriptIsolation).
    public func runReporting(_ file: TranscriptFile, to descriptor: Int32) {
        let writer = JSONLineWriter(descriptor: descriptor)
        AllocationFailureNotice.install(TranscriptChildMessage.outOfMemory, on: descriptor)
        observer = TranscriptObserver(
            willRun: { writer.send(TranscriptChildMessage.running(location: $0, command: $1)) },
            printed: { writer.send(TranscriptChildMessage.output($0)) })
        defer { observer = nil }
        let result = run(file)
        writer.send(TranscriptChildMessage.result(EncodedTranscriptResult(result)))
    }
}

/// Told what a transcript run does as it does it.
public struct TranscriptObserver: Sendable {
    public var willRun: @Sendable (_ location: String, _ command: String) -> Void
    public var printed: @Sendable (_ line: String) -> Void
}
