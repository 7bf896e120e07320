import Foundation
import PluginHost

/// `--plugin PATH` and `load PATH`: load a layout library into the shared
/// registry; returns notes to show ("already loaded").
enum PluginBridge {
    static func load(_ path: String) throws -> [String] {
        let result = try PluginLoader.shared.load(path: path)
        var notes = result.notes
        if !result.alreadyLoaded {
            notes.append("loaded \(result.layoutNames.joined(separator: ", ")) from \(path)")
        }
        return notes
    }
}
