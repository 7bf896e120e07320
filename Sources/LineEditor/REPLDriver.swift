import Foundation

/// What the evaluator made of the pending entry.
public enum REPLOutcome: Equatable, Sendable {
    /// The entry was complete and has been run.
    case done
    /// The entry is incomplete (an open `batch`, a trailing `\`): read another
    /// line under the continuation prompt and evaluate again.
    case needsMoreInput
    /// The user asked to leave (`quit`).
    case quit
}

/// The interactive read-evaluate loop, independent of what is evaluated.
///
/// The driver owns the pending entry: `evaluate` receives every line typed
/// since the last complete entry, joined with "\n" (for `batch`, `insert item
/// 0:0`, `end` it is called with "batch", then "batch\ninsert item 0:0", then
/// "batch\ninsert item 0:0\nend") and must not run anything while it answers
/// `.needsMoreInput`. That way Ctrl-C can drop a half-entered batch, and the
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
    public var evaluate: (String) -> REPLOutcome
    public var completer: LineEditor.Completer?
    /// Called when Ctrl-C is pressed with nothing pending (the line is cleared).
    public var interrupted: (() -> Void)?

    /// - Parameters:
    ///   - banner: printed once before the first prompt (nothing when empty).
    ///   - prompt: asked again before every new entry, so it may show state.
    ///   - continuationPrompt: shown while the pending entry needs more input.
    ///   - historyFile: where history lives between sessions.
    ///   - evaluate: runs a complete entry (see the type's documentation).
    ///   - completer: Tab completion (see `LineEditor.Completer`).
    public init(
        banner: String,
        prompt: @escaping () -> String,
        continuationPrompt: String,
        historyFile: URL? = HistoryLocation.default(),
        evaluate: @escaping (String) -> REPLOutcome,
        completer: LineEditor.Completer? = nil,
        interrupted: (() -> Void)? = nil
    ) {
        self.interrupted = interrupted
        self.banner = banner
        self.prompt = prompt
        self.continuationPrompt = continuationPrompt
        self.historyFile = historyFile
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
                let outcome = evaluate(entry)
                if outcome == .needsMoreInput {
                    continue
                }
                pendingLines.removeAll()
                if !editor.addHistory(entry) && !longEntryNoteShown {
                    longEntryNoteShown = true
                    FileHandle.standardError.write(Data("note: entries longer than \(LineEditor.longestHistoryEntry / 1024) KiB are not kept in the history\n".utf8))
                }
                // Saved after every entry: a session killed later keeps its history.
                do {
                    try editor.saveHistory()
                } catch {
                    if !historyWarningShown {
                        historyWarningShown = true
                        FileHandle.standardError.write(Data("warning: \(error)\n".utf8))
                    }
                }
                if outcome == .quit {
                    return
                }
            }
        }
    }
}
