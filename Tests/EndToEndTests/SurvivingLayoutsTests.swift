import ChildProcesses
import Foundation
import StkTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A session survives its layout: the example layouts of Examples/Misbehaving,
/// built from source by the suite, crash (`crashes=true`) or hang
/// (`hangs=true`) on demand. At the REPL a crash, a hang stopped by Ctrl-C or
/// an interrupted long command costs the one entry, and the session goes on
/// exactly as it was; `stk test` fails the file and runs the others.
///
/// Serialized: the pseudo-terminal tests fork, as REPLTests do.
@Suite(.serialized)
final class SurvivingLayoutsTests {
    static let misbehaving = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/Misbehaving")
    static var crashing: String { misbehaving.appendingPathComponent("CrashingLayout.swift").path }
    static var hanging: String { misbehaving.appendingPathComponent("HangingLayout.swift").path }

    /// One plugin cache for the suite: each layout is built once.
    let cache: URL
    /// HOME and XDG_STATE_HOME of the sessions of one test, removed with it.
    let home: ScratchFolder

    init() throws {
        cache = FileManager.default.temporaryDirectory.appendingPathComponent("stk-surviving-cache")
        home = try .terminalHome()
    }

    var environment: [String: String] {
        get throws { try SourceAdapterTool.environment(cache: cache) }
    }

    /// `stk --repl` with stdin a file: the REPL front end and its worker, line
    /// by line, without a terminal (prompts go to stdout without a newline).
    func repl(_ lines: [String], plugins: [String] = []) throws -> StkResult {
        let arguments = plugins.flatMap { ["--plugin", $0] } + ["--repl"]
        return try StkProcess.run(arguments, stdin: lines.joined(separator: "\n") + "\n", environment: try environment)
    }

    /// stdout without the prompts, which the REPL prints before each entry.
    static func withoutPrompts(_ text: String) -> [String] {
        StkResult.lines(text).map { line in
            var rest = Substring(line)
            while rest.hasPrefix("stk:"), let end = rest.range(of: "> ") { rest = rest[end.upperBound...] }
            return String(rest)
        }.filter { !$0.isEmpty }
    }

    // MARK: A crash at the REPL

