import Foundation
import LayoutKit
import StkTestSupport
import Testing

/// A layout whose `invalidateLayout(with:)` override does not call super
/// (docs/semantics.md, "An override of invalidateLayout(with:) that does not
/// call super"): the layout is not marked invalid, so a scroll that asks for
/// a context runs no `prepare()` (UIKit's base implementation is what marks
/// it), while the pass still asks for the elements of the new bounds; what
/// the collection view itself needs (new data) is prepared anyway.
@Suite struct InvalidationWithoutSuperTests {
    /// Rows 100 points tall, one per item, computed in prepare() from the
    /// data; it invalidates on every scroll and swallows the context in its
    /// override, counting the calls and the prepares.
    final class SwallowingLayout: CollectionViewLayout {
        var swallowed = 0
        var prepares = 0
        private var rows = 0
        override func prepare() {
            prepares += 1
            guard let cv = collectionView, cv.numberOfSections > 0 else { return rows = 0 }
            rows = cv.numberOfItems(inSection: 0)
        }
        override var collectionViewContentSize: CGSize { CGSize(width: 390, height: CGFloat(rows) * 100) }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            (0..<rows).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.maxY > rect.minY && $0.frame.minY < rect.maxY }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            let a = CollectionViewLayoutAttributes(forCellWith: indexPath)
            a.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 100, width: 390, height: 100)
            return a
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
            swallowed += 1  // no super
        }
    }

    @Test func aScrollRunsNoPrepareButStillQueriesTheNewBounds() throws {
        let layout = SwallowingLayout()
        let cv = try CollectionView(size: CGSize(width: 390, height: 300), layout: layout, itemCounts: [20])
        let (swallowed, prepares) = (layout.swallowed, layout.prepares)
        let recorder = cv.startRecording()
        try cv.setContentOffset(CGPoint(x: 0, y: 150))
        #expect(layout.swallowed == swallowed + 1)
        #expect(layout.prepares == prepares)
        // The context was made and handed over; the layout never said it was
        // invalidated, and no prepare() ran.
        #expect(recorder.names == ["shouldInvalidateAsked", "contextCreated", "boundsChanged", "elementsQueried", "visibleChanged"])
        // Rows of 100 in [150, 450): rows 1 to 4.
        #expect(cv.indexPathsForVisibleItems == (1...4).map { IndexPath(item: $0, section: 0) })
    }

    @Test func newDataIsPreparedWhateverTheOverride() throws {
        let layout = SwallowingLayout()
        let cv = try CollectionView(size: CGSize(width: 390, height: 300), layout: layout, itemCounts: [20])
        let recorder = cv.startRecording()
        try cv.reloadData(itemCounts: [2])
        #expect(recorder.names.contains("prepared"))
        #expect(cv.contentSize.height == 200)  // two rows of 100
    }
}
