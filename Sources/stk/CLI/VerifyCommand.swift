import ArgumentParser
import CProcessControl
import Foundation
import PluginBuild
import StkRender
import StkScript

/// `stk verify LAYOUT`: look for bugs in a layout (Verifier). Exit status 0
/// when nothing was found, 1 when something was, 2 for an error.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Look for bugs in a layout: random operations, each followed by stk's checks.",
        discussion: """
            Runs seeded random sessions of operations (scrolls, flings, resizes, insets,
            option changes, data changes, batch updates) on LAYOUT, built in or loaded with
            --plugin, and after each one checks that the layout answers as a fresh one
            prepared on the same state, that its rect and single-element queries agree,
            that it names only existing index paths, and that a scroll's context names
            every shown element that changed. A layout that crashes or hangs is a
            finding too (the sessions run in a child process). Each kind of failure
            the run meets is shrunk to a short .stk script that fails while the bug
            is there and passes once it is fixed. Exit status: 0 nothing found, 1 a
            finding, 2 an error.
            """
    )

    @Flag(help: "Print each finding and the summary as JSON Lines.")
    var json = false

    @OptionGroup var global: SharedOptions

    @Argument(help: ArgumentHelp("The layout to verify.", valueName: "layout"), completion: .custom(ShellCompletion.layoutNames))
    var layout: String

    @Option(help: ArgumentHelp("The seed of the random operations (the same seed, the same run).", valueName: "n"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("How many operations to run (default 1000, a few seconds).", valueName: "n"))
    var operations: Int = 1000

    @Option(help: ArgumentHelp("Write the reproducer of a failure to this .stk file.", valueName: "file.stk"),
            completion: .file(extensions: ["stk"]))
    var out: String?

    @Flag(help: "Overwrite the --out file if it exists.")
    var force = false

    @Option(help: ArgumentHelp("Write a JUnit XML report.", valueName: "file"), completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(help: ArgumentHelp("Start every session with this script's commands (data, options, bounds) instead of 'sections 4 items=9'; its 'layout LAYOUT key=value' line, if any, makes the layout.", valueName: "file"),
            completion: .file(extensions: ["stk"]))
    var setup: String?

    @Option(help: ArgumentHelp("Seconds one operation (and the checks after it) may take; one that takes longer is a hang, reported as a finding with its reproducer. 0: no limit.", valueName: "seconds"))
    var timeout: Double = 10

    @Flag(help: "Keep the number of sections the session starts with: data changes add, delete and move items only (a layout made for a fixed set of sections).")
    var keepSections = false

    @Option(help: ArgumentHelp("Set aside the findings of a kind (repeatable): fresh-layout, single-query, index-paths, context or warning. A known bug that fails every session at its first check hides everything else; its reproducers end in 'check except KIND'.", valueName: "kind"))
    var ignore: [String] = []

    /// The kinds `--ignore` names (checked by `checkArguments`).
    var ignoredChecks: Set<LayoutChecks.Finding.Check> { Set(ignore.compactMap(LayoutChecks.Finding.Check.init(word:))) }

    /// A replay child of a crash's shrinking (`VerifyIsolation`): runs the
    /// commands of this file from a fresh session, then the checks.
    @Option(help: .private)
    var replay: String?

    /// With `--replay`: the commands alone, without the checks after them
    /// (whether a crash is the operation's or the checks').
    @Flag(help: .private)
    var replaySkipsChecks = false

    /// `--json`: `{"finding":{"check":..,"kind":..,"element":..,"message":..}}`
    /// for each finding of a failure ("check" as the text shows it, `single
    /// query`; "kind" as `--ignore` and `check except` write it,
    /// `single-query`), then `{"verify":{...}}`: the layout, seed,
    /// operations run, "pass" or "fail", the kinds set aside ("ignored", as
    /// `--ignore` wrote them), and for a failure the shrunk
    /// operations and the reproducer (its path with --out, else its text).
    static func jsonLines(_ report: Verifier.Report, reproducer: String?, out: String?,
                          ignoring ignored: Set<LayoutChecks.Finding.Check> = []) -> [String] {
        var lines: [String] = []
        var summary: [(key: String, value: JSONValue)] = [
            ("layout", .string(report.layout)), ("seed", .integer(Int(report.seed))),
            ("operations", .integer(report.operationsRun)), ("result", .string(report.failure == nil ? "pass" : "fail")),
        ]
        if !ignored.isEmpty {
            summary.append(("ignored", .array(LayoutChecks.Finding.Check.words(of: ignored).map(JSONValue.string))))
        }
        if let failure = report.failure {
            for finding in report.failures.flatMap(\.findings) {
                lines.append(JSONValue.object([("finding", .object([
                    ("check", .string(finding.check.rawValue)),
                    ("kind", .string(finding.check.word)),
                    ("element", finding.element.map(JSONValue.string) ?? .null),
                    ("message", .string(finding.message)),
                ]))]).serialized)
            }
            summary.append(("shrunkFrom", .integer(failure.originalCount)))
            summary.append(("steps", .array(failure.operations.map(JSONValue.string))))
            if !report.otherFailures.isEmpty {
                // Failures of other kinds, each shrunk: their steps (reproducers beside --out).
                summary.append(("otherFailures", .array(report.otherFailures.map { other in
                    .object([("check", .string(other.findings.first?.check.rawValue ?? "")),
                             ("kind", .string(other.findings.first?.check.word ?? "")),
                             ("shrunkFrom", .integer(other.originalCount)),
                             ("steps", .array(other.operations.map(JSONValue.string)))])
                })))
            }
            if let out { summary.append(("reproducerFile", .string(out))) }
            else if let reproducer { summary.append(("reproducer", .string(reproducer))) }
        }
        if let ratio = report.overInvalidationRatio {
            summary.append(("namedByContexts", .integer(report.namedByContexts)))
            summary.append(("namedButUnchanged", .integer(report.namedButUnchanged)))
            summary.append(("overInvalidation", .number(ratio)))
        }
        lines.append(JSONValue.object([("verify", .object(summary))]).serialized)
        return lines
    }

    func run() throws {
        try checkArguments()
        let setupCommands = try readSetupCommands()
        let environment = ProcessInfo.processInfo.environment
        guard replay != nil || environment[VerifyIsolation.logEnvironmentKey] != nil else {
            throw ExitCode(try supervise(fixedPrefix: Verifier.preamble(layoutName: layout, options: Verifier.Options(setup: setupCommands)).fixedPrefix,
                                         setupCommands: setupCommands))
        }
        // The session child: a crash is the supervising parent's finding,
        // with the layout's frames from the runtime's report; the runtime's
        // banner would only come before it.
        if replay == nil { _ = stk_quiet_crash_banner() }
        try LoadedPlugins.shared.registerLayouts(global, showingNotes: replay == nil)
        if let replay {
            let text = (try? String(contentsOfFile: replay, encoding: .utf8)) ?? ""
            let replayed = Verifier(layoutName: layout, options: Verifier.Options(), loadPlugin: LoadedPlugins.shared.load)
            replayed.replay(text.split(separator: "\n").map(String.init), checks: !replaySkipsChecks)
            return
        }
        let log = environment[VerifyIsolation.logEnvironmentKey].flatMap { OperationLog(path: $0) }
        throw ExitCode(try verifyInThisProcess(setupCommands: setupCommands, log: log))
    }

    /// Refuses, with exit status 2 and before anything runs, the arguments
    /// that could only fail later: a bad count or timeout, or an output file
    /// that exists or is one of the plugins' sources.
    private func checkArguments() throws {
        guard operations >= 1 else { try TestCommand.fail("--operations \(operations): run at least one operation") }
        guard timeout >= 0, timeout.isFinite else { try TestCommand.fail("--timeout \(timeout): give a number of seconds, 0 for no limit") }
        for kind in ignore where LayoutChecks.Finding.Check(word: kind) == nil {
            let kinds = LayoutChecks.Finding.Check.setAside.map(\.word).joined(separator: ", ")
            let why = ["crash", "hang"].contains(kind) ? " (a crash or a hang ends its session: it cannot be set aside)" : ""
            try TestCommand.fail("--ignore \(kind): not a kind of finding that can be set aside\(why); the kinds: \(kinds)")
        }
        if let out, FileManager.default.fileExists(atPath: out), !force {
            try TestCommand.fail("\(out) already exists; add --force to overwrite it")
        }
        // Both paths are checked before the run, whether or not it finds
        // anything to write: a plugin source is never replaced by a report.
        for (path, what) in [(out, "reproducer"), (junit, "JUnit report")] {
            guard let path else { continue }
            do {
                try SafeFile.checkOutput(path, notAnyOf: global.plugins)
            } catch {
                try TestCommand.fail("cannot write the \(what) \(path): \(error)")
            }
        }
    }

    /// The commands of `--setup`, read by the parent too: whether there are
    /// any decides how many of a reproducer's first commands are fixed.
    private func readSetupCommands() throws -> [String]? {
        guard let setup else { return nil }
        // The session child takes them as the parent read them: a pipe
        // (`--setup <(...)`) is read once.
        let environment = ProcessInfo.processInfo.environment
        if environment[VerifyIsolation.logEnvironmentKey] != nil, let commands = environment[VerifyIsolation.setupEnvironmentKey] {
            return commands.split(separator: "\n").map(String.init)
        }
        // Read to its end, not by its size: a pipe has none. (An empty file
        // reads as nothing at all: no commands.)
        guard let handle = FileHandle(forReadingAtPath: setup), let data = try? handle.readToEnd() ?? Data(),
              let text = String(data: data, encoding: .utf8) else {
            try TestCommand.fail("cannot read the setup script \(setup)")
        }
        // One command a line, a block on one line; comments, blank lines and
        // '#>' outputs left out.
        do {
            return try Verifier.setupCommands(fromScript: text, named: setup)
        } catch let error as SessionError {
            try TestCommand.fail(error.message)
        }
    }

    /// The operation in progress, as the watchdog sees it: `since` is nil
    /// between operations, while the count stays (an interrupt during
    /// shrinking still says how far the run got).
    private typealias RunningOperation = (operations: [String], operationsRun: Int, since: UInt64?)

    /// The sessions themselves, in the child the parent supervises: runs the
    /// verifier, recording each operation in `log` for the parent, and returns
    /// the exit status of its report.
    private func verifyInThisProcess(setupCommands: [String]?, log: OperationLog?) throws -> Int32 {
        var options = Verifier.Options(seed: seed, operations: operations, setup: setupCommands)
        options.keepsSections = keepSections
        options.ignoredChecks = ignoredChecks
        let environment = ProcessInfo.processInfo.environment
        if let resume = environment[VerifyIsolation.resumeEnvironmentKey] { VerifyIsolation.resume(resume, into: &options) }
        // Supervised: the report is saved for the parent, after each failure
        // (a crash later loses none of it) and at the end; the parent prints it.
        let reportPath = log == nil ? nil : environment[VerifyIsolation.reportEnvironmentKey]
        let verifier = Verifier(layoutName: layout, options: options, loadPlugin: LoadedPlugins.shared.load)
        if let reportPath { verifier.didRecordFailure = { VerifyIsolation.save($0, to: reportPath) } }
        let showsProgress = isatty(STDERR_FILENO) == 1 && operations >= 2000
        if showsProgress {
            verifier.progress = { done in StandardStreams.write("\rverify \(layout): \(done)/\(operations) operations", to: .error) }
        }
        let running = Locked<RunningOperation>(([], 0, nil))
        verifier.willRunOperation = { operations, operationsRun in
            log?.record(operations: operations, operationsRun: operationsRun)
            running.withValue { $0 = (operations, operationsRun, DispatchTime.now().uptimeNanoseconds) }
        }
        verifier.didRunOperation = { running.withValue { $0.since = nil } }
        let started = Date()
        if timeout > 0 { startWatchdog(watching: running, log: log, started: started) }
        // The supervising parent reports an interrupt (it stops this child).
        signal(SIGINT, SIG_IGN)
        let report: Verifier.Report
        do {
            report = try verifier.run()
        } catch {
            try TestCommand.fail("\(error)")
        }
        if showsProgress { StandardStreams.write("\r\u{1B}[K", to: .error) }
        if let reportPath {
            // The parent prints what it reads: a report it cannot read is an error, never a pass.
            guard VerifyIsolation.save(report, to: reportPath) else { try TestCommand.fail("cannot write the report to \(reportPath)") }
            return ExitStatus.success.rawValue
        }
        return try deliver(report)
    }

    /// A hang cannot be stopped on the verifier's thread: a watchdog finds the
    /// operation still running after --timeout and ends the process with
    /// `VerifyIsolation.hangStatus` for the supervising parent to shrink (or,
    /// without a log, reports it itself). The parent handles Ctrl-C and SIGTERM.
    private func startWatchdog(watching running: Locked<RunningOperation>, log: OperationLog?, started: Date) {
        let limit = UInt64(timeout * 1e9)
        Thread { [self] in
            while true {
                usleep(20_000)
                let stuck = running.withValue { $0 }
                guard let since = stuck.since, DispatchTime.now().uptimeNanoseconds - since > limit else { continue }
                // The supervising parent shrinks the hang from the log.
                if log != nil { Foundation._exit(VerifyIsolation.hangStatus) }
                var report = Verifier.Report.hang(layout: layout, seed: seed, operations: stuck.operations,
                                                  operationsRun: stuck.operationsRun, seconds: timeout)
                report.seconds = Date().timeIntervalSince(started)
                Foundation.exit((try? deliver(report)) ?? ExitStatus.error.rawValue)
            }
        }.start()
    }

    /// The parent of the session children (`VerifyIsolation`): runs verify
    /// in a child with the same arguments, which saves its report for the
    /// parent to print. When the layout crashes the child, the crash is a
    /// finding, shrunk by replaying candidates in children of their own, and
    /// the run goes on in a new child from the next operation, until its
    /// operations are done; the report is all the children found. Ctrl-C and
    /// SIGTERM stop the child and say how far it got, as `stk test` does.
    /// The child gets `setupCommands` as read here, not the `--setup` path again.
    private func supervise(fixedPrefix: Int, setupCommands: [String]?) throws -> Int32 {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stk-verify-\(getpid())")
        let logPath = scratch.path + ".log", crashPath = scratch.path + ".crash.json", reportPath = scratch.path + ".report.json"
        defer {
            for path in [logPath, crashPath, reportPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        let started = Date()
        let child = Locked<pid_t>(0)
        SignalPipe.install([SIGINT, SIGTERM])
        SignalPipe.watch { [self] signal in
            let pid = child.withValue { $0 }
            if pid > 0 { kill(pid, SIGKILL) }
            let done = OperationLog.read(path: logPath)?.operationsRun ?? 0
            TestCommand.printError("stk verify: interrupted after \(done) of \(operations) operations (seed \(seed))")
            if let junit {
                var report = Verifier.Report(layout: layout, seed: seed)
                report.operationsRun = done
                report.seconds = Date().timeIntervalSince(started)
                try? Self.writeJUnit(report, reproducer: nil, to: junit, interrupted: true)
            }
            Foundation.exit(128 + signal)
        }
        var environment = [VerifyIsolation.logEnvironmentKey: logPath, "SWIFT_BACKTRACE": CrashBacktrace.environmentValue(reportTo: crashPath),
                           VerifyIsolation.reportEnvironmentKey: reportPath]
        if let setupCommands { environment[VerifyIsolation.setupEnvironmentKey] = setupCommands.joined(separator: "\n") }
        let isolation = VerifyIsolation(replayArguments: ["verify", layout, "--no-color"] + global.plugins.flatMap { ["--plugin", $0] },
                                        replayTimeout: timeout > 0 ? timeout : nil)
        // After a crash the run goes on in a new child, as it goes on in a
        // new session after any other failure: each child starts where the
        // last one ended, with a seed of its own, and the report is theirs together.
        var report = Verifier.Report(layout: layout, seed: seed)
        var resumeAt: Int?
        /// Why the run stopped short of its operations, when it did.
        var stoppedShort: String?
        for attempt in 0..<VerifyIsolation.maximumChildren {
            if let resumeAt {
                let reported = Set(report.failures.flatMap { $0.findings.map(\.check) })
                environment[VerifyIsolation.resumeEnvironmentKey] = VerifyIsolation.resumeValue(
                    operationsRun: resumeAt, seed: seed &+ UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15, reported: reported)
            }
            for path in [logPath, crashPath, reportPath] { try? FileManager.default.removeItem(atPath: path) }
            // A child started again would only repeat the first one's notes
            // and the runtime's message for a crash already reported.
            let outcome = VerifyIsolation.run(Array(CommandLine.arguments.dropFirst()), environment: environment,
                                              quiet: resumeAt != nil, started: { pid in child.withValue { $0 = pid } })
            // Killed by the interrupt's handler, the child is no crash: the handler reports.
            SignalPipe.yieldToInterrupt()
            if let saved = VerifyIsolation.savedReport(at: reportPath) { report = report.followed(by: saved) }
            switch outcome {
            case .crashed(let signal):
                guard let log = OperationLog.read(path: logPath) else {
                    if report.failures.isEmpty && resumeAt == nil {
                        try TestCommand.fail("stk verify stopped before its first operation: \(CrashReport.describe(signal: signal))")
                    }
                    break
                }
                report = reportingCrash(signal, log: log, in: report, isolation: isolation, fixedPrefix: fixedPrefix, crashPath: crashPath)
                guard report.operationsRun < operations else { break }
                // A crash before any operation of its own (a setup that crashes) comes back in every child.
                guard log.operationsRun + 1 > (resumeAt ?? 0) else {
                    stoppedShort = "a new session crashed the layout before its first operation, as every session would"
                    break
                }
                resumeAt = report.operationsRun
                stoppedShort = "the layout crashed in each of the \(VerifyIsolation.maximumChildren) session processes verify starts (a crash ends one; the first crash is reported)"
                continue
            case .exited(VerifyIsolation.hangStatus):
                guard let log = OperationLog.read(path: logPath) else { return ExitStatus.error.rawValue }
                // Each candidate that still hangs costs --timeout seconds: fewer tries.
                let shrunk = isolation.shrink(log.operations, fixedPrefix: fixedPrefix, while: isolation.hangs, maximumTries: 40)
                var hang = Verifier.Report.hang(layout: layout, seed: seed, operations: shrunk.operations,
                                                operationsRun: log.operationsRun, seconds: timeout)
                hang.failure?.originalCount = log.operations.count
                report = report.followed(by: hang)
            case .exited(let status):
                // A child that saved no report stopped on an error of its own.
                guard attempt > 0 || FileManager.default.fileExists(atPath: reportPath) else { return status }
            case .timedOut:
                return ExitStatus.error.rawValue
            }
            break
        }
        if let stoppedShort, report.operationsRun < operations {
            StandardStreams.write("note: verify stopped after \(report.operationsRun) of \(operations) operations: \(stoppedShort)\n", to: .error)
        }
        report.seconds = Date().timeIntervalSince(started)
        return try deliver(report)
    }

    /// `report` with a crash of a session child: the first one shrunk and
    /// reported (a crash is reported once, as any kind of finding is), and
    /// the operation that crashed counted as run.
    private func reportingCrash(_ signal: Int32, log: (operationsRun: Int, operations: [String]), in report: Verifier.Report,
                                isolation: VerifyIsolation, fixedPrefix: Int, crashPath: String) -> Verifier.Report {
        var report = report
        if !report.failures.contains(where: { $0.findings.first?.check == .crash }) {
            // A crash in the checks of a shrink, not in the session itself, does
            // not come back from a fresh session: then the session is reported as it ran.
            let reproduces = isolation.crashes(log.operations)
            let shrunk = reproduces
                ? isolation.shrink(log.operations, fixedPrefix: fixedPrefix, while: isolation.crashes).operations : log.operations
            report = report.followed(by: Verifier.Report.crash(
                layout: layout, seed: seed, operations: shrunk, originalCount: log.operations.count,
                operationsRun: log.operationsRun, signal: signal, backtrace: CrashBacktrace.read(from: crashPath),
                inTheChecks: reproduces && isolation.crashesOnlyInTheChecks(shrunk)))
        }
        report.operationsRun = max(report.operationsRun, log.operationsRun + 1)
        return report
    }

    /// Without `--setup`, every session makes the layout over `sections 4
    /// items=9`: a failure of those two commands alone, a warning of the
    /// first pass (a section provider's nil, UIKit's exception) or a crash,
    /// is often a layout made for its app's own data (a section provider
    /// with one kind of section per index, fewer than four), which wants
    /// that data. Nil for any other failure.
    static func defaultDataHint(for failure: Verifier.Failure, layout: String, hasSetup: Bool) -> String? {
        guard !hasSetup, failure.operations.count == 2, let data = failure.operations.first,
              failure.findings.allSatisfy({ $0.check == .warning || $0.check == .crash }) else { return nil }
        return "  note: every session starts with '\(data)', then 'layout \(layout)' over that data; a layout made for its app's own data (one kind of section per index) wants that data: --setup FILE.stk with its 'sections' (and --keep-sections for a fixed set of sections)"
    }

    /// Prints the report, writes the reproducer (--out) and the JUnit report;
    /// the exit status: 0 nothing found, 1 a finding.
    func deliver(_ report: Verifier.Report) throws -> Int32 {
        var lines: [String] = []
        var reproducers: [String] = []
        for (index, failure) in report.failures.enumerated() {
            let script = Verifier.reproducer(for: failure, report: report, plugins: global.plugins, ignoring: ignoredChecks)
            reproducers.append(script)
            let shrunk = "shrunk from \(failure.originalCount) operations to \(failure.operations.count)"
            if failure.findings.first?.check == .crash {
                let culprit = failure.crashedInTheChecks ? "the checks after '\(failure.operations.last ?? "")' crash" : "'\(failure.operations.last ?? "")' crashes"
                lines.append("FAIL: \(layout): \(culprit) the layout (seed \(seed); after \(failure.atOperation ?? report.operationsRun) operations; \(shrunk))")
            } else if failure.findings.first?.check == .hang {
                lines.append("FAIL: \(layout): '\(failure.operations.last ?? "")' hangs (seed \(seed); after \(failure.atOperation ?? report.operationsRun) operations; \(shrunk))")
            } else {
                let again = index == 0 ? "" : "also "
                lines.append("FAIL: \(layout): \(again)the checks failed after '\(failure.operations.last ?? "")' (seed \(seed); \(shrunk))")
            }
            for finding in failure.findings.prefix(10) { lines.append("  \(finding)") }
            if failure.findings.count > 10 { lines.append("  ... and \(failure.findings.count - 10) more") }
            if let hint = Self.defaultDataHint(for: failure, layout: layout, hasSetup: setup != nil) { lines.append(hint) }
            if let path = Self.reproducerPath(out, index: index) {
                do {
                    try SafeFile.replace(Data(script.utf8), at: path)
                } catch {
                    try TestCommand.fail("\(error)")
                }
                lines.append("reproducer: \(path) (run it: stk \(global.plugins.map { "--plugin \($0) " }.joined())\(path))")
            } else {
                lines.append("reproducer (--out FILE.stk writes it):")
                lines += script.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
            }
        }
        if report.failures.isEmpty {
            let aside = LayoutChecks.Finding.Check.words(of: ignoredChecks)
            lines.append("PASS: \(layout): \(report.operationsRun) operations (seed \(seed)), no findings"
                         + (aside.isEmpty ? "" : " but those set aside (--ignore \(aside.joined(separator: " ")))"))
        }
        let reproducer = reproducers.first
        if json {
            // One object per line: each finding, then the summary.
            lines = Self.jsonLines(report, reproducer: reproducer, out: out, ignoring: ignoredChecks)
        } else if let ratio = report.overInvalidationRatio {
            lines.append(String(format: "over-invalidation: %d of %d elements named by scroll contexts had not changed (%.0f%%)",
                                report.namedButUnchanged, report.namedByContexts, ratio * 100))
        }
        TestCommand.printOut(lines)
        if let junit {
            do {
                try Self.writeJUnit(report, reproducer: reproducer, to: junit, ignoring: ignoredChecks)
            } catch {
                try TestCommand.fail("cannot write the JUnit report \(junit): \(error)")
            }
        }
        return report.failure == nil ? ExitStatus.success.rawValue : ExitStatus.expectationFailed.rawValue
    }

    /// Where the reproducer of failure `index` goes: `--out` for the first,
    /// then `NAME-2.stk`, `NAME-3.stk` ... beside it; nil without `--out`.
    static func reproducerPath(_ out: String?, index: Int) -> String? {
        guard let out else { return nil }
        guard index > 0 else { return out }
        let url = URL(fileURLWithPath: out)
        let ext = url.pathExtension
        let stem = ext.isEmpty ? out : String(out.dropLast(ext.count + 1))
        return stem + "-\(index + 1)" + (ext.isEmpty ? "" : "." + ext)
    }

    /// - interrupted: the run was stopped (SIGINT, SIGTERM) after
    ///   `report.operationsRun` operations: an `<error type="interrupted">`.
    static func writeJUnit(_ report: Verifier.Report, reproducer: String?, to path: String, interrupted: Bool = false,
                           ignoring: Set<LayoutChecks.Finding.Check> = []) throws {
        let time = String(format: "%.3f", report.seconds)
        let failures = report.failure == nil ? 0 : 1
        let errors = interrupted ? 1 : 0
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"stk verify\" tests=\"1\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
        xml += "  <testsuite name=\"stk verify\" tests=\"1\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
        let name = JUnitReport.attribute(report.layout)
        xml += "    <testcase classname=\"verify\" name=\"\(name)\" time=\"\(time)\""
        if interrupted {
            let message = JUnitReport.attribute("interrupted after \(report.operationsRun) operations (seed \(report.seed))")
            xml += ">\n      <error message=\"\(message)\" type=\"interrupted\"/>\n    </testcase>\n"
        } else if let failure = report.failure {
            let message = JUnitReport.attribute(failure.findings.first.map { "\($0)" } ?? "failed")
            var body = failure.findings.map { "\($0)" }.joined(separator: "\n") + "\n\n" + (reproducer ?? "")
            for other in report.otherFailures {
                body += "\n" + other.findings.map { "\($0)" }.joined(separator: "\n") + "\n\n"
                    + Verifier.reproducer(for: other, report: report, plugins: [], ignoring: ignoring)
            }
            xml += ">\n      <failure message=\"\(message)\" type=\"verify\">\(JUnitReport.cdata(body))</failure>\n    </testcase>\n"
        } else {
            xml += "/>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SafeFile.replace(Data(xml.utf8), at: path)
    }
}
