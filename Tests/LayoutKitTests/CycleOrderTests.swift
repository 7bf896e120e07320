import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// One call the collection view made into a layout, with the collection view's
/// bounds at that moment.
struct LayoutCall: Equatable, CustomStringConvertible {
    var name: String
    var bounds: CGRect
    var description: String { "\(name) @\(bounds.stk)" }
}

/// Logs every overridden call of the flow layout.
final class RecordingFlowLayout: CollectionViewFlowLayout {
    var calls: [LayoutCall] = []
    var contexts: [CollectionViewLayoutInvalidationContext] = []
    var updateItems: [CollectionViewUpdateItem] = []

    private func record(_ name: String) { calls.append(LayoutCall(name: name, bounds: collectionView?.bounds ?? .null)) }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        record("shouldInvalidateLayout(forBoundsChange: \(newBounds.stk))")
        return super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
    override func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        record("invalidationContext(forBoundsChange: \(newBounds.stk))")
        return super.invalidationContext(forBoundsChange: newBounds)
    }
    override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        record("invalidateLayout(with:)")
        contexts.append(context)
        super.invalidateLayout(with: context)
    }
    override func prepare() {
        record("prepare()")
        super.prepare()
    }
    override var collectionViewContentSize: CGSize {
        record("collectionViewContentSize")
        return super.collectionViewContentSize
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        record("layoutAttributesForElements(in: \(rect.stk))")
        return super.layoutAttributesForElements(in: rect)
    }
    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        record("prepare(forCollectionViewUpdates:)")
        self.updateItems = updateItems
        super.prepare(forCollectionViewUpdates: updateItems)
    }
    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        record("initialLayoutAttributesForAppearingItem(at: \(itemIndexPath.stk))")
        return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    }
    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        record("finalLayoutAttributesForDisappearingItem(at: \(itemIndexPath.stk))")
        return super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    }
    override func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        record("initialLayoutAttributesForAppearingSupplementaryElement(ofKind: \(elementKind), at: \(elementIndexPath.stk))")
        return super.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }
    override func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        record("finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: \(elementKind), at: \(elementIndexPath.stk))")
        return super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }
    override func finalizeCollectionViewUpdates() {
        record("finalizeCollectionViewUpdates()")
        super.finalizeCollectionViewUpdates()
    }
}

/// A minimal layout on the abstract base class: one column of full-width rows
/// 100 tall; it asks to be invalidated on every bounds change. Logs every call.
final class RecordingListLayout: CollectionViewLayout {
    var calls: [LayoutCall] = []
    var contexts: [CollectionViewLayoutInvalidationContext] = []
    var updateItems: [CollectionViewUpdateItem] = []
    private var width: CGFloat = 0
    private var count = 0

    private func record(_ name: String) { calls.append(LayoutCall(name: name, bounds: collectionView?.bounds ?? .null)) }

    private func attributes(_ item: Int) -> CollectionViewLayoutAttributes {
        let a = makeAttributes(forCellAt: .ip(0, item))
        a.frame = CGRect(x: 0, y: CGFloat(item) * 100, width: width, height: 100)
        return a
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        record("shouldInvalidateLayout(forBoundsChange: \(newBounds.stk))")
        return true
    }
    override func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        record("invalidationContext(forBoundsChange: \(newBounds.stk))")
        return super.invalidationContext(forBoundsChange: newBounds)
    }
    override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        record("invalidateLayout(with:)")
        contexts.append(context)
        super.invalidateLayout(with: context)
    }
    override func prepare() {
        record("prepare()")
        width = collectionView?.bounds.width ?? 0
        count = (collectionView?.numberOfSections ?? 0) > 0 ? collectionView!.numberOfItems(inSection: 0) : 0
    }
    override var collectionViewContentSize: CGSize {
        record("collectionViewContentSize")
        return CGSize(width: width, height: CGFloat(count) * 100)
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        record("layoutAttributesForElements(in: \(rect.stk))")
        guard count > 0 else { return [] }
        let first = max(0, Int((rect.minY / 100).rounded(.down)))
        let last = min(count - 1, Int((rect.maxY / 100).rounded(.up)))
        guard first <= last else { return [] }
        return (first...last).map(attributes).filter { $0.frame.overlaps(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        indexPath.item < count ? attributes(indexPath.item) : nil
    }
    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        record("prepare(forCollectionViewUpdates:)")
        self.updateItems = updateItems
    }
    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        record("initialLayoutAttributesForAppearingItem(at: \(itemIndexPath.stk))")
        return nil
    }
    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        record("finalLayoutAttributesForDisappearingItem(at: \(itemIndexPath.stk))")
        return nil
    }
    override func finalizeCollectionViewUpdates() {
        record("finalizeCollectionViewUpdates()")
    }
}

