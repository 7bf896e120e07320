import Foundation
import StkTestSupport
import Testing

/// `stk` as a script host (docs/language.md, "Invocation"): scripts on stdin,
/// in files and in `-e`; the exit status; `--bail`, `--echo`, `--version`,
/// `--help`. stdout, stderr and the status are compared exactly.
///
/// The default session is flow-sticky over 20 sections of 7 items in a
/// 390x844 viewport: headers 44 high, items 50x50, spacings 10. A section is
/// 154 high (header 44, a line of 6 items, 10, a line of 1 item: 44+50+10+50),
/// so the content is 20 x 154 = 3080 high: `390x3080`.
@Suite struct CommandLineTests {
    // MARK: Where scripts come from

    @Test func scriptOnStdinRunsWithoutPromptOrBanner() throws {
        let result = try StkProcess.run(script: """
            # a comment line, then two commands on one line
            echo start
            contentsize; attr item 0:1
            attr \\
              header 1
            """)
        // item 0:1: the first line holds 6 items (6x50 + 5x10 = 350 <= 390); the
        // 40 points left are spread over its 5 gaps: 18 each, so x = 50 + 18 = 68.
        // header 1: y = 154 (section 0's height).
        expectOutcome(result, stdout: """
            start
            390x3080
            item 0:1 frame=68,44,50,50 zIndex=0 alpha=1 hidden=false
            header 1 frame=0,154,390,44 zIndex=1 alpha=1 hidden=false

            """, stderr: "", status: 0)
    }

    @Test func filesRunInOrderInOneSession() throws {
        let folder = try ScratchFolder([
            "first.stk": "echo first\nsections 2 items=1\n",
            "second.stk": "echo second\ncontentsize\n",
        ])
        let result = try StkProcess.run(["first.stk", "second.stk"], in: folder.url)
        // The second file sees the first one's data: 2 sections of 1 item,
        // each 44 + 50 = 94 high.
        expectOutcome(result, stdout: "first\nsecond\n390x188\n", stderr: "", status: 0)
    }

    @Test func aMissingFileIsAnErrorThatStopsTheRun() throws {
        let folder = try ScratchFolder([
            "first.stk": "echo first\n",
            "third.stk": "echo third\n",
        ])
        let result = try StkProcess.run(["first.stk", "missing.stk", "third.stk"], in: folder.url)
        expectOutcome(result, stdout: "first\n", stderr: "error: no such file: missing.stk\n", status: 2)
    }

    @Test func commandLineCommandsRunBeforeFilesWhereverTheyAreWritten() throws {
        let folder = try ScratchFolder(["file.stk": "echo file\ncontentsize\n"])
        let result = try StkProcess.run(
            ["file.stk", "-e", "sections 3 items=1; echo one", "-e", "echo two"], in: folder.url)
        // 3 sections of one line: 3 x 94 = 282.
        #expect(result.stdout == "one\ntwo\nfile\n390x282\n", "\(result)")
        #expect(result.status == 0)
    }

    @Test func diagnosticsNumberTheCommandLineArgumentsAsLines() throws {
        let result = try expectRefusal(commandLines: ["echo one", "echo two", "visible; lauout"], line: 3, column: 10, length: 6,
                                       "unknown command 'lauout'; did you mean 'layout'?")
        #expect(result.stdout.hasPrefix("one\ntwo\n"))
        #expect(result.stdout.hasSuffix("47 elements\n"))
    }

    @Test func aBatchMaySpanCommandLineArguments() throws {
        let result = try StkProcess.run(["-e", "batch", "-e", "delete item 0:0", "-e", "end", "-e", "contentsize"])
        // Section 0 keeps 6 items: one line, 94 high: 3080 - 60.
        #expect(result.stdout == "390x3020\n", "\(result)")
        #expect(result.status == 0)
    }

    // MARK: Exit status

    @Test func aFailedExpectationExitsWithOneAndTheRunGoesOn() throws {
        let result = try StkProcess.run(script: """
            echo before
            expect attr item 0:0 x == 5
            echo between
            expect contentsize == 390,3000
            echo after
            """)
        expectOutcome(result, stdout: "before\nbetween\nafter\n",
                      stderr: diagnostic("<stdin>:2:1", "expectation failed: attr item 0:0 x is 0, expected == 5",
                                         line: "expect attr item 0:0 x == 5", caretColumn: 1, length: 27)
                              + diagnostic("<stdin>:4:1", "expectation failed: contentsize is 390x3080, expected == 390x3000",
                                           line: "expect contentsize == 390,3000", caretColumn: 1, length: 30), status: 1)
    }

