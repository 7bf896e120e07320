import Foundation
import Testing
@testable import StkScript

/// `stk test --update`: the `#>` lines rewritten from the actual output and
/// every other byte kept.
@Suite("Transcript runner --update")
struct TranscriptRunnerUpdateTests {
    @Test func onlyTheExpectedLinesOfMismatchingCommandsChange() throws {
        let folder = try TranscriptFolder()
        // CRLF endings, comments, blank lines, an indented command, a matching
        // wildcard block (kept as written), a wrong block (replaced), a command
        // with output and no block (one inserted) and a stale block after a
        // command that prints nothing (removed).
        // The lines up to the wrong block: the rewrite keeps them as they are.
        let head = [
            "# header comment",
            "layout flow-sticky itemSize=130x50 minimumInteritemSpacing=0 minimumLineSpacing=0 headerSize=390x30",
            "sections 2 items=6",
            "",
            "visible",
            "#> ...",
            "#> 14 elements",
            "  # an indented comment",
            "  attr item 0:4",
        ]
        let original = (head + [
            "  #> item 0:4 frame=0,0,1,1 zIndex=0 alpha=1 hidden=false",
            "  #> a second wrong line",
            "",
            "contentsize   # trailing comment",
            "scroll to 0,100",
            "#> stale",
            "attr header 0",
            "#> header 0 frame=0,100,390,30 zIndex=2 alpha=1 hidden=false pinned",
            "# last line without a newline",
        ]).joined(separator: "\r\n")
        try folder.write("update.stk", original)
        let file = TranscriptFile(displayPath: "update.stk", path: folder.root.appendingPathComponent("update.stk").path)

        let result = runTranscript(file, update: true)

        // item 0:4: x = 130, y = 30 + 50 (see gridSetup); content 390x260.
        let expected = (head + [
            "  #> item 0:4 frame=130,80,130,50 zIndex=0 alpha=1 hidden=false",
            "",
            "contentsize   # trailing comment",
            "#> 390x260",
            "scroll to 0,100",
            "attr header 0",
            "#> header 0 frame=0,100,390,30 zIndex=2 alpha=1 hidden=false pinned",
            "# last line without a newline",
        ]).joined(separator: "\r\n")
        #expect(try folder.read("update.stk") == expected)
        #expect(result.outcome == .passed)
        #expect(result.updated)
        #expect(TranscriptReport.lines(for: result) == ["UPDATED: update.stk"])
        // And the rewritten file passes as it is.
        let again = runTranscript(file, update: true)
        #expect(again.outcome == .passed)
        #expect(!again.updated)
    }

    @Test func aPassingFileIsNeverWritten() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("pass.stk", gridSetup + "\ncontentsize\n#> 390x260\n")
        let inode = try folder.inode("pass.stk")
        let result = runTranscript(file, update: true)
        #expect(result.outcome == .passed)
        #expect(!result.updated)
        // An atomic rewrite renames a new file over the old: the inode would change.
        #expect(try folder.inode("pass.stk") == inode)
    }

    @Test func aFileWithAnErrorIsLeftAloneAndStillFails() throws {
        let folder = try TranscriptFolder()
        let text = gridSetup + "\ncontentsize\n#> 1x1\nattr item 9:0\n"
        let file = try folder.write("error.stk", text)
        let result = runTranscript(file, update: true)
        #expect(result.outcome == .failed)
        #expect(!result.updated)
        #expect(try folder.read("error.stk") == text)
        #expect(result.failureLines.last == "note: not updated: the file has errors; fix them and run --update again")
    }

    @Test func aFailedExpectationStillFailsAfterTheOutputIsRewritten() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("expect.stk", gridSetup + "\nexpect contentsize == 390,100\ncontentsize\n#> 1x1\n")
        let result = runTranscript(file, update: true)
        #expect(result.outcome == .failed)
        #expect(result.updated)
        #expect(try folder.read("expect.stk") == gridSetup + "\nexpect contentsize == 390,100\ncontentsize\n#> 390x260\n")
        #expect(TranscriptReport.lines(for: result) == [
            "FAIL: expect.stk",
            "expect.stk:3:1: error: expectation failed: contentsize is 390x260, expected == 390x100",
            "    expect contentsize == 390,100",
            "    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~",
            "note: its '#>' lines were rewritten from the actual output; the failures above remain",
            "",
        ])
    }

    @Test func aRewriteKeepsTheFilesPermissions() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("mode.stk", gridSetup + "\ncontentsize\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        #expect(runTranscript(file, update: true).updated)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o640)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root.path) == ["mode.stk"])
    }
}
