import Foundation

/// The scroll axis of a compositional layout: `main` runs along it, `cross`
/// across. Group shapes stay in real coordinates (a horizontal group is left
/// to right whatever the scroll direction); only where sections and groups
/// repeat depends on the axis.
struct ScrollAxis {
    let vertical: Bool

    func main(_ p: CGPoint) -> CGFloat { vertical ? p.y : p.x }
    func cross(_ p: CGPoint) -> CGFloat { vertical ? p.x : p.y }
    func main(_ s: CGSize) -> CGFloat { vertical ? s.height : s.width }
    func cross(_ s: CGSize) -> CGFloat { vertical ? s.width : s.height }
    func minMain(_ r: CGRect) -> CGFloat { vertical ? r.minY : r.minX }
    func maxMain(_ r: CGRect) -> CGFloat { vertical ? r.maxY : r.maxX }
    func minCross(_ r: CGRect) -> CGFloat { vertical ? r.minX : r.minY }
    func maxCross(_ r: CGRect) -> CGFloat { vertical ? r.maxX : r.maxY }
    func point(main: CGFloat, cross: CGFloat) -> CGPoint { vertical ? CGPoint(x: cross, y: main) : CGPoint(x: main, y: cross) }
    func size(main: CGFloat, cross: CGFloat) -> CGSize { vertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross) }
    func offset(_ r: CGRect, main: CGFloat = 0, cross: CGFloat = 0) -> CGRect {
        vertical ? r.offsetBy(dx: cross, dy: main) : r.offsetBy(dx: main, dy: cross)
    }
    func withMain(_ r: CGRect, _ value: CGFloat) -> CGRect {
        var r = r
        if vertical { r.origin.y = value } else { r.origin.x = value }
        return r
    }
    /// Insets at the start and end of each axis.
    func mainStart(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.top : i.leading }
    func mainEnd(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.bottom : i.trailing }
    func crossStart(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.leading : i.top }
    func crossEnd(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.trailing : i.bottom }

    /// Whether a boundary item with `alignment` starts its section (a header)
    /// rather than ending it (a footer).
    func startsSection(_ alignment: RectAlignment) -> Bool {
        switch alignment {
        case .top, .topLeading, .topTrailing: return vertical || alignment != .topTrailing
        case .leading, .bottomLeading: return !vertical || alignment == .leading
        case .bottom, .bottomTrailing, .trailing, .none: return false
        }
    }
    /// Whether the item sits at the far end across the axis.
    func atCrossEnd(_ alignment: RectAlignment) -> Bool {
        vertical ? [.topTrailing, .trailing, .bottomTrailing].contains(alignment) : [.bottomLeading, .bottom, .bottomTrailing].contains(alignment)
    }
}

/// A boundary supplementary item placed: where it lies before pinning.
struct BoundaryPlacement {
    let item: CollectionLayoutBoundarySupplementaryItem
    let key: ElementKey
    let natural: CGRect
    let atStart: Bool

    /// Its frame with the visible bounds `visible`, pinned within what it
    /// belongs to (`from` ... `to` along the scroll axis: its section, or the
    /// whole content for the layout's own items). A pinned header follows the
    /// visible start and is pushed back by the end, never above its natural
    /// place; a footer mirrors it (docs/semantics.md).
    func frame(visible: CGRect, from start: CGFloat, to end: CGFloat, axis: ScrollAxis) -> (frame: CGRect, pinned: Bool) {
        guard item.pinToVisibleBounds else { return (natural, false) }
        let length = axis.main(natural.size)
        let naturalMain = axis.minMain(natural)
        let main = atStart
            ? max(naturalMain, min(max(axis.minMain(visible), naturalMain), end - length))
            : min(naturalMain, max(min(axis.maxMain(visible) - length, naturalMain), start))
        return (axis.withMain(natural, main), main != naturalMain)
    }
}

