import Foundation
import LayoutKit
import LineEditor
import StkScript

/// The interactive front end: libedit line editing, with the session itself in
/// a worker process, so that a layout that crashes, hangs or is interrupted
/// costs one entry, never the session.
///
/// This process holds the line editor and the session's replayable history:
/// every entry the worker finished, with the files it included and the
/// plugin builds it loaded. The worker (`stk _worker`, WorkerCommand) holds the
/// Session and runs every command; its output goes straight to the terminal.
///
/// When the worker dies (a trap, a bad access, an exit) or Ctrl-C interrupts
/// an entry (the front end ends the worker: a layout stuck in a loop cannot be
/// stopped any other way), the front end says which command it was running,
/// with the frames of the user's layout from the runtime's crash report, then
/// starts a new worker that replays the history silently: the same state,
/// the same undo history, the entry that failed left out. `reload` starts a new
/// worker the same way, then rebuilds in it.
///
/// Why processes, and why replay: a signal handler cannot safely resume a
/// Swift process after a trap, and a thread cannot be cancelled out of a loop;
/// only a process can be thrown away whole. Replay costs the time of the
/// session's commands again (a 1,000-entry session replays in milliseconds,
/// see `scripts/bench-repl`), and needs nothing of the layout: no state is
/// serialised, so any plugin works unchanged.
struct REPLFrontEnd {
    let global: GlobalOptions
    /// `--echo`, passed on to the worker.
    var echo = false
    /// Run before the first prompt (StartupFile): `--init FILE` or stkrc.
    var startupFile: String? = nil

    static let banner = "\(stkVersion): a layout lab for collection view layouts. 'help' lists the commands, Ctrl-D leaves."
    static let continuationPrompt = "...> "

    /// `stk:flow-sticky> `, or while `step` has an operation paused
    /// `stk:flow-sticky [scroll 3/8 prepare]> `.
    static func prompt(layoutName: String, paused: String? = nil) -> String {
        "stk:\(layoutName)\(paused.map { " [\($0)]" } ?? "")> "
    }

    func run() -> ExitStatus {
        // Output may be a pipe (`stk | tee log`): the banner and the prompts
        // must not wait in a buffer.
        setvbuf(stdout, nil, _IONBF, 0)
        // A terminal that closes ends the session through its reads and
        // writes failing, not through SIGHUP at an arbitrary point: a line
        // read just before is still kept in the history. (The worker, which
        // may be running a long entry, sets SIGHUP back and ends at once.)
        signal(SIGHUP, SIG_IGN)
        let session = WorkerSession(arguments: global.workerArguments + (echo ? ["--echo"] : []))
        guard session.start() else { return .error }
        if let startupFile {
            if FileManager.default.fileExists(atPath: startupFile) {
                // Its diagnostics name the file and its lines; the entries typed after it count from 1.
                _ = session.run(ReplayableEntry(text: StartupFile.entry(for: startupFile), firstLine: 1))
            } else {
                StandardStreams.write("error: no such file: \(startupFile)\n", to: .error)
            }
        }
        var nextLine = 1
        REPLDriver(
            banner: Self.banner,
            prompt: { session.prompt },
            continuationPrompt: Self.continuationPrompt,
            isComplete: { entry in
                let parsed = Parser.parseEntry(entry)
                if case .needsMoreInput = parsed.status { return false }
                session.parsedEntry = (entry, parsed.script)
                return true
            },
            evaluate: { entry in
                // Number lines across the session so diagnostics point at the line as typed.
                let firstLine = nextLine
                nextLine += SourceFile(name: SourceFile.stdinName, text: entry).lineCount
                return session.run(ReplayableEntry(text: entry, firstLine: firstLine))
            },
            completer: { line, cursor in session.complete(line: line, cursor: cursor) },
            interrupted: { session.interruptedAtPrompt() }
        ).run()
        session.finish()
        // An interactive session's own mistakes are not the exit status's business.
        return .success
    }
}

extension GlobalOptions {
    /// The same options, for the worker's command line.
    var workerArguments: [String] {
        var arguments: [String] = []
        if json { arguments.append("--json") }
        if bail { arguments.append("--bail") }
        if noColor { arguments.append("--no-color") }
        if color != .auto { arguments += ["--color", color.rawValue] }
        if explain { arguments.append("--explain") }
        for plugin in plugins { arguments += ["--plugin", plugin] }
        return arguments
    }
}

/// The front end's side of the session: the worker, the history it would
/// replay, and what to do when the worker is lost.
final class WorkerSession {
    let arguments: [String]
    private var worker: WorkerProcess?
    /// Every entry the current session's workers finished, in order.
    private(set) var history: [ReplayableEntry] = []
    /// The worker's state after the last entry it finished.
    private var state = WorkerState(prompt: REPLFrontEnd.prompt(layoutName: SessionDefaults.layoutName), fingerprint: "")

