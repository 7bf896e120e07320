import Foundation
import LayoutKit

/// Runs golden transcripts: each `.stk` file in a fresh Session and
/// Interpreter, each logical line's output compared with the `#>` lines after
/// it (docs/language.md, "Golden transcripts").
///
/// What is compared is standard output only: diagnostics (layout warnings,
/// notes) are not part of a transcript. A file fails when
/// - the output of a logical line differs from its `#>` lines (a line with
///   no `#>` lines must print nothing);
/// - a command has an error (exit status 2 in a plain run): the run of that
///   file stops there, and the error says FILE:LINE:COL;
/// - an `expect` fails (the file runs on, unless `bail`).
/// `quit` ends a transcript early; the lines after it are not checked.
///
/// With `update`, the `#>` blocks of the lines whose output differs are
/// rewritten from the actual output, every other byte of the file kept. A
/// file with an error is never rewritten (its output after the error is
/// unknown, and it fails either way); a file that passes is never touched.
/// A file with a failed `expect` gets its blocks rewritten but still fails:
/// rewriting output cannot fix an expectation.
public final class TranscriptRunner: @unchecked Sendable {
    public struct Options: Sendable {
        /// Queries print JSON Lines (the transcripts must be written for it).
        public var json = false
        /// Stop each file at its first failed expectation.
        public var bail = false
        /// What to do with a file whose output differs (TranscriptUpdateMode).
        public var updateMode = TranscriptUpdateMode.off
        /// Rewrite the `#>` lines of mismatching files.
        public var update: Bool {
            get { updateMode == .all }
            set { updateMode = newValue ? .all : .off }
        }
        /// A file that an update changes still fails (CI without an explicit
        /// `--update`: record mode, which fails the run).
        public var updatesFail = false
        /// How many files run at once (at least 1).
        public var jobs = ProcessInfo.processInfo.activeProcessorCount

        public init(json: Bool = false, bail: Bool = false, update: Bool = false,
                    jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.json = json
            self.bail = bail
            self.updateMode = update ? .all : .off
            self.jobs = jobs
        }
    }

    /// The first line of a file that is not to be run: `# stk: skip REASON`.
    public static let skipDirective = "# stk: skip"

    public let options: Options
    /// Where layouts are looked up. Register every layout (built-ins, plugins)
    /// before running: files run in parallel only read it.
    public let registry: LayoutRegistry
    /// Given to each file's interpreter, for the `load` command.
    public let loadPlugin: ((String) throws -> [String])?

    /// Runs one file instead of `run(_:)`: `stk test` runs each in a process
    /// of its own (TranscriptIsolation).
    public var fileRunner: (@Sendable (TranscriptFile) -> TranscriptFileResult)?
    /// Told of each command and each line of output as a file runs (the
    /// child of an isolated run reports them to its parent).
    public var observer: TranscriptObserver?

    public init(options: Options = Options(), registry: LayoutRegistry = .shared,
                loadPlugin: ((String) throws -> [String])? = nil) {
        self.options = options
        self.registry = registry
        self.loadPlugin = loadPlugin
    }

    // MARK: Many files

    /// Runs the files, `options.jobs` at a time. `onResult` is called once per
    /// file, in the order of `files` whatever order they finish in, never two
    /// calls at once: a report printed from it is the same with any `jobs`.
    public func run(_ files: [TranscriptFile], onResult: (TranscriptFileResult) -> Void = { _ in }) -> TranscriptRunSummary {
        let start = DispatchTime.now()
        let workers = max(1, min(options.jobs, files.count))
        var results: [TranscriptFileResult]
        if workers == 1 {
            results = []
            for file in files {
                let result = runOne(file)
                onResult(result)
                results.append(result)
            }
        } else {
            results = withoutActuallyEscaping(onResult) { onResult in
                runInParallel(files, workers: workers, onResult: onResult)
            }
        }
        return TranscriptRunSummary(results: results, duration: Self.seconds(since: start))
    }

