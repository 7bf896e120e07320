import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// One section's snapshot as a tree (`NSDiffableDataSourceSectionSnapshot`):
/// where each edit puts items, and which items the collection view shows.
/// The backbone is a property: for random trees, the visible items are
/// exactly the items whose every ancestor is expanded, found the slow way
/// (walking up through `parent(of:)`).
@Suite struct SectionOutlineTests {
    /// Fruit (expanded): Apple, Pear; Vegetables (collapsed): Leek.
    private func groceries() throws -> SectionOutline {
        var outline = SectionOutline()
        try outline.append(["Fruit", "Vegetables"], to: nil, in: "S0")
        try outline.append(["Apple", "Pear"], to: "Fruit", in: "S0")
        try outline.append(["Leek"], to: "Vegetables", in: "S0")
        try outline.setExpanded(["Fruit"], true, in: "S0")
        return outline
    }

    @Test func childrenFollowTheirParentAndShowOnlyWhenItIsExpanded() throws {
        let outline = try groceries()
        #expect(outline.items == ["Fruit", "Apple", "Pear", "Vegetables", "Leek"])
        #expect(outline.visibleItems == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(outline.level(of: "Pear") == 1)
        #expect(outline.parent(of: "Leek") == "Vegetables")
        #expect(outline.parent(of: "Fruit") == nil)
        #expect(outline.isVisible("Apple") && !outline.isVisible("Leek"))
        #expect(outline.hasChildren("Fruit") && !outline.hasChildren("Apple"))
    }

    @Test func aNewParentIsCollapsed() throws {
        var outline = SectionOutline(rootItems: ["A"])
        try outline.append(["A1"], to: "A", in: "S0")
        #expect(outline.visibleItems == ["A"])
        try outline.setExpanded(["A"], true, in: "S0")
        #expect(outline.visibleItems == ["A", "A1"])
    }

    @Test func insertedItemsAreSiblingsAfterTheAnchorsDescendants() throws {
        var outline = try groceries()
        try outline.insert(["Bread"], .after, "Fruit", in: "S0")
        try outline.insert(["Fig"], .before, "Pear", in: "S0")
        #expect(outline.items == ["Fruit", "Apple", "Fig", "Pear", "Bread", "Vegetables", "Leek"])
        #expect(outline.level(of: "Bread") == 0 && outline.level(of: "Fig") == 1)
    }

    @Test func deletingAParentDeletesItsDescendants() throws {
        var outline = try groceries()
        try outline.append(["Granny Smith"], to: "Apple", in: "S0")
        try outline.delete(["Fruit"], in: "S0")
        #expect(outline.items == ["Vegetables", "Leek"])
        #expect(outline.visibleItems == ["Vegetables"])
    }

    @Test func collapsingHidesEveryLevelBelowButKeepsTheirOwnState() throws {
        var outline = try groceries()
        try outline.append(["Granny Smith"], to: "Apple", in: "S0")
        try outline.setExpanded(["Apple"], true, in: "S0")
        #expect(outline.visibleItems == ["Fruit", "Apple", "Granny Smith", "Pear", "Vegetables"])
        try outline.setExpanded(["Fruit"], false, in: "S0")
        #expect(outline.visibleItems == ["Fruit", "Vegetables"])
        // Apple stays expanded under its collapsed parent.
        try outline.setExpanded(["Fruit"], true, in: "S0")
        #expect(outline.visibleItems == ["Fruit", "Apple", "Granny Smith", "Pear", "Vegetables"])
    }

    @Test func refusedEditsNameTheIdentifierAndChangeNothing() throws {
        var outline = try groceries()
        let before = outline
        #expect(throws: SnapshotEditError.self) { try outline.append(["X"], to: "Nope", in: "S0") }
        do {
            try outline.append(["Kiwi", "Pear"], to: "Fruit", in: "S0")
            Issue.record("a duplicate was taken")
        } catch let error as SnapshotEditError {
            #expect(error.identifier == "Pear")
            #expect(error.message == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(Pear)}")
        }
        #expect(throws: SnapshotEditError.self) { try outline.setExpanded(["Nope"], true, in: "S0") }
        #expect(outline == before)
    }

    /// Random trees built by random edits: `visibleItems` is the items whose
    /// ancestors are all expanded, in the order of `items`.
    @Test func visibleItemsAreThoseWithEveryAncestorExpanded() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            var outline = SectionOutline()
            var next = 0
            for _ in 0..<(1 + random.next(below: 30)) {
                let items = outline.items
                let name = "N\(next)"
                next += 1
                switch random.next(below: 5) {
                case 0, 1:
                    let parent = items.isEmpty || random.next(below: 3) == 0 ? nil : items[random.next(below: items.count)]
                    try outline.append([name], to: parent, in: "S0")
                case 2 where !items.isEmpty:
                    try outline.insert([name], random.next(below: 2) == 0 ? .before : .after, items[random.next(below: items.count)], in: "S0")
                case 3 where !items.isEmpty:
                    try outline.setExpanded([items[random.next(below: items.count)]], random.next(below: 4) != 0, in: "S0")
                case 4 where items.count > 3:
                    try outline.delete([items[random.next(below: items.count)]], in: "S0")
                default:
                    try outline.append([name], to: nil, in: "S0")
                }
            }
            let expanded = Dictionary(uniqueKeysWithValues: outline.nodes.map { ($0.identifier, $0.isExpanded) })
            let slow = outline.items.filter { id in
                var ancestor = outline.parent(of: id)
                while let a = ancestor {
                    if expanded[a] != true { return false }
                    ancestor = outline.parent(of: a)
                }
                return true
            }
            #expect(outline.visibleItems == slow)
            #expect(outline.visibleItems.allSatisfy(outline.isVisible))
        }
    }
}
