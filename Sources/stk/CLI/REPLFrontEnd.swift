import Foundation
import LayoutKit
import LineEditor
import StkScript

/// The interactive front end: libedit line editing over the same interpreter
/// the scripts use. Errors are reported and the session goes on; `quit` or
/// Ctrl-D on an empty line leaves.
struct REPLFrontEnd {
    let interpreter: Interpreter

    static let banner = "\(stkVersion): a layout lab for collection view layouts. 'help' lists the commands, Ctrl-D leaves."
    static let continuationPrompt = "...> "

    func run() -> ExitStatus {
        var nextLine = 1
        REPLDriver(
            banner: Self.banner,
            prompt: { "stk:\(interpreter.session.layoutName)> " },
            continuationPrompt: Self.continuationPrompt,
            evaluate: { entry in
                if case .needsMoreInput = Parser.inputStatus(of: entry) { return .needsMoreInput }
                // Number lines across the session so diagnostics point at the line as typed.
                let file = SourceFile(name: SourceFile.stdinName, text: entry, firstLine: nextLine)
                nextLine += file.lineCount
                interpreter.run(Parser.parse(file))
                return interpreter.quitRequested ? .quit : .done
            },
            completer: { line, cursor in completions(line: line, cursor: cursor) }
        ).run()
        // An interactive session's own mistakes are not the exit status's business.
        return .success
    }

    /// What Tab offers at the cursor: commands, keywords, layout names, option
    /// names (as `name=`) of the named or current layout, or file paths.
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
    /// folders end with `/`.
    static func pathCompletions(_ prefix: String) -> [String] {
        let expanded = (prefix as NSString).expandingTildeInPath
        let slash = expanded.lastIndex(of: "/")
        let folder = slash.map { String(expanded[...$0]) } ?? ""
        let stem = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
        var shownFolder = ""
        if let typedSlash = prefix.lastIndex(of: "/") { shownFolder = String(prefix[...typedSlash]) }
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return listed.filter { $0.hasPrefix(stem) && (!$0.hasPrefix(".") || stem.hasPrefix(".")) }.sorted().map { (name: String) -> String in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder)
            return shownFolder + name + (isFolder.boolValue ? "/" : "")
        }
    }
}
