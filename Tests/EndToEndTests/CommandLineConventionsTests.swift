import Foundation
import StkTestSupport
import Testing

/// The conventions of a command-line tool: `stk -`, standard input run as it
/// arrives (a coprocess), interactivity decided by standard input, `--color`
/// per stream, the startup file and `--init`, `--echo` showing comments.
///
/// Serialized, as the other terminal tests: concurrent forks could hand one
/// test's terminal to another test's child.
@Suite(.serialized)
final class CommandLineConventionsTests {
    /// HOME and XDG_STATE_HOME of the sessions of one test, removed with it.
    let home: ScratchFolder
    init() throws { home = try .terminalHome() }

    var environment: [String: String] {
        ["HOME": home.url.path, "TERM": "xterm", "LANG": "C.UTF-8", "XDG_STATE_HOME": home.url.path,
         "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    /// Expects the REPL on `terminal` to come to its prompt, answer
    /// `contentsize` with `size`, and end with status 0 at Ctrl-D: how these
    /// tests see that a REPL runs, on the data they expect.
    func expectREPL(_ terminal: PseudoTerminal, answersContentSize size: String, prompt: String = InteractiveSession.prompt,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        try terminal.waitFor(text: prompt)
        try terminal.write("contentsize\r")
        try terminal.waitFor(text: size)
        try terminal.waitFor(text: prompt)
        try terminal.write("\u{04}")
        #expect(try terminal.waitForExit() == .exited(0), sourceLocation: sourceLocation)
    }

    // MARK: stk -

    @Test func aDashReadsStandardInputInItsPlace() throws {
        let result = try StkProcess.run(["-e", "echo first", "-"], stdin: "echo from stdin\nbogus\n")
        #expect(result.stdout == "first\nfrom stdin\n", "\(result)")
        // Lines of standard input are numbered as its own.
        #expect(result.stderr.hasPrefix("<stdin>:2:1: error: unknown command 'bogus'"), "\(result)")
        #expect(result.status == 2)
    }

    // MARK: A coprocess

    /// Each entry runs as soon as it is complete: the answer to the first
    /// command comes back while standard input is still open.
    @Test func standardInputRunsLineByLineAsItArrives() throws {
        let process = Process()
        process.executableURL = try StkExecutable.locate()
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = output.fileHandleForReading

        func ask(_ line: String) throws -> String {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            var answer = Data()
            let deadline = ContinuousClock.now + .seconds(20)
            while !answer.contains(0x0A) {
                guard ContinuousClock.now < deadline else { throw PseudoTerminal.Failure(description: "no answer to \(line)") }
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                answer += chunk
            }
            return String(decoding: answer, as: UTF8.self)
        }
        #expect(try ask("sections 2 items=3; contentsize") == "390x188\n")
        // A batch runs when its `end` arrives.
        input.fileHandleForWriting.write(Data("batch\ndelete section 0\n".utf8))
        #expect(try ask("end; contentsize") == "390x94\n")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    // MARK: Interactivity

    /// `stk | cat` at a terminal is the REPL: someone is typing.
    ///
    /// Started once more if the first start shows neither banner nor prompt
    /// within 30 s: under the whole suite (and only there: not in 110 runs of
    /// this suite alone, on a machine kept busy) the first start has twice
    /// printed a line break and nothing else, with the REPL started from a
    /// test process whose other threads start children at the same moment.
    /// The second start must give the REPL; a stk that never does still fails.
    @Test func aTerminalOnStandardInputGetsTheREPLEvenWhenOutputIsAPipe() throws {
        let stk = try StkExecutable.locate().path
        func start() throws -> PseudoTerminal {
            try PseudoTerminal(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "'\(stk)' | cat"], environment: environment)
        }
        var terminal = try start()
        do {
            try terminal.waitFor(text: InteractiveSession.prompt, timeout: .seconds(30))
        } catch {
            print("note: \(error); starting it once more")
            print("note: the first start's processes:\n\(terminal.sessionReport())")
            terminal.terminate()
            terminal = try start()
            do {
                try terminal.waitFor(text: InteractiveSession.prompt)
            } catch {
                // Where it hangs, for whoever reads the log.
                Issue.record("\(error)\nthe processes of its terminal:\n\(terminal.sessionReport())")
                throw error
            }
        }
        try terminal.write("contentsize\r")
        // The answer reaches the terminal through `cat`, the next prompt
        // straight from stk: either may come first. (Waiting for the answer,
        // then for a prompt after it, failed whenever the prompt won.)
        try terminal.waitFor(allOf: ["390x3080", InteractiveSession.prompt])
        try terminal.write("\u{04}")
        #expect(try terminal.waitForExit() == .exited(0))
    }

    // MARK: Colour, per stream

    @Test func colourIsDecidedForEachStream() throws {
        let folder = try ScratchFolder()
        let commands = "scroll to 0,100; render width=30; attr item 99:0"
        // stdout to a file, stderr on the terminal: the diagnostic is coloured, the drawing is not.
        let stk = try StkExecutable.locate().path
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "'\(stk)' -e '\(commands)' > '\(folder.url.path)/out'"], environment: environment)
        _ = try terminal.waitForExit()
        let onTerminal = terminal.unmatchedOutput()
        #expect(onTerminal.contains("\u{1B}[1;31merror:"), "\(onTerminal.debugDescription)")
        let drawing = try folder.read("out")
        #expect(drawing.contains("H0*") && !drawing.contains("\u{1B}"))
    }

