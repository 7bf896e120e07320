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
    /// Sparse sizes that replace the item's size in either case: the size
    /// overrides, and (self-sizing) the sizes measured so far, which replace
    /// the estimate. With `uniformItemSize`, the section is laid out in
    /// segments whose work and storage grow with these entries.
    var measured = MeasuredSizes()
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
    /// Estimated items with a few measured ones (self-sizing): arithmetic runs
    /// between explicit lines, storage proportional to the measured items.
    case segmented(SegmentedItems)
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
    /// The frame of item `firstItem + k` is `frames[k]`.
    var frames: [CGRect]
    var lineFirstItem: [Int]
    var lineMinY: [CGFloat]
    var lineMaxY: [CGFloat]
    var firstItem = 0
    var endItem: Int { firstItem + frames.count }

    /// The lines before the one holding `item`, or nil when that is the
    /// first line (or `item` is not in these lines).
    func lines(before item: Int) -> VariableLines? {
        guard item >= firstItem, item < endItem else { return nil }
        // The last line that starts at or before `item`.
        let line = firstIndex(in: lineFirstItem.indices) { lineFirstItem[$0] > item } - 1
        guard line > 0 else { return nil }
        let itemCount = lineFirstItem[line] - firstItem
        return VariableLines(frames: Array(frames[..<itemCount]), lineFirstItem: Array(lineFirstItem[..<line]),
                             lineMinY: Array(lineMinY[..<line]), lineMaxY: Array(lineMaxY[..<line]), firstItem: firstItem)
    }
}

/// A self-sizing section whose items are mostly at the estimate: lines made
/// only of estimated items repeat the uniform grid (`grid`), so a run of them
/// is one `LineBlock` of arithmetic; only the lines around a measured item
/// are explicit. Greedy line breaking restarts at the estimate's grid right
/// after them, because a line that starts with `perLine` estimated items,
/// followed by another estimated item, takes exactly those, as every line of
/// a uniform section does.
struct SegmentedItems {
    var grid: UniformGrid
    /// In item order, which is also y order. Chunked: a measurement keeps
    /// the blocks before the measured item, shared, not copied.
    var blocks: ChunkedArray<LineBlock>
}

/// The most lines an explicit block holds: a measurement recomputes the
/// block it falls in and what follows, so a long stretch of measured cells
/// (a list scrolled through) is cut into blocks of this many lines. The scan
/// does not depend on where blocks end, so neither does any frame.
let explicitLinesPerBlock = 32

/// Consecutive lines of a segmented section.
struct LineBlock {
    enum Lines {
        /// `count` lines of `grid.perLine` estimated items (the last may hold fewer).
        case uniform(count: Int)
        case explicit(VariableLines)
    }
    var firstItem: Int
    var endItem: Int
    /// The top of the first line and the bottom of the last, in section coordinates.
    var minY: CGFloat
    var maxY: CGFloat
    var lines: Lines
}

/// Tolerance for "fits in the line": sums of decimal sizes must not lose an
/// item to the last bits of floating point (3 x 100 + 2 x 10 fits in 320).
let fitTolerance: CGFloat = 1e-9

/// How far a rect query's *search* (never its answer) reaches beyond the rect:
/// sums like start + local y are rounded, so an element whose content frame
/// overlaps the rect may look, by a few ulps, as if it did not in section or
/// prefix-sum terms. The answer is always decided by CGRect.overlaps on the
/// content frames.
/// Each axis gets the slack of its own magnitudes: a rect far out across
/// the scroll axis (`scroll by 999999999999999999,0`) must not widen the
/// search along it to every line of the section.
func searchSlack(_ rect: CGRect, _ start: CGFloat = 0) -> CGFloat {
    1e-9 * max(1, abs(start), abs(rect.minY), abs(rect.maxY))
}

/// `searchSlack` across the scroll axis.
func searchSlackAcross(_ rect: CGRect) -> CGFloat {
    1e-9 * max(1, abs(rect.minX), abs(rect.maxX))
}

extension FlowSectionGeometry {
    /// Lays out one section by docs/semantics.md, "Flow layout geometry", steps 1-6,
    /// for a content width `width` (W in docs/semantics.md, scroll-axis coordinates).
    static func make(_ input: FlowSectionInput, width: CGFloat) -> FlowSectionGeometry {
        make(input, width: width, resuming: nil)
    }

