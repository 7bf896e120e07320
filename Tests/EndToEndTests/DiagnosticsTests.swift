import Foundation
import StkTestSupport
import Testing

/// How errors look on stderr (docs/language.md, "Exit status"):
///
///     FILE:LINE:COL: error: MESSAGE
///         the offending line
///         ^~~~
///
/// with `<stdin>` or `<command-line>` as FILE, one `note: included from
/// FILE:LINE` per level of include, "did you mean" for near names, and the
/// caret under the very argument to blame (an index path that does not exist).
@Suite struct DiagnosticsTests {
    // MARK: File names

    @Test func stdinIsNamedStdin() throws {
        try expectScriptError("echo ok\n\n  lauout flow-sticky\n", stdout: "ok\n", line: 3, column: 3, length: 6,
                              "unknown command 'lauout'; did you mean 'layout'?", status: 2)
    }

    @Test func commandLineTextIsNamedCommandLine() throws {
        try expectRefusal("layout flow-stiky", column: 8, length: 10, "unknown layout 'flow-stiky'; did you mean 'flow-sticky'?")
    }

    @Test func aFileIsNamedByThePathAsGiven() throws {
        let folder = try ScratchFolder(["scripts/one.stk": "contentsize\nset pinLimt=nextHeader\n"])
        let result = try StkProcess.run(["scripts/one.stk"], in: folder.url)
        try expectOutcome(result, stdout: "390x3080\n",
                          stderr: folder.diagnostic("scripts/one.stk", line: 2, column: 5, length: 7,
                                                    "layout 'flow-sticky' has no option 'pinLimt'; did you mean 'pinLimit'?"), status: 2)
    }

    // MARK: Did you mean

    @Test func nearMissesOfLayoutsOptionsAndValuesAreSuggested() throws {
        let cases: [(command: String, column: Int, length: Int, message: String)] = [
            ("layout grid-stiky", 8, 10, "unknown layout 'grid-stiky'; did you mean 'grid-sticky'?"),
            ("layout global-stretchy maxStrechHeight=5", 24, 15,
             "layout 'global-stretchy' has no option 'maxStrechHeight'; did you mean 'maxStretchHeight'?"),
            ("set pinLimit=nextheader", 14, 10,
             "option pinLimit: expected one of lastItem|sectionEnd|nextHeader, got 'nextheader'; did you mean 'nextHeader'?"),
            ("expect attr header 0 alph == 1", 22, 4,
             "header 0 has no field 'alph' (fields: frame, x, y, width, height, zIndex, alpha, hidden, pinned); did you mean 'alpha'?"),
            ("expect atr header 0 alpha == 1", 8, 3,
             "expected 'attr', 'visible', 'contentsize', 'offset' or 'context', got 'atr'; did you mean 'attr'?"),
            ("help scrol", 6, 5, "no help for 'scrol': it is neither a command nor a layout; did you mean 'scroll'?"),
            ("itemSize=10x10", 1, 14,
             "unknown command 'itemSize=10x10': options are set with 'set'; did you mean 'set itemSize=10x10'?"),
        ]
        for c in cases {
            let result = try expectRefusal(c.command, column: c.column, length: c.length, c.message)
            #expect(result.stdout == "", "\(c.command): \(result)")
        }
    }

    @Test func aNameFarFromEveryKnownOneGetsNoSuggestion() throws {
        try expectRefusal("frobnicate 3", column: 1, length: 10, "unknown command 'frobnicate'")
    }

