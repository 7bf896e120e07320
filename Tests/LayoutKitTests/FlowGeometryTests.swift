import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// docs/semantics.md, "Flow layout geometry": every rule, derived by hand, checked in
/// both scroll directions (`FlowCase` transposes inputs and outputs for horizontal).
@Suite struct FlowGeometryTests {

    @Test func defaultsAreUIKits() {
        let layout = CollectionViewFlowLayout()
        #expect(layout.itemSize == size(50, 50))
        #expect(layout.minimumLineSpacing == 10)
        #expect(layout.minimumInteritemSpacing == 10)
        #expect(layout.sectionInset == .zero)
        #expect(layout.headerReferenceSize == .zero)
        #expect(layout.footerReferenceSize == .zero)
        #expect(layout.scrollDirection == .vertical)
        let cv = CollectionView(layout: layout)
        #expect(cv.bounds == rect(0, 0, 390, 844))
        #expect(cv.adjustedContentInset == .zero)
    }

    @Test(arguments: Direction.allCases)
    func defaultGrid(_ direction: Direction) throws {
        // W = 390. A line holds 50 + k(10 + 50) <= 390 -> k = 5 -> 6 items, using
        // 6*50 + 5*10 = 350; leftover 40, gap = 10 + 40/5 = 18: x = 0, 68, 136, 204, 272, 340.
        // 14 items: lines of 6, 6, 2 at y = 0, 60, 120. The last line (2 items) is
        // filled with copies of its last item, so it gets the same gap: x = 0, 68.
        // Content: (390, 3*50 + 2*10 = 170).
        let b = try FlowCase(counts: [14]).build(direction)
        let xs: [CGFloat] = [0, 68, 136, 204, 272, 340]
        for i in 0..<14 {
            #expect(b.item(0, i) == rect(xs[i % 6], CGFloat(i / 6) * 60, 50, 50), "item \(i)")
        }
        #expect(b.contentSize == size(390, 170))
        #expect(b.header(0) == nil)
        #expect(b.footer(0) == nil)
    }

    @Test func horizontalIsTheTransposeWrittenOut() throws {
        // The default grid again, horizontal, in real coordinates: the viewport is
        // 844 wide and 390 tall, lines are columns 60 apart along x, items within a
        // column are 68 apart along y.
        let layout = CollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        let cv = try CollectionView(size: size(844, 390), layout: layout, itemCounts: [14])
        #expect(layout.layoutAttributesForItem(at: .ip(0, 1))?.frame == rect(0, 68, 50, 50))
        #expect(layout.layoutAttributesForItem(at: .ip(0, 6))?.frame == rect(60, 0, 50, 50))
        #expect(layout.layoutAttributesForItem(at: .ip(0, 13))?.frame == rect(120, 68, 50, 50))
        #expect(layout.collectionViewContentSize == size(170, 390))
        #expect(cv.contentSize == size(170, 390))
    }

    @Test func sectionInsetsAreMeasuredFromTheirReference() throws {
        // 844 x 390 (landscape), safe area 44 left and right, content inset 6
        // left: the content area starts at x = 50 (adjusted 50 left, 44 right).
        // Section inset 10 left. Item 0 in content coordinates:
        // - from the content inset: 10;
        // - from the safe area: 44 + 10 - 50 = 4;
        // - from the layout margins (16 inside the safe area): 44 + 16 + 10 - 50 = 20;
        // - from the safe area with a section inset of 0: max(0, 44 - 50) = 0, never
        //   inside the adjusted content inset.
        let layout = CollectionViewFlowLayout()
        layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        let cv = try CollectionView(size: size(844, 390), layout: layout, itemCounts: [3])
        try cv.setSafeAreaInsets(EdgeInsets(top: 0, left: 44, bottom: 0, right: 44))
        try cv.setContentInset(EdgeInsets(top: 0, left: 6, bottom: 0, right: 0))
        for (reference, x) in [(CollectionViewFlowLayout.SectionInsetReference.fromContentInset, CGFloat(10)), (.fromSafeArea, 4), (.fromLayoutMargins, 20)] {
            layout.sectionInsetReference = reference
            cv.layoutIfNeeded()
            #expect(layout.layoutAttributesForItem(at: .ip(0, 0))?.frame.minX == x, "\(reference)")
        }
        layout.sectionInset = .zero
        layout.sectionInsetReference = .fromSafeArea
        cv.layoutIfNeeded()
        #expect(layout.layoutAttributesForItem(at: .ip(0, 0))?.frame.minX == 0)
    }