    /// `make`, for an input that differs from the one `previous` was made
    /// from only in the measured sizes of items at or after `changedItem`
    /// (self-sizing measures a cell or a few): the lines before the one
    /// holding `changedItem - 1` are kept, and the greedy scan resumes there.
    /// The scan's state at a block boundary is only the item and the y it
    /// starts at, so the result is the full computation's, bit for bit.
    static func make(_ input: FlowSectionInput, width: CGFloat, resuming previous: FlowSectionGeometry, changedItem: Int) -> FlowSectionGeometry {
        guard case .segmented(let segmented) = previous.items, previous.itemCount == input.itemCount, changedItem >= 0 else {
            return make(input, width: width)
        }
        return make(input, width: width, resuming: (segmented, previous.firstOversizeItem, changedItem))
    }

    private static func make(_ input: FlowSectionInput, width: CGFloat,
                             resuming: (items: SegmentedItems, oversize: Int?, changedItem: Int)?) -> FlowSectionGeometry {
        let inset = input.inset
        let avail = width - inset.left - inset.right
        let itemsStart = input.headerLength + inset.top
        var itemsEnd = itemsStart
        var oversize: Int? = nil
        let items: FlowItems

        if input.itemCount == 0 {
            items = .uniform(UniformGrid(size: input.uniformItemSize ?? .zero, perLine: 1,
                                         placement: LinePlacement(firstX: inset.left, gap: 0), lineStep: 0))
        } else if let size = input.uniformItemSize, !input.measured.isEmpty {
            let segmented = makeSegmented(input, estimate: size, avail: avail, itemsStart: itemsStart, resuming: resuming)
            items = .segmented(segmented.items)
            itemsEnd = segmented.itemsEnd
            oversize = segmented.oversize
        } else if let size = input.uniformItemSize {
            let grid = uniformGrid(size, input, avail: avail)
            if size.width > avail + fitTolerance { oversize = 0 }
            let lines = (input.itemCount + grid.perLine - 1) / grid.perLine
            itemsEnd = itemsStart + CGFloat(lines) * size.height + CGFloat(lines - 1) * input.lineSpacing
            // The last line with fewer items: fill-with-copies gives the same
            // positions, except that a virtual full line of one item is centred.
            items = .uniform(grid)
        } else {
            var sizes = input.itemSizes
            for (item, size) in input.measured.entries where item < sizes.count { sizes[item] = size }
            var lines = VariableLines(frames: [], lineFirstItem: [], lineMinY: [], lineMaxY: [])
            lines.frames.reserveCapacity(input.itemCount)
            var y = itemsStart
            var start = 0
            var scratch: [CGSize] = []
            while start < input.itemCount {
                if start > 0 { y += input.lineSpacing }
                let line = appendGreedyLine(from: start, y: y, input: input, avail: avail, into: &lines, oversize: &oversize,
                                            line: &scratch) { sizes[$0] }
                y += line.height
                start = line.end
            }
            itemsEnd = y
            items = .variable(lines)
        }
        let length = itemsEnd + inset.bottom + input.footerLength
        return FlowSectionGeometry(headerLength: input.headerLength, footerLength: input.footerLength, inset: inset,
                                   itemsStart: itemsStart, itemsEnd: itemsEnd, length: length,
                                   itemCount: input.itemCount, items: items, firstOversizeItem: oversize)
    }

    /// The grid of a section whose items are all `size` (step 3 for equal
    /// widths): the first item needs w, each further one spacing + w, so
    /// k = 1 + floor((avail - w) / (w + spacing)).
    static func uniformGrid(_ size: CGSize, _ input: FlowSectionInput, avail: CGFloat) -> UniformGrid {
        let w = size.width
        let spacing = input.interitemSpacing
        var perLine: Int
        if w > avail + fitTolerance {
            perLine = 1
        } else if w + spacing <= 0 {
            perLine = input.itemCount   // zero-width items and no spacing: all fit
        } else {
            perLine = 1 + Int(min(CGFloat(input.itemCount), ((avail - w + fitTolerance) / (w + spacing)).rounded(.down)))
        }
        perLine = min(perLine, max(1, input.itemCount))
        // A full line and the last line (filled with copies of its last item)
        // get the same gap, so one placement serves every line.
        // The widths of a full line, added one by one as `reduce` would, in
        // work independent of how many there are (a line may hold a billion).
        let count = min(perLine, input.itemCount)
        var work = 0
        let widthSum = w > 0 ? addRepeatedly(w, to: 0, atMost: count, work: &work) { _ in true }.sum : 0
        let placement = linePlacement(count: count, widthSum: widthSum,
                                      virtualFill: w, isLast: true, avail: avail, spacing: spacing, left: input.inset.left,
                                      oversize: w > avail + fitTolerance)
        return UniformGrid(size: size, perLine: perLine, placement: placement, lineStep: size.height + input.lineSpacing)
    }

