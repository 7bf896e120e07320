import Foundation

/// Where the REPL keeps its history between sessions.
public enum HistoryLocation {
    /// `$XDG_STATE_HOME/stk/history` when XDG_STATE_HOME is set to an absolute
    /// path (the folder is created), else `~/.stk_history`. Nil when neither
    /// can be determined (no usable XDG_STATE_HOME and no home directory).
    public static func `default`(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        // The XDG base directory spec says relative values are to be ignored.
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            let folder = URL(fileURLWithPath: stateHome, isDirectory: true)
                .appendingPathComponent("stk", isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                return folder.appendingPathComponent("history", isDirectory: false)
            } catch {
                // An unwritable state folder must not cost the history: fall back.
            }
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? NSHomeDirectory()
        guard !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".stk_history", isDirectory: false)
    }
}
