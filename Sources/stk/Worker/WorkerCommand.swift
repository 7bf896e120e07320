import ArgumentParser
import CProcessControl
import Foundation
import LayoutKit
import PluginBuild
import StkScript

/// `stk _worker`: the process that holds a REPL session and runs its commands
/// (see REPLFrontEnd). Started by the front end only, with the requests on fd
/// 3 and its messages on fd 4; not for users, so not listed in the help.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "_worker", shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    @Flag var echo = false

    @Flag(help: "Do not print the notes of loading the plugins (a restart after a crash).")
    var quiet = false

    @Option(help: "JSON: the library to load for each source plugin, by origin, instead of building it.")
    var pinnedSources: String?

    func run() throws {
        // The front end decides what Ctrl-C does: it ends this process and
        // starts another. The terminal sends SIGINT to both.
        signal(SIGINT, SIG_IGN)
        // The front end ignores SIGHUP, which a child inherits: a closed
        // terminal must end an entry that runs here.
        signal(SIGHUP, SIG_DFL)
        // Ends with the front end, however it ends.
        _ = stk_die_with_parent()
        // A crash in a layout: the front end reports it with the layout's own
        // frames, read from the runtime's report (SWIFT_BACKTRACE's output-to,
        // set by WorkerProcess); the runtime's banner would only come before
        // that report on the terminal.
        _ = stk_quiet_crash_banner()
        if getppid() == 1 { throw ExitCode(ExitStatus.error.rawValue) }
        // The compilers and package builds this process may start must not
        // hold the pipes open: the front end sees this process end by their
        // closing.
        for descriptor in [WorkerDescriptors.requests, WorkerDescriptors.messages] {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        if let pinnedSources, let pins = try? JSONDecoder().decode([String: String].self, from: Data(pinnedSources.utf8)) {
            LoadedPlugins.shared.pinnedLibraries = pins
        }
        AllocationFailureNotice.install(WorkerMessage.outOfMemory, on: WorkerDescriptors.messages)
        let host = try Host(global: global, echo: echo, showPluginNotes: !quiet)
        let worker = SessionWorker(interpreter: host.interpreter)
        worker.serve()
        throw ExitCode(ExitStatus.success.rawValue)
    }
}

/// The worker's loop: a request in, output to the terminal, a message out.
final class SessionWorker {
    let interpreter: Interpreter
    private let messages = JSONLineWriter(descriptor: WorkerDescriptors.messages)
    private let requests = JSONLineReader(descriptor: WorkerDescriptors.requests)
    private let liveOutput: OutputSink
    /// Files read by `include` during the current entry.
    private var includes: [String: String] = [:]
    /// During a replay: the files as they were read the first time.
    private var pinnedIncludes: [String: String] = [:]

    init(interpreter: Interpreter) {
        self.interpreter = interpreter
        liveOutput = interpreter.output
        // Every entry is the line just typed: its diagnostics need no location.
        interpreter.options.typedEntry = SourceFile.stdinName
        interpreter.readIncludedFile = { [unowned self] url in
            if let pinned = pinnedIncludes[url.path] { return Data(pinned.utf8) }
            let data = FileManager.default.contents(atPath: url.path)
            if let data, let text = String(data: data, encoding: .utf8) { includes[url.path] = text }
            return data
        }
    }

    var state: WorkerState {
        WorkerState(prompt: REPLFrontEnd.prompt(layoutName: interpreter.session.layoutName, paused: interpreter.pausedOperationTag),
                    fingerprint: interpreter.fingerprint, sources: LoadedPlugins.shared.sourceLibraries,
                    paused: interpreter.pausedOperationTag != nil)
    }

    func serve() {
        guard messages.send(WorkerMessage.ready(state)) else { return }
        while case .message(let request) = requests.next(WorkerRequest.self) {
            let reply: WorkerMessage
            switch request {
            case .run(let entry):
                interpreter.willRunCommand = { [messages] location, command in
                    messages.send(WorkerMessage.running(location: location, command: command))
                }
                includes = [:]
                run(entry)
                interpreter.willRunCommand = nil
                reply = .done(state, includes: includes, quit: interpreter.quitRequested)
            case .replay(let entries):
                let start = DispatchTime.now()
                interpreter.options.replaying = true
                interpreter.output = DiscardedOutput()
                for entry in entries {
                    pinnedIncludes = entry.includes
                    run(entry)
                }
                pinnedIncludes = [:]
                interpreter.output = liveOutput
                interpreter.options.replaying = false
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                reply = .replayed(state, entries: entries.count, seconds: seconds)
            case .finishPaused:
                interpreter.finishPausedOperationOnInterrupt()
                reply = .done(state, includes: [:], quit: false)
            case .complete(let line, let cursor):
                reply = .completions(REPLCompletion(interpreter: interpreter).completions(line: line, cursor: cursor))
            }
            // A layout's own print() is buffered by the C library: out before the prompt.
            fflush(stdout)
            guard messages.send(reply) else { return }
        }
    }

    private func run(_ entry: ReplayableEntry) {
        let file = SourceFile(name: SourceFile.stdinName, text: entry.text, firstLine: entry.firstLine)
        interpreter.run(Parser.parse(file))
    }
}

/// Output of a replay: the user saw it the first time.
final class DiscardedOutput: OutputSink {
    func writeLine(_ line: String) {}
    func writeDiagnostic(_ text: String, severity: Diagnostic.Severity) {}
}