    /// Breaks one line greedily from item `start` (step 3), places it (steps 4
    /// and 5: items centred in the line's height) at `y`, and appends it to
    /// `lines`. Returns the item after the line and the line's height.
    /// `line` is scratch space for the line's sizes, passed in so that a scan
    /// of many lines allocates it once, not twice a line (self-sizing makes a
    /// scan for every cell it measures).
    static func appendGreedyLine(from start: Int, y: CGFloat, input: FlowSectionInput, avail: CGFloat,
                                 into lines: inout VariableLines, oversize: inout Int?, line: inout [CGSize],
                                 size: (Int) -> CGSize) -> (end: Int, height: CGFloat) {
        line.removeAll(keepingCapacity: true)
        line.append(size(start))
        var used = line[0].width
        var end = start + 1
        while end < input.itemCount {
            let next = size(end)
            guard used + input.interitemSpacing + next.width <= avail + fitTolerance else { break }
            used += input.interitemSpacing + next.width
            line.append(next)
            end += 1
        }
        let isLast = end == input.itemCount
        let lone = end - start == 1 && line[0].width > avail + fitTolerance
        if lone, oversize == nil { oversize = start }
        // The widths added left to right from 0, as `reduce(0, +)` adds them.
        var widthSum: CGFloat = 0
        var lineHeight = line[0].height
        for item in line {
            widthSum += item.width
            lineHeight = max(lineHeight, item.height)
        }
        let placement = linePlacement(count: line.count, widthSum: widthSum, virtualFill: line[line.count - 1].width, isLast: isLast,
                                      avail: avail, spacing: input.interitemSpacing, left: input.inset.left, oversize: lone)
        var precedingWidth: CGFloat = 0
        for (k, item) in line.enumerated() {
            // Each item is centred vertically in its line.
            lines.frames.append(CGRect(x: placement.x(index: k, precedingWidth: precedingWidth), y: y + (lineHeight - item.height) / 2,
                                       width: item.width, height: item.height))
            precedingWidth += item.width
        }
        lines.lineFirstItem.append(start)
        lines.lineMinY.append(y)
        lines.lineMaxY.append(y + lineHeight)
        return (end, lineHeight)
    }