/// One section of a compositional layout, placed: its extent along the scroll
/// axis, the shape its groups repeat, its boundary items and background.
/// Uniform sections are arithmetic (a frame is an index computation); a
/// section with measured (self-sized) items keeps one offset per group.
final class SectionGeometry {
    let index: Int
    let description: CollectionLayoutSection
    let itemCount: Int
    let shape: GroupShape
    let axis: ScrollAxis
    var itemsPerGroup: Int { shape.slots.count }
    private(set) var groupCount: Int
    /// Whether the groups' items flow (`WrappedGroups`), and, once items were
    /// measured, the groups they flow into.
    private let flows: Bool
    private var wrapped: WrappedGroups?
    var isOrthogonal: Bool { description.orthogonalScrollingBehavior != .none }

    /// Along the scroll axis: the section from `start` to `end`; groups from `contentStart`.
    private(set) var start: CGFloat = 0
    private(set) var end: CGFloat = 0
    private(set) var contentStart: CGFloat = 0
    private(set) var contentEnd: CGFloat = 0
    /// Across: where groups begin, and the section's whole cross extent.
    let crossStart: CGFloat
    let crossLength: CGFloat
    /// Between one group's start and the next's (uniform sections; across, for orthogonal rows).
    let pitch: CGFloat
    /// Per group starts, when items were measured: along the scroll axis
    /// from `contentStart`, or for an orthogonal row across it from
    /// `crossStart`; with each group's length the same way.
    private(set) var groupStarts: [CGFloat]?
    private var groupLengths: [CGFloat] = []
    /// Uniform groups (no `groupStarts`) whose last group is partly filled
    /// and estimated the way groups repeat: that group is as long as the
    /// items it holds, not as the full group (docs/semantics.md, "an
    /// estimated group is as long as what it holds").
    private var lastGroupLength: CGFloat?
    /// An orthogonal row's length along the scroll axis: its groups' (the
    /// longest, once items of an estimated dimension were measured).
    private var rowThickness: CGFloat = 0
    /// Where the shape's slots end on each axis, with their trailing and
    /// bottom edge spacing (what follows is the group's trailing content inset).
    private let slotsEnd: CGPoint
    /// Measured sizes by item (self-sizing of estimated dimensions).
    private let measured: SparseSizes
    /// The sizes its headers and footers were measured at, by element kind.
    private let measuredBoundary: [String: CGSize]
    /// How far an element of a group (a badge) reaches outside the group,
    /// along the main axis and across it.
    private let reachBefore: CGFloat
    private let reachAfter: CGFloat
    private let crossReachBefore: CGFloat
    private let crossReachAfter: CGFloat

    private(set) var boundary: [BoundaryPlacement] = []
    private(set) var background: [(item: CollectionLayoutDecorationItem, frame: CGRect)] = []

    /// Orthogonal rows: the row's offset and how far it may go.
    var rowOffset: CGFloat = 0
    private(set) var rowLength: CGFloat = 0
    /// `.groupPagingCentered`: the insets UIKit adds at each end of the row
    /// so that a group there can centre (half of what the section's content
    /// width leaves beside a group); zero for other rows.
    let centringInset: CGFloat
    /// Where an orthogonal row's first group begins in the row: after the
    /// section's leading inset and the centring inset.
    var rowLeadingInset: CGFloat { axis.crossStart(description.contentInsets) + centringInset }
    /// The same in the collection view's coordinates, at offset 0.
    var rowCrossStart: CGFloat { crossStart + centringInset }

