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
        let (text, refusal) = SourceText.decodeUpToRefusal(bytes, name: name)
        if !text.isEmpty, !run(text: text, name: name) { return false }
        return refusal.map(refuse) ?? true
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
    ///
    /// Read as standard input is, entry by entry (StreamingInput): memory
    /// holds one entry, not the file's every command, and a file, `-e` and
    /// stdin run the same lines and stop at the same places.
    @discardableResult
    public func run(file path: String) -> Bool {
        let descriptor: Int32
        switch SourceText.open(path) {
        case .success(let opened): descriptor = opened
        case .failure(let diagnostic): return refuse(diagnostic)
        }
        defer { close(descriptor) }
        // A script that includes itself, directly or through others, is a cycle
        // from its first `include` on: it is on the stack of running files too.
        let real = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        interpreter.includeStack.append(real)
        defer { interpreter.includeStack.removeLast() }
        return StreamingInput(descriptor: descriptor, name: path).run(in: interpreter)
    }

    func refuse(_ diagnostic: Diagnostic) -> Bool {
        interpreter.output.writeDiagnostic(diagnostic.rendered(colors: interpreter.options.diagnosticColor, typedEntry: interpreter.options.typedEntry),
                                           severity: diagnostic.severity)
        interpreter.status = max(interpreter.status, .error)
        return false
    }
}
