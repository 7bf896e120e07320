import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// docs/semantics.md, "Self-sizing cells": cells are measured when displayed,
/// the layout is asked in UIKit's order, flow's context says how the content
/// changes, and only what was shown is ever measured.
@Suite struct SelfSizingTests {

    /// A vertical flow 390 wide, estimate 100x50, spacings 10, no header:
    /// 3 items a line (100 + 2 x 110 = 320 <= 390), leftover 70 spread over two
    /// gaps, so x = 0, 145, 290; lines 60 apart.
    func makeList(items: Int, height: CGFloat = 844, sections: Int = 1) throws -> (CollectionView, CollectionViewFlowLayout) {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = size(100, 50)
        layout.estimatedItemSize = size(100, 50)
        let cv = try CollectionView(size: size(390, height), layout: layout, itemCounts: Array(repeating: items, count: sections))
        return (cv, layout)
    }

    @Test func aDisplayedCellIsMeasuredAndItsLineGrows() throws {
        let (cv, layout) = try makeList(items: 12)
        let recorder = cv.startRecording()
        #expect(layout.collectionViewContentSize == size(390, 4 * 50 + 3 * 10))
        try cv.setPreferredSize(size(100, 80), at: .ip(0, 0))
        // Line 0 is now 80 tall; items 1 and 2 are centred in it: y = (80 - 50) / 2 = 15.
        // Lines 1-3 move down by 30: y = 90, 150, 210; content 80 + 3 x 50 + 3 x 10 = 260.
        #expect(cv.layoutAttributesForItem(at: .ip(0, 0))?.frame == rect(0, 0, 100, 80))
        #expect(cv.layoutAttributesForItem(at: .ip(0, 1))?.frame == rect(145, 15, 100, 50))
        #expect(cv.layoutAttributesForItem(at: .ip(0, 3))?.frame == rect(0, 90, 100, 50))
        #expect(cv.layoutAttributesForItem(at: .ip(0, 11))?.frame == rect(290, 210, 100, 50))
        #expect(layout.collectionViewContentSize == size(390, 260))
        // The context names the item, keeps the flow's flags off and says the
        // content grew by 30; the item is on screen, so the offset stays.
        let contexts = recorder.events.compactMap { event -> InvalidationContextSnapshot? in
            if case let .contextCreated(snapshot, .preferredAttributes) = event { return snapshot }
            return nil
        }
        #expect(contexts.count == 1)
        #expect(contexts.first?.items == [.ip(0, 0)])
        #expect(contexts.first?.contentSizeAdjustment == size(0, 30))
        #expect(contexts.first?.contentOffsetAdjustment == .zero)
        #expect(contexts.first?.invalidateFlowLayoutAttributes == false)
        #expect(contexts.first?.invalidateFlowLayoutDelegateMetrics == false)
        #expect(cv.contentOffset == .zero)
        #expect(cv.sections[0].measuredSizes[0] == size(100, 80))
    }

