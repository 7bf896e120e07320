import Foundation
import LayoutKit
import Testing
@testable import StkRender

@Suite struct RenderTextTests {
    @Test func attrLine() {
        let h = header(1, 0, 300, 390, 30, zIndex: 2, pinned: true)
        #expect(TextFormat.attributes(h) == "header 1 frame=0,300,390,30 zIndex=2 alpha=1 hidden=false pinned")
        let c = cell(2, 15, 10.5, 20, 50, 1.0 / 3.0)
        c.alpha = 0.25
        c.isHidden = true
        // 1/3 prints with 6 decimals (Double.stk).
        #expect(TextFormat.attributes(c) == "item 2:15 frame=10.5,20,50,0.333333 zIndex=0 alpha=0.25 hidden=true")
        let f = footer(3, 0, 0, 390, 20)
        #expect(TextFormat.attributes(f) == "footer 3 frame=0,0,390,20 zIndex=1 alpha=1 hidden=false")
    }

    @Test func attrExtraFieldsSortedByName() {
        final class TwoExtras: CollectionViewLayoutAttributes {
            override var extraFields: [String: Double] { ["zeta": 2, "alphaBoost": 0.5] }
        }
        let a = TwoExtras()
        a.setIdentity(category: .supplementaryView, kind: ElementKind.sectionHeader, indexPath: IndexPath(item: 0, section: 0))
        a.frame = CGRect(x: 0, y: -40, width: 390, height: 140)
        a.isPinned = true
        #expect(TextFormat.attributes(a) == "header 0 frame=0,-40,390,140 zIndex=0 alpha=1 hidden=false pinned alphaBoost=0.5 zeta=2")
    }

    /// A subclass written for iOS, read by reflection: numbers, a Bool as 0
    /// or 1, and a point or a size as one field a coordinate (a wheel
    /// layout's anchorPoint, round thirteen: it never showed).
    @Test func attrReflectedFieldsIncludePointsAndSizes() {
        final class WheelAttributes: CollectionViewLayoutAttributes {
            var anchorPoint = CGPoint(x: 0.5, y: 2.5)
            var angle: CGFloat = 0.25
            var badgeSize = CGSize(width: 20, height: 12)
            var isFeatured = true
            var title = "not a number"
        }
        let a = WheelAttributes()
        a.setIdentity(category: .cell, kind: nil, indexPath: IndexPath(item: 3, section: 0))
        a.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(a.extraFields == ["anchorPoint.x": 0.5, "anchorPoint.y": 2.5, "angle": 0.25,
                                  "badgeSize.width": 20, "badgeSize.height": 12, "isFeatured": 1])
        #expect(TextFormat.attributes(a) == "item 0:3 frame=0,0,50,50 zIndex=0 alpha=1 hidden=false anchorPoint.x=0.5 anchorPoint.y=2.5 angle=0.25 badgeSize.height=12 badgeSize.width=20 isFeatured=1")
    }

    /// Lines in ElementKey order: cells by index path, then supplementary views by
    /// index path (header before footer in the same section), whatever the input order.
    @Test func visibleListsInKeyOrderThenCount() {
        let elements = [footer(0, 0, 150, 100, 10), header(1, 0, 160, 100, 10), cell(1, 0, 0, 170, 50, 50),
                        header(0, 0, 0, 100, 10), cell(0, 1, 50, 10, 50, 50), cell(0, 0, 0, 10, 50, 50)]
        let expected = """
        item 0:0 frame=0,10,50,50 zIndex=0 alpha=1 hidden=false
        item 0:1 frame=50,10,50,50 zIndex=0 alpha=1 hidden=false
        item 1:0 frame=0,170,50,50 zIndex=0 alpha=1 hidden=false
        header 0 frame=0,0,100,10 zIndex=1 alpha=1 hidden=false
        footer 0 frame=0,150,100,10 zIndex=1 alpha=1 hidden=false
        header 1 frame=0,160,100,10 zIndex=1 alpha=1 hidden=false
        6 elements
        """
        #expect(TextFormat.visible(elements) == expected)
        #expect(TextFormat.visible([cell(0, 0, 0, 0, 1, 1)]).hasSuffix("\n1 element"))
        #expect(TextFormat.visible([]) == "0 elements")
    }

    @Test func contentSize() {
        #expect(TextFormat.contentSize(CGSize(width: 390, height: 4000)) == "390x4000")
        #expect(TextFormat.contentSize(CGSize(width: 390, height: 1234.5)) == "390x1234.5")
    }

    static func flowContext(everything: Bool = false) -> CollectionViewFlowLayoutInvalidationContext {
        let context = everything ? CollectionViewLayoutInvalidationContext.everything(CollectionViewFlowLayoutInvalidationContext.self)
                                 : CollectionViewFlowLayoutInvalidationContext()
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateFlowLayoutAttributes = false
        return context
    }

