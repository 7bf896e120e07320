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

    /// `undo` goes back at most `undoLimit` commands, the latest ones, however
    /// many ran (the oldest states are dropped in bulk, so the count is
    /// checked across several drops): with a limit of 3 and 23 scrolls to
    /// 0,1 ... 0,23, three undos reach 0,20 and a fourth has nothing to undo.
    @Test(arguments: [1, 3, 7])
    func undoGoesBackAtMostItsLimit(limit: Int) throws {
        try BuiltinLayouts.register()
        let session = try Session()
        session.undoLimit = limit
        let interpreter = Interpreter(session: session, output: OutputBuffer())
        run((1...23).map { "scroll to 0,\($0)" }.joined(separator: "\n"), in: interpreter)
        for expected in stride(from: 22, to: 22 - limit, by: -1) {
            #expect(try session.undo())
            #expect(session.collectionView.contentOffset == CGPoint(x: 0, y: CGFloat(expected)))
        }
        #expect(try session.undo() == false)
        #expect(session.collectionView.contentOffset == CGPoint(x: 0, y: CGFloat(23 - limit)))
    }
}
