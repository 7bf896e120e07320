import Foundation
import Testing
import LayoutKit

/// CollectionView.contentOffset(forScrollingToItem:at:): the item aligned with
/// the top, centre or bottom of the area inside the adjusted insets, clamped to
/// the scrollable range [-inset.top, contentHeight + inset.bottom - height].
@Suite struct ScrollToItemTests {

    /// 100 default items (lines at 60 k, content 17 lines: 17*50 + 16*10 = 1010),
    /// viewport 390 x 300, contentInset top 20, bottom 30.
    func make(_ direction: Direction) throws -> CollectionView {
        let layout = CollectionViewFlowLayout()
        layout.scrollDirection = direction.flow
        let cv = CollectionView(size: direction.map(size(390, 300)), layout: layout)
        try cv.setContentInset(direction.map(EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)))
        try cv.reloadData(itemCounts: [100])
        return cv
    }

    @Test(arguments: Direction.allCases)
    func positions(_ direction: Direction) throws {
        let cv = try make(direction)
        func offset(_ item: Int, _ position: CollectionView.ScrollPosition) throws -> CGFloat {
            direction.map(try cv.contentOffset(forScrollingToItem: .ip(0, item), at: position)).y
        }
        // Item 36 is on line 6: 360..410.
        // top: 360 - 20 = 340. centre: the visible area is 300 - 50 = 250 tall;
        // 385 - 125 - 20 = 240. bottom: 410 - 300 + 30 = 140.
        #expect(try offset(36, .top) == 340)
        #expect(try offset(36, .center) == 240)
        #expect(try offset(36, .bottom) == 140)
        // Clamped: item 0 at the top cannot go below -20; the last line (960..1010)
        // at the top is limited to 1010 + 30 - 300 = 740.
        #expect(try offset(0, .bottom) == -20)
        #expect(try offset(99, .top) == 740)
        try cv.scrollToItem(at: .ip(0, 36), position: .top)
        #expect(direction.map(cv.contentOffset).y == 340)
    }
}
