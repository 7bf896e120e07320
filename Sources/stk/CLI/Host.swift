import ArgumentParser
import Foundation
import PluginBuild
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
    /// - echo: `--echo`, print each command (and comment line) before its output.
    init(global: GlobalOptions, echo: Bool = false, showPluginNotes: Bool = true) throws {
        LoadedPlugins.shared.willLoadSource = CrashReport.noteSourceModule
        try LoadedPlugins.shared.registerLayouts(global.shared, showingNotes: showPluginNotes)
        let environment = ProcessInfo.processInfo.environment
        // Each stream decides for itself: `stk 2>log` at a terminal colours
        // the drawing, not the log; `stk | less` colours the diagnostics.
        func color(_ descriptor: Int32) -> Bool {
            ColorPolicy.shouldUseColor(mode: global.color, noColorFlag: global.noColor, environment: environment,
                                       isTerminal: isatty(descriptor) == 1)
        }
        var options = InterpreterOptions(json: global.json, bail: global.bail, echo: echo, color: color(STDOUT_FILENO))
        options.diagnosticColor = color(STDERR_FILENO)
        let output = StandardOutput()
        if global.json { LayoutPrints.captureForJSON() }
        let session: Session
        do {
            session = try Session()
        } catch {
            output.writeDiagnostic("error: \(error)\n")
            throw ExitCode(ExitStatus.error.rawValue)
        }
        interpreter = Interpreter(session: session, options: options, output: output)
        if isatty(STDOUT_FILENO) == 1 && !global.json { interpreter.terminalSize = Host.terminalSize }
        interpreter.loadPlugin = LoadedPlugins.shared.load
        interpreter.commandLinePlugins = global.plugins.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        interpreter.reloadPlugins = LoadedPlugins.shared.reload
    }

    /// Standard output's terminal size (the REPL's worker writes to the
    /// user's terminal directly), or nil when it cannot be asked.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// The `--init` file, then -e commands, then files, `-` standing for
    /// standard input; with neither -e nor files, standard input. Standard
    /// input runs entry by entry as it arrives (StreamingInput). The REPL is
    /// REPLFrontEnd's, which runs a Host in a worker process.
    func runScripts(commands: [String], files: [String], initFile: String? = nil) -> ExitStatus {
        let runner = ScriptRunner(interpreter: interpreter)
        CrashReport.install()
        interpreter.willRunCommand = { [unowned interpreter] location, command in
            CrashReport.willRun(location: location, command: command, overDefaultData: interpreter.session.holdsDefaultData)
        }
        if let initFile, !runner.run(file: initFile) || interpreter.quitRequested { return interpreter.status }
        if !runner.run(commandLineBytes: commands.map(Self.rawBytes)) { return interpreter.status }
        for file in (commands.isEmpty && files.isEmpty ? [Self.standardInputName] : files) {
            let goesOn = file == Self.standardInputName ? StreamingInput().run(in: interpreter) : runner.run(file: file)
            if !goesOn || interpreter.quitRequested { return interpreter.status }
        }
        return interpreter.status
    }

    /// The file name that stands for standard input, as in most tools.
    static let standardInputName = "-"

    /// An argument's bytes as the process got them: Swift repairs invalid
    /// UTF-8 in arguments into U+FFFD, which would hide it from the check
    /// that files and stdin get.
    static func rawBytes(of argument: String) -> [UInt8] {
        guard argument.contains("\u{FFFD}") else { return Array(argument.utf8) }
        for i in 0..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[i] else { continue }
            let raw = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            if String(decoding: raw, as: UTF8.self) == argument, SourceText.firstInvalidByte(raw) != nil { return raw }
        }
        return Array(argument.utf8)
    }
}
