import Foundation
import Testing
import LayoutKit
import StkTestSupport
import GridSticky

/// Cost proofs by counters (no clocks): a 1,000 x 1,000 grid prepares without
/// visiting its cells, a query makes attributes only for what it returns, and a
/// scroll step costs the same on 1,000 x 1,000 as on 100 x 100.
@Suite("grid-sticky scale")
struct GridStickyScaleTests {
    private func grid(_ n: Int) throws -> (CollectionView, GridStickyLayout, EventRecorder) {
        let layout = GridStickyLayout()
        let cv = CollectionView(size: CGSize(width: 390, height: 844), layout: layout)
        let recorder = EventRecorder()
        cv.layoutIfNeeded()
        cv.observer = recorder
        try cv.reloadData(itemCounts: Array(repeating: n, count: n))
        return (cv, layout, recorder)
    }

    @Test("1,000 x 1,000: prepare visits no cell but the candidates; the visible query makes what it returns")
    func millionCells() throws {
        let (cv, layout, recorder) = try grid(1000)
        // Bounds (0,0,390,844). Candidates: 0:0; 0:1...0:7 (50 * 7 = 350 < 390, 400 is not);
        // 1:0...16:0 (50 * 16 = 800 < 844, 850 is not): 1 + 7 + 16 = 24.
        #expect(recorder.prepared.map(\.elementsTouched) == [24])
        // Every row computed once, by arithmetic (uniform rows store nothing per cell).
        #expect(recorder.prepared.map(\.sectionsComputed) == [1000])
        // Visible: columns 0...7 x rows 0...16 = 136 cells, 136 attribute objects made.
        #expect(recorder.queries.map(\.count) == [136])
        #expect(recorder.queries.map(\.attributesCreated) == [136])
        #expect(cv.contentSize == CGSize(width: 50_000, height: 50_000))

        // A query anywhere: binary searches, then exactly the cells in range. Rect
        // x-range (25010, 25400): columns c with 50c < 25400 and 50c + 50 > 25010, 500...507;
        // y-range (30020, 30864): rows 600...617 (50 * 617 = 30850 < 30864). 8 x 18 = 144
        // cells; no candidate floats in there.
        let rect = CGRect(x: 25010, y: 30020, width: 390, height: 844)
        layout.counters.reset()
        let answer = layout.layoutAttributesForElements(in: rect) ?? []
        #expect(answer.count == 144)
        #expect(layout.counters.attributesCreated == 144)
        // Touched: the 144 cells, plus the 24 displaced candidates checked against the rect.
        #expect(layout.counters.elementsTouched == 144 + 24)
    }

    @Test("a diagonal scroll step costs the same on 1,000 x 1,000 as on 100 x 100")
    func scrollStepIndependentOfGridSize() throws {
        let (small, smallLayout, smallRecorder) = try grid(100)
        let (large, largeLayout, largeRecorder) = try grid(1000)
        for k in 1...40 {
            let offset = CGPoint(x: k * 37, y: k * 53)
            var touched: [Int] = []
            for (cv, layout, recorder) in [(small, smallLayout, smallRecorder), (large, largeLayout, largeRecorder)] {
                recorder.reset()
                layout.counters.reset()
                try cv.setContentOffset(offset)
                touched.append(layout.counters.elementsTouched)
                // Attributes made = attributes returned, and no row recomputed.
                #expect(recorder.queries.map(\.attributesCreated) == recorder.queries.map(\.count))
                #expect(recorder.prepared.map(\.sectionsComputed) == [0])
            }
            #expect(touched[0] == touched[1], "step \(k): 100 x 100 touched \(touched[0]), 1,000 x 1,000 touched \(touched[1])")
            // Bounded by the viewport: at most 9 columns x 18 rows are in view, with
            // 1 + 8 + 17 candidates per bounds: context (2 x 26) + prepare (52) +
            // query (162 + 26) = 292.
            #expect(touched[1] <= 292, "step \(k): \(touched[1]) cells touched")
        }
    }

    @Test("a size override in a 1,000 x 1,000 grid recomputes one row and restacks the rest arithmetically")
    func sizeOverrideAtScale() throws {
        let (cv, layout, recorder) = try grid(1000)
        recorder.reset()
        try cv.setItemSize(CGSize(width: 80, height: 90), at: IndexPath(item: 10, section: 500))
        // Row 500 is computed again from its one override (a sparse row: fewer
        // than a quarter of its cells have one), then the 24 candidates re-decided.
        #expect(recorder.prepared.map(\.sectionsComputed) == [1])
        #expect(recorder.prepared.map(\.elementsTouched) == [1 + 24])
        // Row 501 starts at 500 * 50 + 90 = 25090; row 500 is 999 * 50 + 80 = 50030 wide.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 501))?.frame.minY == 25090)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 11, section: 500))?.frame.minX == CGFloat(10 * 50 + 80))
        #expect(cv.contentSize == CGSize(width: 50_030, height: 50_040))
        // The visible query still makes only what it returns.
        #expect(recorder.queries.map(\.attributesCreated) == recorder.queries.map(\.count))
    }

    @Test("a batch update reuses every row whose section did not change")
    func batchReusesRows() throws {
        let (cv, _, recorder) = try grid(1000)
        recorder.reset()
        // Inserting a row at 0 shifts every row down, but only the new row is computed.
        try cv.performBatchUpdates([.insertSection(0, itemCount: 1000)])
        #expect(recorder.prepared.map(\.sectionsComputed) == [1])
        recorder.reset()
        // Deleting a cell rebuilds that row only (its section's revision moved).
        try cv.performBatchUpdates([.deleteItem(IndexPath(item: 3, section: 700))])
        #expect(recorder.prepared.map(\.sectionsComputed) == [1])
    }
}
