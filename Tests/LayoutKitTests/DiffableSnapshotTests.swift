import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// Diffable snapshots (docs/semantics.md, "Diffable data sources"): the
/// difference `apply` performs, and the identifiers following batch updates.
/// The backbone is a property: for random old and new snapshots, the batch
/// update `updates(to:)` computes is accepted by the collection view, leaves
/// the counts of the new snapshot, and `applying` it to the old identifiers
/// gives exactly the new ones (the diff and the batch semantics agree).
@Suite struct DiffableSnapshotTests {
    /// The issue's example: S0: I0 I1 I2, S1: I3 I4 I5; delete I1, append N1
    /// to S1, move I0 after I2: delete 0:1, insert 1:3, and one move.
    @Test func theDocumentedApply() throws {
        let old = DiffableSnapshot(itemCounts: [3, 3])
        var new = old
        try new.deleteItems(["I1"])
        try new.appendItems(["N1"], toSection: "S1")
        try new.moveItem("I0", .after, "I2")
        #expect(new.itemIdentifiers == [["I2", "I0"], ["I3", "I4", "I5", "N1"]])
        let updates = old.updates(to: new)
        // I2 (old 0:2) and I0 (old 0:0) swap order: the longest increasing run
        // of their new places [1, 0] has one element, so exactly one moves.
        #expect(updates.filter { if case .moveItem = $0 { return true } else { return false } }.count == 1)
        #expect(updates.contains(.deleteItem(IndexPath(item: 1, section: 0))))
        #expect(updates.contains(.insertItem(IndexPath(item: 3, section: 1))))
        #expect(updates.count == 3)
        // Following the same batch as plain updates (as `insert item` would),
        // the inserted item gets stk's next number; the survivors are where
        // the new snapshot has them.
        #expect(old.applying(updates).itemIdentifiers == [["I2", "I0"], ["I3", "I4", "I5", "I6"]])
    }

    @Test func refusedEditsQuoteUIKit() {
        var s = DiffableSnapshot(itemCounts: [2])
        #expect(throws: SnapshotEditError.self) { try s.appendItems(["I1"], toSection: "S0") }
        do { try s.appendItems(["I1"], toSection: "S0") } catch let e as SnapshotEditError {
            #expect(e.message == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(I1)}")
            #expect(e.identifier == "I1")
        } catch { Issue.record("\(error)") }
        var empty = DiffableSnapshot(itemCounts: [])
        do { try empty.appendItems(["A"], toSection: nil) } catch let e as SnapshotEditError {
            #expect(e.message == "NSInternalInconsistencyException: There are currently no sections in the data source. Please add a section first.")
        } catch { Issue.record("\(error)") }
        #expect(s == DiffableSnapshot(itemCounts: [2]))
        // A move relative to itself, of a section and of an item.
        let section = #expect(throws: SnapshotEditError.self) { try s.moveSection("S0", .before, "S0") }
        #expect(section?.message == "NSInternalInconsistencyException: Attempted to move a section identifier relative to itself: S0")
        #expect(section?.identifier == "S0")
        let item = #expect(throws: SnapshotEditError.self) { try s.moveItem("I1", .after, "I1") }
        #expect(item?.message == "NSInternalInconsistencyException: Attempted to move an item identifier relative to itself: I1")
        #expect(item?.identifier == "I1")
        #expect(s == DiffableSnapshot(itemCounts: [2]))
    }

    @Test func longestIncreasingRunsStay() {
        #expect(DiffableSnapshot.longestIncreasing([0, 1, 2]) == [true, true, true])
        #expect(DiffableSnapshot.longestIncreasing([2, 0, 1]) == [false, true, true])
        // 1 2 4 (or 1 2 ... ) : three of five stay.
        #expect(DiffableSnapshot.longestIncreasing([3, 1, 2, 0, 4]).filter { $0 }.count == 3)
        // The fast path (a value past the run's end) and a search mixed:
        // 0 5 1 2 3 4 keeps 0 1 2 3 4, and 5 moves.
        #expect(DiffableSnapshot.longestIncreasing([0, 5, 1, 2, 3, 4]) == [true, false, true, true, true, true])
        #expect(DiffableSnapshot.longestIncreasing([]) == [])
    }

