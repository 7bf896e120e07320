import Foundation
import StkTestSupport
import Testing

/// "Session" commands: include, echo, save, undo, reset, help, quit (quit is
/// in CommandLineTests, include's diagnostics in DiagnosticsTests).
@Suite struct SessionCommandsTests {
    // MARK: include

    @Test func includeRunsAFileRelativeToTheIncludingFile() throws {
        let folder = try ScratchFolder([
            "main.stk": "include setup/data.stk\ncontentsize\n",
            // setup/data.stk names setup/more.stk as "more.stk": relative to itself.
            "setup/data.stk": "sections 2 items=1\ninclude more.stk\n",
            "setup/more.stk": "insert section 0 items=7\necho included\n",
        ])
        let result = try StkProcess.run(["main.stk"], in: folder.url)
        // 154 + 2 x 94.
        #expect(result.stdout == "included\n390x342\n", "\(result)")
        #expect(result.status == 0)
        // From stdin, a path is relative to the current folder.
        let fromStdin = try StkProcess.run(script: "include setup/more.stk\ncontentsize\n", in: folder.url)
        #expect(fromStdin.stdout == "included\n390x3234\n", "\(fromStdin)")
    }

    // MARK: echo

    @Test func echoPrintsItsText() throws {
        #expect(try output("echo hello, world") == ["hello, world"])
        #expect(try output("echo") == [""])
        #expect(try output("echo 2:15 and 100x44 are just text") == ["2:15 and 100x44 are just text"])
    }

    @Test func echoEndsAtASemicolonOrAComment() throws {
        // Two commands, as the lexical rules say: not "start; contentsize".
        #expect(try output("echo start; contentsize") == ["start"] + output("contentsize"))
        #expect(try output("echo a; echo b") == ["a", "b"])
        #expect(try output("echo  spaced  out  # not printed") == ["spaced  out"])
        #expect(try output("echo issue#3") == ["issue#3"])
    }

    @Test func echoOfAQuotedStringPrintsItsContents() throws {
        #expect(try output(#"echo "a; b # c""#) == ["a; b # c"])
        #expect(try output(#"echo "  kept  "; echo "\"q\"""#) == ["  kept  ", #""q""#])
    }

    @Test func echoContinuedOnTheNextLine() throws {
        let result = try StkProcess.run(script: "echo first \\\n   second; echo third\n")
        #expect(result.stdout == "first second\nthird\n", "\(result)")
        #expect(result.status == 0)
    }

    // MARK: save

    static let session = """
        layout global-stretchy maxStretchHeight=100
        set itemSize=100x40 sectionInset=5,10,5,10
        sections 4,2,9
        batch
          insert item 0:0
          delete section 1
          size item 1:2 200x80
        end
        size header 0 390x60
        bounds 375x600
        inset 10,0,0,0
        safearea 20,0,30,0
        scroll to 0,-30
        scroll by 0,15 steps=3
        scroll to item 1:3 center
        undo
        scroll to item 1:3 bottom
        attr header 0
        save session.stk

        """

    static let queries = "visible\ncontentsize\noptions\nrender\n"

