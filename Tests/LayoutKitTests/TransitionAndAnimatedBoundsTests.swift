import Foundation
import Testing
import LayoutKit
import StkTestSupport

// The calls UIKit makes around a layout switch (setCollectionViewLayout), an
// animated bounds change (setBounds(_:animated: true)), after a batch update
// (targetContentOffset(forProposedContentOffset:)), the driver's
// invalidateLayout() calls, context subclasses that answer their own getters,
// and a layout that sets the content offset from prepare().

/// One log shared by several layouts, so that the order of calls across an
/// old and a new layout can be compared.
final class SharedCallLog {
    var entries: [LayoutCall] = []
    var names: [String] { entries.map(\.name) }
}

/// A flow layout that logs, under its name, the calls of transitions,
/// animated bounds changes, targetContentOffset and invalidateLayout().
final class TransitionRecordingLayout: CollectionViewFlowLayout {
    let name: String
    let log: SharedCallLog
    /// The answer of targetContentOffset(forProposedContentOffset:) (the proposed offset by default).
    var target: (CGPoint) -> CGPoint = { $0 }

    init(_ name: String, log: SharedCallLog) {
        self.name = name
        self.log = log
        super.init()
    }
    required init?(coder: NSCoder) { fatalError("not archived") }

    private func record(_ call: String) {
        log.entries.append(LayoutCall(name: "\(name).\(call)", bounds: collectionView?.bounds ?? .null))
    }
    private func nameOf(_ layout: CollectionViewLayout) -> String { (layout as? TransitionRecordingLayout)?.name ?? "\(type(of: layout))" }

    override func prepareForTransition(to newLayout: CollectionViewLayout) {
        record("prepareForTransition(to: \(nameOf(newLayout)))")
        super.prepareForTransition(to: newLayout)
    }
    override func prepareForTransition(from oldLayout: CollectionViewLayout) {
        record("prepareForTransition(from: \(nameOf(oldLayout)))")
        super.prepareForTransition(from: oldLayout)
    }
    override func finalizeLayoutTransition() {
        record("finalizeLayoutTransition()")
        super.finalizeLayoutTransition()
    }
    override func prepare() {
        record("prepare()")
        super.prepare()
    }
    override func invalidateLayout() {
        record("invalidateLayout()")
        super.invalidateLayout()
    }
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        record("targetContentOffset(forProposedContentOffset: \(proposedContentOffset.stk))")
        return target(proposedContentOffset)
    }
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        record("targetContentOffset(forProposedContentOffset: \(proposedContentOffset.stk), withScrollingVelocity: \(velocity.stk))")
        return super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
    }
    override func prepare(forAnimatedBoundsChange oldBounds: CGRect) {
        record("prepare(forAnimatedBoundsChange: \(oldBounds.stk))")
        super.prepare(forAnimatedBoundsChange: oldBounds)
    }
    override func finalizeAnimatedBoundsChange() {
        record("finalizeAnimatedBoundsChange()")
        super.finalizeAnimatedBoundsChange()
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        record("shouldInvalidateLayout(forBoundsChange: \(newBounds.stk))")
        return super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        record("layoutAttributesForElements(in: \(rect.stk))")
        return super.layoutAttributesForElements(in: rect)
    }
}

/// A context that answers its getters itself, as a UIKit subclass may.
final class SelfAnsweringContext: CollectionViewLayoutInvalidationContext {
    override var invalidateEverything: Bool { true }
    // Deliberately out of order: the snapshot sorts.
    override var invalidatedItemIndexPaths: [IndexPath]? { [.ip(0, 3), .ip(0, 1)] }
    override var invalidatedDecorationIndexPaths: [String: [IndexPath]]? { ["background": [.ip(0, 0)]] }
}

/// A flow context that says "everything" without the collection view asking.
final class EverythingFlowContext: CollectionViewFlowLayoutInvalidationContext {
    override var invalidateEverything: Bool { true }
}

