import Foundation

/// One item's place in a group, relative to the group's origin.
struct ItemSlot {
    /// The slot (its resolved size, after edge spacing).
    var slot: CGRect
    /// The item's frame: the slot inset by the item's content insets, except
    /// along an estimated dimension.
    var frame: CGRect
    let item: CollectionLayoutItem
    var zIndex: Int = 0
    /// The line the item is placed in: the innermost horizontal (false) or
    /// vertical (true) group holding it, by an identity of the group's shape
    /// (`line`); nil in a custom group. A measured item moves the items after
    /// it in its line.
    var lineIsVertical: Bool? = nil
    var line = 0
    /// The line that holds the item's group, when the item is in a group
    /// nested in another: a measured item that makes its group longer along
    /// that line moves the groups after it there.
    var outerLine: (id: Int, isVertical: Bool)? = nil
    var widthEstimated: Bool { item.layoutSize.widthDimension.isEstimated }
    var heightEstimated: Bool { item.layoutSize.heightDimension.isEstimated }

    /// Where the item's room ends: `box` (its slot, or the slot as measured)
    /// with its trailing and bottom edge spacing, which an estimated group
    /// holds too.
    func reach(of box: CGRect) -> CGPoint {
        CGPoint(x: box.maxX + (item.edgeSpacing?.trailing?.spacing ?? 0), y: box.maxY + (item.edgeSpacing?.bottom?.spacing ?? 0))
    }
}

extension CollectionLayoutItem {
    /// The item's frame in `slot`: the slot inset by its content insets,
    /// except along an estimated dimension, where UIKit ignores them.
    func frame(in slot: CGRect) -> CGRect {
        let i = contentInsets
        guard i != .zero else { return slot }
        var frame = slot
        if !layoutSize.widthDimension.isEstimated {
            frame.origin.x += i.leading
            frame.size.width = max(0, frame.width - i.leading - i.trailing)
        }
        if !layoutSize.heightDimension.isEstimated {
            frame.origin.y += i.top
            frame.size.height = max(0, frame.height - i.top - i.bottom)
        }
        return frame
    }
}

/// A group resolved against its container: its size and, depth first through
/// nested groups, one slot per item it holds. Every group of a section has
/// the same shape (the last may hold fewer items), which is what makes a
/// section arithmetic.
struct GroupShape {
    var size: CGSize
    var slots: [ItemSlot]
    var widthEstimated: Bool
    var heightEstimated: Bool
    /// Whether the slots are the group's own items one after another along
    /// x (a horizontal group) or y (a vertical one); nil for a custom group
    /// or one that nests groups. Only such a group's items may flow
    /// (`WrappedGroups`).
    var lineIsVertical: Bool?
}

/// Resolves groups into shapes (docs/semantics.md, "Compositional layout").
struct GroupSolver {
    let environment: CollectionLayoutEnvironment
    /// UIKit's console messages for what it tolerates (quoted as warnings).
    var warnings: [String] = []
    /// Lines laid out so far: each line's items share its number (`ItemSlot.line`).
    private var lineCount = 0
    /// More items than this in one group is a group of zero-sized items: refused.
    static let maximumItemsPerGroup = 10_000

    init(environment: CollectionLayoutEnvironment) { self.environment = environment }

