import Foundation

// The flow layout's geometry, in *scroll-axis coordinates*: y runs along the
// scroll direction and x across it. Vertical layouts use these coordinates as
// they are; horizontal layouts transpose every rect on the way out (docs/semantics.md:
// horizontal is the exact transpose). Plain values, no knowledge of UIKit's
// classes, tested directly.

/// What one section's geometry depends on, in scroll-axis coordinates.
struct FlowSectionInput {
    var itemCount: Int
    /// The size of every item when the section is uniform.
    var uniformItemSize: CGSize?
    /// Per-item sizes when it is not (count == itemCount).
    var itemSizes: [CGSize]
    var inset: EdgeInsets
    var lineSpacing: CGFloat
    var interitemSpacing: CGFloat
    var headerLength: CGFloat
    var footerLength: CGFloat
}

/// One section's geometry relative to the section's start (its header's top).
struct FlowSectionGeometry {
    var headerLength: CGFloat
    var footerLength: CGFloat
    var inset: EdgeInsets
    /// Where the first line starts: headerLength + inset.top.
    var itemsStart: CGFloat
    /// The maxY of the last line (== itemsStart when there are no items).
    var itemsEnd: CGFloat
    /// The whole section: items end + inset.bottom + footer.
    var length: CGFloat
    var itemCount: Int
    var items: FlowItems
    /// The first item wider than the available width, if any (stk warns).
    var firstOversizeItem: Int?

    var footerStart: CGFloat { itemsEnd + inset.bottom }
}

/// How the items of a section are placed.
enum FlowItems {
    /// Every item the same size: pure arithmetic, nothing stored per item.
    case uniform(UniformGrid)
    /// Items of different sizes: frames stored per item, lines for binary search.
    case variable(VariableLines)
}

/// A uniform section: `perLine` items a line, each `size`, placed across the
/// line by `placement` (every line gets the same one), lines `lineStep` apart
/// starting at itemsStart.
struct UniformGrid {
    var size: CGSize
    var perLine: Int
    var placement: LinePlacement
    var lineStep: CGFloat

    /// The distance between the starts of two neighbouring columns.
    var columnStep: CGFloat { size.width + placement.gap }

    /// The x of a column, by the formula the per-item path uses too (the
    /// widths before column c sum to c * width).
    func x(column c: Int) -> CGFloat { placement.x(index: c, precedingWidth: CGFloat(c) * size.width) }
}

/// Where the items of one line go across it: the first at `firstX`, each next
/// one `gap` after the end of the one before.
struct LinePlacement {
    var firstX: CGFloat
    var gap: CGFloat

    /// The x of the item `index` places into the line, after items of total width
    /// `precedingWidth`. Uniform and per-item sections both compute positions with
    /// this one expression (never by accumulating `w + gap`), so that the same
    /// sizes give the same frames, bit for bit, whichever path lays them out.
    func x(index: Int, precedingWidth: CGFloat) -> CGFloat { firstX + precedingWidth + CGFloat(index) * gap }
}

/// A section of mixed sizes: item frames relative to the section start, and
/// its lines, for binary search.
struct VariableLines {
    var frames: [CGRect]
    var lineFirstItem: [Int]
    var lineMinY: [CGFloat]
    var lineMaxY: [CGFloat]
}

/// Tolerance for "fits in the line": sums of decimal sizes must not lose an
/// item to the last bits of floating point (3 x 100 + 2 x 10 fits in 320).
let fitTolerance: CGFloat = 1e-9

/// How far a rect query's *search* (never its answer) reaches beyond the rect:
/// sums like start + local y are rounded, so an element whose content frame
/// overlaps the rect may look, by a few ulps, as if it did not in section or
/// prefix-sum terms. The answer is always decided by CGRect.overlaps on the
/// content frames.
func searchSlack(_ rect: CGRect, _ start: CGFloat = 0) -> CGFloat {
    1e-9 * max(1, abs(start), abs(rect.minY), abs(rect.maxY), abs(rect.minX), abs(rect.maxX))
}