    @Test func contextOfAFlowLayout() {
        let context = Self.flowContext()
        context.invalidateItems(at: [IndexPath(item: 4, section: 0), IndexPath(item: 3, section: 0)])
        context.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(item: 0, section: 2), IndexPath(item: 0, section: 1)])
        context.invalidateSupplementaryElements(ofKind: "footer", at: [IndexPath(item: 0, section: 1)])
        context.contentOffsetAdjustment = CGPoint(x: 0, y: -12.5)
        context.contentSizeAdjustment = CGSize(width: 0, height: 40)
        context.invalidateFlowLayoutAttributes = true
        // Index paths come sorted (the snapshot sorts them); kinds sorted by name.
        let expected = """
        CollectionViewFlowLayoutInvalidationContext (bounds change)
          invalidateEverything=false
          invalidateDataSourceCounts=false
          items=0:3,0:4
          supplementary footer=1:0
          supplementary header=1:0,2:0
          decoration=none
          contentOffsetAdjustment=0,-12.5
          contentSizeAdjustment=0x40
          invalidateFlowLayoutDelegateMetrics=false
          invalidateFlowLayoutAttributes=true
        """
        #expect(TextFormat.context(context.snapshot(), reason: .boundsChange) == expected)
    }

    @Test func contextOfABaseLayoutHasNoFlowFlags() {
        let context = CollectionViewLayoutInvalidationContext.everything(CollectionViewLayoutInvalidationContext.self)
        context.invalidateDecorationElements(ofKind: "background", at: [IndexPath(item: 0, section: 0)])
        let expected = """
        CollectionViewLayoutInvalidationContext
          invalidateEverything=true
          invalidateDataSourceCounts=false
          items=none
          supplementary=none
          decoration background=0:0
          contentOffsetAdjustment=0,0
          contentSizeAdjustment=0x0
        """
        #expect(TextFormat.context(context.snapshot()) == expected)
    }

    /// `context` never shortens a list: 100 items are all there.
    @Test func contextListsArePrintedInFull() {
        let context = Self.flowContext()
        context.invalidateItems(at: (0..<100).map { IndexPath(item: $0, section: 0) })
        let text = TextFormat.context(context.snapshot(), reason: .batchUpdates)
        let itemsLine = text.split(separator: "\n").first { $0.hasPrefix("  items=") }
        #expect(itemsLine == "  items=" + (0..<100).map { "0:\($0)" }.joined(separator: ","))
        #expect(!text.contains("more"))
    }

    @Test func severalContextsOneAfterTheOther() {
        let a = Self.flowContext(), b = Self.flowContext()
        b.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(item: 0, section: 0)])
        let text = TextFormat.contexts([(a.snapshot(), .boundsChange), (b.snapshot(), .boundsChange)])
        let headers = text.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(headers == ["CollectionViewFlowLayoutInvalidationContext (bounds change)",
                            "CollectionViewFlowLayoutInvalidationContext (bounds change)"])
        #expect(text.split(separator: "\n").count == 2 * 10)
        #expect(TextFormat.contexts([]) == "no invalidation context")
    }

    static let sampleOptions = [
        LayoutOption(name: "pinLimit", type: .choice(["lastItem", "sectionEnd", "nextHeader"]), defaultValue: .word("lastItem"),
                     help: "where a pinned header stops"),
        LayoutOption(name: "stickyFooters", type: .bool, defaultValue: .bool(false), help: "footers stick to the bottom"),
        LayoutOption(name: "maxStretchHeight", type: .number, defaultValue: .automatic, allowsAutomatic: true,
                     help: "tallest the global header grows"),
    ]

    /// Columns are as wide as their widest cell plus two spaces; help is last and unpadded.
    @Test func optionsTable() {
        let values: [String: LayoutOptionValue] = ["pinLimit": .word("nextHeader"), "maxStretchHeight": .number(120)]
        // Widths: name 16, type 30 ("lastItem|sectionEnd|nextHeader"), value 10,
        // default 8; each padded with two spaces.
        let expected = """
        name              type                            value       default   help
        pinLimit          lastItem|sectionEnd|nextHeader  nextHeader  lastItem  where a pinned header stops
        stickyFooters     bool                            -           false     footers stick to the bottom
        maxStretchHeight  number|auto                     120         auto      tallest the global header grows
        """
        #expect(TextFormat.options(Self.sampleOptions, values: values) == expected)
        #expect(TextFormat.options([], values: [:]) == "no options")
    }

    @Test func layoutsOneLineEach() throws {
        let registry = LayoutRegistry()
        func descriptor(_ name: String, _ summary: String) -> LayoutDescriptor {
            LayoutDescriptor(name: name, summary: summary, options: []) { throw CollectionViewError("not made in this test") }
        }
        try registry.register(descriptor("flow-sticky", "flow layout with sticky headers"), origin: "built-in")
        try registry.register(descriptor("grid", "a spreadsheet"), origin: "/tmp/libGrid.so")
        let expected = """
        flow-sticky  built-in         flow layout with sticky headers
        grid         /tmp/libGrid.so  a spreadsheet
        """
        #expect(TextFormat.layouts(registry.entries) == expected)
        #expect(TextFormat.layouts([(name: String, origin: String, summary: String)]()) == "no layouts")
    }
}
