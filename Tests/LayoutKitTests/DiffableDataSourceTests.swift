import Foundation
import Testing
import LayoutKit

/// The diffable data source a layout reads (`dataSource.sectionIdentifier(for:)`,
/// `dataSource.snapshot().sectionIdentifiers[sectionIndex]`): stk's
/// identifiers (numbered by place when the host keeps none) as values of the
/// app's types, of the types stk can make.
@Suite struct DiffableDataSourceTests {
    enum Section: CaseIterable { case list, grid, carousel }
    enum Numbered: Int { case first, second, third }
    struct Opaque: Hashable { var id = UUID() }
    enum Plain { case stories, posts, ads }
    enum Single { case main }
    struct Flag: Hashable { var on = false }
    enum Kind: String { case featured, tiles }
    struct Coded: RawRepresentable, Hashable { var rawValue: String }

    /// A struct of the app made with its own initialiser, as the source
    /// adapter's conformance says (`InitialisableIdentifiers`): a new UUID
    /// each time, the kind from the name.
    struct Shelf: Hashable, StkIdentifierInitialisable {
        let id = UUID()
        let kind: Kind
        init(kind: Kind, title: String = "") { self.kind = kind }

        static func __stkIdentifier(from name: DiffableSnapshot.Name, of element: StkIdentifier.Element) -> Shelf? {
            StkIdentifier.make(Kind.self, from: name, of: element).map { Shelf(kind: $0) }
        }
    }

    private func dataSource<S: Hashable, I: Hashable>(_ counts: [Int], _: S.Type, _: I.Type) throws
        -> (CollectionViewDiffableDataSource<S, I>, CollectionView) {
        let cv = try CollectionView(size: CGSize(width: 390, height: 844), layout: CollectionViewFlowLayout(), itemCounts: counts)
        return (CollectionViewDiffableDataSource<S, I>(stkShowing: cv), cv)
    }

    /// Sections are the cases in order, as apps append `Section.allCases`;
    /// past the last case there is none.
    @Test func caseIterableSectionsAreTheCasesInOrder() throws {
        let (source, cv) = try dataSource([2, 3, 1], Section.self, Int.self)
        #expect(source.snapshot().sectionIdentifiers == [.list, .grid, .carousel])
        #expect(source.sectionIdentifier(for: 1) == .grid)
        #expect(source.sectionIdentifier(for: 3) == nil)
        #expect(source.index(for: .carousel) == 2)
        try cv.performBatchUpdates([.insertSection(3, itemCount: 1)])
        #expect(source.sectionIdentifier(for: 3) == nil, "Section has three cases")
        #expect(source.snapshot().numberOfSections == 4)
    }

