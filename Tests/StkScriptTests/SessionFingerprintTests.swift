import Builtins
import Foundation
import LayoutKit
import StkScript
import Testing

/// `Interpreter.fingerprint`: what the REPL compares after replaying a session
/// in a new worker. The same commands give the same fingerprint in two
/// sessions; anything replay must reproduce (the state, the undo stack, the
/// trace and step modes) changes it.
@Suite struct SessionFingerprintTests {
    func interpreter(running text: String) throws -> Interpreter {
        try BuiltinLayouts.register()
        let interpreter = Interpreter(session: try Session(), output: OutputBuffer())
        ScriptRunner(interpreter: interpreter).run(text: text, name: "<test>")
        return interpreter
    }

    static let session = "sections 3 items=4\nscroll to 0,40\nbounds 300x500\nsize item 1:2 80x90\nundo\ninsert item 0:0"

    @Test func theSameCommandsGiveTheSameFingerprint() throws {
        #expect(try interpreter(running: Self.session).fingerprint == interpreter(running: Self.session).fingerprint)
    }

    @Test(arguments: [
        "scroll to 0,41",            // another offset
        "undo",                      // a shorter undo stack and history
        "trace on",                  // a mode
        "layout grid-sticky",        // another layout
        "set headerSize=390x30",     // an option
    ])
    func anythingReplayMustReproduceChangesIt(extra: String) throws {
        let base = try interpreter(running: Self.session).fingerprint
        #expect(try interpreter(running: Self.session + "\n" + extra).fingerprint != base)
    }

    /// Two sessions in the same state but with different undo histories differ:
    /// `undo` would take them to different places.
    @Test func theUndoHistoryIsPartOfIt() throws {
        let direct = try interpreter(running: "scroll to 0,40").fingerprint
        let viaDetour = try interpreter(running: "scroll to 0,10\nscroll to 0,40").fingerprint
        #expect(direct != viaDetour)
    }
}
