import Foundation

// The REPL runs in two processes (see REPLFrontEnd): the front end keeps the
// line editor and the session's replayable history; a worker process holds
// the session and runs every command, layout code included. They talk over
// two pipes, one JSON object per line: requests on the worker's fd 3, messages
// back on its fd 4. The worker writes command output straight to the
// terminal (its stdout and stderr are the front end's), so nothing the user
// sees passes through the front end.

/// The worker's end of the pipes.
public enum WorkerDescriptors {
    public static let requests: Int32 = 3
    public static let messages: Int32 = 4
}

/// One REPL entry as the worker ran it, enough to run it again exactly.
public struct ReplayableEntry: Codable, Equatable, Sendable {
    /// The entry as typed (several lines for a `batch`).
    public var text: String
    /// Its first line's number in the session, for diagnostics.
    public var firstLine: Int
    /// The bytes of every file it included (`include`), by absolute path: a
    /// replay reads these, not the files, which may have changed since.
    public var includes: [String: String] = [:]

    public init(text: String, firstLine: Int, includes: [String: String] = [:]) {
        self.text = text
        self.firstLine = firstLine
        self.includes = includes
    }
}

/// What the front end asks.
public enum WorkerRequest: Codable, Equatable, Sendable {
    /// Run one entry, output to the terminal.
    case run(ReplayableEntry)
    /// Rebuild the session: run the entries in order, printing nothing and
    /// writing no file.
    case replay([ReplayableEntry])
    /// Tab completion of `line` with the cursor after `cursor` characters.
    case complete(line: String, cursor: Int)
    /// Ctrl-C at the prompt while `step` has an operation paused: run it to
    /// its end without showing its phases (as `continue` would, but quietly).
    case finishPaused
}

/// The worker's state as the front end shows and checks it.
public struct WorkerState: Codable, Equatable, Sendable {
    /// The prompt for the next entry (`stk:flow-sticky> `).
    public var prompt: String
    /// `Interpreter.fingerprint`: a replay must come back with the same one.
    public var fingerprint: String
    /// The library loaded for each plugin built from source, by origin: a
    /// worker started after a crash loads these builds, not new ones.
    public var sources: [String: String] = [:]
    /// `step` has an operation paused.
    public var paused = false

    public init(prompt: String, fingerprint: String, sources: [String: String] = [:], paused: Bool = false) {
        self.prompt = prompt
        self.fingerprint = fingerprint
        self.sources = sources
        self.paused = paused
    }
}

/// What the worker says.
public enum WorkerMessage: Codable, Equatable, Sendable {
    /// Started, plugins loaded: ready for requests.
    case ready(WorkerState)
    /// About to run a command (sent before each one of a `run`): a crash or an
    /// interrupt names it.
    case running(location: String, command: String)
    /// A `run` ended. `includes` are the files it read; `quit` that it ran `quit`.
    case done(WorkerState, includes: [String: String], quit: Bool)
    /// A `replay` ended.
    case replayed(WorkerState, entries: Int, seconds: Double)
    /// The answer to `complete`.
    case completions([String])
    /// An allocation failed: the process is about to die of it (AllocationFailureNotice).
    case outOfMemory
}

