import Foundation

/// Copies and restored states: a replica of the collection view driving a
/// fresh layout (how a context is checked), and data restored by `undo`,
/// both laid out from the recorded measurements.
extension CollectionView {
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
        replica.storedContentInset = contentInset
        replica.safeAreaInsets = safeAreaInsets
        replica.sections = sections
        replica.nextIdentity = nextIdentity
        replica.nextRevision = nextRevision
        replica.installedDelegate = installedDelegate
        replica.installedDataSource = installedDataSource
        replica.identifiersProvider = identifiersProvider
        replica.identifiersInFlight = identifiersInFlight
        replica.readsIdentifiers = readsIdentifiers
        replica.sectionIdentifierCases = sectionIdentifierCases
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

    /// Restores data previously read from `sections` (undo), as a reload.
    public func restoreSections(_ data: [SectionData]) {
        // Pending work of the old data is finished first; a collection view
        // that never had data (undo builds a new one) has none, and its layout
        // is not asked to lay out an empty view it will never show.
        if !sections.isEmpty { layoutIfNeeded() }
        nextRevision += 1
        var restored = data
        var largestIdentity = nextIdentity
        for i in restored.indices {
            largestIdentity = max(largestIdentity, restored[i].identity)
            restored[i].revision = nextRevision
        }
        nextIdentity = largestIdentity
        sections = restored
        invalidateEverything(reason: .reloadData)
        layOutFromTheRecord()
    }

    /// Restores data previously read from another collection view of the same
    /// host (`undo` builds a new collection view for each state it restores)
    /// into this one, which never had data: the sections keep their
    /// identities and revisions, and this view numbers new ones after every
    /// number `previous` gave, so an identity and revision name the same
    /// content in both. A layout that keeps geometry by identity and revision
    /// (the flow layout, `adoptGeometry(of:)`) can then reuse what it computed
    /// for `previous`. Then the first pass, as `restoreSections(_:)`.
    public func restoreSections(_ data: [SectionData], continuingFrom previous: CollectionView) {
        precondition(sections.isEmpty, "restoreSections(_:continuingFrom:) restores into a collection view without data")
        nextIdentity = max(nextIdentity, previous.nextIdentity)
        nextRevision = max(nextRevision, previous.nextRevision)
        sections = data
        invalidateEverything(reason: .reloadData)
        layOutFromTheRecord()
    }

    /// Before this view is dropped for another (undo builds a new one): the
    /// attribute objects its layout keeps to make again, and those it shows,
    /// go to `layout`, so that the new view's first pass does not make them
    /// anew. This view shows nothing after, and must not be used again.
    public func handOverAttributes(to layout: CollectionViewLayout) {
        var shown = visible.elements
        visible = VisibleSet()
        layout.takeReusableAttributes(from: collectionViewLayout, shown: &shown)
    }

    /// Gives up the data to a host that rebuilds the view in another one
    /// (`undo`): the caller then owns the only copy and can change it in
    /// place. This view is left without sections and must not be used again.
    public func takeSections() -> [SectionData] {
        defer { sections = [] }
        return sections
    }

    /// The first pass of a state restored or copied: cells are not measured
    /// anew; the layout is told the recorded measurements instead.
    func layOutFromTheRecord() {
        isReplayingMeasurements = true
        layoutPass(mapping: nil, updates: nil)
        isReplayingMeasurements = false
        replayMeasurements()
    }

    /// Tells the installed layout the recorded measurements (a replica's fresh
    /// layout, a restored state), as the cells' preferred attributes, without
    /// moving the content; then lays out. A layout that already gives a cell
    /// its measured size (the built-in flow layout reads the record) is not asked.
    func replayMeasurements() {
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
}
