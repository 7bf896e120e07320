import Foundation
import Testing

/// Item updates and size overrides in huge sections cost what they change:
/// run under a 2 GB address-space limit, stk answers where the dense
/// computation wanted 4.8 GB (an insert into 1e8 items) and 16 GB (a size
/// for the last of 1e9 items) and aborted.
@Suite struct SparseItemDataTests {
    func limited(_ commands: String) throws -> StkResult {
        let stk = try StkExecutable.locate()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v 2000000 && exec \"$0\" -e \"$1\"", stk.path, commands]
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return StkResult(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                         status: process.terminationStatus)
    }

    @Test func insertingIntoAHundredMillionItemsRunsInBoundedMemory() throws {
        let r = try limited("sections 1 items=100000000; insert item 0:0; attr item 0:100000000")
        #expect(r.status == 0, "\(r)")
        #expect(r.lines == ["item 0:100000000 frame=272,1000000004,50,50 zIndex=0 alpha=1 hidden=false"], "\(r)")
    }

    @Test func sizingTheLastOfABillionItemsRunsInBoundedMemory() throws {
        let r = try limited("sections 1 items=1000000000; size item 0:999999999 10x10; attr item 0:999999999; contentsize")
        #expect(r.status == 0, "\(r)")
        #expect(r.lines == ["item 0:999999999 frame=180,10000000024,10,10 zIndex=0 alpha=1 hidden=false", "390x10000000054"], "\(r)")
    }
}