/// docs/semantics.md, "The layout cycle": the exact order of the calls into the
/// layout, the bounds the layout sees at each one, the order of update items,
/// and the events a LayoutCycleObserver receives.
@Suite struct CycleOrderTests {
    static let start = rect(0, 0, 390, 844)

    /// The calls of a bounds change that invalidates: the layout is asked and
    /// invalidated while the bounds are still the old ones; prepare and the
    /// queries see the new bounds, and the rect query is the new bounds.
    static func invalidatingBoundsChange(from old: CGRect, to new: CGRect) -> [LayoutCall] {
        [
            LayoutCall(name: "shouldInvalidateLayout(forBoundsChange: \(new.stk))", bounds: old),
            LayoutCall(name: "invalidationContext(forBoundsChange: \(new.stk))", bounds: old),
            LayoutCall(name: "invalidateLayout(with:)", bounds: old),
            LayoutCall(name: "prepare()", bounds: new),
            LayoutCall(name: "collectionViewContentSize", bounds: new),
            LayoutCall(name: "layoutAttributesForElements(in: \(new.stk))", bounds: new),
        ]
    }

    func flow(_ counts: [Int], pinning: Bool = false, header: CGFloat = 0) throws -> (CollectionView, RecordingFlowLayout) {
        let layout = RecordingFlowLayout()
        layout.headerReferenceSize = size(0, header)
        layout.sectionHeadersPinToVisibleBounds = pinning
        let cv = try CollectionView(layout: layout, itemCounts: counts)
        layout.calls.removeAll()
        layout.contexts.removeAll()
        return (cv, layout)
    }

    // MARK: Calls into the flow layout

    @Test func aScrollThatInvalidates() throws {
        // Pinned headers depend on the bounds: the layout asks to be invalidated.
        // Steps 1-2 happen while the bounds are still the old ones; prepare and the
        // queries see the new bounds.
        let (cv, layout) = try flow([20, 20, 20], pinning: true, header: 40)
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        #expect(layout.calls == Self.invalidatingBoundsChange(from: Self.start, to: rect(0, 300, 390, 844)))
    }

