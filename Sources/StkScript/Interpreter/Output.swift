import Foundation

/// Where the interpreter writes: standard output for results, standard error
/// for diagnostics. Front ends pass the process's streams; `stk test` passes a
/// buffer to compare each command's output with its transcript.
public protocol OutputSink: AnyObject {
    /// One line of results (no trailing newline).
    func writeLine(_ line: String)
    /// A rendered diagnostic (it ends with a newline).
    func writeDiagnostic(_ text: String)
}

/// The process's stdout and stderr.
public final class StandardOutput: OutputSink {
    public init() {}
    public func writeLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    public func writeDiagnostic(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Collects output in memory, lines and diagnostics apart.
public final class OutputBuffer: OutputSink {
    public private(set) var lines: [String] = []
    public private(set) var diagnostics: [String] = []
    public init() {}
    public func writeLine(_ line: String) { lines.append(line) }
    public func writeDiagnostic(_ text: String) { diagnostics.append(text) }
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
    /// ANSI colour in render and diagnostics.
    public var color = false
    public init(json: Bool = false, bail: Bool = false, echo: Bool = false, color: Bool = false) {
        self.json = json
        self.bail = bail
        self.echo = echo
        self.color = color
    }
}