    /// Items are consecutive Ints across sections, as Apple's samples append
    /// `Array(0..<n)` section after section: 2 + 3 items, so 1:0 is 2.
    @Test func intItemsCountAcrossSections() throws {
        let (source, cv) = try dataSource([2, 3], Section.self, Int.self)
        let snapshot = source.snapshot()
        #expect(snapshot.itemIdentifiers == [0, 1, 2, 3, 4])
        #expect(snapshot.itemIdentifiers(inSection: .grid) == [2, 3, 4])
        #expect(snapshot.numberOfItems(inSection: .list) == 2)
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.sectionIdentifier(containingItem: 3) == .grid)
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 2)
        #expect(source.itemIdentifier(for: IndexPath(item: 3, section: 1)) == nil)
        #expect(source.indexPath(for: 4) == IndexPath(item: 2, section: 1))
        // What the data source answers follows the data.
        try cv.performBatchUpdates([.insertItem(IndexPath(item: 0, section: 0))])
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 3)
        // It is the collection view's data source, as in UIKit.
        #expect(cv.dataSource === source)
    }

    /// Int raw values by position; Strings are stk's names; other types have
    /// no identifier where UIKit's answer is optional.
    @Test func otherIdentifierTypes() throws {
        let (numbered, numberedView) = try dataSource([1, 1, 1, 1], Numbered.self, String.self)
        #expect((0..<4).map(numbered.sectionIdentifier(for:)) == [.first, .second, .third, nil])
        #expect(numbered.itemIdentifier(for: IndexPath(item: 0, section: 2)) == "I2")
        let (named, namedView) = try dataSource([1, 2], String.self, Opaque.self)
        #expect(named.snapshot().sectionIdentifiers == ["S0", "S1"])
        #expect(named.itemIdentifier(for: IndexPath(item: 1, section: 1)) == nil)
        #expect(named.snapshot().numberOfItems(inSection: "S1") == 2)
        // The data source does not keep its collection view (the app's view controller does).
        withExtendedLifetime((numberedView, namedView)) {}
    }

    /// A snapshot built in code holds what was appended; one taken from the
    /// data source becomes one when appended to.
    @Test func aSnapshotBuiltInCode() throws {
        var built = DiffableDataSourceSnapshot<Section, Int>()
        built.appendSections([.grid, .list])
        built.appendItems([7, 8], toSection: .list)
        built.appendItems([9])
        #expect(built.sectionIdentifiers == [.grid, .list])
        #expect(built.itemIdentifiers(inSection: .list) == [7, 8, 9])
        #expect(built.indexOfItemIdentifier(8) == 1)
        let (source, view) = try dataSource([1], Section.self, Int.self)
        var taken = source.snapshot()
        taken.appendSections([.carousel])
        taken.appendItems([40])
        #expect(taken.sectionIdentifiers == [.list, .carousel])
        #expect(taken.itemIdentifiers == [0, 40])
        withExtendedLifetime(view) {}
    }

    /// The host's identifiers: numbered ones are the case at their number's
    /// place, words the case of that name; a change's own identifiers are
    /// read during its pass, made once, and only when a data source reads them.
    @Test func theHostsIdentifiersAndAChangesOwn() throws {
        let (source, cv) = try dataSource([1, 1, 1], Section.self, String.self)
        cv.identifiersProvider = {
            DiffableSnapshot(sections: ["S2", "grid", "S7"], items: [["I0"], ["tile"], ["I9"]], nextSectionNumber: 8, nextItemNumber: 10)
        }
        #expect((0..<3).map(source.sectionIdentifier(for:)) == [.carousel, .grid, nil])
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 1)) == "tile")
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 2)) == "I9")
        // Identifiers that disagree with the data are not used: stk's numbering is.
        try cv.performBatchUpdates([.deleteSection(0)])
        #expect(source.snapshot().sectionIdentifiers == [.list, .grid])
        var made = 0
        let next = DiffableSnapshot(sections: ["S1", "carousel"], items: [["a"], ["b", "c"]], nextSectionNumber: 2, nextItemNumber: 0)
        try cv.withIdentifiers({ made += 1; return next }()) {
            try cv.performBatchUpdates([.insertItem(IndexPath(item: 1, section: 1))])
            #expect(source.snapshot().sectionIdentifiers == [.grid, .carousel])
            #expect(source.itemIdentifier(for: IndexPath(item: 1, section: 1)) == "c")
        }
        #expect(made == 1)
        let unread = try CollectionView(size: CGSize(width: 390, height: 844), layout: CollectionViewFlowLayout(), itemCounts: [1])
        unread.withIdentifiers({ made += 1; return next }()) {}
        #expect(made == 1, "no data source reads them")
    }

    /// Enums whose cases carry no values, not CaseIterable (as Apple's
    /// samples declare `enum Section { case main }`): the case at the
    /// number's place in the order declared, or of the name; a one-Bool
    /// struct, as small, is not taken for one.
    @Test func plainEnums() throws {
        let (plain, plainView) = try dataSource([1, 1, 1, 1], Plain.self, Single.self)
        #expect((0..<4).map(plain.sectionIdentifier(for:)) == [.stories, .posts, .ads, nil])
        #expect(plain.itemIdentifier(for: IndexPath(item: 0, section: 0)) == .main)
        #expect(plain.itemIdentifier(for: IndexPath(item: 0, section: 1)) == nil, "I1: Single has one case")
        #expect(StkIdentifier.make(Plain.self, from: .word("ads"), of: .section) == .ads)
        #expect(StkIdentifier.make(Plain.self, from: .word("Ads"), of: .section) == nil)
        #expect(StkIdentifier.make(Flag.self, from: .numbered(0), of: .item) == nil)
        #expect(StkIdentifier.make(Bool.self, from: .numbered(1), of: .item) == nil)
        #expect(StkIdentifier.make(Opaque.self, from: .numbered(0), of: .item) == nil)
        withExtendedLifetime(plainView) {}
    }

    /// Int identifiers: a numbered name is its number, a word its Int; a
    /// word that spells none (`T37`, a section verify appends) is an Int of
    /// its own, below 0, the same each time and another for another word.
    /// A name of a case with its value (`page(1)`, the source adapter's
    /// enums with values): the case's name, a Swift identifier, and the text
    /// between the parentheses; any other shape is none.
    @Test func aCaseAndItsValueAreReadFromAName() {
        #expect(StkIdentifier.caseAndValue(in: "page(1)").map { [$0.name, $0.value] } == ["page", "1"])
        #expect(StkIdentifier.caseAndValue(in: "_tag2(new arrivals)").map { [$0.name, $0.value] } == ["_tag2", "new arrivals"])
        for shape in ["page", "page()", "page(1", "2page(1)", "(1)", "a b(1)", "page(1)x"] {
            #expect(StkIdentifier.caseAndValue(in: shape) == nil, "\(shape)")
        }
    }

    @Test func intIdentifiersOfWordsThatSpellNoNumber() {
        #expect(StkIdentifier.make(Int.self, from: .numbered(3), of: .section) == 3)
        #expect(StkIdentifier.make(Int.self, from: .word("42"), of: .section) == 42)
        let t37 = StkIdentifier.make(Int.self, from: .word("T37"), of: .section)
        #expect(t37.map { $0 < 0 } == true)
        #expect(StkIdentifier.make(Int.self, from: .word("T37"), of: .section) == t37)
        let t38 = StkIdentifier.make(Int.self, from: .word("T38"), of: .section)
        #expect(t38 != nil && t38 != t37)
    }

    /// An enum with String raw values that is not CaseIterable is still an
    /// enum whose cases carry no values: S<n> is its case at place n; a
    /// struct with a String raw value takes stk's name itself ("S2").
    @Test func stringRawValues() {
        #expect(StkIdentifier.make(Kind.self, from: .numbered(1), of: .section) == .tiles)
        #expect(StkIdentifier.make(Kind.self, from: .numbered(2), of: .section) == nil)
        #expect(StkIdentifier.make(Kind.self, from: .word("featured"), of: .section) == .featured)
        #expect(StkIdentifier.make(Coded.self, from: .numbered(2), of: .section) == Coded(rawValue: "S2"))
        #expect(StkIdentifier.make(Coded.self, from: .numbered(7), of: .item) == Coded(rawValue: "I7"))
        #expect(StkIdentifier.make(Coded.self, from: .word("featured"), of: .section) == Coded(rawValue: "featured"))
    }

    /// A struct the adapter made initialisable: each section's value has the
    /// kind its name gives; past the kinds there is none.
    @Test func aStructMadeWithItsInitialiser() throws {
        let (shelves, view) = try dataSource([4, 9, 1], Shelf.self, Int.self)
        #expect((0..<3).map { shelves.sectionIdentifier(for: $0)?.kind } == [.featured, .tiles, nil])
        #expect(shelves.snapshot().numberOfSections == 3)
        #expect(StkIdentifier.make(Shelf.self, from: .word("tiles"), of: .section)?.kind == .tiles)
        // Made once per name (its UUID too): found again in the snapshot
        // (of two sections: every section must have its value to be searched).
        let (two, twoView) = try dataSource([4, 9], Shelf.self, Int.self)
        let snapshot = two.snapshot()
        let tiles = snapshot.sectionIdentifiers[1]
        #expect(snapshot.numberOfItems(inSection: tiles) == 9)
        #expect(two.index(for: tiles) == 1)
        #expect(two.sectionIdentifier(for: 1) == tiles)
        withExtendedLifetime((view, twoView)) {}
    }
}
