import Foundation
import Testing
@testable import StkScript

/// `...` inside a `#>` line, `{{regex}}`, `--update` keeping what still
/// matches, the fill-missing and `.stk.new` modes, and the JUnit report's
/// errors, locations and timestamp.
@Suite("Transcript patterns and update modes")
struct TranscriptPatternTests {
    // MARK: Line patterns

    @Test func inlineWildcardsAndRegexesMatchWithinALine() {
        #expect(LinePattern.matches("item 1:0 ...", "item 1:0 frame=0,1,2,3 zIndex=0"))
        #expect(LinePattern.matches("item ... zIndex=0", "item 1:0 frame=0,1,2,3 zIndex=0"))
        #expect(!LinePattern.matches("item ... zIndex=1", "item 1:0 frame=0,1,2,3 zIndex=0"))
        #expect(LinePattern.matches("saved {{[0-9]+}} commands", "saved 12 commands"))
        #expect(!LinePattern.matches("saved {{[0-9]+}} commands", "saved twelve commands"))
        // The rest of a pattern line is literal: `.`, `(` and `+` included.
        #expect(LinePattern.matches("a.b (c+) {{x}}", "a.b (c+) x"))
        #expect(!LinePattern.matches("a.b {{x}}", "aXb x"))
        // The whole line must match, not a part of it.
        #expect(!LinePattern.matches("{{[0-9]+}}", "12 elements"))
        // Plain lines compare as text; a regex that does not compile matches only itself.
        #expect(LinePattern.matches("{{(}}", "{{(}}"))
        #expect(!LinePattern.matches("{{(}}", "("))
    }

    /// A transcript of `visible` over two sections of three items (8
    /// elements) whose block holds an inline wildcard, a wildcard line and a
    /// regex, and ends with `countLine`: the patterns tests differ only there.
    static func visibleWithPatterns(countLine: String) -> String {
        """
        sections 2 items=3
        visible
        #> item 0:0 ...
        #> ...
        #> header 1 frame=0,{{[0-9]+}},390,44 zIndex=1 alpha=1 hidden=false
        #> \(countLine)

        """
    }