    /// A uniform section at `estimate` with measured items (self-sizing):
    /// greedy line breaking as for mixed sizes, except that every run of lines
    /// made only of estimated items is one arithmetic block, so the work and
    /// the storage grow with the measured items, not with the section. A line
    /// that starts with `perLine` estimated items takes exactly those when the
    /// item after them is estimated too (as in a uniform section) or there is
    /// none; only the lines near a measured item are broken item by item.
    static func makeSegmented(_ input: FlowSectionInput, estimate: CGSize, avail: CGFloat, itemsStart: CGFloat,
                              resuming: (items: SegmentedItems, oversize: Int?, changedItem: Int)? = nil)
        -> (items: SegmentedItems, itemsEnd: CGFloat, oversize: Int?) {
        let grid = uniformGrid(estimate, input, avail: avail)
        let perLine = grid.perLine
        let n = input.itemCount
        let measured = input.measured
        // Every item wider than the line sits alone on one, so the first
        // oversize item is the first explicit one found by the scan or, when
        // the estimate itself is too wide, the first item without an entry.
        var oversize: Int? = nil
        var blocks = ChunkedArray<LineBlock>()
        var y = itemsStart
        var start = 0
        // An explicit block the scan resumes inside, with its lines before
        // the one it resumes at.
        var open: (lines: VariableLines, minY: CGFloat)?
        if let resuming, !resuming.items.blocks.isEmpty {
            // A change at item k can pull k into the line before it (it got
            // narrower) or end a run of estimated lines early: the scan
            // resumes at the line holding item k - 1. Lines before it
            // decided their extent on measured items before k (see
            // `make(_:width:resuming:changedItem:)`); the scan's state at a
            // line boundary is only the item and the y it starts at, and the
            // explicit block it is in (where a block ends does not change a
            // frame, but it decides where the next change resumes, so it is
            // kept as a fresh scan makes it).
            let resumeItem = max(0, min(resuming.changedItem, n) - 1)
            let b = resuming.items.block(containing: resumeItem)
            if b < resuming.items.blocks.count {
                blocks = resuming.items.blocks.prefix(b)
                start = blocks.last?.endItem ?? 0
                y = blocks.last?.maxY ?? itemsStart
                let block = resuming.items.blocks[b]
                if case .explicit(let lines) = block.lines, let kept = lines.lines(before: resumeItem) {
                    start = kept.endItem
                    y = kept.lineMaxY[kept.lineMaxY.count - 1]
                    open = (kept, block.minY)
                } else if let previous = blocks.last, case .explicit(let lines) = previous.lines {
                    // Resuming where an explicit block ended: whether it went
                    // on depended on the next measured item, which the
                    // change may have made item k. Its lines stay; it is
                    // open again, and the check below decides as a fresh scan would.
                    blocks.removeLast()
                    open = (lines, previous.minY)
                }
                if oversize == nil, let o = resuming.oversize, o < start { oversize = o }
            }
        }
        var scratch: [CGSize] = []
        var next = measured.firstIndex(atOrAfter: start)
        func nextMeasured() -> Int {
            while next < measured.count, measured.item(at: next) < start { next += 1 }
            return next < measured.count ? min(measured.item(at: next), n) : n
        }
        /// Whether an explicit block goes on with another line from `start`.
        func continuesBlock(_ lines: VariableLines, nextMeasured m: Int) -> Bool {
            start < n && m < n && m <= start + perLine && lines.lineFirstItem.count < explicitLinesPerBlock
        }
        if let resumed = open, !continuesBlock(resumed.lines, nextMeasured: nextMeasured()) {
            blocks.append(LineBlock(firstItem: resumed.lines.firstItem, endItem: start, minY: resumed.minY, maxY: y,
                                    lines: .explicit(resumed.lines)))
            open = nil
        }
        while start < n {
            var m = nextMeasured()
            if open == nil {
                // Lines of estimated items only: every line left when no measured
                // item follows; otherwise the full lines that end before the item
                // just before it (a narrow measured item may still join the line
                // of the perLine estimated items before it, so that line is explicit).
                let count = m == n ? (n - start + perLine - 1) / perLine : max(0, m - 1 - start) / perLine
                if count > 0 {
                    if start > 0 { y += input.lineSpacing }
                    let end = min(n, start + count * perLine)
                    let maxY = y + CGFloat(count) * estimate.height + CGFloat(count - 1) * input.lineSpacing
                    blocks.append(LineBlock(firstItem: start, endItem: end, minY: y, maxY: maxY, lines: .uniform(count: count)))
                    y = maxY
                    start = end
                    continue
                }
            }
            // Explicit lines until one starts with perLine estimated items.
            var lines = open?.lines ?? VariableLines(frames: [], lineFirstItem: [], lineMinY: [], lineMaxY: [], firstItem: start)
            let minY = open?.minY ?? (start > 0 ? y + input.lineSpacing : y)
            open = nil
            repeat {
                if start > 0 { y += input.lineSpacing }
                let line = appendGreedyLine(from: start, y: y, input: input, avail: avail, into: &lines, oversize: &oversize,
                                            line: &scratch) { item in
                    measured[item] ?? estimate
                }
                y += line.height
                start = line.end
                m = nextMeasured()
            } while continuesBlock(lines, nextMeasured: m)
            blocks.append(LineBlock(firstItem: lines.firstItem, endItem: start, minY: minY, maxY: y, lines: .explicit(lines)))
        }
        if estimate.width > avail + fitTolerance {
            var first = 0
            while first < measured.count, measured.item(at: first) == first { first += 1 }
            if first < n { oversize = min(oversize ?? first, first) }
        }
        return (SegmentedItems(grid: grid, blocks: blocks), y, oversize)
    }

