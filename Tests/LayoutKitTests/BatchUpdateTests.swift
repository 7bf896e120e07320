import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// performBatchUpdates (BatchUpdatePlan): what each update does to the data,
/// size overrides travelling with their items, and every refusal UIKit would
/// make, with its message and the model left exactly as it was.
@Suite struct BatchUpdateTests {

    func make(_ counts: [Int]) throws -> (CollectionView, CollectionViewFlowLayout) {
        let layout = CollectionViewFlowLayout()
        layout.headerReferenceSize = size(0, 20)
        let cv = try CollectionView(layout: layout, itemCounts: counts)
        return (cv, layout)
    }

    func counts(_ cv: CollectionView) -> [Int] { cv.sections.map(\.itemCount) }

    /// The overrides of a section, item by item (nil: the layout's default).
    func overrides(_ cv: CollectionView, _ s: Int) -> [CGSize?] {
        (0..<cv.numberOfItems(inSection: s)).map { cv.sections[s].itemSizeOverride(at: $0) }
    }

    /// After any accepted update the layout must answer as a fresh one on the same data.
    func expectLayoutMatchesFresh(_ cv: CollectionView, _ layout: CollectionViewFlowLayout, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = freshCopy(of: layout)
        let replica = try cv.makeReplica(layout: fresh)
        let d = differences(attributesByElement(layout, in: cv), attributesByElement(fresh, in: replica))
        #expect(d.isEmpty, "\(d.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    // MARK: Accepted updates

    @Test func insertedItemsPushLaterItemsAndTheirSizesBack() throws {
        let (cv, layout) = try make([5, 3])
        try cv.setItemSize(size(80, 20), at: .ip(0, 2))
        // Inserts name paths after the update: 0:0 and 0:6 in a section that will
        // have 7 items. Old item 2 (with its override) lands at 0:3.
        try cv.performBatchUpdates([.insertItem(.ip(0, 6)), .insertItem(.ip(0, 0))])
        #expect(counts(cv) == [7, 3])
        #expect(overrides(cv, 0) == [nil, nil, nil, size(80, 20), nil, nil, nil])
        try expectLayoutMatchesFresh(cv, layout)
    }

    @Test func deletedItemsCloseTheGapAndMovedItemsTakeTheirSizeAlong() throws {
        let (cv, layout) = try make([5, 3])
        try cv.setItemSize(size(80, 20), at: .ip(0, 2))
        try cv.setItemSize(size(90, 30), at: .ip(0, 4))
        // Delete 0:1 and 0:3 (old paths): old 0, 2, 4 remain at 0, 1, 2.
        try cv.performBatchUpdates([.deleteItem(.ip(0, 3)), .deleteItem(.ip(0, 1))])
        #expect(counts(cv) == [3, 3])
        #expect(overrides(cv, 0) == [nil, size(80, 20), size(90, 30)])
        // Move 0:1 (80x20) to 1:0: it keeps its size; section 0 keeps only 90x30.
        try cv.performBatchUpdates([.moveItem(.ip(0, 1), to: .ip(1, 0))])
        #expect(counts(cv) == [2, 4])
        #expect(overrides(cv, 0) == [nil, size(90, 30)])
        #expect(overrides(cv, 1) == [size(80, 20), nil, nil, nil])
        // Move the last override out: section 0 is uniform again (the arithmetic path).
        try cv.performBatchUpdates([.moveItem(.ip(0, 1), to: .ip(1, 4))])
        #expect(counts(cv) == [1, 5])
        #expect(cv.sections[0].isUniform)
        #expect(overrides(cv, 1) == [size(80, 20), nil, nil, nil, size(90, 30)])
        try expectLayoutMatchesFresh(cv, layout)
    }

    @Test func movingAnItemWithinItsSection() throws {
        let (cv, layout) = try make([5])
        for i in 0..<5 { try cv.setItemSize(size(CGFloat(10 + i), 10), at: .ip(0, i)) }
        // UIKit: move 0 -> 3 gives [1, 2, 3, 0, 4].
        try cv.performBatchUpdates([.moveItem(.ip(0, 0), to: .ip(0, 3))])
        #expect(overrides(cv, 0).map { $0?.width } == [11, 12, 13, 10, 14])
        try expectLayoutMatchesFresh(cv, layout)
    }

    @Test func reloadedItemsKeepTheirPlaceAndSize() throws {
        let (cv, layout) = try make([3])
        try cv.setItemSize(size(70, 10), at: .ip(0, 1))
        let revision = cv.sections[0].revision
        try cv.performBatchUpdates([.reloadItem(.ip(0, 1))])
        #expect(counts(cv) == [3])
        #expect(overrides(cv, 0) == [nil, size(70, 10), nil])
        #expect(cv.sections[0].revision != revision, "a reload is new content: the section's revision moves")
        try expectLayoutMatchesFresh(cv, layout)
    }

    @Test func sectionsAreInsertedDeletedMovedAndReloaded() throws {
        let (cv, layout) = try make([2, 3, 4])
        try cv.setSupplementarySize(size(0, 55), ofKind: ElementKind.sectionHeader, inSection: 0)
        try cv.setItemSize(size(33, 33), at: .ip(0, 1))
        let identities = cv.sections.map(\.identity)

        // Insert a section of 6 at 1: [2, 6, 3, 4].
        try cv.performBatchUpdates([.insertSection(1, itemCount: 6)])
        #expect(counts(cv) == [2, 6, 3, 4])
        #expect(cv.sections[1].isUniform && cv.sections[1].headerSize == nil)
        #expect(!identities.contains(cv.sections[1].identity), "an inserted section is a new one")

        // Move section 0 (header 55, item 1 33x33) to the end: [6, 3, 4, 2].
        try cv.performBatchUpdates([.moveSection(0, to: 3)])
        #expect(counts(cv) == [6, 3, 4, 2])
        #expect(cv.sections[3].identity == identities[0])
        #expect(cv.sections[3].headerSize == size(0, 55))
        #expect(overrides(cv, 3) == [nil, size(33, 33)])

        // Delete section 1 (old 3 items) and reload section 2 (old 4 items): [6, 4, 2].
        let reloadedRevision = cv.sections[2].revision
        try cv.performBatchUpdates([.reloadSection(2), .deleteSection(1)])
        #expect(counts(cv) == [6, 4, 2])
        #expect(cv.sections[1].identity == identities[2])
        #expect(cv.sections[1].revision != reloadedRevision)
        try expectLayoutMatchesFresh(cv, layout)
    }

    @Test func severalUpdatesAtOnce() throws {
        // Counts 6, 4, 3. Overrides mark the items to follow:
        //   0:4 (12) and 0:5 (11), 1:2 (14), 2:2 (13).
        // Updates: delete 0:1, 0:3, 1:0; insert 0:0, 2:1; reload 1:2; move 0:5 -> 2:0.
        // Section 0: old 0, 2, 4 remain, an insert takes slot 0 -> [new, 0, 2, 4]: 12 at 0:3.
        // Section 1: old 1, 2, 3 remain -> 1:2 (reloaded, keeps 14) is now 1:1.
        // Section 2: slot 0 is the moved 0:5 (11), slot 1 the insert, then old 0, 1, 2:
        //   13 lands at 2:4. Counts: 4, 3, 5.
        let (cv, layout) = try make([6, 4, 3])
        try cv.setItemSize(size(12, 12), at: .ip(0, 4))
        try cv.setItemSize(size(11, 11), at: .ip(0, 5))
        try cv.setItemSize(size(14, 14), at: .ip(1, 2))
        try cv.setItemSize(size(13, 13), at: .ip(2, 2))
        try cv.performBatchUpdates([
            .moveItem(.ip(0, 5), to: .ip(2, 0)), .insertItem(.ip(2, 1)), .deleteItem(.ip(0, 1)), .reloadItem(.ip(1, 2)),
            .insertItem(.ip(0, 0)), .deleteItem(.ip(1, 0)), .deleteItem(.ip(0, 3)),
        ], expectedItemCounts: [4, 3, 5])
        #expect(counts(cv) == [4, 3, 5])
        #expect(overrides(cv, 0) == [nil, nil, nil, size(12, 12)])
        #expect(overrides(cv, 1) == [nil, size(14, 14), nil])
        #expect(overrides(cv, 2) == [size(11, 11), nil, nil, nil, size(13, 13)])
        try expectLayoutMatchesFresh(cv, layout)
    }

    // MARK: Refusals

    struct Refusal: Sendable, CustomTestStringConvertible {
        let updates: [CollectionViewUpdate]
        let message: String
        var testDescription: String { updates.map(\.description).joined(separator: "; ") }
    }

    /// Each is refused on counts 5, 3, 2.
    static let refusals: [Refusal] = [
        Refusal(updates: [.deleteItem(.ip(0, 1)), .moveItem(.ip(0, 1), to: .ip(0, 0))],
                message: "item 0:1 is both deleted and moved in one batch"),
        Refusal(updates: [.deleteItem(.ip(0, 2)), .deleteItem(.ip(0, 2))],
                message: "item 0:2 is deleted twice in one batch"),
        Refusal(updates: [.reloadItem(.ip(1, 1)), .deleteItem(.ip(1, 1))],
                message: "item 1:1 is both reloaded and deleted in one batch"),
        Refusal(updates: [.insertItem(.ip(0, 6))],
                message: "insert item 0:6: item 6 is past the end of section 0, which will have 6 items (expected 0..<6)"),
        Refusal(updates: [.moveItem(.ip(0, 0), to: .ip(0, 5))],
                message: "move item 0:0 to 0:5: item 5 is past the end of section 0, which will have 5 items (expected 0..<5)"),
        Refusal(updates: [.deleteItem(.ip(0, 9))],
                message: "delete item 0:9: item 0:9 does not exist before the update (section 0 has 5 items, expected 0..<5)"),
        Refusal(updates: [.reloadItem(.ip(0, -1))],
                message: "reload item 0:-1: item 0:-1 does not exist before the update (section 0 has 5 items, expected 0..<5)"),
        Refusal(updates: [.deleteSection(7)],
                message: "delete section 7: section 7 does not exist before the update (expected 0..<3)"),
        Refusal(updates: [.insertItem(.ip(5, 0))],
                message: "insert item 5:0: section 5 does not exist after the update (expected 0..<3)"),
        Refusal(updates: [.moveSection(0, to: -1)],
                message: "move section 0 to -1: section -1 does not exist after the update: there will be 3 sections (expected 0..<3)"),
        Refusal(updates: [.insertSection(4, itemCount: 1)],
                message: "insert section 4 items=1: section 4 does not exist after the update: there will be 4 sections (expected 0..<4)"),
        Refusal(updates: [.insertItem(.ip(0, 0)), .moveItem(.ip(1, 0), to: .ip(0, 0))],
                message: "move item 1:0 to 0:0: 0:0 is already the target of another insert or move in this batch"),
        Refusal(updates: [.insertSection(1, itemCount: 2), .moveSection(0, to: 1)],
                message: "move section 0 to 1: section 1 is already the target of another insert or move in this batch"),
        Refusal(updates: [.deleteSection(1), .moveSection(1, to: 0)],
                message: "section 1 is both deleted and moved in one batch"),
        Refusal(updates: [.deleteSection(0), .deleteItem(.ip(0, 1))],
                message: "delete item 0:1: section 0 is deleted in the same batch"),
        Refusal(updates: [.reloadSection(1), .moveItem(.ip(1, 0), to: .ip(0, 0))],
                message: "move item 1:0 to 0:0: section 1 is reloaded in the same batch"),
        Refusal(updates: [.insertSection(0, itemCount: -1)],
                message: "insert section 0: items must not be negative, got -1"),
        Refusal(updates: [.deleteItem(IndexPath(index: 3))],
                message: "delete item [3]: expected an index path section:item, got [3]"),
    ]

    @Test(arguments: refusals)
    func refusedUpdatesNameTheValueAndChangeNothing(_ refusal: Refusal) throws {
        let (cv, layout) = try make([5, 3, 2])
        try cv.setItemSize(size(70, 20), at: .ip(0, 3))
        try cv.setContentOffset(CGPoint(x: 0, y: 40))
        let before = DifferentialTests.ModelSnapshot(cv)
        let recorder = cv.startRecording()
        let error = collectionViewError { try cv.performBatchUpdates(refusal.updates) }
        #expect(error?.message == refusal.message)
        #expect(DifferentialTests.ModelSnapshot(cv) == before)
        #expect(recorder.events.isEmpty, "a refused update reports nothing: \(recorder.names)")
        #expect(!layout.needsPrepare)
    }

    @Test func countsThatDoNotAddUpAreRefused() throws {
        let (cv, _) = try make([5, 3, 2])
        let before = DifferentialTests.ModelSnapshot(cv)
        let cases: [([CollectionViewUpdate], [Int], String)] = [
            ([.insertItem(.ip(0, 0))], [5, 3, 2],
             "invalid number of items in section 0: the data source reports 5 after the update, but the update leaves 6 (5 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out) (expected 6)"),
            ([.moveItem(.ip(0, 4), to: .ip(2, 0)), .deleteItem(.ip(2, 1))], [4, 3, 3],
             "invalid number of items in section 2: the data source reports 3 after the update, but the update leaves 2 (2 before, 0 inserted, 1 deleted, 1 moved in, 0 moved out) (expected 2)"),
            ([.moveSection(0, to: 2)], [3, 2, 4],
             "invalid number of items in section 2: the data source reports 4 after the update, but the update leaves 5 (5 before (as section 0), 0 inserted, 0 deleted, 0 moved in, 0 moved out) (expected 5)"),
            ([.insertSection(3, itemCount: 4)], [5, 3, 2],
             "invalid number of sections: the data source reports 3 after the update, but the update leaves 4 (3 before, 1 inserted, 0 deleted) (expected 4)"),
            ([.insertSection(1, itemCount: 4)], [5, 3, 3, 2],
             "invalid number of items in section 1: the data source reports 3 after the update, but the update leaves 4 (inserted with 4, 0 inserted, 0 deleted, 0 moved in, 0 moved out) (expected 4)"),
            ([], [5, -3, 2],
             "invalid number of items in section 1: the data source reports -3 after the update, but the update leaves 3 (3 before, 0 inserted, 0 deleted, 0 moved in, 0 moved out) (expected 3)"),
        ]
        for (updates, expected, message) in cases {
            let error = collectionViewError { try cv.performBatchUpdates(updates, expectedItemCounts: expected) }
            #expect(error?.message == message)
            #expect(DifferentialTests.ModelSnapshot(cv) == before)
        }
        // Counts that add up are accepted.
        try cv.performBatchUpdates([.insertItem(.ip(0, 0))], expectedItemCounts: [6, 3, 2])
        #expect(counts(cv) == [6, 3, 2])
    }

    @Test func negativeCountsAndBadNumbersAreRefused() throws {
        let (cv, layout) = try make([5, 3, 2])
        try cv.setContentOffset(CGPoint(x: 0, y: 40))
        let before = DifferentialTests.ModelSnapshot(cv)
        let recorder = cv.startRecording()
        let cases: [(String, () throws -> Void)] = [
            ("section 1: item count must not be negative, got -2", { try cv.reloadData(itemCounts: [3, -2]) }),
            ("contentOffset must be a finite point, got nan,0", { try cv.setContentOffset(CGPoint(x: CGFloat.nan, y: 0)) }),
            ("contentOffset must be a finite point, got 0,-inf", { try cv.setContentOffset(CGPoint(x: 0, y: -CGFloat.infinity)) }),
            ("bounds size must be a size with finite, non-negative width and height, got -1x844", { try cv.setBoundsSize(size(-1, 844)) }),
            ("bounds size must be a size with finite, non-negative width and height, got 390xinf", { try cv.setBoundsSize(size(390, .infinity)) }),
            ("contentInset must be finite and non-negative (top,left,bottom,right), got 0,-5,0,0", { try cv.setContentInset(EdgeInsets(left: -5)) }),
            ("safeAreaInsets must be finite and non-negative (top,left,bottom,right), got nan,0,0,0", { try cv.setSafeAreaInsets(EdgeInsets(top: .nan)) }),
            ("size of item 0:0 must be a size with finite, non-negative width and height, got nanx10", { try cv.setItemSize(size(.nan, 10), at: .ip(0, 0)) }),
            ("size of item 2:1 must be a size with finite, non-negative width and height, got -3x10", { try cv.setItemSize(size(-3, 10), at: .ip(2, 1)) }),
            ("size of header 1 must be a size with finite, non-negative width and height, got 1x-2",
             { try cv.setSupplementarySize(size(1, -2), ofKind: ElementKind.sectionHeader, inSection: 1) }),
            ("size of footer 0 must be a size with finite, non-negative width and height, got infx1",
             { try cv.setSupplementarySize(size(.infinity, 1), ofKind: ElementKind.sectionFooter, inSection: 0) }),
            ("item 0:9 does not exist (section 0 has 5 items, expected 0..<5)", { try cv.setItemSize(nil, at: .ip(0, 9)) }),
            ("section 4 does not exist (there are 3 sections, expected 0..<3)", { try cv.setItemSize(nil, at: .ip(4, 0)) }),
            ("expected an index path section:item, got [3]", { try cv.setItemSize(nil, at: IndexPath(index: 3)) }),
            ("unknown supplementary kind 'badge' (expected header or footer)", { try cv.setSupplementarySize(nil, ofKind: "badge", inSection: 1) }),
            ("section 7 does not exist (there are 3 sections, expected 0..<3)",
             { try cv.setSupplementarySize(nil, ofKind: ElementKind.sectionHeader, inSection: 7) }),
            ("item 2:2 does not exist (section 2 has 2 items, expected 0..<2)", { try cv.scrollToItem(at: .ip(2, 2), position: .top) }),
        ]
        for (message, call) in cases {
            let error = collectionViewError(call)
            #expect(error?.message == message)
            #expect(DifferentialTests.ModelSnapshot(cv) == before, "after \(message)")
        }
        #expect(recorder.events.isEmpty, "refused calls report nothing: \(recorder.names)")
        #expect(!layout.needsPrepare)
    }
}
