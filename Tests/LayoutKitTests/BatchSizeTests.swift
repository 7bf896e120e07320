import Foundation
import LayoutKit
import StkTestSupport
import Testing

/// Size changes inside a batch are part of its one performBatchUpdates: they
/// name index paths after the update, and the update's own layout pass reads them.
@Suite struct BatchSizeTests {
    func make() throws -> (CollectionView, CollectionViewFlowLayout) {
        let layout = CollectionViewFlowLayout()
        let cv = try CollectionView(size: CGSize(width: 390, height: 844), layout: layout, itemCounts: [3, 2])
        return (cv, layout)
    }

    @Test func sizesNameIndexPathsAfterTheUpdate() throws {
        let (cv, layout) = try make()
        let recorder = cv.startRecording()
        // Insert an item at 0:0, then size the *new* 0:0 (the inserted one) and 0:1 (the old 0:0).
        try cv.performBatchUpdates([
            .insertItem(IndexPath(item: 0, section: 0)),
            .sizeItem(IndexPath(item: 0, section: 0), CGSize(width: 100, height: 20)),
            .sizeItem(IndexPath(item: 1, section: 0), CGSize(width: 70, height: 30)),
            .sizeSupplementary(kind: ElementKind.sectionFooter, section: 1, CGSize(width: 390, height: 12)),
        ])
        #expect(cv.sections[0].itemSizeOverride(at: 0) == CGSize(width: 100, height: 20))
        #expect(cv.sections[0].itemSizeOverride(at: 1) == CGSize(width: 70, height: 30))
        #expect(cv.sections[0].itemSizeOverride(at: 2) == nil)
        #expect(cv.sections[1].footerSize == CGSize(width: 390, height: 12))
        // One invalidation for the whole batch.
        #expect(recorder.invalidations.count == 1)
        // Line 1 of section 0 (no header, no inset): 100 + 10 + 70 + 10 + 50 + 10 + 50
        // = 300 <= 390, so all four items; its height is the tallest, the default
        // 50x50 items: 50. Item 0:0 (20 high) is centred: y = (50 - 20) / 2 = 15;
        // item 0:1 keeps its own 30 and sits at (50 - 30) / 2 = 10. It is also the
        // section's last line, justified as if filled with copies of its last
        // item: a fifth 50 fits (300 + 10 + 50 = 360 <= 390), so 5 items share the
        // leftover 30: gap = 10 + 30 / 4 = 17.5, and item 0:1 is at 100 + 17.5 = 117.5.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 15)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 117.5, y: 10, width: 70, height: 30))
    }

    @Test func refusedSizesChangeNothing() throws {
        let (cv, _) = try make()
        let before = cv.sections
        // After deleting 0:2 section 0 has 2 items: 0:2 no longer exists.
        #expect(throws: CollectionViewError.refusedUpdate(index: 1, fault: .destination, message: "size item 0:2: item 0:2 does not exist after the update (section 0 will have 2 items, expected 0..<2)")) {
            try cv.performBatchUpdates([.deleteItem(IndexPath(item: 2, section: 0)), .sizeItem(IndexPath(item: 2, section: 0), CGSize(width: 1, height: 1))])
        }
        #expect(throws: CollectionViewError.refusedUpdate(index: 0, fault: .destination, message: "size header 2: section 2 does not exist after the update (expected 0..<2)")) {
            try cv.performBatchUpdates([.sizeSupplementary(kind: ElementKind.sectionHeader, section: 2, CGSize(width: 1, height: 1))])
        }
        #expect(throws: CollectionViewError("size of item 0:0 must be a size with finite, non-negative width and height, got -1x1")) {
            try cv.performBatchUpdates([.sizeItem(IndexPath(item: 0, section: 0), CGSize(width: -1, height: 1))])
        }
        #expect(cv.sections == before)
    }
}
