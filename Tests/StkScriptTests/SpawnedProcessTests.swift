import ChildProcesses
import Foundation
import StkTestSupport
import Testing
@testable import StkScript

/// SpawnedProcess, the one way stk starts a child: how a child ends, its
/// streams, a deadline, and the signal state it starts with.
@Suite struct SpawnedProcessTests {
    func shell(_ script: String, stdout: SpawnedProcess.Stream = .null, resetSignals: Bool = true) throws -> SpawnedProcess {
        try SpawnedProcess(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                           stdout: stdout, stderr: .null, resetSignals: resetSignals)
    }

    @Test func exitStatusAndSignalAreTold() throws {
        #expect(try shell("exit 3").wait() == .exited(3))
        #expect(try shell("kill -SEGV $$").wait() == .signalled(SIGSEGV))
        let missing = #expect(throws: SpawnedProcess.SpawnError.self) {
            try SpawnedProcess(executable: "/no/such/program", arguments: [], environment: [:])
        }
        #expect(missing?.description.hasPrefix("cannot run /no/such/program: ") == true)
    }

    /// `run`, as the toolchain is run to build a source plugin: both streams
    /// in one text, or standard error apart; a name found on PATH; a signal
    /// reported as a shell does (128 + its number).
    @Test func aProgramRunToItsEndHasItsOutputCaptured() throws {
        let both = try SpawnedProcess.run("sh", ["-c", "echo out; echo err >&2; exit 4"])
        #expect(both.termination == .exited(4))
        #expect(both.status == 4)
        #expect(both.output == "out\nerr\n")
        #expect(both.errorOutput == "")

        let apart = try SpawnedProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], separateStandardError: true)
        #expect(apart.status == 0)
        #expect(apart.output == "out\n")
        #expect(apart.errorOutput == "err\n")

        let killed = try SpawnedProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(killed.termination == .signalled(SIGTERM))
        #expect(killed.status == 128 + SIGTERM)

        // More than a pipe holds (64 KiB): read while it runs, not after.
        let large = try SpawnedProcess.run("/bin/sh", ["-c", "head -c 300000 /dev/zero | tr '\\0' x"])
        #expect(large.output.utf8.count == 300_000)
        #expect(throws: SpawnedProcess.SpawnError.self) { try SpawnedProcess.run("/no/such/program", []) }
    }

    @Test func aDeadlineStopsWaitingAndKillEndsIt() throws {
        let child = try shell("sleep 30")
        #expect(child.wait(until: SpawnedProcess.deadline(after: 0.2)) == nil, "still running after 0.2 s")
        #expect(child.kill() == .signalled(SIGKILL))
        // Once waited for, it is not signalled again, and waiting answers at once.
        child.signal(SIGTERM)
        #expect(child.wait(until: SpawnedProcess.deadline(after: 0)) == .signalled(SIGKILL))
    }

    @Test func standardOutputGoesWhereItIsSent() throws {
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("out").path
        #expect(try shell("echo to-a-file", stdout: .file(file)).wait() == .exited(0))
        #expect(try folder.read("out") == "to-a-file\n")

        let pipe = try #require(SpawnedProcess.pipe())
        let child = try shell("echo through-a-pipe", stdout: .descriptor(pipe.write))
        close(pipe.write)
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(pipe.read, &bytes, bytes.count)
        close(pipe.read)
        #expect(child.wait() == .exited(0))
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "through-a-pipe\n")
    }

    /// stk blocks signals in some threads (its interrupt watch): a child
    /// started with `resetSignals` still dies of SIGTERM; one that inherits
    /// the blocked mask does not.
    @Test func aChildStartsWithSignalsReset() throws {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // sleep itself, not through a shell (which sets its own signal mask).
        func sleep(resetSignals: Bool) throws -> SpawnedProcess {
            try SpawnedProcess(executable: "/bin/sleep", arguments: ["30"], environment: [:], resetSignals: resetSignals)
        }
        let reset = try sleep(resetSignals: true)
        let inherited = try sleep(resetSignals: false)
        reset.signal(SIGTERM)
        inherited.signal(SIGTERM)
        #expect(reset.wait(until: SpawnedProcess.deadline(after: 10)) == .signalled(SIGTERM))
        #expect(inherited.wait(until: SpawnedProcess.deadline(after: 0.5)) == nil, "SIGTERM stayed blocked")
        #expect(inherited.kill() == .signalled(SIGKILL))
    }
}