    init(index: Int, description: CollectionLayoutSection, itemCount: Int, shape: GroupShape, axis: ScrollAxis,
         start: CGFloat, layoutCrossInset: CGFloat, layoutContainer: CGSize, sectionContainer: CGSize, measured: SparseSizes,
         measuredBoundary: [String: CGSize]) {
        self.index = index
        self.measuredBoundary = measuredBoundary
        self.description = description
        self.itemCount = itemCount
        self.shape = shape
        self.axis = axis
        self.measured = measured
        let k = shape.slots.count
        groupCount = k == 0 ? 0 : (itemCount + k - 1) / k
        flows = description.orthogonalScrollingBehavior == .none && k > 0
            && WrappedGroups.applies(to: description.group, shape: shape, axis: axis)
        let insets = description.contentInsets
        crossStart = layoutCrossInset + axis.crossStart(insets)
        crossLength = axis.cross(layoutContainer)
        let orthogonal = description.orthogonalScrollingBehavior != .none
        pitch = (orthogonal ? axis.cross(shape.size) : axis.main(shape.size)) + description.interGroupSpacing
        let contentWidth = axis.cross(layoutContainer) - axis.crossStart(insets) - axis.crossEnd(insets)
        centringInset = description.orthogonalScrollingBehavior == .groupPagingCentered
            ? max(0, (contentWidth - axis.cross(shape.size)) / 2) : 0
        var before: CGFloat = 0, after: CGFloat = 0, crossBefore: CGFloat = 0, crossAfter: CGFloat = 0
        let groupMain = axis.main(shape.size), groupCross = axis.cross(shape.size)
        for slot in shape.slots {
            var lo = axis.minMain(slot.frame), hi = axis.maxMain(slot.frame)
            var crossLo = axis.minCross(slot.frame), crossHi = axis.maxCross(slot.frame)
            for supplementary in slot.item.supplementaryItems {
                let f = supplementary.frame(on: slot.frame, size: supplementary.layoutSize.resolve(in: slot.frame.size))
                lo = min(lo, axis.minMain(f))
                hi = max(hi, axis.maxMain(f))
                crossLo = min(crossLo, axis.minCross(f))
                crossHi = max(crossHi, axis.maxCross(f))
            }
            before = max(before, -lo)
            after = max(after, hi - groupMain)
            crossBefore = max(crossBefore, -crossLo)
            crossAfter = max(crossAfter, crossHi - groupCross)
        }
        reachBefore = before
        reachAfter = after
        crossReachBefore = crossBefore
        crossReachAfter = crossAfter
        slotsEnd = CGPoint(x: shape.slots.map { $0.reach(of: $0.slot).x }.max() ?? 0,
                           y: shape.slots.map { $0.reach(of: $0.slot).y }.max() ?? 0)
        place(at: start, layoutCrossInset: layoutCrossInset, layoutContainer: layoutContainer, sectionContainer: sectionContainer)
    }

    // MARK: Placing

    private func place(at start: CGFloat, layoutCrossInset: CGFloat, layoutContainer: CGSize, sectionContainer: CGSize) {
        self.start = start
        let insets = description.contentInsets
        let follows = description.followsInsets
        var cursor = start
        var placed: [BoundaryPlacement] = []
        func boundaryFrame(_ item: CollectionLayoutBoundarySupplementaryItem, at main: CGFloat) -> CGRect {
            let container = follows ? sectionContainer : layoutContainer
            var size = item.layoutSize.resolve(in: container)
            // Measured (self-sizing): the size its content wants along each
            // estimated dimension; what follows it moves.
            if let measured = measuredBoundary[item.elementKind] {
                if item.layoutSize.widthDimension.isEstimated { size.width = measured.width }
                if item.layoutSize.heightDimension.isEstimated { size.height = measured.height }
            }
            let crossOrigin = follows ? crossStart : layoutCrossInset
            let crossSpan = follows ? axis.cross(sectionContainer) : axis.cross(layoutContainer)
            let cross = axis.atCrossEnd(item.alignment) ? crossOrigin + crossSpan - axis.cross(size) : crossOrigin
            let origin = axis.point(main: main, cross: cross)
            return CGRect(origin: origin, size: size).offsetBy(dx: item.offset.x, dy: item.offset.y)
        }
        let items = description.boundarySupplementaryItems
        for item in items where axis.startsSection(item.alignment) {
            let frame = boundaryFrame(item, at: cursor)
            placed.append(BoundaryPlacement(item: item, key: .supplementary(item.elementKind, IndexPath(item: 0, section: index)), natural: frame, atStart: true))
            if item.extendsBoundary { cursor += axis.main(frame.size) }
        }
        contentStart = cursor + axis.mainStart(insets)
        layOutGroups()
        // An orthogonal row is as thick as its groups; other groups follow one another down.
        let groupsLength = isOrthogonal ? (groupCount > 0 ? rowThickness : 0) : allGroupsLength
        contentEnd = contentStart + groupsLength + axis.mainEnd(insets)
        cursor = contentEnd
        // A footer ends its section: footers in order, each after the last.
        var footers: [BoundaryPlacement] = []
        for item in items where !axis.startsSection(item.alignment) {
            let frame = boundaryFrame(item, at: cursor)
            footers.append(BoundaryPlacement(item: item, key: .supplementary(item.elementKind, IndexPath(item: 0, section: index)), natural: frame, atStart: false))
            if item.extendsBoundary { cursor += axis.main(frame.size) } else {
                // Overlaying the content, it ends where the content does.
                footers[footers.count - 1] = BoundaryPlacement(item: item, key: footers[footers.count - 1].key,
                    natural: axis.withMain(frame, contentEnd - axis.main(frame.size)), atStart: false)
            }
        }
        end = cursor
        boundary = placed + footers
        // The background: the content with its insets, not the boundary items (stk).
        let backgroundMainStart = contentStart - axis.mainStart(insets)
        let backgroundRect = CGRect(origin: axis.point(main: backgroundMainStart, cross: layoutCrossInset),
                                    size: axis.size(main: contentEnd - backgroundMainStart, cross: axis.cross(layoutContainer)))
        background = description.decorationItems.map { item in
            let i = item.contentInsets
            return (item, CGRect(x: backgroundRect.minX + i.leading, y: backgroundRect.minY + i.top,
                                 width: max(0, backgroundRect.width - i.leading - i.trailing),
                                 height: max(0, backgroundRect.height - i.top - i.bottom)))
        }
    }

