import Foundation

/// One layout pass of the collection view, phase by phase in UIKit's order
/// (docs/semantics.md, "The layout cycle"); `run` is the template every pass
/// follows, and each phase reports its event, which is where `step` pauses:
///
/// 1. `adjustContentOffset`: the contexts' offset adjustments, as a bounds change;
/// 2. `prepare`: `prepare()` and the content size, when the layout was invalidated;
/// 3. `prepareUpdates`: `prepare(forCollectionViewUpdates:)` after a batch update;
/// 4. `queryVisibleElements`: `layoutAttributesForElements(in: bounds)`;
/// 5. `diffVisibleElements`: what appeared, disappeared and changed;
/// 6. `finishUpdates`: initial and final attributes, `finalizeCollectionViewUpdates()`;
/// 7. `commit`: the answer becomes the visible set (`visibleChanged`).
///
/// The pass returns the cells self-sizing measures next.
struct LayoutPass {
    let collectionView: CollectionView
    let layout: CollectionViewLayout
    /// After a batch update: how old elements map to new keys.
    let mapping: BatchUpdatePlan?
    /// After a batch update: the update items, in UIKit's order.
    let updates: [CollectionViewUpdateItem]?
    /// How far the content offset moved since the last pass (for derived pinning).
    var offsetChange: CGPoint?

    init(_ collectionView: CollectionView, mapping: BatchUpdatePlan?, updates: [CollectionViewUpdateItem]?, offsetChange: CGPoint?) {
        self.collectionView = collectionView
        self.layout = collectionView.collectionViewLayout
        self.mapping = mapping
        self.updates = updates
        self.offsetChange = offsetChange
    }

    private func report(_ event: LayoutCycleEvent) { collectionView.report(event) }

    /// The visible diff and what it was computed from.
    struct Diff {
        var changes = VisibleChanges()
        /// The answer's keys in order, when it came sorted.
        var sortedKeys: [ElementOrderKey]?
        /// The answer by key, when the diff built it.
        var byKey: [ElementKey: CollectionViewLayoutAttributes]?
        /// The changes are in key order already (a merge of two sorted sets).
        var isSorted = false
    }

    /// The template: every phase in order. Returns the cells the pass
    /// displayed (appeared, or resized) that self-sizing measures.
    mutating func run() -> [CollectionViewLayoutAttributes] {
        // What was visible before: once the pass is over, the objects nothing
        // else holds (no event kept, no layout's cache) go back to the layout
        // to be made again.
        var previous = layout.makesBaseAttributes ? collectionView.visible.elements : []
        let cells = runPhases()
        layout.reuseAttributes(&previous)
        return cells
    }

    /// The phases, in a function of their own: the pass's diff and answer are
    /// let go of when it returns, before what was visible is handed back.
    private mutating func runPhases() -> [CollectionViewLayoutAttributes] {
        adjustContentOffset()
        prepare()
        prepareUpdates()
        let (answer, sortedKeys, values) = queryVisibleElements()
        let diff = diffVisibleElements(answer, sortedKeys: sortedKeys)
        finishUpdates(diff.changes, answer: answer)
        commit(answer, diff, values: values)
        return cellsToMeasure(diff)
    }

    // MARK: The phases

    /// The sum of the contexts' `contentOffsetAdjustment`s moves the offset as
    /// any scroll does: the layout is asked about the bounds change, so what
    /// floats follows it.
    mutating func adjustContentOffset() {
        let cv = collectionView
        guard cv.pendingOffsetAdjustment != .zero else { return }
        let adjustment = cv.pendingOffsetAdjustment
        cv.pendingOffsetAdjustment = .zero
        cv.moveBounds(to: cv.bounds.offsetBy(dx: adjustment.x, dy: adjustment.y))
        offsetChange = CGPoint(x: (offsetChange?.x ?? 0) + adjustment.x, y: (offsetChange?.y ?? 0) + adjustment.y)
    }

    /// `prepare()` and the content size, when the layout was invalidated.
    func prepare() {
        collectionView.visibleQueryLimit = collectionView.maximumVisibleElements
        guard layout.needsPrepare else { return }
        let touchedBefore = layout.counters.elementsTouched
        let sectionsBefore = layout.counters.sectionsComputed
        layout.needsPrepare = false
        layout.runPrepare()
        report(.prepared(elementsTouched: layout.counters.elementsTouched - touchedBefore,
                         sectionsComputed: layout.counters.sectionsComputed - sectionsBefore))
        report(.contentSize(layout.collectionViewContentSize))
    }

