import ArgumentParser
import Foundation
import PluginBuild
import StkScript

/// `stk _test-file PATH DISPLAY`: one transcript of a `stk test` run, in a
/// process of its own (TranscriptIsolation). Started by `stk test` only; not
/// listed in the help. Its stdout carries the report to the parent; what a
/// layout prints itself goes nowhere.
struct TestFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "_test-file", shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    @Option var updateMode: String = TranscriptUpdateMode.off.rawValue
    @Flag var updatesFail = false

    @Argument var path: String
    @Argument var displayPath: String

    func run() throws {
        let report = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if report < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0 {
            TestCommand.printError("error: cannot set up the report of \(path): \(String(cString: strerror(errno)))")
            throw ExitCode(ExitStatus.error.rawValue)
        }
        close(null)
        _ = fcntl(report, F_SETFD, FD_CLOEXEC)

        // The parent loaded the same plugins and showed their notes.
        try LoadedPlugins.shared.registerLayouts(global.shared, showingNotes: false)
        var options = TranscriptRunner.Options(json: global.json, bail: global.bail, jobs: 1)
        options.updateMode = TranscriptUpdateMode(rawValue: updateMode) ?? .off
        options.updatesFail = updatesFail
        let runner = TranscriptRunner(options: options, loadPlugin: LoadedPlugins.shared.load)
        runner.runReporting(TranscriptFile(displayPath: displayPath, path: path), to: report)
        throw ExitCode(ExitStatus.success.rawValue)
    }
}
