import ArgumentParser
import Foundation
import StkRender

/// The REPL's startup file, as sqlite3 has `~/.sqliterc` and lldb
/// `~/.lldbinit`: `$XDG_CONFIG_HOME/stk/stkrc` when `XDG_CONFIG_HOME` is an
/// absolute path, else `~/.config/stk/stkrc`. The REPL runs it, when it
/// exists, before the first prompt; `--init FILE` runs FILE instead, and
/// `--no-init` neither.
enum StartupFile {
    /// The default startup file's path, or nil when there is none.
    static func path(_ environment: [String: String]) -> String? {
        let folder: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            folder = config
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = home + "/.config"
        } else {
            return nil
        }
        let path = folder + "/stk/stkrc"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The REPL entry that runs `path`: an `include` of it (relative to the
    /// current folder, as the worker's is this process's), so that the
    /// session replays it as it read it after a crash.
    static func entry(for path: String) -> String {
        let quoted = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "include \"\(quoted)\""
    }
}

extension ColorPolicy.Mode: ExpressibleByArgument {}
