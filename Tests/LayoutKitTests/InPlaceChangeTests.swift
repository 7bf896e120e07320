import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// A layout that caches its attributes in `prepare()` and, on every bounds
/// change, moves the cached objects in place (a header that follows the top
/// edge), as many published layouts do. The visible diff must still see the
/// move: stk remembers values, not the layout's objects.
private final class CachingStickyHeaderLayout: CollectionViewLayout {
    private var cache: [CollectionViewLayoutAttributes] = []
    private var header: CollectionViewLayoutAttributes?

    override func prepare() {
        guard let cv = collectionView, cv.numberOfSections > 0 else { return }
        if cache.isEmpty {
            let h = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
            h.frame = CGRect(x: 0, y: 0, width: 390, height: 40)
            h.zIndex = 1
            header = h
            cache = [h]
            for item in 0..<cv.numberOfItems(inSection: 0) {
                let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                a.frame = CGRect(x: 0, y: 40 + CGFloat(item) * 50, width: 390, height: 50)
                cache.append(a)
            }
        }
        // In place: the same object, a new frame.
        header?.frame.origin.y = max(0, cv.contentOffset.y)
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 390, height: 40 + 50 * 40) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }
}

@Suite struct InPlaceChangeTests {
    @Test func aCachedObjectMovedInPlaceIsAChange() throws {
        let layout = CachingStickyHeaderLayout()
        let cv = try CollectionView(size: CGSize(width: 390, height: 300), layout: layout, itemCounts: [40])
        let recorder = cv.startRecordingAfterFirstPass()

        try cv.setContentOffset(CGPoint(x: 0, y: 70))
        // The header moved from y 0 to y 70 (the offset): one change, with
        // both frames as they were, though the layout kept one object.
        let diff = try #require(recorder.lastDiff)
        let moved = diff.changed.filter { $0.key == .header(0) }
        #expect(moved.count == 1)
        #expect(moved.first?.from.frame.minY == 0)
        #expect(moved.first?.to.frame.minY == 70)
        // Cells do not move: items 0 (y 40..90) stays visible, nothing else changes.
        #expect(diff.changed.count == 1)

        // And what stk remembers is its own copy: the layout moving its object
        // again, with no pass, does not change the visible set.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        let second = try #require(recorder.lastDiff)
        #expect(second.changed.first { $0.key == .header(0) }?.from.frame.minY == 70)
        #expect(cv.visibleAttributes[.header(0)]?.frame.minY == 100)
    }
}

/// A flow subclass that passes its superclass's answer on, as flow-sticky
/// and most published flow subclasses do, and remembers weakly what it
/// returned (a strong reference would make the objects shared).
private final class PassingFlowLayout: CollectionViewFlowLayout {
    final class WeakAttributes {
        weak var attributes: CollectionViewLayoutAttributes?
        init(_ attributes: CollectionViewLayoutAttributes) { self.attributes = attributes }
    }
    var returned: [WeakAttributes] = []

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        let answer = super.layoutAttributesForElements(in: rect)
        returned = (answer ?? []).map(WeakAttributes.init)
        return answer
    }
}

@Suite struct AnswerOwnershipTests {
    /// Objects that only the answer holds are kept as they are, not copied:
    /// the flow layout's list of what it handed its subclass (for UIKit's
    /// "cached frame mismatch" warning) lets go of them before the pass
    /// decides what is shared. A copy would leave the objects returned
    /// freed and the visible ones others.
    @Test func aFlowSubclassAnswerIsKeptWithoutCopies() throws {
        let layout = PassingFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        let cv = try CollectionView(size: CGSize(width: 390, height: 300), layout: layout, itemCounts: [40])
        try cv.setContentOffset(CGPoint(x: 0, y: 120))
        let returned = Set(layout.returned.compactMap { $0.attributes.map(ObjectIdentifier.init) })
        let visible = cv.visibleElements
        #expect(!visible.isEmpty)
        #expect(visible.allSatisfy { returned.contains(ObjectIdentifier($0)) }, "\(returned.count) of \(visible.count) still alive")
    }
}