    @Test func aTranscriptPassesWithPatterns() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("patterns.stk", Self.visibleWithPatterns(countLine: "{{[0-9]+}} elements"))
        let result = runTranscript(file)
        #expect(result.passed, "\(result.failureLines)")
    }

    // MARK: --update keeps what still matches

    @Test func updateKeepsWildcardsAndPatternsThatStillMatch() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("keep.stk", Self.visibleWithPatterns(countLine: "99 elements"))
        let result = runTranscript(file, update: true)
        #expect(result.updated && result.passed, "\(result.failureLines)")
        #expect(try folder.read("keep.stk") == Self.visibleWithPatterns(countLine: "8 elements"))
    }

    /// A `...` line is kept while it still covers a line or more: when the
    /// line after it changed (`#> 4 elements`, now 5 elements), the block's
    /// last lines are compared with the output's last lines and the wildcard
    /// keeps what lies between. A wildcard with nothing left to cover is
    /// replaced by the output.
    @Test func aWildcardIsKeptWhileItCoversALine() throws {
        let entry = TranscriptEntry(commands: 0..<1, sourceLines: 1...1, expected: [
            ExpectedLine(text: "a", line: 2, isWildcard: false),
            ExpectedLine(text: "...", line: 3, isWildcard: true),
            ExpectedLine(text: "z", line: 4, isWildcard: false),
        ], blockLines: 2..<5)
        #expect(entry.updatedBlock(for: ["a", "b", "c", "z"]) == ["a", "...", "z"])
        #expect(entry.updatedBlock(for: ["a", "b", "y"]) == ["a", "...", "y"])
        #expect(entry.updatedBlock(for: ["x", "b", "z"]) == ["x", "...", "z"])
        #expect(entry.updatedBlock(for: ["a", "y"]) == ["a", "y"])
        #expect(entry.updatedBlock(for: ["y"]) == ["y"])
        // A visible list that grew by an item: the wildcard stays, the count is rewritten.
        let visible = TranscriptEntry(commands: 0..<1, sourceLines: 1...1, expected: [
            ExpectedLine(text: "item 0:0 frame=...", line: 2, isWildcard: false),
            ExpectedLine(text: "...", line: 3, isWildcard: true),
            ExpectedLine(text: "4 elements", line: 4, isWildcard: false),
        ], blockLines: 2..<5)
        #expect(visible.updatedBlock(for: ["item 0:0 frame=0,44,50,50", "item 0:1 frame=60,44,50,50", "item 0:2 frame=120,44,50,50",
                                           "item 0:3 frame=180,44,50,50", "header 0 frame=0,0,390,44", "5 elements"])
                == ["item 0:0 frame=...", "...", "5 elements"])
    }

    // MARK: Modes

    static let twoProblems = """
        sections 2 items=3
        contentsize
        #> 1x1
        attr item 0:0

        """

    /// Runs `file` alone with the update mode `mode`; `updatesFail` as CI's
    /// record mode sets it.
    static func run(_ file: TranscriptFile, mode: TranscriptUpdateMode, updatesFail: Bool = false) -> TranscriptFileResult {
        var options = TranscriptRunner.Options(jobs: 1)
        options.updateMode = mode
        options.updatesFail = updatesFail
        return TranscriptRunner(options: options).run(file)
    }

    @Test func updateMissingOnlyFillsCommandsWithoutABlock() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("missing.stk", Self.twoProblems)
        let result = Self.run(file, mode: .missing)
        #expect(result.failed)
        #expect(try folder.read("missing.stk") == """
            sections 2 items=3
            contentsize
            #> 1x1
            attr item 0:0
            #> item 0:0 frame=0,44,50,50 zIndex=0 alpha=1 hidden=false

            """)
        // The block that differs is still reported, the filled one is not.
        #expect(result.failureSummary == "output differs at missing.stk:2")
    }

    @Test func writeNewLeavesTheFileAloneAndWritesItsUpdateBeside() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("new.stk", Self.twoProblems)
        let result = Self.run(file, mode: .new)
        #expect(result.failed)
        #expect(!result.updated)
        #expect(result.newFile == "new.stk.new")
        #expect(try folder.read("new.stk") == Self.twoProblems)
        #expect(try folder.read("new.stk.new") == """
            sections 2 items=3
            contentsize
            #> 390x188
            attr item 0:0
            #> item 0:0 frame=0,44,50,50 zIndex=0 alpha=1 hidden=false

            """)
        #expect(TranscriptReport.lines(for: result).contains("note: the file as --update would write it: new.stk.new"))
    }

    @Test func anUpdateThatMustFailRewritesAndFails() throws {
        let folder = try TranscriptFolder()
        let file = try folder.write("ci.stk", Self.twoProblems)
        let result = Self.run(file, mode: .all, updatesFail: true)
        #expect(result.updated)
        #expect(result.failed)
        #expect(runTranscript(file).passed)
    }

    @Test func environmentValuesChooseTheMode() {
        #expect(TranscriptUpdateMode(environmentValue: nil) == .off)
        for off in ["", "0", "false", "NO", "off"] { #expect(TranscriptUpdateMode(environmentValue: off) == .off) }
        for all in ["1", "true", "yes", "all"] { #expect(TranscriptUpdateMode(environmentValue: all) == .all) }
        #expect(TranscriptUpdateMode(environmentValue: "missing") == .missing)
        #expect(TranscriptUpdateMode(environmentValue: "new") == .new)
    }

    // MARK: JUnit

    @Test func junitTellsErrorsFromFailuresAndLocatesThem() throws {
        let folder = try TranscriptFolder()
        let differs = runTranscript(try folder.write("t/differs.stk", "sections 1 items=1\ncontentsize\n#> 1x1\n"))
        let expectFails = runTranscript(try folder.write("t/expect.stk", "\nexpect visible count == 9\n"))
        let error = runTranscript(try folder.write("t/error.stk", "echo hi\n#> hi\nattr item 9:9\n"))
        let summary = TranscriptRunSummary(results: [differs, expectFails, error], duration: 1)
        let xml = JUnitReport.xml(summary, started: Date(timeIntervalSince1970: 0))
        #expect(xml.contains("tests=\"3\" failures=\"2\" errors=\"1\""), "\(xml)")
        #expect(xml.contains("timestamp=\"1970-01-01T00:00:00\""))
        #expect(xml.contains("<testcase classname=\"t\" name=\"differs.stk\" file=\"t/differs.stk\" line=\"2\""), "\(xml)")
        #expect(xml.contains("<testcase classname=\"t\" name=\"expect.stk\" file=\"t/expect.stk\" line=\"2\""), "\(xml)")
        #expect(xml.contains("<testcase classname=\"t\" name=\"error.stk\" file=\"t/error.stk\" line=\"3\""), "\(xml)")
        #expect(xml.contains("<error message=\"t/error.stk:3:11: error: "), "\(xml)")
        #expect(xml.contains("type=\"error\""))
        #expect(xml.components(separatedBy: "<failure ").count == 3)
    }

    @Test func anInterruptedFileIsAnError() {
        let file = TranscriptFile(displayPath: "a/b.stk", path: "/nowhere/a/b.stk")
        let xml = JUnitReport.xml(TranscriptRunSummary(results: [.interrupted(file)], duration: 0))
        #expect(xml.contains("errors=\"1\""))
        #expect(xml.contains("type=\"interrupted\""), "\(xml)")
    }
}
