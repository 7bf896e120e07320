import Foundation
import Testing
@testable import StkScript

/// The first diagnostic of `text`, rendered.
private func firstRendered(_ text: String, file: String = "t.stk", colors: Bool = false) -> String? {
    Parser.parse(SourceFile(name: file, text: text)).diagnostics.first?.rendered(colors: colors)
}

@Suite("Diagnostics")
struct DiagnosticTests {
    // MARK: Rendering

    @Test func unknownCommandWithSuggestion() {
        // The line is indented by two spaces: the caret is under column 3 and
        // spans the six characters of 'lauout'.
        #expect(firstRendered("visible\n  lauout flow") == """
        t.stk:2:3: error: unknown command 'lauout'; did you mean 'layout'?
              lauout flow
              ^~~~~~

        """)
    }

    @Test func missingArgumentPointsJustAfterTheCommand() {
        #expect(firstRendered("insert item", file: SourceFile.stdinName) == """
        <stdin>:1:12: error: expected an index path S:I after 'insert item'
            insert item
                       ^
        note: usage: insert item S:I ...

        """)
    }

    // MARK: At the REPL

    /// The entry just typed needs no `<stdin>:LINE:COL:`: the error keeps its
    /// line and caret, and so does a located note under it ('batch' opened
    /// here); a diagnostic of another file keeps its location.
    @Test func theEntryTypedLeavesOutItsLocation() {
        let parsed = Parser.parse(SourceFile(name: SourceFile.stdinName, text: "batch\ninsert item 0:0\nbatch"))
        let rendered = parsed.diagnostics.first?.rendered(typedEntry: SourceFile.stdinName) ?? ""
        #expect(rendered.hasPrefix("error: "), "\(rendered)")
        #expect(!rendered.contains("<stdin>"), "\(rendered)")
        #expect(rendered.contains("note: the batch was opened here\n    batch\n    ^~~~~\n"), "\(rendered)")
        #expect(firstRendered("lauout") == firstRendered("lauout", file: "t.stk"))
        let elsewhere = Parser.parse(SourceFile(name: "setup.stk", text: "lauout")).diagnostics.first
        #expect(elsewhere?.rendered(typedEntry: SourceFile.stdinName).hasPrefix("setup.stk:1:1: error: unknown command 'lauout'") == true)
    }

    /// A note of its own about the entry typed is its message alone.
    @Test func aNoteAboutTheEntryTypedIsItsMessageAlone() {
        let file = SourceFile(name: SourceFile.stdinName, text: "reload")
        let note = Diagnostic(.note, "Layout.swift is unchanged", at: SourceRange(line: 1, columns: 1..<7), in: file)
        #expect(note.rendered(typedEntry: SourceFile.stdinName) == "note: Layout.swift is unchanged\n")
        #expect(note.rendered() == "<stdin>:1:1: note: Layout.swift is unchanged\n    reload\n    ^~~~~~\n")
    }

    /// A megabyte token is quoted by its start: the message, the line and
    /// the caret are each a few hundred characters, not a megabyte.
    @Test func aHugeTokenIsShownByItsStart() throws {
        let token = String(repeating: "x", count: 1_000_000)
        let rendered = try #require(firstRendered("visible\n" + token))
        let lines = rendered.split(separator: "\n")
        #expect(rendered.utf8.count < 1000, "\(rendered.prefix(400))")
        // The word is the token in its quotes: the quote and 99 x, then the count.
        #expect(lines[0] == "t.stk:2:1: error: unknown command '\(String(repeating: "x", count: 99))...(1000002 characters)'")
        #expect(lines[1] == "    " + String(repeating: "x", count: 300) + "...")
        #expect(lines[2] == "    ^" + String(repeating: "~", count: 299))
        // Far into a long line: cut on both sides, the caret under its word.
        let far = Parser.parse(SourceFile(name: "t.stk", text: "scroll to " + String(repeating: " ", count: 1000) + "nowhere" + String(repeating: " ", count: 1000)))
        let shown = far.diagnostics.first?.rendered().split(separator: "\n").map(String.init) ?? []
        #expect(shown.count >= 3)
        if shown.count >= 3 {
            let column = try #require(shown[1].firstIndex(of: "n")).utf16Offset(in: shown[1])
            #expect(shown[1].hasPrefix("    ...") && shown[1].hasSuffix("..."), "\(shown[1])")
            #expect(shown[2] == String(repeating: " ", count: column) + "^~~~~~~", "\(shown)")
        }
    }

    @Test func wrongLiteralKind() {
        #expect(firstRendered("sections 2\nsize item 0:1 44", file: SourceFile.commandLineName) == """
        <command-line>:2:15: error: expected a size WxH or 'default', got '44'
            size item 0:1 44
                          ^~

        """)
    }

    @Test func unterminatedStringUnderlinesToTheEndOfTheLine() {
        #expect(firstRendered("include \"my file.stk") == """
        t.stk:1:9: error: unterminated string: expected a closing '"' before the end of the line
            include "my file.stk
                    ^~~~~~~~~~~~

        """)
    }

    @Test func extraArgumentWithUsage() {
        #expect(firstRendered("scroll to 0,10 fast") == """
        t.stk:1:16: error: unexpected extra argument 'fast'
            scroll to 0,10 fast
                           ^~~~
        note: usage: scroll to X,Y
        note: usage: scroll to item S:I [top|center|bottom]

        """)
    }

    @Test func nestedBatchHasALocatedNote() {
        #expect(firstRendered("batch\n  batch\nend") == """
        t.stk:2:3: error: nested 'batch': a batch is already open; close it with 'end' first
              batch
              ^~~~~
        t.stk:1:1: note: the batch was opened here
            batch
            ^~~~~

        """)
    }

    @Test func unclosedBatchAndStrayEnd() {
        #expect(firstRendered("batch\ninsert item 0:0\n") == """
        t.stk:1:1: error: 'batch' without a matching 'end' before the end of the input
            batch
            ^~~~~

        """)
        #expect(firstRendered("visible\nend") == """
        t.stk:2:1: error: 'end' without 'batch'
            end
            ^~~

        """)
    }

    @Test func errorOnAContinuedLineShowsThatLine() {
        #expect(firstRendered("layout flow-sticky \\\n    itemSize=100x44 \\\n    bogus") == """
        t.stk:3:5: error: expected an option key=value, got 'bogus'
                bogus
                ^~~~~

        """)
    }

    @Test func tabsBeforeTheCaretAreCopied() {
        // "\tdelete item x": the tab is column 1, 'x' column 14.
        #expect(firstRendered("\tdelete item x") == "t.stk:1:14: error: expected an index path S:I, got 'x'\n    \tdelete item x\n    \t            ^\n")
    }

    @Test func warningForAStrayExpectedOutputLine() {
        #expect(firstRendered("# title\n#> stray") == """
        t.stk:2:1: warning: '#>' line does not follow a command; it is ignored
            #> stray
            ^~

        """)
    }

    @Test func includeTrailInnermostFirst() {
        // An error in b.stk, included from a.stk line 5, itself included from main.stk line 3.
        let file = SourceFile(name: "b.stk", text: "layout nope\n")
        let error = Diagnostic(.error, "unknown layout 'nope'", at: SourceRange(line: 1, columns: 8..<12), in: file,
                               suggestion: "flow-sticky")
            .included(from: Diagnostic.IncludeSite(fileName: "a.stk", line: 5))
            .included(from: Diagnostic.IncludeSite(fileName: "main.stk", line: 3))
        #expect(error.rendered() == """
        b.stk:1:8: error: unknown layout 'nope'; did you mean 'flow-sticky'?
            layout nope
                   ^~~~
        note: included from a.stk:5
        note: included from main.stk:3

        """)
    }

    @Test func withoutALocation() {
        let error = Diagnostic(.error, "cannot load plugin 'x.so': no such file",
                               notes: [Diagnostic(.note, "plugins are shared libraries built against LayoutKit 1.0.0")])
        #expect(error.rendered() == "error: cannot load plugin 'x.so': no such file\nnote: plugins are shared libraries built against LayoutKit 1.0.0\n")
    }

    @Test func rangeOverSeveralLinesIsUnderlinedToTheEndOfItsFirstLine() {
        let file = SourceFile(name: "t.stk", text: "layout flow \\\n  x=1\n")
        let range = SourceRange(start: SourceLocation(line: 1, column: 8), end: SourceLocation(line: 2, column: 6))
        // "layout flow \" is 13 characters: columns 8 to 13 are underlined (6 characters).
        #expect(Diagnostic(.error, "bad", at: range, in: file).rendered() == "t.stk:1:8: error: bad\n    layout flow \\\n           ^~~~~~\n")
    }

    @Test func colorsOnlyWhenAsked() {
        let plain = firstRendered("vsible")!
        #expect(!plain.contains("\u{1B}"))
        let bold = "\u{1B}[1m", red = "\u{1B}[1;31m", reset = "\u{1B}[0m"
        #expect(firstRendered("vsible", colors: true) ==
            "\(bold)t.stk:1:1:\(reset) \(red)error:\(reset) \(bold)unknown command 'vsible'; did you mean 'visible'?\(reset)\n"
            + "    vsible\n"
            + "    \(red)^~~~~~\(reset)\n")
    }

    @Test func descriptionIsThePlainRendering() {
        let d = Parser.parse(SourceFile(name: "t.stk", text: "end")).diagnostics[0]
        #expect(d.description == d.rendered(colors: false))
        #expect(d.fullMessage == "'end' without 'batch'")
    }

    // MARK: Near misses

    @Test func editDistance() {
        #expect(NearMiss.distance("kitten", "sitting") == 3)
        #expect(NearMiss.distance("lauout", "layout") == 1)
        // A swap of neighbours is one edit.
        #expect(NearMiss.distance("vsiible", "visible") == 1)
        #expect(NearMiss.distance("ab", "ba") == 1)
        // Optimal string alignment never edits a swapped pair again: "ca" -> "abc" is 3.
        #expect(NearMiss.distance("ca", "abc") == 3)
        #expect(NearMiss.distance("", "abc") == 3)
        #expect(NearMiss.distance("same", "same") == 0)
    }

    @Test func nearestRespectsTheThreshold() {
        #expect(NearMiss.nearest(to: "lauout", among: ["visible", "layout", "layouts"]) == "layout")
        // Case is ignored, and the candidate comes back as listed.
        #expect(NearMiss.nearest(to: "LAYOUT", among: ["layout"]) == "layout")
        #expect(NearMiss.nearest(to: "stretchfactor", among: ["alpha", "stretchFactor"]) == "stretchFactor")
        // One letter never suggests another letter; two letters allow one edit.
        #expect(NearMiss.nearest(to: "x", among: ["y"]) == nil)
        #expect(NearMiss.nearest(to: "ab", among: ["ax"]) == "ax")
        // "lay" is 3 edits from "layout": above max(1, 3/3) = 1.
        #expect(NearMiss.nearest(to: "lay", among: ["layout"]) == nil)
        // 16 letters allow 5 edits; "space" -> "spacing" is 3.
        #expect(NearMiss.nearest(to: "minimumlinespace", among: ["minimumLineSpacing", "itemSize"]) == "minimumLineSpacing")
        #expect(NearMiss.nearest(to: "zzzzzz", among: ["layout", "visible"]) == nil)
        #expect(NearMiss.nearest(to: "abc", among: []) == nil)
    }

    @Test func nearestPrefersTheSmallestDistanceThenTheFirstListed() {
        #expect(NearMiss.nearest(to: "layou", among: ["layouts", "layout"]) == "layout")
        #expect(NearMiss.nearest(to: "cat", among: ["bat", "cut"]) == "bat")
    }
}
