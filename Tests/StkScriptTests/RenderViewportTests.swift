import Foundation
import LayoutKit
import Testing
@testable import StkRender

@Suite struct RenderViewportTests {
    /// Bounds 0,100,100,80 drawn 22 columns wide: 20 columns inside the frame, so
    /// x scale = 20/100 = 0.2 columns per point and y scale = 0.1 rows per point;
    /// 80 points tall -> 8 rows.
    ///
    /// - item 0:0  0,100,50,40  -> columns [0,10) rows [0,4)
    /// - item 0:1  50,100,50,40 -> columns [10,20) rows [0,4)
    /// - item 0:2  0,140,50,40  -> columns [0,10) rows [4,8); label "0:2" in the
    ///   inside rows 5..6 -> row 5, inside columns 1..8 (8 wide) -> starts at 1 + (8-3)/2 = 3
    /// - header 1, pinned, zIndex 2, 0,100,100,30 -> columns [0,20) rows [0,3), drawn
    ///   last (highest zIndex) over the top of 0:0 and 0:1, whose labels (row 1) it
    ///   covers; "H1*" in inside columns 1..18 (18 wide) starts at 1 + (18-3)/2 = 8
    /// - header 2, alpha 0.5, 50,140,50,20 -> columns [10,20) rows [4,6): two rows,
    ///   no inside row, so "H2" sits on its top edge, inside columns 11..18 -> 11 + 3 = 14
    /// - footer 0, hidden: not drawn, counted as hidden=1
    static func sample() -> [CollectionViewLayoutAttributes] {
        [
            cell(0, 0, 0, 100, 50, 40),
            cell(0, 1, 50, 100, 50, 40),
            cell(0, 2, 0, 140, 50, 40),
            header(1, 0, 100, 100, 30, zIndex: 2, pinned: true),
            header(2, 50, 140, 50, 20, alpha: 0.5),
            supplementary(ElementKind.sectionFooter, 0, 0, 160, 100, 10, hidden: true),
        ]
    }

    static let sampleBounds = CGRect(x: 0, y: 100, width: 100, height: 80)

    @Test func drawsPinnedFadedAndHiddenElements() {
        let text = ViewportRenderer.render(attributes: Self.sample(), bounds: Self.sampleBounds,
                                           contentSize: CGSize(width: 100, height: 400), options: .init(width: 22))
        let expected = """
        offset=0,100 bounds=100x80 content=100x400 elements=6 hidden=1
        ╔════════════════════╗
        ║┏━━━━━━━━━━━━━━━━━━┓║
        ║┃       H1*        ┃║
        ║┗━━━━━━━━━━━━━━━━━━┛║
        ║└────────┘└────────┘║
        ║┌────────┐┌┄┄┄H2┄┄┄┐║
        ║│  0:2   │└┄┄┄┄┄┄┄┄┘║
        ║│        │          ║
        ║└────────┘          ║
        ╚════════════════════╝
        """
        #expect(text == expected)
    }