extension FlowSectionGeometry {
    /// Lays out one section by docs/semantics.md, "Flow layout geometry", steps 1-6,
    /// for a content width `width` (W in docs/semantics.md, scroll-axis coordinates).
    static func make(_ input: FlowSectionInput, width: CGFloat) -> FlowSectionGeometry {
        let inset = input.inset
        let avail = width - inset.left - inset.right
        let itemsStart = input.headerLength + inset.top
        var itemsEnd = itemsStart
        var oversize: Int? = nil
        let items: FlowItems

        if input.itemCount == 0 {
            items = .uniform(UniformGrid(size: input.uniformItemSize ?? .zero, perLine: 1,
                                         placement: LinePlacement(firstX: inset.left, gap: 0), lineStep: 0))
        } else if let size = input.uniformItemSize {
            // Step 3 for equal widths: the first item needs w, each further one
            // spacing + w, so k = 1 + floor((avail - w) / (w + spacing)).
            let w = size.width
            let spacing = input.interitemSpacing
            var perLine: Int
            if w > avail + fitTolerance {
                perLine = 1
                oversize = 0
            } else if w + spacing <= 0 {
                perLine = input.itemCount   // zero-width items and no spacing: all fit
            } else {
                perLine = 1 + Int(min(CGFloat(input.itemCount), ((avail - w + fitTolerance) / (w + spacing)).rounded(.down)))
            }
            perLine = min(perLine, max(1, input.itemCount))
            // A full line and the last line (filled with copies of its last item)
            // get the same gap, so one placement serves every line.
            let placement = linePlacement(widths: Array(repeating: w, count: min(perLine, input.itemCount)),
                                          virtualFill: w, isLast: true, avail: avail, spacing: input.interitemSpacing, left: inset.left,
                                          oversize: w > avail + fitTolerance)
            let lines = (input.itemCount + perLine - 1) / perLine
            let lineStep = size.height + input.lineSpacing
            itemsEnd = itemsStart + CGFloat(lines) * size.height + CGFloat(lines - 1) * input.lineSpacing
            // The last line with fewer items: fill-with-copies gives the same
            // positions, except that a virtual full line of one item is centred.
            items = .uniform(UniformGrid(size: size, perLine: perLine, placement: placement, lineStep: lineStep))
        } else {
            var frames: [CGRect] = []
            frames.reserveCapacity(input.itemCount)
            var lineFirstItem: [Int] = []
            var lineMinY: [CGFloat] = []
            var lineMaxY: [CGFloat] = []
            var y = itemsStart
            var start = 0
            let sizes = input.itemSizes
            while start < input.itemCount {
                // Greedy line breaking (step 3).
                var end = start + 1
                var used = sizes[start].width
                while end < input.itemCount, used + input.interitemSpacing + sizes[end].width <= avail + fitTolerance {
                    used += input.interitemSpacing + sizes[end].width
                    end += 1
                }
                let isLast = end == input.itemCount
                let widths = sizes[start..<end].map(\.width)
                let lone = end - start == 1 && widths[0] > avail + fitTolerance
                if lone, oversize == nil { oversize = start }
                let placement = linePlacement(widths: widths, virtualFill: widths[widths.count - 1], isLast: isLast,
                                              avail: avail, spacing: input.interitemSpacing, left: inset.left, oversize: lone)
                let lineHeight = sizes[start..<end].map(\.height).max() ?? 0
                if !lineFirstItem.isEmpty { y += input.lineSpacing }
                var precedingWidth: CGFloat = 0
                for (offset, i) in (start..<end).enumerated() {
                    let s = sizes[i]
                    // Each item is centred vertically in its line.
                    frames.append(CGRect(x: placement.x(index: offset, precedingWidth: precedingWidth), y: y + (lineHeight - s.height) / 2,
                                         width: s.width, height: s.height))
                    precedingWidth += s.width
                }
                lineFirstItem.append(start)
                lineMinY.append(y)
                lineMaxY.append(y + lineHeight)
                y += lineHeight
                start = end
            }
            itemsEnd = y
            items = .variable(VariableLines(frames: frames, lineFirstItem: lineFirstItem, lineMinY: lineMinY, lineMaxY: lineMaxY))
        }
        let length = itemsEnd + inset.bottom + input.footerLength
        return FlowSectionGeometry(headerLength: input.headerLength, footerLength: input.footerLength, inset: inset,
                                   itemsStart: itemsStart, itemsEnd: itemsEnd, length: length,
                                   itemCount: input.itemCount, items: items, firstOversizeItem: oversize)
    }

    /// Horizontal placement of one line (step 4, PSTCollectionView's rules):
    /// leftover space is spread between the items; the last line is justified as
    /// if filled up with copies of its last item; a line whose (virtual) full
    /// width holds one item centres it; an oversize item sits at the left inset.
    static func linePlacement(widths: [CGFloat], virtualFill: CGFloat, isLast: Bool, avail: CGFloat,
                              spacing: CGFloat, left: CGFloat, oversize: Bool) -> LinePlacement {
        if oversize { return LinePlacement(firstX: left, gap: 0) }
        var count = widths.count
        var used = widths.reduce(0, +) + CGFloat(count - 1) * spacing
        if isLast {
            // Invisible copies of the last item while they fit.
            while used + spacing + virtualFill <= avail + fitTolerance, virtualFill + spacing > 0 {
                used += spacing + virtualFill
                count += 1
            }
        }
        let leftover = max(0, avail - used)
        if count == 1 {
            return LinePlacement(firstX: left + leftover / 2, gap: 0)
        }
        return LinePlacement(firstX: left, gap: spacing + leftover / CGFloat(count - 1))
    }

