import Foundation
import LayoutKit
import StkScript

/// What Tab offers at the cursor: commands, keywords, layout names, option
/// names (as `name=`) of the named or current layout, or file paths. Asked of
/// the worker, which knows the session's layouts.
struct REPLCompletion {
    let interpreter: Interpreter

    func completions(line: String, cursor: Int) -> [String] {
        let before = String(line.prefix(cursor))
        let completion = CommandCatalog.completion(forLine: before)
        let prefix = completion.prefix
        let registry = interpreter.session.registry
        switch completion.kind {
        case .words(let words):
            return words
        case .layoutName:
            return registry.names.filter { $0.hasPrefix(prefix) }
        case .commandOrLayoutName:
            return (CommandCatalog.commandNames + registry.names).filter { $0.hasPrefix(prefix) }
        case .optionName(let layout):
            let descriptor = layout.flatMap { registry.entry(named: $0)?.descriptor } ?? interpreter.session.descriptor
            return descriptor.options.map { $0.name + "=" }.filter { $0.hasPrefix(prefix) }
        case .filePath:
            return Self.pathCompletions(prefix)
        case .nothing:
            return []
        }
    }

    /// Entries of the folder `prefix` points into whose names start with its last part;
    /// folders end with `/`, and so do symbolic links to folders (SwiftPM's
    /// `.build/debug`), as in a shell.
    static func pathCompletions(_ prefix: String) -> [String] {
        let expanded = (prefix as NSString).expandingTildeInPath
        let slash = expanded.lastIndex(of: "/")
        let folder = slash.map { String(expanded[...$0]) } ?? ""
        let stem = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
        var shownFolder = ""
        if let typedSlash = prefix.lastIndex(of: "/") { shownFolder = String(prefix[...typedSlash]) }
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return listed.filter { $0.hasPrefix(stem) && (!$0.hasPrefix(".") || stem.hasPrefix(".")) }.sorted().map { (name: String) -> String in
            return shownFolder + name + (Self.isFolder(folder + name) ? "/" : "")
        }
    }

    /// Whether `path` is a folder or a symbolic link to one: stat(2) follows
    /// links, where FileManager's `isDirectory` reports the link itself.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