    /// Per group places once items were measured (docs/semantics.md,
    /// "Compositional layout": an estimated dimension is the measured size,
    /// and an estimated group grows to what it holds). Groups follow one
    /// another along the scroll axis, or across it in an orthogonal row,
    /// each as long as it now is when its dimension that way is estimated;
    /// an orthogonal row is as thick as its thickest group.
    private func layOutGroups() {
        if flows && !measured.isEmpty {
            layOutFlowingGroups()
            return
        }
        let orthogonal = isOrthogonal
        let repeatLength = self.repeatLength
        rowThickness = axis.main(shape.size)
        defer {
            if orthogonal {
                rowLength = rowLeadingInset + allGroupsLength + centringInset + axis.crossEnd(description.contentInsets)
            }
        }
        let repeatsEstimated = orthogonal ? (axis.vertical ? shape.widthEstimated : shape.heightEstimated)
                                          : (axis.vertical ? shape.heightEstimated : shape.widthEstimated)
        let thicknessEstimated = orthogonal && (axis.vertical ? shape.heightEstimated : shape.widthEstimated)
        // A partly filled last group of an estimated length holds fewer items than the group.
        lastGroupLength = nil
        let partial = repeatsEstimated && itemsPerGroup > 0 && groupCount > 0 && itemCount % itemsPerGroup != 0
            ? solvedGroup(groupCount - 1, measuredOnly: false) : nil
        if let partial {
            let length = orthogonal ? axis.cross(partial.size) : axis.main(partial.size)
            if length != repeatLength { lastGroupLength = length }
        }
        guard !measured.isEmpty, repeatsEstimated || thicknessEstimated, itemsPerGroup > 0 else { return }
        var starts: [CGFloat] = []
        var lengths: [CGFloat] = []
        starts.reserveCapacity(groupCount)
        lengths.reserveCapacity(groupCount)
        var cursor: CGFloat = 0
        var changed = false
        // Only groups that hold a measured item are solved again: the
        // measured entries are walked in order alongside the groups.
        var next = 0
        let k = itemsPerGroup
        for g in 0..<groupCount {
            var length = repeatLength
            let first = g * k, last = min(itemCount, first + k)
            while next < measured.count && measured.item(at: next) < first { next += 1 }
            if next < measured.count && measured.item(at: next) < last, let group = measuredGroup(g) {
                if repeatsEstimated { length = orthogonal ? axis.cross(group.size) : axis.main(group.size) }
                if thicknessEstimated { rowThickness = max(rowThickness, axis.main(group.size)) }
            } else if g == groupCount - 1, let lastGroupLength {
                length = lastGroupLength
            }
            if length != repeatLength { changed = true }
            starts.append(cursor)
            lengths.append(length)
            cursor += length + description.interGroupSpacing
        }
        if changed {
            groupStarts = starts
            groupLengths = lengths
        }
    }