    @Test func bailStopsAtTheFirstFailedExpectation() throws {
        try expectScriptError("echo before\nexpect visible count == 3\necho after\n", options: ["--bail"], stdout: "before\n",
                              line: 2, column: 1, length: 25, "expectation failed: visible count is 47, expected == 3", status: 1)
    }

    @Test func bailAlsoStopsLaterFiles() throws {
        let folder = try ScratchFolder([
            "a.stk": "expect contentsize == 1,1\n",
            "b.stk": "echo b\n",
        ])
        let bailing = try StkProcess.run(["--bail", "a.stk", "b.stk"], in: folder.url)
        #expect(bailing.stdout == "")
        #expect(bailing.status == 1)
        let going = try StkProcess.run(["a.stk", "b.stk"], in: folder.url)
        #expect(going.stdout == "b\n")
        #expect(going.status == 1)
    }

    @Test func bailInsideAnIncludedFileStopsEverythingWithStatusOne() throws {
        let folder = try ScratchFolder(["checks.stk": "expect visible count == 1\necho inner after\n"])
        let result = try StkProcess.run(["--bail", "-e", "include checks.stk", "-e", "echo outer after"], in: folder.url)
        try expectOutcome(result, stdout: "",
                          stderr: folder.diagnostic("checks.stk", line: 1, column: 1, length: 25,
                                                    "expectation failed: visible count is 47, expected == 1")
                                  + "note: included from <command-line>:1\n", status: 1)
    }

    @Test func anErrorStopsTheRunAtOnceAndKeepsTheOutputBeforeIt() throws {
        let result = try StkProcess.run(script: """
            echo one
            expect attr header 0 y == 1
            attr header 99
            echo never
            """)
        // The failed expectation (1) is outranked by the error (2).
        #expect(result.stdout == "one\n", "\(result)")
        #expect(result.stderrLines.count == 6)
        #expect(result.stderrLines[3] == "<stdin>:3:13: error: section 99 does not exist (there are 20 sections, expected 0..<20)")
        #expect(result.status == 2)
    }

    @Test func aParseErrorRunsWhatComesBeforeItThenStops() throws {
        try expectScriptError("echo one\nscroll to here\necho two\n", stdout: "one\n", line: 2, column: 11, length: 4,
                              "expected a point X,Y or 'item S:I', got 'here'", status: 2)
    }

    @Test func anErrorInAFileSkipsTheFilesAfterIt() throws {
        let folder = try ScratchFolder([
            "bad.stk": "echo bad\nbounds 0\n",
            "good.stk": "echo good\n",
        ])
        let result = try StkProcess.run(["bad.stk", "good.stk"], in: folder.url)
        try expectOutcome(result, stdout: "bad\n",
                          stderr: folder.diagnostic("bad.stk", line: 2, column: 8, length: 1,
                                                    "expected a size WxH, got '0'"), status: 2)
    }

    @Test func quitEndsTheRunWithTheStatusSoFar() throws {
        let folder = try ScratchFolder(["after.stk": "echo after\n"])
        let clean = try StkProcess.run(["-e", "echo a", "-e", "quit; echo b", "-e", "echo c", "after.stk"], in: folder.url)
        #expect(clean.stdout == "a\n", "\(clean)")
        #expect(clean.status == 0)
        let failed = try StkProcess.run(script: "expect visible count == 0\nexit\necho b\n")
        #expect(failed.stdout == "")
        #expect(failed.status == 1)
    }

    @Test func outputIsTheSameByteForByteEveryRun() throws {
        let script = """
            trace on
            layout global-stretchy
            sections 5,3,9
            batch; insert item 0:0; delete section 1; end
            scroll by 0,-60 steps=2
            scroll to item 1:4 center
            trace off
            visible; context; render width=50
            """
        let first = try StkProcess.run(script: script)
        let second = try StkProcess.run(script: script, options: ["--json"])
        let third = try StkProcess.run(script: script)
        let fourth = try StkProcess.run(script: script, options: ["--json"])
        #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
        #expect(first.stdout == third.stdout)
        #expect(second.stdout == fourth.stdout)
        #expect(first.stdout.count > 1000, "the script prints a trace, a listing and a drawing")
    }

    @Test func anEmptyScriptSucceedsSilently() throws {
        let result = try StkProcess.run(script: "")
        expectOutcome(result, stdout: "", stderr: "", status: 0)
    }