    /// The frame of one item, relative to the section start.
    func itemFrame(_ item: Int) -> CGRect {
        switch items {
        case .uniform(let g):
            let line = item / g.perLine
            let column = item % g.perLine
            return CGRect(x: g.x(column: column), y: itemsStart + CGFloat(line) * g.lineStep,
                          width: g.size.width, height: g.size.height)
        case .variable(let v):
            return v.frames[item]
        }
    }

    /// `floor(value)` clamped to `0...limit`. Rect queries may be as large as
    /// `CGRect.infinite`: converting such a quotient to Int directly would trap.
    static func clampedFloor(_ value: CGFloat, limit: Int) -> Int {
        guard value > 0 else { return 0 }   // NaN lands here too
        guard value < CGFloat(limit) else { return limit }
        return Int(value.rounded(.down))
    }

    /// The items whose frames overlap `rect`, in order, visiting only the lines
    /// and columns near it. `rect` and the frames handed to `visit` are in
    /// content coordinates (along the scroll axis), the section starting at
    /// `start`. The overlap test is made on those content frames, the very
    /// frames the per-element answers return: moving the rect by -start instead
    /// is not exact in floating point and let an element whose edge merely
    /// touches the rect in or out. Only the search runs in section coordinates,
    /// with a little slack for the same reason.
    func items(overlapping rect: CGRect, sectionStart start: CGFloat, visit: (Int, CGRect) -> Void) {
        let slack = searchSlack(rect, start)
        let minY = rect.minY - start - slack, maxY = rect.maxY - start + slack
        let minX = rect.minX - slack, maxX = rect.maxX + slack
        guard itemCount > 0, maxY > itemsStart, minY < itemsEnd else { return }
        switch items {
        case .uniform(let g):
            // Zero-width or zero-height items are not skipped: CGRect.overlaps (the
            // one rule) includes a degenerate frame that lies strictly inside the
            // rect, and the per-item path and the brute-force oracle use it too.
            let lines = (itemCount + g.perLine - 1) / g.perLine
            var line = g.lineStep > 0 ? Self.clampedFloor((minY - itemsStart - g.size.height) / g.lineStep, limit: lines) : 0
            while line < lines {
                let y = itemsStart + CGFloat(line) * g.lineStep
                if y >= maxY { break }
                if y + g.size.height > minY {
                    // Columns by arithmetic too (an estimate, one column early at
                    // worst), then the exact overlap test.
                    var c = 0
                    if g.columnStep > 0 {
                        c = max(0, Self.clampedFloor((minX - g.placement.firstX - g.size.width) / g.columnStep, limit: g.perLine) - 1)
                    }
                    let lineCount = min(g.perLine, itemCount - line * g.perLine)
                    while c < lineCount {
                        let x = g.x(column: c)
                        if x >= maxX { break }
                        let frame = CGRect(x: x, y: y, width: g.size.width, height: g.size.height).offsetBy(dx: 0, dy: start)
                        if frame.overlaps(rect) { visit(line * g.perLine + c, frame) }
                        c += 1
                    }
                }
                line += 1
            }
        case .variable(let v):
            // First line whose maxY is past minY.
            var lo = 0, hi = v.lineMaxY.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if v.lineMaxY[mid] <= minY { lo = mid + 1 } else { hi = mid }
            }
            var line = lo
            while line < v.lineMinY.count, v.lineMinY[line] < maxY {
                let end = line + 1 < v.lineFirstItem.count ? v.lineFirstItem[line + 1] : itemCount
                for i in v.lineFirstItem[line]..<end {
                    let frame = v.frames[i].offsetBy(dx: 0, dy: start)
                    if frame.overlaps(rect) { visit(i, frame) }
                }
                line += 1
            }
        }
    }
}

/// All sections, with their starts along the scroll axis (prefix sums), so a
/// rect query is a binary search plus the elements returned.
struct FlowGeometry {
    var width: CGFloat = 0
    var sections: [FlowSectionGeometry] = []
    var starts: [CGFloat] = []
    /// identity -> (revision, index in `sections`) of the last computation, for reuse.
    var cacheKeys: [(identity: Int, revision: Int)] = []

    var contentLength: CGFloat { (starts.last ?? 0) + (sections.last?.length ?? 0) }

    /// Sections whose extent [start, start + length) overlaps [minY, maxY).
    func sections(overlapping minY: CGFloat, _ maxY: CGFloat) -> Range<Int> {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] + sections[mid].length <= minY { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < sections.count, starts[end] < maxY { end += 1 }
        return lo..<end
    }

    /// The section containing the line y (the last one starting at or before it), if any.
    func section(containing y: CGFloat) -> Int? {
        guard !sections.isEmpty else { return nil }
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= y { lo = mid + 1 } else { hi = mid }
        }
        let s = lo - 1
        guard s >= 0, y < starts[s] + sections[s].length else { return nil }
        return s
    }
}