    /// Groups whose items flow, measured: as many items in each as now fit,
    /// each group as long along the scroll axis as it now is.
    private func layOutFlowingGroups() {
        let flowing = WrappedGroups(group: description.group, shape: shape, itemCount: itemCount, measured: measured)
        wrapped = flowing
        groupCount = flowing.groupCount
        var starts: [CGFloat] = []
        starts.reserveCapacity(groupCount)
        var cursor: CGFloat = 0
        for size in flowing.sizes {
            starts.append(cursor)
            cursor += axis.main(size) + description.interGroupSpacing
        }
        groupStarts = starts
        groupLengths = flowing.sizes.map { axis.main($0) }
    }

    /// The slot of the subitem `item` is: the same for every item of a
    /// uniform section's group position, and in flowing groups the subitem
    /// its place in its group cycles to.
    func slot(ofItem item: Int) -> ItemSlot {
        let k = itemsPerGroup
        guard let wrapped else { return shape.slots[item % k] }
        let position = item - wrapped.firstItems[wrapped.group(of: item)]
        return shape.slots[min(position % description.group.subitems.count, k - 1)]
    }

    /// Group `g`'s item frames and its size, relative to its origin, with the
    /// sizes measured for its items; nil when none of them was measured. A
    /// measured item takes its preferred size along each estimated
    /// dimension, the items after it in its line (the innermost group holding
    /// it) move by what it grew (or shrank), and a group estimated along an
    /// axis ends where its items now end, plus its trailing inset. Items sized
    /// `.uniformAcrossSiblings` along a dimension are all as long that way as
    /// the longest of them in their line, measured or still at its estimate
    /// (iOS 17's rule: the largest size among the siblings).
    func measuredGroup(_ g: Int) -> (frames: [CGRect], size: CGSize)? { solvedGroup(g, measuredOnly: true) }

    /// Group `g` solved for its items' sizes (measured, else estimated),
    /// holding the items it has; `measuredOnly`: nil unless one of them was measured.
    private func solvedGroup(_ g: Int, measuredOnly: Bool) -> (frames: [CGRect], size: CGSize)? {
        let k = itemsPerGroup
        guard k > 0, wrapped == nil, !(measuredOnly && measured.isEmpty) else { return nil }
        let first = g * k, count = min(k, itemCount - first)
        guard count > 0 else { return nil }
        if measuredOnly {
            let index = measured.firstIndex(atOrAfter: first)
            guard index < measured.count, measured.item(at: index) < first + count else { return nil }
        }
        var frames: [CGRect] = []
        frames.reserveCapacity(count)
        // What the items (and nested groups) of each line (`ItemSlot.line`)
        // grew so far along it; and the nested group being walked: where it
        // ended along its outer line, and where it ends now.
        var shifts: [Int: CGFloat] = [:]
        var nested: (line: Int, outer: Int, vertical: Bool, was: CGFloat, now: CGFloat)?
        func along(_ vertical: Bool, _ d: CGFloat) -> CGPoint { vertical ? CGPoint(x: 0, y: d) : CGPoint(x: d, y: 0) }
        func closeNested() {
            guard let group = nested else { return }
            shifts[group.outer, default: 0] += group.now - group.was
            nested = nil
        }
        let uniform = uniformSizes(first: first, count: count)
        var end = CGPoint.zero
        for s in 0..<count {
            let slot = shape.slots[s]
            var frame = slot.frame, box = slot.slot
            if nested?.line != slot.line { closeNested() }
            if let vertical = slot.lineIsVertical, let shift = shifts[slot.line], shift != 0 {
                let d = along(vertical, shift)
                frame = frame.offsetBy(dx: d.x, dy: d.y)
                box = box.offsetBy(dx: d.x, dy: d.y)
            }
            var size = measured[first + s]
            if let longest = uniform[slot.line] {
                let dimensions = slot.item.layoutSize
                var uniformSize = size ?? frame.size
                if dimensions.widthDimension.isUniformAcrossSiblings { uniformSize.width = longest.width }
                if dimensions.heightDimension.isUniformAcrossSiblings { uniformSize.height = longest.height }
                size = uniformSize
            }
            if let size {
                if slot.widthEstimated {
                    let grown = size.width - frame.width
                    frame.size.width = size.width
                    box.size.width = max(0, box.width + grown)
                    if slot.lineIsVertical == false { shifts[slot.line, default: 0] += grown }
                }
                if slot.heightEstimated {
                    let grown = size.height - frame.height
                    frame.size.height = size.height
                    box.size.height = max(0, box.height + grown)
                    if slot.lineIsVertical == true { shifts[slot.line, default: 0] += grown }
                }
            }
            if let outer = slot.outerLine {
                // The nested group's end along its outer line, before and now;
                // the groups before it in that line moved it by what they grew.
                let was = outer.isVertical ? slot.reach(of: slot.slot).y : slot.reach(of: slot.slot).x
                let now = outer.isVertical ? slot.reach(of: box).y : slot.reach(of: box).x
                if var group = nested {
                    group.was = max(group.was, was)
                    group.now = max(group.now, now)
                    nested = group
                } else {
                    nested = (slot.line, outer.id, outer.isVertical, was, now)
                }
                if let shift = shifts[outer.id], shift != 0 {
                    let d = along(outer.isVertical, shift)
                    frame = frame.offsetBy(dx: d.x, dy: d.y)
                    box = box.offsetBy(dx: d.x, dy: d.y)
                }
            }
            frames.append(frame)
            let reach = slot.reach(of: box)
            end.x = max(end.x, reach.x)
            end.y = max(end.y, reach.y)
        }
        var size = shape.size
        if shape.widthEstimated { size.width = end.x + (shape.size.width - slotsEnd.x) }
        if shape.heightEstimated { size.height = end.y + (shape.size.height - slotsEnd.y) }
        return (frames, size)
    }