    @Test(arguments: Direction.allCases)
    func contentWidthIsInsideTheAdjustedContentInset(_ direction: Direction) throws {
        // adjustedContentInset = contentInset (11,10,13,20) + safeAreaInsets (7,5,9,15)
        // = (18,15,22,35); W = 390 - 15 - 35 = 340. A line: 50 + 4*60 = 290 <= 340 < 350
        // -> 5 items, leftover 50, gap = 10 + 50/4 = 22.5: x = 0, 72.5, 145, 217.5, 290.
        // Header (0, 0, 340, 30); lines at y = 30 and 90; content (340, 140). The top
        // and bottom insets move nothing: content coordinates start at 0.
        var c = FlowCase(counts: [7], header: 30)
        c.contentInset = EdgeInsets(top: 11, left: 10, bottom: 13, right: 20)
        c.safeAreaInsets = EdgeInsets(top: 7, left: 5, bottom: 9, right: 15)
        let b = try c.build(direction)
        #expect(b.cv.adjustedContentInset == direction.map(EdgeInsets(top: 18, left: 15, bottom: 22, right: 35)))
        #expect(b.header(0) == rect(0, 0, 340, 30))
        #expect(b.items(0) == [rect(0, 30, 50, 50), rect(72.5, 30, 50, 50), rect(145, 30, 50, 50), rect(217.5, 30, 50, 50),
                               rect(290, 30, 50, 50), rect(0, 90, 50, 50), rect(72.5, 90, 50, 50)])
        #expect(b.contentSize == size(340, 140))
    }

    @Test(arguments: Direction.allCases)
    func sectionInsetOnAllSidesHeaderSpansWFooterFollows(_ direction: Direction) throws {
        // W = 390, sectionInset (top 5, left 20, bottom 7, right 30): avail = 340 -> 5 a
        // line, gap 22.5: x = 20, 92.5, 165, 237.5, 310 (310 + 50 = 360 = 390 - 30).
        // Section 0 (7 items): header (0, 0, 390, 40) ignores the inset; lines at
        // y = 40 + 5 = 45 and 105; last line ends at 155; + 7 = 162: footer (0, 162, 390, 25);
        // the section ends at 187.
        // Section 1 (3 items): header (0, 187, 390, 40); one (last) line at 232 with
        // x = 20, 92.5, 165; ends 282; footer at 289; content height 314.
        var c = FlowCase(counts: [7, 3], header: 40, footer: 25)
        c.sectionInset = EdgeInsets(top: 5, left: 20, bottom: 7, right: 30)
        let b = try c.build(direction)
        let xs: [CGFloat] = [20, 92.5, 165, 237.5, 310]
        #expect(b.header(0) == rect(0, 0, 390, 40))
        let lines: [CGRect] = (0..<7).map { i in
            let y: CGFloat = i < 5 ? 45 : 105
            return rect(xs[i % 5], y, 50, 50)
        }
        #expect(b.items(0) == lines)
        #expect(b.footer(0) == rect(0, 162, 390, 25))
        #expect(b.header(1) == rect(0, 187, 390, 40))
        let last: [CGRect] = (0..<3).map { rect(xs[$0], 232, 50, 50) }
        #expect(b.items(1) == last)
        #expect(b.footer(1) == rect(0, 289, 390, 25))
        #expect(b.contentSize == size(390, 314))
    }

    @Test(arguments: Direction.allCases)
    func greedyLinesJustificationCentringOversizeAndLineHeights(_ direction: Direction) throws {
        // W = 310, sectionInset left 7, right 3 -> avail = 300, spacing 10 both ways.
        // Sizes (w x h): 100x40 100x60 | 90x30 120x50 50x20 | 200x80 | 310x30 | 40x40
        // Line 1: 100 + 10 + 100 = 210; + 10 + 90 = 310 > 300 -> [0, 1]. Not the last:
        //   leftover 90, gap = 10 + 90/1 = 100: x = 7, 207. Height 60 (tallest); item 0
        //   is centred: y = (60 - 40)/2 = 10; item 1 y = 0.
        // Line 2 (y = 60 + 10 = 70): 90 + 130 + 60 = 280; + 210 > 300 -> [2, 3, 4];
        //   leftover 20, gap = 10 + 20/2 = 20: x = 7, 117, 257. Height 50: y = 80, 70, 85.
        // Line 3 (y = 130): 200 + 320 > 300 -> [5] alone, not the last: centred,
        //   x = 7 + (300 - 200)/2 = 57. Height 80.
        // Line 4 (y = 220): 310 > 300: alone at x = sectionInset.left = 7 (stk warns).
        // Line 5 (y = 260): [7] is the last line: copies of 40 while they fit:
        //   40 + 5*50 = 290 <= 300 -> 6 items, leftover 10, gap = 10 + 10/5 = 12: x = 7.
        // Content: (310, 300).
        var c = FlowCase(counts: [8])
        c.boundsSize = size(310, 844)
        c.sectionInset = EdgeInsets(top: 0, left: 7, bottom: 0, right: 3)
        let sizes = [size(100, 40), size(100, 60), size(90, 30), size(120, 50), size(50, 20), size(200, 80), size(310, 30), size(40, 40)]
        for (i, s) in sizes.enumerated() { c.itemSizes[.ip(0, i)] = s }
        let b = try c.build(direction)
        #expect(b.items(0) == [
            rect(7, 10, 100, 40), rect(207, 0, 100, 60),
            rect(7, 80, 90, 30), rect(117, 70, 120, 50), rect(257, 85, 50, 20),
            rect(57, 130, 200, 80),
            rect(7, 220, 310, 30),
            rect(7, 260, 40, 40),
        ])
        #expect(b.contentSize == size(310, 300))
        #expect(b.layout.layoutWarnings == [Self.oversize("0:6", room: 300, direction)])
    }

    @Test(arguments: Direction.allCases)
    func lastLineIsFilledWithCopiesOfItsLastItem(_ direction: Direction) throws {
        // W = 290, items 60x50 and 30x50: 60 + 10 + 30 = 100 fits, and it is the last
        // line. Copies of 30 while they fit: 100 + 4*40 = 260 <= 290 < 300 -> 6 items,
        // leftover 30, gap = 10 + 30/5 = 16: x = 0, 76 (not spread to 0, 230).
        var c = FlowCase(counts: [2])
        c.boundsSize = size(290, 844)
        c.itemSizes = [.ip(0, 0): size(60, 50), .ip(0, 1): size(30, 50)]
        let b = try c.build(direction)
        #expect(b.items(0) == [rect(0, 0, 60, 50), rect(76, 0, 30, 50)])
    }

    @Test(arguments: Direction.allCases)
    func linesOfOneItemAreCentred(_ direction: Direction) throws {
        // W = 390, items 200x50: 200 + 10 + 200 = 410 > 390 -> one a line. Every line,
        // the last one too (no copy fits beside it), centres it: x = (390 - 200)/2 = 95;
        // y = 0, 60, 120.
        var c = FlowCase(counts: [3])
        c.itemSize = size(200, 50)
        let b = try c.build(direction)
        #expect(b.items(0) == [rect(95, 0, 200, 50), rect(95, 60, 200, 50), rect(95, 120, 200, 50)])
        #expect(b.layout.layoutWarnings.isEmpty)
    }

    /// The warning for an item longer than the room across the flow, in
    /// UIKit's words for the direction: across a horizontal flow the room is
    /// a height (round thirteen: it said width there too).
    static func oversize(_ item: String, room: Int, _ direction: Direction) -> String {
        direction == .vertical
            ? "item \(item) is wider than the available width \(room): it sits alone on its line (UIKit logs: \(CollectionViewFlowLayout.itemTooLargeMessage))"
            : "item \(item) is taller than the available height \(room): it sits alone on its line (UIKit logs: \(CollectionViewFlowLayout.itemTooTallMessage))"
    }

    @Test(arguments: Direction.allCases)
    func uniformOversizeItemsSitAtTheLeftInsetAndWarn(_ direction: Direction) throws {
        // W = 390, sectionInset left 12 right 8 -> avail 370; items 400x50 are wider:
        // each alone at x = 12, lines at y = 0, 60.
        var c = FlowCase(counts: [2])
        c.itemSize = size(400, 50)
        c.sectionInset = EdgeInsets(top: 0, left: 12, bottom: 0, right: 8)
        let b = try c.build(direction)
        #expect(b.items(0) == [rect(12, 0, 400, 50), rect(12, 60, 400, 50)])
        #expect(b.layout.layoutWarnings == [Self.oversize("0:0", room: 370, direction)])
    }

    @Test(arguments: Direction.allCases)
    func lineSpacingSeparatesLines(_ direction: Direction) throws {
        // W = 380, interitem 5: 50 + 6*55 = 380 -> 7 a line exactly, gap 5:
        // x = 0, 55, ..., 330. lineSpacing 25: the second line at y = 50 + 25 = 75.
        // Content height 125.
        var c = FlowCase(counts: [9])
        c.boundsSize = size(380, 844)
        c.interitemSpacing = 5
        c.lineSpacing = 25
        let b = try c.build(direction)
        let expected: [CGRect] = (0..<9).map { i in
            let x = CGFloat(i % 7) * 55
            let y: CGFloat = i < 7 ? 0 : 75
            return rect(x, y, 50, 50)
        }
        #expect(b.items(0) == expected)
        #expect(b.contentSize == size(380, 125))
    }

    @Test(arguments: Direction.allCases)
    func emptySectionsStillGetBothInsetsHeaderAndFooter(_ direction: Direction) throws {
        // counts 0, 2, 0; header 30, footer 20, sectionInset top 5 bottom 7.
        // S0: header (0,0,390,30); 30 + 5 + 7 = 42: footer (0,42,390,20); ends 62.
        // S1: header (0,62,...,30); items at y = 97, x = 0, 68; 147 + 7: footer at 154; ends 174.
        // S2: header (0,174,...,30); 204 + 5 + 7: footer at 216; content height 236.
        var c = FlowCase(counts: [0, 2, 0], header: 30, footer: 20)
        c.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
        let b = try c.build(direction)
        #expect(b.header(0) == rect(0, 0, 390, 30))
        #expect(b.footer(0) == rect(0, 42, 390, 20))
        #expect(b.header(1) == rect(0, 62, 390, 30))
        #expect(b.items(1) == [rect(0, 97, 50, 50), rect(68, 97, 50, 50)])
        #expect(b.footer(1) == rect(0, 154, 390, 20))
        #expect(b.header(2) == rect(0, 174, 390, 30))
        #expect(b.footer(2) == rect(0, 216, 390, 20))
        #expect(b.contentSize == size(390, 236))
    }

    @Test(arguments: Direction.allCases)
    func perItemAndPerSectionSizesZIndexAndContentSize(_ direction: Direction) throws {
        // Defaults header 30, footer 20; header 1 is 70 tall (its width 999 is ignored:
        // headers span W); footer 0 is zero: no footer; item 0:1 is 120x20.
        // S0: header (0,0,390,30). Line at 30: 50 + 10 + 120 = 180; the last line, so
        //   copies of 120: 180 + 130 = 310 <= 390 < 440 -> 3 items, leftover 80,
        //   gap = 10 + 80/2 = 50: x = 0, 100. Height 50: item 1 centred at y = 45.
        //   Ends at 80 (no footer).
        // S1: header (0,80,390,70); items at 150; footer (0,200,390,20); ends 220.
        // S2: header (0,220,390,30); items at 250; footer (0,300,390,20); content 320.
        var c = FlowCase(counts: [2, 2, 2], header: 30, footer: 20)
        c.headerSizes = [1: size(999, 70)]
        c.footerSizes = [0: .zero]
        c.itemSizes = [.ip(0, 1): size(120, 20)]
        let b = try c.build(direction)
        #expect(b.header(0) == rect(0, 0, 390, 30))
        #expect(b.items(0) == [rect(0, 30, 50, 50), rect(100, 45, 120, 20)])
        #expect(b.footer(0) == nil)
        #expect(b.header(1) == rect(0, 80, 390, 70))
        #expect(b.items(1) == [rect(0, 150, 50, 50), rect(68, 150, 50, 50)])
        #expect(b.footer(1) == rect(0, 200, 390, 20))
        #expect(b.header(2) == rect(0, 220, 390, 30))
        #expect(b.footer(2) == rect(0, 300, 390, 20))
        #expect(b.contentSize == size(390, 320))

        // zIndex: cells 0, headers and footers 1 (nothing pins here).
        let all = b.layout.layoutAttributesForElements(in: direction.map(rect(-1, -1, 400, 400))) ?? []
        #expect(all.count == 6 + 3 + 2)
        for a in all {
            #expect(a.zIndex == (a.representedElementCategory == .cell ? 0 : 1), "\(a)")
            #expect(!a.isPinned)
        }

        // Clearing the overrides restores the defaults: header 1 is 30 again, footer 0 is back.
        try b.cv.setSupplementarySize(nil, ofKind: ElementKind.sectionHeader, inSection: 1)
        try b.cv.setSupplementarySize(nil, ofKind: ElementKind.sectionFooter, inSection: 0)
        try b.cv.setItemSize(nil, at: .ip(0, 1))
        // S0 now: items at 30, footer (0,80,390,20), ends 100; S1 header (0,100,390,30).
        #expect(b.items(0) == [rect(0, 30, 50, 50), rect(68, 30, 50, 50)])
        #expect(b.footer(0) == rect(0, 80, 390, 20))
        #expect(b.header(1) == rect(0, 100, 390, 30))
        #expect(b.cv.sections[0].isUniform)
    }

    @Test(arguments: Direction.allCases)
    func rectQueriesUseTheOverlapRule(_ direction: Direction) throws {
        // Default grid, 14 items (lines at 0, 60, 120). A rect touching line 1's top
        // edge from above (maxY = 60) does not include it; one reaching 60.5 does.
        let b = try FlowCase(counts: [14]).build(direction)
        let touching = b.layout.layoutAttributesForElements(in: direction.map(rect(0, 0, 390, 60))) ?? []
        #expect(Set(touching.map(\.indexPath.item)) == Set(0..<6))
        let over = b.layout.layoutAttributesForElements(in: direction.map(rect(0, 0, 390, 60.5))) ?? []
        #expect(Set(over.map(\.indexPath.item)) == Set(0..<12))
        // Columns too: x in [50, 68] lies in the gap between columns 0 and 1.
        let gap = b.layout.layoutAttributesForElements(in: direction.map(rect(50, 0, 18, 500))) ?? []
        #expect(gap.isEmpty)
        // An infinite rect returns every element.
        let everything = b.layout.layoutAttributesForElements(in: .infinite) ?? []
        #expect(everything.count == 14)
    }

    // MARK: Uniform (arithmetic) and variable (per-item) paths agree

    /// Random sections, laid out twice: uniform (arithmetic), and with one item's
    /// size overridden to the default size (which makes the section take the
    /// per-item path with the very same sizes). Every frame must be identical,
    /// and so must rect queries. Values are multiples of 1/4, so that every sum
    /// is exact and "identical" can mean bit for bit.
    @Test(arguments: Direction.allCases)
    func uniformAndVariablePathsAgree(_ direction: Direction) throws {
        var rng = SplitMix64(seed: 0xF10_2024)
        for round in 0..<250 {
            var c = FlowCase(counts: (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) })
            c.boundsSize = size(rng.multiple(of: 0.25, in: 0...600), 500)
            let zeroSized = rng.chance(0.08)
            c.itemSize = size(zeroSized && rng.chance(0.5) ? 0 : rng.multiple(of: 0.25, in: 0.25...220),
                              zeroSized ? 0 : rng.multiple(of: 0.25, in: 0.25...120))
            c.lineSpacing = rng.multiple(of: 0.25, in: 0...30)
            c.interitemSpacing = rng.multiple(of: 0.25, in: 0...30)
            c.sectionInset = EdgeInsets(top: rng.multiple(of: 0.25, in: 0...30), left: rng.multiple(of: 0.25, in: 0...40),
                                        bottom: rng.multiple(of: 0.25, in: 0...30), right: rng.multiple(of: 0.25, in: 0...40))
            c.headerSize = size(0, rng.chance(0.5) ? rng.multiple(of: 0.25, in: 0...50) : 0)
            c.footerSize = size(0, rng.chance(0.5) ? rng.multiple(of: 0.25, in: 0...50) : 0)
            c.contentInset = EdgeInsets(top: 0, left: rng.multiple(of: 0.25, in: 0...20), bottom: 0, right: rng.multiple(of: 0.25, in: 0...20))
            let uniform = try c.build(direction)
            var variable = c
            for (s, n) in c.counts.enumerated() where n > 0 { variable.itemSizes[.ip(s, Int.random(in: 0..<n, using: &rng))] = c.itemSize }
            let v = try variable.build(direction)
            for (s, n) in c.counts.enumerated() where n > 0 { #expect(uniform.cv.sections[s].isUniform && !v.cv.sections[s].isUniform) }

            let a = attributesByElement(uniform.layout, in: uniform.cv)
            let b = attributesByElement(v.layout, in: v.cv)
            let diff = differences(a, b, names: ("uniform", "variable"))
            #expect(diff.isEmpty, "round \(round): \(c)\n\(diff.joined(separator: "\n"))")
            #expect(uniform.layout.collectionViewContentSize == v.layout.collectionViewContentSize, "round \(round)")
            #expect(uniform.layout.layoutWarnings == v.layout.layoutWarnings, "round \(round)")
            // Rect queries: random rects, against each other and against brute force.
            for _ in 0..<6 {
                let content = uniform.layout.collectionViewContentSize
                let r = CGRect(x: rng.multiple(of: 0.25, in: -50...(content.width + 50)), y: rng.multiple(of: 0.25, in: -50...(content.height + 50)),
                               width: rng.multiple(of: 0.25, in: 0...400), height: rng.multiple(of: 0.25, in: 0...400))
                let qa = byKey(uniform.layout.layoutAttributesForElements(in: r) ?? [])
                let qb = byKey(v.layout.layoutAttributesForElements(in: r) ?? [])
                let d1 = differences(qa, bruteForce(a, in: r), names: ("uniform query", "brute force"))
                let d2 = differences(qb, bruteForce(b, in: r), names: ("variable query", "brute force"))
                #expect(d1.isEmpty, "round \(round) rect \(r.stk): \(d1.joined(separator: "\n"))")
                #expect(d2.isEmpty, "round \(round) rect \(r.stk): \(d2.joined(separator: "\n"))")
            }
        }
    }

    // MARK: The flow delegate

    /// Answers like UIKit's UICollectionViewDelegateFlowLayout, in vertical terms
    /// mapped to `direction`.
    final class SizingDelegate: CollectionViewDelegateFlowLayout {
        let direction: Direction
        init(_ direction: Direction) { self.direction = direction }

        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
            if indexPath.section == 1 { return direction.map(size(390, 10)) }
            return direction.map(size(40 + 20 * CGFloat(indexPath.item), indexPath.item % 2 == 0 ? 30 : 40))
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
            section == 0 ? direction.map(EdgeInsets(top: 10, left: 15, bottom: 5, right: 41)) : .zero
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat { 12 }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat { 8 }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
            section == 0 ? direction.map(size(0, 25)) : .zero
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
            section == 0 ? direction.map(size(0, 15)) : .zero
        }
    }

    @Test(arguments: Direction.allCases)
    func delegateAnswersOverrideTheLayoutsProperties(_ direction: Direction) throws {
        // Section 0: inset (10, 15, 5, 41) -> avail = 390 - 56 = 334; spacing 8 and 12.
        //   Header (0, 0, 390, 25); lines from y = 35. Widths 40, 60, 80, 100, 120;
        //   heights 30, 40, 30, 40, 30.
        //   Line 1: 40 + 68 + 88 + 108 = 304; + 128 > 334 -> items 0-3, leftover 30,
        //     gap = 8 + 30/3 = 18: x = 15, 73, 151, 249. Height 40: y = 40, 35, 40, 35.
        //   Line 2 (y = 35 + 40 + 12 = 87): [120] last; 120 + 128 = 248 <= 334 < 376 ->
        //     2 virtual items, leftover 86, gap 94: x = 15. Ends 117.
        //   Footer at 117 + 5 = 122: (0, 122, 390, 15); the section ends at 137.
        // Section 1: no inset, no header or footer; one item 390x10, exactly W: it
        //   fits (not oversize), alone on the last line, leftover 0: x = 0, y = 137.
        // Content (390, 147).
        let delegate = SizingDelegate(direction)
        let layout = CollectionViewFlowLayout()
        layout.scrollDirection = direction.flow
        layout.headerReferenceSize = size(99, 99)   // the delegate's answers win
        let cv = CollectionView(size: direction.map(size(390, 844)), layout: layout)
        cv.delegate = delegate
        try cv.reloadData(itemCounts: [5, 1])
        let b = Built(cv: cv, layout: layout, direction: direction)
        #expect(b.header(0) == rect(0, 0, 390, 25))
        #expect(b.items(0) == [rect(15, 40, 40, 30), rect(73, 35, 60, 40), rect(151, 40, 80, 30), rect(249, 35, 100, 40), rect(15, 87, 120, 30)])
        #expect(b.footer(0) == rect(0, 122, 390, 15))
        #expect(b.header(1) == nil)
        #expect(b.items(1) == [rect(0, 137, 390, 10)])
        #expect(b.contentSize == size(390, 147))
        #expect(layout.layoutWarnings.isEmpty)
        withExtendedLifetime(delegate) {}
    }

    /// A delegate that implements nothing answers with the layout's properties and
    /// the collection view's overrides: the same frames as no delegate at all.
    final class DefaultDelegate: CollectionViewDelegateFlowLayout {}

    @Test(arguments: Direction.allCases)
    func aDelegateWithDefaultAnswersChangesNothing(_ direction: Direction) throws {
        var c = FlowCase(counts: [9, 0, 13], header: 22, footer: 11)
        c.sectionInset = EdgeInsets(top: 3, left: 9, bottom: 4, right: 6)
        c.itemSizes = [.ip(0, 2): size(130, 70), .ip(2, 12): size(400, 10)]
        c.headerSizes = [2: size(0, 44)]
        let plain = try c.build(direction)
        let delegated = try c.build(direction)
        let delegate = DefaultDelegate()
        delegated.cv.delegate = delegate
        delegated.layout.invalidateLayout()
        delegated.cv.layoutIfNeeded()
        let d = differences(attributesByElement(plain.layout, in: plain.cv), attributesByElement(delegated.layout, in: delegated.cv),
                            names: ("no delegate", "delegate"))
        #expect(d.isEmpty, "\(d.joined(separator: "\n"))")
        #expect(plain.contentSize == delegated.contentSize)
        withExtendedLifetime(delegate) {}
    }
}
