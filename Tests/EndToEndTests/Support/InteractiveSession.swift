import Foundation
import StkTestSupport
import Testing

/// `stk` started on a pseudo-terminal as its REPL, in a sandbox: a temporary
/// HOME and XDG_STATE_HOME (so the user's history and ~/.editrc stay out), a
/// UTF-8 locale and an xterm terminal.
struct InteractiveSession {
    static let prompt = "stk:flow-sticky> "
    static let continuationPrompt = "...> "

    let terminal: PseudoTerminal

    /// Starts stk and waits for its first prompt. `stateHome` is the
    /// XDG_STATE_HOME to use; pass the same folder to see one session's
    /// history in the next; it is also HOME, unless `setsXDGStateHome` is
    /// false, which leaves XDG_STATE_HOME unset. `locale` becomes LANG; nil
    /// leaves every locale variable unset, as in many containers.
    init(
        stateHome: URL, arguments: [String] = [], setsXDGStateHome: Bool = true,
        locale: String? = "C.UTF-8", extraEnvironment: [String: String] = [:]
    ) throws {
        var environment = [
            "HOME": stateHome.path,
            "TERM": "xterm",
        ]
        environment["XDG_STATE_HOME"] = setsXDGStateHome ? stateHome.path : nil
        environment["LANG"] = locale
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for (key, value) in extraEnvironment { environment[key] = value }
        terminal = try PseudoTerminal(
            executable: try StkExecutable.locate(), arguments: arguments, environment: environment)
        try terminal.waitFor(text: Self.prompt)
    }

    func type(_ keys: String) throws {
        try terminal.write(keys)
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Duration = PseudoTerminal.patience) throws -> String {
        try terminal.waitFor(text: text, timeout: timeout)
    }

    /// Types `line` and Enter, and returns everything up to the next prompt:
    /// the echo of the line, its output and the prompt itself.
    @discardableResult
    func run(_ line: String, expectingPrompt prompt: String = InteractiveSession.prompt) throws -> String {
        try type(line + "\r")
        // The echo ends with the line break of Enter; the next prompt follows the output.
        return try waitFor("\r\n") + waitFor(prompt)
    }

    /// Runs `line` and returns what a person sees of it, as visibleLines.
    func lines(_ line: String, expectingPrompt prompt: String = InteractiveSession.prompt) throws -> [String] {
        Self.visibleLines(try run(line, expectingPrompt: prompt))
    }

    /// Chooses the layout `name` (with `options`, "key=value ...") and
    /// returns the prompt that now names it, for the commands that follow.
    @discardableResult
    func useLayout(_ name: String, options: String = "") throws -> String {
        let prompt = "stk:\(name)> "
        try run(options.isEmpty ? "layout \(name)" : "layout \(name) \(options)", expectingPrompt: prompt)
        return prompt
    }

    /// Runs `line` and expects one of the lines it shows to contain `text`.
    func expect(_ line: String, showsLineContaining text: String, expectingPrompt prompt: String = InteractiveSession.prompt,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = try lines(line, expectingPrompt: prompt)
        #expect(shown.contains { $0.contains(text) }, "'\(line)' showed \(shown)", sourceLocation: sourceLocation)
    }

    /// Runs `line` and expects `expected` among the lines it shows.
    func expect(_ line: String, showsLine expected: String, expectingPrompt prompt: String = InteractiveSession.prompt,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = try lines(line, expectingPrompt: prompt)
        #expect(shown.contains(expected), "'\(line)' showed \(shown)", sourceLocation: sourceLocation)
    }

    /// Expects `render` to draw the viewport at the content offset `offset`
    /// ("X,Y"): how the terminal tests see where a session's scroll stands.
    func expectRendered(offset: String, expectingPrompt prompt: String = InteractiveSession.prompt,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let drawing = try lines("render width=20", expectingPrompt: prompt)
        #expect(drawing.contains { $0.hasPrefix("offset=\(offset) ") }, "\(drawing)", sourceLocation: sourceLocation)
    }

    /// Output lines as a person sees them: escape sequences removed, split at
    /// carriage returns and line feeds, empty pieces dropped.
    static func visibleLines(_ text: String) -> [String] {
        let withoutEscapes = text.replacingOccurrences(
            of: "\u{1b}\\[[0-9;?]*[ -/]*[@-~]", with: "", options: .regularExpression)
        return withoutEscapes
            .split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
            .map(String.init)
            .filter { !$0.isEmpty }
    }
}

extension ScratchFolder {
    /// The HOME and XDG_STATE_HOME of one test's sessions on a terminal, so
    /// that no session reads the user's or another test's history, ~/.editrc
    /// or startup file; removed with the test.
    static func terminalHome() throws -> ScratchFolder {
        try ScratchFolder(prefix: "stk-repl-")
    }
}
