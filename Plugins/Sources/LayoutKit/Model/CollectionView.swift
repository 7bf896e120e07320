import Foundation

/// A headless model of `UICollectionView`: the data (sections, item counts,
/// size overrides), the scroll view geometry (bounds, insets) and the driver of
/// the layout cycle, which calls the layout in UIKit's order and reports every
/// phase to its observer.
///
/// Every mutating call validates its input first and throws
/// `CollectionViewError` without changing anything when it is refused.
public final class CollectionView {
    public static let elementKindSectionHeader = ElementKind.sectionHeader
    public static let elementKindSectionFooter = ElementKind.sectionFooter

    /// UIKit's `UICollectionView.ScrollPosition`, the subset stk uses.
    public enum ScrollPosition: String, Sendable, CaseIterable {
        case top, center, bottom
    }

    public private(set) var collectionViewLayout: CollectionViewLayout
    /// origin = contentOffset, size = the viewport.
    public private(set) var bounds: CGRect
    public private(set) var contentInset: EdgeInsets = .zero
    public private(set) var safeAreaInsets: EdgeInsets = .zero
    /// The data. Layouts read it; only the collection view's methods change it.
    public private(set) var sections: [SectionData] = [] {
        // Constant time: a change to one section (a measurement, a size) must
        // not scan them all; the scan happens once, when next asked.
        didSet { cachedHasPreferredSizes = nil }
    }
    /// Whether any cell declares a preferred size: without one, no pass measures anything.
    private var hasPreferredSizes: Bool {
        if let known = cachedHasPreferredSizes { return known }
        let known = sections.contains(where: \.hasPreferredSizes)
        cachedHasPreferredSizes = known
        return known
    }
    /// `hasPreferredSizes` since the data last changed (nil: not asked since).
    private var cachedHasPreferredSizes: Bool?

    /// The most elements a layout pass's visible query may answer with, or nil
    /// for no limit (the default, as in UIKit). A host sets it so that data
    /// far denser than any screen (twenty million cells a hundred-thousandth
    /// of a point wide) is refused instead of materialised: layouts built on
    /// LayoutKit stop creating attributes past `visibleQueryLimit` and call
    /// `noteVisibleLimitExceeded()`; the host asks `takeVisibleLimitExceeded()`.
    public var maximumVisibleElements: Int?
    /// `maximumVisibleElements` during a layout pass (its prepare and its
    /// visible query), nil otherwise (other queries, such as a check's over
    /// any rect, are answered whole).
    public private(set) var visibleQueryLimit: Int?
    private var visibleLimitExceeded = false

    /// A layout answering the visible query stopped at `visibleQueryLimit`.
    public func noteVisibleLimitExceeded() { visibleLimitExceeded = true }

    /// Whether a visible query stopped at the limit since the last call.
    public func takeVisibleLimitExceeded() -> Bool {
        defer { visibleLimitExceeded = false }
        return visibleLimitExceeded
    }
    /// The most layout passes one operation runs for self-sizing before stk
    /// gives up on a layout whose measurements never settle.
    public static let maxSelfSizingRounds = 16
    /// At most this many passes in one self-sizing cycle, even when each
    /// shows new cells (a bound on the work of one command).
    public static let maxSelfSizingPasses = 1_024
    /// Layout passes a replica may take to settle after its first (`makeReplica`).
    static let replicaSettlingPasses = 2
    /// Set while a replica or a restored state is told the recorded
    /// measurements: cells are not measured again and offsets stay.
    private var isReplayingMeasurements = false
    /// The sum of the `contentOffsetAdjustment`s of the contexts since the last pass.
    private var pendingOffsetAdjustment = CGPoint.zero
    /// The flow delegate someone installed (a test, or a layout's factory). When
    /// nil, flow layouts read the size overrides held in `sections` directly,
    /// which lets uniform sections skip per-item work.
    public weak var installedDelegate: CollectionViewDelegateFlowLayout?

    /// UIKit's `delegate`, as a layout reads it: the installed delegate, or else
    /// stk's model delegate, which answers the flow delegate's questions from
    /// the data (per-item and per-section sizes) and the flow layout's values.
    /// On iOS the view controller is the delegate and it is never nil for a
    /// working screen; a layout that asks it (`delegate as?
    /// UICollectionViewDelegateFlowLayout`) gets answers consistent with the model.
    public var delegate: CollectionViewDelegateFlowLayout? {
        get { installedDelegate ?? ModelFlowDelegate.shared }
        set { installedDelegate = newValue }
    }
    public weak var observer: LayoutCycleObserver?

    /// What `layoutAttributesForElements(in: bounds)` returned after the last layout pass, by key.
    /// Built on first read after a pass whose answer came sorted (see `VisibleSet`).
    public var visibleAttributes: [ElementKey: CollectionViewLayoutAttributes] {
        visible.byKey()
    }

    /// How many elements are visible (cheaper than `visibleAttributes.count`).
    public var visibleCount: Int { visible.count }

    /// Whether stk decides `isPinned` for the layout's elements (a layout written
    /// for iOS has no such attribute): see `pinnedByMotion`.
    public var derivesPinnedFromMotion = false {
        didSet { pinnedByMotion = [] }
    }

    /// With `derivesPinnedFromMotion`: the elements that followed the viewport
    /// in the last bounds change that moved the content offset: visible before
    /// and after, and moved by exactly the offset's change along an axis along
    /// which the offset changed. A change of size alone keeps the set; a layout
    /// change empties it.
    public private(set) var pinnedByMotion: Set<ElementKey> = []

    /// Marks `attributes` pinned when stk derives pinning and its element
    /// followed the viewport in the last scroll (`pinnedByMotion`).
    public func applyDerivedPinning(to attributes: CollectionViewLayoutAttributes) {
        if derivesPinnedFromMotion && pinnedByMotion.contains(attributes.key) { attributes.isPinned = true }
    }

    /// The answer of the last layout pass, as the visible diff needs it.
    private var visible = VisibleSet()

    private var nextIdentity = 0
    private var nextRevision = 0
    /// True while the driver itself calls `invalidateLayout(with:)`.
    private var driverIsInvalidating = false
    /// Why the driver called `invalidateLayout()`: its context is reported
    /// with this reason when it reaches `invalidateLayout(with:)`.
    private var everythingReason: InvalidationReason?
    /// How deep in layout passes the driver is (a layout may set
    /// `contentOffset` from `prepare()`: that waits for the pass to end).
    private var layoutPassDepth = 0
    private var deferredContentOffset: CGPoint?
    private var applyingDeferredContentOffset = false

    public init(size: CGSize = CGSize(width: 390, height: 844), layout: CollectionViewLayout) {
        bounds = CGRect(origin: .zero, size: size)
        collectionViewLayout = layout
        layout.collectionView = self
        layout.needsPrepare = true
    }

    // MARK: Geometry