    @Test func saveWritesAScriptThatReproducesTheState() throws {
        let folder = try ScratchFolder([
            "original.stk": Self.session,
            "queries.stk": Self.queries,
        ])
        let original = try StkProcess.run(["--json", "original.stk", "queries.stk"], in: folder.url)
        #expect(original.status == 0, "\(original)")
        #expect(original.stderr == "")

        // The undone command is left out; queries are not state changes.
        let saved = try folder.read("session.stk")
        #expect(saved.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
            "layout global-stretchy maxStretchHeight=100",
            "set itemSize=100x40 sectionInset=5,10,5,10",
            "sections 4,2,9",
            "batch",
            "  insert item 0:0",
            "  delete section 1",
            "  size item 1:2 200x80",
            "end",
            "size header 0 390x60",
            "bounds 375x600",
            "inset 10,0,0,0",
            "safearea 20,0,30,0",
            "scroll to 0,-30",
            "scroll by 0,15 steps=3",
            "scroll to item 1:3 bottom",
        ], "\(saved)")

        let replayed = try StkProcess.run(["--json", "session.stk", "queries.stk"], in: folder.url)
        #expect(replayed.status == 0, "\(replayed)")
        // Everything the queries print, the attr line of the original excepted.
        #expect(replayed.lines == Array(original.lines.dropFirst()), "\(replayed)")
        #expect(replayed.lines.count == 4)
    }

    @Test func saveRefusesToOverwriteWithoutForce() throws {
        let text = try expectOverwriteNeedsForce(
            "kept.stk", refusing: ["sections 2", "save kept.stk"], column: 6,
            "kept.stk already exists; use 'save --force kept.stk' to overwrite it",
            forcing: "sections 2; save --force kept.stk", printed: "saved 1 command to kept.stk\n")
        #expect(text.hasSuffix("\nsections 2\n"), "\(text)")
        #expect(!text.contains("old"))
    }

    @Test func saveIntoAMissingFolderIsAnErrorAndWritesNothing() throws {
        let folder = try ScratchFolder()
        let result = try StkProcess.run(["-e", "save nowhere/session.stk"], in: folder.url)
        #expect(result.stderr.hasPrefix("<command-line>:1:6: error: cannot write nowhere/session.stk: "), "\(result)")
        #expect(result.status == 2)
        #expect(try folder.contents() == [])
    }

    @Test func aSaveAfterResetReplaysToTheDefaults() throws {
        let folder = try ScratchFolder()
        let result = try StkProcess.run(["-e", "sections 2; scroll to 0,10; reset; save fresh.stk"], in: folder.url)
        #expect(result.stdout == "saved 0 commands to fresh.stk\n", "\(result)")
        let replayed = try StkProcess.run(["fresh.stk", "-e", "contentsize"], in: folder.url)
        #expect(replayed.stdout == "390x3080\n")
    }

    // MARK: undo

    @Test func undoRevertsTheLastStateChangeThenTheOneBefore() throws {
        let result = try StkProcess.run(script: """
            sections 2 items=1
            scroll to 0,50
            attr header 0
            undo
            attr header 0
            contentsize
            undo
            contentsize
            undo
            echo never
            """)
        // 2 sections of 94: 188. At 50 header 0 is pinned at min(50, 94 - 44) = 50.
        #expect(result.lines == [
            "header 0 frame=0,50,390,44 zIndex=2 alpha=1 hidden=false pinned",
            "undid: scroll to 0,50",
            "header 0 frame=0,0,390,44 zIndex=1 alpha=1 hidden=false",
            "390x188",
            "undid: sections 2 items=1",
            "390x3080",
        ], "\(result)")
        #expect(result.stderr == diagnostic("<stdin>:9:1", "nothing to undo", line: "undo", caretColumn: 1, length: 4))
        #expect(result.status == 2)
    }

    @Test func undoRevertsLayoutAndOptions() throws {
        let lines = try output("layout global-stretchy; set maxStretchHeight=100; undo; options; undo; options")
        #expect(lines.filter { $0.hasSuffix(" options:") } == ["global-stretchy options:", "flow-sticky options:"])
        let maxStretch = lines.first { $0.hasPrefix("maxStretchHeight") }?.split(separator: " ").map(String.init)
        #expect(maxStretch?[2] == maxStretch?[3], "back to its default: \(lines)")
    }

    @Test func afterUndoTheUndoneCommandsContextIsGone() throws {
        let result = try StkProcess.run(commands: "scroll to 0,100; undo; context; expect context contains header 1")
        #expect(result.stdout == "undid: scroll to 0,100\nno invalidation context: no operation has run yet\n", "\(result)")
        #expect(result.status == 1)
    }

    @Test func aCommandThatChangedNothingIsNotUndone() throws {
        // The second scroll and the bounds change nothing: undo reverts the
        // first scroll, and says so.
        #expect(try output("scroll to 0,100; scroll to 0,100; bounds 390x844; set pinLimit=lastItem; undo; attr header 0")
                == ["undid: scroll to 0,100", "header 0 frame=0,0,390,44 zIndex=1 alpha=1 hidden=false"])
        let folder = try ScratchFolder()
        _ = try StkProcess.run(["-e", "scroll to 0,0; set pinLimit=nextHeader; set pinLimit=nextHeader; save s.stk"], in: folder.url)
        #expect(try folder.read("s.stk").split(separator: "\n").filter { !$0.hasPrefix("#") } == ["set pinLimit=nextHeader"])
    }

    @Test func queriesAndFailedExpectationsAreNotUndone() throws {
        let result = try StkProcess.run(script: "scroll to 0,20\nvisible\nexpect visible count == 0\nundo\nattr header 0\n")
        #expect(result.lines.last == "header 0 frame=0,0,390,44 zIndex=1 alpha=1 hidden=false", "\(result)")
        #expect(result.status == 1)
    }

    // MARK: reset

    /// The warning of an item wider than the view (500 > 390) belongs to the
    /// session `reset` discarded: the `check` after it passes, as the one
    /// before it fails.
    @Test func resetForgetsTheWarningsACheckWouldReport() throws {
        let before = try StkProcess.run(commands: "size item 0:0 500x50; check")
        #expect(before.status == 1, "\(before)")
        let after = try StkProcess.run(commands: "size item 0:0 500x50; reset; check")
        #expect(after.status == 0, "\(after)")
        #expect(!after.stderr.contains("check failed"), "\(after)")
    }

    @Test func resetReturnsToTheStartAndUndoTakesItBack() throws {
        let lines = try output("""
            layout global-stretchy; sections 2 items=1; bounds 200x300; inset 5,5,5,5; safearea 1,1,1,1; scroll to 0,10; \
            reset; render width=10; options; undo; contentsize
            """)
        #expect(lines.first == "offset=0,0 bounds=390x844 content=390x3080 elements=47")
        #expect(lines.contains("flow-sticky options:"))
        // Back before the reset: 2 sections of 94 in a view 200 - 5 - 5 - 1 - 1 = 188 wide.
        #expect(lines.last == "188x188")
    }

    // MARK: help

    @Test func helpListsEveryCommandOfTheCore() throws {
        let lines = try output("help")
        for group in ["Layout and data", "The view", "Inspecting", "Checking", "Session"] {
            #expect(lines.contains(group), "help lacks the group \(group)")
        }
        let listed = Set(lines.compactMap { $0.hasPrefix("  ") ? $0.split(separator: " ").first.map(String.init) : nil })
        for command in ["layout", "set", "options", "layouts", "sections", "insert", "delete", "move", "reload", "batch",
                        "size", "bounds", "inset", "safearea", "scroll", "attr", "visible", "contentsize", "context",
                        "render", "trace", "step", "next", "continue", "expect", "load", "include", "echo", "save",
                        "undo", "reset", "help", "quit"] {
            #expect(listed.contains(command), "help does not list \(command)")
        }
        #expect(lines.last == "Type 'help CMD' for a command's usage and examples, 'help LAYOUT' for a layout's options.")
    }

    @Test func helpOfOneCommand() throws {
        #expect(try output("help scroll") == [
            "usage: scroll to X,Y",
            "       scroll by DX,DY [steps=N]",
            "       scroll to item S:I [top|center|bottom]",
            "       scroll fling VX,VY [steps=N]",
            "       scroll section S to X | by DX [steps=N] | fling VX [steps=N]",
            "scroll to an offset, by a distance (in N bounds changes), to an item, or lift the finger at a velocity",
            "  negative and past-the-end offsets are allowed: they bounce",
            "  section S: the row of an orthogonal section of a compositional layout, clamped to the row;",
            "  a fling there comes to rest as the section's orthogonalScrollingBehavior says",
            "  fling: VX,VY in points per second; the offset decelerates (or pages) to a resting place,",
            "  the layout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:) picks the",
            "  target, and the view moves there in N bounds changes (10 by default)",
            "example: scroll to 0,300",
            "example: scroll by 0,-120 steps=4",
            "example: scroll to item 2:0 top",
            "example: scroll fling 0,2000",
            "example: scroll section 1 fling 800",
        ])
        #expect(try output("help exit").first == "usage: quit")
    }
}