    /// Per line of group items `first ..< first + count`: the widest and the
    /// tallest of its items sized `.uniformAcrossSiblings` that way (their
    /// measured size, else their estimate); no entry for a line without such
    /// an item.
    private func uniformSizes(first: Int, count: Int) -> [Int: CGSize] {
        var longest: [Int: CGSize] = [:]
        for s in 0..<count {
            let slot = shape.slots[s]
            let dimensions = slot.item.layoutSize
            let uniformWidth = dimensions.widthDimension.isUniformAcrossSiblings
            let uniformHeight = dimensions.heightDimension.isUniformAcrossSiblings
            guard uniformWidth || uniformHeight else { continue }
            let size = measured[first + s] ?? slot.frame.size
            var line = longest[slot.line] ?? .zero
            if uniformWidth { line.width = max(line.width, size.width) }
            if uniformHeight { line.height = max(line.height, size.height) }
            longest[slot.line] = line
        }
        return longest
    }

    /// Moves the whole section to start at `newStart` (a section before it changed length).
    func move(to newStart: CGFloat) {
        let d = newStart - start
        guard d != 0 else { return }
        start += d
        end += d
        contentStart += d
        contentEnd += d
        boundary = boundary.map { BoundaryPlacement(item: $0.item, key: $0.key, natural: axis.offset($0.natural, main: d), atStart: $0.atStart) }
        background = background.map { ($0.item, axis.offset($0.frame, main: d)) }
    }

    // MARK: Frames

    /// The origin of group `g`, in the collection view's coordinates.
    func groupOrigin(_ g: Int) -> CGPoint {
        isOrthogonal
            ? axis.point(main: contentStart, cross: rowCrossStart + groupStart(g) - rowOffset)
            : axis.point(main: contentStart + groupStart(g), cross: crossStart)
    }

    /// Where group `g` starts along the way groups repeat (down the section
    /// from `contentStart`, or along an orthogonal row from its leading
    /// inset), and how long it is that way: its measured length, once its
    /// items were measured.
    func groupStart(_ g: Int) -> CGFloat { groupStarts.map { $0[g] } ?? CGFloat(g) * pitch }
    func groupLength(_ g: Int) -> CGFloat {
        if groupStarts != nil { return groupLengths[g] }
        if g == groupCount - 1, let last = lastGroupLength { return last }
        return repeatLength
    }

    /// How long a full group is the way groups repeat.
    private var repeatLength: CGFloat { isOrthogonal ? axis.cross(shape.size) : axis.main(shape.size) }

