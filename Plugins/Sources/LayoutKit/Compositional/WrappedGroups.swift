import Foundation

/// The groups of a section whose items flow: a group as long as its container
/// across the scroll axis (`.fractionalWidth(1)` in a vertical layout) holding
/// items whose length along it is estimated, the self-sizing tags or chips
/// that apps build with a compositional layout. Once items are measured, UIKit
/// fills each group again with as many items as now fit, so the number a group
/// holds changes (docs/semantics.md, "Self-sizing"): this is the table of
/// those groups, item by item.
///
/// It applies to a group of plain items in one line across the scroll axis
/// with fixed edge spacing; the spacing between items may be flexible: each
/// group then takes items as its minimum allows, and shares what is left
/// between its gaps (its line is justified). Other groups keep the number of
/// items the estimates give them.
struct WrappedGroups {
    /// Group g holds the items `firstItems[g] ..< firstItems[g + 1]`; the
    /// last entry is the section's item count.
    private(set) var firstItems: [Int] = [0]
    /// Each item's frame, relative to its group's origin.
    private(set) var frames: [CGRect] = []
    /// Each group's size.
    private(set) var sizes: [CGSize] = []

    var groupCount: Int { firstItems.count - 1 }

    /// The group that holds `item`.
    func group(of item: Int) -> Int {
        var lo = 0, hi = groupCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if firstItems[mid] <= item { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Whether `group`, in a section scrolling along `axis`, is one whose items
    /// flow, with its shape resolved from the estimates.
    static func applies(to group: CollectionLayoutGroup, shape: GroupShape, axis: ScrollAxis) -> Bool {
        guard group.repeatCount == nil, let lineIsVertical = shape.lineIsVertical, lineIsVertical != axis.vertical else { return false }
        let lineEstimated = { (size: CollectionLayoutSize) in lineIsVertical ? size.heightDimension.isEstimated : size.widthDimension.isEstimated }
        guard !lineEstimated(group.layoutSize) else { return false }
        return group.subitems.allSatisfy { item in
            let e = item.edgeSpacing
            return !(item is CollectionLayoutGroup)
                && [e?.leading, e?.top, e?.trailing, e?.bottom].allSatisfy { $0?.isFlexibleSpacing != true }
        } && group.subitems.contains { lineEstimated($0.layoutSize) }
    }

    /// Fills groups of `group` (resolved as `shape`) with `itemCount` items,
    /// each as long as `measured` says where its dimension is estimated.
    init(group: CollectionLayoutGroup, shape: GroupShape, itemCount: Int, measured: SparseSizes) {
        let vertical = shape.lineIsVertical == true
        // Written along x; a vertical line swaps axes on the way in and out.
        func swap(_ s: CGSize) -> CGSize { vertical ? CGSize(width: s.height, height: s.width) : s }
        func swap(_ r: CGRect) -> CGRect { vertical ? CGRect(x: r.minY, y: r.minX, width: r.height, height: r.width) : r }
        let insets = group.contentInsets
        let (lead, trail, top, bottom) = vertical
            ? (insets.top, insets.bottom, insets.leading, insets.trailing)
            : (insets.leading, insets.trailing, insets.top, insets.bottom)
        let groupSize = swap(shape.size)
        let content = CGSize(width: max(0, groupSize.width - lead - trail), height: max(0, groupSize.height - top - bottom))
        let acrossEstimated = vertical ? group.layoutSize.widthDimension.isEstimated : group.layoutSize.heightDimension.isEstimated
        let gap = group.interItemSpacing?.spacing ?? 0
        let flexibleGaps = group.interItemSpacing?.isFlexibleSpacing == true
        frames.reserveCapacity(itemCount)
        var item = 0
        var next = 0
        while item < itemCount {
            var used: CGFloat = 0
            var placed = 0
            var thickness: CGFloat = 0
            // The group's item frames, before flexible gaps spread them.
            var line: [CGRect] = []
            while item < itemCount {
                let subitem = group.subitems[placed % group.subitems.count]
                let e = subitem.edgeSpacing
                let (edgeLead, edgeTrail, edgeTop) = vertical
                    ? (e?.top?.spacing ?? 0, e?.bottom?.spacing ?? 0, e?.leading?.spacing ?? 0)
                    : (e?.leading?.spacing ?? 0, e?.trailing?.spacing ?? 0, e?.top?.spacing ?? 0)
                let edgeBottom = (vertical ? e?.trailing?.spacing : e?.bottom?.spacing) ?? 0
                let resolved = swap(subitem.layoutSize.resolve(in: swap(content)))
                let lengthEstimated = vertical ? subitem.layoutSize.heightDimension.isEstimated : subitem.layoutSize.widthDimension.isEstimated
                let thicknessEstimated = vertical ? subitem.layoutSize.widthDimension.isEstimated : subitem.layoutSize.heightDimension.isEstimated
                var size = resolved
                // The measured entries are walked in order alongside the items.
                while next < measured.count && measured.item(at: next) < item { next += 1 }
                if next < measured.count && measured.item(at: next) == item {
                    let wanted = swap(measured.size(at: next))
                    if lengthEstimated { size.width = wanted.width }
                    if thicknessEstimated { size.height = wanted.height }
                }
                let needed = (placed > 0 ? gap : 0) + edgeLead + size.width + edgeTrail
                // A group takes the next item while it fits; the first always.
                if placed > 0 && used + needed > content.width + 1e-6 { break }
                let slot = CGRect(x: lead + used + (placed > 0 ? gap : 0) + edgeLead, y: top + edgeTop, width: size.width, height: size.height)
                line.append(subitem.frame(in: swap(slot)))
                thickness = max(thickness, edgeTop + size.height + edgeBottom)
                used += needed
                placed += 1
                item += 1
            }
            // Flexible gaps share what the group leaves, each at least its minimum.
            let share = flexibleGaps && placed > 1 ? max(0, content.width - used) / CGFloat(placed - 1) : 0
            for (k, frame) in line.enumerated() { frames.append(frame.offsetBy(dx: vertical ? 0 : CGFloat(k) * share, dy: vertical ? CGFloat(k) * share : 0)) }
            firstItems.append(item)
            sizes.append(swap(CGSize(width: groupSize.width, height: acrossEstimated ? top + thickness + bottom : groupSize.height)))
        }
    }
}
