import Foundation
import StkTestSupport
import Testing

/// A write to stdout or stderr that fails is an error (exit 2) reported on the
/// other stream, never a Swift trap (exit 132 or a signal).
@Suite struct OutputFailureTests {
    /// Runs `stk ARGS` through the shell with `redirections` appended.
    func shell(_ arguments: String, _ redirections: String) throws -> (status: Int32, output: String) {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                       ["-c", "'\(try StkExecutable.locate().path)' \(arguments) \(redirections)"])
        #expect(run.reason == .exit)
        return (run.status, run.output)
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
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "trap '' PIPE; '\(try StkExecutable.locate().path)' -e 'sections 2000 items=10; set itemSize=1x1; \(visibleTenTimes)' 2>/dev/null | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}"],
                                       errors: .inherited)
        #expect(run.output == "2\n")
    }
}
