import Foundation

/// Where the REPL keeps its history between sessions.
public enum HistoryLocation {
    /// `$XDG_STATE_HOME/stk/history` when XDG_STATE_HOME is set to an absolute
    /// path, else the XDG default `~/.local/state/stk/history`; the folder is
    /// created. Nil when neither can be made (no usable XDG_STATE_HOME, no home
    /// directory, or folders that cannot be created).
    public static func `default`(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        var candidates: [URL] = []
        // The XDG base directory spec says relative values are to be ignored.
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            candidates.append(URL(fileURLWithPath: stateHome, isDirectory: true))
        }
        if let home = home(environment) {
            candidates.append(URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state", isDirectory: true))
        }
        for stateHome in candidates {
            let folder = stateHome.appendingPathComponent("stk", isDirectory: true)
            // An unwritable state folder must not cost the history: try the next.
            if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil {
                return folder.appendingPathComponent("history", isDirectory: false)
            }
        }
        return nil
    }

    /// `~/.stk_history`, where stk kept the history before it followed the XDG
    /// layout: read once, when the new file does not exist yet.
    public static func legacy(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        home(environment).map { URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent(".stk_history", isDirectory: false) }
    }

    private static func home(_ environment: [String: String]) -> String? {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home.isEmpty ? nil : home
    }
}