    /// Random edits of every kind, then the property above, on a collection
    /// view that validates the batch as UIKit does.
    @Test(arguments: 1...200)
    func appliedDifferenceGivesTheNewSnapshot(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let counts = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...6, using: &random) }
        let old = DiffableSnapshot(itemCounts: counts)
        var new = old
        var fresh = 0
        func anyItem() -> String? { new.itemIdentifiers.joined().randomElement(using: &random) }
        func anySection() -> String? { new.sectionIdentifiers.randomElement(using: &random) }
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            fresh += 1
            switch Int.random(in: 0..<8, using: &random) {
            case 0: try new.appendSections(["X\(fresh)"])
            case 1: if let s = anySection() { try new.deleteSections([s]) }
            case 2: if let s = anySection(), let a = anySection(), s != a { try new.moveSection(s, Bool.random(using: &random) ? .before : .after, a) }
            case 3: if let s = anySection() { try new.appendItems(["N\(fresh)", "M\(fresh)"], toSection: s) }
            case 4: if let i = anyItem() { try new.deleteItems([i]) }
            case 5: if let i = anyItem(), let a = anyItem(), i != a { try new.moveItem(i, Bool.random(using: &random) ? .before : .after, a) }
            case 6: if let a = anyItem() { try new.insertItems(["N\(fresh)"], .before, a) }
            default: if let s = anySection(), let a = anySection(), s != a { try new.insertSections(["Y\(fresh)"], .after, a) }
            }
        }
        // Some survivors reloaded, some named that are gone or never were.
        let reloaded = Set(new.itemIdentifiers.joined().filter { _ in Int.random(in: 0..<4, using: &random) == 0 } + ["I999", "gone"])
        let updates = old.updates(to: new, reloaded: reloaded)
        // The fast path (only sections whose items changed are diffed) gives
        // exactly the updates of diffing every section.
        #expect(updates == old.updates(to: new, reloaded: reloaded, reloadedSections: [], comparingEverySection: true))
        let cv = try CollectionView(size: CGSize(width: 390, height: 844), layout: CollectionViewFlowLayout(), itemCounts: counts)
        try cv.performBatchUpdates(updates, expectedItemCounts: new.itemCounts)
        // One section's lookups agree with the whole data's.
        for (s, id) in new.sectionIdentifiers.enumerated() {
            #expect(new.indexOfSection(id) == s)
            #expect(new.itemIdentifiers(inSection: s) == new.itemIdentifiers[s])
        }
        #expect(new.indexOfSection("never") == nil && new.indexOfSection("I0") == nil)
        let followed = old.applying(updates)
        #expect(followed.sectionIdentifiers.count == new.sectionIdentifiers.count, "\(updates)")
        // Identifiers of sections and items that survive are where the new
        // snapshot has them; new ones are numbered by stk (`applying` cannot
        // know the names an edit chose), so compare positions of survivors.
        var oldSection: [String: String] = [:]
        for (s, ids) in old.itemIdentifiers.enumerated() { for id in ids { oldSection[id] = old.sectionIdentifiers[s] } }
        let kept = Set(new.sectionIdentifiers)
        for (t, ids) in new.itemIdentifiers.enumerated() {
            #expect(followed.itemIdentifiers[t].count == ids.count, "section \(t): \(updates)")
            for (i, id) in ids.enumerated() where oldSection[id].map(kept.contains) == true && old.sectionIdentifiers.contains(new.sectionIdentifiers[t]) {
                #expect(followed.itemIdentifiers[t][i] == id, "\(id) at \(t):\(i) after \(updates)")
            }
        }
    }

    /// stk's own names are their numbers; anything else is a word with a
    /// handle of its own, the same every time it is seen.
    @Test func identifierHandles() {
        let names = IdentifierNames(prefix: "I")
        #expect(names.handle("I7") == 7)
        #expect(names.handle("I0") == 0)
        let word = names.handle("I07")        // a leading zero: not I7
        #expect(word < 0)
        #expect(names.handle("N1") == word - 1)
        #expect(names.handle("I07") == word)
        #expect(names.existingHandle("never") == nil)
        #expect(names.handle("I") < 0 && names.handle("S3") < 0 && names.handle("I-1") < 0)
        for name in ["I7", "I0", "I07", "N1", "I", "S3", "I-1", "I1234567890123456"] {
            #expect(names.name(names.handle(name)) == name)
        }
    }

    /// Snapshots built apart (their own name tables) compare by name.
    @Test func snapshotsFromDifferentTablesCompareByName() throws {
        var a = DiffableSnapshot(itemCounts: [2])
        try a.appendItems(["x"], toSection: "S0")
        let b = DiffableSnapshot(sections: ["S0"], items: [["I0", "I1", "x"]], nextSectionNumber: 1, nextItemNumber: 2)
        #expect(a == b)
        #expect(a.updates(to: b).isEmpty)
        let c = DiffableSnapshot(sections: ["S0"], items: [["I0", "x", "I1"]], nextSectionNumber: 1, nextItemNumber: 2)
        #expect(a != c)
        #expect(a.updates(to: c).count == 1)
    }

    /// Edits find their identifiers near where they last were (a hint the
    /// edit checks), else by a scan: hundreds of edits of every kind give
    /// exactly what the same edits give on plain arrays searched in full.
    @Test(arguments: 1...6)
    func editsAgreeWithPlainArrays(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        var snapshot = DiffableSnapshot(itemCounts: [300, 200, 1])
        var sections = ["S0", "S1", "S2"]
        var items: [[String]] = [(0..<300).map { "I\($0)" }, (300..<500).map { "I\($0)" }, ["I500"]]
        func place(_ id: String) -> (Int, Int) {
            for (s, ids) in items.enumerated() { if let i = ids.firstIndex(of: id) { return (s, i) } }
            fatalError("\(id) missing")
        }
        var fresh = 0
        for step in 0..<600 {
            let all = items.flatMap { $0 }
            guard all.count >= 2 else { break }
            let id = all[Int.random(in: 0..<all.count, using: &random)]
            let anchor = all[Int.random(in: 0..<all.count, using: &random)]
            let after = Bool.random(using: &random)
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<6:
                fresh += 1
                let new = ["N\(fresh)", "M\(fresh)"]
                try snapshot.insertItems(new, after ? .after : .before, anchor)
                let (s, i) = place(anchor)
                items[s].insert(contentsOf: new, at: after ? i + 1 : i)
            case 6..<11:
                try snapshot.deleteItems([id])
                let (s, i) = place(id)
                items[s].remove(at: i)
            case 11..<17 where id != anchor:
                try snapshot.moveItem(id, after ? .after : .before, anchor)
                let (s, i) = place(id)
                items[s].remove(at: i)
                let (t, j) = place(anchor)
                items[t].insert(id, at: after ? j + 1 : j)
            case 17:
                fresh += 1
                let section = sections[Int.random(in: 0..<sections.count, using: &random)]
                try snapshot.appendItems(["A\(fresh)"], toSection: section)
                items[sections.firstIndex(of: section)!].append("A\(fresh)")
            case 18 where sections.count > 1:
                // A section moves: every hint of a later section is off.
                try snapshot.moveSection(sections[0], .after, sections[sections.count - 1])
                sections.append(sections.removeFirst())
                items.append(items.removeFirst())
            default:
                try snapshot.checkItems([id], verb: "reload")
            }
            if step % 50 == 0 || step == 599 {
                #expect(snapshot.itemIdentifiers == items, "step \(step)")
                #expect(snapshot.sectionIdentifiers == sections, "step \(step)")
            }
        }
        // An identifier deleted above is unknown now, whatever its hint said.
        #expect(throws: SnapshotEditError.self) { try snapshot.deleteItems(["I0", "I0"]) }
    }

    /// stk's trap past the cases it can make of an enum with values says
    /// which are made how, with an example of each form; without a case of
    /// one value, the plain form.
    @Test func theTrapPastAnEnumsCasesSaysWhatToWrite() {
        enum Section { case list }
        #expect(StkIdentifier.casesMessage(Section.self, .section, "S1", plain: ["list"], withAValue: ["sized(Feed.Kind)", "page(Int)"])
            == "stk has no Section for section S1: it makes the cases of Section that carry no value (list) by name or by place, and those that carry one (sized(Feed.Kind), page(Int)) by name and value, quoted (\"sized(<Feed.Kind>)\"), and S1 is none of these: name the sections by case (`append sections list \"sized(<Feed.Kind>)\"`), or make no more than 1")
        #expect(StkIdentifier.casesMessage(Section.self, .section, "S1", plain: ["list"], withAValue: [])
            == "stk has no Section for section S1: it makes only the cases of Section that carry no value (list), by name or by place, and S1 is neither: name the sections by case (`append sections list`), or make no more than 1")
    }
}