    @Test func aCellMeasuredAboveTheViewMovesTheOffsetSoNothingOnScreenJumps() throws {
        // 300 items: 100 lines at y = 60k. The view 400 tall at 1000 shows
        // lines 16 (960-1010, begins above the top) to 23 (1380-1430).
        let (cv, layout) = try makeList(items: 300, height: 400)
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        let recorder = cv.startRecording()
        let line17Before = try #require(cv.layoutAttributesForItem(at: .ip(0, 51))).frame.minY - cv.contentOffset.y
        try cv.setPreferredSize(size(100, 80), inSection: 0)
        // Item 48 begins above the top: its line grows by 30 out of sight, so
        // the offset moves by 30 too. Its neighbours 49 and 50 change nothing
        // more (their line is already 80 tall). Lines 17-23 grow below the top.
        let adjustments = recorder.events.compactMap { event -> (IndexPath, CGPoint, CGSize)? in
            if case let .contextCreated(snapshot, .preferredAttributes) = event {
                return (snapshot.items[0], snapshot.contentOffsetAdjustment, snapshot.contentSizeAdjustment)
            }
            return nil
        }
        #expect(adjustments.first.map { $0.0 } == .ip(0, 48))
        #expect(adjustments.first.map { $0.1 } == CGPoint(x: 0, y: 30))
        #expect(adjustments.dropFirst().allSatisfy { $0.1 == .zero })
        #expect(cv.contentOffset == CGPoint(x: 0, y: 1030))
        // Line 17 was 20 below the top; it still is (now at 1050).
        let line17 = try #require(cv.layoutAttributesForItem(at: .ip(0, 51))).frame
        #expect(line17.minY == 1050)
        #expect(line17.minY - cv.contentOffset.y == line17Before)
        // Lines 16-23 were measured (24 cells); in the adjusted view 1030-1430
        // lines 16-21 show, so no new cell appeared: content 5990 + 8 x 30.
        #expect(cv.sections[0].measuredSizes.count == 24)
        #expect(layout.collectionViewContentSize == size(390, 6230))
        // The adjustment is a bounds change like any other: asked, then made.
        #expect(recorder.events.contains { event in
            if case let .boundsChanged(from, to) = event { return from.minY == 1000 && to.minY == 1030 }
            return false
        })
    }

    @Test func theCycleRunsInUIKitsOrder() throws {
        let (cv, _) = try makeList(items: 12)
        let recorder = cv.startRecording()
        try cv.setPreferredSize(size(100, 80), inSection: 0)
        // Every displayed cell is measured, in key order, each with its own
        // context, then one pass; its cells are the same ones, now measured.
        let names = recorder.names
        let asked = names.filter { $0 == "preferredAttributesAsked" }.count
        #expect(asked == 12)
        let expectedOne = ["preferredAttributesAsked", "contextCreated", "invalidated"]
        #expect(Array(names.prefix(3)) == expectedOne)
        #expect(Array(names.suffix(4)) == ["prepared", "contentSize", "elementsQueried", "visibleChanged"])
        #expect(names.filter { $0 == "prepared" }.count == 1)
    }

    /// Records the layout's side of the cycle, as an override on iOS would see it.
    final class RecordingFlow: CollectionViewFlowLayout {
        var calls: [String] = []
        override func prepare() { calls.append("prepare"); super.prepare() }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            calls.append("layoutAttributesForElements"); return super.layoutAttributesForElements(in: rect)
        }
        override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                             withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool {
            calls.append("shouldInvalidate(preferred \(originalAttributes.indexPath.stk))")
            return super.shouldInvalidateLayout(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        }
        override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                          withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutInvalidationContext {
            calls.append("invalidationContext(preferred \(originalAttributes.indexPath.stk))")
            return super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        }
        override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
            calls.append("invalidateLayout(with:)"); super.invalidateLayout(with: context)
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            calls.append("shouldInvalidate(bounds)"); return super.shouldInvalidateLayout(forBoundsChange: newBounds)
        }
    }

    @Test func aSubclassSeesUIKitsOrder() throws {
        let layout = RecordingFlow()
        layout.itemSize = size(100, 50)
        layout.estimatedItemSize = size(100, 50)
        let cv = try CollectionView(size: size(390, 100), layout: layout, itemCounts: [9])
        // 100 tall: lines 0 (0-50) and 1 (60-110) show. Scrolling to 50 shows
        // line 2 (120-170): its cells are measured after the pass that shows
        // them, one context each, then one pass more.
        try cv.setPreferredSize(size(100, 50), inSection: 0)   // what they have: nothing to do
        layout.calls = []
        try cv.setPreferredSize(size(100, 70), at: .ip(0, 6))
        try cv.setPreferredSize(size(100, 70), at: .ip(0, 7))
        #expect(layout.calls.isEmpty)   // not displayed yet
        try cv.setContentOffset(CGPoint(x: 0, y: 50))
        #expect(layout.calls == [
            "shouldInvalidate(bounds)", "layoutAttributesForElements",
            "shouldInvalidate(preferred 0:6)", "invalidationContext(preferred 0:6)", "invalidateLayout(with:)",
            "shouldInvalidate(preferred 0:7)", "invalidationContext(preferred 0:7)", "invalidateLayout(with:)",
            "prepare", "layoutAttributesForElements",
        ])
        #expect(cv.layoutAttributesForItem(at: .ip(0, 8))?.frame == rect(290, 130, 100, 50))
    }

    @Test func aLayoutThatDeclinesIsAskedButNotInvalidated() throws {
        let layout = CollectionViewFlowLayout()   // no estimatedItemSize: not self-sizing
        layout.itemSize = size(100, 50)
        let cv = try CollectionView(size: size(390, 844), layout: layout, itemCounts: [6])
        let recorder = cv.startRecording()
        try cv.setPreferredSize(size(100, 80), at: .ip(0, 2))
        #expect(recorder.names == ["preferredAttributesAsked"])
        if case let .preferredAttributesAsked(key, original, preferred, answer) = recorder.events.first {
            #expect(key == .cell(.ip(0, 2)))
            #expect(original == rect(290, 0, 100, 50))
            #expect(preferred == rect(290, 0, 100, 80))
            #expect(answer == false)
        }
        #expect(cv.sections[0].measuredSizes.isEmpty)
        #expect(cv.layoutAttributesForItem(at: .ip(0, 2))?.size == size(100, 50))
    }

    @Test func onlyDisplayedCellsAreMeasuredAmongAMillion() throws {
        let (cv, layout) = try makeList(items: 1_000_000)
        try cv.setPreferredSize(size(100, 70), inSection: 0)
        var displayed = Set(cv.indexPathsForVisibleItems)
        let recorder = cv.startRecording()
        for _ in 0..<40 { try cv.setContentOffset(CGPoint(x: 0, y: cv.contentOffset.y + 150)) }
        for diff in recorder.visibleDiffs {
            for a in diff.appeared where a.representedElementCategory == .cell { displayed.insert(a.indexPath) }
        }
        let measured = cv.sections[0].measuredSizes
        #expect(Set(measured.items.map { IndexPath.ip(0, $0) }) == displayed)
        #expect(measured.count < 300)
        // Measured lines are 70 tall: the content grew by 20 per measured line.
        let lines = CGFloat(measured.count / 3)
        #expect(layout.collectionViewContentSize.height == 333_334 * 50 + 333_333 * 10 + lines * 20)
    }

    @Test func aBatchUpdateCarriesMeasurementsWithTheirCells() throws {
        let (cv, _) = try makeList(items: 12)
        try cv.setPreferredSize(size(100, 80), at: .ip(0, 4))
        #expect(cv.sections[0].measuredSizes.items == [4])
        try cv.performBatchUpdates([.insertItem(.ip(0, 0)), .deleteItem(.ip(0, 10))])
        // Item 4 is item 5 now, with its preferred and its measured size.
        #expect(cv.sections[0].measuredSizes.items == [5])
        #expect(Array(cv.sections[0].preferredSizes.entries).map { [$0.0: $0.1] } == [[5: size(100, 80)]])
        #expect(cv.layoutAttributesForItem(at: .ip(0, 5))?.size == size(100, 80))
        #expect(cv.layoutAttributesForItem(at: .ip(0, 0))?.size == size(100, 50))
    }

    /// The arithmetic runs of a self-sizing section lay items out exactly as
    /// per-item sizes do: for random estimates, measurements and widths, the
    /// self-sizing collection view equals one given the same sizes item by item.
    @Test(arguments: Array(UInt64(1)...24))
    func segmentedRunsEqualPerItemSizes(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 0x9E3779B97F4A7C15)
        let setUp = RandomFlowSetUp(seed: seed, maxItems: 400, rng: &rng)
        let (direction, counts, estimate) = (setUp.direction, setUp.counts, setUp.itemSize)
        func q(_ range: ClosedRange<CGFloat>) -> CGFloat { rng.multiple(of: 0.25, in: range) }

        let selfSizing = CollectionViewFlowLayout()
        selfSizing.estimatedItemSize = estimate
        let (cv, _) = try setUp.makeView(selfSizing)
        // Cells that want other sizes (some wider than the view, some zero),
        // measured where the view goes.
        for (s, count) in counts.enumerated() where count > 0 {
            for _ in 0..<Int.random(in: 0...30, using: &rng) {
                let wanted = rng.chance(0.05) ? size(600, 30) : size(q(0...200), q(0...120))
                try cv.setPreferredSize(wanted, at: .ip(s, Int.random(in: 0..<count, using: &rng)))
            }
            if rng.chance(0.5) { try cv.setPreferredSize(size(q(5...150), q(5...90)), inSection: s) }
        }
        for _ in 0..<8 {
            let length = direction == .vertical ? selfSizing.collectionViewContentSize.height : selfSizing.collectionViewContentSize.width
            try cv.setContentOffset(direction.map(CGPoint(x: 0, y: CGFloat.random(in: 0...max(0, length), using: &rng).rounded())))
        }

        // The same sizes, item by item, without self-sizing.
        let (reference, perItem) = try setUp.makeView()
        for (s, section) in cv.sections.enumerated() {
            for (item, size) in section.measuredSizes.entries { try reference.setItemSize(size, at: .ip(s, item)) }
        }
        let measuredCount = cv.sections.reduce(0) { $0 + $1.measuredSizes.count }
        let live = attributesByElement(selfSizing, in: cv)
        let expected = attributesByElement(perItem, in: reference)
        #expect(live.count == expected.count)
        var mismatches: [String] = []
        for (key, a) in expected {
            guard let b = live[key] else { mismatches.append("\(key): missing"); continue }
            let (f, g) = (a.frame, b.frame)
            if abs(f.minX - g.minX) > 1e-6 || abs(f.minY - g.minY) > 1e-6 || abs(f.width - g.width) > 1e-6 || abs(f.height - g.height) > 1e-6 {
                mismatches.append("\(key): per item \(f.stk), self-sizing \(g.stk)")
            }
        }
        #expect(mismatches.isEmpty, "\(measuredCount) measured: \(mismatches.prefix(5).joined(separator: "; "))")
        let c1 = selfSizing.collectionViewContentSize, c2 = perItem.collectionViewContentSize
        #expect(abs(c1.width - c2.width) < 1e-6 && abs(c1.height - c2.height) < 1e-6)
        // And every rect query is the brute-force filter.
        for _ in 0..<6 {
            let r = CGRect(x: CGFloat.random(in: -50...(c1.width + 50), using: &rng), y: CGFloat.random(in: -50...(c1.height + 50), using: &rng),
                           width: CGFloat.random(in: 0...400, using: &rng), height: CGFloat.random(in: 0...400, using: &rng))
            let answer = byKey(selfSizing.layoutAttributesForElements(in: r) ?? [])
            #expect(differences(answer, bruteForce(live, in: r), names: ("query \(r.stk)", "brute force")).isEmpty)
        }
    }

    // MARK: Layouts of one's own

    /// A one-column list that sizes its cells itself, as a custom layout on
    /// iOS does: it keeps the heights its cells asked for.
    final class SelfSizingList: CollectionViewLayout {
        var heights: [IndexPath: CGFloat] = [:]
        var frames: [IndexPath: CGRect] = [:]
        var contentHeight: CGFloat = 0
        override func prepare() {
            frames = [:]
            var y: CGFloat = 0
            guard let cv = collectionView else { return }
            for s in 0..<cv.numberOfSections {
                for i in 0..<cv.numberOfItems(inSection: s) {
                    let p = IndexPath(item: i, section: s)
                    let h = heights[p] ?? 40
                    frames[p] = CGRect(x: 0, y: y, width: cv.bounds.width, height: h)
                    y += h
                }
            }
            contentHeight = y
        }
        override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight) }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            frames.filter { $0.value.intersects(rect) }.keys.sorted().compactMap(layoutAttributesForItem)
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            guard let frame = frames[indexPath] else { return nil }
            let a = makeAttributes(forCellAt: indexPath)
            a.frame = frame
            return a
        }
        override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                             withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool {
            preferredAttributes.frame.height != originalAttributes.frame.height
        }
        override func invalidationContext(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                          withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutInvalidationContext {
            heights[preferredAttributes.indexPath] = preferredAttributes.frame.height
            return super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        }
    }

    @Test func aFreshLayoutOfOnesOwnIsToldTheMeasurements() throws {
        let live = SelfSizingList()
        let cv = try CollectionView(size: size(300, 200), layout: live, itemCounts: [30])
        try cv.setPreferredSize(size(300, 70), at: .ip(0, 1))
        try cv.setPreferredSize(size(300, 55), at: .ip(0, 20))   // not displayed: not measured
        #expect(live.heights == [.ip(0, 1): 70])
        try cv.setContentOffset(CGPoint(x: 0, y: 700))   // 20 is at 40 x 20 + 30 = 830: shown now
        #expect(live.heights == [.ip(0, 1): 70, .ip(0, 20): 55])
        let fresh = SelfSizingList()
        let replica = try cv.makeReplica(layout: fresh)
        #expect(fresh.heights == live.heights)
        #expect(replica.contentOffset == cv.contentOffset)
        #expect(differences(attributesByElement(live, in: cv), attributesByElement(fresh, in: replica)).isEmpty)
    }

    /// Takes every preferred size, and gives the cell a point more on each
    /// pass: its cells never settle.
    final class NeverSettles: CollectionViewFlowLayout {
        var passes: CGFloat = 0
        override func prepare() {
            super.prepare()
            passes += 1
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            super.layoutAttributesForElements(in: rect)?.map { a in
                let copy = a.copied()
                if let wanted = collectionView?.sections[a.indexPath.section].measuredSizes[a.indexPath.item] {
                    copy.frame.size = CGSize(width: wanted.width, height: wanted.height + passes)
                }
                return copy
            }
        }
        override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                             withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool { true }
    }

    @Test func measurementsThatNeverSettleStopWithAWarning() throws {
        let layout = NeverSettles()
        layout.estimatedItemSize = size(50, 50)
        let cv = try CollectionView(size: size(390, 300), layout: layout, itemCounts: [4])
        try cv.setPreferredSize(size(60, 60), at: .ip(0, 0))
        #expect(cv.takeWarnings().contains { $0.hasPrefix("self-sizing did not settle after \(CollectionView.maxSelfSizingRounds) layout passes") })
    }
}
