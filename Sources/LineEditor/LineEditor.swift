// CLibEdit is imported only for its `link "edit"`: the C shim includes
// <histedit.h> textually, which links nothing, while a Swift import of the
// system-library module makes the linker add libedit.
import CLibEdit
import CLineEdit
import Foundation

/// Reads lines from the user: libedit line editing (emacs keys, Ctrl-R search,
/// Tab completion, history kept in a file) when stdin and stdout are terminals,
/// plain line reading otherwise.
///
/// Ctrl-C abandons the half-typed line (`.interrupted`) and keeps the session;
/// Ctrl-D on an empty line ends it (`.endOfFile`).
public final class LineEditor {
    /// How one `readLine(prompt:)` ended.
    public enum Result: Equatable, Sendable {
        /// A line, without its trailing newline.
        case line(String)
        /// Ctrl-C: the line being typed was discarded (and a newline printed).
        case interrupted
        /// Ctrl-D on an empty line, or the input ended.
        case endOfFile
    }

    /// Offers completions for the word under the cursor. `line` is the whole
    /// edit line and `cursor` the number of Characters before the cursor; the
    /// word is the run of non-whitespace characters ending at the cursor.
    /// Return full replacements for that word (already filtered to the ones
    /// that match); the editor inserts their common prefix or lists them.
    public typealias Completer = (_ line: String, _ cursor: Int) -> [String]

    /// The file history is loaded from and saved to; nil keeps no history file.
    public let historyFile: URL?
    /// True when lines are edited with libedit (stdin and stdout are terminals).
    public var isInteractive: Bool { editor != nil }

    private let completer: Completer?
    private var editor: OpaquePointer?

    /// - Parameters:
    ///   - historyFile: loaded now (a missing file is an empty history) and
    ///     written by `saveHistory()`, `close()` and deinit.
    ///   - completer: called on Tab; nil makes Tab beep.
    ///   - historyLimit: the most entries kept (and saved).
    ///   - programName: libedit's name for `~/.editrc` lines of the form `name:bind ...`.
    /// The longest entry kept in the history. The whole file is written after
    /// each entry that changes it, so one pasted megabyte would slow every
    /// later prompt; longer entries run but are not remembered.
    public static let longestHistoryEntry = 64 * 1024

    /// Entries were added since the file was last written.
    private var historyChanged = false

    public init(historyFile: URL?, completer: Completer?, historyLimit: Int = 1000, programName: String = "stk",
                legacyHistoryFile: URL? = HistoryLocation.legacy()) {
        self.historyFile = historyFile
        self.completer = completer
        self.editor = Terminal.isInteractive ? cle_open(programName, Int32(clamping: historyLimit)) : nil
        guard let editor else { return }
        if let historyFile {
            if FileManager.default.fileExists(atPath: historyFile.path) {
                _ = cle_history_load(editor, historyFile.path)
            } else if let legacyHistoryFile, FileManager.default.fileExists(atPath: legacyHistoryFile.path) {
                // The first session after the move: the old file's entries carry
                // over, and the next save writes them to the new place.
                _ = cle_history_load(editor, legacyHistoryFile.path)
            } // else a first session
        }
        if completer != nil {
            cle_set_completion(editor, { context, editor, line, cursor in
                guard let context, let editor, let line else { return }
                Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue()
                    .complete(editor: editor, line: line, cursorByteOffset: Int(cursor))
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    deinit {
        close()
    }

    /// Shows `prompt` and reads one line.
    public func readLine(prompt: String) -> Result {
        guard let editor else { return readPlainLine(prompt: prompt) }
        cle_set_prompt(editor, prompt)
        var text: UnsafePointer<CChar>?
        var length: Int32 = 0
        switch cle_read_line(editor, &text, &length) {
        case .line:
            guard let text else { return .line("") }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            return .line(String(decoding: bytes, as: UTF8.self))
        case .interrupted:
            return .interrupted
        case .endOfFile, .error:
            // A read error (the terminal hung up) ends the session like Ctrl-D.
            return .endOfFile
        }
    }

    /// Records a complete entry (it may span several lines) for Up arrow and
    /// Ctrl-R. Blank entries and repeats of the previous entry are not kept;
    /// an entry longer than `longestHistoryEntry` bytes is not kept either, and
    /// the result says so (false).
    @discardableResult
    public func addHistory(_ entry: String) -> Bool {
        guard let editor, !entry.allSatisfy(\.isWhitespace) else { return true }
        guard entry.utf8.count <= Self.longestHistoryEntry else { return false }
        cle_history_add(editor, entry)
        historyChanged = true
        return true
    }

    /// Writes the history to `historyFile` when entries were added since the
    /// last write (no-op without a file or without a terminal). The file is
    /// replaced atomically: the history is written to a temporary file in the
    /// same folder, which is then renamed over it, so a session killed while
    /// saving (the terminal closed) leaves the old history or the new one,
    /// never a truncated file.
    public func saveHistory() throws {
        guard let editor, let historyFile, historyChanged else { return }
        let folder = historyFile.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(historyFile.lastPathComponent).\(getpid()).tmp")
        func failure() -> HistoryFileError {
            HistoryFileError(path: historyFile.path, reason: String(cString: strerror(errno)))
        }
        let previousMask = umask(0o077) // history is private, as shells keep theirs
        defer { umask(previousMask) }
        guard cle_history_save(editor, temporary.path) == 0 else {
            let error = failure()
            unlink(temporary.path)
            throw error
        }
        let descriptor = open(temporary.path, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor) // the bytes are on disk before the name points at them
            Foundation.close(descriptor)
        }
        guard rename(temporary.path, historyFile.path) == 0 else {
            let error = failure()
            unlink(temporary.path)
            throw error
        }
        historyChanged = false
    }

    /// Saves the history and gives the terminal back. Later reads are plain.
    public func close() {
        guard let editor else { return }
        try? saveHistory()
        cle_close(editor)
        self.editor = nil
    }

    private func readPlainLine(prompt: String) -> Result {
        if !prompt.isEmpty {
            fputs(prompt, stdout)
            fflush(stdout)
        }
        guard let line = Swift.readLine(strippingNewline: true) else { return .endOfFile }
        return .line(line)
    }

    private func complete(editor: OpaquePointer, line: UnsafePointer<CChar>, cursorByteOffset: Int) {
        guard let completer else { return }
        let bytes = UnsafeRawBufferPointer(start: line, count: strlen(line))
        let cursor = min(max(cursorByteOffset, 0), bytes.count)
        let textBeforeCursor = String(decoding: bytes[..<cursor], as: UTF8.self)
        let candidates = completer(String(decoding: bytes, as: UTF8.self), textBeforeCursor.count)
        let action = CompletionAction(
            textBeforeCursor: textBeforeCursor, isAtEndOfLine: cursor == bytes.count, candidates: candidates)
        switch action {
        case .none:
            break // the C side beeps
        case .replaceWord(let scalarsToDelete, let replacement):
            cle_completion_replace(editor, Int32(scalarsToDelete), replacement)
        case .list(let candidates):
            cle_completion_show(editor, completionListing(candidates, width: Int(cle_terminal_columns(editor))))
        }
    }
}

/// The history file could not be written.
public struct HistoryFileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot save history to \(path): \(reason)" }
}