    init(arguments: [String]) {
        self.arguments = arguments
    }

    var prompt: String { state.prompt }

    /// Starts the first worker (it loads the plugins and prints their notes).
    /// False when it could not start; it said why.
    func start() -> Bool {
        // Ctrl-C while an entry runs: the front end watches the pipe with the worker's messages.
        SignalPipe.install([SIGINT])
        switch launch(quiet: false, pins: [:]) {
        case .success(let (process, ready)):
            worker = process
            state = ready
            return true
        case .failure(let failure):
            StandardStreams.write("error: \(failure)\n", to: .error)
            return false
        }
    }

    /// The last complete entry as the line editor's completeness check
    /// parsed it: `run` reads it instead of parsing the entry again.
    var parsedEntry: (text: String, script: Script)?

    /// Runs one entry in the worker; recovers when it is lost.
    func run(_ entry: ReplayableEntry) -> REPLOutcome {
        let script = parsedEntry.flatMap { $0.text == entry.text ? $0.script : nil }
            ?? Parser.parse(SourceFile(name: SourceFile.stdinName, text: entry.text))
        parsedEntry = nil
        if Self.isReload(script) {
            reload(entry)
            return .done
        }
        return runInWorker(entry, keep: true)
    }

    /// - keep: add the entry to the history once it finished.
    private func runInWorker(_ entry: ReplayableEntry, keep: Bool) -> REPLOutcome {
        guard let worker else { return .quit }
        SignalPipe.clear()
        fflush(stdout)
        var running: (location: String, command: String)?
        var ranOutOfMemory = false
        guard worker.send(.run(entry)) else {
            recover(from: worker, cause: .ended(worker.wait()), running: nil)
            return .done
        }
        while true {
            switch worker.messages.next(WorkerMessage.self, watching: SignalPipe.descriptor) {
            case .message(.running(let location, let command)):
                running = (location, command)
            case .message(.outOfMemory):
                ranOutOfMemory = true
            case .message(.done(let newState, let includes, let quit)):
                var finished = entry
                finished.includes = includes
                if keep { history.append(finished) }
                state = newState
                return quit ? .quit : .done
            case .message:
                continue // not an answer to `run`
            case .ended, .timedOut: // no deadline is given
                recover(from: worker, cause: ranOutOfMemory ? .outOfMemory(worker.wait()) : .ended(worker.wait()), running: running)
                return .done
            case .interrupted:
                recover(from: worker, cause: .interrupted(worker.terminate()), running: running)
                return .done
            }
        }
    }

    /// Ctrl-C at the prompt: while `step` has an operation paused, the worker
    /// runs it to its end (the history gets a `continue`, which a replay runs
    /// the same way, its output discarded).
    func interruptedAtPrompt() {
        guard state.paused, let worker, worker.send(.finishPaused) else { return }
        if case .message(.done(let newState, _, _)) = worker.messages.next(WorkerMessage.self) {
            history.append(ReplayableEntry(text: "continue", firstLine: 0))
            state = newState
        } else {
            recover(from: worker, cause: .ended(worker.wait()), running: nil)
        }
    }

    /// Tab completion, answered by the worker (it knows the layouts).
    func complete(line: String, cursor: Int) -> [String] {
        guard let worker, worker.send(.complete(line: line, cursor: cursor)) else { return [] }
        if case .message(.completions(let words)) = worker.messages.next(WorkerMessage.self) { return words }
        return []
    }

    /// Leaves: the worker reads the end of its requests and exits.
    func finish() {
        worker?.finish()
        worker = nil
    }

    // MARK: Losing a worker

    enum Cause {
        case ended(WorkerProcess.Termination)
        /// The worker said an allocation failed, then died of it.
        case outOfMemory(WorkerProcess.Termination)
        case interrupted(WorkerProcess.Termination)
    }

