import Foundation
import Testing
@testable import LayoutKit

/// Refusals are values: a host decides where to point (which update of a
/// batch, which of its index paths, a missing element or a bad value) from
/// the case and its payload, never from the message.
@Suite struct TypedRefusalTests {
    typealias Fault = CollectionViewError.UpdateFault

    func collectionView(_ counts: [Int]) throws -> CollectionView {
        let cv = try CollectionView(layout: CollectionViewFlowLayout(), itemCounts: counts)
        return cv
    }

    /// The update at fault and the part of it, for refusals on counts 5, 3, 2.
    /// A conflict between two updates blames the later one: it made the conflict.
    static let blamed: [(updates: [CollectionViewUpdate], index: Int, fault: Fault)] = [
        ([.deleteItem(.ip(0, 1)), .moveItem(.ip(0, 1), to: .ip(1, 0))], 1, .subject),
        ([.moveItem(.ip(0, 1), to: .ip(1, 0)), .deleteItem(.ip(0, 1))], 1, .subject),
        ([.deleteItem(.ip(0, 2)), .deleteItem(.ip(0, 2))], 1, .subject),
        ([.reloadItem(.ip(1, 1)), .insertItem(.ip(2, 0)), .deleteItem(.ip(1, 1))], 2, .subject),
        ([.insertItem(.ip(2, 0)), .insertItem(.ip(0, 6))], 1, .destination),
        ([.moveItem(.ip(0, 0), to: .ip(0, 5))], 0, .destination),
        ([.insertItem(.ip(0, 0)), .deleteItem(.ip(0, 9))], 1, .subject),
        ([.deleteSection(7)], 0, .subject),
        ([.deleteItem(.ip(0, 0)), .insertItem(.ip(5, 0))], 1, .destination),
        ([.moveSection(0, to: -1)], 0, .destination),
        ([.insertItem(.ip(0, 0)), .moveItem(.ip(1, 0), to: .ip(0, 0))], 1, .destination),
        ([.insertSection(1, itemCount: 2), .moveSection(0, to: 1)], 1, .destination),
        ([.deleteSection(1), .reloadItem(.ip(0, 0)), .moveSection(1, to: 0)], 2, .subject),
        ([.deleteSection(0), .deleteItem(.ip(0, 1))], 1, .subject),
        ([.insertSection(0, itemCount: -1)], 0, .subject),
        ([.deleteItem(.ip(0, 0)), .deleteItem(IndexPath(index: 3))], 1, .subject),
        ([.insertItem(.ip(0, 0)), .sizeItem(.ip(0, 6), CGSize(width: 1, height: 1))], 1, .destination),
        ([.deleteSection(2), .sizeSupplementary(kind: ElementKind.sectionHeader, section: 2, nil)], 1, .destination),
    ]

    @Test func aRefusedUpdateIsNamedByItsPlaceInTheBatchAndItsPart() throws {
        for (updates, index, fault) in Self.blamed {
            let cv = try collectionView([5, 3, 2])
            let error = collectionViewError { try cv.performBatchUpdates(updates) }
            guard case let .refusedUpdate(refusedIndex, refusedFault, _)? = error else {
                Issue.record("\(updates): expected a refused update, got \(String(describing: error))")
                continue
            }
            #expect(refusedIndex == index, "\(updates)")
            #expect(refusedFault == fault, "\(updates)")
        }
    }

    /// Every refusal of the batch suite is a refused update naming an update of its batch.
    @Test(arguments: BatchUpdateTests.refusals)
    func everyBatchRefusalNamesAnUpdate(_ refusal: BatchUpdateTests.Refusal) throws {
        let cv = try collectionView([5, 3, 2])
        let error = collectionViewError { try cv.performBatchUpdates(refusal.updates) }
        guard case let .refusedUpdate(index, _, message)? = error else {
            Issue.record("expected a refused update, got \(String(describing: error))")
            return
        }
        #expect(refusal.updates.indices.contains(index))
        #expect(message == refusal.message)
    }

    @Test func aValueOutsideTheRulesIsNotAnUpdateRefusal() throws {
        let cv = try collectionView([5, 3, 2])
        let bad = CGSize(width: -1, height: 1)
        #expect(throws: CollectionViewError.invalidValue("size of item 0:0 must be a size with finite, non-negative width and height, got -1x1")) {
            try cv.performBatchUpdates([.sizeItem(.ip(0, 0), bad)])
        }
        #expect(throws: CollectionViewError.inconsistentCounts(
            "invalid number of sections: the data source reports 2 after the update, but the update leaves 3 (3 before, 0 inserted, 0 deleted) (expected 3)")) {
            try cv.performBatchUpdates([], expectedItemCounts: [5, 3])
        }
    }

    @Test func missingElementsCarryTheElement() throws {
        let cv = try collectionView([5, 3, 2])
        let missingItem = collectionViewError { try cv.setItemSize(CGSize(width: 1, height: 1), at: .ip(1, 3)) }
        #expect(missingItem == .noSuchItem(.ip(1, 3), message: "item 1:3 does not exist (section 1 has 3 items, expected 0..<3)"))
        #expect(missingItem?.isMissingElement == true)
        let missingSection = collectionViewError { try cv.setPreferredSize(CGSize(width: 1, height: 1), inSection: 3) }
        #expect(missingSection == .noSuchSection(3, message: "section 3 does not exist (there are 3 sections, expected 0..<3)"))
        let badSize = collectionViewError { try cv.setItemSize(CGSize(width: -1, height: 1), at: .ip(1, 2)) }
        #expect(badSize?.isMissingElement == false)
    }

    /// A fling whose target the layout cannot give: the layout's answer is
    /// at fault, and the error says which method gave it.
    @Test func anUnusableTargetOffsetBlamesTheLayout() throws {
        final class NaNTarget: CollectionViewFlowLayout {
            override func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
                CGPoint(x: 0, y: CGFloat.nan)
            }
        }
        let cv = try CollectionView(layout: NaNTarget(), itemCounts: [100])
        let error = collectionViewError { try cv.fling(velocity: CGPoint(x: 0, y: 900)) }
        guard case let .unusableLayoutAnswer(method, _)? = error else {
            Issue.record("expected the layout's answer to be blamed, got \(String(describing: error))")
            return
        }
        #expect(method == "targetContentOffset(forProposedContentOffset:withScrollingVelocity:)")
    }
}
