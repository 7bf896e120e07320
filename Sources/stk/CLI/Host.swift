import ArgumentParser
import Foundation
import LayoutKit
import StkRender
import StkScript

let layoutKitVersionString = layoutKitVersion

/// What a run of stk needs: the registry with the built-ins and the plugins
/// named on the command line, a session, and an interpreter writing to the
/// process's streams.
struct Host {
    let interpreter: Interpreter

    /// - showPluginNotes: print the notes of loading `--plugin` paths (a REPL
    ///   worker restarted after a crash does not: they were shown once).
    init(global: GlobalOptions, showPluginNotes: Bool = true) throws {
        try PluginBridge.registerLayouts(global, showingNotes: showPluginNotes)
        let environment = ProcessInfo.processInfo.environment
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        let color = ColorPolicy.shouldUseColor(noColorFlag: global.noColor, environment: environment, isTerminal: stdoutIsTerminal)
        let options = InterpreterOptions(json: global.json, bail: global.bail, echo: global.echo, color: color)
        let output = StandardOutput()
        let session: Session
        do {
            session = try Session()
        } catch {
            output.writeDiagnostic("error: \(error)\n")
            throw ExitCode(ExitStatus.error.rawValue)
        }
        interpreter = Interpreter(session: session, options: options, output: output)
        if stdoutIsTerminal && !global.json { interpreter.terminalSize = Host.terminalSize }
        interpreter.loadPlugin = PluginBridge.load
        interpreter.reloadPlugins = PluginBridge.reload
    }

    /// Standard output's terminal size (the REPL's worker writes to the
    /// user's terminal directly), or nil when it cannot be asked.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// -e commands, then files; with neither, a script on stdin (the REPL is
    /// REPLFrontEnd's, which runs a Host in a worker process).
    func runScripts(commands: [String], files: [String]) -> ExitStatus {
        let runner = ScriptRunner(interpreter: interpreter)
        CrashReport.install()
        interpreter.willRunCommand = CrashReport.willRun
        if commands.isEmpty && files.isEmpty {
            let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            runner.run(text: text, name: "<stdin>")
            return interpreter.status
        }
        if !runner.run(commandLineArguments: commands) { return interpreter.status }
        for file in files {
            if !runner.run(file: file) || interpreter.quitRequested { return interpreter.status }
        }
        return interpreter.status
    }
}
