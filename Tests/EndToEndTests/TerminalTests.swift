import Foundation
import StkTestSupport
import Testing

/// What only a terminal shows: colour, and the REPL going on after bad input
/// with the session intact (a script stops at the first error, so this is
/// where "a failed command changes nothing" can be watched).
///
/// Serialized, as REPLTests is: concurrent forks could hand one test's
/// terminal to another test's child.
@Suite(.serialized)
final class TerminalTests {
    /// HOME and XDG_STATE_HOME of the sessions of one test, removed with it.
    let home: ScratchFolder
    init() throws { home = try .terminalHome() }

    // MARK: Colour

    /// Runs `stk ARGUMENTS` on a terminal and returns all it printed.
    func onTerminal(_ arguments: [String], environment extra: [String: String]) throws -> (text: String, status: PseudoTerminal.ExitStatus) {
        var environment = ["HOME": home.url.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        for (key, value) in extra { environment[key] = value }
        let terminal = try PseudoTerminal(executable: try StkExecutable.locate(), arguments: arguments, environment: environment)
        let status = try terminal.waitForExit()
        return (terminal.unmatchedOutput(), status)
    }

    static let coloured = ["-e", "scroll to 0,100; render width=30", "-e", "attr item 99:0"]

    /// `render` alone on a terminal fits it: on 100 columns by 30 rows, a
    /// 390x844 viewport is limited by the rows (a line kept for the prompt,
    /// one for the caption, the legend's), not drawn 80 columns wide.
    @Test func renderFitsTheTerminal() throws {
        let environment = ["HOME": home.url.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                           "TERM": "xterm", "NO_COLOR": "1"]
        let terminal = try PseudoTerminal(executable: try StkExecutable.locate(), arguments: ["-e", "scroll to 0,60; render"],
                                          environment: environment, rows: 30, columns: 100)
        #expect(try terminal.waitForExit() == .exited(0))
        let lines = terminal.unmatchedOutput().replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("offset=0,60 bounds=390x844") == true, "\(lines)")
        #expect(lines.count <= 29, "\(lines.count) lines on a terminal of 30")
        #expect(lines.count >= 25, "\(lines.count) lines: the drawing should use the terminal's height")
        let frame = try #require(lines.dropFirst().first)
        #expect(frame.count < 80 && frame.hasPrefix("╔"), "\(frame.count) columns: \(frame)")
        #expect(lines.contains { $0.hasPrefix("marks: ") })
    }

    @Test func aTerminalGetsColourUnlessItIsTurnedOff() throws {
        let plain = try onTerminal(Self.coloured, environment: ["TERM": "xterm"])
        #expect(plain.status == .exited(2))
        #expect(plain.text.contains("\u{1B}["), "colour on a terminal: \(plain.text.debugDescription)")
        #expect(plain.text.contains("error:"))

        // NO_COLOR set but empty counts as unset (no-color.org).
        let emptyNoColor = try onTerminal(Self.coloured, environment: ["TERM": "xterm", "NO_COLOR": ""])
        #expect(emptyNoColor.text.contains("\u{1B}["))

        let ways: [(arguments: [String], environment: [String: String])] = [
            (["--no-color"] + Self.coloured, ["TERM": "xterm"]),
            (Self.coloured, ["TERM": "xterm", "NO_COLOR": "1"]),
            (Self.coloured, ["TERM": "dumb"]),
        ]
        for way in ways {
            let result = try onTerminal(way.arguments, environment: way.environment)
            #expect(result.status == .exited(2))
            #expect(!result.text.contains("\u{1B}"), "\(way): \(result.text.debugDescription)")
            // The same drawing and diagnostic, only without colour.
            #expect(result.text.contains("H0*"))
            #expect(result.text.contains("<command-line>:2:11: error: section 99 does not exist"))
        }
    }

    // MARK: Bad input keeps the session

    /// The output lines of one REPL entry: without the echo of the typed line and the next prompt.
    func entry(_ session: InteractiveSession, _ line: String) throws -> [String] {
        let lines = try session.lines(line)
        return Array(lines.dropFirst().dropLast())
    }

    @Test func aFailedCommandChangesNothing() throws {
        let session = try InteractiveSession(stateHome: home.url)
        _ = try entry(session, "scroll to 0,300")
        let probe = "attr header 1; attr item 0:6; contentsize; options"
        let before = try entry(session, probe)
        // Header 1 pushed off by its last line: min(300, 154 + 110) = 264. Item
        // 0:6 alone on its line; an insert into section 0 would move it to 340,44.
        #expect(before.prefix(3) == [
            "header 1 frame=0,264,390,44 zIndex=2 alpha=1 hidden=false pinned",
            "item 0:6 frame=0,104,50,50 zIndex=0 alpha=1 hidden=false",
            "390x3080",
        ])

        let refused = [
            "set itemSize=abc",                                // a bad value
            "set pinLimit=nextHeader minimumLineSpacing=-5",   // a good option, then a bad one
            "layout nope",                                     // an unknown layout
            "layout global-stretchy maxStretchHeight=-1",      // a known layout with a bad option
            "delete item 0:0 0:99",                            // a good target, then a bad one
            "batch; insert item 0:0; size item 0:8 10x10; end", // refused after its updates were applied
            "move section 0 to 20",
            "scroll to item 40:0",
            "sections 2 items=x",
            "size header 30 10x10",
            "include /nonexistent/setup.stk",
            "attr item 99:0",
            "next",
        ]
        for command in refused {
            let output = try entry(session, command)
            #expect(output.contains { $0.contains("error:") }, "\(command) was not refused: \(output)")
        }
        #expect(try entry(session, probe) == before)

        // The refused commands are not in the history either: the last state
        // change is still the scroll, and a save holds it alone.
        let saved = home.url.appendingPathComponent("after-errors.stk")
        _ = try entry(session, "save \(saved.path)")
        let text = try String(contentsOf: saved, encoding: .utf8)
        #expect(text.split(separator: "\n").filter { !$0.hasPrefix("#") } == ["scroll to 0,300"], "\(text)")
        _ = try entry(session, "undo")
        #expect(try entry(session, "attr header 1") == ["header 1 frame=0,154,390,44 zIndex=1 alpha=1 hidden=false"])
    }

    @Test func aFailedExpectationChangesNothingEither() throws {
        let session = try InteractiveSession(stateHome: home.url)
        let output = try entry(session, "scroll to 0,50; expect attr header 0 y == 0; attr header 0")
        #expect(output.first?.contains("error: expectation failed: attr header 0 y is 50, expected == 0") == true, "\(output)")
        #expect(output.last == "header 0 frame=0,50,390,44 zIndex=2 alpha=1 hidden=false pinned")
    }
}