    /// Says what happened to the entry, then goes on in a new worker that
    /// replays the history.
    private func recover(from lost: WorkerProcess, cause: Cause, running: (location: String, command: String)?) {
        let report = lost.crashReport()
        worker = nil
        // An include's command is named by its place; the entry typed needs none.
        let place = running.map { $0.location.isEmpty ? "" : "\($0.location): " } ?? ""
        let command = running.map { " while running '\(Self.firstLine(of: $0.command))'" } ?? ""
        var lines: [String] = []
        switch cause {
        case .interrupted:
            lines.append("\(place)error: interrupted\(command)")
            // Where the layout was when it was stopped (a loop that never ends).
            lines += report?.userFrameLines() ?? []
        case .ended(.signalled(let signal)):
            lines.append("\(place)error: the layout crashed\(command): \(CrashReport.describe(signal: signal))")
            lines += report?.userFrameLines() ?? []
        case .outOfMemory:
            lines.append("\(place)error: out of memory\(command)\(CrashReport.outOfMemoryReason)")
        case .ended(.exited(let status)):
            lines.append("\(place)error: the session's process exited with status \(status)\(command)")
        }
        StandardStreams.write(lines.map { $0 + "\n" }.joined(), to: .error)

        switch replayInNewWorker(pins: state.sources) {
        case .success(let (process, replayed, seconds)):
            worker = process
            let entries = history.count == 1 ? "1 entry" : "\(history.count) entries"
            var note = "note: the session goes on in a new process, as it was before this entry"
            if !history.isEmpty { note += String(format: " (%@ replayed in %.2f s)", entries, seconds) }
            if replayed.fingerprint != state.fingerprint {
                note += "\nwarning: the replayed session differs from the one before: a command did not run the same way again"
            }
            state = replayed
            StandardStreams.write(note + "\n", to: .error)
        case .failure(let failure):
            StandardStreams.write("error: cannot go on: \(failure)\n", to: .error)
        }
    }

    // MARK: reload

    /// `reload`: a new worker replays the session on the builds in use, then
    /// rebuilds the changed sources in place (the notes say what changed) and
    /// makes the layout again from its new class. The old worker is kept until
    /// the new one is ready, so a reload that fails loses nothing.
    private func reload(_ entry: ReplayableEntry) {
        switch replayInNewWorker(pins: state.sources) {
        case .failure(let failure):
            StandardStreams.write("error: reload failed, the session goes on unchanged: \(failure)\n", to: .error)
        case .success(let (process, replayed, _)):
            guard replayed.fingerprint == state.fingerprint else {
                StandardStreams.write("error: reload failed, the session goes on unchanged: the session did not replay the same way\n", to: .error)
                return
            }
            let old = worker
            worker = process
            state = replayed
            old?.finish()
            // The rebuild itself, in the fresh process: notes, errors, the new class.
            // Not history: the builds it made are pinned in the state.
            _ = runInWorker(entry, keep: false)
        }
    }

    // MARK: Starting workers

    /// Why a worker could not be started or could not replay the session.
    struct LaunchFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts a worker and waits until it is ready.
    private func launch(quiet: Bool, pins: [String: String]) -> Result<(WorkerProcess, WorkerState), LaunchFailure> {
        var arguments = self.arguments
        if quiet { arguments.append("--quiet") }
        if !pins.isEmpty, let json = try? JSONEncoder().encode(pins) {
            arguments += ["--pinned-sources", String(decoding: json, as: UTF8.self)]
        }
        let process: WorkerProcess
        do {
            process = try WorkerProcess(command: WorkerCommand.configuration.commandName!, arguments: arguments)
        } catch {
            return .failure(LaunchFailure(description: "\(error)"))
        }
        guard case .message(.ready(let ready)) = process.messages.next(WorkerMessage.self) else {
            // It printed why (a plugin that does not load).
            return .failure(LaunchFailure(description: "the session's process did not start (\(Self.describe(process.wait())))"))
        }
        return .success((process, ready))
    }

    /// A new worker, quiet (its plugin notes were shown once), with the
    /// history replayed in it.
    private func replayInNewWorker(pins: [String: String]) -> Result<(WorkerProcess, WorkerState, Double), LaunchFailure> {
        let process: WorkerProcess
        var ready: WorkerState
        switch launch(quiet: true, pins: pins) {
        case .failure(let failure): return .failure(failure)
        case .success(let launched): (process, ready) = launched
        }
        guard !history.isEmpty else { return .success((process, ready, 0)) }
        guard process.send(.replay(history)) else {
            return .failure(LaunchFailure(description: "the new session process ended (\(Self.describe(process.wait())))"))
        }
        switch process.messages.next(WorkerMessage.self) {
        case .message(.replayed(let state, _, let seconds)):
            ready = state
            return .success((process, ready, seconds))
        default:
            return .failure(LaunchFailure(description: "the new session process ended while replaying the session (\(Self.describe(process.wait())))"))
        }
    }

    // MARK: Helpers

    /// Whether the entry is `reload` alone (comments and blank lines aside).
    static func isReload(_ script: Script) -> Bool {
        script.firstError == nil && !script.commands.isEmpty
            && script.commands.allSatisfy { if case .reloadPlugins = $0.kind { return true } else { return false } }
    }

    static func firstLine(of text: String) -> String {
        text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
    }

    static func describe(_ termination: WorkerProcess.Termination) -> String {
        switch termination {
        case .exited(let status): return "exit status \(status)"
        case .signalled(let signal): return CrashReport.describe(signal: signal)
        }
    }
}

