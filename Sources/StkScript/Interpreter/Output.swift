import Foundation

/// Where the interpreter writes: standard output for results, standard error
/// for diagnostics. Front ends pass the process's streams; `stk test` passes a
/// buffer to compare each command's output with its transcript.
public protocol OutputSink: AnyObject {
    /// One line of results (no trailing newline).
    func writeLine(_ line: String)
    /// A rendered diagnostic (it ends with a newline) and its severity, as a
    /// value: a sink that sorts diagnostics never reads the text for it.
    func writeDiagnostic(_ text: String, severity: Diagnostic.Severity)
}

extension OutputSink {
    /// A rendered error.
    public func writeDiagnostic(_ text: String) { writeDiagnostic(text, severity: .error) }
}

/// The process's stdout and stderr.
public final class StandardOutput: OutputSink {
    public init() {}
    public func writeLine(_ line: String) {
        LayoutPrints.flush()
        StandardStreams.write(line + "\n", to: .output)
    }
    public func writeDiagnostic(_ text: String, severity: Diagnostic.Severity) {
        LayoutPrints.flush()
        StandardStreams.write(text, to: .error)
    }
}

/// Writing to the process's stdout and stderr without a trap. Foundation's
/// `FileHandle.write` ends the process with a Swift error when the write fails
/// (`stk -e visible > /dev/full`, a closed stream, a reader gone with SIGPIPE
/// ignored); here a failed write says so on the other stream, if that one still
/// works, and exits with status 2 (an error).
public enum StandardStreams {
    public enum Stream: Int32 {
        case output = 1
        case error = 2

        var name: String { self == .output ? "standard output" : "standard error" }
        var other: Stream { self == .output ? .error : .output }
    }

    public static func write(_ text: String, to stream: Stream) {
        if let failure = attempt(text, to: stream) {
            _ = attempt("stk: error: cannot write to \(stream.name): \(String(cString: strerror(failure)))\n", to: stream.other)
            exit(ExitStatus.error.rawValue)
        }
    }

    /// Writes all of `text`, retrying after interruptions; the errno of a failure.
    private static func attempt(_ text: String, to stream: Stream) -> Int32? {
        writeAll(Array(text.utf8), to: stream.rawValue)
    }

    /// Writes all of `bytes` to a file descriptor (a stream, a pipe), retrying
    /// after interruptions and short writes; the errno of a failure, else nil.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            rest = rest.dropFirst(written)
        }
        return nil
    }
}

/// Collects output in memory, lines and diagnostics apart.
public final class OutputBuffer: OutputSink {
    public private(set) var lines: [String] = []
    public private(set) var diagnostics: [String] = []
    public init() {}
    public func writeLine(_ line: String) { lines.append(line) }
    public func writeDiagnostic(_ text: String, severity: Diagnostic.Severity) { diagnostics.append(text) }
    public func clear() {
        lines.removeAll()
        diagnostics.removeAll()
    }
}

/// How a run ended, as the process exit status says it.
public enum ExitStatus: Int32, Comparable, Sendable {
    /// All good.
    case success = 0
    /// An `expect` failed (the run went on unless --bail).
    case expectationFailed = 1
    /// An error: unknown command, bad argument, parse error, unloadable file or plugin.
    case error = 2

    public static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.rawValue < b.rawValue }
}

/// Settings of a run that come from the command line.
public struct InterpreterOptions: Sendable {
    /// Queries print JSON Lines.
    public var json = false
    /// Stop at the first failed expectation.
    public var bail = false
    /// Print each command before its output.
    public var echo = false
    /// ANSI colour in render's drawing (standard output).
    public var color = false
    /// ANSI colour in diagnostics (standard error), decided for that stream
    /// apart from standard output's; by default as `color`.
    public var diagnosticColor = false
    /// The commands run again to rebuild a session (the REPL after a crash):
    /// nothing is written to files, as it was the first time.
    public var replaying = false
    /// The name of the input typed at the REPL (`<stdin>`): diagnostics about
    /// the entry just typed are printed without its location, and a crash
    /// names the command without it. Nil in scripts, which keep every location.
    public var typedEntry: String?
    public init(json: Bool = false, bail: Bool = false, echo: Bool = false, color: Bool = false) {
        self.json = json
        self.bail = bail
        self.echo = echo
        self.color = color
        self.diagnosticColor = color
    }
}