    @Test func colourCanBeForcedOrTurnedOff() throws {
        let commands = "scroll to 0,100; render width=30; attr item 99:0"
        let always = try StkProcess.run(["--color", "always", "-e", commands], environment: ["NO_COLOR": "1"])
        #expect(always.stdout.contains("\u{1B}["), "\(always)")
        #expect(always.stderr.contains("\u{1B}["), "\(always)")
        let never = try StkProcess.run(["--color", "never", "-e", commands])
        #expect(!never.stdout.contains("\u{1B}") && !never.stderr.contains("\u{1B}"))
        let auto = try StkProcess.run(["--color", "auto", "-e", commands])
        #expect(!auto.stdout.contains("\u{1B}") && !auto.stderr.contains("\u{1B}"))
        let bad = try StkProcess.run(["--color", "sometimes", "-e", "contentsize"])
        #expect(bad.status == 2)
    }

    // MARK: The startup file

    func startREPL(_ arguments: [String], extra: [String: String] = [:]) throws -> PseudoTerminal {
        var environment = environment
        for (key, value) in extra { environment[key] = value }
        return try PseudoTerminal(executable: try StkExecutable.locate(), arguments: arguments, environment: environment)
    }

    @Test func theREPLRunsTheStartupFileUnlessNoInit() throws {
        let config = home.url.appendingPathComponent("config")
        let stkrc = config.appendingPathComponent("stk/stkrc")
        try FileManager.default.createDirectory(at: stkrc.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# my defaults\nlayout grid-sticky\nsections 3 items=3\n".utf8).write(to: stkrc)

        let repl = try startREPL([], extra: ["XDG_CONFIG_HOME": config.path])
        try expectREPL(repl, answersContentSize: "150x150", prompt: "stk:grid-sticky> ")

        let plain = try startREPL(["--no-init"], extra: ["XDG_CONFIG_HOME": config.path])
        try expectREPL(plain, answersContentSize: "390x3080")
    }

    @Test func initRunsAFileFirstAndStaysInteractive() throws {
        let setup = home.url.appendingPathComponent("setup.stk")
        try Data("sections 1 items=1\nbogus\n".utf8).write(to: setup)
        let repl = try startREPL(["--no-color", "--init", setup.path])
        // Its error names the file and its line; the session goes on.
        try repl.waitFor(text: "setup.stk:2:1: error: unknown command 'bogus'")
        try expectREPL(repl, answersContentSize: "390x94")
    }

    @Test func initRunsBeforeScriptsToo() throws {
        let folder = try ScratchFolder(["setup.stk": "sections 1 items=1\n"])
        let result = try StkProcess.run(["--init", "setup.stk", "-e", "contentsize"], in: folder.url)
        #expect(result.stdout == "390x94\n", "\(result)")
        let ignored = try StkProcess.run(["--init", "setup.stk", "--no-init", "-e", "contentsize"], in: folder.url)
        #expect(ignored.stdout == "390x3080\n", "\(ignored)")
    }

    // MARK: --echo

    @Test func echoShowsCommentsWhereTheyStand() throws {
        let result = try StkProcess.run(["--echo", "-"], stdin: """
            # a title
            sections 1 items=1   # not a line of its own
              # indented
            contentsize
            #> 390x94
            # the end
            """)
        #expect(result.stdout == """
            # a title
            sections 1 items=1
              # indented
            contentsize
            390x94
            # the end

            """, "\(result)")
    }
}