    @Test func aScrollThatDoesNotInvalidate() throws {
        // Without pinning, flow geometry does not depend on the offset: no
        // context, no prepare; the new visible rect is still queried.
        let (cv, layout) = try flow([20, 20, 20])
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        #expect(layout.calls == [
            LayoutCall(name: "shouldInvalidateLayout(forBoundsChange: 0,300,390,844)", bounds: Self.start),
            LayoutCall(name: "layoutAttributesForElements(in: 0,300,390,844)", bounds: rect(0, 300, 390, 844)),
        ])
        #expect(layout.contexts.isEmpty)
    }

    @Test func aResize() throws {
        // A width change re-flows: both flow flags are set in the context.
        let (cv, layout) = try flow([20, 20, 20])
        try cv.setBoundsSize(size(300, 844))
        #expect(layout.calls == Self.invalidatingBoundsChange(from: Self.start, to: rect(0, 0, 300, 844)))
        let context = try #require(layout.contexts.first as? CollectionViewFlowLayoutInvalidationContext)
        #expect(context.invalidateFlowLayoutAttributes && context.invalidateFlowLayoutDelegateMetrics)
        #expect(!context.invalidateEverything && !context.invalidateDataSourceCounts)
    }

    @Test func reloadData() throws {
        let (cv, layout) = try flow([20, 20, 20])
        try cv.reloadData(itemCounts: [3])
        #expect(layout.calls == [
            LayoutCall(name: "invalidateLayout(with:)", bounds: Self.start),
            LayoutCall(name: "prepare()", bounds: Self.start),
            LayoutCall(name: "collectionViewContentSize", bounds: Self.start),
            LayoutCall(name: "layoutAttributesForElements(in: 0,0,390,844)", bounds: Self.start),
        ])
        #expect(layout.contexts.count == 1 && layout.contexts[0].invalidateEverything)
    }

    @Test func aBatchUpdate() throws {
        // Counts 6, 4, 3: everything is visible (3 sections of 2, 1 and 1 lines).
        // Updates (given in a scrambled order): delete 0:1, 0:3, 1:0; insert 0:0,
        // 2:1; reload 1:2; move 0:5 -> 2:0.
        // UIKit's order: deletes descending, inserts ascending, reloads, moves.
        // Appearing (new index paths, in order): the inserted 0:0, the reloaded item
        // (new content at 1:1), the inserted 2:1. Disappearing (old index paths):
        // the deleted 0:1, 0:3, 1:0 and the reloaded item's old content 1:2.
        let (cv, layout) = try flow([6, 4, 3])
        try cv.performBatchUpdates([
            .moveItem(.ip(0, 5), to: .ip(2, 0)), .insertItem(.ip(2, 1)), .deleteItem(.ip(0, 1)), .reloadItem(.ip(1, 2)),
            .insertItem(.ip(0, 0)), .deleteItem(.ip(1, 0)), .deleteItem(.ip(0, 3)),
        ])
        #expect(layout.calls.map(\.name) == [
            "invalidateLayout(with:)",
            "prepare()",
            "collectionViewContentSize",
            "prepare(forCollectionViewUpdates:)",
            "layoutAttributesForElements(in: 0,0,390,844)",
            "initialLayoutAttributesForAppearingItem(at: 0:0)",
            "initialLayoutAttributesForAppearingItem(at: 1:1)",
            "initialLayoutAttributesForAppearingItem(at: 2:1)",
            "finalLayoutAttributesForDisappearingItem(at: 0:1)",
            "finalLayoutAttributesForDisappearingItem(at: 0:3)",
            "finalLayoutAttributesForDisappearingItem(at: 1:0)",
            "finalLayoutAttributesForDisappearingItem(at: 1:2)",
            "finalizeCollectionViewUpdates()",
        ])
        #expect(layout.calls.allSatisfy { $0.bounds == Self.start })
        #expect(layout.contexts.count == 1 && layout.contexts[0].invalidateDataSourceCounts && !layout.contexts[0].invalidateEverything)
        #expect(layout.updateItems.map(\.description) == [
            "delete item 1:0", "delete item 0:3", "delete item 0:1",
            "insert item 0:0", "insert item 2:1",
            "reload item 1:2",
            "move item 0:5 to item 2:0",
        ])
        // The reloaded item is at 1:1 after the update (1:0 was deleted before it).
        #expect(layout.updateItems[5].indexPathAfterUpdate == .ip(1, 1))
    }

    @Test func sectionUpdatesAreOrderedWithItemUpdates() throws {
        // Counts 3, 3, 3. Section paths carry item NSNotFound, so "delete section 2"
        // sorts above every item of section 2 and below section 3's; an inserted
        // section 1 sorts after item 0:0. The reloaded section 1 is section 2 after
        // the update (a section is inserted before it, section 2 is deleted).
        let (cv, layout) = try flow([3, 3, 3])
        try cv.performBatchUpdates([.reloadSection(1), .insertSection(1, itemCount: 2), .deleteItem(.ip(0, 2)),
                                    .deleteSection(2), .insertItem(.ip(0, 0))])
        #expect(layout.updateItems.map(\.description) == [
            "delete section 2", "delete item 0:2",
            "insert item 0:0", "insert section 1",
            "reload section 1",
        ])
        #expect(layout.updateItems[4].indexPathAfterUpdate == IndexPath(item: NSNotFound, section: 2))
        #expect(layout.updateItems[0].isSectionUpdate && !layout.updateItems[1].isSectionUpdate)
        #expect(cv.sections.map(\.itemCount) == [3, 2, 3])
    }

    @Test func aPropertyChangeInvalidatesAtOnceAndPreparesOnTheNextPass() throws {
        let (cv, layout) = try flow([20])
        layout.itemSize = size(60, 60)
        #expect(layout.calls.map(\.name) == ["invalidateLayout(with:)"])
        #expect(layout.contexts.first?.invalidateEverything == true)
        cv.layoutIfNeeded()
        #expect(layout.calls.map(\.name) == ["invalidateLayout(with:)", "prepare()", "collectionViewContentSize",
                                             "layoutAttributesForElements(in: 0,0,390,844)"])
        cv.layoutIfNeeded()   // valid now: nothing more
        #expect(layout.calls.count == 4)
    }

    // MARK: Calls into a layout on the abstract base class

    @Test func theBaseClassCycle() throws {
        let layout = RecordingListLayout()
        let cv = try CollectionView(size: size(300, 250), layout: layout, itemCounts: [10])
        layout.calls.removeAll()
        try cv.setContentOffset(CGPoint(x: 0, y: 150))
        #expect(layout.calls == Self.invalidatingBoundsChange(from: rect(0, 0, 300, 250), to: rect(0, 150, 300, 250)))
        // The base context has no flow flags.
        let snapshot = try #require(layout.contexts.last?.snapshot())
        #expect(snapshot.contextClass == "CollectionViewLayoutInvalidationContext")
        #expect(snapshot.invalidateFlowLayoutAttributes == nil && snapshot.invalidateFlowLayoutDelegateMetrics == nil)
        // Rows 1-3 are visible at offset 150 (100..400 overlaps 150..400).
        #expect(Set(cv.visibleAttributes.keys) == Set((1...3).map { ElementKey.cell(.ip(0, $0)) }))

        // A batch update: delete 0:1 (visible), insert 0:0. Visible after: rows 1-3
        // are old 0, 2, 3 -> old 1 disappears, old 0 (now 0:1, a row below) appears.
        layout.calls.removeAll()
        try cv.performBatchUpdates([.deleteItem(.ip(0, 1)), .insertItem(.ip(0, 0))])
        #expect(layout.calls.map(\.name) == [
            "invalidateLayout(with:)", "prepare()", "collectionViewContentSize", "prepare(forCollectionViewUpdates:)",
            "layoutAttributesForElements(in: 0,150,300,250)",
            "initialLayoutAttributesForAppearingItem(at: 0:1)",
            "finalLayoutAttributesForDisappearingItem(at: 0:1)",
            "finalizeCollectionViewUpdates()",
        ])
        #expect(layout.updateItems.map(\.description) == ["delete item 0:1", "insert item 0:0"])
    }

    // MARK: Events

    @Test func eventsOfAScrollThatInvalidates() throws {
        let (cv, layout) = try flow([20, 20, 20], pinning: true, header: 40)
        let recorder = cv.startRecording()
        let new = rect(0, 300, 390, 844)
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        #expect(recorder.names == ["shouldInvalidateAsked", "contextCreated", "invalidated", "boundsChanged",
                                   "prepared", "contentSize", "elementsQueried", "visibleChanged"])
        guard case let .shouldInvalidateAsked(current, asked, answer) = recorder.events[0] else { Issue.record("no shouldInvalidateAsked"); return }
        #expect(current == Self.start && asked == new && answer)
        guard case let .contextCreated(snapshot, reason) = recorder.events[1] else { Issue.record("no contextCreated"); return }
        #expect(reason == .boundsChange && !snapshot.isFullInvalidation)
        guard case let .invalidated(same) = recorder.events[2] else { Issue.record("no invalidated"); return }
        #expect(same == snapshot)
        guard case let .boundsChanged(from, to) = recorder.events[3] else { Issue.record("no boundsChanged"); return }
        #expect(from == Self.start && to == new)
        guard case let .contentSize(contentSize) = recorder.events[5] else { Issue.record("no contentSize"); return }
        #expect(contentSize == layout.collectionViewContentSize)
        guard case let .elementsQueried(r, attributes, created) = recorder.events[6] else { Issue.record("no elementsQueried"); return }
        #expect(r == new)
        #expect(attributes.count == cv.visibleAttributes.count && created == attributes.count)
    }

    @Test func eventsOfAScrollThatDoesNotInvalidateAndTheVisibleDiff() throws {
        // One section of 100 default items: lines 60 apart, 6 a line. At offset 0
        // lines 0-14 are visible (line 14 spans 840..890): items 0-89. At offset 60:
        // lines 1-15 (line 15 starts at 900 < 904): items 6-95. Nothing moves.
        let (cv, _) = try flow([100])
        #expect(Set(cv.visibleAttributes.keys) == Set((0..<90).map { ElementKey.cell(.ip(0, $0)) }))
        let recorder = cv.startRecording()
        try cv.setContentOffset(CGPoint(x: 0, y: 60))
        #expect(recorder.names == ["shouldInvalidateAsked", "boundsChanged", "elementsQueried", "visibleChanged"])
        guard case let .shouldInvalidateAsked(_, _, answer) = recorder.events[0] else { Issue.record("unexpected event \(recorder.events[0])"); return }
        #expect(!answer)
        let diff = try #require(recorder.lastDiff)
        #expect(diff.appeared.map(\.indexPath.item) == Array(90..<96))
        #expect(diff.disappeared.map(\.indexPath.item) == Array(0..<6))
        #expect(diff.changed.isEmpty)
    }

    @Test func eventsOfReloadDataAndOfAPropertyChange() throws {
        let (cv, layout) = try flow([20])
        let recorder = cv.startRecording()
        try cv.reloadData(itemCounts: [2])
        #expect(recorder.names == ["contextCreated", "invalidated", "prepared", "contentSize", "elementsQueried", "visibleChanged"])
        guard case let .contextCreated(snapshot, reason) = recorder.events[0] else { Issue.record("unexpected event \(recorder.events[0])"); return }
        #expect(reason == .reloadData && snapshot.invalidateEverything)
        guard case let .prepared(_, sectionsComputed) = recorder.events[2] else { Issue.record("unexpected event \(recorder.events[2])"); return }
        #expect(sectionsComputed == 1)
        let diff = try #require(recorder.lastDiff)
        #expect(diff.disappeared.count == 18 && diff.appeared.isEmpty && diff.changed.isEmpty)

        recorder.events.removeAll()
        layout.minimumLineSpacing = 20
        #expect(recorder.names == ["contextCreated", "invalidated"])
        guard case let .contextCreated(_, why) = recorder.events[0] else { Issue.record("unexpected event \(recorder.events[0])"); return }
        #expect(why == .layoutRequest)
        cv.layoutIfNeeded()
        #expect(recorder.names == ["contextCreated", "invalidated", "prepared", "contentSize", "elementsQueried", "visibleChanged"])
    }

    @Test func eventsOfABatchUpdateKeepIdentityAcrossIndexChanges() throws {
        // 100 default items at offset 0, items 0-89 visible. Delete 0:0: every other
        // item moves back one index and one slot. Old 1..89 stay visible as new
        // 0..88 (changed, with their old keys); old 0 disappears; old 90 arrives as
        // new 0:89 (line 14, column 5: 340, 840).
        let (cv, _) = try flow([100])
        let recorder = cv.startRecording()
        try cv.performBatchUpdates([.deleteItem(.ip(0, 0))])
        #expect(recorder.names == ["contextCreated", "invalidated", "prepared", "contentSize", "updatesPrepared",
                                   "elementsQueried", "appearing", "disappearing", "updatesFinalized", "visibleChanged",
                                   "targetContentOffsetAsked"])
        guard case let .contextCreated(snapshot, reason) = recorder.events[0] else { Issue.record("unexpected event \(recorder.events[0])"); return }
        #expect(reason == .batchUpdates && snapshot.invalidateDataSourceCounts && !snapshot.invalidateEverything)
        guard case let .updatesPrepared(items) = recorder.events[4] else { Issue.record("unexpected event \(recorder.events[4])"); return }
        #expect(items.map(\.description) == ["delete item 0:0"])
        guard case let .appearing(appearingKey, initial) = recorder.events[6] else { Issue.record("unexpected event \(recorder.events[6])"); return }
        #expect(appearingKey == .cell(.ip(0, 89)))
        #expect(initial?.frame == rect(340, 840, 50, 50) && initial?.alpha == 0)
        guard case let .disappearing(disappearingKey, final) = recorder.events[7] else { Issue.record("unexpected event \(recorder.events[7])"); return }
        #expect(disappearingKey == .cell(.ip(0, 0)))
        #expect(final?.frame == rect(0, 0, 50, 50) && final?.alpha == 0)

        let diff = try #require(recorder.lastDiff)
        #expect(diff.appeared.map(\.key) == [.cell(.ip(0, 89))])
        #expect(diff.disappeared.map(\.key) == [.cell(.ip(0, 0))])
        #expect(diff.changed.count == 89)
        let first = try #require(diff.changed.first)
        #expect(first.key == .cell(.ip(0, 0)) && first.oldKey == .cell(.ip(0, 1)))
        #expect(first.from.frame == rect(68, 0, 50, 50) && first.to.frame == rect(0, 0, 50, 50))
        #expect(diff.changed.allSatisfy { $0.oldKey.indexPath.item == $0.key.indexPath.item + 1 })
    }

    @Test func aMovedItemKeepsItsIdentity() throws {
        // Move 0:0 to 0:5: items 1-5 shift back a slot; the moved item is the same
        // element, now 0:5 at (340, 0).
        let (cv, _) = try flow([100])
        let recorder = cv.startRecording()
        try cv.performBatchUpdates([.moveItem(.ip(0, 0), to: .ip(0, 5))])
        let diff = try #require(recorder.lastDiff)
        #expect(diff.appeared.isEmpty && diff.disappeared.isEmpty)
        #expect(diff.changed.map(\.oldKey.indexPath.item) == [1, 2, 3, 4, 5, 0])
        let moved = try #require(diff.changed.last)
        #expect(moved.key == .cell(.ip(0, 5)) && moved.oldKey == .cell(.ip(0, 0)))
        #expect(moved.from.frame == rect(0, 0, 50, 50) && moved.to.frame == rect(340, 0, 50, 50))
        #expect(!recorder.names.contains("appearing") && !recorder.names.contains("disappearing"))
    }
}