    /// The shape of `group` in a container of `container` (its size resolved
    /// there, or `forced` when a `count:` parent decides its length).
    mutating func shape(of group: CollectionLayoutGroup, in container: CGSize, forcedSize: CGSize? = nil) throws -> GroupShape {
        let size = forcedSize ?? group.layoutSize.resolve(in: container)
        let insets = group.contentInsets
        let content = CGSize(width: max(0, size.width - insets.leading - insets.trailing),
                             height: max(0, size.height - insets.top - insets.bottom))
        var slots: [ItemSlot]
        switch group.arrangement {
        case .custom(let provider):
            let customEnvironment = LayoutEnvironment(
                container: LayoutContainer(contentSize: size, contentInsets: insets),
                traitCollection: environment.traitCollection,
                layoutMargins: (environment as? LayoutEnvironment)?.layoutMargins ?? EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
            slots = provider(customEnvironment).map { custom in
                let frame = custom.frame.offsetBy(dx: insets.leading, dy: insets.top)
                // A custom item is an item of the group's own size description;
                // its frame is what the provider says.
                return ItemSlot(slot: frame, frame: frame, item: CollectionLayoutItem(layoutSize: CollectionLayoutSize(
                    widthDimension: .absolute(custom.frame.width), heightDimension: .absolute(custom.frame.height))), zIndex: custom.zIndex)
            }
        case .horizontal:
            slots = try line(group, content: content, vertical: false)
        case .vertical:
            slots = try line(group, content: content, vertical: true)
        }
        for i in slots.indices {
            slots[i].slot = slots[i].slot.offsetBy(dx: insets.leading, dy: insets.top)
            slots[i].frame = slots[i].frame.offsetBy(dx: insets.leading, dy: insets.top)
        }
        var resolved = size
        // A group whose dimension is estimated is as long as what it holds,
        // its items' trailing and bottom edge spacing included (stk).
        if group.layoutSize.heightDimension.isEstimated, let bottom = slots.map({ $0.reach(of: $0.slot).y }).max() {
            resolved.height = bottom + insets.bottom
        }
        if group.layoutSize.widthDimension.isEstimated, let right = slots.map({ $0.reach(of: $0.slot).x }).max() {
            resolved.width = right + insets.trailing
        }
        var lineIsVertical: Bool?
        if !group.subitems.contains(where: { $0 is CollectionLayoutGroup }) {
            switch group.arrangement {
            case .horizontal: lineIsVertical = false
            case .vertical: lineIsVertical = true
            case .custom: lineIsVertical = nil
            }
        }
        return GroupShape(size: resolved, slots: slots,
                          widthEstimated: group.layoutSize.widthDimension.isEstimated,
                          heightEstimated: group.layoutSize.heightDimension.isEstimated,
                          lineIsVertical: lineIsVertical)
    }

    /// A horizontal (or, `vertical`, a vertical) group's items along its axis.
    /// Written along x; a vertical group swaps the axes on the way in and out
    /// (`LineAxis`).
    private mutating func line(_ group: CollectionLayoutGroup, content: CGSize, vertical: Bool) throws -> [ItemSlot] {
        let axis = LineAxis(vertical: vertical)
        guard !group.subitems.isEmpty else { return [] }
        let length = axis.swap(content).width
        let placed = try placeSubitems(of: group, content: content, length: length, axis: axis)
        lineCount += 1
        return slots(of: placed, spacing: group.interItemSpacing, length: length, across: axis.swap(content).height, axis: axis, line: lineCount)
    }

    /// The axis a line is laid along, and the swaps that write a vertical
    /// line as a horizontal one.
    private struct LineAxis {
        let vertical: Bool
        func swap(_ s: CGSize) -> CGSize { vertical ? CGSize(width: s.height, height: s.width) : s }
        func swap(_ r: CGRect) -> CGRect { vertical ? CGRect(x: r.minY, y: r.minX, width: r.height, height: r.width) : r }
        /// An item's edge spacing along the line (lead, trail) and across it (top, bottom).
        func edges(_ item: CollectionLayoutItem) -> (lead: CollectionLayoutSpacing?, trail: CollectionLayoutSpacing?,
                                                     top: CollectionLayoutSpacing?, bottom: CollectionLayoutSpacing?) {
            let e = item.edgeSpacing
            return vertical ? (e?.top, e?.bottom, e?.leading, e?.trailing) : (e?.leading, e?.trailing, e?.top, e?.bottom)
        }
    }

    /// A subitem placed in a line: its size, and its own shape when it is a group.
    private struct PlacedSubitem {
        var item: CollectionLayoutItem
        var size: CGSize
        var shape: GroupShape?
    }

    /// The subitems a line holds: `count` of them sharing the length equally
    /// (a group with `repeatCount`), else as many as fit, in turn.
    private mutating func placeSubitems(of group: CollectionLayoutGroup, content: CGSize, length: CGFloat,
                                        axis: LineAxis) throws -> [PlacedSubitem] {
        let gap = group.interItemSpacing?.spacing ?? 0
        var placed: [PlacedSubitem] = []
        if let count = group.repeatCount {
            guard count >= 1 else {
                throw CollectionViewError("NSCollectionLayoutGroup: count must be at least 1, got \(count)")
            }
            let each = (length - CGFloat(count - 1) * gap) / CGFloat(count)
            guard each > 0 else {
                throw CollectionViewError("NSCollectionLayoutGroup: \(count) items with \(gap.stk) spacing do not fit a group \(length.stk) long")
            }
            for k in 0..<count {
                placed.append(try measure(group.subitems[k % group.subitems.count], in: content, forcedLength: each, axis: axis))
            }
            return placed
        }
        var used: CGFloat = 0
        var index = 0
        // An estimated group grows to what it holds: only a group of a
        // length of its own can be too short for its first item.
        let lineEstimated = axis.vertical ? group.layoutSize.heightDimension.isEstimated : group.layoutSize.widthDimension.isEstimated
        while placed.count < Self.maximumItemsPerGroup {
            let next = try measure(group.subitems[index % group.subitems.count], in: content, forcedLength: nil, axis: axis)
            let e = axis.edges(next.item)
            let extent = axis.swap(next.size).width
            let needed = (placed.isEmpty ? 0 : gap) + (e.lead?.spacing ?? 0) + extent + (e.trail?.spacing ?? 0)
            if !placed.isEmpty && used + needed > length + 1e-6 { break }
            if placed.isEmpty && needed > length + 1e-6 && !lineEstimated {
                warnings.append("NSCollectionLayoutGroup: an item \(extent.stk) long does not fit its group \(length.stk) long; the group holds it and overflows")
            }
            if extent <= 0 && (e.lead?.spacing ?? 0) + (e.trail?.spacing ?? 0) + gap <= 0 {
                throw CollectionViewError("NSCollectionLayoutGroup: its item is \(extent.stk) long, so the group would hold items without end; give the item a positive \(axis.vertical ? "height" : "width")")
            }
            placed.append(next)
            used += needed
            index += 1
        }
        return placed
    }

    /// What a subitem takes: its size in `content` (its length along the
    /// line forced, for a `repeatCount` group), and a group's own shape.
    private mutating func measure(_ item: CollectionLayoutItem, in content: CGSize, forcedLength: CGFloat?,
                                  axis: LineAxis) throws -> PlacedSubitem {
        var size = item.layoutSize.resolve(in: content)
        if let forcedLength {
            size = axis.swap(size)
            size.width = forcedLength
            size = axis.swap(size)
        }
        if let child = item as? CollectionLayoutGroup {
            let shape = try shape(of: child, in: content, forcedSize: size)
            return PlacedSubitem(item: item, size: shape.size, shape: shape)
        }
        return PlacedSubitem(item: item, size: size, shape: nil)
    }

    /// The slots of the placed subitems, one after another along the line:
    /// flexible spaces share what is left equally (at least their amounts);
    /// across it, edge spacing offsets an item, flexible on both sides
    /// centres it, flexible before only pushes it to the far side (stk).
    private mutating func slots(of placed: [PlacedSubitem], spacing: CollectionLayoutSpacing?, length: CGFloat,
                                across: CGFloat, axis: LineAxis, line: Int) -> [ItemSlot] {
        let gap = spacing?.spacing ?? 0
        var fixedTotal: CGFloat = 0
        var flexibleCount = 0
        for (k, p) in placed.enumerated() {
            let e = axis.edges(p.item)
            fixedTotal += axis.swap(p.size).width + (e.lead?.spacing ?? 0) + (e.trail?.spacing ?? 0)
            if e.lead?.isFlexibleSpacing == true { flexibleCount += 1 }
            if e.trail?.isFlexibleSpacing == true { flexibleCount += 1 }
            if k > 0 {
                fixedTotal += gap
                if spacing?.isFlexibleSpacing == true { flexibleCount += 1 }
            }
        }
        let share = flexibleCount > 0 ? max(0, length - fixedTotal) / CGFloat(flexibleCount) : 0
        func amount(_ s: CollectionLayoutSpacing?) -> CGFloat { (s?.spacing ?? 0) + (s?.isFlexibleSpacing == true ? share : 0) }

        var slots: [ItemSlot] = []
        var cursor: CGFloat = 0
        for (k, p) in placed.enumerated() {
            let e = axis.edges(p.item)
            if k > 0 { cursor += gap + (spacing?.isFlexibleSpacing == true ? share : 0) }
            cursor += amount(e.lead)
            let along = axis.swap(p.size)
            var offset = e.top?.spacing ?? 0
            let before = e.top?.isFlexibleSpacing == true, after = e.bottom?.isFlexibleSpacing == true
            if before && after { offset = (across - along.height) / 2 }
            else if before { offset = across - along.height - (e.bottom?.spacing ?? 0) }
            let slot = axis.swap(CGRect(x: cursor, y: offset, width: along.width, height: along.height))
            if let shape = p.shape {
                for inner in shape.slots {
                    var s = inner
                    s.slot = s.slot.offsetBy(dx: slot.minX, dy: slot.minY)
                    s.frame = s.frame.offsetBy(dx: slot.minX, dy: slot.minY)
                    if s.outerLine == nil { s.outerLine = (line, axis.vertical) }
                    slots.append(s)
                }
            } else {
                slots.append(ItemSlot(slot: slot, frame: inset(slot, by: p.item), item: p.item, lineIsVertical: axis.vertical, line: line))
            }
            cursor += along.width + amount(e.trail)
        }
        return slots
    }

    /// The slot inset by the item's content insets, except along an estimated
    /// dimension, where UIKit ignores them and says so.
    private mutating func inset(_ slot: CGRect, by item: CollectionLayoutItem) -> CGRect {
        let i = item.contentInsets
        if (item.layoutSize.widthDimension.isEstimated && (i.leading != 0 || i.trailing != 0))
            || (item.layoutSize.heightDimension.isEstimated && (i.top != 0 || i.bottom != 0)) {
            warnEstimatedInsets()
        }
        return item.frame(in: slot)
    }

    private mutating func warnEstimatedInsets() {
        let text = "Content insets are ignored along an estimated dimension of an NSCollectionLayoutItem; use edgeSpacing, or the cell's layout margins, for space there"
        if !warnings.contains(text) { warnings.append(text) }
    }
}
