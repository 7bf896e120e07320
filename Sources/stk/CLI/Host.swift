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
        interpreter.loadPlugin = PluginBridge.load
        interpreter.commandLinePlugins = global.plugins.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        interpreter.reloadPlugins = PluginBridge.reload
    }

    /// -e commands, then files; with neither, a script on stdin (the REPL is
    /// REPLFrontEnd's, which runs a Host in a worker process).
    func runScripts(commands: [String], files: [String]) -> ExitStatus {
        let runner = ScriptRunner(interpreter: interpreter)
        CrashReport.install()
        interpreter.willRunCommand = CrashReport.willRun
        if commands.isEmpty && files.isEmpty {
            runner.run(bytes: FileHandle.standardInput.readDataToEndOfFile(), name: "<stdin>")
            return interpreter.status
        }
        if !runner.run(commandLineBytes: commands.map(Self.rawBytes)) { return interpreter.status }
        for file in files {
            if !runner.run(file: file) || interpreter.quitRequested { return interpreter.status }
        }
        return interpreter.status
    }

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