    /// The groups end to end, each as long as it is (the way groups repeat).
    private var allGroupsLength: CGFloat {
        if let starts = groupStarts, let last = starts.last { return last + groupLengths[groupLengths.count - 1] }
        guard groupCount > 0 else { return 0 }
        return CGFloat(groupCount) * pitch - description.interGroupSpacing - repeatLength + groupLength(groupCount - 1)
    }

    /// The frame of item `item`.
    func itemFrame(_ item: Int) -> CGRect {
        if let wrapped {
            let origin = groupOrigin(wrapped.group(of: item))
            return wrapped.frames[item].offsetBy(dx: origin.x, dy: origin.y)
        }
        let k = itemsPerGroup
        let g = item / k, s = item % k
        let origin = groupOrigin(g)
        if let group = measuredGroup(g) { return group.frames[s].offsetBy(dx: origin.x, dy: origin.y) }
        return shape.slots[s].frame.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// Items whose groups may meet `rect` along the main axis (all groups of an
    /// orthogonal row that meet it across).
    func itemRange(meeting rect: CGRect) -> Range<Int> {
        guard groupCount > 0 else { return 0..<0 }
        let k = itemsPerGroup
        // Where the rect lies along the way groups repeat: across the row of
        // an orthogonal section (which it must meet along the scroll axis),
        // down any other.
        let from: CGFloat, to: CGFloat
        if isOrthogonal {
            guard axis.maxMain(rect) >= contentStart - reachBefore, axis.minMain(rect) <= contentStart + rowThickness + reachAfter else { return 0..<0 }
            from = axis.minCross(rect) + rowOffset - rowCrossStart - crossReachAfter
            to = axis.maxCross(rect) + rowOffset - rowCrossStart + crossReachBefore
        } else {
            from = axis.minMain(rect) - contentStart - reachAfter
            to = axis.maxMain(rect) - contentStart + reachBefore
        }
        let lo: Int, hi: Int
        if let starts = groupStarts {
            // The first group ending after `from`, the last starting before `to`.
            var a = 0, b = starts.count
            while a < b { let m = (a + b) / 2; if starts[m] + groupLengths[m] < from { a = m + 1 } else { b = m } }
            lo = a
            a = 0; b = starts.count
            while a < b { let m = (a + b) / 2; if starts[m] <= to { a = m + 1 } else { b = m } }
            hi = a - 1
        } else {
            guard pitch > 0 else { return 0..<itemCount }
            lo = Int(((from - groupLength(0)) / pitch).rounded(.down))
            hi = Int((to / pitch).rounded(.down))
        }
        let first = max(0, lo), last = min(groupCount - 1, hi)
        guard first <= last else { return 0..<0 }
        if let wrapped { return wrapped.firstItems[first]..<wrapped.firstItems[last + 1] }
        return (first * k)..<min(itemCount, (last + 1) * k)
    }

    /// A boundary item's frame with the visible bounds `visible` (the bounds
    /// less the adjusted insets): pinned items follow the visible edge within
    /// their section (docs/semantics.md).
    func frame(of placement: BoundaryPlacement, visible: CGRect) -> (frame: CGRect, pinned: Bool) {
        placement.frame(visible: visible, from: start, to: end, axis: axis)
    }

    /// How far the section's elements may reach outside `start...end` along
    /// the scroll axis: badges hanging out of the first or last group, a
    /// boundary item overlaying more than the content (`extendsBoundary = false`).
    var overhang: CGFloat {
        var reach = max(reachBefore - (contentStart - start), reachAfter - (end - contentEnd), 0)
        for placement in boundary {
            reach = max(reach, start - axis.minMain(placement.natural), axis.maxMain(placement.natural) - end)
        }
        return reach
    }

    /// Whether a scroll of the collection view changes what this section's
    /// visible-items handler is given: its offset is the collection view's
    /// for a section that scrolls with it; an orthogonal row's handler gets
    /// the row's offset and frames in the row, which a vertical scroll leaves
    /// alone (stk: so a scroll's context does not name them).
    var handlerSeesContentOffset: Bool {
        description.visibleItemsInvalidationHandler != nil && !isOrthogonal
    }

    /// The largest row offset (orthogonal rows).
    var maximumRowOffset: CGFloat { max(0, rowLength - crossLength) }
}
