import Foundation

/// Self-sizing cells: what a displayed cell's content wants, offered to the
/// layout, and the passes that follow until the sizes settle.
extension CollectionView {
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
    func selfSize(_ shown: [CollectionViewLayoutAttributes]) {
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
    func measure(_ cells: [CollectionViewLayoutAttributes]) -> Bool {
        var offered: [ElementKey] = []
        return measure(cells, offered: &offered)
    }

    /// The same, appending the cells whose size the layout took to `offered`.
    func measure(_ cells: [CollectionViewLayoutAttributes], offered: inout [ElementKey]) -> Bool {
        var invalidated = false
        for original in cells {
            guard let wanted = preferredSize(of: original), wanted != original.size else { continue }
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
    func offer(_ size: CGSize, to shown: CollectionViewLayoutAttributes, recording: Bool) -> Bool {
        let layout = collectionViewLayout
        // The layout gets a copy, as UIKit hands it the attributes applied to
        // the cell: an element once shown never changes (what was visible
        // before an operation is kept as those very objects).
        let createdBefore = CollectionViewLayoutAttributes.instancesCreated
        let original = shown.copied()
        CollectionViewLayoutAttributes.instancesCreated = createdBefore // stk's copy, not the layout's
        let preferred = original.copied()
        preferred.frame = CGRect(origin: original.frame.origin, size: size)
        let accepted = layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        report(.preferredAttributesAsked(original.key, original: original.frame, preferred: preferred.frame, answer: accepted))
        guard accepted else { return false }
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        if recording {
            nextRevision += 1
            let path = original.indexPath
            if original.representedElementCategory == .cell {
                sections[path.section].recordMeasurement(size, at: path.item, revision: nextRevision)
            } else {
                sections[path.section].recordSupplementaryMeasurement(size, ofKind: original.representedElementKind ?? "", revision: nextRevision)
            }
        }
        invalidate(with: context, reason: .preferredAttributes)
        return true
    }

    /// Declares the size a cell's content wants (nil: none), as a change of the
    /// cell's content would on iOS. A displayed cell is measured at once.
    public func setPreferredSize(_ size: CGSize?, at indexPath: IndexPath) throws {
        guard isValidItem(indexPath) else { throw itemOutOfRange(indexPath) }
        if let size { try Validate.size(size, "preferred size of item \(indexPath.stk)") }
        layoutIfNeeded()
        sections[indexPath.section].setPreferredSize(size, at: indexPath.item)
        remeasure { $0 == .cell(indexPath) }
    }

    /// Declares the size a section's header or footer (`kind`), or its
    /// supplementary view of another kind, wants (nil: none), as a change of
    /// its content would on iOS. A displayed one is measured at once.
    public func setPreferredSize(_ size: CGSize?, ofSupplementary kind: String, inSection section: Int) throws {
        guard section >= 0, section < sections.count else { throw sectionOutOfRange(section) }
        if let size {
            let element = kind == ElementKind.sectionHeader ? "header" : kind == ElementKind.sectionFooter ? "footer" : "\(kind) view"
            try Validate.size(size, "preferred size of the \(element) of section \(section)")
        }
        layoutIfNeeded()
        sections[section].setPreferredSupplementarySize(size, ofKind: kind)
        remeasure { $0 == .supplementary(kind, IndexPath(item: 0, section: section)) }
    }

    /// What an element's content wants: a cell's, or a header's or footer's
    /// (nil: nothing declared, or the element does not exist).
    func preferredSize(of element: CollectionViewLayoutAttributes) -> CGSize? {
        let path = element.indexPath
        switch element.representedElementCategory {
        case .cell:
            return isValidItem(path) ? sections[path.section].preferredSize(at: path.item) : nil
        case .supplementaryView:
            guard path.count == 2, path.item == 0, path.section >= 0, path.section < sections.count else { return nil }
            return sections[path.section].preferredSupplementarySizes[element.representedElementKind ?? ""]
        case .decorationView:
            return nil
        }
    }

    /// Declares the size every cell of a section wants unless it has its own (nil: none).
    public func setPreferredSize(_ size: CGSize?, inSection section: Int) throws {
        guard section >= 0, section < sections.count else {
            throw sectionOutOfRange(section)
        }
        if let size { try Validate.size(size, "preferred size of the items of section \(section)") }
        layoutIfNeeded()
        sections[section].sectionPreferredSize = size
        remeasure { $0.category == .cell && $0.section == section }
    }

    /// Measures the displayed elements `matching`, then runs the passes that follows.
    func remeasure(matching: (ElementKey) -> Bool) {
        let cells = visibleAttributes.values.filter { matching($0.key) }.sorted { $0.key < $1.key }
        guard measure(cells) else { return }
        layoutPass(mapping: nil, updates: nil)
    }
}