    @Test func sameInputSameOutputWhateverTheOrderGiven() {
        let forward = ViewportRenderer.render(attributes: Self.sample(), bounds: Self.sampleBounds,
                                              contentSize: CGSize(width: 100, height: 400), options: .init(width: 22))
        let reversed = ViewportRenderer.render(attributes: Self.sample().reversed(), bounds: Self.sampleBounds,
                                               contentSize: CGSize(width: 100, height: 400), options: .init(width: 22))
        #expect(forward == reversed)
        for line in forward.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.hasSuffix(" "), "trailing space in \(line)")
        }
    }

    /// The same viewport 12 columns wide: 10 inside, x scale 0.1, y scale 0.05,
    /// 80 * 0.05 = 4 rows. item 0:0 -> columns [0,5) rows [0,2); item 0:1 ->
    /// columns [5,10) rows [0,2); item 0:2 -> columns [0,5) rows [2,4). Two-row
    /// boxes carry their label on the top edge when it fits in the 3 inside
    /// columns: "0:0" does, starting at column 1.
    @Test func scalesToTheWidth() {
        let cells = [cell(0, 0, 0, 100, 50, 40), cell(0, 1, 50, 100, 50, 40), cell(0, 2, 0, 140, 50, 40)]
        let text = ViewportRenderer.render(attributes: cells, bounds: Self.sampleBounds,
                                           contentSize: CGSize(width: 100, height: 180), options: .init(width: 12))
        let expected = """
        offset=0,100 bounds=100x80 content=100x180 elements=3
        ╔══════════╗
        ║┌0:0┐┌0:1┐║
        ║└───┘└───┘║
        ║┌0:2┐     ║
        ║└───┘     ║
        ╚══════════╝
        """
        #expect(text == expected)
    }

    /// At the default width (80) a 390x844 viewport is 78 columns inside
    /// (x scale 0.2) and round(844 * 0.1) = 84 rows: 84 + 2 frame rows + caption.
    @Test func defaultWidthKeepsTheAspect() {
        let text = ViewportRenderer.render(attributes: [], bounds: CGRect(x: 0, y: 0, width: 390, height: 844),
                                           contentSize: .zero)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 87)
        #expect(lines[1].count == 80)
        #expect(lines[0] == "offset=0,0 bounds=390x844 content=0x0 elements=0")
        #expect(lines[2] == "║" + String(repeating: " ", count: 78) + "║")
    }

    /// Bounds 0,0,40,20 at width 12: 10 columns, x scale 0.25, y scale 0.125,
    /// 20 * 0.125 = 2.5 -> 3 rows (half rounds away from zero).
    /// A cell (0:0 at 0,0,40,20 -> columns 0..9, rows [0, round(2.5)=3)) and a
    /// header over the same frame: whichever has the higher zIndex is on top,
    /// whatever their key order; with equal zIndex, the later key (the header:
    /// supplementary views come after cells) is on top.
    @Test func zIndexDecidesWhatIsOnTop() {
        let bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        func draw(cellZ: Int, headerZ: Int) -> String {
            let c = cell(0, 0, 0, 0, 40, 20)
            c.zIndex = cellZ
            let h = header(0, 0, 0, 40, 20, zIndex: headerZ)
            return ViewportRenderer.render(attributes: [h, c], bounds: bounds, contentSize: CGSize(width: 40, height: 20),
                                           options: .init(width: 12))
        }
        let cellOnTop = """
        offset=0,0 bounds=40x20 content=40x20 elements=2
        ╔══════════╗
        ║┌────────┐║
        ║│  0:0   │║
        ║└────────┘║
        ╚══════════╝
        """
        let headerOnTop = cellOnTop.replacingOccurrences(of: "  0:0   ", with: "   H0   ")
        #expect(draw(cellZ: 5, headerZ: 1) == cellOnTop)
        #expect(draw(cellZ: 0, headerZ: 1) == headerOnTop)
        #expect(draw(cellZ: 1, headerZ: 1) == headerOnTop)

        // Two cells, same zIndex: 0:1 comes later in key order, so it covers 0:0.
        let a = cell(0, 0, 0, 0, 40, 20), b = cell(0, 1, 0, 0, 40, 20)
        let tie = ViewportRenderer.render(attributes: [b, a], bounds: bounds, contentSize: .zero, options: .init(width: 12))
        #expect(tie.contains("│  0:1   │"))
        #expect(!tie.contains("0:0"))
    }

    /// Elements partly outside the bounds are clipped by the frame, and the label
    /// is centred in what remains visible. Bounds 0,0,40,20 at width 12 (scale
    /// 0.25 / 0.125, 3 rows). item 0:0 at -20,-8,40,40 -> columns [-5,5) rows
    /// [-1,4): only its right edge (column 4) and the inside columns 0..3 of
    /// rows 0..2 are visible; its bottom edge (row 3) is past the frame. Inside
    /// rows visible: 0..2 -> label row 1; inside columns visible 0..3 (4 wide):
    /// "0:0" starts at 0 + (4-3)/2 = 0.
    @Test func clipsAtTheFrame() {
        let text = ViewportRenderer.render(attributes: [cell(0, 0, -20, -8, 40, 40)], bounds: CGRect(x: 0, y: 0, width: 40, height: 20),
                                           contentSize: .zero, options: .init(width: 12))
        let expected = """
        offset=0,0 bounds=40x20 content=0x0 elements=1
        ╔══════════╗
        ║    │     ║
        ║0:0 │     ║
        ║    │     ║
        ╚══════════╝
        """
        #expect(text == expected)
    }

    /// Other supplementary kinds show their upper-case initial, decoration views
    /// the lower-case one, both followed by S:I; a label that does not fit is
    /// left out, and a pinned one first drops its `*`.
    @Test func labelsOfOtherKindsAndLabelsThatDoNotFit() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        let badge = supplementary("badge", 2, 0, 0, 50, 40, item: 15)
        let background = CollectionViewLayoutAttributes(forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: 2))
        background.frame = CGRect(x: 50, y: 0, width: 50, height: 40)
        // Width 22: 20 columns, scale 0.2 / 0.1, 4 rows; each box 10 columns, 8 inside.
        let text = ViewportRenderer.render(attributes: [badge, background], bounds: bounds, contentSize: .zero, options: .init(width: 22))
        #expect(text.contains("│ B2:15  ││  b2:0  │"))
        // Kinds that name a header or a footer (Apple's samples) read apart.
        let sectionHeader = supplementary("section-header-element-kind", 2, 0, 0, 50, 40, item: 0)
        let sectionFooter = supplementary("section-footer-element-kind", 2, 50, 0, 50, 40, item: 0)
        let boundaries = ViewportRenderer.render(attributes: [sectionHeader, sectionFooter], bounds: bounds, contentSize: .zero, options: .init(width: 22))
        #expect(boundaries.contains("│  H2:0  ││  F2:0  │"), "\(boundaries)")

        // A pinned header 5 columns wide has 3 inside columns: "H1*" fits, and
        // "H12*" does not but "H12" does.
        func pinnedHeader(_ section: Int) -> String {
            ViewportRenderer.render(attributes: [header(section, 0, 0, 25, 40, pinned: true)], bounds: bounds,
                                    contentSize: .zero, options: .init(width: 22))
        }
        #expect(pinnedHeader(1).contains("┃H1*┃"))
        #expect(pinnedHeader(12).contains("┃H12┃"))
        #expect(pinnedHeader(123).contains("┃   ┃"))
    }

    /// A box one row tall is `├──┤`, one column wide `┬ │ ┴`, one cell `□`.
    /// Bounds 0,0,100,40 at width 22 (scale 0.2 / 0.1): a 50x10 cell is 10 columns
    /// by 1 row, a 5x40 cell 1 column by 4 rows, a 5x10 cell a single cell.
    @Test func thinBoxes() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        let flat = ViewportRenderer.render(attributes: [cell(0, 0, 0, 0, 50, 10)], bounds: bounds, contentSize: .zero, options: .init(width: 22))
        #expect(flat.split(separator: "\n")[2] == "║├──0:0───┤          ║")
        let tall = ViewportRenderer.render(attributes: [cell(0, 0, 0, 0, 5, 40)], bounds: bounds, contentSize: .zero, options: .init(width: 22))
        #expect(tall.split(separator: "\n")[2...5].map { $0.dropFirst().first } == ["┬", "│", "│", "┴"])
        let dot = ViewportRenderer.render(attributes: [cell(0, 0, 0, 0, 5, 10)], bounds: bounds, contentSize: .zero, options: .init(width: 22))
        #expect(dot.split(separator: "\n")[2] == "║□                   ║")
    }

    @Test func degenerateBoundsDrawAnEmptyFrame() {
        let text = ViewportRenderer.render(attributes: [cell(0, 0, 0, 0, 10, 10)], bounds: .zero, contentSize: .zero, options: .init(width: 1))
        // Width is raised to the minimum of 4: two columns inside, no rows.
        #expect(text == "offset=0,0 bounds=0x0 content=0x0 elements=1\n╔══╗\n╚══╝")
    }
}
