import Foundation

/// What the evaluator made of the pending entry.
public enum REPLOutcome: Equatable, Sendable {
    /// The entry has been run.
    case done
    /// The user asked to leave (`quit`).
    case quit
}

/// The interactive read-evaluate loop, independent of what is evaluated.
///
/// The driver owns the pending entry: `isComplete` is asked about every line
/// typed since the last complete entry, joined with "\n" (for `batch`, `insert
/// item 0:0`, `end` it is asked about "batch", then "batch\ninsert item 0:0",
/// then "batch\ninsert item 0:0\nend"), and `evaluate` runs the entry once it
/// is complete. That way Ctrl-C can drop a half-entered batch, and the
/// history holds whole entries, which Up arrow recalls and Enter runs again.
///
/// Keys: Ctrl-C discards the line being typed and any pending lines; Ctrl-D on
/// an empty line prints a newline and leaves, even inside a pending entry
/// (which is dropped, as Ctrl-C would).
public struct REPLDriver {
    public var banner: String
    public var prompt: () -> String
    public var continuationPrompt: String
    public var historyFile: URL?
    /// Whether the pending lines make an entry that can run (an open `batch`
    /// or a trailing `\` cannot): else the continuation prompt asks for more.
    public var isComplete: (String) -> Bool
    public var evaluate: (String) -> REPLOutcome
    public var completer: LineEditor.Completer?
    /// Called when Ctrl-C is pressed with nothing pending (the line is cleared).
    public var interrupted: (() -> Void)?

    /// - Parameters:
    ///   - banner: printed once before the first prompt (nothing when empty).
    ///   - prompt: asked again before every new entry, so it may show state.
    ///   - continuationPrompt: shown while the pending entry needs more input.
    ///   - historyFile: where history lives between sessions.
    ///   - isComplete: whether the pending lines can run (see the type's documentation).
    ///   - evaluate: runs a complete entry.
    ///   - completer: Tab completion (see `LineEditor.Completer`).
    public init(
        banner: String,
        prompt: @escaping () -> String,
        continuationPrompt: String,
        historyFile: URL? = HistoryLocation.default(),
        isComplete: @escaping (String) -> Bool,
        evaluate: @escaping (String) -> REPLOutcome,
        completer: LineEditor.Completer? = nil,
        interrupted: (() -> Void)? = nil
    ) {
        self.interrupted = interrupted
        self.banner = banner
        self.prompt = prompt
        self.continuationPrompt = continuationPrompt
        self.historyFile = historyFile
        self.isComplete = isComplete
        self.evaluate = evaluate
        self.completer = completer
    }

    /// Runs until `quit` or Ctrl-D, then saves the history and restores the terminal.
    public func run() {
        let editor = LineEditor(historyFile: historyFile, completer: completer)
        defer { editor.close() }
        if !banner.isEmpty {
            print(banner)
        }
        var pendingLines: [String] = []
        var historyWarningShown = false
        var longEntryNoteShown = false

        while true {
            let promptText = pendingLines.isEmpty ? prompt() : continuationPrompt
            switch editor.readLine(prompt: promptText) {
            case .interrupted:
                if pendingLines.isEmpty { interrupted?() }
                pendingLines.removeAll()
            case .endOfFile:
                if editor.isInteractive {
                    print() // the shell's prompt starts on a line of its own
                }
                return
            case .line(let line):
                if pendingLines.isEmpty && line.allSatisfy(\.isWhitespace) {
                    continue
                }
                pendingLines.append(line)
                let entry = pendingLines.joined(separator: "\n")
                guard isComplete(entry) else { continue }
                pendingLines.removeAll()
                // Kept and saved before it runs: a terminal closed while the
                // entry runs (or right after Enter) ends this process, and the
                // entry in flight is the one most worth having back.
                if !editor.addHistory(entry) && !longEntryNoteShown {
                    longEntryNoteShown = true
                    FileHandle.standardError.write(Data("note: entries longer than \(LineEditor.longestHistoryEntry / 1024) KiB are not kept in the history\n".utf8))
                }
                do {
                    try editor.saveHistory()
                } catch {
                    if !historyWarningShown {
                        historyWarningShown = true
                        FileHandle.standardError.write(Data("warning: \(error)\n".utf8))
                    }
                }
                let outcome = evaluate(entry)
                if outcome == .quit {
                    return
                }
            }
        }
    }
}