    /// `prepare(forCollectionViewUpdates:)`, after a batch update.
    func prepareUpdates() {
        guard let updates else { return }
        layout.prepare(forCollectionViewUpdates: updates)
        report(.updatesPrepared(updates))
    }

    /// The layout's answer for the bounds, cut at the visible limit, as values
    /// stk owns; in key order with its keys when the keys allow
    /// (`VisibleSet.sortByKey`).
    func queryVisibleElements() -> (answer: [CollectionViewLayoutAttributes], sortedKeys: [ElementOrderKey]?, values: [AttributesSnapshot]) {
        let cv = collectionView
        let createdBefore = layout.counters.attributesCreated
        var answer = layout.layoutAttributesForElements(in: cv.bounds) ?? []
        // A flow subclass's answer has been adjusted by now: checking what the
        // flow layout handed it also lets go of those objects, so that the
        // answer's own are not taken for shared and copied below.
        (layout as? CollectionViewFlowLayout)?.checkHandedOut()
        cv.visibleQueryLimit = nil
        if let limit = cv.maximumVisibleElements, answer.count > limit {
            // A layout that does not stop at the limit (a plugin): its answer
            // is cut, so the diff and the events stay bounded, and the pass
            // is said to be over it, so that the session refuses the command.
            cv.noteVisibleLimitExceeded()
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
        cv.checkAnswer(answer)
        let sortedKeys = VisibleSet.sortByKey(&answer)
        let values = cv.observer?.wantsAttributeCopies == true ? answer.map { AttributesSnapshot($0) } : []
        report(.elementsQueried(rect: cv.bounds, attributes: values, attributesCreated: layout.counters.attributesCreated - createdBefore))
        return (answer, sortedKeys, values)
    }

    /// What appeared, disappeared and changed since the last pass: one merge
    /// of two sorted sets when the layout answers in key order (as most do),
    /// after a batch update with the old keys mapped to their new ones first;
    /// lookups by key otherwise.
    func diffVisibleElements(_ answer: [CollectionViewLayoutAttributes], sortedKeys: [ElementOrderKey]?) -> Diff {
        var diff = Diff()
        diff.sortedKeys = sortedKeys
        if mapping == nil, let keys = diff.sortedKeys, let before = collectionView.visible.sorted {
            VisibleSet.mergeDiff(old: before.attributes, oldKeys: before.keys, new: answer, newKeys: keys, into: &diff.changes)
            diff.isSorted = true
            return diff
        }
        if let mapping, collectionView.mergesMappedDiffs, let keys = diff.sortedKeys, let before = collectionView.visible.sorted,
           VisibleSet.mergeMappedDiff(old: before.attributes, oldKeys: before.keys, mapping: mapping,
                                      new: answer, newKeys: keys, into: &diff.changes) {
            return diff
        }
        var byKey: [ElementKey: CollectionViewLayoutAttributes] = [:]
        byKey.reserveCapacity(answer.count)
        for a in answer { byKey[a.key] = a }
        diff.byKey = byKey
        let visibleBefore = collectionView.visibleAttributes
        var matched = Set<ElementKey>()
        // At most one per element visible before: room for them all at once,
        // rather than a set rehashed as it grows on every batch update's pass.
        if mapping != nil { matched.reserveCapacity(visibleBefore.count) }
        for (oldKey, before) in visibleBefore {
            // Keys are identities, except across a batch update's mapping.
            let key = mapping.map { $0.newKey(for: oldKey) } ?? oldKey
            if let key, let after = byKey[key] {
                if mapping != nil { matched.insert(key) }
                if key != oldKey || !before.hasSameAttributes(as: after) {
                    diff.changes.changed.append(.init(from: before, to: after, keyBefore: mapping == nil ? nil : oldKey))
                }
            } else {
                diff.changes.disappeared.append(before)
            }
        }
        for (key, a) in byKey where mapping == nil ? visibleBefore[key] == nil : !matched.contains(key) {
            diff.changes.appeared.append(a)
        }
        if updates != nil || collectionView.observer?.wantsAttributeCopies == true {
            // Key order is for people reading a trace; measuring observers skip
            // the sort (a diagonal grid scroll changes every sticky cell). Batch
            // updates always sort: initial and final attributes are asked in key order.
            VisibleSet.sortEntriesByKey(&diff.changes.appeared) { $0 }
            VisibleSet.sortEntriesByKey(&diff.changes.disappeared) { $0 }
            VisibleSet.sortEntriesByKey(&diff.changes.changed) { $0.to }
        }
        return diff
    }

    /// After a batch update: the initial attributes of what appears, the final
    /// attributes of what disappears (and of the views the layout inserts or
    /// deletes beyond them), then `finalizeCollectionViewUpdates()`.
    func finishUpdates(_ diff: VisibleChanges, answer: [CollectionViewLayoutAttributes]) {
        guard updates != nil else { return }
        for a in diff.appeared { report(.appearing(a.key, initial: initialAttributes(for: a.key).map { AttributesSnapshot($0) })) }
        for a in diff.disappeared { report(.disappearing(a.key, final: finalAttributes(for: a.key).map { AttributesSnapshot($0) })) }
        reportExtraUpdatedViews(diff: diff, answer: answer)
        layout.finalizeCollectionViewUpdates()
        report(.updatesFinalized)
    }

    /// The answer becomes the visible set, pinning derived from the motion
    /// where stk derives it, and the diff is reported.
    func commit(_ answer: [CollectionViewLayoutAttributes], _ diff: Diff, values: [AttributesSnapshot]) {
        let cv = collectionView
        if cv.derivesPinnedFromMotion, let delta = offsetChange, delta != .zero {
            // Pinned along an axis: moved exactly with the offset on an axis
            // along which the offset moved (a sticky row follows a diagonal
            // scroll vertically only).
            cv.pinnedByMotion = Set(diff.changes.changed.lazy.filter { change in
                let dx = change.to.frame.minX - change.from.frame.minX
                let dy = change.to.frame.minY - change.from.frame.minY
                return (delta.x != 0 && abs(dx - delta.x) < 1e-9) || (delta.y != 0 && abs(dy - delta.y) < 1e-9)
            }.map(\.key))
        }
        if cv.derivesPinnedFromMotion { for a in answer { cv.applyDerivedPinning(to: a) } }
        if let sortedKeys = diff.sortedKeys {
            cv.visible = VisibleSet(sorted: answer, keys: sortedKeys, byKey: diff.byKey)
            // The answer's values are the visible set's, element for element,
            // unless pinning derived from the motion changed some since.
            if values.count == answer.count, !cv.derivesPinnedFromMotion { cv.visibleValues = values }
        } else {
            cv.visible = VisibleSet(byKey: diff.byKey ?? [:])
        }
        // Values, made after derived pinning: what an observer keeps never
        // holds the objects later passes make again. A measuring observer
        // (no copies) is told that the pass ended, without them.
        if let observer = cv.observer {
            report(.visibleChanged(observer.wantsAttributeCopies ? VisibleDiff(diff.changes) : VisibleDiff()))
        }
        (layout as? CollectionViewFlowLayout)?.checkHandedOut()
    }

    /// The cells (and headers and footers) self-sizing measures: those that
    /// appeared, or changed size.
    func cellsToMeasure(_ diff: Diff) -> [CollectionViewLayoutAttributes] {
        guard collectionView.hasPreferredSizes, !collectionView.isReplayingMeasurements else { return [] }
        func measured(_ a: CollectionViewLayoutAttributes) -> Bool { a.representedElementCategory != .decorationView }
        var shown = diff.changes.appeared.filter(measured)
        for change in diff.changes.changed where measured(change.to) && change.from.size != change.to.size {
            shown.append(change.to)
        }
        if !diff.isSorted { shown.sort { $0.key < $1.key } }
        return shown
    }

    // MARK: Animating a batch update

    private func initialAttributes(for key: ElementKey) -> CollectionViewLayoutAttributes? {
        switch key.category {
        case .cell: return layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .supplementaryView: return layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: return layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }

    private func finalAttributes(for key: ElementKey) -> CollectionViewLayoutAttributes? {
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
    private func reportExtraUpdatedViews(diff: VisibleChanges, answer: [CollectionViewLayoutAttributes]) {
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
        for key in extra(inserted, among: appeared) { report(.appearing(key, initial: initialAttributes(for: key).map { AttributesSnapshot($0) })) }
        for key in extra(deleted, among: disappeared) { report(.disappearing(key, final: finalAttributes(for: key).map { AttributesSnapshot($0) })) }
    }
}
