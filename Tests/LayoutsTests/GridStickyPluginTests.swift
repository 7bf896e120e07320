import Foundation
import Testing
import LayoutKit
import StkTestSupport
import GridSticky

@Suite("grid-sticky plugin and options")
struct GridStickyPluginTests {
    @Test("the descriptor names the layout, its options, defaults and help")
    func descriptor() throws {
        let d = GridStickyPlugin.descriptor
        #expect(d.name == "grid-sticky")
        #expect(!d.summary.isEmpty && !d.summary.contains("\n"))
        #expect(d.options.map(\.name) == ["stickyRows", "stickyColumns", "itemSize"])
        #expect(d.option(named: "stickyRows")?.type == .integer)
        #expect(d.option(named: "stickyRows")?.defaultValue == .number(1))
        #expect(d.option(named: "stickyColumns")?.defaultValue == .number(1))
        #expect(d.option(named: "itemSize")?.type == .size)
        #expect(d.option(named: "itemSize")?.defaultValue == .size(CGSize(width: 50, height: 50)))
        #expect(d.options.allSatisfy { !$0.help.isEmpty })
        let layout = try d.makeLayout() as! ConfigurableLayout
        #expect(layout is GridStickyLayout)
        // A new layout's values are the documented defaults.
        for option in d.options { #expect(layout.optionValue(option.name) == option.defaultValue) }
    }

    @Test("refused values throw naming the option, the value and what was expected, and change nothing")
    func refusedValues() throws {
        let (layout, cv) = try gridStickyView(width: 100, height: 100, itemCounts: [3, 3])
        let recorder = cv.startRecording()
        let cases: [(String, LayoutOptionValue, [String])] = [
            ("stickyRows", .number(-1), ["stickyRows", "-1", "non-negative integer"]),
            ("stickyRows", .number(1.5), ["stickyRows", "1.5", "non-negative integer"]),
            ("stickyColumns", .number(.infinity), ["stickyColumns", "inf", "non-negative integer"]),
            ("stickyColumns", .size(CGSize(width: 2, height: 2)), ["stickyColumns", "2x2", "non-negative integer"]),
            ("itemSize", .size(CGSize(width: -1, height: 5)), ["itemSize", "-1x5", "finite, non-negative"]),
            ("itemSize", .size(CGSize(width: CGFloat.nan, height: 5)), ["itemSize", "nanx5", "finite, non-negative"]),
            ("itemSize", .number(50), ["itemSize", "50", "WxH"]),
            ("stickyRow", .number(1), ["stickyRow", "stickyRows, stickyColumns, itemSize"]),
        ]
        for (name, value, fragments) in cases {
            #expect {
                try layout.setOption(name, to: value)
            } throws: { error in
                let message = (error as? CollectionViewError)?.message ?? ""
                return fragments.allSatisfy { message.contains($0) }
            }
        }
        #expect(layout.optionValue("stickyRows") == .number(1))
        #expect(layout.optionValue("stickyColumns") == .number(1))
        #expect(layout.optionValue("itemSize") == .size(CGSize(width: 50, height: 50)))
        #expect(layout.optionValue("nope") == nil)
        #expect(recorder.invalidations.isEmpty)
    }

    @Test("accepted values apply, and zero turns stickiness off")
    func acceptedValues() throws {
        let (layout, cv) = try gridStickyView(width: 100, height: 100, itemCounts: [3, 3, 3])
        try cv.setContentOffset(CGPoint(x: 20, y: 30))
        try layout.setOption("stickyRows", to: .number(0))
        try layout.setOption("stickyColumns", to: .number(0))
        try layout.setOption("itemSize", to: .size(CGSize(width: 40, height: 30)))
        cv.layoutIfNeeded()
        #expect(layout.stickyRows == 0 && layout.stickyColumns == 0 && layout.itemSize == CGSize(width: 40, height: 30))
        // Nothing floats: 0:0 at its natural frame with zIndex 0.
        let corner = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        #expect(corner?.frame == CGRect(x: 0, y: 0, width: 40, height: 30) && corner?.zIndex == 0 && corner?.isPinned == false)
        #expect(!layout.isItemSticky(at: IndexPath(item: 0, section: 0)))
        // Sticky counts past the data are fine: every cell sticky, rows 0...2 and columns 0...2.
        try layout.setOption("stickyRows", to: .number(1e6))
        try layout.setOption("stickyColumns", to: .number(5))
        cv.layoutIfNeeded()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 2))?.zIndex == 2)
        #expect(try GridTwin.mismatches(cv, layout).isEmpty)
    }

    @Test("appearing cells with no prior state and cells that do not exist")
    func outOfRange() throws {
        let (layout, cv) = try gridStickyView(width: 100, height: 100, itemCounts: [2])
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(indexes: [0])) == nil)
        // An empty collection view: no content, no cells.
        try cv.reloadData(itemCounts: [])
        #expect(cv.contentSize == .zero)
        #expect(layout.layoutAttributesForElements(in: CGRect(x: -10, y: -10, width: 100, height: 100))?.isEmpty == true)
    }
}
