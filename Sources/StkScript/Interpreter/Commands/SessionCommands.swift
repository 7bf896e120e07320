import Foundation
import LayoutKit

// load, include, save, undo, reset, help
extension Interpreter {
    /// A path as written in a script: relative to the including file's folder
    /// (for `include`), or to the current directory.
    func resolve(_ path: String, relativeTo file: SourceFile?) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        if let file, !file.name.hasPrefix("<") {
            let folder = URL(fileURLWithPath: file.name).deletingLastPathComponent()
            return folder.appendingPathComponent(expanded).standardizedFileURL
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(expanded).standardizedFileURL
    }

    func runInclude(_ path: Located<String>, _ c: CommandContext) throws {
        let url = resolve(path.value, relativeTo: c.file)
        let real = url.resolvingSymlinksInPath().path
        if includeStack.contains(real) || (!c.file.name.hasPrefix("<") && URL(fileURLWithPath: c.file.name).standardizedFileURL.resolvingSymlinksInPath().path == real) {
            throw CommandError("include cycle: \(path.value) is already being run", at: path.range)
        }
        // A chain of includes deeper than this is runaway recursion in all
        // but name (the stack would overflow long before the files ran out).
        if includeStack.count >= Limits.includeDepth {
            throw CommandError("includes nested more than \(Limits.includeDepth) deep", at: path.range)
        }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if exists, isFolder.boolValue { throw CommandError("\(path.value) is a directory, not a script", at: path.range) }
        guard let data = readIncludedFile(url) else {
            throw CommandError(exists ? "cannot read \(path.value)" : "no such file: \(path.value) (looked for \(url.path))", at: path.range)
        }
        let displayName = c.file.name.hasPrefix("<") ? path.value : relativeDisplayPath(url)
        let site = Diagnostic.IncludeSite(fileName: c.file.name, line: c.command.range.start.line)
        // Bytes that are not UTF-8 stop the run at their line, after the
        // lines before it ran, as in a script file.
        let (text, refusal) = SourceText.decodeUpToRefusal(data, name: displayName)
        let script = Parser.parse(SourceFile(name: displayName, text: text))
        includeStack.append(real)
        defer { includeStack.removeLast() }
        if !run(script, trail: c.trail + [site]) {
            if quitRequested { return }
            throw StopRun()
        }
        if let refusal {
            report(refusal, trail: c.trail + [site])
            status = max(status, .error)
            throw StopRun()
        }
    }

    /// A path for diagnostics: relative to the current directory when inside it.
    func relativeDisplayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.path
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    func runLoad(_ path: Located<String>, _ c: CommandContext) throws {
        guard let loadPlugin else { throw CommandError("this build of stk cannot load plugins", at: path.range) }
        let url = resolve(path.value, relativeTo: nil)
        do {
            let notes = try loadPlugin(url.path)
            for note in notes { report(Diagnostic(.note, note, at: path.range, in: c.file), trail: c.trail) }
        } catch let e as CommandError {
            throw e
        } catch {
            throw CommandError("\(error)", at: path.range)
        }
        // Recorded although the session's state is unchanged: a saved script
        // needs the plugin loaded before it uses the plugin's layouts.
        try session.perform(c.command.description, recordsUnchanged: true) {}
    }

    /// Writes the session so far as a replayable script (see `SafeFile`):
    /// a new file only, unless --force, and then never a read-only file, a
    /// folder, or a link replaced by a copy.
    func runSave(_ path: Located<String>, force: Bool, _ c: CommandContext) throws {
        let url = resolve(path.value, relativeTo: nil)
        // A replayed session (the REPL's new worker after a crash) rebuilds
        // state only: the file was written, or refused, the first time.
        if options.replaying { return }
        let written = Self.quotedIfNeeded(path.value)
        var text = "# stk session: every session starts as flow-sticky over \(SessionDefaults.sectionCount) sections of \(SessionDefaults.itemsPerSection) items\n"
        text += "# replay with: stk \(written)\n"
        // Plugins given on the command line (`--plugin`) are loaded first, as
        // `load` would, so that the script replays as its header says.
        for plugin in commandLinePlugins { text += "load \(Self.quotedIfNeeded(plugin))\n" }
        let commands = session.history
        for command in commands { text += command + "\n" }
        try writeFile(text, to: url, named: path, force: force, forceCommand: "save --force \(written)")
        if !options.json {
            output.writeLine("saved \(commands.count) command\(commands.count == 1 ? "" : "s") to \(path.value)")
        }
    }

    /// Writes a file a command makes (`save`, `export`): exclusively unless
    /// `force` (a file that appeared meanwhile is not replaced), through
    /// SafeFile's rules; its refusals at the path argument, an existing file
    /// with the command that would overwrite it.
    func writeFile(_ text: String, to url: URL, named path: Located<String>, force: Bool, forceCommand: String) throws {
        do {
            if force {
                try SafeFile.replace(Data(text.utf8), at: url.path, as: path.value)
            } else {
                try SafeFile.create(Data(text.utf8), at: url.path, as: path.value)
            }
        } catch let e as SafeFile.WriteError {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                // --force would not help: a folder is never replaced.
                throw CommandError("cannot write \(path.value): it is a folder; give a file name (\(path.value)/session.stk)", at: path.range)
            }
            if e.description.hasSuffix("already exists") {
                throw CommandError("\(path.value) already exists; use '\(forceCommand)' to overwrite it", at: path.range)
            }
            throw CommandError(e.description, at: path.range)
        }
    }

    /// A path as a script argument: quoted when a bare word would not give it back.
    static func quotedIfNeeded(_ path: String) -> String {
        let plain = !path.isEmpty && path.allSatisfy { !Lexer.isBlank($0) && $0 != ";" && $0 != "\"" && $0 != "\\" && !$0.isNewline }
            && !path.hasPrefix("#") && !path.hasPrefix("--")
        if plain { return path }
        return "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    func runUndo() throws {
        guard try session.undo() else { throw CommandError("nothing to undo") }
        // Which command it took back: commands that changed nothing are no
        // undo step, so it may be one before the last command typed.
        if !options.json { output.writeLine("undid: \(session.lastUndoneCommand ?? "reset")") }
    }

    /// `reload`: the plugins built from source are rebuilt; when the current
    /// layout's code changed, the layout is made again from the new class over
    /// the same state (the registry now names the new build).
    func runReloadPlugins(_ c: CommandContext) throws {
        guard let reloadPlugins else { throw CommandError("this build of stk cannot load plugins") }
        let result: (notes: [String], reloaded: Set<String>)
        do {
            result = try reloadPlugins()
        } catch {
            throw CommandError("\(error)")
        }
        for note in result.notes { report(Diagnostic(.note, note, at: c.command.range, in: c.file), trail: c.trail) }
        if let origin = session.registry.entry(named: session.layoutName)?.origin, result.reloaded.contains(origin) {
            try session.remakeLayout()
        }
    }

    /// `reset`: the session starts again, and so do its warnings: a `check`
    /// after it judges only what came after.
    func runReset() throws {
        try session.reset()
        reportedWarnings = []
        warningsSinceCheck = []
    }

    /// Help text, or in JSON mode `{"help":"TEXT"}` (one object, the text
    /// with its line breaks).
    func answerHelp(_ text: String) {
        // The text ends with a newline: no empty line after it.
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        answer(text: body, json: .object([("help", .string(body))]))
    }
}
