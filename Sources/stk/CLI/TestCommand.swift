import ArgumentParser
import Foundation
import PluginBuild
import StkScript

/// `stk test [PATH ...]`: golden transcripts (docs/language.md, "Golden
/// transcripts"). The work is TranscriptRunner's; this parses the options,
/// prepares the layout registry and prints the report.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run .stk files as golden transcripts: compare each command's output with the '#>' lines after it.",
        discussion: """
            Folders are searched recursively for .stk files (hidden folders, node_modules,
            DerivedData, Pods and Carthage are skipped); files run in a fresh session each,
            in parallel, each in a process of its own, and are reported in path order. A
            file whose layout crashes or that outlives --timeout fails, and the others run
            on (JUnit reports it as an <error>). A file whose first line is the
            comment '# stk: skip REASON' is skipped. Exit status: 0 nothing failed,
            1 a transcript failed, 2 a bad option or path.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Rewrite the '#>' lines of files whose output differs, keeping every '...' and pattern that still matches (also: STK_UPDATE=1). Files with errors are left alone.")
    var update = false

    @Flag(help: "Only add '#>' lines to commands that print output and have none; blocks that differ still fail (also: STK_UPDATE=missing).")
    var updateMissing = false

    @Flag(help: "Leave the files alone and write each one that differs, as --update would, beside it as FILE.stk.new, for review; they still fail (also: STK_UPDATE=new).")
    var writeNew = false

    @Option(help: ArgumentHelp("Write a JUnit XML report.", valueName: "file"), completion: .file(extensions: ["xml"]))
    var junit: String?

    /// `--json` is taken: it runs the transcripts' queries in JSON mode, as
    /// it does everywhere (their `#>` lines are then JSON).
    @Option(help: ArgumentHelp("The report on stdout: text, or json (one object per file, then a summary object; JSON Lines).", valueName: "format"))
    var format: TestReportFormat = .text

    // Unconditional: `-j -1` is a bad count, not a missing one.
    @Option(name: .customShort("j"), parsing: .unconditional, help: ArgumentHelp("Run this many files at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Run only the K-th of N slices of the sorted files (1 <= K <= N).", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Fail a file that runs longer than this many seconds (0: no limit).", valueName: "seconds"))
    var timeout: Double = TestCommand.defaultTimeout

    /// Generous: the slowest transcript of the project takes a few seconds,
    /// a cold plugin build about one.
    static let defaultTimeout = 120.0

    @Argument(help: ArgumentHelp("Files and folders to test (default: the current folder).", valueName: "path"),
              completion: .file(extensions: ["stk"]))
    var paths: [String] = []

    /// Not an option of `stk test` (the help does not list it): the echoed
    /// commands would be compared as output. Accepted only to say so.
    @Flag(help: .hidden)
    var echo = false

    func run() throws {
        let options = try runnerOptions()
        let files = try selectedFiles()

        // The report's path is checked before anything runs: a transcript or
        // a plugin source given as the report would be replaced by XML.
        if let junit {
            do {
                try SafeFile.checkOutput(junit, notAnyOf: files.map(\.path) + global.plugins)
            } catch {
                try Self.fail("cannot write the JUnit report \(junit): \(error)")
            }
        }

        // Every layout is registered before the files run in parallel: from
        // here on the registry is only read.
        try LoadedPlugins.shared.registerLayouts(global.shared)

        let runner = isolatedRunner(options)
        let started = Date()
        // The results reported so far, in file order.
        let progress = Locked<[TranscriptFileResult]>([])
        Self.reportOnInterrupt(files: files, progress: progress, started: started, junit: junit)
        let summary = runner.run(files) { [format] result in
            // A file whose child the interrupt killed is not a result.
            SignalPipe.yieldToInterrupt()
            progress.withValue { $0.append(result) }
            Self.printOut(format == .json ? [TranscriptReport.json(for: result)] : TranscriptReport.lines(for: result))
        }
        SignalPipe.yieldToInterrupt()
        Self.printOut([format == .json ? TranscriptReport.json(for: summary) : summary.summaryLine])
        if let junit {
            do {
                try JUnitReport.write(summary, started: started, to: junit)
            } catch {
                try Self.fail("cannot write the JUnit report \(junit): \(error)")
            }
        }
        throw ExitCode(summary.exitStatus.rawValue)
    }

    /// The runner's options from the flags and the environment, or exit
    /// status 2 for flags that cannot go together or a bad number; the checks
    /// (and the CI note) come in the order the user is told about them.
    private func runnerOptions() throws -> TranscriptRunner.Options {
        let environment = ProcessInfo.processInfo.environment
        var options = TranscriptRunner.Options(
            json: global.json, bail: global.bail,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let asked = [update ? TranscriptUpdateMode.all : nil, updateMissing ? .missing : nil, writeNew ? .new : nil].compactMap { $0 }
        if asked.count > 1 {
            try Self.fail("--update, --update-missing and --write-new cannot be used together")
        }
        if echo {
            try Self.fail("--echo is not an option of 'stk test': the echoed commands would be compared as output")
        }
        options.updateMode = asked.first ?? TranscriptUpdateMode(environmentValue: environment["STK_UPDATE"])
        // In CI, an update asked by the environment alone rewrites the files
        // but fails the run, as a snapshot library's record mode does: a
        // variable left set must not turn every failure into a pass.
        if asked.isEmpty, options.updateMode == .all || options.updateMode == .missing, Self.isSet(environment["CI"]) {
            options.updatesFail = true
            Self.printError("note: CI is set: STK_UPDATE rewrites the files but the run fails; pass --update to update in CI")
        }
        if !(timeout >= 0) || !timeout.isFinite {
            try Self.fail("--timeout \(timeout): give a number of seconds, 0 for no limit")
        }
        if let jobs, jobs < 1 {
            try Self.fail("-j \(jobs): the number of files run at once must be at least 1")
        }
        return options
    }

    /// The files to run, this shard's share of them. Finding none is only a
    /// warning (an empty shard, a note); a bad path or shard is exit status 2.
    private func selectedFiles() throws -> [TranscriptFile] {
        do {
            let shard = try shard.map(TranscriptShard.init(parsing:))
            let all = try TranscriptDiscovery.files(under: paths)
            let files = shard?.select(all) ?? all
            if all.isEmpty {
                Self.printError("warning: no .stk files found under \(paths.isEmpty ? "." : paths.joined(separator: " "))")
            } else if let shard, files.isEmpty {
                Self.printError("note: shard \(shard) is empty (\(all.count) file\(all.count == 1 ? "" : "s") in \(shard.count) shards)")
            }
            return files
        } catch {
            try Self.fail("\(error)")
        }
    }

    /// A runner that runs each file in a process of its own (`stk test-file`
    /// with the same options): a crash or a hang fails that file only.
    private func isolatedRunner(_ options: TranscriptRunner.Options) -> TranscriptRunner {
        let runner = TranscriptRunner(options: options, loadPlugin: LoadedPlugins.shared.load)
        var childArguments = [TestFileCommand.configuration.commandName!] + global.workerArguments
        childArguments += ["--update-mode", options.updateMode.rawValue]
        if options.updatesFail { childArguments.append("--updates-fail") }
        let isolation = TranscriptIsolation(arguments: childArguments, timeout: timeout > 0 ? timeout : nil)
        runner.fileRunner = { isolation.run($0) }
        return runner
    }

    /// Interrupted: the report of the files finished so far, the others as
    /// interrupted errors, then the exit status of a death by the signal.
    private static func reportOnInterrupt(files: [TranscriptFile], progress: Locked<[TranscriptFileResult]>,
                                          started: Date, junit: String?) {
        SignalPipe.install([SIGINT, SIGTERM])
        SignalPipe.watch { signal in
            // The files finished before the signal, taken before the children
            // are killed: a child killed here is interrupted, not a crash
            // (its death could otherwise be recorded first).
            let done = progress.withValue { $0 }
            TranscriptIsolation.terminateAll()
            let summary = TranscriptRunSummary(
                results: done + files.dropFirst(done.count).map(TranscriptFileResult.interrupted),
                duration: Date().timeIntervalSince(started))
            printError("stk test: interrupted; \(done.count) of \(files.count) files finished")
            if let junit { try? JUnitReport.write(summary, started: started, to: junit) }
            Foundation.exit(128 + signal)
        }
    }

    /// A variable such as `CI` or `STK_UPDATE` is on when set to anything but empty, `0`, `false` or `no`.
    static func isSet(_ value: String?) -> Bool {
        guard let value else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }

    static func printOut(_ lines: [String]) {
        StandardStreams.write(lines.map { $0 + "\n" }.joined(), to: .output)
    }

    static func printError(_ line: String) {
        StandardStreams.write(line + "\n", to: .error)
    }

    /// An error in the invocation itself: exit status 2, as every stk error.
    static func fail(_ message: String) throws -> Never {
        printError("error: \(message)")
        throw ExitCode(ExitStatus.error.rawValue)
    }
}

/// `stk test --format`: the report as people read it, or as programs do.
enum TestReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
