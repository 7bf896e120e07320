import Foundation
import StkTestSupport
import Testing

/// What one run of `stk` left behind.
struct StkResult: CustomStringConvertible {
    let stdout: String
    let stderr: String
    /// The exit status (0 all good, 1 an expectation failed, 2 an error).
    let status: Int32

    /// stdout split into lines (the final newline does not start another line).
    var lines: [String] { Self.lines(stdout) }
    var stderrLines: [String] { Self.lines(stderr) }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Everything, for the message of a failed expectation.
    var description: String {
        "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
    }
}

/// Runs the built `stk` executable (see StkExecutable) as a script host.
///
/// Standard input, output and error are files, never terminals, so stk reads
/// its script from stdin instead of starting the REPL and never colours its
/// output. The environment is only PATH, HOME (a scratch folder) and what a
/// test passes: NO_COLOR, TERM or STK_* variables of the test runner do not
/// leak in.
enum StkProcess {
    /// How long one run may take before the test fails.
    static let timeout: Duration = .seconds(60)

    static func run(
        _ arguments: [String] = [], stdin: String = "", environment: [String: String] = [:],
        in directory: URL? = nil
    ) throws -> StkResult {
        try run(arguments, stdinBytes: Data(stdin.utf8), environment: environment, in: directory)
    }

    /// `stk --plugin FILE -e SCRIPT` on a source file written, as `text`, into
    /// a folder of its own, with the suite's source adapter.
    static func runSource(named file: String, _ text: String, script: String) throws -> StkResult {
        let folder = try ScratchFolder([file: text])
        return try run(["--plugin", file, "-e", script], environment: ["STK_ADAPTER": try SourceAdapterTool.path()], in: folder.url)
    }

    /// `run` with standard input as bytes, which need not be UTF-8.
    static func run(
        _ arguments: [String] = [], stdinBytes: Data, environment: [String: String] = [:],
        in directory: URL? = nil, executable: URL? = nil
    ) throws -> StkResult {
        let scratch = try ScratchFolder()
        let stdinFile = scratch.url.appendingPathComponent("stdin")
        let stdoutFile = scratch.url.appendingPathComponent("stdout")
        let stderrFile = scratch.url.appendingPathComponent("stderr")
        try stdinBytes.write(to: stdinFile)
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)

        let process = Process()
        process.executableURL = try executable ?? StkExecutable.locate()
        process.arguments = arguments
        var variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": scratch.url.path,
        ]
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        process.currentDirectoryURL = directory ?? scratch.url
        let input = try FileHandle(forReadingFrom: stdinFile)
        let output = try FileHandle(forWritingTo: stdoutFile)
        let errors = try FileHandle(forWritingTo: stderrFile)
        defer {
            try? input.close()
            try? output.close()
            try? errors.close()
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()

        guard process.waitUntilExit(timeout: timeout, checkingEvery: 2_000) else {
            throw PseudoTerminal.Failure(description: "stk \(arguments) still ran after \(timeout)")
        }
        return StkResult(
            stdout: try String(contentsOf: stdoutFile, encoding: .utf8),
            stderr: try String(contentsOf: stderrFile, encoding: .utf8),
            status: process.terminationStatus)
    }

    /// `stk -e COMMANDS` with the options before it.
    static func run(commands: String, options: [String] = [], environment: [String: String] = [:]) throws -> StkResult {
        try run(options + ["-e", commands], environment: environment)
    }

    /// The stdout lines of `commands`, which must succeed silently: status 0,
    /// nothing on stderr (recorded as issues at the caller otherwise).
    static func quietLines(commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try run(commands: commands)
        #expect(result.status == 0, "\(commands): \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", "\(commands): \(result)", sourceLocation: sourceLocation)
        return result.lines
    }

    /// A script on stdin, with the options given.
    static func run(script: String, options: [String] = [], environment: [String: String] = [:],
                    in directory: URL? = nil) throws -> StkResult {
        try run(options, stdin: script, environment: environment, in: directory)
    }
}

/// The stdout lines of `commands` run as `stk -e`, which must succeed
/// silently (StkProcess.quietLines): how the suites of one command's output read.
func output(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    try StkProcess.quietLines(commands: commands, sourceLocation: sourceLocation)
}

