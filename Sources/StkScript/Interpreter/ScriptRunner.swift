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

    /// Runs the `-e` arguments in order as the lines of one `<command-line>`
    /// script, as `perl -e` joins them: a diagnostic in the third `-e` says
    /// `<command-line>:3:COL`, and a batch may open in one `-e` and end in a
    /// later one. Returns false when the run must stop.
    @discardableResult
    public func run(commandLineArguments commands: [String]) -> Bool {
        guard !commands.isEmpty else { return true }
        return run(text: commands.joined(separator: "\n"), name: SourceFile.commandLineName)
    }

    /// Runs a script file. A file that cannot be read is an error (status 2).
    @discardableResult
    public func run(file path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read" : "no such file"
            interpreter.output.writeDiagnostic(Diagnostic(.error, "\(reason): \(path)").rendered(colors: interpreter.options.diagnosticColor))
            interpreter.status = max(interpreter.status, .error)
            return false
        }
        guard let text = String(data: data, encoding: .utf8) else {
            interpreter.output.writeDiagnostic(Diagnostic(.error, "\(path) is not UTF-8 text").rendered(colors: interpreter.options.diagnosticColor))
            interpreter.status = max(interpreter.status, .error)
            return false
        }
        // A script that includes itself, directly or through others, is a cycle
        // from its first `include` on: it is on the stack of running files too.
        let real = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        interpreter.includeStack.append(real)
        defer { interpreter.includeStack.removeLast() }
        return run(text: text, name: path)
    }
}
