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
        guard let data = readIncludedFile(url), let text = String(data: data, encoding: .utf8) else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw CommandError(exists ? "cannot read \(path.value) as UTF-8 text" : "no such file: \(path.value) (looked for \(url.path))", at: path.range)
        }
        let displayName = c.file.name.hasPrefix("<") ? path.value : relativeDisplayPath(url)
        let script = Parser.parse(SourceFile(name: displayName, text: text))
        includeStack.append(real)
        defer { includeStack.removeLast() }
        let site = Diagnostic.IncludeSite(fileName: c.file.name, line: c.command.range.start.line)
        if !run(script, trail: c.trail + [site]) {
            if quitRequested { return }
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

    /// Writes the session so far as a replayable script: atomically, and never
    /// over an existing file without --force.
    func runSave(_ path: Located<String>, force: Bool, _ c: CommandContext) throws {
        let url = resolve(path.value, relativeTo: nil)
        // A replayed session (the REPL's new worker after a crash) rebuilds
        // state only: the file was written, or refused, the first time.
        if options.replaying { return }
        if FileManager.default.fileExists(atPath: url.path), !force {
            throw CommandError("\(path.value) already exists; use 'save --force \(path.value)' to overwrite it", at: path.range)
        }
        var text = "# stk session: every session starts as flow-sticky over \(SessionDefaults.sectionCount) sections of \(SessionDefaults.itemsPerSection) items\n"
        text += "# replay with: stk \(path.value)\n"
        for command in session.history { text += command + "\n" }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandError("cannot write \(path.value): \(error.localizedDescription)", at: path.range)
        }
        if !options.json {
            output.writeLine("saved \(session.history.count) command\(session.history.count == 1 ? "" : "s") to \(path.value)")
        }
    }

    func runUndo() throws {
        guard try session.undo() else { throw CommandError("nothing to undo") }
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

    func runHelp(_ topic: Located<String>?) throws {
        guard let topic else {
            answerHelp(CommandCatalog.overview)
            return
        }
        guard let info = CommandCatalog.command(named: topic.value) else {
            throw CommandError("no command named '\(topic.value)'", at: topic.range,
                               suggestion: CommandCatalog.suggestion(for: topic.value))
        }
        answerHelp(info.helpText)
    }

    /// Help text, or in JSON mode `{"help":"TEXT"}` (one object, the text
    /// with its line breaks).
    func answerHelp(_ text: String) {
        // The text ends with a newline: no empty line after it.
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        answer(text: body, json: .object([("help", .string(body))]))
    }
}
