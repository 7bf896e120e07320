import Builtins
import Foundation
import LayoutKit
import StkScript
import Testing

/// `undo` restores the replayable history together with the state, so `save`
/// after `reset; undo` still writes a script that rebuilds the session.
@Suite struct SessionHistoryTests {
    func run(_ text: String, in interpreter: Interpreter) {
        ScriptRunner(interpreter: interpreter).run(text: text, name: "<test>")
    }

    @Test func undoAfterResetBringsTheHistoryBack() throws {
        try BuiltinLayouts.register()
        let session = try Session()
        let interpreter = Interpreter(session: session, output: OutputBuffer())
        run("sections 3 items=2\nscroll to 0,40", in: interpreter)
        #expect(session.history == ["sections 3 items=2", "scroll to 0,40"])
        run("reset", in: interpreter)
        #expect(session.history.isEmpty)
        #expect(session.collectionView.numberOfSections == SessionDefaults.sectionCount)
        run("undo", in: interpreter)
        #expect(session.history == ["sections 3 items=2", "scroll to 0,40"])
        #expect(session.collectionView.numberOfSections == 3)
        #expect(session.collectionView.contentOffset == CGPoint(x: 0, y: 40))
        #expect(interpreter.status == .success)
    }
}
