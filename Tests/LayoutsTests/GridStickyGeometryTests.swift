import Foundation
import Testing
import LayoutKit
import GridSticky

@Suite("grid-sticky geometry")
struct GridStickyGeometryTests {
    private func frame(_ cv: CollectionView, _ section: Int, _ item: Int) -> CGRect? {
        cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    private func attributes(_ cv: CollectionView, _ section: Int, _ item: Int) -> CollectionViewLayoutAttributes {
        cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!
    }

    @Test("sticky row and column on both axes at once, with content and safe-area insets")
    func stickyBothAxesWithInsets() throws {
        // 6 rows x 8 cells of 50x50, viewport 200x150; contentInset top 10 left 5,
        // safe area top 20: adjustedContentInset top 30, left 5. Offset (70, 40):
        // bounds x-range (70, 270), y-range (40, 190).
        let (layout, cv) = try gridStickyView(width: 200, height: 150, itemCounts: Array(repeating: 8, count: 6))
        try cv.setContentInset(EdgeInsets(top: 10, left: 5))
        try cv.setSafeAreaInsets(EdgeInsets(top: 20))
        try cv.setContentOffset(CGPoint(x: 70, y: 40))

        // Content: 8 * 50 = 400 wide, 6 * 50 = 300 tall.
        #expect(cv.contentSize == CGSize(width: 400, height: 300))

        // Corner 0:0: x = 0 + 70 + 5 = 75, y = 0 + 40 + 30 = 70; zIndex 2.
        let corner = attributes(cv, 0, 0)
        #expect(corner.frame == CGRect(x: 75, y: 70, width: 50, height: 50))
        #expect(corner.zIndex == 2 && corner.isPinned)
        // Sticky row 0, item c >= 1: x = 50c stays, y = 0 + 40 + 30 = 70. Candidates are
        // the cells with 50c < 270 and 50c + 50 > 70: c = 1...5.
        for c in 1...5 {
            let a = attributes(cv, 0, c)
            #expect(a.frame == CGRect(x: 50 * c, y: 70, width: 50, height: 50))
            #expect(a.zIndex == 1 && a.isPinned)
        }
        // 0:6 (x 300..350) and 0:7 are right of the bounds: natural frames, still zIndex 1.
        let farRight = attributes(cv, 0, 6)
        #expect(farRight.frame == CGRect(x: 300, y: 0, width: 50, height: 50))
        #expect(farRight.zIndex == 1 && !farRight.isPinned)
        // Sticky column 0, row r >= 1: y = 50r stays, x = 0 + 70 + 5 = 75. Candidates are the
        // rows with 50r < 190 and 50r + 50 > 40: r = 1...3.
        for r in 1...3 {
            let a = attributes(cv, r, 0)
            #expect(a.frame == CGRect(x: 75, y: 50 * r, width: 50, height: 50))
            #expect(a.zIndex == 1 && a.isPinned)
        }
        // Row 4 (y 200..250) is below the bounds: 4:0 stays at its natural frame.
        #expect(attributes(cv, 4, 0).frame == CGRect(x: 0, y: 200, width: 50, height: 50))
        #expect(!attributes(cv, 4, 0).isPinned)
        // A plain cell: natural, zIndex 0.
        let plain = attributes(cv, 2, 3)
        #expect(plain.frame == CGRect(x: 150, y: 100, width: 50, height: 50) && plain.zIndex == 0 && !plain.isPinned)

        // Visible: the corner; 0:1...0:5 (at y 70..120, inside 40..190); 1:0...3:0; and the plain
        // cells of rows 1...3 (row 3 spans 150..200, overlapping 40..190) in columns 1...5
        // (column 5 spans 250..300, overlapping 70..270): 1 + 5 + 3 + 15 = 24.
        var expected: Set<IndexPath> = [IndexPath(item: 0, section: 0)]
        for c in 1...5 { expected.insert(IndexPath(item: c, section: 0)) }
        for r in 1...3 { expected.insert(IndexPath(item: 0, section: r)) }
        for r in 1...3 { for c in 1...5 { expected.insert(IndexPath(item: c, section: r)) } }
        #expect(Set(cv.visibleAttributes.keys.map(\.indexPath)) == expected)
        #expect(cv.visibleAttributes.count == 24)
        // Corners on top of other sticky cells on top of the rest.
        #expect(cv.visibleAttributes[.cell(IndexPath(item: 0, section: 0))]?.zIndex == 2)

        // Two sticky rows and two sticky columns, same offset.
        try layout.setOption("stickyRows", to: .number(2))
        try layout.setOption("stickyColumns", to: .number(2))
        cv.layoutIfNeeded()
        // Corner 1:1: natural (50, 50) -> (50 + 70 + 5, 50 + 40 + 30) = (125, 120), zIndex 2.
        #expect(attributes(cv, 1, 1).frame == CGRect(x: 125, y: 120, width: 50, height: 50))
        #expect(attributes(cv, 1, 1).zIndex == 2)
        // 1:3 in a sticky row: (150, 50 + 70) = (150, 120), zIndex 1.
        #expect(attributes(cv, 1, 3).frame == CGRect(x: 150, y: 120, width: 50, height: 50))
        #expect(attributes(cv, 1, 3).zIndex == 1)
        // 3:1 in a sticky column: (50 + 75, 150) = (125, 150), zIndex 1.
        #expect(attributes(cv, 3, 1).frame == CGRect(x: 125, y: 150, width: 50, height: 50))
        #expect(attributes(cv, 3, 1).zIndex == 1)
        // 3:3 plain.
        #expect(attributes(cv, 3, 3).frame == CGRect(x: 150, y: 150, width: 50, height: 50) && attributes(cv, 3, 3).zIndex == 0)
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("at rest under the insets (offset = -inset) sticky cells sit at their natural frames")
    func restPositionUnderInsets() throws {
        let (_, cv) = try gridStickyView(width: 200, height: 150, itemCounts: [3, 3])
        try cv.setSafeAreaInsets(EdgeInsets(top: 30, left: 5))
        // Offset (-5, -30): y = 0 + -30 + 30 = 0 and x = 0 + -5 + 5 = 0.
        try cv.setContentOffset(CGPoint(x: -5, y: -30))
        #expect(frame(cv, 0, 0) == CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(frame(cv, 0, 2) == CGRect(x: 100, y: 0, width: 50, height: 50))
        #expect(frame(cv, 1, 0) == CGRect(x: 0, y: 50, width: 50, height: 50))
        // Pulling further down (offset.y = -80) moves the sticky row with the viewport:
        // y = 0 - 80 + 30 = -50 (the sticky-grid article ("Collection View with Sticky Rows and Columns") behaves the same while bouncing).
        try cv.setContentOffset(CGPoint(x: -5, y: -80))
        #expect(frame(cv, 0, 1) == CGRect(x: 50, y: -50, width: 50, height: 50))
    }

    @Test("ragged grid: content size is the largest maxX and maxY, not the last cell's")
    func raggedContentSize() throws {
        // itemSize 40x20, no sticky cells (natural frames only), rows of 3, 1, 0 and 2 cells.
        let layout = GridStickyLayout(stickyRows: 0, stickyColumns: 0, itemSize: CGSize(width: 40, height: 20))
        let cv = try CollectionView(size: CGSize(width: 100, height: 100), layout: layout, itemCounts: [3, 1, 0, 2])
        try cv.setItemSize(CGSize(width: 10, height: 60), at: IndexPath(item: 1, section: 0))
        try cv.setItemSize(CGSize(width: 120, height: 5), at: IndexPath(item: 0, section: 1))
        // Row 0: 0:0 (0,0,40,20), 0:1 (40,0,10,60), 0:2 (50,0,40,20): width 90, height 60
        // (the tallest), each cell top-aligned with its own size.
        #expect(frame(cv, 0, 0) == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(frame(cv, 0, 1) == CGRect(x: 40, y: 0, width: 10, height: 60))
        #expect(frame(cv, 0, 2) == CGRect(x: 50, y: 0, width: 40, height: 20))
        // Row 1 at y 60: 1:0 (0,60,120,5): width 120, height 5. Row 2 is empty: y 65, height 0.
        #expect(frame(cv, 1, 0) == CGRect(x: 0, y: 60, width: 120, height: 5))
        // Row 3 at y 65: 3:0 (0,65,40,20), 3:1 (40,65,40,20).
        #expect(frame(cv, 3, 1) == CGRect(x: 40, y: 65, width: 40, height: 20))
        // Content: max maxX = 120 (row 1), max maxY = 85 (row 3). Reference 004 takes the last
        // cell's maxX and maxY: (80, 85), cutting row 1 off.
        #expect(cv.contentSize == CGSize(width: 120, height: 85))

        // Taller override in row 0 (10x70): row 0 is 70 tall, rows below move down 10.
        try cv.setItemSize(CGSize(width: 10, height: 70), at: IndexPath(item: 1, section: 0))
        #expect(frame(cv, 1, 0) == CGRect(x: 0, y: 70, width: 120, height: 5))
        #expect(frame(cv, 3, 0) == CGRect(x: 0, y: 75, width: 40, height: 20))
        #expect(cv.contentSize == CGSize(width: 120, height: 95))
        // Clearing 1:0's override: row 1 is uniform 40x20 again. Widths 90, 40, 0, 80 -> 90;
        // heights 70 + 20 + 0 + 20 = 110.
        try cv.setItemSize(nil, at: IndexPath(item: 0, section: 1))
        #expect(frame(cv, 3, 1) == CGRect(x: 40, y: 90, width: 40, height: 20))
        #expect(cv.contentSize == CGSize(width: 90, height: 110))
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("a delegate's sizeForItemAt sizes every cell")
    func delegateSizes() throws {
        // width 10 * (item + 1), height 10 * (section + 1); itemSize is not used.
        let delegate = GridSizingDelegate { CGSize(width: 10 * ($0.item + 1), height: 10 * ($0.section + 1)) }
        let layout = GridStickyLayout(stickyRows: 0, stickyColumns: 0, itemSize: CGSize(width: 99, height: 99))
        let cv = CollectionView(size: CGSize(width: 100, height: 100), layout: layout)
        cv.delegate = delegate
        try cv.reloadData(itemCounts: [3, 2])
        // Row 0: widths 10, 20, 30 at x 0, 10, 30; height 10. Row 1 at y 10: widths 10, 20; height 20.
        #expect(frame(cv, 0, 2) == CGRect(x: 30, y: 0, width: 30, height: 10))
        #expect(frame(cv, 1, 1) == CGRect(x: 10, y: 10, width: 20, height: 20))
        // Content: (max(60, 30), 10 + 20) = (60, 30).
        #expect(cv.contentSize == CGSize(width: 60, height: 30))
        // An override wins through the delegate (it reads the collection view's sizes first).
        try cv.setItemSize(CGSize(width: 5, height: 40), at: IndexPath(item: 0, section: 0))
        // Row 0: widths 5, 20, 30 -> 0:2 at x 25; height 40. Row 1 moves to y 40.
        #expect(frame(cv, 0, 2) == CGRect(x: 25, y: 0, width: 30, height: 10))
        #expect(frame(cv, 1, 0) == CGRect(x: 0, y: 40, width: 10, height: 20))
        #expect(cv.contentSize == CGSize(width: 55, height: 60))
        let size = { (p: IndexPath) in cv.sections[p.section].itemSizeOverride(at: p.item) ?? CGSize(width: 10 * (p.item + 1), height: 10 * (p.section + 1)) }
        #expect(try GridTwin.mismatches(cv, layout, delegateSize: size).isEmpty)
        _ = delegate
    }

    @Test("a rect query returns cells in row-major order, sticky ones where they float")
    func queryOrder() throws {
        let (_, cv) = try gridStickyView(width: 120, height: 120, itemCounts: [4, 4, 4, 4])
        try cv.setContentOffset(CGPoint(x: 60, y: 60))
        // Bounds (60, 60)-(180, 180). Visible: corner 0:0 at (60,60); 0:1 (50..100, at y 60),
        // 0:2, 0:3; 1:0 (x 60, y 50..100), 2:0, 3:0; plain 1:1...3:3 all overlap -> 16 cells.
        let answer = cv.collectionViewLayout.layoutAttributesForElements(in: cv.bounds) ?? []
        let order = answer.map(\.indexPath)
        #expect(order == order.sorted())
        #expect(order.count == 16)
    }
}

/// `scrollToItem` on a two-way grid aligns both axes (a flow layout moves only
/// along its scroll direction).
@Suite struct GridStickyScrollToItemTests {
    @Test func scrollingToAnItemAlignsBothAxes() throws {
        let layout = GridStickyLayout(stickyRows: 0, stickyColumns: 0, itemSize: CGSize(width: 100, height: 40))
        let cv = try CollectionView(size: CGSize(width: 390, height: 300), layout: layout, itemCounts: Array(repeating: 30, count: 30))
        // Cell 10:12 sits at x = 12 x 100 = 1200, y = 10 x 40 = 400 (cells abut).
        // top: its top-left corner goes to the top-left of the view: offset 1200,400.
        try cv.scrollToItem(at: IndexPath(item: 12, section: 10), position: .top)
        #expect(cv.contentOffset == CGPoint(x: 1200, y: 400))
        // center: midX 1250 - 390/2 = 1055; midY 420 - 300/2 = 270.
        try cv.scrollToItem(at: IndexPath(item: 12, section: 10), position: .center)
        #expect(cv.contentOffset == CGPoint(x: 1055, y: 270))
        // bottom: maxX 1300 - 390 = 910; maxY 440 - 300 = 140.
        try cv.scrollToItem(at: IndexPath(item: 12, section: 10), position: .bottom)
        #expect(cv.contentOffset == CGPoint(x: 910, y: 140))
    }
}
