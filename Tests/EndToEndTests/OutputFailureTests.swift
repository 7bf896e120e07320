import Foundation
import Testing

/// A write to stdout or stderr that fails is an error (exit 2) reported on the
/// other stream, never a Swift trap (exit 132 or a signal).
@Suite struct OutputFailureTests {
    /// Runs `stk ARGS` through the shell with `redirections` appended.
    func shell(_ arguments: String, _ redirections: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(try StkExecutable.locate().path)' \(arguments) \(redirections)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aFullDeviceOnStdoutIsAnErrorOnStderr() throws {
        let result = try shell("-e visible", "> /dev/full")
        #expect(result.status == 2)
        #expect(result.output == "stk: error: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedStdoutIsAnErrorOnStderr() throws {
        let result = try shell("-e visible", ">&-")
        #expect(result.status == 2)
        #expect(result.output == "stk: error: cannot write to standard output: Bad file descriptor\n")
    }

    @Test func aFullDeviceOnStderrIsAnErrorOnStdout() throws {
        let result = try shell("-e 'attr header 99'", "2> /dev/full")
        #expect(result.status == 2)
        #expect(result.output == "stk: error: cannot write to standard error: No space left on device\n")
    }

    /// SIGPIPE ignored: the reader went away, EPIPE; stk stops with status 2.
    @Test func aVanishedReaderWithSigpipeIgnoredIsAnError() throws {
        // bash's PIPESTATUS gives stk's own status, not head's. The output
        // (ten times 12 KB) is larger than a pipe holds, so stk is still
        // writing when head leaves, however the two are scheduled.
        let visibleTenTimes = Array(repeating: "visible", count: 10).joined(separator: "; ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "trap '' PIPE; '\(try StkExecutable.locate().path)' -e 'sections 2000 items=10; set itemSize=1x1; \(visibleTenTimes)' 2>/dev/null | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == "2\n")
    }
}
