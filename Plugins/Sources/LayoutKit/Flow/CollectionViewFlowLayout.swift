import Foundation

/// UIKit's `UICollectionViewFlowLayout`, with the geometry of docs/semantics.md,
/// "Flow layout geometry", in both scroll directions, plus pinned headers and
/// footers (`sectionHeadersPinToVisibleBounds`, `sectionFootersPinToVisibleBounds`).
///
/// How it stays fast at a million items:
/// - geometry is kept per section, relative to the section's start, with the
///   starts as prefix sums: a rect query is a binary search plus the elements
///   returned; uniform sections are arithmetic and store nothing per item;
/// - a section is recomputed only when its data revision, the layout's metrics
///   or the available width changed (batch updates touch one section);
/// - elements whose attributes depend on the bounds (pinned headers, faded or
///   stretched ones in subclasses) are *floating*: their attributes are cached
///   and recomputed only for the index paths an invalidation context names.
///
/// The floating rule (the same for every layout in stk, so a context can be
/// checked exactly): for given bounds a layout names its *candidates*
/// (`boundsDependentElements(for:)`); a candidate gets `adjustedAttributes`,
/// every other element sits at its natural flow position. A bounds change
/// invalidates exactly the candidates of the old and the new bounds.
open class CollectionViewFlowLayout: CollectionViewLayout {
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// What pushes a pinned header off (docs/semantics.md, flow-sticky, `pinLimit`).
    public enum PinLimit: String, Sendable, CaseIterable {
        /// The maxY of the section's last line (UIKit-like; the default).
        case lastItem
        /// The last line's maxY plus `sectionInset.bottom`.
        case sectionEnd
        /// The next section's header: a sticky view is pushed off only by the next one.
        case nextHeader
    }

    /// zIndex of cells, of headers and footers at rest, and of pinned ones.
    public static let cellZIndex = 0
    public static let supplementaryZIndex = 1
    public static let pinnedZIndex = 2

