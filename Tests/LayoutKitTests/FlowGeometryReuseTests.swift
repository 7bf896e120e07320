import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// How the flow layout finds the sections an update left unchanged: it
/// follows the old geometry along the new data and copies runs, looking a
/// section up in an index only when it is neither where the sections before
/// it lead nor near there. The counters prove the rule; a fresh layout in a
/// replica proves the frames. No timing.
@Suite struct FlowGeometryReuseTests {
    func uniform(_ count: Int) throws -> (CollectionView, CollectionViewFlowLayout) {
        let layout = CollectionViewFlowLayout()
        layout.headerReferenceSize = size(0, 40)
        let cv = try CollectionView(layout: layout, itemCounts: Array(repeating: 3, count: count))
        return (cv, layout)
    }

    /// Every frame of the live layout equals a fresh layout's in a replica.
    func expectSameAsFresh(_ cv: CollectionView, _ layout: CollectionViewFlowLayout, _ note: String) throws {
        let replica = try cv.makeReplica(layout: CollectionViewFlowLayout())
        let fresh = try #require(replica.collectionViewLayout as? CollectionViewFlowLayout)
        fresh.headerReferenceSize = layout.headerReferenceSize
        replica.layoutIfNeeded()
        let all = CGRect(x: 0, y: 0, width: 390, height: layout.collectionViewContentSize.height)
        let live = (layout.layoutAttributesForElements(in: all) ?? []).map { "\($0.key) \($0.frame)" }.sorted()
        let made = (fresh.layoutAttributesForElements(in: all) ?? []).map { "\($0.key) \($0.frame)" }.sorted()
        #expect(live == made, "\(note)")
        #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize, "\(note)")
    }

    /// An item inserted in one section of 100,000: that section is computed,
    /// the rest copied in two runs, nothing indexed; the same at 1,000.
    @Test(arguments: [1_000, 100_000])
    func anItemInsertComputesOneSectionAndIndexesNone(count: Int) throws {
        let (cv, layout) = try uniform(count)
        layout.counters.reset()
        try cv.performBatchUpdates([.insertItem(.ip(count / 2, 0))])
        #expect(layout.counters.sectionsComputed == 1)
        #expect(layout.counters.sectionsIndexed == 0)
    }

    /// Inserted sections have identities above every old one: computed
    /// without a look-up; a deleted one is skipped by looking just ahead.
    @Test func insertsAndDeletesOfSectionsIndexNothing() throws {
        let (cv, layout) = try uniform(2_000)
        layout.counters.reset()
        try cv.performBatchUpdates([.insertSection(0, itemCount: 2), .insertSection(700, itemCount: 5), .deleteSection(1_500)])
        #expect(layout.counters.sectionsComputed == 2)
        #expect(layout.counters.sectionsIndexed == 0)
        try expectSameAsFresh(cv, layout, "after inserts and a delete")
    }

    /// A section moved from the start to the end of N is not near where the
    /// sections before it lead: the N old sections are indexed, once, and
    /// nothing is computed (the section itself did not change).
    @Test func aSectionMovedFarIndexesTheOldSectionsOnce() throws {
        let (cv, layout) = try uniform(2_000)
        layout.counters.reset()
        try cv.performBatchUpdates([.moveSection(0, to: 1_999)])
        #expect(layout.counters.sectionsIndexed == 2_000)
        #expect(layout.counters.sectionsComputed == 0)
        try expectSameAsFresh(cv, layout, "after the move")
    }
}
