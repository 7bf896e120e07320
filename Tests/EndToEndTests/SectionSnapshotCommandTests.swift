import Foundation
import StkTestSupport
import Testing

/// `snapshot SECTION_ID` and `snapshot edit SECTION_ID ... apply` as users run
/// them: outlines whose visible items are the section's items, expanding and
/// collapsing as batch updates, identifiers unique across the snapshot,
/// undo, save, JSON, and changes made around the outline.
@Suite struct SectionSnapshotCommandTests {
    /// A, collapsed, over A1 A2, after the section's own I0 I1.
    private let outline = "sections 1 items=2; snapshot edit S0; append items A; append items A1 A2 to A; apply"

    @Test func expandingInsertsTheChildrensCellsAndCollapsingDeletesThem() throws {
        let lines = try StkProcess.quietLines(commands: outline + """
            ; snapshot; trace on; snapshot edit S0; expand A; apply; trace off; snapshot
            ; trace on; snapshot edit S0; collapse A; apply; trace off; snapshot
            """)
        let prepares = lines.filter { $0.hasPrefix("prepare(forCollectionViewUpdates:") }
        // A is item 0:2; its children become 0:3 and 0:4, and go again.
        #expect(prepares == ["prepare(forCollectionViewUpdates: [insert item 0:3, insert item 0:4])",
                             "prepare(forCollectionViewUpdates: [delete item 0:4, delete item 0:3])"], "\(lines)")
        #expect(lines.filter { $0.hasPrefix("S0:") } == ["S0: I0 I1 A", "S0: I0 I1 A A1 A2", "S0: I0 I1 A"], "\(lines)")
    }

    @Test func theLayoutLaysOutTheVisibleItems() throws {
        // flow-sticky's 50x50 items, 6 a line in 390 (6 x 50 + 5 x 18), under
        // a 44-point header: the 3 visible items are one line, 44 + 50 = 94.
        // Expanded with two more children, 7 visible: two lines 10 apart,
        // 44 + 50 + 10 + 50 = 154.
        let sizes = try StkProcess.quietLines(commands: outline + """
            ; contentsize; snapshot edit S0; expand A; append items A3 A4 to A; apply; contentsize
            """)
        #expect(sizes == ["390x94", "390x154"], "\(sizes)")
    }

    @Test func printsTheTreeAndItsJSON() throws {
        let text = try StkProcess.quietLines(commands: outline + "; snapshot edit S0; append items A21 to A2; expand A; apply; snapshot S0")
        #expect(text == ["I0", "I1", "+ A", "  A1", "  - A2", "    A21 (not visible)"], "\(text)")
        let json = try StkProcess.run(commands: outline + "; snapshot S0", options: ["--json"])
        #expect(json.lines.last == #"{"section":"S0","items":[{"identifier":"I0","level":0,"parent":null,"expanded":false,"visible":true},{"identifier":"I1","level":0,"parent":null,"expanded":false,"visible":true},{"identifier":"A","level":0,"parent":null,"expanded":false,"visible":true},{"identifier":"A1","level":1,"parent":"A","expanded":false,"visible":false},{"identifier":"A2","level":1,"parent":"A","expanded":false,"visible":false}]}"#, "\(json)")
        let missing = try StkProcess.run(commands: "sections 2 items=1; snapshot S7")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: no section S7 in the snapshot; its sections are S0 S1"), "\(missing)")
    }

    @Test func identifiersStayUniqueAcrossTheSnapshotHiddenOnesIncluded() throws {
        // I2 is the other section's item; A1 is hidden under collapsed A.
        let elsewhere = try StkProcess.run(commands: "sections 2 items=1; snapshot edit S0; append items A; append items I1 to A; apply")
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.contains("<command-line>:1:68: error: Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(I1)}"), "\(elsewhere)")
        let hidden = try StkProcess.run(commands: outline + "; snapshot edit; append sections S1; append items A1 to S1; apply")
        #expect(hidden.status == 2)
        #expect(hidden.stderr.contains("Duplicate identifiers: {(A1)}"), "\(hidden)")
        // Numbers stk gives new items pass the hidden ones: I50 hidden, the
        // next inserted item is I51.
        let numbered = try StkProcess.run(commands: "sections 1 items=1; snapshot edit S0; append items I50 to I0; apply; insert item 0:1; snapshot")
        #expect(numbered.lines == ["S0: I0 I51"], "\(numbered)")
    }

    @Test func aNewSectionIsAppendedAndAppliesAreUndoneAndSaved() throws {
        let appended = try StkProcess.quietLines(commands: "sections 1 items=1; snapshot edit Sidebar; append items Home; apply; snapshot")
        #expect(appended == ["S0: I0", "Sidebar: Home"], "\(appended)")

        let undone = try StkProcess.quietLines(commands: outline + "; snapshot edit S0; expand A; apply; undo; snapshot")
        #expect(undone == ["undid: snapshot edit S0", "  expand A", "apply", "S0: I0 I1 A"], "\(undone)")

        // Expanding a leaf shows nothing yet, but is a change of the data:
        // saved, and its children show once they come.
        let folder = try ScratchFolder()
        let saved = folder.url.appendingPathComponent("outline.stk").path
        _ = try StkProcess.quietLines(commands: outline + "; snapshot edit S0; expand A1; apply; save \(saved)")
        let replay = try String(contentsOfFile: saved, encoding: .utf8) + "snapshot edit S0\nexpand A\nappend items B to A1\napply\nsnapshot\n"
        let replayed = try StkProcess.run(script: replay)
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.lines == ["S0: I0 I1 A A1 B A2"], "\(replayed)")
    }

    @Test func aChangeAroundTheOutlineLeavesAFlatListAndSaysSo() throws {
        let result = try StkProcess.run(commands: outline + "; snapshot edit S0; expand A; apply; insert item 0:0; snapshot S0")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("note: section S0 is a flat list of the items it shows from now on"), "\(result)")
        #expect(result.lines == ["I2", "I0", "I1", "A", "A1", "A2"], "\(result)")
        // A change that leaves the outline's items as they were keeps it.
        let kept = try StkProcess.run(commands: outline + "; insert section 1 items=1; snapshot S0")
        #expect(!kept.stderr.contains("flat list"), "\(kept)")
        #expect(kept.lines.suffix(3) == ["- A", "  A1 (not visible)", "  A2 (not visible)"], "\(kept)")
    }

    @Test func aSectionsBlockTakesOnlyTheSectionSnapshotsMethods() throws {
        let move = try StkProcess.run(commands: "sections 1 items=2; snapshot edit S0; move item I0 after I1; apply")
        #expect(move.status == 2)
        #expect(move.stderr.contains("error: 'move' cannot be used in a section's snapshot edit; its lines are append, insert, delete, expand, collapse (then 'apply')"), "\(move)")
        let sections = try StkProcess.run(commands: "sections 1 items=2; snapshot edit S0; append sections S9; apply")
        #expect(sections.stderr.contains("NSDiffableDataSourceSectionSnapshot has no 'append sections'"), "\(sections)")
        let reload = try StkProcess.run(commands: "sections 1 items=2; snapshot edit S0; expand I0; apply reload")
        #expect(reload.stderr.contains("a section's snapshot has no 'apply reload'"), "\(reload)")
        let expandOutside = try StkProcess.run(commands: "sections 1 items=2; snapshot edit; expand I0; apply")
        #expect(expandOutside.stderr.contains("'expand' cannot be used in a snapshot edit"), "\(expandOutside)")
    }
}