    open var itemSize = CGSize(width: 50, height: 50) { didSet { metricsChanged(oldValue != itemSize) } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { metricsChanged(oldValue != minimumLineSpacing) } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { metricsChanged(oldValue != minimumInteritemSpacing) } }
    open var sectionInset: EdgeInsets = .zero { didSet { metricsChanged(oldValue != sectionInset) } }
    /// UIKit's `SectionInsetReference` (iOS 11): what a section's insets are
    /// measured from.
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }
    /// What `sectionInset` (or the delegate's) is measured from: the content
    /// inset (the default), the safe area, or the layout margins (inside the
    /// safe area); never inside the adjusted content inset (`referencedInset`).
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { metricsChanged(oldValue != sectionInsetReference) } }
    open var headerReferenceSize: CGSize = .zero { didSet { metricsChanged(oldValue != headerReferenceSize) } }
    open var footerReferenceSize: CGSize = .zero { didSet { metricsChanged(oldValue != footerReferenceSize) } }
    open var scrollDirection: ScrollDirection = .vertical { didSet { metricsChanged(oldValue != scrollDirection) } }
    open var sectionHeadersPinToVisibleBounds = false { didSet { metricsChanged(oldValue != sectionHeadersPinToVisibleBounds) } }
    open var sectionFootersPinToVisibleBounds = false { didSet { metricsChanged(oldValue != sectionFootersPinToVisibleBounds) } }
    /// stk's addition: where a pinned header is pushed off.
    open var sectionHeadersPinLimit: PinLimit = .lastItem { didSet { metricsChanged(oldValue != sectionHeadersPinLimit) } }
    /// Self-sizing cells: not zero, items are laid out at this size until their
    /// cells are displayed and measured (docs/semantics.md, "Self-sizing cells").
    /// `automaticSize` uses `itemSize` as the estimate.
    open var estimatedItemSize: CGSize = .zero { didSet { metricsChanged(oldValue != estimatedItemSize) } }
    /// UIKit's marker for "estimate from itemSize".
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    /// Whether cells size themselves (`estimatedItemSize` is not zero).
    public var isSelfSizing: Bool { estimatedItemSize != .zero }

    /// The size of an item that has not been measured (and has no size of its own).
    public var defaultItemSize: CGSize {
        guard isSelfSizing else { return itemSize }
        return estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
    }

    open override class var invalidationContextClass: AnyClass {
        CollectionViewFlowLayoutInvalidationContext.self
    }

    // MARK: State

    var geometry = FlowGeometry()
    /// The geometry before the last batch update, for final attributes of disappearing elements.
    var geometryBeforeUpdate: FlowGeometry?
    /// Bumped when a property of the layout changes; part of every section's cache key.
    var metricsGeneration = 0
    var geometryGeneration = -1
    /// The collection view `geometry` was computed for. Section identities and
    /// revisions are numbered per collection view, so they say nothing about
    /// another one's sections: a layout moved to another collection view (or
    /// handed to a replica) recomputes everything.
    weak var geometryOwner: CollectionView?
    /// Attributes of candidates that differ from their natural ones.
    var floating: [ElementKey: CollectionViewLayoutAttributes] = [:]
    var floatingHasCells = false

    /// The section geometry last computed for a measurement (in
    /// `invalidationContext(forPreferredLayoutAttributes:...)`), with what it
    /// was computed from: the next measurement in the same section starts from
    /// it, and prepare() adopts it instead of laying the section out again.
    private var measuredTrial: MeasuredTrial?

    private struct MeasuredTrial {
        var identity: Int
        var itemCount: Int
        var headerSize: CGSize?
        var footerSize: CGSize?
        var width: CGFloat
        var generation: Int
        var measured: MeasuredSizes
        var geometry: FlowSectionGeometry

        /// Whether the geometry is that of this section's data as it is now.
        func matches(_ data: SectionData, measured: MeasuredSizes, width: CGFloat, generation: Int) -> Bool {
            identity == data.identity && itemCount == data.itemCount && headerSize == data.headerSize
                && footerSize == data.footerSize && data.isUniform && self.width == width && self.generation == generation
                && self.measured == measured
        }
    }

    /// Geometry another layout of this class computed with the same metrics
    /// (`adoptGeometry(of:)`), which the next rebuild over data starts from.
    private var adoptedGeometry: (geometry: FlowGeometry, generation: Int)?

    /// Starts this layout, not yet prepared, from the geometry `previous`
    /// computed: the first time it lays out data, the sections whose identity
    /// and revision `previous` laid out are taken as they are (their geometry
    /// follows from the section's data, the metrics and the width alone) and
    /// only the others are computed, so the layout answers exactly as if it
    /// had computed every section, at the cost of what differs. For a host
    /// that replaces a layout by a fresh one of the same class over nearly the
    /// same data in a view that continues the numbering of `previous`'s
    /// (`CollectionView.restoreSections(_:continuingFrom:)`), as stk's `undo`.
    ///
    /// Nothing is adopted unless `previous` is of the very same class, with
    /// the same metrics, prepared with them and without a delegate; the
    /// geometry moves (`previous` is left to compute everything again, should
    /// it ever be prepared), so it can be changed in place.
    public func adoptGeometry(of previous: CollectionViewFlowLayout) {
        guard previous !== self, type(of: previous) == type(of: self), let owner = previous.geometryOwner,
              owner.installedFlowDelegate == nil, previous.geometryGeneration == previous.metricsGeneration,
              previous.hasSameGeometryMetrics(as: self), !previous.geometry.sections.isEmpty else { return }
        adoptedGeometry = (previous.geometry, metricsGeneration)
        previous.geometry = FlowGeometry()
        previous.geometryBeforeUpdate = nil
        previous.geometryOwner = nil
        previous.pendingGeometry = true
        previous.pendingEverything = true
    }

    /// Whether the properties a section's geometry depends on are the same.
    private func hasSameGeometryMetrics(as other: CollectionViewFlowLayout) -> Bool {
        itemSize == other.itemSize && minimumLineSpacing == other.minimumLineSpacing
            && minimumInteritemSpacing == other.minimumInteritemSpacing && sectionInset == other.sectionInset
            && sectionInsetReference == other.sectionInsetReference
            && headerReferenceSize == other.headerReferenceSize && footerReferenceSize == other.footerReferenceSize
            && scrollDirection == other.scrollDirection && estimatedItemSize == other.estimatedItemSize
    }

    // What the recorded invalidations ask prepare() to redo.
    var pendingGeometry = true
    var pendingDelegateMetrics = true
    /// `invalidateEverything` was recorded: no cached section may be reused.
    var pendingEverything = true
    var pendingAllFloating = true
    var pendingFloating = Set<ElementKey>()
    /// Set by `prepareFlow()`: whether the pass's `prepare()` reached it (`runPrepare`).
    private var flowPreparedInPass = false

    /// UIKit's console message for an item wider than the width available to it.
    public static let itemTooLargeMessage = "The behavior of the UICollectionViewFlowLayout is not defined because: the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values."
    /// The same, for a horizontal flow.
    public static let itemTooTallMessage = "The behavior of the UICollectionViewFlowLayout is not defined because: the item height must be less than the height of the UICollectionView minus the section insets top and bottom values, minus the content insets top and bottom values."

    /// Problems found by the last geometry pass (an item wider than the available width).
    private var oversizedItems: [String] = []
    public override var layoutWarnings: [String] { oversizedItems }

    /// The objects this class handed to a subclass in its last answer, with
    /// the frames it gave them: UIKit's flow layout returns its cached objects,
    /// so a subclass that adjusts them without copying corrupts the cache, and
    /// UIKit logs a "cached frame mismatch". stk's objects are fresh, so nothing
    /// breaks here; the check says what would break on iOS. Once per layout.
    private var handedOut: [(attributes: CollectionViewLayoutAttributes, frame: CGRect)] = []
    private var reportedCachedFrameMismatch = false

    /// Whether the answers of this class reach code other than stk's (a subclass's override).
    private var watchesHandedOut: Bool {
        !reportedCachedFrameMismatch && !answersReachOnlyStk && type(of: self) != CollectionViewFlowLayout.self
    }
    /// Set for the built-in subclasses, which override none of the query
    /// methods: their answers reach stk alone, and watching them was a
    /// twentieth of a scroll step. A subclass of theirs is watched again.
    private var answersReachOnlyStk = false

    /// A built-in subclass says that it overrides no query method; it counts
    /// for objects of exactly `builtInClass`, not for subclasses of it.
    package func overridesNoQueryMethod(ifExactly builtInClass: CollectionViewFlowLayout.Type) {
        if type(of: self) == builtInClass { answersReachOnlyStk = true }
    }

    /// Also called by the collection view at the end of each layout pass, so
    /// the warning comes with the operation whose answers were adjusted.
    func checkHandedOut() {
        guard !handedOut.isEmpty else { return }
        defer { handedOut.removeAll(keepingCapacity: true) }
        guard watchesHandedOut, let cv = collectionView else { return }
        for (a, frame) in handedOut where !a.frame.hasSameNumbers(as: frame) {
            reportedCachedFrameMismatch = true
            let subclass = _typeName(type(of: self), qualified: false)
            cv.warn("UICollectionViewFlowLayout has cached frame mismatch for index path \(a.indexPath.stk) (\(a.key)) - cached value: \(a.frame.stk); expected value: \(frame.stk). This is likely occurring because the flow layout subclass \(subclass) is modifying attributes returned by UICollectionViewFlowLayout without copying them")
            return
        }
    }

    private func handOut(_ answer: [CollectionViewLayoutAttributes]) {
        checkHandedOut()
        guard watchesHandedOut else { return }
        for a in answer { handedOut.append((a, a.frame)) }
    }

    private func handOut(_ a: CollectionViewLayoutAttributes?) -> CollectionViewLayoutAttributes? {
        checkHandedOut()
        if let a, watchesHandedOut { handedOut.append((a, a.frame)) }
        return a
    }

    /// A metric was set. As UIKit's setters, only a new value invalidates
    /// the layout: a layout that sets `itemSize` in every `prepare()` (from
    /// the view's width, as many do) to what it already is must not be
    /// prepared again on every scroll.
    func metricsChanged(_ changed: Bool) {
        guard changed else { return }
        metricsGeneration += 1
        guard collectionView != nil else { return }
        invalidateLayout()
    }

    // MARK: Scroll-axis coordinates

    /// Whether the scroll axis is x (geometry is then transposed on the way out).
    public var isHorizontal: Bool { scrollDirection == .horizontal }

    /// A rect between the real coordinates and the scroll-axis ones (y along the
    /// scroll direction). The transform is its own inverse.
    public func scrollAxisRect(_ rect: CGRect) -> CGRect { isHorizontal ? rect.transposed : rect }

    /// A section inset as the geometry takes it, from the start of the
    /// content area (inside the adjusted content inset): as given from the
    /// content inset; else measured from the safe area or the layout margins
    /// (the safe area plus the margins), edge by edge, but never inside the
    /// adjusted content inset. UIKit: "The minimum value of this property is
    /// always the collection view's contentInset".
    /// `referencedInset`, in scroll-axis coordinates.
    private func scrollAxisInset(_ inset: EdgeInsets, in cv: CollectionView) -> EdgeInsets {
        let referenced = referencedInset(inset, in: cv)
        return isHorizontal ? referenced.transposed : referenced
    }

    func referencedInset(_ inset: EdgeInsets, in cv: CollectionView) -> EdgeInsets {
        guard sectionInsetReference != .fromContentInset else { return inset }
        let reference = sectionInsetReference == .fromSafeArea ? cv.safeAreaInsets : cv.safeAreaInsets + cv.layoutMargins
        let adjusted = cv.adjustedContentInset
        return EdgeInsets(top: max(0, reference.top + inset.top - adjusted.top),
                          left: max(0, reference.left + inset.left - adjusted.left),
                          bottom: max(0, reference.bottom + inset.bottom - adjusted.bottom),
                          right: max(0, reference.right + inset.right - adjusted.right))
    }

    /// The adjusted content inset in scroll-axis coordinates (top = the inset at the scroll start).
    public var scrollAxisInsets: EdgeInsets {
        let inset = collectionView?.adjustedContentInset ?? .zero
        return isHorizontal ? inset.transposed : inset
    }

    /// W in docs/semantics.md: the extent across the scroll axis inside the adjusted insets.
    public func contentCrossExtent(for bounds: CGRect) -> CGFloat {
        let b = scrollAxisRect(bounds)
        let inset = scrollAxisInsets
        return max(0, b.width - inset.left - inset.right)
    }

    /// Where pinned headers stick, along the scroll axis: the content offset plus
    /// the adjusted inset at the start (`top` in docs/semantics.md).
    open func pinTop(for bounds: CGRect) -> CGFloat {
        scrollAxisRect(bounds).minY + scrollAxisInsets.top
    }

    /// Where pinned footers stick: the end of the visible area inside the insets (`bottom`).
    open func pinBottom(for bounds: CGRect) -> CGFloat {
        scrollAxisRect(bounds).maxY - scrollAxisInsets.bottom
    }

    /// One section's extent along the scroll axis, in content coordinates.
    public struct SectionExtent: Equatable {
        public var start: CGFloat
        public var headerLength: CGFloat
        /// Top of the first line.
        public var itemsStart: CGFloat
        /// maxY of the last line (== itemsStart without items).
        public var lastLineEnd: CGFloat
        /// lastLineEnd + sectionInset.bottom.
        public var insetEnd: CGFloat
        public var footerLength: CGFloat
        public var end: CGFloat
        /// minY of the first item (it may sit lower than its line's top when centred).
        public var firstItemMin: CGFloat?
        public var itemCount: Int
    }

    public var numberOfPreparedSections: Int { geometry.sections.count }

    public func sectionExtent(_ section: Int) -> SectionExtent {
        let g = geometry.sections[section]
        let start = geometry.starts[section]
        return SectionExtent(start: start, headerLength: g.headerLength, itemsStart: start + g.itemsStart,
                             lastLineEnd: start + g.itemsEnd, insetEnd: start + g.footerStart,
                             footerLength: g.footerLength, end: start + g.length,
                             firstItemMin: g.itemCount > 0 ? start + g.itemFrame(0).minY : nil, itemCount: g.itemCount)
    }

    /// Sections whose extent overlaps [from, to) along the scroll axis.
    public func sections(alongScrollAxisFrom from: CGFloat, to: CGFloat) -> Range<Int> {
        geometry.sections(overlapping: from, to)
    }

    // MARK: Geometry

    private func sectionInput(_ section: Int, in cv: CollectionView) -> FlowSectionInput {
        let data = cv.sections[section]
        func axis(_ size: CGSize) -> CGSize { isHorizontal ? size.transposed : size }
        if let delegate = cv.installedFlowDelegate {
            let sizes = (0..<data.itemCount).map {
                axis(delegate.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: $0, section: section)))
            }
            let header = delegate.collectionView(cv, layout: self, referenceSizeForHeaderInSection: section)
            let footer = delegate.collectionView(cv, layout: self, referenceSizeForFooterInSection: section)
            let inset = scrollAxisInset(delegate.collectionView(cv, layout: self, insetForSectionAt: section), in: cv)
            var input = FlowSectionInput(
                itemCount: data.itemCount, uniformItemSize: nil, itemSizes: sizes,
                inset: inset,
                lineSpacing: delegate.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: section),
                interitemSpacing: delegate.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: section),
                headerLength: axis(header).height, footerLength: axis(footer).height)
            if isSelfSizing { input.measured = measuredSizes(of: data) }
            return input
        }
        let header = data.headerSize ?? headerReferenceSize
        let footer = data.footerSize ?? footerReferenceSize
        let fallback = axis(defaultItemSize)
        var input = FlowSectionInput(
            itemCount: data.itemCount, uniformItemSize: fallback, itemSizes: [],
            inset: scrollAxisInset(sectionInset, in: cv),
            lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
            headerLength: axis(header).height, footerLength: axis(footer).height)
        if Self.laysOutItemByItem(data) {
            // Overrides for many of the items: one size per item is the faster
            // scan, in storage a few times the overrides'.
            var sizes = [CGSize](repeating: fallback, count: data.itemCount)
            for (item, size) in data.itemSizes.entries { sizes[item] = axis(size) }
            input.uniformItemSize = nil
            input.itemSizes = sizes
            if isSelfSizing { input.measured = measuredSizes(of: data) }
            return input
        }
        // The default size with the sparse overrides (and the measured sizes,
        // which win) on top: the segmented geometry, whose work and storage
        // grow with the entries, not with the section.
        input.measured = isHorizontal ? data.itemSizes.mapSizes { $0.transposed } : data.itemSizes
        if isSelfSizing { input.measured = input.measured.overlaid(with: measuredSizes(of: data)) }
        return input
    }

    /// Whether a section without a delegate has overrides for so many of its
    /// items (a quarter or more) that its geometry is made item by item. Both
    /// ways give the same frames, bit for bit; the choice is only speed.
    static func laysOutItemByItem(_ data: SectionData) -> Bool {
        !data.isUniform && data.itemSizes.count >= data.itemCount / 4
    }

    /// A section's measured sizes, in scroll-axis coordinates.
    private func measuredSizes(of data: SectionData) -> MeasuredSizes {
        guard isHorizontal, !data.measuredSizes.isEmpty else { return data.measuredSizes }
        return data.measuredSizes.mapSizes { $0.transposed }
    }

    /// Recomputes the sections whose data, metrics or width changed; reuses the rest.
    ///
    /// Unchanged sections come in runs (an update changes a few sections and
    /// shifts the others), so the old geometry is followed along the new data:
    /// a run of sections whose identity and revision are the old ones at the
    /// expected place is copied whole, and the old place of a section that is
    /// not where expected is looked up (near it first, then in an index made
    /// only when needed). A section inserted since has an identity above every
    /// old one and is computed without a look-up.
    private func rebuildGeometry(in cv: CollectionView) {
        let width = contentCrossExtent(for: cv.bounds)
        if startFromAdoptedGeometry(in: cv, width: width) { return }
        let reuseAllowed = !pendingEverything && width == geometry.width && geometryGeneration == metricsGeneration
            && geometryOwner === cv && !(pendingDelegateMetrics && cv.installedFlowDelegate != nil)
        let old = geometry
        let oldKeys = reuseAllowed ? old.cacheKeys : []
        let sections = cv.sections
        let n = sections.count
        var next = FlowGeometry()
        next.width = width
        next.sections.reserveCapacity(n)
        next.starts.reserveCapacity(n)
        next.cacheKeys.reserveCapacity(n)
        var index: [Int: Int]?
        /// Where the unchanged section `s` was in the old geometry, if anywhere.
        func oldPlace(of s: Int, near expected: Int) -> Int? {
            let identity = sections[s].identity, revision = sections[s].revision
            guard identity <= old.maximumIdentity else { return nil }
            for o in max(0, expected - 4)..<min(oldKeys.count, expected + 8) where oldKeys[o].identity == identity {
                return oldKeys[o].revision == revision ? o : nil
            }
            if index == nil {
                var built: [Int: Int] = [:]
                built.reserveCapacity(oldKeys.count)
                for (o, key) in oldKeys.enumerated() { built[key.identity] = o }
                index = built
                counters.sectionsIndexed += oldKeys.count
            }
            guard let o = index![identity], oldKeys[o].revision == revision else { return nil }
            return o
        }
        var lastPlain: LastPlainSection?
        var s = 0
        var o = 0
        while s < n {
            if o < oldKeys.count, oldKeys[o].identity == sections[s].identity, oldKeys[o].revision == sections[s].revision {
                var end = s + 1, oldEnd = o + 1
                while end < n, oldEnd < oldKeys.count, oldKeys[oldEnd].identity == sections[end].identity,
                      oldKeys[oldEnd].revision == sections[end].revision {
                    end += 1
                    oldEnd += 1
                }
                next.sections.append(contentsOf: old.sections[o..<oldEnd])
                next.cacheKeys.append(contentsOf: oldKeys[o..<oldEnd])
                s = end
                o = oldEnd
                continue
            }
            if !oldKeys.isEmpty, let place = oldPlace(of: s, near: o) {
                o = place
                continue
            }
            next.sections.append(computeSection(s, in: cv, width: width, lastPlain: &lastPlain))
            next.cacheKeys.append((sections[s].identity, sections[s].revision))
            // A changed section takes its old place's turn.
            if o < oldKeys.count, oldKeys[o].identity == sections[s].identity { o += 1 }
            s += 1
        }
        next.placeSections()
        geometry = next
        geometryGeneration = metricsGeneration
        geometryOwner = cv
        oversizedItems = oversizeWarnings()
    }

    /// Takes the geometry another layout of this class computed
    /// (`adoptGeometry(of:)`) when it was computed with these metrics and
    /// this width, then patches the sections that differ. True when the
    /// patch was the whole rebuild; false when the rebuild goes on, from
    /// the adopted geometry or (unusable) from this layout's own.
    private func startFromAdoptedGeometry(in cv: CollectionView, width: CGFloat) -> Bool {
        guard adoptedGeometry != nil, !cv.sections.isEmpty else { return false }
        let usable = adoptedGeometry?.generation == metricsGeneration && adoptedGeometry?.geometry.width == width
            && cv.installedFlowDelegate == nil
        if usable, let adopted = adoptedGeometry?.geometry { geometry = adopted }
        // Dropped before the geometry changes, which then has no other owner.
        adoptedGeometry = nil
        guard usable else { return false }
        geometryGeneration = metricsGeneration
        geometryOwner = cv
        if patchAdoptedGeometry(in: cv) { return true }
        pendingEverything = false
        return false
    }

    /// The warnings of the sections with an item longer than the line across
    /// the flow, in order: wider in a vertical flow, taller in a horizontal
    /// one, in UIKit's words for each (the geometry measures across the flow
    /// whichever way it runs).
    private func oversizeWarnings() -> [String] {
        let horizontal = scrollDirection == .horizontal
        return geometry.oversizeSections.map { s in
            let section = geometry.sections[s]
            let room = (geometry.width - section.inset.left - section.inset.right).stk
            let item = "item \(s):\(section.firstOversizeItem!)"
            return horizontal
                ? "\(item) is taller than the available height \(room): it sits alone on its line (UIKit logs: \(Self.itemTooTallMessage))"
                : "\(item) is wider than the available width \(room): it sits alone on its line (UIKit logs: \(Self.itemTooLargeMessage))"
        }
    }

    /// The plain section computed last in a rebuild, whose geometry the next
    /// plain section of the same counts and sizes takes as it is.
    private typealias LastPlainSection = (itemCount: Int, headerSize: CGSize?, footerSize: CGSize?, geometry: FlowSectionGeometry)

    /// Computes section `s`'s geometry, counted in `counters`. Without a
    /// delegate, a plain section's geometry follows from its item count and
    /// header and footer sizes alone (and the layout's values, the same
    /// throughout): the sections `reloadData` makes are computed once per
    /// kind, not once each (`lastPlain`).
    private func computeSection(_ s: Int, in cv: CollectionView, width: CGFloat, lastPlain: inout LastPlainSection?) -> FlowSectionGeometry {
        let data = cv.sections[s]
        let plainSectionsShareGeometry = cv.installedFlowDelegate == nil && !isSelfSizing
        if let trial = measuredTrial, cv.installedFlowDelegate == nil, isSelfSizing,
           trial.matches(data, measured: measuredSizes(of: data), width: width, generation: metricsGeneration) {
            // Computed when the context was made; counted here, as any other section.
            counters.sectionsComputed += 1
            counters.elementsTouched += data.measuredSizes.count
            return trial.geometry
        }
        if plainSectionsShareGeometry, data.isPlain, let last = lastPlain, last.itemCount == data.itemCount,
           last.headerSize == data.headerSize, last.footerSize == data.footerSize {
            counters.sectionsComputed += 1
            return last.geometry
        }
        let section = FlowSectionGeometry.make(sectionInput(s, in: cv), width: width)
        if plainSectionsShareGeometry, data.isPlain {
            lastPlain = (data.itemCount, data.headerSize, data.footerSize, section)
        }
        counters.sectionsComputed += 1
        if cv.installedFlowDelegate != nil || Self.laysOutItemByItem(data) {
            counters.elementsTouched += data.itemCount
        } else {
            counters.elementsTouched += data.itemSizes.count + (isSelfSizing ? data.measuredSizes.count : 0)
        }
        return section
    }

    /// The rebuild of adopted geometry (`adoptGeometry(of:)`), in place: the
    /// sections at the start and at the end whose identity and revision are
    /// those it was computed for stay where they are, the ones between are
    /// taken from it by identity or computed, and the starts are summed again
    /// from the first that changed, as a full rebuild sums them. False, with
    /// nothing changed, when the sections between are too many for this to
    /// pay (changes at both ends): the general rebuild does it.
    private func patchAdoptedGeometry(in cv: CollectionView) -> Bool {
        let sections = cv.sections
        let n = sections.count, oldN = geometry.cacheKeys.count
        func unchanged(_ s: Int, _ o: Int) -> Bool {
            geometry.cacheKeys[o].identity == sections[s].identity && geometry.cacheKeys[o].revision == sections[s].revision
        }
        var head = 0
        while head < min(n, oldN), unchanged(head, head) { head += 1 }
        var tail = 0
        while tail < min(n, oldN) - head, unchanged(n - 1 - tail, oldN - 1 - tail) { tail += 1 }
        let newMiddle = head..<(n - tail), oldMiddle = head..<(oldN - tail)
        guard newMiddle.count + oldMiddle.count <= max(64, n / 16) else { return false }
        var oldPlaces: [Int: Int] = [:]
        for o in oldMiddle { oldPlaces[geometry.cacheKeys[o].identity] = o }
        var lastPlain: LastPlainSection?
        var middle: [FlowSectionGeometry] = []
        middle.reserveCapacity(newMiddle.count)
        for s in newMiddle {
            if let o = oldPlaces[sections[s].identity], geometry.cacheKeys[o].revision == sections[s].revision {
                middle.append(geometry.sections[o])
            } else {
                middle.append(computeSection(s, in: cv, width: geometry.width, lastPlain: &lastPlain))
            }
        }
        geometry.sections.replaceSubrange(oldMiddle, with: middle)
        geometry.cacheKeys.replaceSubrange(oldMiddle, with: newMiddle.map { (sections[$0].identity, sections[$0].revision) })
        // The identities of the sections computed for the first time are the
        // largest yet; one that left may leave the bound above every identity
        // present, which only makes a later look-up search further.
        for s in newMiddle { geometry.maximumIdentity = max(geometry.maximumIdentity, sections[s].identity) }
        // Out of the layout while they change, so each is changed in place.
        var starts = geometry.starts
        geometry.starts = []
        starts.replaceSubrange(oldMiddle, with: repeatElement(0, count: newMiddle.count))
        var y: CGFloat = head == 0 ? 0 : starts[head - 1] + geometry.sections[head - 1].length
        geometry.sections.withUnsafeBufferPointer { sections in
            for s in head..<n {
                starts[s] = y
                y += sections[s].length
            }
        }
        geometry.starts = starts
        let shift = n - oldN
        var oversize = geometry.oversizeSections.filter { $0 < head }
        for s in newMiddle where geometry.sections[s].firstOversizeItem != nil { oversize.append(s) }
        for o in geometry.oversizeSections where o >= oldN - tail { oversize.append(o + shift) }
        geometry.oversizeSections = oversize
        oversizedItems = oversizeWarnings()
        return true
    }

    // MARK: Natural attributes

    private func naturalHeaderFrame(_ s: Int) -> CGRect? {
        let g = geometry.sections[s]
        guard g.headerLength > 0 else { return nil }
        return CGRect(x: 0, y: geometry.starts[s], width: geometry.width, height: g.headerLength)
    }

    private func naturalFooterFrame(_ s: Int) -> CGRect? {
        let g = geometry.sections[s]
        guard g.footerLength > 0 else { return nil }
        return CGRect(x: 0, y: geometry.starts[s] + g.footerStart, width: geometry.width, height: g.footerLength)
    }

    /// An element's attributes at its flow position, ignoring pinning; nil if it does not exist.
    public func naturalAttributes(for key: ElementKey) -> CollectionViewLayoutAttributes? {
        naturalAttributes(for: key, counted: true)
    }

    /// `counted: false` makes scratch attributes that are never handed out (the
    /// comparison base of a floating element), so they do not count as created.
    private func naturalAttributes(for key: ElementKey, counted: Bool) -> CollectionViewLayoutAttributes? {
        func make(_ category: ElementCategory, _ kind: String?) -> CollectionViewLayoutAttributes {
            if counted {
                return category == .cell ? makeAttributes(forCellAt: key.indexPath) : makeAttributes(forSupplementaryOfKind: kind!, at: key.indexPath)
            }
            let a = Self.attributesType.init()
            a.setIdentity(category: category, kind: kind, indexPath: key.indexPath)
            return a
        }
        let s = key.indexPath.section
        guard key.indexPath.count == 2, s >= 0, s < geometry.sections.count else { return nil }
        switch key.category {
        case .cell:
            let i = key.indexPath.item
            guard i >= 0, i < geometry.sections[s].itemCount else { return nil }
            let local = geometry.sections[s].itemFrame(i)
            let a = make(.cell, nil)
            a.frame = scrollAxisRect(local.offsetBy(dx: 0, dy: geometry.starts[s]))
            a.zIndex = Self.cellZIndex
            return a
        case .supplementaryView:
            guard key.indexPath.item == 0 else { return nil }
            let frame: CGRect?
            switch key.kind {
            case ElementKind.sectionHeader?: frame = naturalHeaderFrame(s)
            case ElementKind.sectionFooter?: frame = naturalFooterFrame(s)
            default: frame = nil
            }
            guard let frame else { return nil }
            let a = make(.supplementaryView, key.kind)
            a.frame = scrollAxisRect(frame)
            a.zIndex = Self.supplementaryZIndex
            return a
        case .decorationView:
            return nil
        }
    }

    // MARK: Floating elements (subclass hooks)

    /// Whether some elements' attributes depend on the bounds (then every bounds
    /// change is answered with a context naming the candidates).
    open var hasBoundsDependentElements: Bool { sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds }

    /// The candidates for these bounds: elements that may sit away from their
    /// natural attributes. Default: headers (and footers) that pin, of non-empty
    /// sections overlapping the bounds or holding the pin line.
    open func boundsDependentElements(for bounds: CGRect) -> [ElementKey] {
        guard !geometry.sections.isEmpty else { return [] }
        var keys: [ElementKey] = []
        let b = scrollAxisRect(bounds)
        if sectionHeadersPinToVisibleBounds {
            var range = geometry.sections(overlapping: b.minY, b.maxY)
            let top = pinTop(for: bounds)
            var holder = geometry.section(containing: top)
            if holder == nil, sectionHeadersPinLimit == .nextHeader, top >= geometry.contentLength {
                // No next header pushes the last one off: it follows the pin
                // line past the end of the content.
                holder = geometry.sections.count - 1
            }
            if let s = holder { range = min(range.lowerBound, s)..<max(range.upperBound, s + 1) }
            for s in range where geometry.sections[s].itemCount > 0 && geometry.sections[s].headerLength > 0 {
                keys.append(.header(s))
            }
        }
        if sectionFootersPinToVisibleBounds {
            var range = geometry.sections(overlapping: b.minY, b.maxY)
            if let s = geometry.section(containing: pinBottom(for: bounds) - 1e-9) { range = min(range.lowerBound, s)..<max(range.upperBound, s + 1) }
            for s in range where geometry.sections[s].itemCount > 0 && geometry.sections[s].footerLength > 0 {
                keys.append(.footer(s))
            }
        }
        return keys
    }

    /// The attributes of a candidate for these bounds. `attributes` is a fresh
    /// copy of its natural attributes, to adjust and return. Default: pinning.
    open func adjustedAttributes(_ attributes: CollectionViewLayoutAttributes, for bounds: CGRect) -> CollectionViewLayoutAttributes {
        guard attributes.representedElementCategory == .supplementaryView else { return attributes }
        let s = attributes.indexPath.section
        let e = sectionExtent(s)
        guard e.itemCount > 0 else { return attributes }
        var frame = scrollAxisRect(attributes.frame)
        let natural = frame.minY
        var y = natural
        if attributes.representedElementKind == ElementKind.sectionHeader, sectionHeadersPinToVisibleBounds {
            let limit: CGFloat
            switch sectionHeadersPinLimit {
            case .lastItem: limit = e.lastLineEnd
            case .sectionEnd: limit = e.insetEnd
            case .nextHeader: limit = s + 1 < geometry.sections.count ? geometry.starts[s + 1] : .infinity
            }
            y = min(max(pinTop(for: bounds), natural), limit - frame.height)
        } else if attributes.representedElementKind == ElementKind.sectionFooter, sectionFootersPinToVisibleBounds,
                  let firstItemMin = e.firstItemMin {
            y = min(max(pinBottom(for: bounds) - frame.height, firstItemMin), natural)
        }
        if y != natural {
            frame.origin.y = y
            attributes.frame = scrollAxisRect(frame)
            attributes.zIndex = Self.pinnedZIndex
            attributes.isPinned = true
        }
        return attributes
    }

    /// Recomputes one candidate (or reverts a non-candidate) for the bounds.
    private func refloat(_ key: ElementKey, candidates: Set<ElementKey>, bounds: CGRect) {
        counters.elementsTouched += 1
        guard candidates.contains(key), let natural = naturalAttributes(for: key, counted: false) else {
            floating[key] = nil
            return
        }
        let adjusted = adjustedAttributes(natural.copied(), for: bounds)
        if adjusted.isEqual(natural) {
            floating[key] = nil
        } else {
            floating[key] = adjusted
            if key.category == .cell { floatingHasCells = true }
        }
    }

    // MARK: The layout cycle

    open override func prepare() {
        super.prepare()
        prepareFlow()
    }

    /// UIKit's flow layout lays its items out when it is asked for them,
    /// whether or not a subclass's `prepare()` called `super.prepare()`
    /// (ScalingCarousel's sets `itemSize` and returns): when it did not, the
    /// flow is prepared right after it, with the metrics it set.
    override func runPrepare() {
        flowPreparedInPass = false
        super.runPrepare()
        if !flowPreparedInPass { prepareFlow() }
    }

    /// The flow's own preparation: the geometry, when invalidated, and the
    /// elements that float for the bounds.
    private func prepareFlow() {
        flowPreparedInPass = true
        checkHandedOut()
        guard let cv = collectionView else { return }
        if pendingGeometry {
            rebuildGeometry(in: cv)
            pendingAllFloating = true
        }
        let bounds = cv.bounds
        let candidates = Set(boundsDependentElements(for: bounds))
        if pendingAllFloating {
            floating.removeAll(keepingCapacity: true)
            floatingHasCells = false
            for key in candidates { refloat(key, candidates: candidates, bounds: bounds) }
        } else {
            for key in pendingFloating { refloat(key, candidates: candidates, bounds: bounds) }
        }
        pendingGeometry = false
        pendingDelegateMetrics = false
        pendingEverything = false
        pendingAllFloating = false
        pendingFloating.removeAll(keepingCapacity: true)
    }

    open override var collectionViewContentSize: CGSize {
        scrollAxisRect(CGRect(x: 0, y: 0, width: geometry.width, height: geometry.contentLength)).size
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        let r = scrollAxisRect(rect)
        var result: [CollectionViewLayoutAttributes] = []
        let slack = searchSlack(r)
        let limit = collectionView?.visibleQueryLimit ?? Int.max
        var exceeded = false
        defer { if exceeded { collectionView?.noteVisibleLimitExceeded() } }
        for s in geometry.sections(overlapping: r.minY - slack, r.maxY + slack) {
            if result.count > limit { exceeded = true; break }
            let start = geometry.starts[s]
            let section = geometry.sections[s]
            counters.elementsTouched += 1
            if floating[.header(s)] == nil, let a = restingSupplementary(.header(s), overlapping: r) { result.append(a) }
            section.items(overlapping: r, sectionStart: start) { item, frame in
                // Past the limit nothing more is made: the host refuses the pass.
                if result.count > limit { exceeded = true; return false }
                counters.elementsTouched += 1
                if floatingHasCells, floating[.cell(IndexPath(item: item, section: s))] != nil { return true }
                let a = makeAttributes(forItem: item, inSection: s)
                a.frame = scrollAxisRect(frame)
                a.zIndex = Self.cellZIndex
                result.append(a)
                return true
            }
            if floating[.footer(s)] == nil, let a = restingSupplementary(.footer(s), overlapping: r) { result.append(a) }
        }
        for (_, a) in floating where a.frame.overlaps(rect) {
            counters.attributesCreated += 1
            result.append(a.copied())
        }
        handOut(result)
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        if floatingHasCells, let a = floating[.cell(indexPath)] {
            counters.attributesCreated += 1
            return handOut(a.copied())
        }
        return handOut(naturalAttributes(for: .cell(indexPath)))
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        let key = ElementKey.supplementary(elementKind, indexPath)
        if let a = floating[key] {
            counters.attributesCreated += 1
            return handOut(a.copied())
        }
        return handOut(restingAttributes(for: key))
    }

    /// A header's or footer's attributes when it is not a candidate for the
    /// current bounds: the formula still applies (docs/semantics.md,
    /// flow-sticky), so a pinned header whose section has scrolled away above
    /// the view sits at `limit - h`, and a sticky footer of a section below the
    /// view at its section's first item. Those places do not move while the
    /// element stays off the candidates, which is why no context needs to name
    /// them; the formula is evaluated when asked.
    private func restingAttributes(for key: ElementKey, counted: Bool = true) -> CollectionViewLayoutAttributes? {
        guard let natural = naturalAttributes(for: key, counted: counted) else { return nil }
        guard hasBoundsDependentElements, key.category == .supplementaryView, let cv = collectionView,
              !geometry.sections.isEmpty else { return natural }
        return adjustedAttributes(natural, for: cv.bounds)
    }

    /// `restingAttributes` when its frame overlaps `r` (scroll-axis coordinates).
    /// Without bounds-dependent elements the natural frame is tested before
    /// any object is made, as a rect query over many sections needs.
    private func restingSupplementary(_ key: ElementKey, overlapping r: CGRect) -> CollectionViewLayoutAttributes? {
        let s = key.indexPath.section
        guard let natural = key == .header(s) ? naturalHeaderFrame(s) : naturalFooterFrame(s) else { return nil }
        if !hasBoundsDependentElements {
            return natural.overlaps(r) ? naturalAttributes(for: key) : nil
        }
        // Counted only when returned: the query looks at the sections around the rect too.
        guard let a = restingAttributes(for: key, counted: false), scrollAxisRect(a.frame).overlaps(r) else { return nil }
        counters.attributesCreated += 1
        return a
    }

    // MARK: Invalidation

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        if contentCrossExtent(for: newBounds) != contentCrossExtent(for: cv.bounds) { return true }
        return hasBoundsDependentElements && newBounds != cv.bounds
    }

    /// A change of the cross-axis extent recomputes the flow (both flow flags);
    /// anything else names only the candidates of the old and the new bounds.
    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        guard let cv = collectionView, let flow = context as? CollectionViewFlowLayoutInvalidationContext else { return context }
        if contentCrossExtent(for: newBounds) != contentCrossExtent(for: cv.bounds) { return context }
        flow.invalidateFlowLayoutDelegateMetrics = false
        flow.invalidateFlowLayoutAttributes = false
        // A handful of keys: sorting and dropping neighbours beats hashing them.
        var keys = Array(floating.keys) + boundsDependentElements(for: cv.bounds) + boundsDependentElements(for: newBounds)
        keys.sort()
        var unique: [ElementKey] = []
        unique.reserveCapacity(keys.count)
        for key in keys where unique.last != key { unique.append(key) }
        Self.add(unique, to: flow)
        return flow
    }

    /// Names the elements in a context, cells as items and the rest by kind.
    public static func add<Keys: Sequence>(_ keys: Keys, to context: CollectionViewLayoutInvalidationContext) where Keys.Element == ElementKey {
        // Sorted only when they are not: a scroll step's keys come sorted,
        // and a check is a fraction of a sort.
        var keys = Array(keys)
        if zip(keys, keys.dropFirst()).contains(where: { $1 < $0 }) { keys.sort() }
        // Kinds are few (header, footer, a badge): each kind's index paths are
        // gathered by a walk of the keys rather than grouped in a dictionary,
        // which a scroll step's handful of keys would pay to build.
        var items: [IndexPath] = []
        var supplementaryKinds: [String] = [], decorationKinds: [String] = []
        for key in keys {
            switch key.category {
            case .cell: items.append(key.indexPath)
            case .supplementaryView: if !supplementaryKinds.contains(key.kind ?? "") { supplementaryKinds.append(key.kind ?? "") }
            case .decorationView: if !decorationKinds.contains(key.kind ?? "") { decorationKinds.append(key.kind ?? "") }
            }
        }
        func paths(_ category: ElementCategory, _ kind: String) -> [IndexPath] {
            keys.compactMap { $0.category == category && ($0.kind ?? "") == kind ? $0.indexPath : nil }
        }
        if !items.isEmpty { context.invalidateItems(at: items) }
        // One kind, most often: no sort (an allocation) for it.
        if supplementaryKinds.count > 1 { supplementaryKinds.sort() }
        if decorationKinds.count > 1 { decorationKinds.sort() }
        for kind in supplementaryKinds { context.invalidateSupplementaryElements(ofKind: kind, at: paths(.supplementaryView, kind)) }
        for kind in decorationKinds { context.invalidateDecorationElements(ofKind: kind, at: paths(.decorationView, kind)) }
    }

    /// Records what to redo; prepare() does it.
    open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            pendingGeometry = true
            pendingDelegateMetrics = true
        }
        // Everything means everything: the per-section cache (kept across batch
        // updates and size overrides, where revisions say what changed) is
        // dropped, so a full invalidation costs what it says.
        if context.invalidateEverything { pendingEverything = true }
        if context.invalidateDataSourceCounts { geometryBeforeUpdate = geometry }
        if let flow = context as? CollectionViewFlowLayoutInvalidationContext {
            if flow.invalidateFlowLayoutDelegateMetrics { pendingGeometry = true; pendingDelegateMetrics = true }
            if flow.invalidateFlowLayoutAttributes { pendingGeometry = true }
        }
        // A named item may have been measured (self-sizing): sections are
        // recomputed only where the data's revision moved.
        if isSelfSizing, context.invalidatedItemIndexPaths?.isEmpty == false { pendingGeometry = true }
        for path in context.invalidatedItemIndexPaths ?? [] { pendingFloating.insert(.cell(path)) }
        for (kind, paths) in context.invalidatedSupplementaryIndexPaths ?? [:] {
            for path in paths { pendingFloating.insert(.supplementary(kind, path)) }
        }
    }

    // MARK: Self-sizing

    /// UIKit's flow layout takes a cell's preferred size when it sizes cells
    /// itself (`estimatedItemSize` is not zero) and the size differs.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool {
        isSelfSizing && originalAttributes.representedElementCategory == .cell && preferredAttributes.size != originalAttributes.size
    }

    /// Names the item, keeps the rest of the flow (both flow flags false), and
    /// says how the content size changes (`contentSizeAdjustment`). When the
    /// item begins before the top of the view, the offset moves by the same
    /// amount (`contentOffsetAdjustment`, stk's rule), so that what is on
    /// screen stays where it is while the part above grows out of sight.
    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                           withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        guard let flow = context as? CollectionViewFlowLayoutInvalidationContext else { return context }
        flow.invalidateFlowLayoutDelegateMetrics = false
        flow.invalidateFlowLayoutAttributes = false
        let path = originalAttributes.indexPath
        guard isSelfSizing, let cv = collectionView, originalAttributes.representedElementCategory == .cell,
              cv.isValidItem(path) else { return flow }
        let width = contentCrossExtent(for: cv.bounds)
        // The section as measured so far (the collection view's record holds
        // every size accepted before this one, prepared or not) and with this size.
        var input = sectionInput(path.section, in: cv)
        let data = cv.sections[path.section]
        let prepared = path.section < geometry.sections.count && geometryOwner === cv && geometry.width == width
            && geometryGeneration == metricsGeneration && cv.installedFlowDelegate == nil
            && geometry.cacheKeys[path.section] == (data.identity, data.revision)
        let before: FlowSectionGeometry
        if prepared {
            before = geometry.sections[path.section]
        } else if let trial = measuredTrial, cv.installedFlowDelegate == nil,
                  trial.matches(data, measured: input.measured, width: width, generation: metricsGeneration) {
            before = trial.geometry
        } else {
            before = FlowSectionGeometry.make(input, width: width)
        }
        input.measured[path.item] = isHorizontal ? preferredAttributes.size.transposed : preferredAttributes.size
        // Only the lines from the measured item's on can change: the layout
        // resumes there, so a measurement costs what follows it, not the section.
        let after = FlowSectionGeometry.make(input, width: width, resuming: before, changedItem: path.item)
        if cv.installedFlowDelegate == nil, data.isUniform {
            measuredTrial = MeasuredTrial(identity: data.identity, itemCount: data.itemCount, headerSize: data.headerSize,
                                          footerSize: data.footerSize, width: width, generation: metricsGeneration,
                                          measured: input.measured, geometry: after)
        }
        let delta = after.length - before.length
        guard delta != 0 else { return flow }
        flow.contentSizeAdjustment = isHorizontal ? CGSize(width: delta, height: 0) : CGSize(width: 0, height: delta)
        if scrollAxisRect(originalAttributes.frame).minY < scrollAxisRect(cv.bounds).minY {
            flow.contentOffsetAdjustment = isHorizontal ? CGPoint(x: delta, y: 0) : CGPoint(x: 0, y: delta)
        }
        return flow
    }

    // MARK: Batch updates

    /// UIKit's flow layout fades appearing elements in at their final place.
    /// Appearing elements fade in where they will be. A copy: the single
    /// query may be a subclass's that answers from its own cache, and that
    /// object must keep its alpha (`stk verify` found this).
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        let a = layoutAttributesForItem(at: itemIndexPath)?.copy() as? CollectionViewLayoutAttributes
        a?.alpha = 0
        return a
    }

    open override func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        let a = layoutAttributesForSupplementaryView(ofKind: elementKind, at: elementIndexPath)?.copy() as? CollectionViewLayoutAttributes
        a?.alpha = 0
        return a
    }

    /// Disappearing elements fade out where they were before the update.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        beforeUpdate { $0.naturalAttributes(for: .cell(itemIndexPath)) }
    }

    open override func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        beforeUpdate { $0.naturalAttributes(for: .supplementary(elementKind, elementIndexPath)) }
    }

    private func beforeUpdate(_ body: (CollectionViewFlowLayout) -> CollectionViewLayoutAttributes?) -> CollectionViewLayoutAttributes? {
        guard let before = geometryBeforeUpdate else { return nil }
        let now = geometry
        geometry = before
        defer { geometry = now }
        let a = body(self)
        a?.alpha = 0
        return a
    }

    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        geometryBeforeUpdate = nil
    }
}