    /// Horizontal placement of one line (step 4, PSTCollectionView's rules):
    /// leftover space is spread between the items; the last line is justified as
    /// if filled up with copies of its last item; a line whose (virtual) full
    /// width holds one item centres it; an oversize item sits at the left inset.
    static func linePlacement(widths: [CGFloat], virtualFill: CGFloat, isLast: Bool, avail: CGFloat,
                              spacing: CGFloat, left: CGFloat, oversize: Bool) -> LinePlacement {
        linePlacement(count: widths.count, widthSum: widths.reduce(0, +), virtualFill: virtualFill, isLast: isLast,
                      avail: avail, spacing: spacing, left: left, oversize: oversize)
    }

    /// `linePlacement(widths:...)` for a line of `count` items whose widths
    /// add up (left to right, as `reduce` does) to `widthSum`.
    static func linePlacement(count: Int, widthSum: CGFloat, virtualFill: CGFloat, isLast: Bool, avail: CGFloat,
                              spacing: CGFloat, left: CGFloat, oversize: Bool) -> LinePlacement {
        if oversize { return LinePlacement(firstX: left, gap: 0) }
        var count = count
        var used = widthSum + CGFloat(count - 1) * spacing
        if isLast {
            // Invisible copies of the last item while they fit.
            var work = 0
            (used, count) = fillWithCopies(used: used, count: count, spacing: spacing, fill: virtualFill,
                                           limit: avail + fitTolerance, work: &work)
        }
        let leftover = max(0, avail - used)
        if count == 1 {
            return LinePlacement(firstX: left + leftover / 2, gap: 0)
        }
        return LinePlacement(firstX: left, gap: spacing + leftover / CGFloat(count - 1))
    }

    /// The last line's invisible copies (step 4): the result of
    ///
    ///     while used + spacing + fill <= limit, fill + spacing > 0 {
    ///         used += spacing + fill
    ///         count += 1
    ///     }
    ///
    /// bit for bit, in work that does not depend on how many copies fit (a
    /// line a billion items wide, or items a billionth of a point wide): see
    /// `addRepeatedly`. Where `spacing + fill` is too small to change the sum
    /// any more, the loop as written would never end: the line is then as
    /// full as doubles can make it, and the copies stop there.
    static func fillWithCopies(used: CGFloat, count: Int, spacing: CGFloat, fill: CGFloat,
                               limit: CGFloat, work: inout Int) -> (used: CGFloat, count: Int) {
        let d = spacing + fill
        guard d > 0 else { return (used, count) }
        let (sum, steps) = addRepeatedly(d, to: used, atMost: Int.max, work: &work) { $0 + spacing + fill <= limit }
        return (sum, count > Int.max - steps ? Int.max : count + steps)
    }

