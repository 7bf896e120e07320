import Foundation
import Testing

/// "The view" commands: bounds, inset, safearea, scroll to / by / to item.
/// Numbers follow docs/semantics.md for the default session (see LayoutAndDataTests):
/// section s spans 154s..<154s+154, its header is pinned at
/// y = min(max(top, 154s), 154s + 110) with top = offset + adjusted top inset.
@Suite struct ViewTests {
    /// The caption of `render`: `offset=X,Y bounds=WxH content=WxH elements=N`.
    func caption(_ commands: String) throws -> String? {
        try output(commands + "; render width=10").last { $0.hasPrefix("offset=") }
    }

    @Test func boundsResizesTheViewportAndKeepsTheOffset() throws {
        // W = 320: 5 items a line (5x50 + 4x10 = 290); 30 spare points make the
        // 4 gaps 17.5: 0:1 at x = 67.5. 7 items: lines of 5 and 2, still 154 high.
        // 600 high: sections 0 to 3 (0..<616) are visible, 8 elements each.
        #expect(try output("bounds 320x600; contentsize; attr item 0:1; attr item 0:6; expect visible count == 32") == [
            "320x3080",
            "item 0:1 frame=67.5,44,50,50 zIndex=0 alpha=1 hidden=false",
            "item 0:6 frame=67.5,104,50,50 zIndex=0 alpha=1 hidden=false",
        ])
        #expect(try caption("scroll to 0,300; bounds 320x600")?.hasPrefix("offset=0,300 bounds=320x600 content=320x3080 ") == true)
    }

    @Test func contentInsetMovesTheStickyTopAndNarrowsTheContent() throws {
        // top = 0 + 20: header 0 is pinned 20 down.
        #expect(try output("inset 20,0,0,0; attr header 0; contentsize") == [
            "header 0 frame=0,20,390,44 zIndex=2 alpha=1 hidden=false pinned",
            "390x3080",
        ])
        // W = 390 - 10 - 10 = 370: six items with 20 spare points, gaps of 14.
        #expect(try output("inset 0,10,0,10; contentsize; attr item 0:1; attr header 0") == [
            "370x3080",
            "item 0:1 frame=64,44,50,50 zIndex=0 alpha=1 hidden=false",
            "header 0 frame=0,0,370,44 zIndex=1 alpha=1 hidden=false",
        ])
    }

    @Test func safeAreaAddsToTheContentInset() throws {
        // adjustedContentInset.top = 47 + 10.
        #expect(try output("safearea 47,0,34,0; inset 10,0,0,0; attr header 0") == [
            "header 0 frame=0,57,390,44 zIndex=2 alpha=1 hidden=false pinned",
        ])
    }

    @Test func scrollToAllowsBouncingOffsets() throws {
        // Pulled down: the first header stays at its natural y = 0 (never above it).
        #expect(try output("scroll to 0,-50; attr header 0") == ["header 0 frame=0,0,390,44 zIndex=1 alpha=1 hidden=false"])
        // Bounds -50..<794: sections 0 to 4 (40 elements) and header 5 (770..<814).
        #expect(try caption("scroll to 0,-50") == "offset=0,-50 bounds=390x844 content=390x3080 elements=41")
        // Past the end: 5000..<5844 meets no section.
        #expect(try output("scroll to 0,5000; visible") == ["0 elements"])
    }

    @Test func scrollByInStepsMakesOneBoundsChangePerStep() throws {
        let lines = try output("scroll to 0,40; trace on; scroll by 0,90 steps=3; trace off; attr header 0")
        #expect(lines.filter { $0.hasPrefix("bounds ") } == [
            "bounds 0,40,390,844 -> 0,70,390,844",
            "bounds 0,70,390,844 -> 0,100,390,844",
            "bounds 0,100,390,844 -> 0,130,390,844",
        ])
        // At 130 header 0 is pushed up by the end of its last line: min(130, 154 - 44) = 110.
        #expect(lines.last == "header 0 frame=0,110,390,44 zIndex=2 alpha=1 hidden=false pinned")
        #expect(try caption("scroll by 0,-30")?.hasPrefix("offset=0,-30 ") == true)
        #expect(try caption("scroll by 10,20")?.hasPrefix("offset=10,20 ") == true)
    }

    @Test func scrollToItemAlignsItWithTheTopCentreOrBottom() throws {
        // Item 10:0 spans y = 1540 + 44 = 1584 ..< 1634.
        // top: 1584 (the default). centre: 1609 - 844/2 = 1187. bottom: 1634 - 844 = 790.
        #expect(try caption("scroll to item 10:0")?.hasPrefix("offset=0,1584 ") == true)
        #expect(try caption("scroll to item 10:0 top")?.hasPrefix("offset=0,1584 ") == true)
        #expect(try caption("scroll to item 10:0 center")?.hasPrefix("offset=0,1187 ") == true)
        #expect(try caption("scroll to item 10:0 bottom")?.hasPrefix("offset=0,790 ") == true)
        // Clamped to the scrollable range as UIKit does: at most 3080 - 844 = 2236, at least 0.
        #expect(try caption("scroll to item 19:6 top")?.hasPrefix("offset=0,2236 ") == true)
        #expect(try caption("scroll to 0,500; scroll to item 0:0 bottom")?.hasPrefix("offset=0,0 ") == true)
    }
}