    /// UIKit's `contentOffset`. Setting it is a bounds change, as in UIKit; set
    /// by a layout while the collection view is laying out (from `prepare()`),
    /// the change waits until that pass is over. A refused offset (not
    /// finite) is ignored, as a setter cannot throw.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            if layoutPassDepth > 0 { deferredContentOffset = newValue } else { try? setContentOffset(newValue) }
        }
    }
    /// UIKit's `setContentOffset(_:animated:)`: animated, it moves as a fling's
    /// animation does (`animateContentOffset`), in 10 bounds changes.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        if animated && layoutPassDepth == 0 {
            try? animateContentOffset(to: offset, steps: Self.defaultAnimationSteps, decelerating: false)
        } else {
            contentOffset = offset
        }
    }
    public var frame: CGRect { CGRect(origin: .zero, size: bounds.size) }
    public var adjustedContentInset: EdgeInsets { contentInset + safeAreaInsets }
    public var contentSize: CGSize { collectionViewLayout.collectionViewContentSize }

    // MARK: The scroll view

    /// UIKit's `isPagingEnabled`: a fling stops on a multiple of the bounds size.
    public var isPagingEnabled = false
    /// UIKit's `decelerationRate`.
    public var decelerationRate: DecelerationRate = .normal
    /// UIKit's `layoutMargins`. Layouts read it; nothing in the model uses it.
    public var layoutMargins: EdgeInsets = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
    public var directionalLayoutMargins: EdgeInsets {
        get { layoutMargins }
        set { layoutMargins = newValue }
    }
    /// UIKit's `traitCollection`: the size classes follow the bounds (see `TraitCollection`).
    public var traitCollection: TraitCollection {
        var traits = TraitCollection(displayScale: displayScale)
        traits.horizontalSizeClass = bounds.width < 600 ? .compact : .regular
        traits.verticalSizeClass = bounds.height < 500 ? .compact : .regular
        return traits
    }
    /// Points to pixels, for `traitCollection.displayScale` (3 by default).
    public var displayScale: CGFloat = 3
    /// Always left to right: stk does not model right-to-left layout.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection { .leftToRight }
    /// No finger in stk: never dragging or tracking.
    public var isDragging: Bool { false }
    public var isTracking: Bool { false }
    /// True during the bounds changes of a fling's animation.
    public private(set) var isDecelerating = false

    // MARK: Views (none)

    /// No views in stk: always nil.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { nil }
    public var visibleCells: [CollectionViewCell] { [] }
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> CollectionReusableView? { nil }

    /// The items of the last layout pass's answer for the bounds, in index path order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleAttributes.keys.filter { $0.category == .cell }.sorted().map(\.indexPath)
    }

    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleAttributes.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }.sorted().map(\.indexPath)
    }

    /// UIKit's collection view forwards these to its layout.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The item whose frame contains the point (the topmost by zIndex), as UIKit's.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        let probe = CGRect(x: point.x, y: point.y, width: 0, height: 0).insetBy(dx: -0.5, dy: -0.5)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
        }
        return hits.max { ($0.zIndex, $1.key) < ($1.zIndex, $0.key) }?.indexPath
    }

    // MARK: Data source

    /// UIKit's `dataSource`: the installed one, or else stk's model data source,
    /// which answers the counts of the model. The model is the data either
    /// way: an installed data source is what layouts read, not what stk counts.
    public var dataSource: CollectionViewDataSource? {
        get { installedDataSource ?? ModelDataSource.shared }
        set { installedDataSource = newValue }
    }
    public weak var installedDataSource: CollectionViewDataSource?

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int { sections[section].itemCount }

    /// Whether an index path names an existing item.
    public func isValidItem(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < sections.count
            && indexPath.item >= 0 && indexPath.item < sections[indexPath.section].itemCount
    }

    // MARK: Observing

    func report(_ event: LayoutCycleEvent) {
        observer?.collectionView(self, didReport: event)
    }

    /// Called by `CollectionViewLayout.invalidateLayout(with:)`.
    func layoutDidInvalidate(_ layout: CollectionViewLayout, context: CollectionViewLayoutInvalidationContext) {
        guard layout === collectionViewLayout else { return }
        // UIKit moves the content by the context's offset adjustment; stk does
        // it as the next pass begins, after any bounds change in progress.
        if !isReplayingMeasurements, context.contentOffsetAdjustment != .zero,
           context.contentOffsetAdjustment.x.isFinite, context.contentOffsetAdjustment.y.isFinite {
            pendingOffsetAdjustment.x += context.contentOffsetAdjustment.x
            pendingOffsetAdjustment.y += context.contentOffsetAdjustment.y
        }
        guard observer != nil else { return }
        let snapshot = context.snapshot()
        if let reason = everythingReason {
            everythingReason = nil
            report(.contextCreated(snapshot, reason: reason))
        } else if !driverIsInvalidating {
            // The layout invalidated itself (an option changed): that context is
            // part of the next operation's story too.
            report(.contextCreated(snapshot, reason: .layoutRequest))
        }
        report(.invalidated(snapshot))
    }

    private func invalidate(with context: CollectionViewLayoutInvalidationContext, reason: InvalidationReason) {
        if observer != nil { report(.contextCreated(context.snapshot(), reason: reason)) }
        driverIsInvalidating = true
        defer { driverIsInvalidating = false }
        collectionViewLayout.invalidateLayout(with: context)
    }

    /// UIKit calls the layout's `invalidateLayout()` here, so an override is
    /// honoured; its context is reported with the reason when it arrives.
    private func invalidateEverything(reason: InvalidationReason) {
        everythingReason = observer != nil ? reason : nil
        defer { everythingReason = nil }
        collectionViewLayout.invalidateLayout()
        // The collection view itself needs the pass (new data, insets or
        // layout), even from an override that forgot to call super.
        collectionViewLayout.needsPrepare = true
    }

    // MARK: The layout pass

    /// Runs a layout pass if the layout was invalidated: prepare, content size,
    /// the visible query and the visible diff. Does nothing when the layout is valid.
    public func layoutIfNeeded() {
        guard collectionViewLayout.needsPrepare else { return }
        layoutPass(mapping: nil, updates: nil)
    }

    /// The layout pass. `mapping` matches old visible elements to new keys after
    /// a batch update; `updates` are passed to `prepare(forCollectionViewUpdates:)`.
    private func layoutPass(mapping: BatchUpdatePlan?, updates: [CollectionViewUpdateItem]?, offsetChange: CGPoint? = nil) {
        layoutPassDepth += 1
        let shown = runLayoutPass(mapping: mapping, updates: updates, offsetChange: offsetChange)
        selfSize(shown)
        layoutPassDepth -= 1
        if layoutPassDepth == 0 { applyDeferredContentOffset() }
    }

    // MARK: Self-sizing

    /// UIKit's self-sizing cycle (docs/semantics.md, "Self-sizing cells"): each
    /// cell a pass displayed (appeared, or resized) is measured; where the size
    /// its content wants differs from the layout's, the layout is asked
    /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`
    /// and, if it says yes, for the context, which invalidates it. Another pass
    /// follows, until no displayed cell changes (at most `maxSelfSizingRounds`).
    ///
    /// A pass that measures cells not measured before in this cycle makes
    /// progress (the content moved and showed new cells, as when cells above
    /// the view shrink); only passes that offer again cells already offered,
    /// whose size the layout took but did not give them, count towards
    /// `maxSelfSizingRounds`. `maxSelfSizingPasses` bounds the whole cycle.
    private func selfSize(_ shown: [CollectionViewLayoutAttributes]) {
        var cells = shown
        var offered: Set<ElementKey> = []
        var staleRounds = 0
        var passes = 0
        while !cells.isEmpty {
            var offeredNow: [ElementKey] = []
            guard measure(cells, offered: &offeredNow) else { return }
            let progress = offeredNow.contains { !offered.contains($0) }
            offered.formUnion(offeredNow)
            if !progress { staleRounds += 1 }
            passes += 1
            guard staleRounds < Self.maxSelfSizingRounds else {
                warn("self-sizing did not settle after \(Self.maxSelfSizingRounds) layout passes: each pass displayed cells whose preferred size the layout took but did not give them (stk stops here; UIKit would keep trying)")
                return
            }
            guard passes < Self.maxSelfSizingPasses else {
                warn("self-sizing did not settle after \(Self.maxSelfSizingPasses) layout passes: each pass showed cells not measured before (stk stops here; UIKit would keep going)")
                return
            }
            cells = runLayoutPass(mapping: nil, updates: nil, offsetChange: nil)
        }
    }

    /// Measures cells as they are displayed, in key order. Returns whether the
    /// layout was invalidated for one of them.
    private func measure(_ cells: [CollectionViewLayoutAttributes]) -> Bool {
        var offered: [ElementKey] = []
        return measure(cells, offered: &offered)
    }

    /// The same, appending the cells whose size the layout took to `offered`.
    private func measure(_ cells: [CollectionViewLayoutAttributes], offered: inout [ElementKey]) -> Bool {
        var invalidated = false
        for original in cells {
            let path = original.indexPath
            guard isValidItem(path), let wanted = sections[path.section].preferredSize(at: path.item),
                  wanted != original.size else { continue }
            if offer(wanted, to: original, recording: true) {
                invalidated = true
                offered.append(original.key)
            }
        }
        return invalidated
    }

    /// Offers the layout a cell's preferred size, as UIKit does: what the
    /// cell's preferredLayoutAttributesFitting(_:) answers is a copy of the
    /// layout's attributes whose frame has that size at the same origin; the
    /// layout is asked whether to take it, then for the context, which
    /// invalidates it. `recording`: the size taken is written to the record
    /// (`SectionData.measuredSizes`) once the context is made, so that the
    /// layout builds the context from the sizes taken before this one.
    /// Returns whether the layout took it.
    private func offer(_ size: CGSize, to original: CollectionViewLayoutAttributes, recording: Bool) -> Bool {
        let layout = collectionViewLayout
        let preferred = original.copied()
        preferred.frame = CGRect(origin: original.frame.origin, size: size)
        let accepted = layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        report(.preferredAttributesAsked(original.key, original: original.frame, preferred: preferred.frame, answer: accepted))
        guard accepted else { return false }
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        if recording {
            nextRevision += 1
            sections[original.indexPath.section].recordMeasurement(size, at: original.indexPath.item, revision: nextRevision)
        }
        invalidate(with: context, reason: .preferredAttributes)
        return true
    }

    /// The first pass of a state restored or copied: cells are not measured
    /// anew; the layout is told the recorded measurements instead.
    private func layOutFromTheRecord() {
        isReplayingMeasurements = true
        layoutPass(mapping: nil, updates: nil)
        isReplayingMeasurements = false
        replayMeasurements()
    }

    /// Tells the installed layout the recorded measurements (a replica's fresh
    /// layout, a restored state), as the cells' preferred attributes, without
    /// moving the content; then lays out. A layout that already gives a cell
    /// its measured size (the built-in flow layout reads the record) is not asked.
    private func replayMeasurements() {
        guard sections.contains(where: { !$0.measuredSizes.isEmpty }) else { return }
        isReplayingMeasurements = true
        defer { isReplayingMeasurements = false }
        let layout = collectionViewLayout
        for (s, section) in sections.enumerated() {
            for (item, size) in section.measuredSizes.entries {
                guard let original = layout.layoutAttributesForItem(at: IndexPath(item: item, section: s)),
                      original.size != size else { continue }
                _ = offer(size, to: original, recording: false)
            }
        }
        layoutPassDepth += 1
        _ = runLayoutPass(mapping: nil, updates: nil, offsetChange: nil)
        layoutPassDepth -= 1
        pendingOffsetAdjustment = .zero
    }

    /// Declares the size a cell's content wants (nil: none), as a change of the
    /// cell's content would on iOS. A displayed cell is measured at once.
    public func setPreferredSize(_ size: CGSize?, at indexPath: IndexPath) throws {
        guard isValidItem(indexPath) else { throw itemOutOfRange(indexPath) }
        if let size { try Validate.size(size, "preferred size of item \(indexPath.stk)") }
        layoutIfNeeded()
        sections[indexPath.section].preferredSizes[indexPath.item] = size
        remeasure { $0 == indexPath }
    }

    /// Declares the size every cell of a section wants unless it has its own (nil: none).
    public func setPreferredSize(_ size: CGSize?, inSection section: Int) throws {
        guard section >= 0, section < sections.count else {
            throw sectionOutOfRange(section)
        }
        if let size { try Validate.size(size, "preferred size of the items of section \(section)") }
        layoutIfNeeded()
        sections[section].sectionPreferredSize = size
        remeasure { $0.section == section }
    }

    /// Measures the displayed cells `matching`, then runs the passes that follows.
    private func remeasure(matching: (IndexPath) -> Bool) {
        let cells = visibleAttributes.values.filter { $0.representedElementCategory == .cell && matching($0.indexPath) }
            .sorted { $0.key < $1.key }
        guard measure(cells) else { return }
        layoutPass(mapping: nil, updates: nil)
    }

    /// An offset a layout set during the pass, applied now as a bounds change.
    /// A layout that sets one in every pass is followed a few times, not forever.
    /// The bounds change runs a layout pass of its own, which ends here again:
    /// that nested call leaves its offset to this loop, so the rounds are counted.
    private func applyDeferredContentOffset() {
        guard !applyingDeferredContentOffset else { return }
        applyingDeferredContentOffset = true
        defer { applyingDeferredContentOffset = false }
        var rounds = 0
        while let offset = deferredContentOffset, rounds < 4 {
            deferredContentOffset = nil
            rounds += 1
            try? setContentOffset(offset)
        }
        deferredContentOffset = nil
    }

    /// One pass; returns the cells it displayed that self-sizing measures.
    private func runLayoutPass(mapping: BatchUpdatePlan?, updates: [CollectionViewUpdateItem]?, offsetChange: CGPoint?) -> [CollectionViewLayoutAttributes] {
        let layout = collectionViewLayout
        var offsetChange = offsetChange
        if pendingOffsetAdjustment != .zero {
            // The offset moves as any scroll does: the layout is asked about
            // the bounds change, so what floats follows it.
            let adjustment = pendingOffsetAdjustment
            pendingOffsetAdjustment = .zero
            moveBounds(to: bounds.offsetBy(dx: adjustment.x, dy: adjustment.y))
            offsetChange = CGPoint(x: (offsetChange?.x ?? 0) + adjustment.x, y: (offsetChange?.y ?? 0) + adjustment.y)
        }
        visibleQueryLimit = maximumVisibleElements
        if layout.needsPrepare {
            let touchedBefore = layout.counters.elementsTouched
            let sectionsBefore = layout.counters.sectionsComputed
            layout.needsPrepare = false
            layout.prepare()
            report(.prepared(elementsTouched: layout.counters.elementsTouched - touchedBefore,
                             sectionsComputed: layout.counters.sectionsComputed - sectionsBefore))
            report(.contentSize(layout.collectionViewContentSize))
        }
        if let updates {
            layout.prepare(forCollectionViewUpdates: updates)
            report(.updatesPrepared(updates))
        }
        let createdBefore = layout.counters.attributesCreated
        var answer = layout.layoutAttributesForElements(in: bounds) ?? []
        visibleQueryLimit = nil
        if let limit = maximumVisibleElements, answer.count > limit {
            // A layout that does not stop at the limit (a plugin): its answer
            // is cut, so the diff and the events stay bounded, and the pass
            // is said to be over it, so that the session refuses the command.
            noteVisibleLimitExceeded()
            answer.removeLast(answer.count - limit)
        }
        // What stk remembers of a pass is values, not the layout's objects: a
        // layout that caches attributes in prepare() and moves the cached
        // objects in place in the next one would otherwise move stk's "before"
        // too, and the diff would see no change. An object only the answer
        // holds (a layout that makes attributes per query, as LayoutKit's
        // do) cannot change behind stk's back and is kept as it is.
        let initialisedBefore = CollectionViewLayoutAttributes.instancesCreated
        for i in answer.indices where !isKnownUniquelyReferenced(&answer[i]) {
            answer[i] = answer[i].copied()
        }
        CollectionViewLayoutAttributes.instancesCreated = initialisedBefore // stk's copies, not the layout's
        checkAnswer(answer)
        report(.elementsQueried(rect: bounds, attributes: observer?.wantsAttributeCopies == true ? answer.map { $0.copied() } : [],
                                attributesCreated: layout.counters.attributesCreated - createdBefore))
        let sortedKeys = VisibleSet.sortedKeys(of: answer)

        var diff = VisibleDiff()
        var diffIsSorted = false
        var now: [ElementKey: CollectionViewLayoutAttributes]?
        if mapping == nil, let keys = sortedKeys, let before = visible.sorted {
            // The scroll step of a layout that answers in key order (as most do):
            // both sets are sorted, so one merge finds every change, already in
            // key order, without hashing a key.
            VisibleSet.mergeDiff(old: before.attributes, oldKeys: before.keys, new: answer, newKeys: keys, into: &diff)
            diffIsSorted = true
        } else {
            var byKey: [ElementKey: CollectionViewLayoutAttributes] = [:]
            byKey.reserveCapacity(answer.count)
            for a in answer { byKey[a.key] = a }
            now = byKey
            let visibleAttributes = visibleAttributes
            if let mapping {
                // After a batch update: match old elements to their new keys.
                var matched = Set<ElementKey>()
                for (oldKey, before) in visibleAttributes {
                    if let key = mapping.newKey(for: oldKey), let after = byKey[key] {
                        matched.insert(key)
                        if key != oldKey || !before.hasSameAttributes(as: after) {
                            diff.changed.append(.init(from: before, to: after, keyBefore: oldKey))
                        }
                    } else {
                        diff.disappeared.append(before)
                    }
                }
                for (key, a) in byKey where !matched.contains(key) { diff.appeared.append(a) }
            } else {
                // Keys are identities; plain lookups.
                for (key, before) in visibleAttributes {
                    if let after = byKey[key] {
                        if !before.hasSameAttributes(as: after) {
                            diff.changed.append(.init(from: before, to: after))
                        }
                    } else {
                        diff.disappeared.append(before)
                    }
                }
                for (key, a) in byKey where visibleAttributes[key] == nil { diff.appeared.append(a) }
            }
        }
        if !diffIsSorted && (updates != nil || observer?.wantsAttributeCopies == true) {
            // Key order is for people reading a trace; measuring observers skip
            // the sort (a diagonal grid scroll changes every sticky cell). Batch
            // updates always sort: initial and final attributes are asked in key order.
            diff.appeared.sort { $0.key < $1.key }
            diff.disappeared.sort { $0.key < $1.key }
            diff.changed.sort { $0.key < $1.key }
        }

        if updates != nil {
            for a in diff.appeared { report(.appearing(a.key, initial: initialAttributes(for: a.key)?.copied())) }
            for a in diff.disappeared { report(.disappearing(a.key, final: finalAttributes(for: a.key)?.copied())) }
            reportExtraUpdatedViews(diff: diff, answer: answer)
            layout.finalizeCollectionViewUpdates()
            report(.updatesFinalized)
        }
        if derivesPinnedFromMotion, let delta = offsetChange, delta != .zero {
            // Pinned along an axis: moved exactly with the offset on an axis
            // along which the offset moved (a sticky row follows a diagonal
            // scroll vertically only).
            pinnedByMotion = Set(diff.changed.lazy.filter { change in
                let dx = change.to.frame.minX - change.from.frame.minX
                let dy = change.to.frame.minY - change.from.frame.minY
                return (delta.x != 0 && abs(dx - delta.x) < 1e-9) || (delta.y != 0 && abs(dy - delta.y) < 1e-9)
            }.map(\.key))
        }
        if derivesPinnedFromMotion { for a in answer { applyDerivedPinning(to: a) } }
        if let sortedKeys {
            visible = VisibleSet(sorted: answer, keys: sortedKeys, byKey: now)
        } else {
            visible = VisibleSet(byKey: now ?? [:])
        }
        report(.visibleChanged(diff))
        (layout as? CollectionViewFlowLayout)?.checkHandedOut()
        guard hasPreferredSizes, !isReplayingMeasurements else { return [] }
        var shown = diff.appeared.filter { $0.representedElementCategory == .cell }
        for change in diff.changed where change.to.representedElementCategory == .cell && change.from.size != change.to.size {
            shown.append(change.to)
        }
        if !diffIsSorted { shown.sort { $0.key < $1.key } }
        return shown
    }

    private func initialAttributes(for key: ElementKey) -> CollectionViewLayoutAttributes? {
        let layout = collectionViewLayout
        switch key.category {
        case .cell: return layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .supplementaryView: return layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: return layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    private func finalAttributes(for key: ElementKey) -> CollectionViewLayoutAttributes? {
        let layout = collectionViewLayout
        switch key.category {
        case .cell: return layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
        case .supplementaryView: return layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: return layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    /// UIKit asks the layout which supplementary and decoration views it
    /// inserts or deletes beyond what the visible sets show, for every kind it
    /// knows (header, footer, the kinds on screen, the registered decoration
    /// kinds), and animates those too: they get initial or final attributes.
    private func reportExtraUpdatedViews(diff: VisibleDiff, answer: [CollectionViewLayoutAttributes]) {
        let layout = collectionViewLayout
        var supplementaryKinds: Set<String> = [ElementKind.sectionHeader, ElementKind.sectionFooter]
        var decorationKinds = layout.registeredDecorationKinds
        for a in answer + diff.disappeared {
            switch a.representedElementCategory {
            case .supplementaryView: supplementaryKinds.insert(a.representedElementKind ?? "")
            case .decorationView: decorationKinds.insert(a.representedElementKind ?? "")
            case .cell: break
            }
        }
        let appeared = Set(diff.appeared.map(\.key)), disappeared = Set(diff.disappeared.map(\.key))
        func extra(_ keys: [ElementKey], among seen: Set<ElementKey>) -> [ElementKey] {
            var unique: [ElementKey] = []
            for key in keys.sorted() where !seen.contains(key) && unique.last != key { unique.append(key) }
            return unique
        }
        var inserted: [ElementKey] = [], deleted: [ElementKey] = []
        for kind in supplementaryKinds.sorted() {
            inserted += layout.indexPathsToInsertForSupplementaryView(ofKind: kind).map { .supplementary(kind, $0) }
            deleted += layout.indexPathsToDeleteForSupplementaryView(ofKind: kind).map { .supplementary(kind, $0) }
        }
        for kind in decorationKinds.sorted() {
            inserted += layout.indexPathsToInsertForDecorationView(ofKind: kind).map { ElementKey(category: .decorationView, kind: kind, indexPath: $0) }
            deleted += layout.indexPathsToDeleteForDecorationView(ofKind: kind).map { ElementKey(category: .decorationView, kind: kind, indexPath: $0) }
        }
        for key in extra(inserted, among: appeared) { report(.appearing(key, initial: initialAttributes(for: key)?.copied())) }
        for key in extra(deleted, among: disappeared) { report(.disappearing(key, final: finalAttributes(for: key)?.copied())) }
    }

    /// After a batch update or a layout change UIKit asks the layout where the
    /// content should rest (`targetContentOffset(forProposedContentOffset:)`,
    /// with the current offset); a different answer becomes the offset, as a
    /// bounds change.
    private func settleContentOffset() {
        let proposed = contentOffset
        let target = collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed)
        report(.targetContentOffsetAsked(proposed: proposed, velocity: nil, answer: target))
        guard target != proposed else { return }
        guard target.x.isFinite, target.y.isFinite else {
            warn("targetContentOffset(forProposedContentOffset:) answered \(target.stk), which is not a finite point; the offset stays \(proposed.stk)")
            return
        }
        try? setContentOffset(target)
    }

    // MARK: Warnings

    /// What the collection view noticed that UIKit would log or raise, since
    /// the host last took them (`takeWarnings`): one sentence each.
    public private(set) var warnings: [String] = []

    /// The warnings so far, emptying the list.
    public func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// Records a warning once until the host takes the list. Public for
    /// layouts' base classes (the flow layout's checks).
    public func warn(_ message: String) {
        // A layout that misbehaves on every pass must not grow this without bound.
        if warnings.count < 100, !warnings.contains(message) { warnings.append(message) }
    }

    /// UIKit's checks on a rect query's answer: it raises an exception for a
    /// cell whose index path does not exist (and stk names the first one).
    private func checkAnswer(_ answer: [CollectionViewLayoutAttributes]) {
        for a in answer where a.representedElementCategory == .cell && !isValidItem(a.indexPath) {
            warn("UICollectionView received layout attributes for a cell with an index path that does not exist: \(a.indexPath.stk) (layoutAttributesForElements(in:); UIKit raises an exception here)")
            return
        }
        // A frame that is not a number reaches the view's layer: Core Animation
        // throws CALayerInvalidGeometry. stk says so once per pass, rather
        // than printing `nan` later as if it were a place.
        for a in answer where !(a.frame.origin.x.isFinite && a.frame.origin.y.isFinite && a.frame.size.width.isFinite && a.frame.size.height.isFinite) {
            warn("the layout gave \(a.key) a frame that is not finite (\(a.frame.stk)): UIKit raises CALayerInvalidGeometry (\"CALayer position contains NaN\") when the view takes it (layoutAttributesForElements(in:))")
            return
        }
    }

    // MARK: Bounds changes

    /// Moves and/or resizes the viewport as UIKit does: should-invalidate and the
    /// context are asked while the old bounds are still current, then the bounds
    /// change, then the layout pass runs.
    public func setBounds(_ newBounds: CGRect) throws {
        try Validate.point(newBounds.origin, "contentOffset")
        try Validate.size(newBounds.size, "bounds size")
        layoutIfNeeded()
        guard newBounds != bounds else { return }
        let old = bounds
        moveBounds(to: newBounds)
        layoutPass(mapping: nil, updates: nil,
                   offsetChange: CGPoint(x: newBounds.minX - old.minX, y: newBounds.minY - old.minY))
    }

    /// The front half of a bounds change: should-invalidate and the context
    /// are asked while the old bounds are still current, then the bounds change.
    private func moveBounds(to newBounds: CGRect) {
        let layout = collectionViewLayout
        let old = bounds
        let answer = layout.shouldInvalidateLayout(forBoundsChange: newBounds)
        report(.shouldInvalidateAsked(currentBounds: old, newBounds: newBounds, answer: answer))
        if answer {
            let context = layout.invalidationContext(forBoundsChange: newBounds)
            invalidate(with: context, reason: .boundsChange)
        }
        bounds = newBounds
        report(.boundsChanged(from: old, to: newBounds))
    }

    public func setContentOffset(_ offset: CGPoint) throws {
        try setBounds(CGRect(origin: offset, size: bounds.size))
    }

    /// Resizes the viewport, keeping the content offset.
    public func setBoundsSize(_ size: CGSize) throws {
        try setBounds(CGRect(origin: bounds.origin, size: size))
    }

    /// An animated bounds change (a rotation): the layout's
    /// `prepare(forAnimatedBoundsChange:)`, with the old bounds still current,
    /// then the bounds change as `setBounds`, then `finalizeAnimatedBoundsChange()`.
    public func setBounds(_ newBounds: CGRect, animated: Bool) throws {
        guard animated else { return try setBounds(newBounds) }
        try Validate.point(newBounds.origin, "contentOffset")
        try Validate.size(newBounds.size, "bounds size")
        layoutIfNeeded()
        guard newBounds != bounds else { return }
        let old = bounds
        collectionViewLayout.prepare(forAnimatedBoundsChange: old)
        report(.animatedBoundsChangePrepared(oldBounds: old))
        defer {
            collectionViewLayout.finalizeAnimatedBoundsChange()
            report(.animatedBoundsChangeFinalized)
        }
        try setBounds(newBounds)
    }

    // MARK: Flinging

    /// How many bounds changes an animated scroll takes unless told (stk's choice).
    public static let defaultAnimationSteps = 10

    /// The range the content offset may rest in along each axis: from minus the
    /// leading adjusted inset to the content's end plus the trailing inset
    /// minus the bounds (never below the start).
    public var scrollableOffsetRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let inset = adjustedContentInset
        let content = contentSize
        let minX = -inset.left, minY = -inset.top
        let maxX = max(minX, content.width + inset.right - bounds.width)
        let maxY = max(minY, content.height + inset.bottom - bounds.height)
        return (minX...maxX, minY...maxY)
    }

    /// Where a fling with `velocity` (points per second) comes to rest before
    /// the layout is asked (docs/semantics.md, "Flinging"): the deceleration
    /// projection `offset + v / 1000 * r / (1 - r)` per axis, or with paging
    /// the next page boundary in the velocity's direction (the nearest at
    /// zero velocity), clamped to the scrollable range.
    public func projectedContentOffset(forFlingVelocity velocity: CGPoint) -> CGPoint {
        let range = scrollableOffsetRange
        func clamp(_ v: CGFloat, _ r: ClosedRange<CGFloat>) -> CGFloat { min(max(v, r.lowerBound), r.upperBound) }
        let offset = contentOffset
        if isPagingEnabled {
            func page(_ position: CGFloat, _ v: CGFloat, _ size: CGFloat) -> CGFloat {
                guard size > 0 else { return position }
                return Self.pageIndex(from: position, velocity: v, pageLength: size) * size
            }
            return keepingFixedAxes(CGPoint(x: clamp(page(offset.x, velocity.x, bounds.width), range.x),
                                            y: clamp(page(offset.y, velocity.y, bounds.height), range.y)), range: range)
        }
        let r = decelerationRate.rawValue
        return keepingFixedAxes(CGPoint(x: clamp(offset.x + Self.decelerationDistance(velocity: velocity.x, rate: r), range.x),
                                        y: clamp(offset.y + Self.decelerationDistance(velocity: velocity.y, rate: r), range.y)), range: range)
    }

    /// How far a release at `velocity` (points per second) carries the content
    /// at deceleration `rate`: `v / 1000 * r / (1 - r)` (docs/semantics.md,
    /// "Flinging"). A compositional layout's rows project with it too.
    public static func decelerationDistance(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        velocity / 1000 * (rate / (1 - rate))
    }

    /// The page (of pages `pageLength` long) a paged fling from `position`
    /// rests on: the next boundary in the velocity's direction, the nearest
    /// at zero velocity. Paging, and a row's group paging, use it.
    public static func pageIndex(from position: CGFloat, velocity: CGFloat, pageLength: CGFloat) -> CGFloat {
        let pages = position / pageLength
        if velocity > 0 { return (pages + 1e-9).rounded(.down) + 1 }
        if velocity < 0 { return (pages - 1e-9).rounded(.up) - 1 }
        return pages.rounded()
    }

    /// The fraction of an animated move done after step `k` of `steps`, on
    /// stk's cubic ease-out (fast, then slowing).
    public static func easedFraction(step k: Int, of steps: Int) -> CGFloat {
        let t = CGFloat(k) / CGFloat(steps)
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    /// `proposed`, except along an axis the content does not scroll (its
    /// scrollable range is one point), which keeps the current offset: as in
    /// UIKit without `alwaysBounceHorizontal`, a vertical list never moves
    /// sideways, even when its insets would clamp the offset across.
    private func keepingFixedAxes(_ proposed: CGPoint, range: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>)) -> CGPoint {
        return CGPoint(x: range.x.lowerBound == range.x.upperBound ? contentOffset.x : proposed.x,
                       y: range.y.lowerBound == range.y.upperBound ? contentOffset.y : proposed.y)
    }

    /// UIKit's end of a drag with a velocity (points per second): the
    /// projection (`projectedContentOffset`), the layout's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// with the velocity in points per millisecond, then the animation to the
    /// answer as `steps` bounds changes (`animateContentOffset`).
    public func fling(velocity: CGPoint, steps: Int = CollectionView.defaultAnimationSteps) throws {
        try Validate.point(velocity, "velocity")
        guard steps >= 1 else { throw CollectionViewError("steps must be at least 1, got \(steps)") }
        layoutIfNeeded()
        let proposed = projectedContentOffset(forFlingVelocity: velocity)
        report(.flingProjected(velocity: velocity, decelerationRate: decelerationRate.rawValue, paging: isPagingEnabled,
                               from: contentOffset, proposed: proposed))
        let perMillisecond = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
        let target = collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: perMillisecond)
        report(.targetContentOffsetAsked(proposed: proposed, velocity: perMillisecond, answer: target))
        guard target.x.isFinite, target.y.isFinite else {
            throw CollectionViewError.unusableLayoutAnswer(
                method: "targetContentOffset(forProposedContentOffset:withScrollingVelocity:)",
                message: "targetContentOffset(forProposedContentOffset:withScrollingVelocity:) answered \(target.stk), which is not a finite point")
        }
        try animateContentOffset(to: target, steps: steps)
    }

    /// The offsets of an animated scroll from the current offset to `target`:
    /// `steps` points on a cubic ease-out (fast, then slowing, as a decelerating
    /// scroll view moves; UIKit's curve is not published, this is stk's), the
    /// last exactly `target`.
    public func animationPath(to target: CGPoint, steps: Int) -> [CGPoint] {
        let start = contentOffset
        let steps = max(1, steps)
        return (1...steps).map { k in
            if k == steps { return target }
            let f = Self.easedFraction(step: k, of: steps)
            return CGPoint(x: start.x + (target.x - start.x) * f, y: start.y + (target.y - start.y) * f)
        }
    }

    /// Moves to `target` as `steps` bounds changes (`animationPath`), with
    /// `isDecelerating` true throughout.
    /// `decelerating`: whether the finger was lifted (a fling): UIKit's
    /// `isDecelerating` is false for a scroll the app animates.
    public func animateContentOffset(to target: CGPoint, steps: Int, decelerating: Bool = true) throws {
        try Validate.point(target, "contentOffset")
        isDecelerating = decelerating
        defer { isDecelerating = false }
        for offset in animationPath(to: target, steps: steps) {
            try setContentOffset(offset)
        }
    }

    /// The content offset `scrollToItem(at:position:)` would scroll to: the item
    /// aligned with the top, centre or bottom of the area inside the adjusted
    /// insets (left, centre, right for horizontal layouts; both for layouts that
    /// are not flow layouts), clamped to the
    /// scrollable range as UIKit clamps it.
    public func contentOffset(forScrollingToItem indexPath: IndexPath, at position: ScrollPosition) throws -> CGPoint {
        guard isValidItem(indexPath) else { throw itemOutOfRange(indexPath) }
        layoutIfNeeded()
        guard let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) else {
            throw CollectionViewError("the layout has no attributes for item \(indexPath.stk)")
        }
        let horizontal = (collectionViewLayout as? CollectionViewFlowLayout)?.scrollDirection == .horizontal
        let inset = adjustedContentInset
        let content = collectionViewLayout.collectionViewContentSize
        func target(minEdge: CGFloat, maxEdge: CGFloat, viewport: CGFloat, insetMin: CGFloat, insetMax: CGFloat, contentLength: CGFloat) -> CGFloat {
            let visible = viewport - insetMin - insetMax
            let raw: CGFloat
            switch position {
            case .top: raw = minEdge - insetMin
            case .center: raw = (minEdge + maxEdge) / 2 - visible / 2 - insetMin
            case .bottom: raw = maxEdge - viewport + insetMax
            }
            let lowest = -insetMin
            let highest = max(lowest, contentLength + insetMax - viewport)
            return min(max(raw, lowest), highest)
        }
        // A flow layout scrolls along one axis. Any other layout (a two-way grid)
        // is aligned on both axes: top/center/bottom also mean left/center/right.
        let isFlow = collectionViewLayout is CollectionViewFlowLayout
        var offset = contentOffset
        if horizontal || !isFlow {
            offset.x = target(minEdge: attributes.frame.minX, maxEdge: attributes.frame.maxX, viewport: bounds.width,
                              insetMin: inset.left, insetMax: inset.right, contentLength: content.width)
        }
        if !horizontal {
            offset.y = target(minEdge: attributes.frame.minY, maxEdge: attributes.frame.maxY, viewport: bounds.height,
                              insetMin: inset.top, insetMax: inset.bottom, contentLength: content.height)
        }
        return offset
    }

    /// UIKit's `scrollToItem(at:at:animated:)`, without animation.
    public func scrollToItem(at indexPath: IndexPath, position: ScrollPosition) throws {
        try setContentOffset(contentOffset(forScrollingToItem: indexPath, at: position))
    }

    // MARK: Orthogonal rows (compositional layouts)

    /// The offsets of orthogonal sections' rows, by section identity
    /// (`SectionData.identity`): the state of UIKit's embedded scroll views,
    /// which belongs to the collection view and follows a section that moves.
    /// Set directly only to restore a state before its first layout pass.
    public var orthogonalOffsets: [Int: CGFloat] = [:]

    /// Scrolls the row of an orthogonal section of a compositional layout to
    /// `offset` (clamped to the row), as its embedded scroll view would: the
    /// layout names the section's visible items when it has a visible-items
    /// handler (then prepare runs); otherwise nothing is invalidated and the
    /// pass only asks for the elements, which moved.
    public func scrollOrthogonalSection(_ section: Int, to offset: CGFloat) throws {
        try Validate.finite(offset, "offset")
        let layout = try compositionalLayout()
        layoutIfNeeded()
        if let context = try layout.moveRow(ofSection: section, to: offset) {
            invalidate(with: context, reason: .orthogonalScroll)
        }
        layoutPass(mapping: nil, updates: nil)
    }

    /// Scrolls a row in `steps` changes of its offset: equal ones, as `scroll by`
    /// makes, or (`decelerating`, a fling) along `animationPath`'s curve.
    public func scrollOrthogonalSection(_ section: Int, to offset: CGFloat, steps: Int, decelerating: Bool = false) throws {
        guard steps >= 1 else { throw CollectionViewError("steps must be at least 1, got \(steps)") }
        let layout = try compositionalLayout()
        layoutIfNeeded()
        let start = try layout.orthogonalSection(section).rowOffset
        for k in 1...steps {
            let f = decelerating ? Self.easedFraction(step: k, of: steps) : CGFloat(k) / CGFloat(steps)
            try scrollOrthogonalSection(section, to: k == steps ? offset : start + (offset - start) * f)
        }
    }

    /// A fling of a row: its behaviour decides where it rests
    /// (docs/semantics.md, "Orthogonal sections"), then it moves there in `steps`.
    public func flingOrthogonalSection(_ section: Int, velocity: CGFloat, steps: Int = CollectionView.defaultAnimationSteps) throws {
        try Validate.finite(velocity, "velocity")
        let layout = try compositionalLayout()
        layoutIfNeeded()
        let from = try layout.orthogonalSection(section).rowOffset
        let target = try layout.orthogonalRestingOffset(ofSection: section, velocity: velocity, decelerationRate: decelerationRate.rawValue)
        let along = { (v: CGFloat) in layout.isVerticalScroll ? CGPoint(x: v, y: 0) : CGPoint(x: 0, y: v) }
        report(.flingProjected(velocity: along(velocity), decelerationRate: decelerationRate.rawValue, paging: false,
                               from: along(from), proposed: along(target)))
        try scrollOrthogonalSection(section, to: target, steps: steps, decelerating: true)
    }

    /// The installed layout as a compositional one, the only kind with rows.
    private func compositionalLayout() throws -> CollectionViewCompositionalLayout {
        guard let layout = collectionViewLayout as? CollectionViewCompositionalLayout else {
            throw CollectionViewError("only a compositional layout has orthogonal sections; this one is \(_typeName(type(of: collectionViewLayout), qualified: false))")
        }
        return layout
    }

    // MARK: Insets

    public func setContentInset(_ insets: EdgeInsets) throws {
        try Validate.insets(insets, "contentInset")
        guard insets != contentInset else { return }
        layoutIfNeeded()
        contentInset = insets
        invalidateEverything(reason: .insetsChange)
        layoutPass(mapping: nil, updates: nil)
    }

    public func setSafeAreaInsets(_ insets: EdgeInsets) throws {
        try Validate.insets(insets, "safeAreaInsets")
        guard insets != safeAreaInsets else { return }
        layoutIfNeeded()
        safeAreaInsets = insets
        invalidateEverything(reason: .insetsChange)
        layoutPass(mapping: nil, updates: nil)
    }

    // MARK: The layout

    /// Installs another layout, as UIKit's `setCollectionViewLayout`: the old
    /// layout gets `prepareForTransition(to:)`, the new one
    /// `prepareForTransition(from:)`; the new one is prepared from scratch and
    /// asked `targetContentOffset(forProposedContentOffset:)`; then both get
    /// `finalizeLayoutTransition()`.
    public func setCollectionViewLayout(_ layout: CollectionViewLayout) throws {
        let old = collectionViewLayout
        guard layout !== old else { return }
        layoutIfNeeded()
        old.prepareForTransition(to: layout)
        // The new layout knows its collection view when it hears of the old one.
        layout.collectionView = self
        layout.prepareForTransition(from: old)
        report(.transitionPrepared(from: _typeName(type(of: old), qualified: false), to: _typeName(type(of: layout), qualified: false)))
        collectionViewLayout = layout
        invalidateEverything(reason: .layoutChange)
        layoutPass(mapping: nil, updates: nil)
        defer {
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            if old.collectionView === self { old.collectionView = nil }
            report(.transitionFinalized)
        }
        settleContentOffset()
    }

    /// A second collection view in the same state (data with its size overrides
    /// and section identities, bounds, insets, delegate) driving `layout`, which
    /// is prepared from scratch once, on that state. How a context is checked
    /// (docs/semantics.md): the incrementally invalidated layout must answer exactly
    /// as a fresh one does in the replica. The observer is not copied.
    /// Refused when `layout` is already installed in a collection view.
    public func makeReplica(layout: CollectionViewLayout) throws -> CollectionView {
        if layout.collectionView != nil {
            throw CollectionViewError("makeReplica: the layout (\(type(of: layout))) is already installed in a collection view (expected a layout that is not installed)")
        }
        layoutIfNeeded()
        let replica = CollectionView(size: bounds.size, layout: layout)
        replica.bounds = bounds
        replica.contentInset = contentInset
        replica.safeAreaInsets = safeAreaInsets
        replica.sections = sections
        replica.nextIdentity = nextIdentity
        replica.nextRevision = nextRevision
        replica.installedDelegate = installedDelegate
        replica.installedDataSource = installedDataSource
        replica.isPagingEnabled = isPagingEnabled
        replica.decelerationRate = decelerationRate
        replica.layoutMargins = layoutMargins
        replica.displayScale = displayScale
        replica.maximumVisibleElements = maximumVisibleElements
        replica.orthogonalOffsets = orthogonalOffsets
        replica.layOutFromTheRecord()
        // A layout that sets its own properties in prepare() (an item size
        // from the bounds) invalidates itself there; UIKit lays it out again
        // in the next cycle, before anyone looks: the replica settles as the
        // live view has (a few passes at most, for a layout that always does).
        for _ in 0..<Self.replicaSettlingPasses where layout.needsPrepare { replica.layoutIfNeeded() }
        return replica
    }

    // MARK: Data changes

    /// Replaces all data: one section per count (reloadData).
    public func reloadData(itemCounts: [Int]) throws {
        for (s, c) in itemCounts.enumerated() where c < 0 {
            throw CollectionViewError("section \(s): item count must not be negative, got \(c)")
        }
        layoutIfNeeded()
        sections = itemCounts.map { count in
            nextIdentity += 1
            nextRevision += 1
            return SectionData(itemCount: count, headerSize: nil, footerSize: nil,
                               identity: nextIdentity, revision: nextRevision)
        }
        invalidateEverything(reason: .reloadData)
        layoutPass(mapping: nil, updates: nil)
    }

    /// Applies updates as one `performBatchUpdates`. Refused updates (deleting and
    /// moving the same item, inserting past the end, ...) throw before anything changes.
    /// `expectedSectionCounts`, when given, plays the data source's answer after
    /// the update: counts that do not add up are refused, as UIKit refuses them.
    public func performBatchUpdates(_ updates: [CollectionViewUpdate], expectedItemCounts: [Int]? = nil) throws {
        var identity = nextIdentity
        var revision = nextRevision
        let plan = try BatchUpdatePlan.make(old: sections, updates: updates, nextIdentity: &identity, nextRevision: &revision)
        if let expected = expectedItemCounts {
            // Name the first thing that does not add up, as UIKit does (a list of
            // every count would be thousands of numbers for a large model).
            let actual = plan.sections.count
            if expected.count != actual {
                let inserted = updates.filter(\.isSectionInsert).count
                let deleted = updates.filter(\.isSectionDelete).count
                throw CollectionViewError.inconsistentCounts("invalid number of sections: the data source reports \(expected.count) after the update, but the update leaves \(actual) (\(sections.count) before, \(inserted) inserted, \(deleted) deleted) (expected \(actual))")
            }
            for (t, count) in expected.enumerated() where count != plan.sections[t].itemCount {
                let leaves = plan.sections[t].itemCount
                throw CollectionViewError.inconsistentCounts("invalid number of items in section \(t): the data source reports \(count) after the update, but the update leaves \(leaves) (\(plan.countExplanation(ofNewSection: t, old: sections, updates: updates))) (expected \(leaves))")
            }
        }
        layoutIfNeeded()
        nextIdentity = identity
        nextRevision = revision
        sections = plan.sections
        let context = type(of: collectionViewLayout).contextType.init()
        context.dataSourceCountsRequested = true
        invalidate(with: context, reason: .batchUpdates)
        layoutPass(mapping: plan, updates: plan.updateItems)
        settleContentOffset()
    }

    // MARK: Size overrides (stk's flow delegate)

    /// Sets (or with nil, clears) one item's size override.
    public func setItemSize(_ size: CGSize?, at indexPath: IndexPath) throws {
        guard isValidItem(indexPath) else { throw itemOutOfRange(indexPath) }
        if let size { try Validate.size(size, "size of item \(indexPath.stk)") }
        layoutIfNeeded()
        var section = sections[indexPath.section]
        section.itemSizes[indexPath.item] = size
        nextRevision += 1
        section.revision = nextRevision
        sections[indexPath.section] = section
        let context = type(of: collectionViewLayout).contextType.init()
        context.invalidateItems(at: [indexPath])
        invalidate(with: context, reason: .sizeChange)
        layoutPass(mapping: nil, updates: nil)
    }

    /// Sets (or with nil, clears) a section's header or footer size override.
    public func setSupplementarySize(_ size: CGSize?, ofKind kind: String, inSection section: Int) throws {
        guard section >= 0, section < sections.count else {
            throw sectionOutOfRange(section)
        }
        guard kind == ElementKind.sectionHeader || kind == ElementKind.sectionFooter else {
            throw CollectionViewError("unknown supplementary kind '\(kind)' (expected header or footer)")
        }
        if let size { try Validate.size(size, "size of \(kind) \(section)") }
        layoutIfNeeded()
        if kind == ElementKind.sectionHeader { sections[section].headerSize = size } else { sections[section].footerSize = size }
        nextRevision += 1
        sections[section].revision = nextRevision
        let context = type(of: collectionViewLayout).contextType.init()
        context.invalidateSupplementaryElements(ofKind: kind, at: [IndexPath(item: 0, section: section)])
        invalidate(with: context, reason: .sizeChange)
        layoutPass(mapping: nil, updates: nil)
    }

    /// Restores data previously read from `sections` (undo), as a reload.
    public func restoreSections(_ data: [SectionData]) {
        // Pending work of the old data is finished first; a collection view
        // that never had data (undo builds a new one) has none, and its layout
        // is not asked to lay out an empty view it will never show.
        if !sections.isEmpty { layoutIfNeeded() }
        nextIdentity = max(nextIdentity, data.map(\.identity).max() ?? 0)
        nextRevision += 1
        var restored = data
        for i in restored.indices { restored[i].revision = nextRevision }
        sections = restored
        invalidateEverything(reason: .reloadData)
        layOutFromTheRecord()
    }

    /// The error for a section that does not exist, with the valid range.
    public func sectionOutOfRange(_ section: Int) -> CollectionViewError {
        .noSuchSection(section, message: "section \(section) does not exist (there \(sections.count == 1 ? "is" : "are") \(sections.count) section\(sections.count == 1 ? "" : "s"), expected 0..<\(sections.count))")
    }

    /// The error for an index path that names no item: which section or item
    /// is missing, and the valid range.
    public func itemOutOfRange(_ indexPath: IndexPath) -> CollectionViewError {
        guard indexPath.count == 2 else {
            return .noSuchItem(indexPath, message: "expected an index path section:item, got \(indexPath.updateText)")
        }
        guard indexPath.section >= 0, indexPath.section < sections.count else { return sectionOutOfRange(indexPath.section) }
        let c = sections[indexPath.section].itemCount
        return .noSuchItem(indexPath, message: "item \(indexPath.stk) does not exist (section \(indexPath.section) has \(c) item\(c == 1 ? "" : "s"), expected 0..<\(c))")
    }
}