    /// `start` with `d` (> 0) added again and again, one double addition at a
    /// time, while `fits` holds for the sum so far (it must hold for smaller
    /// sums whenever it holds for a larger one) and at most `limit` times:
    /// the sum and the number of additions, bit for bit, in work that does
    /// not depend on that number (a few steps per power of two crossed).
    ///
    /// Between two powers of two every sum is rounded to the same spacing of
    /// doubles (`ulp`), so after one addition inside such a range (which
    /// settles the parity that a round-half-to-even tie depends on) each
    /// further one adds the same exact amount. Those additions are made by
    /// one multiplication, the first sum that no longer fits found by
    /// bisection; only the additions that cross into the next range are made
    /// one by one. It stops early when an addition no longer changes the sum.
    /// `work` counts the additions and probes made.
    static func addRepeatedly(_ d: CGFloat, to start: CGFloat, atMost limit: Int, work: inout Int,
                              while fits: (CGFloat) -> Bool) -> (sum: CGFloat, steps: Int) {
        precondition(d > 0)
        var sum = start, steps = 0
        var previous: CGFloat? = nil
        func probe(_ u: CGFloat) -> Bool {
            work += 1
            return fits(u)
        }
        while steps < limit, probe(sum) {
            if let p = previous, let range = RoundingRange(sum), RoundingRange(p) == range {
                let step = (sum + d) - sum   // exact: both are multiples of range.ulp inside the range
                let units = Int64(sum / range.ulp), stepUnits = Int64(step / range.ulp)
                if stepUnits > 0, units < range.lastUnit {
                    let most = min(Int((range.lastUnit - units) / stepUnits), limit - steps)
                    if most > 0 {
                        // The first j in 1...most whose sum no longer fits, or most + 1.
                        let firstUnfit = firstIndex(in: 1..<(most + 1)) { !probe(sum + CGFloat($0) * step) }
                        let taken = min(firstUnfit, most)
                        sum += CGFloat(taken) * step
                        steps += taken
                        if firstUnfit <= most { return (sum, steps) }
                        previous = sum - step
                        continue
                    }
                }
            }
            let next = sum + d
            if next == sum { break }
            work += 1
            previous = sum
            sum = next
            steps += 1
        }
        return (sum, steps)
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
        case .segmented(let segmented):
            let block = segmented.blocks[segmented.block(containing: item)]
            switch block.lines {
            case .uniform:
                let g = segmented.grid
                let k = item - block.firstItem
                return CGRect(x: g.x(column: k % g.perLine), y: block.minY + CGFloat(k / g.perLine) * g.lineStep,
                              width: g.size.width, height: g.size.height)
            case .explicit(let v):
                return v.frames[item - v.firstItem]
            }
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
    /// with a little slack for the same reason. `visit` returns false to stop
    /// the walk (then so does this function).
    @discardableResult
    func items(overlapping rect: CGRect, sectionStart start: CGFloat, visit: (Int, CGRect) -> Bool) -> Bool {
        let slack = searchSlack(rect, start), slackAcross = searchSlackAcross(rect)
        let minY = rect.minY - start - slack, maxY = rect.maxY - start + slack
        let minX = rect.minX - slackAcross, maxX = rect.maxX + slackAcross
        guard itemCount > 0, maxY > itemsStart, minY < itemsEnd else { return true }
        switch items {
        case .uniform(let g):
            return g.items(firstItem: 0, count: itemCount, originY: itemsStart, overlapping: rect, sectionStart: start,
                           minY: minY, maxY: maxY, minX: minX, maxX: maxX, visit: visit)
        case .variable(let v):
            return v.items(overlapping: rect, sectionStart: start, minY: minY, maxY: maxY, visit: visit)
        case .segmented(let segmented):
            // The first block whose bottom is past minY, then blocks while they start before maxY.
            var b = firstIndex(in: segmented.blocks.indices) { segmented.blocks[$0].maxY > minY }
            while b < segmented.blocks.count, segmented.blocks[b].minY < maxY {
                let block = segmented.blocks[b]
                let goOn: Bool
                switch block.lines {
                case .uniform:
                    goOn = segmented.grid.items(firstItem: block.firstItem, count: block.endItem - block.firstItem, originY: block.minY,
                                                overlapping: rect, sectionStart: start, minY: minY, maxY: maxY, minX: minX, maxX: maxX, visit: visit)
                case .explicit(let v):
                    goOn = v.items(overlapping: rect, sectionStart: start, minY: minY, maxY: maxY, visit: visit)
                }
                if !goOn { return false }
                b += 1
            }
            return true
        }
    }
}

extension UniformGrid {
    /// The items `firstItem..<firstItem + count`, laid out from `originY`, whose
    /// frames overlap `rect` (content coordinates, the section starting at
    /// `start`); `minY`...`maxX` are the search bounds in section coordinates.
    func items(firstItem: Int, count: Int, originY: CGFloat, overlapping rect: CGRect, sectionStart start: CGFloat,
               minY: CGFloat, maxY: CGFloat, minX: CGFloat, maxX: CGFloat, visit: (Int, CGRect) -> Bool) -> Bool {
        // Zero-width or zero-height items are not skipped: CGRect.overlaps (the
        // one rule) includes a degenerate frame that lies strictly inside the
        // rect, and the per-item path and the brute-force oracle use it too.
        let lines = (count + perLine - 1) / perLine
        var line = lineStep > 0 ? FlowSectionGeometry.clampedFloor((minY - originY - size.height) / lineStep, limit: lines) : 0
        while line < lines {
            let y = originY + CGFloat(line) * lineStep
            if y >= maxY { break }
            if y + size.height > minY {
                // Columns by arithmetic too (an estimate, one column early at
                // worst), then the exact overlap test.
                var c = 0
                if columnStep > 0 {
                    c = max(0, FlowSectionGeometry.clampedFloor((minX - placement.firstX - size.width) / columnStep, limit: perLine) - 1)
                }
                let lineCount = min(perLine, count - line * perLine)
                while c < lineCount {
                    let x = self.x(column: c)
                    if x >= maxX { break }
                    let frame = CGRect(x: x, y: y, width: size.width, height: size.height).offsetBy(dx: 0, dy: start)
                    if frame.overlaps(rect), !visit(firstItem + line * perLine + c, frame) { return false }
                    c += 1
                }
            }
            line += 1
        }
        return true
    }
}

extension VariableLines {
    /// The items whose frames overlap `rect`: a binary search for the first
    /// line, then the lines up to `maxY` (section coordinates).
    func items(overlapping rect: CGRect, sectionStart start: CGFloat, minY: CGFloat, maxY: CGFloat, visit: (Int, CGRect) -> Bool) -> Bool {
        // First line whose maxY is past minY.
        var line = firstIndex(in: lineMaxY.indices) { lineMaxY[$0] > minY }
        while line < lineMinY.count, lineMinY[line] < maxY {
            let end = line + 1 < lineFirstItem.count ? lineFirstItem[line + 1] : endItem
            for i in lineFirstItem[line]..<end {
                let frame = frames[i - firstItem].offsetBy(dx: 0, dy: start)
                if frame.overlaps(rect), !visit(i, frame) { return false }
            }
            line += 1
        }
        return true
    }
}

extension SegmentedItems {
    /// The index of the block holding `item`.
    func block(containing item: Int) -> Int {
        firstIndex(in: blocks.indices) { blocks[$0].endItem > item }
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
    /// At least the largest identity in `cacheKeys`: a section with a larger one is new.
    var maximumIdentity = Int.min
    /// The sections with an item wider than the line (`firstOversizeItem`), in order.
    var oversizeSections: [Int] = []

    var contentLength: CGFloat { (starts.last ?? 0) + (sections.last?.length ?? 0) }

    /// Sections whose extent [start, start + length) overlaps [minY, maxY).
    func sections(overlapping minY: CGFloat, _ maxY: CGFloat) -> Range<Int> {
        let lo = firstIndex(in: sections.indices) { starts[$0] + sections[$0].length > minY }
        var end = lo
        while end < sections.count, starts[end] < maxY { end += 1 }
        return lo..<end
    }

    /// The section containing the line y (the last one starting at or before it), if any.
    func section(containing y: CGFloat) -> Int? {
        guard !sections.isEmpty else { return nil }
        let s = firstIndex(in: sections.indices) { starts[$0] > y } - 1
        guard s >= 0, y < starts[s] + sections[s].length else { return nil }
        return s
    }
}

/// The doubles a sum lands on without a change of spacing: those of one
/// binade (same sign and exponent), or the subnormals with zero. Values are
/// `units * ulp`; a step may end at most at `lastUnit` units and stay inside
/// (for a negative binade that keeps it off its edge nearest zero, where the
/// spacing halves).
struct RoundingRange: Equatable {
    var ulp: CGFloat
    var lastUnit: Int64

    init?(_ x: CGFloat) {
        guard x.isFinite else { return nil }
        if abs(x) < CGFloat.leastNormalMagnitude {
            ulp = CGFloat.leastNonzeroMagnitude
            lastUnit = (1 << 52) - 1
        } else {
            ulp = x.ulp
            lastUnit = x > 0 ? (1 << 53) - 1 : -(1 << 52) - 1
        }
    }
}

extension FlowGeometry {
    /// Places the sections one after another: each one's start (the sum of
    /// the lengths before it), the sections with an item wider than the line,
    /// and the largest identity, from `sections` and `cacheKeys`.
    mutating func placeSections() {
        var y: CGFloat = 0
        var maximumIdentity = Int.min
        for s in sections.indices {
            starts.append(y)
            if sections[s].firstOversizeItem != nil { oversizeSections.append(s) }
            y += sections[s].length
            maximumIdentity = max(maximumIdentity, cacheKeys[s].identity)
        }
        self.maximumIdentity = maximumIdentity
    }
}