    @Test func aMissingArgumentIsMarkedWhereItShouldBeWithTheUsage() throws {
        let result = try StkProcess.run(commands: "scroll to")
        #expect(result.stderr == """
            <command-line>:1:10: error: expected a point X,Y or 'item S:I' after 'scroll to'
                scroll to
                         ^
            note: usage: scroll to X,Y
            note: usage: scroll to item S:I [top|center|bottom]

            """, "\(result)")
        #expect(result.status == 2)
    }

    // MARK: include

    /// Runs stk with `arguments` and `stdin` in a folder of `files` and expects
    /// `stdout`, then on stderr the error of `message` at `line` and `column` of
    /// the included `file`, `length` long, with one note per include that led
    /// there (`includedFrom`, innermost first), and `status`.
    func expectIncludedError(files: [String: String], arguments: [String] = [], stdin: String = "", stdout: String,
                             file: String, line: Int, column: Int, length: Int, _ message: String,
                             includedFrom: [String], status: Int32,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try ScratchFolder(files)
        let result = try StkProcess.run(arguments, stdin: stdin, in: folder.url)
        expectOutcome(result, stdout: stdout,
                      stderr: try folder.diagnostic(file, line: line, column: column, length: length, message)
                          + includedFrom.map { "note: included from \($0)\n" }.joined(),
                      status: status, sourceLocation: sourceLocation)
    }

    @Test func everyLevelOfIncludeAddsANoteInnermostFirst() throws {
        try expectIncludedError(files: [
            "outer.stk": "echo outer\ninclude sub/middle.stk\necho never\n",
            // Relative to the including file: sub/middle.stk includes sub/inner.stk.
            "sub/middle.stk": "echo middle\n\ninclude inner.stk\n",
            "sub/inner.stk": "echo inner\nattr item 0:70\n",
        ], arguments: ["outer.stk"], stdout: "outer\nmiddle\ninner\n",
        file: "sub/inner.stk", line: 2, column: 11, length: 4, "item 0:70 does not exist (section 0 has 7 items, expected 0..<7)",
        includedFrom: ["sub/middle.stk:3", "outer.stk:2"], status: 2)
    }

    @Test func aFailedExpectationInAnIncludedFileCarriesTheNotesAndTheRunGoesOn() throws {
        try expectIncludedError(files: ["checks.stk": "expect attr header 1 y == 150\necho checked\n"],
                                stdin: "include checks.stk\necho after\n", stdout: "checked\nafter\n",
                                file: "checks.stk", line: 1, column: 1, length: 29,
                                "expectation failed: attr header 1 y is 154, expected == 150",
                                includedFrom: ["<stdin>:1"], status: 1)
    }

    @Test func aParseErrorInAnIncludedFileIsReportedThere() throws {
        // Run from the scratch folder of the helper, where broken.stk is not:
        // the include itself fails, at its path.
        let result = try StkProcess.run(commands: "include broken.stk; echo never", options: [], environment: [:])
        #expect(result.stderr.hasPrefix("<command-line>:1:9: error: no such file: broken.stk"), "\(result)")
        try expectIncludedError(files: ["broken.stk": "echo broken\nbounds wide\n"],
                                arguments: ["-e", "include broken.stk", "-e", "echo never"], stdout: "broken\n",
                                file: "broken.stk", line: 2, column: 8, length: 4, "expected a size WxH, got 'wide'",
                                includedFrom: ["<command-line>:1"], status: 2)
    }

    @Test func includeCyclesAreRefusedAtTheIncludeThatClosesThem() throws {
        try expectIncludedError(files: [
            "a.stk": "echo a\ninclude b.stk\n",
            "b.stk": "echo b\ninclude a.stk\n",
        ], arguments: ["a.stk"], stdout: "a\nb\n",
        file: "b.stk", line: 2, column: 9, length: 5, "include cycle: a.stk is already being run",
        includedFrom: ["a.stk:2"], status: 2)

        let folder = try ScratchFolder(["self.stk": "include \"self.stk\"\n"])
        let itself = try StkProcess.run(["self.stk"], in: folder.url)
        #expect(try itself.stderr == folder.diagnostic("self.stk", line: 1, column: 9, length: 10,
                                                       "include cycle: self.stk is already being run"), "\(itself)")
        #expect(itself.status == 2)
    }

    @Test func aFileMayBeIncludedTwiceInARow() throws {
        let folder = try ScratchFolder(["step.stk": "scroll by 0,10\n"])
        let result = try StkProcess.run(script: "include step.stk\ninclude step.stk\nattr header 0\n", in: folder.url)
        // Two scrolls of 10: header 0 sticks at y = 20.
        #expect(result.stdout == "header 0 frame=0,20,390,44 zIndex=2 alpha=1 hidden=false pinned\n", "\(result)")
        #expect(result.status == 0)
    }

    // MARK: The caret under the index path or value

    @Test(arguments: [
        // An index path that does not exist is marked where it is written.
        ("attr item 0:9", 11, 3, "item 0:9 does not exist (section 0 has 7 items, expected 0..<7)"),
        ("attr item 30:0", 11, 4, "section 30 does not exist (there are 20 sections, expected 0..<20)"),
        ("attr header 20", 13, 2, "section 20 does not exist (there are 20 sections, expected 0..<20)"),
        ("expect attr item 0:7 x == 0", 18, 3, "item 0:7 does not exist (section 0 has 7 items, expected 0..<7)"),
        ("scroll to item 0:99 center", 16, 4, "item 0:99 does not exist (section 0 has 7 items, expected 0..<7)"),
        ("size item 0:50 10x10", 11, 4, "item 0:50 does not exist (section 0 has 7 items, expected 0..<7)"),
        ("size header 30 10x10", 13, 2, "section 30 does not exist (there are 20 sections, expected 0..<20)"),
        ("delete item 0:1 0:99", 17, 4,
         "delete item 0:99: item 0:99 does not exist before the update (section 0 has 7 items, expected 0..<7)"),
        ("reload item 3:7", 13, 3,
         "reload item 3:7: item 3:7 does not exist before the update (section 3 has 7 items, expected 0..<7)"),
        ("insert item 0:9", 13, 3,
         "insert item 0:9: item 9 is past the end of section 0, which will have 8 items (expected 0..<8)"),
        ("move item 0:0 to 50:0", 18, 4, "move item 0:0 to 50:0: section 50 does not exist after the update (expected 0..<20)"),
        ("move item 0:70 to 1:0", 11, 4,
         "move item 0:70 to 1:0: item 0:70 does not exist before the update (section 0 has 7 items, expected 0..<7)"),
        ("delete section 20", 16, 2, "delete section 20: section 20 does not exist before the update (expected 0..<20)"),
        ("move section 0 to 20", 19, 2, "move section 0 to 20: section 20 does not exist after the update: there will be 20 sections (expected 0..<20)"),
        ("delete section 3 3", 18, 1, "section 3 is deleted twice in one batch"),
        ("batch; move item 0:0 to 1:0; insert item 1:0; end", 42, 3,
         "insert item 1:0: 1:0 is already the target of another insert or move in this batch"),
        // A refused value is marked under the value.
        ("inset -5,0,0,0", 7, 8, "contentInset must be finite and non-negative (top,left,bottom,right), got -5,0,0,0"),
        ("safearea 0,0,0,-1", 10, 8, "safeAreaInsets must be finite and non-negative (top,left,bottom,right), got 0,0,0,-1"),
        ("set itemSize=abc", 14, 3, "option itemSize: expected a size WxH (not negative), got 'abc'"),
        ("sections 2,-1", 10, 4, "expected per-section item counts A,B,C (non-negative integers), got '2,-1'"),
        ("scroll by 0,10 steps=0", 22, 1, "expected an integer of at least 1 for 'steps', got '0'"),
    ])
    func aRefusedArgumentIsMarkedWhereItIsWritten(command: String, column: Int, length: Int, message: String) throws {
        try expectRefusal(command, column: column, length: length, message)
    }

    @Test func aRefusedUpdateInsideAMultiLineBatchIsMarkedOnItsOwnLine() throws {
        let result = try StkProcess.run(script: """
            batch
              delete item 0:1
              move item 0:2 to 3:9
            end
            """)
        // Section 3 gains item 0:2 and will hold 8 items: 0..<8, so 3:9 is past its end.
        #expect(result.stderr == diagnostic("<stdin>:3:20", "move item 0:2 to 3:9: item 9 is past the end of section 3, which will have 8 items (expected 0..<8)",
                                            line: "  move item 0:2 to 3:9", caretColumn: 20, length: 3), "\(result)")
        #expect(result.status == 2)
    }
}

extension DiagnosticsTests {
    @Test func aPluginThatCannotBeLoadedIsAnErrorAtItsPath() throws {
        let result = try StkProcess.run(commands: "load /nonexistent/libLayout.so; echo never")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("<command-line>:1:6: error: "), "\(result)")
        #expect(result.stderr.contains("    load /nonexistent/libLayout.so; echo never\n         ^~~~"), "\(result)")
        #expect(result.status == 2)
    }
}