/// A diagnostic as docs/language.md prints it: the location line, the source
/// line indented by four spaces, and the caret line under the range.
func diagnostic(_ location: String, _ message: String, line: String, caretColumn: Int, length: Int) -> String {
    let caret = String(repeating: " ", count: caretColumn - 1) + "^" + String(repeating: "~", count: max(length, 1) - 1)
    return "\(location): error: \(message)\n    \(line)\n    \(caret)\n"
}

/// Runs `commands` as `stk -e` (in `directory`) and expects them refused
/// with an error: status 2 and, on stderr, exactly the diagnostic of
/// `message` with its caret at `column` of the one command line, `length`
/// long. Many tests check a refusal of a one-line command; this is the one
/// place that says what such a refusal looks like. Returns the run for
/// checks of its own.
@discardableResult
func expectRefusal(_ commands: String, column: Int, length: Int, _ message: String, in directory: URL? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> StkResult {
    try expectRefusal(commandLines: [commands], line: 1, column: column, length: length, message, in: directory,
                      sourceLocation: sourceLocation)
}

/// The same for several `-e` lines, the refusal at `line` of them.
@discardableResult
func expectRefusal(commandLines: [String], line: Int, column: Int, length: Int, _ message: String, in directory: URL? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> StkResult {
    let result = try StkProcess.run(commandLines.flatMap { ["-e", $0] }, in: directory)
    #expect(result.stderr == diagnostic("<command-line>:\(line):\(column)", message, line: commandLines[line - 1],
                                        caretColumn: column, length: length),
            "\(commandLines): \(result)", sourceLocation: sourceLocation)
    #expect(result.status == 2, "\(commandLines): \(result)", sourceLocation: sourceLocation)
    return result
}

/// A command that writes `file` where one already is (holding "old\n"), as
/// `save` and `export` do: `refusing` is refused at `column` of its last -e
/// line with `message` and leaves the file as it was; `forcing` (with
/// --force) prints `printed` and replaces the file in one piece. Returns the
/// new text, for the command's own checks.
func expectOverwriteNeedsForce(_ file: String, refusing: [String], column: Int, _ message: String,
                               forcing: String, printed: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let folder = try ScratchFolder([file: "old\n"])
    try expectRefusal(commandLines: refusing, line: refusing.count, column: column, length: file.count, message,
                      in: folder.url, sourceLocation: sourceLocation)
    #expect(try folder.read(file) == "old\n", sourceLocation: sourceLocation)
    let forced = try StkProcess.run(["-e", forcing], in: folder.url)
    #expect(forced.stdout == printed, "\(forced)", sourceLocation: sourceLocation)
    #expect(forced.status == 0, sourceLocation: sourceLocation)
    // Written in one piece: no temporary file is left beside it.
    #expect(try folder.contents() == [file], sourceLocation: sourceLocation)
    return try folder.read(file)
}

/// Expects the whole outcome of a run: exactly what it printed on each stream
/// and its exit status, each shown with the run when it differs.
func expectOutcome(_ result: StkResult, stdout: String, stderr: String, status: Int32,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.stdout == stdout, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == stderr, "\(result)", sourceLocation: sourceLocation)
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
}

/// Runs `script` on stdin (with `options`) and expects its whole outcome:
/// `stdout`, then on stderr exactly one diagnostic, of `message` at `line`
/// and `column` of the script, under the script's own line there, `length`
/// long; and `status`.
func expectScriptError(_ script: String, options: [String] = [], stdout: String, line: Int, column: Int, length: Int,
                       _ message: String, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try StkProcess.run(script: script, options: options)
    let source = script.components(separatedBy: "\n")[line - 1]
    expectOutcome(result, stdout: stdout,
                  stderr: diagnostic("<stdin>:\(line):\(column)", message, line: source, caretColumn: column, length: length),
                  status: status, sourceLocation: sourceLocation)
}

extension ScratchFolder {
    /// The diagnostic of `message` at `line` and `column` of the file
    /// `relative` written in this folder (named as a run from the folder names
    /// it), under that file's own line there, `length` long.
    func diagnostic(_ relative: String, line: Int, column: Int, length: Int, _ message: String) throws -> String {
        let source = try read(relative).components(separatedBy: "\n")[line - 1]
        return EndToEndTests.diagnostic("\(relative):\(line):\(column)", message, line: source, caretColumn: column, length: length)
    }
}
