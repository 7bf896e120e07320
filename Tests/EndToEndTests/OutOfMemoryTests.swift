import Foundation
import StkTestSupport
import Testing

/// Data too large for the memory a process may have is stk running out of
/// memory, said as such in every mode, never "the layout crashed": the REPL's
/// worker and `stk test`'s file children tell their parent before they die
/// (a script says it itself). Under a 400 MB address-space limit,
/// `sections 2000000 items=1` fails to allocate its 304 MB of sections.
///
/// Serialized, as the other terminal tests: concurrent forks could hand one
/// test's terminal to another test's child.
@Suite(.serialized) struct OutOfMemoryTests {
    static let limit = "ulimit -v 400000"
    static let tooLarge = "sections 2000000 items=1"
    static let said = "error: out of memory while running '\(tooLarge)': an allocation failed"

    @Test func stkTestSaysAChildRanOutOfMemory() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("big.stk", "\(Self.tooLarge)\ncontentsize\n#> 390x1\n")
        let stk = try StkExecutable.locate().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(Self.limit) && exec \"$0\" test \"$1\" 2>&1", stk, folder.url.appendingPathComponent("big.stk").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(text)")
        #expect(text.contains("big.stk:1:1: \(Self.said)"), "\(text)")
        #expect(!text.contains("the layout crashed"), "\(text)")
    }

    @Test func theREPLSaysItsWorkerRanOutOfMemoryAndGoesOn() throws {
        let home = try ScratchFolder.terminalHome()
        let stk = try StkExecutable.locate().path
        let environment = ["HOME": home.url.path, "XDG_STATE_HOME": home.url.path, "TERM": "xterm", "LANG": "C.UTF-8",
                           "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let terminal = try PseudoTerminal(executable: URL(fileURLWithPath: "/bin/sh"),
                                          arguments: ["-c", "\(Self.limit) && exec '\(stk)'"], environment: environment)
        defer { terminal.terminate() }
        try terminal.waitFor(text: InteractiveSession.prompt)
        try terminal.write("sections 3 items=2\r")
        try terminal.waitFor(text: InteractiveSession.prompt)
        try terminal.write("\(Self.tooLarge)\r")
        let seen = try terminal.waitFor(text: InteractiveSession.prompt)
        #expect(seen.contains(Self.said), "\(seen.debugDescription)")
        #expect(!seen.contains("the layout crashed"), "\(seen.debugDescription)")
        // The session goes on as it was before the entry: 3 sections of 2.
        try terminal.write("contentsize\r")
        let answer = try terminal.waitFor(text: InteractiveSession.prompt)
        #expect(answer.contains("390x282"), "\(answer.debugDescription)")
    }
}
