import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// A flow layout that sets its item size in every `prepare()` from the
/// view's width, as many apps' subclasses do: half the width, 50 high.
final class HalfWidthFlowLayout: CollectionViewFlowLayout {
    var prepares = 0

    override func prepare() {
        prepares += 1
        itemSize = CGSize(width: (collectionView?.bounds.width ?? 0) / 2, height: 50)
        super.prepare()
    }
}

/// The flow layout's metrics (`itemSize`, spacings, insets, reference
/// sizes, direction, pinning) invalidate the layout when they change, as
/// UIKit's setters do, and only then.
@Suite struct FlowSetterTests {
    /// A half-width flow layout over one section of 100 items, laid out,
    /// its prepares so far forgotten.
    func halfWidthLayout() throws -> (HalfWidthFlowLayout, CollectionView) {
        let layout = HalfWidthFlowLayout()
        let cv = try CollectionView(layout: layout, itemCounts: [100])
        layout.prepares = 0
        return (layout, cv)
    }

    @Test func aMetricSetToTheValueItHasInvalidatesNothing() throws {
        let (layout, cv) = try halfWidthLayout()
        #expect(layout.itemSize == CGSize(width: 195, height: 50))
        // A scroll: the flow layout does not ask to be invalidated for it,
        // and the item size its prepare() set again was the same: no prepare.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        #expect(layout.prepares == 0)
        // One item a row (195 + 10 + 195 = 400 is more than 390), centred
        // as a lone item in a line is ((390 - 195) / 2 = 97.5), rows 50 + 10
        // apart: item 12 at 12 x 60 = 720.
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 12, section: 0))?.frame == CGRect(x: 97.5, y: 720, width: 195, height: 50))
    }

    @Test func aNewValueInvalidatesAndIsLaidOut() throws {
        let (layout, cv) = try halfWidthLayout()
        // The default spacing, set again: nothing.
        layout.minimumLineSpacing = 10
        cv.layoutIfNeeded()
        #expect(layout.prepares == 0)
        // A new spacing: one prepare, and rows 50 + 20 apart (item 12 at 12 x 70).
        layout.minimumLineSpacing = 20
        cv.layoutIfNeeded()
        #expect(layout.prepares == 1)
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 12, section: 0))?.frame == CGRect(x: 97.5, y: 840, width: 195, height: 50))
        // A new width: the bounds change invalidates, prepare() sets a new item size.
        try cv.setBoundsSize(CGSize(width: 300, height: 844))
        #expect(layout.itemSize == CGSize(width: 150, height: 50))
    }
}