    private func runInParallel(_ files: [TranscriptFile], workers: Int,
                               onResult: @escaping (TranscriptFileResult) -> Void) -> [TranscriptFileResult] {
        let schedule = ParallelSchedule(count: files.count, onResult: onResult)
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let index = schedule.claim() {
                    schedule.finish(index, with: self.runOne(files[index]))
                }
            }
        }
        group.wait()
        return schedule.results
    }

    // MARK: One file

    private func runOne(_ file: TranscriptFile) -> TranscriptFileResult {
        guard let fileRunner else { return run(file) }
        return Self.timed { fileRunner(file) }
    }

    /// Runs one transcript (and, with `update`, rewrites it when it differs).
    public func run(_ file: TranscriptFile) -> TranscriptFileResult {
        Self.timed { runTimed(file) }
    }

    /// The result of `body` with the wall-clock time it took.
    static func timed(_ body: () -> TranscriptFileResult) -> TranscriptFileResult {
        let start = DispatchTime.now()
        var result = body()
        result.duration = seconds(since: start)
        return result
    }

    private func runTimed(_ file: TranscriptFile) -> TranscriptFileResult {
        let text: String
        switch Self.read(file.path) {
        case .success(let contents): text = contents
        case .failure(let error): return failure(file, error.message)
        }
        if let reason = Self.skipReason(in: text) {
            return TranscriptFileResult(file: file, outcome: .skipped(reason: reason))
        }
        let script = Parser.parse(SourceFile(name: file.displayPath, text: text))
        let session: Session
        do {
            session = try Session(registry: registry)
        } catch {
            return failure(file, "cannot start a session: \(error)")
        }
        let sink = EntryOutput()
        let interpreter = Interpreter(session: session,
                                      options: InterpreterOptions(json: options.json, bail: options.bail, echo: false, color: false),
                                      output: sink)
        interpreter.loadPlugin = loadPlugin
        if let observer {
            interpreter.willRunCommand = observer.willRun
            sink.onLine = observer.printed
        }

        let run = check(script, with: interpreter, output: sink)
        var result = TranscriptFileResult(
            file: file, outcome: run.problems.isEmpty ? .passed : .failed, problems: run.problems,
            warnings: script.diagnostics.filter { $0.severity != .error }.map { $0.rendered(colors: false) })
        result.hadError = run.status == .error
        return update(result, of: script, text: text, with: run)
    }

    /// Applies the update mode to a file that ran: rewrites it, or writes
    /// FILE.new beside it, from the blocks that differed.
    private func update(_ result: TranscriptFileResult, of script: Script, text: String, with run: CheckedRun) -> TranscriptFileResult {
        var result = result
        var rewrites = run.rewrites
        if options.updateMode == .missing {
            // Only commands that printed output and have no block at all.
            rewrites = rewrites.filter { !script.transcript[$0.key].hasBlock }
        }
        guard options.updateMode != .off, !rewrites.isEmpty else { return result }

        guard run.status < .error else {
            result.notUpdatedReason = "the file has errors; fix them and run --update again"
            return result
        }
        let rewritten = script.rewritingTranscript(rewrites)
        // A rewrite that changes nothing cannot make the file pass.
        guard rewritten != text else { return result }
        if options.updateMode == .new {
            let newPath = file(result.file.path, suffix: TranscriptUpdateMode.newFileSuffix)
            do {
                try SafeFile.replace(Data(rewritten.utf8), at: newPath)
            } catch {
                result.problems.append(.diagnostic(severity: .error, text: "error: \(error)\n"))
                return result
            }
            result.newFile = result.file.displayPath + TranscriptUpdateMode.newFileSuffix
            return result
        }
        do {
            try SafeFile.replace(Data(rewritten.utf8), at: result.file.path)
        } catch {
            result.problems.append(.diagnostic(severity: .error, text: "error: \(error)\n"))
            return result
        }
        result.updated = true
        if options.updatesFail {
            result.outcome = .failed
            result.notUpdatedReason = nil
            return result
        }
        // The rewritten blocks now hold the output: only the problems of the
        // blocks left alone, and the others, remain.
        let rewrittenLines = Set(rewrites.keys.compactMap { run.mismatchLines[$0] })
        result.problems.removeAll {
            if case let .mismatch(location, _, _) = $0 { return rewrittenLines.contains(location.range.start.line) }
            return false
        }
        if result.problems.isEmpty { result.outcome = .passed }
        return result
    }

    private func file(_ path: String, suffix: String) -> String { path + suffix }

    /// What one run of a script found: its problems, the worst status a
    /// plain run would have ended with, and the new output of each transcript
    /// entry whose output differed (for `update`).
    struct CheckedRun {
        var problems: [TranscriptFileResult.Problem] = []
        var status = ExitStatus.success
        var rewrites: [Int: [String]] = [:]
        /// The line each differing entry's mismatch is reported at.
        var mismatchLines: [Int: Int] = [:]
    }

    /// Runs the script entry by entry as a plain run would (everything before
    /// its first parse error, then that error), comparing each entry's output.
    func check(_ script: Script, with interpreter: Interpreter, output sink: EntryOutput) -> CheckedRun {
        var run = CheckedRun()
        let firstError = script.firstError
        let errorStart = firstError?.location?.range.start
        var stopped = false

        entries: for (index, entry) in script.transcript.enumerated() {
            // The interpreter keeps its worst status; start each line afresh to
            // see what this line did.
            interpreter.status = .success
            sink.clear()
            for commandIndex in entry.commands {
                let command = script.commands[commandIndex]
                if let errorStart, command.range.start >= errorStart { break entries }
                if !interpreter.execute(command, in: script.file) {
                    stopped = true
                    break
                }
            }
            run.status = max(run.status, interpreter.status)
            // Diagnostics are reported when something went wrong on this line:
            // with the error come the warnings and notes that explain it.
            if interpreter.status > .success {
                for (severity, text) in sink.diagnostics { run.problems.append(.diagnostic(severity: severity, text: text)) }
            }
            // A line whose commands stopped on an error has no output to compare;
            // one that ran to the end (or to a quit, or a bailing expect) has.
            if interpreter.status < .error && !entry.commands.isEmpty && !entry.matches(sink.lines) {
                run.problems.append(mismatch(entry, in: script, actual: sink.lines))
                run.rewrites[index] = entry.updatedBlock(for: sink.lines)
                if case let .mismatch(location, _, _)? = run.problems.last { run.mismatchLines[index] = location.range.start.line }
            }
            if stopped || interpreter.quitRequested { break }
        }
        if let firstError, !stopped, !interpreter.quitRequested {
            run.problems.append(.diagnostic(severity: .error, text: firstError.rendered(colors: false)))
            run.status = .error
        }
        return run
    }

    private func mismatch(_ entry: TranscriptEntry, in script: Script, actual: [String]) -> TranscriptFileResult.Problem {
        let commands = script.commands[entry.commands]
        var range = commands.first!.range
        // The caret covers the commands on the logical line's first physical line.
        for command in commands where command.range.start.line == range.start.line { range = range.union(command.range) }
        if range.end.line != range.start.line {
            range.end = SourceLocation(line: range.start.line, column: (script.file.line(range.start.line)?.count ?? 0) + 1)
        }
        let shown = commands.map(\.description).joined(separator: "; ")
        let message = entry.hasBlock
            ? "the output of '\(shown)' differs from its '#>' lines"
            : "'\(shown)' printed output but no '#>' lines follow it"
        let diagnostic = Diagnostic(.error, message, at: range, in: script.file)
        return .mismatch(location: diagnostic.location!, report: diagnostic.rendered(colors: false),
                         diff: UnifiedDiff.lines(expected: entry.expected, actual: actual))
    }

    // MARK: Helpers

    /// The reason after `# stk: skip` on the first line, or nil when the
    /// file is to run. A skip without a reason says so.
    public static func skipReason(in text: String) -> String? {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        guard firstLine.hasPrefix(skipDirective) else { return nil }
        let rest = firstLine.dropFirst(skipDirective.count)
        // `# stk: skipped` is not the directive.
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let reason = rest.trimmingCharacters(in: .whitespaces)
        return reason.isEmpty ? "no reason given" : reason
    }

    struct ReadError: Error {
        let message: String
    }

    static func read(_ path: String) -> Result<String, ReadError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read" : "no such file"
            return .failure(ReadError(message: "\(reason): \(path)"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ReadError(message: "\(path) is not UTF-8 text"))
        }
        return .success(text)
    }

    private func failure(_ file: TranscriptFile, _ message: String) -> TranscriptFileResult {
        TranscriptFileResult(file: file, outcome: .failed,
                             problems: [.diagnostic(severity: .error, text: Diagnostic(.error, message).rendered(colors: false))])
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// Collects the output of one transcript entry at a time: result lines, and
/// diagnostics (rendered without colours) with their severity.
final class EntryOutput: OutputSink {
    private(set) var lines: [String] = []
    private(set) var diagnostics: [(Diagnostic.Severity, String)] = []

    /// Told of each line as it is written.
    var onLine: ((String) -> Void)?

    func writeLine(_ line: String) {
        lines.append(line)
        onLine?(line)
    }

    func writeDiagnostic(_ text: String, severity: Diagnostic.Severity) {
        diagnostics.append((severity, text))
    }

    func clear() {
        lines.removeAll()
        diagnostics.removeAll()
    }
}

/// The state the workers of a parallel run share: the next file to run, and
/// finished results waiting for their turn to be reported.
private final class ParallelSchedule: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [TranscriptFileResult?]
    private var nextToRun = 0
    private var nextToReport = 0
    private let onResult: (TranscriptFileResult) -> Void

    init(count: Int, onResult: @escaping (TranscriptFileResult) -> Void) {
        slots = Array(repeating: nil, count: count)
        self.onResult = onResult
    }

    /// The index of the next file to run, or nil when every file is taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextToRun < slots.count else { return nil }
        nextToRun += 1
        return nextToRun - 1
    }

    /// Stores a result and reports every finished one whose predecessors are
    /// all reported, under the lock: reports come in file order, one at a time.
    func finish(_ index: Int, with result: TranscriptFileResult) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
        while nextToReport < slots.count, let ready = slots[nextToReport] {
            onResult(ready)
            nextToReport += 1
        }
    }

    /// Every result; call once all workers are done.
    var results: [TranscriptFileResult] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}

/// What `stk test` does with a file whose output differs from its `#>` lines.
public enum TranscriptUpdateMode: String, Sendable, CaseIterable {
    /// Nothing: the file fails.
    case off
    /// `--update`: rewrite every block that differs (keeping what still matches).
    case all
    /// `--update-missing`: only add blocks to commands that print output and
    /// have none; blocks that differ still fail.
    case missing
    /// `--write-new`: leave the file alone and write it as `--update` would
    /// beside it, as FILE.new (FILE.stk.new), for review; the file still fails.
    case new

    public static let newFileSuffix = ".new"

    /// The mode `STK_UPDATE` asks for: off when unset, empty, `0`, `false`
    /// or `no`; `missing` and `new` by name; any other value: all.
    public init(environmentValue value: String?) {
        guard let value else { self = .off; return }
        switch value.lowercased() {
        case "", "0", "false", "no", "off": self = .off
        case "missing": self = .missing
        case "new": self = .new
        default: self = .all
        }
    }
}