    // MARK: Global options

    @Test func echoPrintsEachCommandBeforeItsOutput() throws {
        let result = try StkProcess.run(script: """
            contentsize
            # comments are shown where they stand
            scroll to 0,10; attr header 0
            batch
              delete item 0:0
            end
            """, options: ["--echo"])
        // At offset 10 header 0 sticks to the top: y = max(10, 0) = 10, below its
        // limit 110 (the end of its last line, 154, minus its height 44).
        #expect(result.stdout == """
            contentsize
            390x3080
            # comments are shown where they stand
            scroll to 0,10
            attr header 0
            header 0 frame=0,10,390,44 zIndex=2 alpha=1 hidden=false pinned
            batch
              delete item 0:0
            end

            """, "\(result)")
        #expect(result.status == 0)
    }

    @Test func versionPrintsOneLineAndExitsZero() throws {
        let result = try StkProcess.run(["--version"])
        #expect(result.stdout.range(of: #"^stk [0-9]+\.[0-9]+\.[0-9]+ \(LayoutKit [0-9]+\.[0-9]+\.[0-9]+\)\n$"#,
                                    options: .regularExpression) != nil, "\(result)")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func helpListsTheGlobalOptions() throws {
        for flag in ["--help", "-h"] {
            let result = try StkProcess.run([flag])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "")
            for option in ["--json", "--bail", "--echo", "--no-color", "--plugin", "-e <commands>", "--version", "<file.stk>"] {
                #expect(result.stdout.contains(option), "stk \(flag) does not mention \(option): \(result)")
            }
            #expect(result.stdout.contains("USAGE: stk [--json]"), "\(result)")
        }
    }

    @Test func helpWithACommandNameShowsThatCommandsHelp() throws {
        let result = try StkProcess.run(["help", "render"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("usage: render"), "\(result)")
        // The same text as 'help render' inside a script.
        let inScript = try StkProcess.run(commands: "help render")
        #expect(result.stdout == inScript.stdout, "\(result) vs \(inScript)")
        // An alias names its command.
        #expect(try StkProcess.run(["help", "exit"]).stdout.hasPrefix("usage: quit"))
    }

    @Test func helpWithASubcommandNameStillShowsTheSubcommandsHelp() throws {
        let result = try StkProcess.run(["help", "test"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: stk test"), "\(result)")
    }

    @Test func helpWithAnUnknownNameIsAnErrorWithASuggestion() throws {
        let result = try StkProcess.run(["help", "rendr"])
        expectOutcome(result, stdout: "",
                      stderr: "error: no help for 'rendr': it is neither a command, a layout nor a subcommand (bench, run, test, verify); did you mean 'render'?\n", status: 2)
    }

    @Test func aScriptNamedHelpRunsThroughRun() throws {
        let folder = try ScratchFolder(["help": "echo from the file\n"])
        let result = try StkProcess.run(["run", "help"], in: folder.url)
        #expect(result.stdout == "from the file\n", "\(result)")
        #expect(result.status == 0)
    }

    @Test func anUnknownFlagIsAnErrorWithStatusTwo() throws {
        let result = try StkProcess.run(["--jsn", "-e", "echo never"])
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Unknown option '--jsn'"), "\(result)")
        #expect(result.status == 2)
        let missingValue = try StkProcess.run(["-e"])
        #expect(missingValue.stderr.contains("Missing value for '-e <commands>'"), "\(missingValue)")
        #expect(missingValue.status == 2)
    }

    @Test func aPluginThatCannotBeLoadedIsAnErrorWithStatusTwo() throws {
        let result = try StkProcess.run(["--plugin", "/nonexistent/libNothing.so", "-e", "echo never"])
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr.hasPrefix("error: "), "\(result)")
        #expect(result.stderr.contains("/nonexistent/libNothing.so"))
        #expect(!result.stderr.contains("ExitCode"))
        #expect(result.status == 2)
    }

    @Test func outputIsNeverColouredWhenNotATerminal() throws {
        // Colour would be on for a terminal: TERM=xterm, NO_COLOR unset. Output
        // to files (this helper) is not a terminal, so no escape byte appears.
        let result = try StkProcess.run(commands: "scroll to 0,100; render; attr item 99:0",
                                        environment: ["TERM": "xterm-256color"])
        #expect(result.status == 2)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stdout.contains("H0*"), "the pinned header is drawn: \(result)")
    }
}
