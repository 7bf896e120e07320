import Foundation
import StkTestSupport
import Testing

/// `stk test` in CI: an update asked by the environment alone fails the run,
/// `--update-missing` and `--write-new`, and a JUnit report written even when
/// the run is interrupted.
@Suite("stk test in CI")
struct StkTestUpdateSafetyTests {
    static let failing = StkTestCommandTests.failing

    @Test func stkUpdateInCIRewritesButFails() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing])
        let run = try folder.stk("test", environment: ["STK_UPDATE": "1", "CI": "true"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("FAIL: fail.stk\n"))
        #expect(run.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(run.stderr.contains("CI is set"))
        // The file was rewritten all the same, for the diff of the CI job.
        #expect(try folder.read("fail.stk").contains("#> header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false\n"))
        #expect(try folder.stk("test").status == 0)
    }

    @Test func anExplicitUpdateInCIPasses() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing])
        let run = try folder.stk("test", "--update", environment: ["CI": "true"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "UPDATED: fail.stk\n1 passed, 0 failed\n")
    }

    @Test func ciSetToFalseIsNotCI() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing])
        #expect(try folder.stk("test", environment: ["STK_UPDATE": "1", "CI": "false"]).status == 0)
    }

    @Test func writeNewPutsTheUpdateBesideTheFile() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing])
        let run = try folder.stk("test", "--write-new")
        #expect(run.status == 1)
        #expect(run.stdout.contains("note: the file as --update would write it: fail.stk.new\n"))
        #expect(try folder.read("fail.stk") == Self.failing)
        #expect(try folder.read("fail.stk.new").contains("#> header 1 frame=0,130,390,30"))
        // The environment asks for it too.
        let again = try TranscriptCommandFolder(["fail.stk": Self.failing])
        #expect(try again.stk("test", environment: ["STK_UPDATE": "new"]).status == 1)
        #expect(FileManager.default.fileExists(atPath: again.url("fail.stk.new").path))
    }

    @Test func updateMissingFillsOnlyEmptyBlocks() throws {
        let text = StkTestCommandTests.setup + "contentsize\n" + "attr header 1\n#> header 1 frame=0,0,1,1 zIndex=1 alpha=1 hidden=false\n"
        let folder = try TranscriptCommandFolder(["f.stk": text])
        let run = try folder.stk("test", "--update-missing")
        #expect(run.status == 1)
        let after = try folder.read("f.stk")
        #expect(after.contains("contentsize\n#> 390x260\n"))
        #expect(after.contains("#> header 1 frame=0,0,1,1 zIndex=1"))
    }

    @Test func twoUpdateModesAreRefused() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing])
        let run = try folder.stk("test", "--update", "--write-new")
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot be used together"))
    }

    /// SIGTERM while the second file runs: the first is in the report, the
    /// second is an `<error>` of type `interrupted`, and no child is left.
    @Test func anInterruptedRunStillWritesItsReport() throws {
        let folder = try TranscriptCommandFolder([
            "a.stk": "echo a\n#> a\n",
            "b.stk": "sections 2000000 items=100\nscroll by 0,1000000 steps=10000\nscroll by 0,-1000000 steps=10000\n",
        ])
        let process = Process()
        process.executableURL = try StkExecutable.locate()
        process.arguments = ["test", "-j", "1", "--timeout", "20", "--junit", "report.xml", "a.stk", "b.stk"]
        process.currentDirectoryURL = folder.root
        let output = folder.root.appendingPathComponent("stdout.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let outputHandle = try FileHandle(forWritingTo: output)
        defer { try? outputHandle.close() }
        process.standardOutput = outputHandle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Wait until the first file is through (its child has come and gone).
        let deadline = ContinuousClock.now + .seconds(30)
        usleep(1_500_000)
        process.terminate()
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 128 + SIGTERM)
        let report = try folder.read("report.xml")
        #expect(report.contains("tests=\"2\""), "\(report)")
        #expect(report.contains("name=\"a.stk\" file=\"a.stk\" time="), "\(report)")
        #expect(report.contains("type=\"interrupted\""), "\(report)")
        #expect(report.contains("timestamp=\""))
        // The child the interrupt killed is not reported as a crash, and the
        // run does not finish on its own: the interrupt's report is the end.
        let printed = try String(contentsOf: output, encoding: .utf8)
        #expect(printed == "PASS: a.stk\n", "\(printed)")
    }
}
