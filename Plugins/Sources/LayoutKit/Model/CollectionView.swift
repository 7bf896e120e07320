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

    public internal(set) var collectionViewLayout: CollectionViewLayout
    /// origin = contentOffset, size = the viewport.
    public internal(set) var bounds: CGRect
    /// UIKit's `contentInset`. Setting it is a change of the insets
    /// (`setContentInset`: the whole layout is invalidated); set by a layout
    /// while the collection view is laying out (a carousel's `prepare()`
    /// insets its content so that the first and last cards can centre), the
    /// change waits until that pass is over, as a content offset set there
    /// does. A refused inset (not finite) is ignored with a warning, as a
    /// setter cannot throw.
    public var contentInset: EdgeInsets {
        // During a pass, what the layout set (field by field, as
        // `contentInset.left = 70` does) reads back before it applies.
        get { deferredContentInset ?? storedContentInset }
        set {
            if layoutPassDepth > 0 { deferredContentInset = newValue } else { setContentInsetOrWarn(newValue) }
        }
    }
    var storedContentInset: EdgeInsets = .zero
    public internal(set) var safeAreaInsets: EdgeInsets = .zero
    /// The data. Layouts read it; only the collection view's methods change it.
    public internal(set) var sections: [SectionData] = [] {
        // Constant time: a change to one section (a measurement, a size) must
        // not scan them all; the scan happens once, when next asked.
        didSet {
            cachedHasPreferredSizes = nil
            sectionsGeneration &+= 1
        }
    }
    /// Moves whenever `sections` changes in any way (a count, a size, a
    /// measurement): a host that took a copy of the data at one generation
    /// knows it still holds them while the generation is the same, without
    /// comparing a million sections.
    public private(set) var sectionsGeneration = 0
    /// Whether any cell declares a preferred size: without one, no pass measures anything.
    var hasPreferredSizes: Bool {
        if let known = cachedHasPreferredSizes { return known }
        let known = sections.contains(where: \.hasPreferredSizes)
        cachedHasPreferredSizes = known
        return known
    }
    /// `hasPreferredSizes` since the data last changed (nil: not asked since).
    var cachedHasPreferredSizes: Bool?

    /// The most elements a layout pass's visible query may answer with, or nil
    /// for no limit (the default, as in UIKit). A host sets it so that data
    /// far denser than any screen (twenty million cells a hundred-thousandth
    /// of a point wide) is refused instead of materialised: layouts built on
    /// LayoutKit stop creating attributes past `visibleQueryLimit` and call
    /// `noteVisibleLimitExceeded()`; the host asks `takeVisibleLimitExceeded()`.
    public var maximumVisibleElements: Int?
    /// Off, a batch update's visible diff always takes the lookups by key
    /// instead of the merge of sorted keys: tests compare the two.
    var mergesMappedDiffs = true
    /// `maximumVisibleElements` during a layout pass (its prepare and its
    /// visible query), nil otherwise (other queries, such as a check's over
    /// any rect, are answered whole).
    public internal(set) var visibleQueryLimit: Int?
    var visibleLimitExceeded = false

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
    var isReplayingMeasurements = false
    /// The sum of the `contentOffsetAdjustment`s of the contexts since the last pass.
    var pendingOffsetAdjustment = CGPoint.zero
    /// The delegate someone installed (a test, or the view controller that
    /// built the layout), and the same object when it is a flow delegate.
    /// Without a flow delegate, flow layouts read the size overrides held in
    /// `sections` directly, which lets uniform sections skip per-item work.
    public weak var installedDelegate: CollectionViewDelegate? {
        didSet { installedFlowDelegate = installedDelegate as? CollectionViewDelegateFlowLayout }
    }
    public private(set) weak var installedFlowDelegate: CollectionViewDelegateFlowLayout?

    /// UIKit's `delegate`, as a layout reads it: the installed delegate, or else
    /// stk's model delegate, which answers the flow delegate's questions from
    /// the data and the flow layout's values. On iOS the view controller is the
    /// delegate and it is never nil for a working screen: a layout that asks
    /// it (`delegate as? UICollectionViewDelegateFlowLayout`) gets answers.
    public var delegate: CollectionViewDelegate? {
        get { installedDelegate ?? ModelFlowDelegate.shared }
        set { installedDelegate = newValue }
    }
    public weak var observer: LayoutCycleObserver?

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
    public internal(set) var pinnedByMotion: Set<ElementKey> = []

    /// Marks `attributes` pinned when stk derives pinning and its element
    /// followed the viewport in the last scroll (`pinnedByMotion`).
    public func applyDerivedPinning(to attributes: CollectionViewLayoutAttributes) {
        if derivesPinnedFromMotion && pinnedByMotion.contains(attributes.key) { attributes.isPinned = true }
    }

    /// The answer of the last layout pass, as the visible diff needs it.
    var visible = VisibleSet() { didSet { visibleValues = nil } }
    /// `visibleSnapshots`, once taken: by the pass that showed the elements
    /// (its `elementsQueried` values), or on the first read.
    var visibleValues: [AttributesSnapshot]?

    var nextIdentity = 0
    var nextRevision = 0
    /// True while the driver itself calls `invalidateLayout(with:)`.
    var driverIsInvalidating = false
    /// Why the driver called `invalidateLayout()`: its context is reported
    /// with this reason when it reaches `invalidateLayout(with:)`.
    var everythingReason: InvalidationReason?
    /// How deep in layout passes the driver is (a layout may set
    /// `contentOffset` from `prepare()`: that waits for the pass to end).
    var layoutPassDepth = 0
    var deferredContentOffset: CGPoint?
    var applyingDeferredContentOffset = false
    var deferredContentInset: EdgeInsets?
    var applyingDeferredContentInset = false

    /// What the collection view noticed that UIKit would log or raise, since
    /// the host last took them (`takeWarnings`): one sentence each.
    public internal(set) var warnings: [String] = []
    /// What stk says of its own model, not of the layout (`note(_:)`).
    public internal(set) var notes: [String] = []
    /// The offsets of orthogonal sections' rows, by section identity
    /// (`SectionData.identity`): the state of UIKit's embedded scroll views,
    /// which belongs to the collection view and follows a section that moves.
    /// Set directly only to restore a state before its first layout pass.
    public var orthogonalOffsets: [Int: CGFloat] = [:]

    public init(size: CGSize = CGSize(width: 390, height: 844), layout: CollectionViewLayout) {
        bounds = CGRect(origin: .zero, size: size)
        collectionViewLayout = layout
        layout.collectionView = self
        layout.needsPrepare = true
        adoptBuilderDelegate(of: layout, replacing: nil)
    }

    /// A view whose content is offset from its first pass on (`bounds`'
    /// origin; undo rebuilds a view where the state it restores was
    /// scrolled): no pass runs at the top first, nor a second to scroll.
    /// The origin is refused as `setBounds` refuses it.
    public convenience init(bounds: CGRect, layout: CollectionViewLayout) throws {
        try Validate.point(bounds.origin, "contentOffset")
        try Validate.size(bounds.size, "bounds size")
        self.init(size: bounds.size, layout: layout)
        self.bounds = bounds
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
    /// The content inset plus the safe area, unless `contentInsetAdjustmentBehavior`
    /// is `.never` (stk adds the whole safe area for every other behaviour).
    public var adjustedContentInset: EdgeInsets {
        contentInsetAdjustmentBehavior == .never ? contentInset : contentInset + safeAreaInsets
    }
    public var contentSize: CGSize { collectionViewLayout.collectionViewContentSize }

    // MARK: The scroll view

    /// UIKit's `isPagingEnabled`: a fling stops on a multiple of the bounds size.
    public var isPagingEnabled = false
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// UIKit's settings, kept as set: stk prefetches no cells, bounces
    /// nothing and draws no indicators.
    public var isPrefetchingEnabled = true, bounces = true, alwaysBounceVertical = false, alwaysBounceHorizontal = false
    public var isScrollEnabled = true, isDirectionalLockEnabled = false, scrollsToTop = true, allowsSelection = true, allowsMultipleSelection = false
    public var showsVerticalScrollIndicator = true, showsHorizontalScrollIndicator = true
    /// UIKit's `decelerationRate`.
    public var decelerationRate: DecelerationRate = .normal
    /// UIKit's `layoutMargins`. Layouts read it; nothing in the model uses it.
    public var layoutMargins: EdgeInsets = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
    /// Points to pixels, for `traitCollection.displayScale` (3 by default).
    public var displayScale: CGFloat = 3
    /// True during the bounds changes of a fling's animation.
    public internal(set) var isDecelerating = false
    /// UIKit's `panGestureRecognizer` (see `PanGestureRecognizer`: stk's finger).
    public private(set) lazy var panGestureRecognizer = PanGestureRecognizer(scrolling: self)

    // MARK: Data source

    public weak var installedDataSource: CollectionViewDataSource?

    /// The identifiers of the data as the host keeps them (stk's session:
    /// `snapshot`), asked only when a diffable data source is read
    /// (`diffableIdentifiers()`).
    public var identifiersProvider: (() -> DiffableSnapshot?)?
    /// The identifiers of data being changed, while the change lays it out
    /// (`withIdentifiers(_:_:)`): the host has not recorded them yet.
    var identifiersInFlight: InFlightIdentifiers?
    /// Whether a diffable data source reads this collection view's
    /// identifiers: until one does, no change computes them.
    public internal(set) var readsIdentifiers = false
    /// The cases of the reading data source's section identifiers, an enum's: no section can be added past them.
    public internal(set) var sectionIdentifierCases: Int?

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

    func invalidate(with context: CollectionViewLayoutInvalidationContext, reason: InvalidationReason) {
        if observer != nil { report(.contextCreated(context.snapshot(), reason: reason)) }
        driverIsInvalidating = true
        defer { driverIsInvalidating = false }
        collectionViewLayout.invalidateLayout(with: context)
    }

    /// UIKit calls the layout's `invalidateLayout()` here, so an override is
    /// honoured; its context is reported with the reason when it arrives.
    func invalidateEverything(reason: InvalidationReason) {
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
    func layoutPass(mapping: BatchUpdatePlan?, updates: [CollectionViewUpdateItem]?, offsetChange: CGPoint? = nil) {
        InterfaceOrientation.isLandscape = bounds.width > bounds.height
        layoutPassDepth += 1
        let shown = runLayoutPass(mapping: mapping, updates: updates, offsetChange: offsetChange)
        selfSize(shown)
        if layoutPassDepth == 1 { bringDynamicAnimatorsToRest() }
        layoutPassDepth -= 1
        // What the layout set during the pass, if it set anything.
        if layoutPassDepth == 0 {
            if deferredContentInset != nil { applyDeferredContentInset() }
            if deferredContentOffset != nil { applyDeferredContentOffset() }
        }
    }

    /// How a change reaches the layout, as UIKit invalidates for it.
    enum Invalidation {
        /// `invalidateLayout()`, for the reason: new data, insets or layout.
        case everything(InvalidationReason)
        /// `invalidateLayout(with:)` with this context.
        case context(CollectionViewLayoutInvalidationContext, InvalidationReason)
        /// A bounds change: should-invalidate and the context are asked while
        /// the old bounds are current, then the bounds become these.
        case bounds(CGRect)
        /// Nothing is invalidated; the pass only asks for the elements again.
        case queryOnly
    }

    /// The template every change of the model goes through, in UIKit's order:
    /// pending work is finished first (`layoutIfNeeded`), then `change` changes
    /// the model and says how the layout is invalidated (nil: nothing changed,
    /// and no pass runs), then one layout pass. `mapping`: a batch update's.
    func performChange(mapping: BatchUpdatePlan? = nil, _ change: () throws -> Invalidation?) rethrows {
        layoutIfNeeded()
        var offsetChange: CGPoint?
        switch try change() {
        case nil: return
        case .everything(let reason): invalidateEverything(reason: reason)
        case let .context(context, reason): invalidate(with: context, reason: reason)
        case .bounds(let newBounds):
            offsetChange = CGPoint(x: newBounds.minX - bounds.minX, y: newBounds.minY - bounds.minY)
            moveBounds(to: newBounds)
        case .queryOnly: break
        }
        layoutPass(mapping: mapping, updates: mapping?.updateItems, offsetChange: offsetChange)
    }

    /// A new context of the installed layout's class.
    func makeContext() -> CollectionViewLayoutInvalidationContext {
        type(of: collectionViewLayout).contextType.init()
    }

    /// One pass (`LayoutPass`); returns the cells it displayed that self-sizing measures.
    func runLayoutPass(mapping: BatchUpdatePlan?, updates: [CollectionViewUpdateItem]?, offsetChange: CGPoint?) -> [CollectionViewLayoutAttributes] {
        var pass = LayoutPass(self, mapping: mapping, updates: updates, offsetChange: offsetChange)
        return pass.run()
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
        performChange {
            old.prepareForTransition(to: layout)
            // The new layout knows its collection view when it hears of the old one.
            layout.collectionView = self
            layout.prepareForTransition(from: old)
            report(.transitionPrepared(from: _typeName(type(of: old), qualified: false), to: _typeName(type(of: layout), qualified: false)))
            collectionViewLayout = layout
            adoptBuilderDelegate(of: layout, replacing: old)
            return .everything(.layoutChange)
        }
        defer {
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            if old.collectionView === self { old.collectionView = nil }
            report(.transitionFinalized)
        }
        settleContentOffset()
    }

    // MARK: Data changes

    /// Replaces all data: one section per count (reloadData).
    public func reloadData(itemCounts: [Int]) throws {
        for (s, c) in itemCounts.enumerated() where c < 0 {
            throw CollectionViewError("section \(s): item count must not be negative, got \(c)")
        }
        performChange {
            sections = itemCounts.map { count in
                nextIdentity += 1
                nextRevision += 1
                return SectionData(itemCount: count, headerSize: nil, footerSize: nil,
                                   identity: nextIdentity, revision: nextRevision)
            }
            return .everything(.reloadData)
        }
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
        performChange(mapping: plan) {
            nextIdentity = identity
            nextRevision = revision
            sections = plan.sections
            let context = makeContext()
            context.dataSourceCountsRequested = true
            return .context(context, .batchUpdates)
        }
        settleContentOffset()
    }

    // MARK: Size overrides (stk's flow delegate)

    /// Sets (or with nil, clears) one item's size override.
    public func setItemSize(_ size: CGSize?, at indexPath: IndexPath) throws {
        guard isValidItem(indexPath) else { throw itemOutOfRange(indexPath) }
        if let size { try Validate.size(size, "size of item \(indexPath.stk)") }
        performChange {
            // In place: a copy of the section would share its table of
            // sizes, and the change would copy the whole table.
            nextRevision += 1
            sections[indexPath.section].setItemSize(size, at: indexPath.item)
            sections[indexPath.section].revision = nextRevision
            let context = makeContext()
            context.invalidateItems(at: [indexPath])
            return .context(context, .sizeChange)
        }
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
        performChange {
            if kind == ElementKind.sectionHeader { sections[section].headerSize = size } else { sections[section].footerSize = size }
            nextRevision += 1
            sections[section].revision = nextRevision
            let context = makeContext()
            context.invalidateSupplementaryElements(ofKind: kind, at: [IndexPath(item: 0, section: section)])
            return .context(context, .sizeChange)
        }
    }
}
