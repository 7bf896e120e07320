import Foundation
import LayoutKit

/// Runs `-e` commands and script files in order in one session, as `stk`
/// without a subcommand does; stops at the first error.
public struct ScriptRunner {
    public let interpreter: Interpreter

    public init(interpreter: Interpreter) {
        self.interpreter = interpreter
    }

    /// Runs text as a script named `name` (`<stdin>`, `<command-line>` or a path).
    /// Returns false when the run must stop.
    @discardableResult
    public func run(text: String, name: String) -> Bool {
        interpreter.run(Parser.parse(SourceFile(name: name, text: text)))
    }

    /// Runs script bytes named `name` (a file, `-e`): bytes that are not
    /// UTF-8 (or a second byte order mark) stop the run at their line, after
    /// the lines before it ran, as standard input, read line by line, does.
    @discardableResult
    public func run(bytes: Data, name: String) -> Bool {
        switch SourceText.decode(bytes, name: name) {
        case .success(let text): return run(text: text, name: name)
        case .failure(let diagnostic):
            let line = diagnostic.location?.range.start.line ?? 1
            let before = SourceText.leadingLines(bytes, count: line - 1)
            if !before.isEmpty, !run(text: String(decoding: before, as: UTF8.self), name: name) { return false }
            return refuse(diagnostic)
        }
    }

    /// Runs the `-e` arguments in order as the lines of one `<command-line>`
    /// script, as `perl -e` joins them: a diagnostic in the third `-e` says
    /// `<command-line>:3:COL`, and a batch may open in one `-e` and end in a
    /// later one. Returns false when the run must stop.
    @discardableResult
    public func run(commandLineArguments commands: [String]) -> Bool {
        run(commandLineBytes: commands.map { Array($0.utf8) })
    }

    /// `run(commandLineArguments:)` from the arguments' bytes as the process
    /// got them, so that invalid UTF-8 is refused, located, as in a file.
    @discardableResult
    public func run(commandLineBytes commands: [[UInt8]]) -> Bool {
        guard !commands.isEmpty else { return true }
        return run(bytes: Data(commands.joined(separator: [UInt8(ascii: "\n")])), name: SourceFile.commandLineName)
    }

    /// Runs a script file. A file that cannot be read is an error (status 2).
    @discardableResult
    public func run(file path: String) -> Bool {
        let data: Data
        switch SourceText.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let diagnostic): return refuse(diagnostic)
        }
        // A script that includes itself, directly or through others, is a cycle
        // from its first `include` on: it is on the stack of running files too.
        let real = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        interpreter.includeStack.append(real)
        defer { interpreter.includeStack.removeLast() }
        return run(bytes: data, name: path)
    }

    func refuse(_ diagnostic: Diagnostic) -> Bool {
        interpreter.output.writeDiagnostic(diagnostic.rendered(colors: interpreter.options.diagnosticColor, typedEntry: interpreter.options.typedEntry))
        interpreter.status = max(interpreter.status, .error)
        return false
    }
}
