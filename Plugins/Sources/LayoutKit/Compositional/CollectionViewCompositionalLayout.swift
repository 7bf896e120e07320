import Foundation

/// UIKit's `UICollectionViewCompositionalLayout`: sections of repeating groups
/// of items, described by `CollectionLayoutSection`s (one for every section,
/// or one per section from a provider). docs/semantics.md, "Compositional
/// layout", has the rules; this class drives them through UIKit's cycle:
///
/// - `prepare()` resolves the descriptions against the environment only when
///   it changed (data counts, the bounds size, a full invalidation) and
///   re-places sections after self-sizing; a scroll recomputes nothing;
/// - a rect query is a binary search over sections plus, in each, an index
///   computation over its groups: a million items in one section answer in
///   microseconds;
/// - pinned boundary items and visible-items handlers are applied at query
///   time against the current bounds, and a scroll's context names exactly
///   the pinned items that moved and the handled sections' visible items.
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    /// `UICollectionViewCompositionalLayoutSectionProvider`.
    public typealias SectionProvider = (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?

    private let fixedSection: CollectionLayoutSection?
    private let sectionProvider: SectionProvider?

    /// Changing it invalidates the layout, as in UIKit.
    open var configuration: CollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    public init(section: CollectionLayoutSection) {
        fixedSection = section
        sectionProvider = nil
        configuration = CollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    public init(section: CollectionLayoutSection, configuration: CollectionViewCompositionalLayoutConfiguration) {
        fixedSection = section
        sectionProvider = nil
        self.configuration = configuration
        super.init()
    }

    public init(sectionProvider: @escaping SectionProvider) {
        fixedSection = nil
        self.sectionProvider = sectionProvider
        configuration = CollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    public init(sectionProvider: @escaping SectionProvider, configuration: CollectionViewCompositionalLayoutConfiguration) {
        fixedSection = nil
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    public required init?(coder: NSCoder) {
        fixedSection = nil
        sectionProvider = nil
        configuration = CollectionViewCompositionalLayoutConfiguration()
        super.init(coder: coder)
    }

    /// `UICollectionViewCompositionalLayout.list(using:)`: every section a list.
    open class func list(using configuration: CollectionLayoutListConfiguration) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout(sectionProvider: { _, environment in
            CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        })
    }

    // MARK: State

    private var axis = ScrollAxis(vertical: true)
    private(set) var sections: [SectionGeometry] = []
    /// The resolved descriptions, kept so that self-sizing re-places sections
    /// without asking the provider again.
    private var resolved: [(description: CollectionLayoutSection, shape: GroupShape)?] = []
    /// What UIKit would log or raise about the sections' descriptions, found
    /// by the last rebuild, and about the cells measured since (see
    /// `layoutWarnings`).
    private var warnings: [String] = []
    public override var layoutWarnings: [String] { warnings }

    private var globalBoundary: [BoundaryPlacement] = []
    /// The most any section's elements reach outside its extent (badges,
    /// overlaying boundary items): rect queries look that much further.
    private var sectionOverhang: CGFloat = 0
    private var contentLength: CGFloat = 0
    private var builtSize: CGSize?
    private var needsRebuild = true
    private var needsPlacement = false
    private var environment: LayoutEnvironment?
    private var layoutContainer: CGSize = .zero
    private var layoutCrossInset: CGFloat = 0
    /// What the visible-items handlers set in the last query, by element.
    private var handled: [ElementKey: CollectionViewLayoutAttributes] = [:]

    /// Whether sections follow one another down (rows then scroll across).
    public var isVerticalScroll: Bool { axis.vertical }

    // MARK: Invalidation

    open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { needsRebuild = true }
        super.invalidateLayout(with: context)
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        if newBounds.size != cv.bounds.size { return true }
        return affectedByScroll(from: cv.bounds, to: newBounds)
    }

    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        guard let cv = collectionView else { return super.invalidationContext(forBoundsChange: newBounds) }
        if newBounds.size != cv.bounds.size {
            // The environment changed: the provider is asked again.
            return CollectionViewLayoutInvalidationContext.everything(Self.contextType)
        }
        let context = Self.contextType.init()
        let oldVisible = visibleRect(cv.bounds), newVisible = visibleRect(newBounds)
        var supplementary: [String: [IndexPath]] = [:]
        var items: [IndexPath] = []
        for section in sections(meeting: cv.bounds.union(newBounds)) {
            for placement in section.boundary where placement.item.pinToVisibleBounds {
                if section.frame(of: placement, visible: oldVisible).frame != section.frame(of: placement, visible: newVisible).frame {
                    supplementary[placement.key.kind ?? "", default: []].append(placement.key.indexPath)
                }
            }
            if section.handlerSeesContentOffset, section.start <= axis.maxMain(newBounds), section.end >= axis.minMain(newBounds) {
                for item in section.itemRange(meeting: newBounds) where section.itemFrame(item).overlaps(newBounds) {
                    items.append(IndexPath(item: item, section: section.index))
                }
            }
        }
        for placement in globalBoundary where placement.item.pinToVisibleBounds {
            if globalFrame(of: placement, visible: oldVisible).frame != globalFrame(of: placement, visible: newVisible).frame {
                supplementary[placement.key.kind ?? "", default: []].append(placement.key.indexPath)
            }
        }
        if !items.isEmpty { context.invalidateItems(at: items) }
        for (kind, paths) in supplementary.sorted(by: { $0.key < $1.key }) {
            context.invalidateSupplementaryElements(ofKind: kind, at: paths)
        }
        return context
    }

    /// Whether a scroll from `old` to `new` moves something: a pinned boundary
    /// item of a visible section (or of the layout) or a handled section.
    private func affectedByScroll(from old: CGRect, to new: CGRect) -> Bool {
        if globalBoundary.contains(where: { $0.item.pinToVisibleBounds }) { return true }
        for section in sections(meeting: old.union(new)) {
            if section.handlerSeesContentOffset || section.description.pinsBoundaryItems { return true }
        }
        return false
    }

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool {
        if originalAttributes.representedElementCategory == .supplementaryView {
            // A section's header or footer whose size is estimated takes the
            // size its content wants along that dimension.
            guard let section = placedSection(holding: originalAttributes),
                  let placement = section.boundary.first(where: { $0.key == originalAttributes.key }) else { return false }
            let size = placement.item.layoutSize
            return (size.widthDimension.isEstimated && preferredAttributes.size.width != originalAttributes.size.width)
                || (size.heightDimension.isEstimated && preferredAttributes.size.height != originalAttributes.size.height)
        }
        guard originalAttributes.representedElementCategory == .cell,
              let section = placedSection(holding: originalAttributes),
              let slot = Self.slot(of: originalAttributes, in: section) else { return false }
        return (slot.widthEstimated && preferredAttributes.size.width != originalAttributes.size.width)
            || (slot.heightEstimated && preferredAttributes.size.height != originalAttributes.size.height)
    }

    open override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                           withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutInvalidationContext {
        needsPlacement = true
        if originalAttributes.representedElementCategory == .cell,
           let section = placedSection(holding: originalAttributes) {
            noteOverflow(of: preferredAttributes, in: section)
        }
        return super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    }

    /// A cell measured longer than its group along the group's line overflows
    /// the group, as an item given that length does (the solver warns about
    /// that one). A group estimated along its line grows to it instead, and
    /// an item not estimated along the line keeps its length whatever its
    /// cell prefers (a full-width row estimated in height only).
    private func noteOverflow(of preferred: CollectionViewLayoutAttributes, in section: SectionGeometry) {
        let shape = section.shape
        guard let lineIsVertical = shape.lineIsVertical, !(lineIsVertical ? shape.heightEstimated : shape.widthEstimated),
              let slot = Self.slot(of: preferred, in: section), lineIsVertical ? slot.heightEstimated : slot.widthEstimated else { return }
        let length = lineIsVertical ? shape.size.height : shape.size.width
        let measured = lineIsVertical ? preferred.size.height : preferred.size.width
        guard measured > length + 1e-9 else { return }
        let warning = "NSCollectionLayoutGroup: item \(preferred.indexPath.stk) measured \(measured.stk) long does not fit its group \(length.stk) long; the group holds it and overflows"
        // Bounded, as the collection view's own warnings: a section of cells
        // all measured too long does not grow it without end.
        if warnings.count < 100, !warnings.contains(warning) { warnings.append(warning) }
    }

    /// The slot of a cell of `section` (nil for an item it does not have).
    private static func slot(of cell: CollectionViewLayoutAttributes, in section: SectionGeometry) -> ItemSlot? {
        guard section.itemsPerGroup > 0, cell.indexPath.item < section.itemCount else { return nil }
        return section.slot(ofItem: cell.indexPath.item)
    }

    /// The placed section an element of the last pass belongs to.
    private func placedSection(holding element: CollectionViewLayoutAttributes) -> SectionGeometry? {
        sections.first { $0.index == element.indexPath.section }
    }

    // MARK: Prepare

    open override func prepare() {
        guard let cv = collectionView else { return }
        if needsRebuild || builtSize != cv.bounds.size {
            rebuild(cv)
        } else if needsPlacement {
            placeSections(cv)
        }
        needsRebuild = false
        needsPlacement = false
    }

    /// The insets a `contentInsetsReference` leaves out (the configuration's,
    /// or a section's own).
    private func referenceInsets(_ cv: CollectionView, _ reference: ContentInsetsReference) -> DirectionalEdgeInsets {
        let safe = cv.safeAreaInsets
        let margins = cv.layoutMargins
        switch reference {
        case .none: return .zero
        case .automatic, .safeArea: return DirectionalEdgeInsets(top: safe.top, leading: safe.left, bottom: safe.bottom, trailing: safe.right)
        case .layoutMargins:
            return DirectionalEdgeInsets(top: safe.top + margins.top, leading: safe.left + margins.left,
                                         bottom: safe.bottom + margins.bottom, trailing: safe.right + margins.right)
        case .readableContent:
            let readable = cv.readableContentInsets
            return DirectionalEdgeInsets(top: safe.top, leading: readable.left, bottom: safe.bottom, trailing: readable.right)
        }
    }

    /// The container a section lays out in, and where it starts across the
    /// scroll axis: the layout's, or (iOS 14) the bounds less the insets of
    /// the section's own `contentInsetsReference` when it names one.
    private func container(of section: CollectionLayoutSection, in cv: CollectionView) -> (size: CGSize, crossInset: CGFloat) {
        guard section.contentInsetsReference != .automatic else { return (layoutContainer, layoutCrossInset) }
        let insets = referenceInsets(cv, section.contentInsetsReference)
        return (LayoutContainer(contentSize: cv.bounds.size, contentInsets: insets).effectiveContentSize, axis.crossStart(insets))
    }

    /// What a section's groups resolve against: its container less the
    /// section's content insets, on both axes.
    private func groupContainer(of section: CollectionLayoutSection, in container: CGSize) -> CGSize {
        CGSize(width: max(0, container.width - section.contentInsets.leading - section.contentInsets.trailing),
               height: max(0, container.height - section.contentInsets.top - section.contentInsets.bottom))
    }

    private func rebuild(_ cv: CollectionView) {
        counters.sectionsComputed += cv.numberOfSections
        axis = ScrollAxis(vertical: configuration.scrollDirection == .vertical)
        builtSize = cv.bounds.size
        let insets = referenceInsets(cv, configuration.contentInsetsReference)
        let container = LayoutContainer(contentSize: cv.bounds.size, contentInsets: insets)
        let environment = LayoutEnvironment(container: container, traitCollection: cv.traitCollection, layoutMargins: cv.layoutMargins)
        self.environment = environment
        layoutContainer = container.effectiveContentSize
        layoutCrossInset = axis.crossStart(insets)
        var solver = GroupSolver(environment: environment)
        var warnings: [String] = []
        var resolved: [(description: CollectionLayoutSection, shape: GroupShape)?] = []
        resolved.reserveCapacity(cv.numberOfSections)
        let count = cv.numberOfSections
        if sectionProvider != nil, count > 0 {
            cv.report(.layoutCallback("sectionProvider", detail: "sections 0..<\(count), container \(container.contentSize.stk) effective \(container.effectiveContentSize.stk)"))
        }
        for s in 0..<count {
            let description: CollectionLayoutSection?
            if let fixedSection { description = fixedSection } else { description = sectionProvider?(s, environment) }
            guard let description else {
                // Not its item count: the warning stands while the section
                // does, and a data change must not make it a new one.
                warnings.append("the section provider returned nil for section \(s), which exists: UIKit raises 'NSInternalInconsistencyException', reason: 'Invalid section definition. Please specify a valid section definition when content is to be rendered for a section. This is a client error.'; stk lays the section out empty")
                resolved.append(nil)
                continue
            }
            let sectionContainer = groupContainer(of: description, in: self.container(of: description, in: cv).size)
            do {
                let shape = try solver.shape(of: description.group, in: sectionContainer)
                if shape.slots.isEmpty && cv.numberOfItems(inSection: s) > 0 {
                    warnings.append("section \(s): its group cannot hold a single item (\(description.group.visualDescription())); the section's items are not laid out")
                }
                resolved.append((description, shape))
            } catch {
                warnings.append("section \(s): \(error)")
                resolved.append(nil)
            }
        }
        // Each once: the solver meets the same group in every section.
        self.warnings = []
        for warning in warnings + solver.warnings where !self.warnings.contains(warning) { self.warnings.append(warning) }
        self.resolved = resolved
        placeSections(cv)
    }

    /// Places the resolved sections one after the other, with the layout's
    /// boundary items before and after them.
    private func placeSections(_ cv: CollectionView) {
        var cursor: CGFloat = 0
        let layoutSize = CGSize(width: layoutContainer.width, height: layoutContainer.height)
        // The layout's own boundary items (a global header before section 0).
        var global: [BoundaryPlacement] = []
        func globalPlacement(_ item: CollectionLayoutBoundarySupplementaryItem, at main: CGFloat, atStart: Bool) -> BoundaryPlacement {
            let size = item.layoutSize.resolve(in: layoutSize)
            let cross = axis.atCrossEnd(item.alignment) ? layoutCrossInset + axis.cross(layoutSize) - axis.cross(size) : layoutCrossInset
            let frame = CGRect(origin: axis.point(main: main, cross: cross), size: size).offsetBy(dx: item.offset.x, dy: item.offset.y)
            return BoundaryPlacement(item: item, key: .supplementary(item.elementKind, IndexPath(item: 0, section: 0)), natural: frame, atStart: atStart)
        }
        for item in configuration.boundarySupplementaryItems where axis.startsSection(item.alignment) {
            let p = globalPlacement(item, at: cursor, atStart: true)
            global.append(p)
            if item.extendsBoundary { cursor += axis.main(p.natural.size) }
        }
        var placed: [SectionGeometry] = []
        placed.reserveCapacity(resolved.count)
        for (s, entry) in resolved.enumerated() {
            if s > 0 { cursor += configuration.interSectionSpacing }
            let description = entry?.description ?? CollectionLayoutSection(group: .horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0)), subitems: []))
            let shape = entry?.shape ?? GroupShape(size: .zero, slots: [], widthEstimated: false, heightEstimated: false, lineIsVertical: nil)
            let own = container(of: description, in: cv)
            let sectionContainer = groupContainer(of: description, in: own.size)
            let data = cv.sections[s]
            let geometry = SectionGeometry(index: s, description: description, itemCount: data.itemCount, shape: shape, axis: axis,
                                           start: cursor + description.spacingBefore, layoutCrossInset: own.crossInset,
                                           layoutContainer: own.size, sectionContainer: sectionContainer,
                                           measured: data.measuredSizes, measuredBoundary: data.measuredSupplementarySizes)
            if geometry.isOrthogonal {
                // Rows keep their offsets across passes, as embedded scroll views do.
                geometry.rowOffset = min(max(0, cv.orthogonalOffsets[data.identity] ?? 0), geometry.maximumRowOffset)
            }
            placed.append(geometry)
            cursor = geometry.end
        }
        for item in configuration.boundarySupplementaryItems where !axis.startsSection(item.alignment) {
            let p = globalPlacement(item, at: cursor, atStart: false)
            global.append(p)
            if item.extendsBoundary { cursor += axis.main(p.natural.size) }
        }
        sections = placed
        sectionOverhang = placed.reduce(0) { max($0, $1.overhang) }
        globalBoundary = global
        contentLength = cursor
    }

    open override var collectionViewContentSize: CGSize {
        guard let cv = collectionView else { return .zero }
        return axis.size(main: contentLength, cross: axis.cross(cv.bounds.size))
    }

    // MARK: Queries

    /// The bounds less the adjusted insets along the scroll axis: where pinned items stop.
    private func visibleRect(_ bounds: CGRect) -> CGRect {
        guard let cv = collectionView else { return bounds }
        let i = cv.adjustedContentInset
        return axis.vertical
            ? CGRect(x: bounds.minX, y: bounds.minY + i.top, width: bounds.width, height: max(0, bounds.height - i.top - i.bottom))
            : CGRect(x: bounds.minX + i.left, y: bounds.minY, width: max(0, bounds.width - i.left - i.right), height: bounds.height)
    }

    /// The sections whose extent meets `rect` along the scroll axis (binary search).
    private func sections(meeting rect: CGRect) -> ArraySlice<SectionGeometry> {
        let lo = axis.minMain(rect) - sectionOverhang, hi = axis.maxMain(rect) + sectionOverhang
        var a = 0, b = sections.count
        while a < b { let m = (a + b) / 2; if sections[m].end < lo { a = m + 1 } else { b = m } }
        var end = a
        while end < sections.count && sections[end].start <= hi { end += 1 }
        return sections[a..<end]
    }

    private func globalFrame(of placement: BoundaryPlacement, visible: CGRect) -> (frame: CGRect, pinned: Bool) {
        placement.frame(visible: visible, from: 0, to: contentLength, axis: axis)
    }

    private func cellAttributes(_ section: SectionGeometry, _ item: Int, frame: CGRect) -> CollectionViewLayoutAttributes {
        let a = makeAttributes(forItem: item, inSection: section.index)
        a.frame = frame
        let slot = section.slot(ofItem: item)
        a.zIndex = slot.zIndex
        return a
    }

    private func boundaryAttributes(_ placement: BoundaryPlacement, frame: (frame: CGRect, pinned: Bool)) -> CollectionViewLayoutAttributes {
        let a = makeAttributes(forSupplementaryOfKind: placement.key.kind ?? "", at: placement.key.indexPath)
        a.frame = frame.frame
        a.zIndex = placement.item.zIndex
        a.isPinned = frame.pinned
        return a
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        guard let cv = collectionView else { return nil }
        let visible = visibleRect(cv.bounds)
        var cells: [CollectionViewLayoutAttributes] = []
        var supplementaries: [CollectionViewLayoutAttributes] = []
        var decorations: [CollectionViewLayoutAttributes] = []
        // Sections with a visible-items handler, and where their own cells and
        // supplementaries lie in the lists.
        var handledSections: [(section: SectionGeometry, cells: Range<Int>, supplementaries: Range<Int>)] = []
        for placement in globalBoundary {
            let f = globalFrame(of: placement, visible: visible)
            if f.frame.overlaps(rect) { supplementaries.append(boundaryAttributes(placement, frame: f)) }
        }
        for section in sections(meeting: rect) {
            let firstCell = cells.count, firstSupplementary = supplementaries.count
            if section.itemsPerGroup > 0 {
                for item in section.itemRange(meeting: rect) {
                    counters.elementsTouched += 1
                    let frame = section.itemFrame(item)
                    if frame.overlaps(rect) { cells.append(cellAttributes(section, item, frame: frame)) }
                    for supplementary in section.slot(ofItem: item).item.supplementaryItems {
                        let f = supplementary.frame(on: frame, size: supplementary.layoutSize.resolve(in: frame.size))
                        guard f.overlaps(rect) else { continue }
                        let a = makeAttributes(forSupplementaryOfKind: supplementary.elementKind, at: IndexPath(item: item, section: section.index))
                        a.frame = f
                        a.zIndex = supplementary.zIndex
                        supplementaries.append(a)
                    }
                }
            }
            for placement in section.boundary {
                let f = section.frame(of: placement, visible: visible)
                if f.frame.overlaps(rect) { supplementaries.append(boundaryAttributes(placement, frame: f)) }
            }
            for background in section.background where background.frame.overlaps(rect) {
                let a = makeAttributes(forDecorationOfKind: background.item.elementKind, at: IndexPath(item: 0, section: section.index))
                a.frame = background.frame
                a.zIndex = background.item.zIndex
                decorations.append(a)
            }
            if section.description.visibleItemsInvalidationHandler != nil {
                handledSections.append((section, firstCell..<cells.count, firstSupplementary..<supplementaries.count))
            }
        }
        // What the handlers set is kept for single queries: the values of the
        // visible query replace those of earlier passes; other rects add theirs.
        if rect == cv.bounds { handled = [:] }
        for entry in handledSections {
            callHandler(of: entry.section, with: Array(cells[entry.cells]) + Array(supplementaries[entry.supplementaries]), in: cv)
        }
        return cells + supplementaries + decorations
    }

    /// Calls a section's visible-items handler with its items (in the row's
    /// own coordinates for an orthogonal section) and keeps what it sets.
    private func callHandler(of section: SectionGeometry, with items: [CollectionViewLayoutAttributes], in cv: CollectionView) {
        guard let handler = section.description.visibleItemsInvalidationHandler, let environment else { return }
        let shift = section.isOrthogonal ? section.rowOffset : 0
        if shift != 0 { for a in items { a.frame = axis.offset(a.frame, cross: shift) } }
        let offset = section.isOrthogonal ? axis.point(main: 0, cross: section.rowOffset) : cv.contentOffset
        cv.report(.layoutCallback("visibleItemsInvalidationHandler",
                                  detail: "section \(section.index): \(items.count) visible item\(items.count == 1 ? "" : "s"), offset \(offset.stk)"))
        handler(items, offset, environment)
        if shift != 0 { for a in items { a.frame = axis.offset(a.frame, cross: -shift) } }
        for a in items { handled[a.key] = a.copied() }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        if let a = handled[.cell(indexPath)] { return a.copied() }
        let section = sections[indexPath.section]
        guard section.itemsPerGroup > 0, indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        return cellAttributes(section, indexPath.item, frame: section.itemFrame(indexPath.item))
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let cv = collectionView, indexPath.count == 2 else { return nil }
        if let a = handled[.supplementary(elementKind, indexPath)] { return a.copied() }
        let visible = visibleRect(cv.bounds)
        if indexPath == IndexPath(item: 0, section: 0), let p = globalBoundary.first(where: { $0.item.elementKind == elementKind }) {
            return boundaryAttributes(p, frame: globalFrame(of: p, visible: visible))
        }
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let section = sections[indexPath.section]
        if indexPath.item == 0, let p = section.boundary.first(where: { $0.item.elementKind == elementKind }) {
            return boundaryAttributes(p, frame: section.frame(of: p, visible: visible))
        }
        guard section.itemsPerGroup > 0, indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        let frame = section.itemFrame(indexPath.item)
        guard let supplementary = section.slot(ofItem: indexPath.item).item.supplementaryItems
            .first(where: { $0.elementKind == elementKind }) else { return nil }
        let a = makeAttributes(forSupplementaryOfKind: elementKind, at: indexPath)
        a.frame = supplementary.frame(on: frame, size: supplementary.layoutSize.resolve(in: frame.size))
        a.zIndex = supplementary.zIndex
        return a
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.item == 0, indexPath.section >= 0, indexPath.section < sections.count,
              let background = sections[indexPath.section].background.first(where: { $0.item.elementKind == elementKind }) else { return nil }
        let a = makeAttributes(forDecorationOfKind: elementKind, at: indexPath)
        a.frame = background.frame
        a.zIndex = background.item.zIndex
        return a
    }

    // MARK: Orthogonal rows

    /// The orthogonal section `section` (an error naming why when it is not one).
    func orthogonalSection(_ section: Int) throws -> SectionGeometry {
        guard section >= 0, section < sections.count else {
            throw CollectionViewError.noSuchSection(section, message: "section \(section) does not exist (the layout has \(sections.count) section\(sections.count == 1 ? "" : "s"))")
        }
        let geometry = sections[section]
        guard geometry.isOrthogonal else {
            throw CollectionViewError("section \(section) does not scroll orthogonally (its orthogonalScrollingBehavior is .none)")
        }
        return geometry
    }

    /// The row offset of an orthogonal section, nil for any other section.
    public func orthogonalOffset(ofSection section: Int) -> CGFloat? {
        guard section >= 0, section < sections.count, sections[section].isOrthogonal else { return nil }
        return sections[section].rowOffset
    }

    /// An orthogonal section's row as a scroll indicator shows it, nil for
    /// any other section.
    public func orthogonalRow(ofSection section: Int) -> OrthogonalRowState? {
        guard section >= 0, section < sections.count, sections[section].isOrthogonal else { return nil }
        let geometry = sections[section]
        return OrthogonalRowState(section: section, offset: geometry.rowOffset, visibleLength: geometry.crossLength,
                                  contentLength: geometry.rowLength)
    }

    /// The range a row's offset may take.
    public func orthogonalOffsetRange(ofSection section: Int) throws -> ClosedRange<CGFloat> {
        0...(try orthogonalSection(section)).maximumRowOffset
    }

    /// Moves a row (clamped to its range) and returns the context UIKit's
    /// layout would make: the section's visible items when it has a
    /// visible-items handler, else nil (an embedded scroll view moves; no
    /// invalidation).
    func moveRow(ofSection section: Int, to offset: CGFloat) throws -> CollectionViewLayoutInvalidationContext? {
        let geometry = try orthogonalSection(section)
        guard let cv = collectionView else { return nil }
        geometry.rowOffset = min(max(0, offset), geometry.maximumRowOffset)
        cv.orthogonalOffsets[cv.sections[section].identity] = geometry.rowOffset
        guard geometry.description.visibleItemsInvalidationHandler != nil else { return nil }
        let context = Self.contextType.init()
        let items = geometry.itemRange(meeting: cv.bounds).filter { geometry.itemFrame($0).overlaps(cv.bounds) }
        context.invalidateItems(at: items.map { IndexPath(item: $0, section: section) })
        return context
    }

    /// Where a fling of a row comes to rest (docs/semantics.md, "Orthogonal
    /// sections"): the projection, then the behaviour's snapping.
    public func orthogonalRestingOffset(ofSection section: Int, velocity: CGFloat, decelerationRate: CGFloat) throws -> CGFloat {
        let geometry = try orthogonalSection(section)
        let current = geometry.rowOffset
        let range = 0...geometry.maximumRowOffset
        func clamp(_ v: CGFloat) -> CGFloat { min(max(v, range.lowerBound), range.upperBound) }
        let projected = current + CollectionView.decelerationDistance(velocity: velocity, rate: decelerationRate)
        let pitch = geometry.pitch
        let lead = geometry.rowLeadingInset
        let groups = geometry.groupCount
        let lastGroup = CGFloat(max(0, groups - 1))
        // Groups are indexed by where they start (or, centred, by where they
        // are centred): uniform groups `pitch` apart, measured ones where they
        // now are. `position` as a fractional index into those places, beyond
        // the ends at the first or last group's spacing.
        func index(of position: CGFloat, _ place: (Int) -> CGFloat) -> CGFloat {
            guard groups > 1 else { return 0 }
            var lo = 0, hi = groups - 1
            while lo + 1 < hi { let mid = (lo + hi) / 2; if place(mid) <= position { lo = mid } else { hi = mid } }
            let g = position < place(0) ? 0 : position >= place(groups - 1) ? groups - 2 : lo
            let span = place(g + 1) - place(g)
            return span > 0 ? CGFloat(g) + (position - place(g)) / span : CGFloat(g)
        }
        func start(_ g: CGFloat) -> CGFloat { geometry.groupStart(Int(min(max(0, g), lastGroup))) }
        // Group g is centred at offset lead + its start + its length / 2 - visible / 2.
        func centred(_ g: Int) -> CGFloat { lead + geometry.groupStart(g) + geometry.groupLength(g) / 2 - geometry.crossLength / 2 }
        switch geometry.description.orthogonalScrollingBehavior {
        case .none, .continuous:
            return clamp(projected)
        case .continuousGroupLeadingBoundary:
            guard pitch > 0 else { return clamp(projected) }
            return clamp(start(index(of: projected, geometry.groupStart).rounded()))
        case .paging:
            let page = geometry.crossLength
            guard page > 0 else { return clamp(projected) }
            return clamp(CollectionView.pageIndex(from: current, velocity: velocity, pageLength: page) * page)
        case .groupPaging:
            guard pitch > 0 else { return clamp(projected) }
            let target = CollectionView.pageIndex(from: index(of: current, geometry.groupStart), velocity: velocity, pageLength: 1)
            return clamp(start(target))
        case .groupPagingCentered:
            guard pitch > 0 else { return clamp(projected) }
            // The first and last centred offsets bound the row (stk).
            let target = CollectionView.pageIndex(from: index(of: current, centred), velocity: velocity, pageLength: 1)
            return max(0, min(centred(Int(min(max(0, target), lastGroup))), geometry.maximumRowOffset))
        }
    }
}

/// Where an orthogonal row is scrolled: its offset along the row, the length
/// of the row the section shows (its layout container) and the length of all
/// its groups.
public struct OrthogonalRowState: Equatable, Sendable {
    public var section: Int
    public var offset: CGFloat
    public var visibleLength: CGFloat
    public var contentLength: CGFloat

    public init(section: Int, offset: CGFloat, visibleLength: CGFloat, contentLength: CGFloat) {
        self.section = section
        self.offset = offset
        self.visibleLength = visibleLength
        self.contentLength = contentLength
    }

    /// The largest offset the row takes.
    public var maximumOffset: CGFloat { max(0, contentLength - visibleLength) }
}