    /// The crash is reported where it happened (the entry's location, the
    /// command, the signal, the layout's own frame with its file and line),
    /// and the next entries see the state before the crashing one: offset 60.
    @Test func aCrashCostsOneEntryAndNamesTheLayoutsLine() throws {
        let result = try repl([
            "layout crashing-layout", "scroll to 0,60", "set crashes=true", "attr item 0:0", "render width=20",
        ], plugins: [Self.crashing])
        #expect(result.status == 0, "\(result)")
        let errors = result.stderrLines
        #expect(errors.contains("error: the layout crashed while running 'set crashes=true': SIGILL, a Swift runtime trap"), "\(result)")
        // CrashingLayout.swift line 13 is `return [all[all.count + 5]]`.
        #expect(errors.contains { $0.hasPrefix("  at CrashingLayout.layoutAttributesForElements(in:) (") && $0.hasSuffix("CrashingLayout.swift:13:20)") }, "\(result)")
        #expect(errors.contains("note: the session goes on in a new process, as it was before this entry (2 entries replayed in 0.00 s)")
                || errors.contains { $0.hasPrefix("note: the session goes on in a new process, as it was before this entry (2 entries replayed in ") }, "\(result)")
        #expect(!result.stderr.contains("differs"), "\(result)")
        // The runtime's reason stays; its banner ("*** Signal 4: Backtracing
        // from 0x...") does not reach the terminal.
        #expect(errors.contains { $0.hasSuffix("Fatal error: Index out of range") }, "\(result)")
        #expect(!result.stderr.contains("Backtracing") && !result.stderr.contains("*** Signal"), "\(result)")
        let output = Self.withoutPrompts(result.stdout)
        // A plain flow layout: items 50x50 at the top-left, no headers.
        #expect(output.dropFirst().first == "item 0:0 frame=0,0,50,50 zIndex=0 alpha=1 hidden=false", "\(result)") // after the banner
        #expect(output.contains { $0.hasPrefix("offset=0,60 ") }, "\(result)")
    }

    /// A layout that crashes while `step` has its operation paused: the
    /// replay pauses it again at the same phase, where the session goes on.
    @Test func aCrashWhilePausedComesBackPausedAtTheSamePhase() throws {
        let result = try repl([
            "layout crashing-layout", "step on", "set crashes=true", "next 3", "continue", "attr item 0:0",
        ], plugins: [Self.crashing])
        #expect(result.status == 0, "\(result)")
        let errors = result.stderrLines
        // The query phase runs the crashing layoutAttributesForElements(in:).
        #expect(errors.contains("error: the layout crashed while running 'continue': SIGILL, a Swift runtime trap"), "\(result)")
        #expect(errors.contains { $0.hasPrefix("note: the session goes on in a new process, as it was before this entry (4 entries replayed in ") }, "\(result)")
        #expect(!result.stderr.contains("differs"), "\(result)")
        // Paused after context, invalidate, prepare, content size: the prompt
        // says so before and after the crash, and the layout answers there.
        #expect(result.stdout.components(separatedBy: "stk:crashing-layout [set content size]> ").count - 1 == 3, "\(result)")
        #expect(Self.withoutPrompts(result.stdout).contains("item 0:0 frame=0,0,50,50 zIndex=0 alpha=1 hidden=false"), "\(result)")
    }

    /// Replay is exact: a session that crashed in its middle prints, from then
    /// on, exactly what the same session without the crashing entry prints,
    /// through every `undo` back to the start. Seeded random sessions.
    @Test(arguments: [1, 2, 3])
    func aCrashedSessionGoesOnExactlyAsOneThatNeverCrashed(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var session = ["layout crashing-layout"]
        for _ in 0..<25 { session.append(Self.randomCommand(&random)) }
        var after = ["save replayed.stk", "context"]
        for _ in 0..<30 { after += ["undo", "render width=24", "attr item 0:1"] }

        let crashed = try repl(session + ["layout crashing-layout crashes=true"] + after, plugins: [Self.crashing])
        let straight = try repl(session + after, plugins: [Self.crashing])
        #expect(crashed.stderr.contains("error: the layout crashed"), "\(crashed)")
        #expect(!crashed.stderr.contains("differs"), "\(crashed)")
        #expect(Self.withoutPrompts(crashed.stdout) == Self.withoutPrompts(straight.stdout))
    }

    static func randomCommand(_ random: inout SplitMix64) -> String {
        switch random.next() % 9 {
        case 0: return "scroll to 0,\(random.next() % 600)"
        case 1: return "bounds \(200 + random.next() % 300)x\(300 + random.next() % 500)"
        case 2: return "insert item 0:\(random.next() % 3)"
        case 3: return "delete item 1:\(random.next() % 3)"
        case 4: return "set itemSize=\(20 + random.next() % 60)x\(20 + random.next() % 60)"
        case 5: return "undo"
        case 6: return "size item 2:\(random.next() % 5) \(10 + random.next() % 80)x\(10 + random.next() % 80)"
        case 7: return "inset \(random.next() % 30),0,0,0"
        default: return "scroll by 0,\(random.next() % 200) steps=\(1 + random.next() % 4)"
        }
    }

    /// An included file is replayed as it was read the first time, not as it
    /// is now: here `save --force` rewrites it before the crash (the saved
    /// history would scroll to 120 and then 10 on its own, making the replay
    /// longer and different). The session replays exactly: no warning, and
    /// `undo` goes back to 120, then 0.
    @Test func anIncludedFileIsReplayedAsItWasRead() throws {
        let folder = try ScratchFolder()
        let included = folder.url.appendingPathComponent("setup.stk")
        try Data("scroll to 0,120\n".utf8).write(to: included)
        let result = try repl([
            "layout crashing-layout", "include \(included.path)", "scroll to 0,10", "save --force \(included.path)",
            "layout crashing-layout crashes=true",
            "render width=20", "undo", "render width=20", "undo", "render width=20",
        ], plugins: [Self.crashing])
        #expect(result.stderr.contains("error: the layout crashed"), "\(result)")
        #expect(!result.stderr.contains("differs"), "\(result)")
        let offsets = Self.withoutPrompts(result.stdout).filter { $0.hasPrefix("offset=") }.map { $0.split(separator: " ")[0] }
        #expect(offsets == ["offset=0,10", "offset=0,120", "offset=0,0"], "\(result)")
    }

    // MARK: At a terminal

    /// A session on a terminal with `plugin` loaded and its layout `layout`
    /// chosen, and the prompt that names it.
    func terminalSession(plugin: String, layout: String) throws -> (InteractiveSession, prompt: String) {
        let session = try InteractiveSession(stateHome: home.url, arguments: ["--plugin", plugin], extraEnvironment: try environment)
        return (session, try session.useLayout(layout))
    }

    /// Through a real terminal: the crash is reported, the prompt comes back,
    /// and the state and the undo history are as before the crashing entry.
    @Test func aCrashAtTheTerminalKeepsTheSessionAndItsUndoHistory() throws {
        let (session, prompt) = try terminalSession(plugin: Self.crashing, layout: "crashing-layout")
        try session.run("scroll to 0,40", expectingPrompt: prompt)
        try session.run("scroll to 0,80", expectingPrompt: prompt)
        let crash = try session.run("set crashes=true", expectingPrompt: prompt)
        #expect(crash.contains("error: the layout crashed while running 'set crashes=true'"), "\(crash.debugDescription)")
        #expect(crash.contains("CrashingLayout.swift:13:20"), "\(crash.debugDescription)")
        try session.expectRendered(offset: "0,80", expectingPrompt: prompt)
        try session.run("undo", expectingPrompt: prompt)
        try session.expectRendered(offset: "0,40", expectingPrompt: prompt)
    }

    /// Ctrl-C during a long command (two million sections, the most there
    /// may be): the prompt comes back at once, and the state is the one
    /// before the command.
    @Test func ctrlCStopsALongCommandAndKeepsTheStateBeforeIt() throws {
        let session = try InteractiveSession(stateHome: home.url)
        try session.run("scroll to 0,30")
        try session.type("sections 2000000 items=100\r")
        try session.waitFor("\r\n") // the command was entered
        Thread.sleep(forTimeInterval: 0.5)
        try session.type("\u{03}")
        let interrupted = try session.waitFor(InteractiveSession.prompt)
        #expect(interrupted.contains("error: interrupted while running 'sections 2000000 items=100'"), "\(interrupted.debugDescription)")
        // The offset is 30: header 0 pinned at y 30.
        try session.expect("attr header 0", showsLine: "header 0 frame=0,30,390,44 zIndex=2 alpha=1 hidden=false pinned")
    }

    /// Waits until a process below `root` (the REPL's worker) has used
    /// `seconds` of CPU more than when the wait began: it is busy, not
    /// waiting to run. Reads /proc (utime and stime, in clock ticks).
    static func waitUntilADescendantSpins(of root: pid_t, forCPUSeconds seconds: Double, timeout: Double = 30) throws {
        func stat(_ pid: String) -> (parent: pid_t, ticks: Int)? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { return nil }
            // After the command's name: state, ppid, ..., utime (field 14) and stime (15).
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let parent = pid_t(fields[1]), let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            return (parent, user + system)
        }
        func descendantsTicks() -> [pid_t: Int] {
            var all: [pid_t: (parent: pid_t, ticks: Int)] = [:]
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                if let pid = pid_t(entry), let info = stat(entry) { all[pid] = info }
            }
            return all.filter { pid, _ in
                var current = pid
                while let parent = all[current]?.parent, parent > 1 {
                    if parent == root { return true }
                    current = parent
                }
                return false
            }.mapValues(\.ticks)
        }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let start = descendantsTicks()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for (pid, ticks) in descendantsTicks() where Double(ticks - (start[pid] ?? 0)) >= seconds * ticksPerSecond { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TimeoutError(description: "no process below \(root) used \(seconds) s of CPU within \(timeout) s")
    }

    struct TimeoutError: Error, CustomStringConvertible { let description: String }

    /// A layout stuck in a loop: Ctrl-C is the way out, and the session goes on.
    @Test func ctrlCStopsAHangingLayout() throws {
        let (session, prompt) = try terminalSession(plugin: Self.hanging, layout: "hanging-layout")
        try session.run("scroll to 0,25", expectingPrompt: prompt)
        // Ctrl-C once the worker is in the loop: it has spun for a third of a
        // second of CPU. A fixed wait (0.5 s, then 1.5 s) was sometimes too
        // short while the suite loads both cores.
        func interrupt() throws -> (output: String, seconds: Double) {
            try session.type("set hangs=true\r")
            try session.waitFor("\r\n")
            try Self.waitUntilADescendantSpins(of: session.terminal.processID, forCPUSeconds: 0.3)
            let pressed = Date()
            try session.type("\u{03}")
            let output = try session.waitFor(prompt)
            return (output, Date().timeIntervalSince(pressed))
        }
        var (interrupted, seconds) = try interrupt()
        // Under the whole suite's load the runtime's report has twice named no
        // frame at all (never alone, nor under a CPU load): a second Ctrl-C,
        // on the session that went on, must then name the loop.
        if !interrupted.contains("  at HangingLayout.prepare() (") { (interrupted, seconds) = try interrupt() }
        #expect(interrupted.contains("error: interrupted while running 'set hangs=true'"), "\(interrupted.debugDescription)")
        // The worker ends as soon as the runtime has written where it was:
        // the front end's SIGKILL, 10 s after its SIGABRT, is for a worker
        // that does not (it was every time, before the worker's handler
        // raised the signal again after the runtime's report). No banner.
        #expect(seconds < 9, "\(interrupted.debugDescription)")
        #expect(!interrupted.contains("Backtracing"), "\(interrupted.debugDescription)")
        // Where the loop was: HangingLayout.swift's `while hangs {` loop (lines 13-15).
        // The signal lands on any instruction of the loop, and the compiler
        // gives some of them no line (line 0, which the report leaves out):
        // then the frame names the function and the file alone.
        let frame = interrupted.components(separatedBy: "\r\n").first { $0.hasPrefix("  at HangingLayout.prepare() (") }
        let place = frame.map { String($0.dropFirst("  at HangingLayout.prepare() (".count).dropLast()) }
        let parts = place?.split(separator: ":") ?? []
        #expect(parts.first?.hasSuffix("HangingLayout.swift") == true, "\(interrupted.debugDescription)")
        #expect(parts.count < 2 || (13...15).contains(Int(parts[1]) ?? 0), "\(interrupted.debugDescription)")
        try session.expectRendered(offset: "0,25", expectingPrompt: prompt)
    }

    // MARK: A crash in a script

    /// A script names the layout's own frame under the located error, as the
    /// REPL and `stk test` do, before the note on the module's name; the
    /// output before the crash is kept and the script stops with status 2.
    /// The runtime's banner stays off standard error. From a file and from
    /// standard input alike.
    @Test(arguments: [true, false])
    func aScriptNamesTheLayoutsLineOfACrash(fromFile: Bool) throws {
        let script = "load \(Self.crashing)\nlayout crashing-layout\nattr item 0:0\nset crashes=true\necho never\n"
        let folder = try TranscriptCommandFolder(["crash.stk": script])
        let run = fromFile
            ? try StkProcess.run(["crash.stk"], environment: try environment, in: folder.root)
            : try StkProcess.run([], stdin: script, environment: try environment, in: folder.root)
        #expect(run.status == 2, "\(run)")
        let place = fromFile ? "crash.stk" : "<stdin>"
        let errors = run.stderrLines
        let error = try #require(errors.firstIndex(of: "\(place):4:1: error: the layout crashed while running 'set crashes=true': SIGILL, a Swift runtime trap"), "\(run)")
        // CrashingLayout.swift line 13 is `return [all[all.count + 5]]`.
        let frame = errors.dropFirst(error + 1).first ?? ""
        #expect(frame.hasPrefix("  at CrashingLayout.layoutAttributesForElements(in:) (") && frame.hasSuffix("CrashingLayout.swift:13:20)"), "\(run)")
        #expect(errors.dropFirst(error + 2).first?.hasPrefix("note: StkSource_") == true, "\(run)")
        #expect(errors.contains { $0.hasSuffix("Fatal error: Index out of range") }, "\(run)")
        #expect(!run.stderr.contains("Backtracing") && !run.stderr.contains("*** Signal"), "\(run)")
        #expect(run.stdout == "item 0:0 frame=0,0,50,50 zIndex=0 alpha=1 hidden=false\n", "\(run)")
    }

    /// A script runs in a child of the stk process started (see
    /// ScriptSupervisor): stopped from outside, by SIGTERM (passed on) or
    /// SIGKILL (the child ends with its parent), stk ends by that signal and
    /// leaves nothing running. The script waits on standard input, a pipe
    /// nobody writes to.
    @Test(arguments: [SIGTERM, SIGKILL])
    func aScriptStoppedFromOutsideLeavesNothingRunning(signal: Int32) throws {
        let input = Pipe()
        defer { try? input.fileHandleForWriting.close() }
        // Started as a shell starts it, with no signal blocked (Foundation's
        // Process passes on what the test runner's thread blocks, SIGTERM too).
        let stk = try SpawnedProcess(executable: try StkExecutable.locate().path, arguments: ["-e", "sections 1 items=3", "-"],
                                     environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.url.path],
                                     stdin: .descriptor(input.fileHandleForReading.fileDescriptor), stdout: .null, stderr: .null)
        let parent = stk.pid
        // The child, once started.
        var child: pid_t?
        for _ in 0..<500 where child == nil {
            let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
            child = children.split(separator: " ").first.flatMap { pid_t($0) }
            if child == nil { usleep(10_000) }
        }
        let running = try #require(child, "stk started no child")
        usleep(200_000)
        kill(parent, signal)
        let ended = stk.wait(until: SpawnedProcess.deadline(after: 10)) ?? stk.kill()
        #expect(ended == .signalled(signal))
        var gone = false
        for _ in 0..<500 where !gone {
            gone = Self.hasEnded(running)
            if !gone { usleep(10_000) }
        }
        #expect(gone, "the script's process \(running) still runs")
        if !gone { kill(running, SIGKILL) }
    }

    /// Whether a process is gone or a zombie.
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }

    // MARK: stk test

    /// A passing, a crashing, a hanging and a passing file: the crash and the
    /// hang fail their files, the others run, the summary and the JUnit report
    /// are written, with the two as `<error>` elements.
    @Test func stkTestIsolatesACrashingAndAHangingFile() throws {
        let passing = "scroll to 0,10\nattr item 0:0\n#> item 0:0 frame=0,44,50,50 zIndex=0 alpha=1 hidden=false\n"
        let folder = try TranscriptCommandFolder([
            "a-pass.stk": passing,
            "b-crash.stk": "load \(Self.crashing)\nlayout crashing-layout\nattr item 0:0\n#> item 0:0 frame=0,0,50,50 zIndex=0 alpha=1 hidden=false\nset crashes=true\n",
            "c-hang.stk": "load \(Self.hanging)\nlayout hanging-layout\nset hangs=true\n",
            "d-pass.stk": passing,
        ])
        let run = try StkProcess.run(["test", "--timeout", "5", "--junit", "report.xml", "."],
                                     environment: try environment, in: folder.root)
        #expect(run.status == 1, "\(run)")
        let lines = run.lines
        #expect(lines.first == "PASS: a-pass.stk", "\(run)")
        #expect(lines.last == "2 passed, 2 failed", "\(run)")
        #expect(lines.contains("b-crash.stk:5:1: error: the layout crashed while running 'set crashes=true': SIGILL, a Swift runtime trap"), "\(run)")
        #expect(lines.contains("Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range"), "\(run)")
        #expect(lines.contains("output so far:") && lines.contains("  item 0:0 frame=0,0,50,50 zIndex=0 alpha=1 hidden=false"), "\(run)")
        #expect(lines.contains("c-hang.stk:3:1: error: timed out after 5 s while running 'set hangs=true' (stk test --timeout)"), "\(run)")
        #expect(lines.contains("PASS: d-pass.stk"), "\(run)")

        let xml = try XMLDocument(data: Data(contentsOf: folder.url("report.xml")))
        let errors = try xml.nodes(forXPath: "//testcase/error")
        #expect(errors.count == 2)
        #expect(try xml.nodes(forXPath: "//testcase/failure").isEmpty)
        let types = errors.compactMap { ($0 as? XMLElement)?.attribute(forName: "type")?.stringValue }
        #expect(types.sorted() == ["crash", "timeout"])
        let suite = try #require(try xml.nodes(forXPath: "/testsuites").first as? XMLElement)
        #expect(suite.attribute(forName: "errors")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "0")
    }

    // MARK: stk verify

    /// A layout that hangs under verify is a finding (exit 1) once an
    /// operation outlives --timeout: the operation named, the reproducer
    /// (shrunk by replays in children of their own) written, and the JUnit report.
    @Test func verifyReportsAHangAsAFinding() throws {
        let folder = try TranscriptCommandFolder(["setup.stk": "sections 2 items=5\nset hangs=true\n"])
        let run = try StkProcess.run(["verify", "--plugin", Self.hanging, "hanging-layout", "--setup", "setup.stk",
                                      "--timeout", "2", "--out", "repro.stk", "--junit", "report.xml"],
                                     environment: try environment, in: folder.root)
        #expect(run.status == 1, "\(run)")
        // Shrunk by replays that each may hang for --timeout: the setup's
        // data and the layout are fixed, and the hang needs its option.
        #expect(run.lines.first == "FAIL: hanging-layout: 'set hangs=true' hangs (seed 1; after 0 operations; shrunk from 3 operations to 3)", "\(run)")
        #expect(run.lines.contains("  [hang] 'set hangs=true' did not finish within 2 s: the layout hangs (an app would freeze)"), "\(run)")
        let reproducer = try String(contentsOf: folder.url("repro.stk"), encoding: .utf8)
        #expect(reproducer.hasSuffix("\nsections 2 items=5\nlayout hanging-layout\nset hangs=true\ncheck\n"), "\(reproducer)")
        let xml = try XMLDocument(data: Data(contentsOf: folder.url("report.xml")))
        let failure = try #require(try xml.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("[hang] 'set hangs=true'") == true)
    }

    /// SIGTERM (a CI job cancelled) while verify runs: how far it got on
    /// stderr, the JUnit report written with an `interrupted` error, and the
    /// exit status of the signal (128 + 15).
    @Test func verifyInterruptedStillWritesItsReport() throws {
        let folder = try TranscriptCommandFolder(["keep.stk": "echo\n"])
        let process = Process()
        process.executableURL = try StkExecutable.locate()
        process.arguments = ["verify", "flow-sticky", "--operations", "1000000", "--junit", "report.xml"]
        process.currentDirectoryURL = folder.root
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        process.terminate()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 143, "\(stderr)")
        #expect(stderr.hasPrefix("stk verify: interrupted after "), "\(stderr)")
        let xml = try XMLDocument(data: Data(contentsOf: folder.url("report.xml")))
        let error = try #require(try xml.nodes(forXPath: "//testcase/error").first as? XMLElement)
        #expect(error.attribute(forName: "type")?.stringValue == "interrupted")
    }

    @Test func aBadTimeoutIsRefused() throws {
        let run = try StkProcess.run(["test", "--timeout=-1", "."])
        #expect(run.status == 2)
        #expect(run.stderr == "error: --timeout -1.0: give a number of seconds, 0 for no limit\n")
    }
}
