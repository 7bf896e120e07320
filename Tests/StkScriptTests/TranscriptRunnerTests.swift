import Foundation
import Testing
@testable import StkScript

/// The transcript runner as a library: one file at a time.
@Suite("Transcript runner")
struct TranscriptRunnerTests {
    // Numbers (see `gridSetup`): item 0:4 is the second item of the second
    // line of section 0, so x = 1 x 130 = 130 and y = header 30 + line 50 = 80.
    // Content: 2 sections x (30 + 2 x 50) = 260 high, 390 wide.
    static let passing = gridSetup + """

        # the second line of section 0
        attr item 0:4
        #> item 0:4 frame=130,80,130,50 zIndex=0 alpha=1 hidden=false

        contentsize
        #> 390x260
        expect visible count == 14
        """

    @Test func aFileWhoseOutputMatchesPasses() throws {
        let result = try runTranscript(writing: "pass.stk", Self.passing + "\n")
        #expect(result.outcome == .passed)
        #expect(result.problems.isEmpty)
        #expect(TranscriptReport.lines(for: result) == ["PASS: pass.stk"])
    }

    @Test func aMismatchReportsTheCommandsLineAndAUnifiedDiff() throws {
        // Line 5 expects header 1 at y 100; it is at 130 (section 0 is 30 + 2 x 50 high).
        let result = try runTranscript(writing: "fail.stk", gridSetup + """

            attr header 0
            #> header 0 frame=0,0,390,30 zIndex=1 alpha=1 hidden=false
            attr header 1
            #> header 1 frame=0,100,390,30 zIndex=1 alpha=1 hidden=false

            """)
        #expect(result.outcome == .failed)
        #expect(TranscriptReport.lines(for: result) == [
            "FAIL: fail.stk",
            "fail.stk:5:1: error: the output of 'attr header 1' differs from its '#>' lines",
            "    attr header 1",
            "    ^~~~~~~~~~~~~",
            "--- expected",
            "+++ actual",
            "@@ -1 +1 @@",
            "-header 1 frame=0,100,390,30 zIndex=1 alpha=1 hidden=false",
            "+header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false",
            "",
        ])
    }

    @Test func aCommandWithOutputButNoBlockFails() throws {
        let result = try runTranscript(writing: "bare.stk", gridSetup + "\ncontentsize\n")
        #expect(result.outcome == .failed)
        #expect(result.failureLines == [
            "bare.stk:3:1: error: 'contentsize' printed output but no '#>' lines follow it",
            "    contentsize",
            "    ^~~~~~~~~~~",
            "--- expected",
            "+++ actual",
            "@@ -0,0 +1 @@",
            "+390x260",
        ])
    }

    @Test func wildcardLinesMatchAnyRunOfLines() throws {
        let folder = try TranscriptFolder()
        // visible at offset 0 shows all 12 items and both headers: 14 elements.
        let file = try folder.write("wild.stk", gridSetup + """

            visible
            #> item 0:0 frame=0,30,130,50 zIndex=0 alpha=1 hidden=false
            #> ...
            #> 14 elements
            visible
            #> ...
            visible
            #> ...
            #> item 1:5 frame=260,210,130,50 zIndex=0 alpha=1 hidden=false
            #> ...
            #> header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false
            #> ...

            """)
        // item 1:5: third item of section 1's second line: x = 2 x 130, y = 130 + 30 + 50.
        #expect(runTranscript(file).outcome == .passed)
    }

    @Test func aWildcardBlockThatDoesNotMatchShowsWhatChanged() throws {
        let result = try runTranscript(writing: "wild.stk", gridSetup + """

            visible
            #> item 0:0 frame=0,30,130,50 zIndex=0 alpha=1 hidden=false
            #> ...
            #> 13 elements

            """)
        // 14 element lines (12 items, 2 headers) and the count: the `...` takes
        // the 13 lines between item 0:0 and the count, and the count is
        // replaced: old side 3 lines, new side 1 + 13 + 1 = 15.
        #expect(result.failureLines.suffix(6) == [
            "+++ actual",
            "@@ -1,3 +1,15 @@",
            " item 0:0 frame=0,30,130,50 zIndex=0 alpha=1 hidden=false",
            " ...",
            "-13 elements",
            "+14 elements",
        ])
    }

    @Test func anErrorStopsTheFileAndSaysWhere() throws {
        let result = try runTranscript(writing: "error.stk", gridSetup + """

            attr item 0:0
            #> item 0:0 frame=0,30,130,50 zIndex=0 alpha=1 hidden=false
            attr item 5:0
            contentsize
            #> this line is never compared

            """)
        #expect(result.outcome == .failed)
        #expect(result.failureLines == [
            "error.stk:5:11: error: section 5 does not exist (there are 2 sections, expected 0..<2)",
            "    attr item 5:0",
            "              ^~~",
        ])
        #expect(result.failureSummary == "error.stk:5:11: error: section 5 does not exist (there are 2 sections, expected 0..<2)")
    }

    @Test func aParseErrorFailsTheFileAfterRunningWhatComesBefore() throws {
        let result = try runTranscript(writing: "parse.stk", gridSetup + """

            contentsize
            #> 390x999
            visble

            """)
        #expect(result.outcome == .failed)
        // The mismatch on line 3 is reported (it ran), then the parse error.
        #expect(result.problems.count == 2)
        #expect(result.failureLines.last(where: { $0.contains("error:") }) == "parse.stk:5:1: error: unknown command 'visble'; did you mean 'visible'?")
    }

    @Test func aFailedExpectationFailsTheFileButTheRestIsStillChecked() throws {
        let result = try runTranscript(writing: "expect.stk", gridSetup + """

            expect attr item 0:4 x == 100
            contentsize
            #> 390x260
            attr item 0:0
            #> wrong

            """)
        #expect(result.outcome == .failed)
        let errors = result.failureLines.filter { $0.contains(": error: ") }
        #expect(errors == [
            "expect.stk:3:1: error: expectation failed: attr item 0:4 x is 130, expected == 100",
            "expect.stk:6:1: error: the output of 'attr item 0:0' differs from its '#>' lines",
        ])
    }

    @Test func bailStopsAFileAtItsFirstFailedExpectation() throws {
        let result = try runTranscript(bail: true, writing: "bail.stk", gridSetup + "\nexpect contentsize == 1,1\nattr item 0:0\n#> wrong\n")
        #expect(result.outcome == .failed)
        #expect(result.problems.count == 1)
    }

    @Test func aSkippedFileIsNotRun() throws {
        let result = try runTranscript(writing: "skip.stk", "# stk: skip grid-sticky is not registered yet\nlayout grid-sticky\n")
        #expect(result.outcome == .skipped(reason: "grid-sticky is not registered yet"))
        #expect(TranscriptReport.lines(for: result) == ["SKIP: skip.stk (grid-sticky is not registered yet)"])
    }

    @Test func theSkipDirectiveIsOnlyTheFirstLineAndOnlyTheWholeWord() {
        #expect(TranscriptRunner.skipReason(in: "# stk: skip\r\nvisible\r\n") == "no reason given")
        #expect(TranscriptRunner.skipReason(in: "# stk: skip  slow  \n") == "slow")
        #expect(TranscriptRunner.skipReason(in: "# stk: skipped\n") == nil)
        #expect(TranscriptRunner.skipReason(in: "visible\n# stk: skip later\n") == nil)
    }

    @Test func aFileThatIsNotUTF8Fails() throws {
        let folder = try TranscriptFolder()
        let url = folder.root.appendingPathComponent("latin1.stk")
        try Data([0x65, 0x63, 0x68, 0x6F, 0x20, 0xE9, 0x0A]).write(to: url)
        let result = runTranscript(TranscriptFile(displayPath: "latin1.stk", path: url.path))
        #expect(result.outcome == .failed)
        #expect(result.failureLines == ["error: \(url.path) is not UTF-8 text"])
    }

    @Test func aMisplacedBlockIsAWarningShownEvenWhenTheFilePasses() throws {
        let result = try runTranscript(writing: "warn.stk", gridSetup + "\n\n#> orphan\n")
        #expect(result.outcome == .passed)
        #expect(TranscriptReport.lines(for: result) == [
            "PASS: warn.stk",
            "warn.stk:4:1: warning: '#>' line does not follow a command; it is ignored",
            "    #> orphan",
            "    ^~",
        ])
    }

    @Test func eachFileStartsFromAFreshSession() throws {
        let folder = try TranscriptFolder()
        // The first file changes the data; the second sees the defaults: 20
        // sections of 7 items, flow-sticky (SessionDefaults).
        let first = try folder.write("a.stk", "sections 1 items=1\n")
        let second = try folder.write("b.stk", "expect attr item 19:6 width == 50\n")
        let results = TranscriptRunner(options: .init(jobs: 1)).run([first, second]).results
        #expect(results.map(\.outcome) == [.passed, .passed])
    }

    @Test func quitEndsTheTranscriptAndWhatFollowsIsNotChecked() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("quit.stk", gridSetup + "\ncontentsize\n#> 390x260\nquit\ncontentsize\n#> never compared\n")
        #expect(runTranscript(file).outcome == .passed)
    }

    @Test func jsonModeComparesTheJSONLines() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("json.stk", gridSetup + "\ncontentsize\n#> {\"contentSize\":[390,260]}\n")
        let result = TranscriptRunner(options: .init(json: true, jobs: 1)).run(file)
        #expect(result.outcome == .passed)
        // The same file read as text fails: 390x260 is printed instead.
        #expect(runTranscript(file).outcome == .failed)
    }
}
