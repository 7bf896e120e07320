import Foundation
import StkTestSupport
import Testing

/// Diagnostics at the REPL: about the entry just typed, without the
/// `<stdin>:LINE:COL:` a script prints (the line and the caret say where, as
/// an interactive shell shows them); a note about it is its message alone; a
/// diagnostic in an included file keeps that file's location. Run through
/// `stk --repl` with stdin a file (the front end and its worker, no terminal).
struct REPLDiagnosticsTests {
    func repl(_ lines: [String], in folder: URL? = nil) throws -> StkResult {
        try StkProcess.run(["--repl"], stdin: lines.joined(separator: "\n") + "\n", in: folder)
    }

    @Test func anErrorInTheEntryTypedHasTheLineAndCaretButNoLocation() throws {
        let result = try repl(["sections 2 items=3", "lauout", "scroll to 0,here"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == """
            error: unknown command 'lauout'; did you mean 'layout'?
                lauout
                ^~~~~~
            error: expected a point X,Y or 'item S:I', got '0,here'
                scroll to 0,here
                          ^~~~~~

            """, "\(result)")
    }

    /// The same lines as a script keep their locations: the rule is the REPL's.
    @Test func theSameLinesAsAScriptKeepTheirLocation() throws {
        let result = try StkProcess.run(["-"], stdin: "sections 2 items=3\nlauout\n")
        #expect(result.stderr.hasPrefix("<stdin>:2:1: error: unknown command 'lauout'"), "\(result)")
    }

    /// `reload` with no source plugin: a note, alone on its line at the REPL.
    @Test func aNoteAboutTheEntryTypedIsItsMessageAlone() throws {
        let result = try repl(["reload"])
        #expect(result.stderr == "note: no plugin was loaded from source; nothing to reload\n", "\(result)")
    }

    @Test func anErrorInAnIncludedFileKeepsItsLocation() throws {
        let folder = try ScratchFolder()
        try "echo one\nbogus\n".write(to: folder.url.appendingPathComponent("setup.stk"), atomically: true, encoding: .utf8)
        let result = try repl(["echo typed", "include setup.stk"], in: folder.url)
        #expect(result.stderr.hasPrefix("setup.stk:2:1: error: unknown command 'bogus'"), "\(result)")
        #expect(result.stderr.hasSuffix("note: included from <stdin>:2\n"), "\(result)")
    }
}