/// A one-column layout on the base class (rows 100 tall) that invalidates on
/// every bounds change, with a configurable context class; records the
/// contexts it receives and its prepare() calls.
class ColumnLayout: CollectionViewLayout {
    var contexts: [CollectionViewLayoutInvalidationContext] = []
    var prepares = 0
    var invalidateLayoutCalls = 0
    /// Whether the invalidateLayout() override calls super.
    var invalidateLayoutCallsSuper = true
    private(set) var count = 0
    private var width: CGFloat = 0

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        contexts.append(context)
        super.invalidateLayout(with: context)
    }
    override func invalidateLayout() {
        invalidateLayoutCalls += 1
        if invalidateLayoutCallsSuper { super.invalidateLayout() }
    }
    override func prepare() {
        prepares += 1
        width = collectionView?.bounds.width ?? 0
        count = (collectionView?.numberOfSections ?? 0) > 0 ? collectionView!.numberOfItems(inSection: 0) : 0
    }
    override var collectionViewContentSize: CGSize { CGSize(width: width, height: CGFloat(count) * 100) }
    private func attributes(_ item: Int) -> CollectionViewLayoutAttributes {
        let a = makeAttributes(forCellAt: .ip(0, item))
        a.frame = CGRect(x: 0, y: CGFloat(item) * 100, width: width, height: 100)
        return a
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        (0..<count).map(attributes).filter { $0.frame.overlaps(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        indexPath.section == 0 && indexPath.item < count ? attributes(indexPath.item) : nil
    }
}

final class SelfAnsweringContextLayout: ColumnLayout {
    override class var invalidationContextClass: AnyClass { SelfAnsweringContext.self }
}

final class EverythingFlowContextLayout: CollectionViewFlowLayout {
    override class var invalidationContextClass: AnyClass { EverythingFlowContext.self }
}

/// Sets `collectionView.contentOffset` from prepare(): once (`once`), or to
/// 10 points further on every prepare (`step`). A safety cap stops it after
/// `cap` prepares, so that a driver that follows it forever fails the test
/// instead of overflowing the stack.
final class OffsetSettingLayout: ColumnLayout {
    var once: CGPoint?
    var step: CGFloat?
    var cap = 50
    var offsetsSeenInPrepare: [CGPoint] = []

    override func prepare() {
        super.prepare()
        guard let cv = collectionView, prepares <= cap else { return }
        if let o = once {
            once = nil
            cv.contentOffset = o
            offsetsSeenInPrepare.append(cv.contentOffset)
        } else if let d = step {
            cv.contentOffset = CGPoint(x: 0, y: cv.contentOffset.y + d)
            offsetsSeenInPrepare.append(cv.contentOffset)
        }
    }
}

/// Sets `collectionView.contentInset` from prepare(), as carousels do to
/// let their first and last cards centre: to `insets` (the same value every
/// time, by default from the view's width), or 10 points more on the left
/// in every prepare (`growing`), with the same safety cap as above.
final class InsetSettingLayout: ColumnLayout {
    var insets: ((CGRect) -> EdgeInsets)? = { EdgeInsets(top: 0, left: $0.width / 4, bottom: 0, right: $0.width / 4) }
    var growing = false
    var cap = 50
    var insetsSeenInPrepare: [EdgeInsets] = []

    override func prepare() {
        super.prepare()
        guard let cv = collectionView, prepares <= cap else { return }
        insetsSeenInPrepare.append(cv.contentInset)
        if growing {
            cv.contentInset = EdgeInsets(top: 0, left: cv.contentInset.left + 10, bottom: 0, right: 0)
        } else if let insets {
            cv.contentInset = insets(cv.bounds)
        }
    }
}

@Suite struct TransitionAndAnimatedBoundsTests {
    static let start = rect(0, 0, 390, 844)

    func installed(_ layout: CollectionViewLayout, counts: [Int] = [100]) throws -> CollectionView {
        let cv = try CollectionView(layout: layout, itemCounts: counts)
        return cv
    }

    // MARK: setCollectionViewLayout

    @Test func aLayoutSwitchCallsTheTransitionMethodsInUIKitsOrder() throws {
        let log = SharedCallLog()
        let a = TransitionRecordingLayout("A", log: log), b = TransitionRecordingLayout("B", log: log)
        let cv = try installed(a)
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        log.entries.removeAll()
        try cv.setCollectionViewLayout(b)
        #expect(log.names == [
            "A.prepareForTransition(to: B)",
            "B.prepareForTransition(from: A)",
            "B.invalidateLayout()",
            "B.prepare()",
            "B.layoutAttributesForElements(in: 0,300,390,844)",
            "B.targetContentOffset(forProposedContentOffset: 0,300)",
            "A.finalizeLayoutTransition()",
            "B.finalizeLayoutTransition()",
        ])
        // The old layout heard of the new one while it was still installed.
        #expect(log.entries[0].bounds == rect(0, 300, 390, 844))
        #expect(cv.collectionViewLayout === b && b.collectionView === cv)
        #expect(a.collectionView == nil)
        // The offset stays: B answered the proposed offset.
        #expect(cv.contentOffset == CGPoint(x: 0, y: 300))
    }

    @Test func theEventsOfALayoutSwitch() throws {
        let cv = try installed(CollectionViewFlowLayout())
        let recorder = cv.startRecording()
        try cv.setCollectionViewLayout(EverythingFlowContextLayout())
        #expect(recorder.names == ["transitionPrepared", "contextCreated", "invalidated", "prepared", "contentSize",
                                   "elementsQueried", "visibleChanged", "targetContentOffsetAsked", "transitionFinalized"])
        guard case let .transitionPrepared(from, to) = recorder.events[0] else { Issue.record("\(recorder.names)"); return }
        #expect(from == "CollectionViewFlowLayout" && to == "EverythingFlowContextLayout")
        guard case let .contextCreated(_, reason) = recorder.events[1] else { Issue.record("\(recorder.names)"); return }
        #expect(reason == .layoutChange)
        guard case let .targetContentOffsetAsked(proposed, velocity, answer) = recorder.events[7] else { Issue.record("\(recorder.names)"); return }
        #expect(proposed == .zero && velocity == nil && answer == .zero)
        // Installing the layout already installed does nothing.
        recorder.events.removeAll()
        try cv.setCollectionViewLayout(cv.collectionViewLayout)
        #expect(recorder.events.isEmpty)
    }

    @Test func aNewLayoutsTargetContentOffsetMovesTheView() throws {
        let log = SharedCallLog()
        let a = TransitionRecordingLayout("A", log: log), b = TransitionRecordingLayout("B", log: log)
        b.target = { _ in CGPoint(x: 0, y: 120) }
        let cv = try installed(a)
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        log.entries.removeAll()
        try cv.setCollectionViewLayout(b)
        #expect(cv.contentOffset == CGPoint(x: 0, y: 120))
        // B was asked with the current offset; the move is a bounds change of B's,
        // and both layouts are finalized after it.
        let names = log.names
        let finalized = try firstIndices(inOrder: ["B.targetContentOffset(forProposedContentOffset: 0,300)",
                                                   "B.shouldInvalidateLayout(forBoundsChange: 0,120,390,844)",
                                                   "B.finalizeLayoutTransition()"], of: names)[2]
        #expect(log.entries[finalized].bounds == rect(0, 120, 390, 844))
        #expect(names.filter { $0.hasPrefix("B.targetContentOffset") }.count == 1)
    }

    // MARK: Animated bounds changes

    @Test func anAnimatedBoundsChangeIsWrappedInPrepareAndFinalize() throws {
        let log = SharedCallLog()
        let layout = TransitionRecordingLayout("L", log: log)
        let cv = try installed(layout)
        log.entries.removeAll()
        let new = rect(0, 0, 844, 390)
        try cv.setBounds(new, animated: true)
        // A width change re-flows (the flow layout invalidates): prepared again.
        #expect(log.entries == [
            LayoutCall(name: "L.prepare(forAnimatedBoundsChange: 0,0,390,844)", bounds: Self.start),
            LayoutCall(name: "L.shouldInvalidateLayout(forBoundsChange: 0,0,844,390)", bounds: Self.start),
            LayoutCall(name: "L.prepare()", bounds: new),
            LayoutCall(name: "L.layoutAttributesForElements(in: 0,0,844,390)", bounds: new),
            LayoutCall(name: "L.finalizeAnimatedBoundsChange()", bounds: new),
        ])
        #expect(cv.bounds == new)
    }

    @Test func theEventsOfAnAnimatedBoundsChange() throws {
        let cv = try installed(CollectionViewFlowLayout())
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        let recorder = cv.startRecording()
        try cv.setBounds(rect(0, 300, 844, 390), animated: true)
        #expect(recorder.names.first == "animatedBoundsChangePrepared")
        #expect(recorder.names.last == "animatedBoundsChangeFinalized")
        #expect(recorder.names.dropFirst().dropLast() == ["shouldInvalidateAsked", "contextCreated", "invalidated", "boundsChanged",
                                                          "prepared", "contentSize", "elementsQueried", "visibleChanged"])
        guard case let .animatedBoundsChangePrepared(old) = recorder.events[0] else { Issue.record("\(recorder.names)"); return }
        #expect(old == rect(0, 300, 390, 844))
    }

    @Test func aPlainOrEmptyBoundsChangeCallsNeither() throws {
        let log = SharedCallLog()
        let layout = TransitionRecordingLayout("L", log: log)
        let cv = try installed(layout)
        log.entries.removeAll()
        // animated: false is a plain setBounds.
        try cv.setBounds(rect(0, 0, 300, 844), animated: false)
        #expect(!log.names.contains { $0.contains("AnimatedBoundsChange") })
        #expect(cv.bounds == rect(0, 0, 300, 844))
        // The same bounds, animated: nothing at all.
        log.entries.removeAll()
        try cv.setBounds(rect(0, 0, 300, 844), animated: true)
        #expect(log.entries.isEmpty)
        // Refused bounds change nothing and call nothing.
        #expect(collectionViewError { try cv.setBounds(rect(0, .nan, 300, 844), animated: true) } != nil)
        #expect(log.entries.isEmpty && cv.bounds == rect(0, 0, 300, 844))
    }

    // MARK: targetContentOffset after a batch update

    @Test func afterABatchUpdateTheLayoutsTargetBecomesTheOffset() throws {
        let log = SharedCallLog()
        let layout = TransitionRecordingLayout("L", log: log)
        // One line back (lines are 60 apart).
        layout.target = { CGPoint(x: $0.x, y: $0.y - 60) }
        let cv = try installed(layout)
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        let recorder = cv.startRecording()
        log.entries.removeAll()
        try cv.performBatchUpdates([.insertItem(.ip(0, 0))])
        // Asked once, with the offset before the update: 300 -> 240.
        #expect(log.names.filter { $0.contains("targetContentOffset") } == ["L.targetContentOffset(forProposedContentOffset: 0,300)"])
        #expect(cv.contentOffset == CGPoint(x: 0, y: 240))
        // After finalizeCollectionViewUpdates, then the move.
        let asked = try firstIndices(inOrder: ["updatesFinalized", "targetContentOffsetAsked", "boundsChanged"], of: recorder.names)[1]
        guard case let .targetContentOffsetAsked(proposed, velocity, answer) = recorder.events[asked] else { return }
        #expect(proposed == CGPoint(x: 0, y: 300) && velocity == nil && answer == CGPoint(x: 0, y: 240))
    }

    @Test func theDefaultAnswerLeavesTheOffsetAfterABatchUpdate() throws {
        let cv = try installed(CollectionViewFlowLayout())
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        let recorder = cv.startRecording()
        try cv.performBatchUpdates([.deleteItem(.ip(0, 0))])
        #expect(cv.contentOffset == CGPoint(x: 0, y: 300))
        #expect(recorder.names.last == "targetContentOffsetAsked")
        #expect(!recorder.names.contains("boundsChanged"))
    }

    @Test func aNonFiniteTargetAfterABatchUpdateIsAWarning() throws {
        let layout = TransitionRecordingLayout("L", log: SharedCallLog())
        layout.target = { _ in CGPoint(x: CGFloat.infinity, y: 0) }
        let cv = try installed(layout)
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        _ = cv.takeWarnings()
        try cv.performBatchUpdates([.insertItem(.ip(0, 0))])
        #expect(cv.contentOffset == CGPoint(x: 0, y: 300))
        let warnings = cv.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("not a finite point") == true)
        #expect(cv.warnings.isEmpty, "takeWarnings empties the list")
    }

    // MARK: invalidateLayout()

    @Test func theDriverCallsAnOverriddenInvalidateLayout() throws {
        let layout = ColumnLayout()
        let cv = try CollectionView(layout: layout, itemCounts: [10])
        #expect(layout.invalidateLayoutCalls == 1)
        try cv.setContentInset(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(layout.invalidateLayoutCalls == 2)
        // The same insets again change nothing.
        try cv.setContentInset(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(layout.invalidateLayoutCalls == 2)
        try cv.setSafeAreaInsets(EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(layout.invalidateLayoutCalls == 3)
        // Scrolls and batch updates build their own contexts.
        try cv.setContentOffset(CGPoint(x: 0, y: 50))
        try cv.performBatchUpdates([.insertItem(.ip(0, 0))])
        #expect(layout.invalidateLayoutCalls == 3)
        // A switch calls the new layout's, not the old one's.
        let next = ColumnLayout()
        try cv.setCollectionViewLayout(next)
        #expect(next.invalidateLayoutCalls == 1 && layout.invalidateLayoutCalls == 3)
        // Its context says everything.
        #expect(next.contexts.count == 1 && next.contexts[0].invalidateEverything)
    }

    @Test func anOverrideThatForgetsSuperStillGetsItsPass() throws {
        let layout = ColumnLayout()
        layout.invalidateLayoutCallsSuper = false
        let cv = try CollectionView(layout: layout, itemCounts: [10])
        #expect(layout.count == 10)
        layout.prepares = 0
        try cv.reloadData(itemCounts: [3])
        #expect(layout.prepares == 1 && layout.count == 3)
        #expect(cv.indexPathsForVisibleItems == [.ip(0, 0), .ip(0, 1), .ip(0, 2)])
        // No context reached invalidateLayout(with:): the override swallowed it.
        #expect(layout.contexts.isEmpty)
    }

    // MARK: Context subclasses

    @Test func aContextThatAnswersItsOwnGettersIsWhatTheLayoutReceives() throws {
        let layout = SelfAnsweringContextLayout()
        let cv = try installed(layout, counts: [10])
        let recorder = cv.startRecording()
        layout.contexts.removeAll()
        try cv.setContentOffset(CGPoint(x: 0, y: 50))
        let context = try #require(layout.contexts.first)
        #expect(context is SelfAnsweringContext)
        #expect(context.invalidateEverything)
        #expect(context.invalidatedItemIndexPaths == [.ip(0, 3), .ip(0, 1)])
        let snapshot = try #require(recorder.contexts.first)
        #expect(snapshot.contextClass == "SelfAnsweringContext")
        #expect(snapshot.invalidateEverything && snapshot.isFullInvalidation)
        #expect(snapshot.items == [.ip(0, 1), .ip(0, 3)])
        #expect(snapshot.decoration == ["background": [.ip(0, 0)]])
        // A batch update's context is of the class too, with the counts flag the collection view set.
        layout.contexts.removeAll()
        try cv.performBatchUpdates([.insertItem(.ip(0, 0))])
        let update = try #require(layout.contexts.first)
        #expect(update is SelfAnsweringContext && update.invalidateDataSourceCounts && update.invalidateEverything)
    }

    @Test func theFlowLayoutHonoursAnOverriddenInvalidateEverything() throws {
        // Pinned headers make a scroll invalidate. A plain flow context names the
        // headers only (no section recomputed); this one says everything, so all
        // three sections are recomputed.
        /// `layout` with pinned headers over three sections, scrolled to 300, and the events of the scroll.
        func pinnedAndScrolled(_ layout: CollectionViewFlowLayout) throws -> (CollectionView, EventRecorder) {
            layout.headerReferenceSize = size(0, 40)
            layout.sectionHeadersPinToVisibleBounds = true
            let cv = try installed(layout, counts: [20, 20, 20])
            let recorder = cv.startRecording()
            try cv.setContentOffset(CGPoint(x: 0, y: 300))
            return (cv, recorder)
        }
        let (cv, recorder) = try pinnedAndScrolled(EverythingFlowContextLayout())
        #expect(recorder.contexts.first?.contextClass == "EverythingFlowContext")
        #expect(recorder.prepared.map(\.sectionsComputed) == [3])

        // The same scroll with the plain context recomputes none.
        let (other, otherRecorder) = try pinnedAndScrolled(CollectionViewFlowLayout())
        #expect(otherRecorder.prepared.map(\.sectionsComputed) == [0])
        // And both answer alike.
        #expect(differences(cv.visibleAttributes, other.visibleAttributes).isEmpty)
    }

    // MARK: contentOffset set from prepare()

    @Test func anOffsetSetInPrepareIsAppliedOnceThePassIsOver() throws {
        let layout = OffsetSettingLayout()
        layout.once = CGPoint(x: 0, y: 200)
        let cv = CollectionView(layout: layout)
        let recorder = cv.startRecording()
        try cv.reloadData(itemCounts: [20])
        #expect(cv.contentOffset == CGPoint(x: 0, y: 200))
        // Inside prepare() the offset had not changed yet.
        #expect(layout.offsetsSeenInPrepare == [.zero])
        // The reload's pass ends (its visible diff) before the bounds change starts.
        let boundsChange = try firstIndices(inOrder: ["visibleChanged", "boundsChanged"], of: recorder.names)[1]
        guard case let .boundsChanged(from, to) = recorder.events[boundsChange] else { return }
        #expect(from == Self.start && to == rect(0, 200, 390, 844))
        // Rows 2 (200..300) to 10 (1000..1100) overlap 200..1044; row 1 (100..200) only touches it.
        #expect(cv.indexPathsForVisibleItems == (2...10).map { .ip(0, $0) })
    }

    @Test func aLayoutThatSetsTheOffsetInEveryPrepareDoesNotLoopForever() throws {
        let layout = OffsetSettingLayout()
        let cv = try CollectionView(layout: layout, itemCounts: [20])
        // From now on every prepare() moves the offset 10 further; one pass.
        layout.step = 10
        layout.prepares = 0
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        // The driver follows a few rounds (each a bounds change, so a prepare()),
        // then stops; the layout's safety cap (50 prepares) must not be what
        // stopped it.
        #expect(layout.prepares < 10, "prepare() ran \(layout.prepares) times")
        #expect(cv.contentOffset.y <= 100 && cv.contentOffset.y > 0, "offset \(cv.contentOffset)")
        // The view is still usable.
        try cv.setContentOffset(.zero)
        #expect(cv.contentOffset.y >= 0)
    }

    // MARK: contentInset set from prepare()

    @Test func anInsetSetInPrepareIsAppliedOnceThePassIsOverAndSettles() throws {
        let layout = InsetSettingLayout()
        let cv = CollectionView(layout: layout)
        let recorder = cv.startRecording()
        try cv.reloadData(itemCounts: [20])
        // A quarter of 390 on each side.
        #expect(cv.contentInset == EdgeInsets(top: 0, left: 97.5, bottom: 0, right: 97.5))
        // Three passes: the reload first lays out what there is (no data
        // yet), whose prepare() sets the inset; the change of insets then
        // invalidates everything, with a pass of its own, whose prepare()
        // sets the same inset (nothing more); then the reload's own pass.
        let quarter = EdgeInsets(top: 0, left: 97.5, bottom: 0, right: 97.5)
        #expect(layout.insetsSeenInPrepare == [.zero, quarter, quarter])
        #expect(layout.prepares == 3, "\(recorder.names)")
        #expect(recorder.names.filter { $0 == "invalidated" }.count == 2, "\(recorder.names)")
        // Scrolling sets it again in each prepare, to the same value: nothing more happens.
        layout.prepares = 0
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(layout.prepares == 1)
        #expect(cv.contentInset.left == 97.5)
    }

    @Test func aLayoutThatChangesTheInsetInEveryPrepareDoesNotLoopForever() throws {
        let layout = InsetSettingLayout()
        layout.insets = nil
        let cv = try CollectionView(layout: layout, itemCounts: [20])
        layout.growing = true
        layout.prepares = 0
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(layout.prepares < 10, "prepare() ran \(layout.prepares) times")
        #expect(cv.contentInset.left > 0 && cv.contentInset.left <= 50, "\(cv.contentInset)")
    }

    /// `contentInset.left = 70; contentInset.right = 70` in prepare(): each
    /// field set reads back what the one before set, as on iOS.
    @Test func anInsetSetFieldByFieldInPrepareKeepsEveryField() throws {
        final class FieldByField: ColumnLayout {
            override func prepare() {
                super.prepare()
                collectionView?.contentInset.left = 70
                collectionView?.contentInset.right = 70
            }
        }
        let cv = try CollectionView(layout: FieldByField(), itemCounts: [20])
        #expect(cv.contentInset == EdgeInsets(top: 0, left: 70, bottom: 0, right: 70))
    }

    @Test func anInsetStkRefusesIsAWarningAndChangesNothing() throws {
        let layout = InsetSettingLayout()
        layout.insets = { _ in EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0) }
        let cv = try CollectionView(layout: layout, itemCounts: [20])
        #expect(cv.contentInset == .zero)
        #expect(cv.takeWarnings().contains { $0.hasPrefix("contentInset was set to") }, "\(cv.warnings)")
    }
}
