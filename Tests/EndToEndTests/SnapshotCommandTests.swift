import Foundation
import StkTestSupport
import Testing

/// `snapshot` and `snapshot edit ... apply` as users run them: refused blocks
/// change nothing and exit 2 at the identifier, JSON mode, undo and save.
@Suite struct SnapshotCommandTests {
    @Test func aDuplicateIdentifierRefusesTheWholeBlockAtTheIdentifier() throws {
        let script = """
            sections 1 items=2
            snapshot edit
              delete items I0
              append items I1 to S0
            apply
            snapshot

            """
        let result = try StkProcess.run(script: script)
        #expect(result.status == 2, "\(result)")
        // The error is at `I1` on line 4, column 16, quoting UIKit; the block's
        // delete did not happen, and the script stopped there.
        #expect(result.stderr.contains("<stdin>:4:16: error: Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(I1)}"), "\(result)")
        #expect(result.lines.isEmpty, "\(result)")

        let unchanged = try StkProcess.run(commands: "sections 1 items=2; snapshot edit; delete items I0; append items I1; apply", options: [])
        #expect(unchanged.status == 2)
        let after = try StkProcess.quietLines(commands: "sections 1 items=2; snapshot")
        #expect(after == ["S0: I0 I1"])
    }

    @Test func unknownIdentifiersAndNoSectionAreUIKitsExceptions() throws {
        let unknown = try StkProcess.run(commands: "sections 1 items=2; snapshot edit; move item I9 after I0; apply")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("error: NSInternalInconsistencyException: Attempted to move item identifier that does not exist in the snapshot: I9"), "\(unknown)")
        let empty = try StkProcess.run(commands: "sections 0; snapshot edit; append items A; apply")
        #expect(empty.stderr.contains("There are currently no sections in the data source. Please add a section first."), "\(empty)")
    }

    @Test func jsonUndoAndSaveKeepTheIdentifiers() throws {
        let json = try StkProcess.run(commands: "sections 2 items=1; snapshot", options: ["--json"])
        #expect(json.lines == [#"{"sections":[{"identifier":"S0","items":["I0"]},{"identifier":"S1","items":["I1"]}]}"#], "\(json)")

        let undone = try StkProcess.quietLines(commands: "sections 1 items=3; snapshot edit; move item I2 before I0; apply; undo; snapshot")
        #expect(undone == ["undid: snapshot edit", "  move item I2 before I0", "apply", "S0: I0 I1 I2"], "\(undone)")

        let folder = try ScratchFolder()
        let saved = folder.url.appendingPathComponent("s.stk").path
        _ = try StkProcess.quietLines(commands: "sections 1 items=3; snapshot edit; append items Z; move item I2 before I0; apply; save \(saved)")
        let replay = try String(contentsOfFile: saved, encoding: .utf8) + "snapshot\n"
        let replayed = try StkProcess.run(script: replay)
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.lines == ["S0: I2 I0 I1 Z"], "\(replayed)")
    }
}
