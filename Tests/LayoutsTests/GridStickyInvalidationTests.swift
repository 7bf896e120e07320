import Foundation
import Testing
import LayoutKit
import StkTestSupport
import GridSticky

@Suite("grid-sticky invalidation")
struct GridStickyInvalidationTests {
    private func paths(_ list: [(Int, Int)]) -> [IndexPath] {
        list.map { IndexPath(item: $0.1, section: $0.0) }.sorted()
    }

    @Test("a plain scroll of a 100 x 100 grid names only the sticky cells near the old and the new viewport")
    func minimalScrollContext() throws {
        let (layout, cv) = try gridStickyView(width: 200, height: 300, itemCounts: Array(repeating: 100, count: 100))
        let recorder = cv.startRecording()
        try cv.setContentOffset(CGPoint(x: 1000, y: 2000))

        // Old bounds (0,0,200,300): corner 0:0; row 0 cells with 50c < 200 and 50c + 50 > 0,
        // c >= 1: 0:1...0:3; column 0 rows with 50r < 300, r >= 1: 1:0...5:0. 9 cells.
        // New bounds (1000,2000,200,300): 0:0; 50c < 1200 and 50c + 50 > 1000: 0:20...0:23
        // (0:19 ends at 1000 exactly: touching is not overlapping); 50r < 2300 and
        // 50r + 50 > 2000: 40:0...45:0. 11 cells. Union: 19 cells.
        var expected: [(Int, Int)] = [(0, 0)]
        expected += (1...3).map { (0, $0) } + (20...23).map { (0, $0) }
        expected += (1...5).map { ($0, 0) } + (40...45).map { ($0, 0) }
        #expect(recorder.shouldInvalidateAnswers == [true])
        let contexts = recorder.boundsContexts
        #expect(contexts.count == 1)
        #expect(contexts.first?.items == paths(expected))
        #expect(contexts.first?.elementCount == 19)
        #expect(contexts.first?.invalidateEverything == false)
        #expect(contexts.first?.invalidateDataSourceCounts == false)
        // The prepare re-decided exactly those 19 cells and recomputed no row.
        #expect(recorder.prepared.map(\.elementsTouched) == [19])
        #expect(recorder.prepared.map(\.sectionsComputed) == [0])

        // The new sticky cells float; 0:2 went back to its natural frame.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 21, section: 0))?.frame == CGRect(x: 1050, y: 2000, width: 50, height: 50))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 42))?.frame == CGRect(x: 1000, y: 2100, width: 50, height: 50))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 100, y: 0, width: 50, height: 50))
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("a resize names the candidates of the old and the new size; a horizontal-only move too")
    func resizeContext() throws {
        let (layout, cv) = try gridStickyView(width: 100, height: 100, itemCounts: Array(repeating: 10, count: 10))
        let recorder = cv.startRecording()
        try cv.setBoundsSize(CGSize(width: 160, height: 100))
        // Old (0,0,100,100): 0:0, 0:1 (50..100), 1:0. New (0,0,160,100): 0:0, 0:1, 0:2,
        // 0:3 (150..200 overlaps 0..160), 1:0. Union: 0:0, 0:1, 0:2, 0:3, 1:0.
        #expect(recorder.boundsContexts.first?.items == paths([(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]))
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("without sticky rows or columns nothing depends on the bounds: no invalidation")
    func noStickyNoInvalidation() throws {
        let layout = GridStickyLayout(stickyRows: 0, stickyColumns: 0)
        let cv = try CollectionView(size: CGSize(width: 100, height: 100), layout: layout, itemCounts: [5, 5])
        let recorder = cv.startRecording()
        try cv.setContentOffset(CGPoint(x: 30, y: 20))
        try cv.setBoundsSize(CGSize(width: 60, height: 60))
        #expect(recorder.shouldInvalidateAnswers == [false, false])
        #expect(recorder.invalidations.isEmpty)
        #expect(recorder.prepared.isEmpty)
        // Sticky rows only, but every row empty: no sticky cell exists either.
        let rowsOnly = GridStickyLayout(stickyRows: 1, stickyColumns: 0)
        let empty = try CollectionView(size: CGSize(width: 100, height: 100), layout: rowsOnly, itemCounts: [0, 3])
        empty.observer = recorder
        recorder.reset()
        try empty.setContentOffset(CGPoint(x: 10, y: 10))
        #expect(recorder.shouldInvalidateAnswers == [false])
    }

    @Test("option changes invalidate only the cells whose stickiness changes; itemSize everything")
    func optionContexts() throws {
        let (layout, cv) = try gridStickyView(width: 100, height: 100, itemCounts: [4, 2, 5])
        let recorder = cv.startRecording()

        // stickyRows 1 -> 2: row 1 becomes sticky: its 2 cells.
        try layout.setOption("stickyRows", to: .number(2))
        #expect(recorder.invalidations.map(\.items) == [paths([(1, 0), (1, 1)])])
        cv.layoutIfNeeded()
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)

        // stickyColumns 1 -> 3: columns 1 and 2 of every row that has them:
        // 0:1, 0:2; 1:1 (row 1 has 2 cells); 2:1, 2:2.
        recorder.reset()
        try layout.setOption("stickyColumns", to: .number(3))
        #expect(recorder.invalidations.map(\.items) == [paths([(0, 1), (0, 2), (1, 1), (2, 1), (2, 2)])])
        cv.layoutIfNeeded()
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)

        // The same value again: nothing.
        recorder.reset()
        try layout.setOption("stickyColumns", to: .number(3))
        #expect(recorder.invalidations.isEmpty)

        // itemSize: every default-sized cell moves, so everything.
        try layout.setOption("itemSize", to: .size(CGSize(width: 30, height: 20)))
        #expect(recorder.invalidations.count == 1)
        #expect(recorder.invalidations.first?.invalidateEverything == true)
        cv.layoutIfNeeded()
        #expect(cv.contentSize == CGSize(width: 150, height: 60))
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("a size override recomputes its row only and restacks the rows below")
    func sizeOverrideRecomputesOneRow() throws {
        let (layout, cv) = try gridStickyView(width: 200, height: 200, itemCounts: Array(repeating: 20, count: 30))
        let recorder = cv.startRecording()
        try cv.setItemSize(CGSize(width: 70, height: 80), at: IndexPath(item: 3, section: 10))
        // Row 10 is computed again from its one override (a sparse row), then
        // the candidates of the bounds (0,0,200,200) are re-decided: 0:0,
        // 0:1...0:3, 1:0...3:0 = 7.
        #expect(recorder.prepared.map(\.sectionsComputed) == [1])
        #expect(recorder.prepared.map(\.elementsTouched) == [1 + 7])
        // Row 10 is 80 tall: row 11 starts at 10 * 50 + 80 = 580; 10:4 starts at 3 * 50 + 70 = 220.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 11))?.frame == CGRect(x: 250, y: 580, width: 50, height: 50))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 10))?.frame == CGRect(x: 220, y: 500, width: 50, height: 50))
        #expect(cv.contentSize == CGSize(width: 1020, height: 1530))
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("a batch that reorders sized cells within a row recomputes that row, keeping its count")
    func batchMoveWithinRow() throws {
        let layout = GridStickyLayout(stickyRows: 0, stickyColumns: 0)
        let cv = try CollectionView(size: CGSize(width: 300, height: 300), layout: layout, itemCounts: [3, 2])
        try cv.setItemSize(CGSize(width: 100, height: 10), at: IndexPath(item: 0, section: 0))
        // Row 0: widths 100, 50, 50. Moving 0:0 to the end: widths 50, 50, 100; the moved
        // cell (now 0:2) starts at x 100, 0:0 at 0 is 50 wide. Same count, new geometry.
        try cv.performBatchUpdates([.moveItem(IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))])
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 100, y: 0, width: 100, height: 10))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("batch updates: disappearing cells fade out where they were, appearing ones fade in where they land")
    func batchUpdateAttributes() throws {
        let (layout, cv) = try gridStickyView(width: 400, height: 400, itemCounts: [3, 3, 3])
        let recorder = cv.startRecording()
        try cv.performBatchUpdates([.deleteSection(1)])
        // Old row 1 disappears: 1:0 (sticky column, candidate: floating at 0 + 0 + 0 = 0),
        // 1:1 and 1:2 at their frames (50, 50) and (100, 50), all with alpha 0.
        let gone = Dictionary(uniqueKeysWithValues: recorder.disappearing.map { ($0.0.indexPath, $0.1) })
        #expect(gone.keys.sorted() == paths([(1, 0), (1, 1), (1, 2)]))
        #expect(gone[IndexPath(item: 0, section: 1)]??.frame == CGRect(x: 0, y: 50, width: 50, height: 50))
        #expect(gone[IndexPath(item: 0, section: 1)]??.isPinned == true)
        #expect(gone[IndexPath(item: 0, section: 1)]??.zIndex == 1)
        #expect(gone[IndexPath(item: 2, section: 1)]??.frame == CGRect(x: 100, y: 50, width: 50, height: 50))
        #expect(gone.values.allSatisfy { $0?.alpha == 0 })
        #expect(recorder.appearing.isEmpty)
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)

        recorder.reset()
        try cv.performBatchUpdates([.insertItem(IndexPath(item: 3, section: 0))])
        // 0:3 lands at (150, 0) in the sticky row (a candidate: 150..200 overlaps 0..400).
        #expect(recorder.appearing.count == 1)
        let new = recorder.appearing.first?.1
        #expect(new?.frame == CGRect(x: 150, y: 0, width: 50, height: 50))
        #expect(new?.alpha == 0 && new?.zIndex == 1 && new?.isPinned == true)
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }
}
