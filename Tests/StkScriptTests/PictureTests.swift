import Builtins
import Foundation
import LayoutKit
import StkScript
import StkRender
import StkTestSupport
import Testing
@testable import StkRender

/// Pictures: `render`'s marks, sizes and rounding, the frame log behind
/// `export html`, and the SVG and HTML writers.
@Suite struct PictureTests {
    func session(_ text: String) throws -> (Session, Interpreter, OutputBuffer) {
        try pictureSession(text)
    }

    // MARK: render

    /// A transformed element is drawn where UIKit draws it: exactly as an
    /// untransformed element whose frame is the box around its transformed
    /// shape. A 100x100 cell at 50,0 scaled by 0.5 is drawn as a 50x50 cell
    /// at 75,25; rotated a quarter turn, a 120x40 cell at 40,30 stands as
    /// a 40x120 one at 80,-10 (clipped at the top).
    @Test func renderDrawsATransformedElementAsTheBoxAroundItsShape() {
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 100), size = CGSize(width: 200, height: 100)
        let key = ElementKey.cell(IndexPath(item: 0, section: 0))
        let cases: [(PictureElement, CGRect)] = [
            (PictureElement(key: key, frame: CGRect(x: 50, y: 0, width: 100, height: 100), transform: CATransform3D(CGAffineTransform(scaleX: 0.5, y: 0.5))),
             CGRect(x: 75, y: 25, width: 50, height: 50)),
            (PictureElement(key: key, frame: CGRect(x: 40, y: 30, width: 120, height: 40), transform: CATransform3D(CGAffineTransform(rotationAngle: .pi / 2))),
             CGRect(x: 80, y: -10, width: 40, height: 120)),
        ]
        for (transformed, box) in cases {
            let drawn = ViewportRenderer.render(elements: [transformed], bounds: bounds, contentSize: size, options: .init(width: 42))
            let plain = ViewportRenderer.render(elements: [PictureElement(key: key, frame: box)], bounds: bounds, contentSize: size,
                                                options: .init(width: 42))
            #expect(drawn == plain, "\(drawn)\n\(plain)")
            let untransformed = ViewportRenderer.render(elements: [PictureElement(key: key, frame: transformed.frame)], bounds: bounds,
                                                        contentSize: size, options: .init(width: 42))
            #expect(drawn != untransformed, "the transform changes the drawing")
        }
    }

    /// Bounds 200x60 drawn 22 wide: 20 columns, x scale 0.1, y scale 0.05, 3
    /// rows. Three cells 45x60 at x 0, 55, 110 are 4.5 columns wide, rounded
    /// to 5 each, starting at columns 0, round(5.5) = 6 and 11. By their edges
    /// the middle one would be columns [6, round(10)) = 4 wide, one too narrow
    /// for `0:1` between its sides.
    @Test func sameSizeCellsGetSameSizeBoxesAndKeepTheirLabels() {
        let cells = [cell(0, 0, 0, 0, 45, 60), cell(0, 1, 55, 0, 45, 60), cell(0, 2, 110, 0, 45, 60)]
        let text = ViewportRenderer.render(attributes: cells, bounds: CGRect(x: 0, y: 0, width: 200, height: 60),
                                           contentSize: CGSize(width: 200, height: 60), options: .init(width: 22))
        #expect(text == """
        offset=0,0 bounds=200x60 content=200x60 elements=3
        ╔════════════════════╗
        ║┌───┐ ┌───┐┌───┐    ║
        ║│0:0│ │0:1││0:2│    ║
        ║└───┘ └───┘└───┘    ║
        ╚════════════════════╝
        """)
    }

    /// The marks follow the label (`H1!~`, `0:0+`) and the legend counts
    /// them; a box too small for its label and marks keeps the name and puts
    /// the first mark on its corner. Scale 0.1 across, 0.05 down: header 1
    /// (0..30) covers rows [0, round(1.5) = 2), its label on the top edge; the
    /// cells (30..60) row [2, 3): one-row boxes `├──┤`. Item 0:0 is 9 columns
    /// (7 inside: `0:0+` fits), item 0:1 5 columns from column 10 (3 inside:
    /// `0:1` fits, `0:1!` does not, so `!` takes its first column).
    @Test func marksFollowTheLabelOrTakeTheCorner() {
        var marks = CycleMarks()
        marks.invalidated = [key(header: 1), key(0, 1)]
        marks.reasons = ["bounds change"]
        marks.appeared = [key(0, 0)]
        marks.moved = [key(header: 1)]
        marks.disappeared = [key(0, 5), key(header: 0)]
        let elements = [cell(0, 0, 0, 30, 90, 30), cell(0, 1, 100, 30, 50, 30), header(1, 0, 0, 200, 30)]
        let text = ViewportRenderer.render(attributes: elements, bounds: CGRect(x: 0, y: 0, width: 200, height: 60),
                                           contentSize: CGSize(width: 200, height: 600), options: .init(width: 22, marks: marks))
        #expect(text == """
        offset=0,0 bounds=200x60 content=200x600 elements=3
        ╔════════════════════╗
        ║┌───────H1!~───────┐║
        ║└──────────────────┘║
        ║├─0:0+──┤ !0:1┤     ║
        ╚════════════════════╝
        marks: ! invalidated 2 (bounds change)  + appeared 1  ~ moved 1
        disappeared: 0:5 H0
        """)
    }

    @Test func aContextThatRedoesEverythingNamesNoElement() {
        var marks = CycleMarks()
        marks.invalidatedEverything = true
        marks.reasons = ["reloadData"]
        #expect(ViewportRenderer.legendLines(marks) == ["marks: every element invalidated (reloadData)"])
        #expect(ViewportRenderer.legendLines(CycleMarks()) == [])
    }

    /// `height=N`: the frame is N rows, edges included, so 8 rows inside for
    /// 80 points (y scale 0.1); alone, the width keeps the proportions:
    /// 8 rows * 2 * 100/80 = 20 columns inside, 22 in all.
    @Test func heightSetsTheFrameAndTheWidthFollows() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        #expect(ViewportRenderOptions.width(forHeight: 10, bounds: bounds) == 22)
        let text = ViewportRenderer.render(attributes: [], bounds: bounds, contentSize: bounds.size,
                                           options: .init(width: 22, height: 10))
        #expect(text.split(separator: "\n").count == 11) // the caption and 10 rows
        let squat = ViewportRenderer.render(attributes: [], bounds: bounds, contentSize: bounds.size,
                                            options: .init(width: 40, height: 4))
        #expect(squat.split(separator: "\n").count == 5)
    }

    /// A terminal 100x30 (29 lines, one kept for the prompt) holds a 390x844
    /// viewport in 28 rows, the caption above: 26 inside, so 26 * 2 * 390/844
    /// = 24 columns inside, width 26; at that width the y scale is
    /// 24/390/2, 844 points -> round(25.97) = 26 rows. A legend line takes a row.
    @Test func withNeitherSizeTheDrawingFitsTheTerminal() {
        let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
        #expect(ViewportRenderOptions.fitting(columns: 100, rows: 29, bounds: bounds, marks: CycleMarks()).width == 26)
        // A wide viewport is held by the terminal's width.
        let wide = CGRect(x: 0, y: 0, width: 844, height: 390)
        #expect(ViewportRenderOptions.fitting(columns: 50, rows: 60, bounds: wide, marks: CycleMarks()).width == 50)
        var marks = CycleMarks()
        marks.moved = [key(0, 0)]
        let fitted = ViewportRenderOptions.fitting(columns: 100, rows: 29, bounds: bounds, marks: marks)
        let text = ViewportRenderer.render(attributes: [], bounds: bounds, contentSize: bounds.size, options: fitted)
        #expect(text.split(separator: "\n").count <= 29)
    }

    /// After `bounds 390x360; scroll to 0,60` (docs/semantics.md, flow-sticky):
    /// the context names the headers of the sections in the old rect (0..360)
    /// or the new one (60..420): sections 0, 1, 2 (154 points each). Header 0
    /// moved (pinned, 0 -> 60); item 2:6 (308 + 44 + 60 = 412) came into view;
    /// nothing left it (0:0's line ends at 94).
    @Test func aScrollsMarksComeFromItsEvents() throws {
        let (session, interpreter, output) = try self.session("bounds 390x360\nscroll to 0,60")
        let marks = CycleMarks(events: session.lastOperationEvents)
        #expect(marks.invalidated == [key(header: 0), key(header: 1), key(header: 2)])
        #expect(marks.moved == [key(header: 0)])
        #expect(marks.appeared == [key(2, 6)])
        #expect(marks.disappeared.isEmpty)
        #expect(!marks.invalidatedEverything)
        #expect(marks.reasons == ["bounds change"])
        output.clear()
        ScriptRunner(interpreter: interpreter).run(text: "render width=50", name: "<test>")
        #expect(output.lines.last == "marks: ! invalidated 3 (bounds change)  + appeared 1  ~ moved 1")
        #expect(output.lines.contains { $0.contains("H0*!~") })
    }

    /// Ten steps of 20: the net effect, from before the first to after the
    /// last (offset 0 to 200, the rect 200..560). Section 0 (0..154) left it
    /// whole, its header with it (pinned at most to 154 - 44 = 110..154);
    /// header 1 (natural 154) pins at 200: it moved, and stayed.
    @Test func severalPassesMarkTheirNetEffect() throws {
        let (session, _, _) = try self.session("bounds 390x360\nscroll by 0,200 steps=10")
        let marks = CycleMarks(events: session.lastOperationEvents)
        #expect(marks.contextCount == 10)
        #expect(marks.moved == [key(header: 1)])
        #expect(marks.disappeared == (0...6).map { key(0, $0) } + [key(header: 0)])
    }

    /// A batch update follows elements by identity: deleting item 0:0 of a
    /// section of 7 makes it disappear, and the item that now has 0:0 (it
    /// was 0:1, x 68) moved to x 0; the six left fit one line, so section 1
    /// moves up by 60: 6 + 1 + 7 = 14 moved.
    @Test func aBatchUpdateMarksByIdentityNotByIndexPath() throws {
        let (session, _, _) = try self.session("bounds 390x300\nsections 2 items=7\ndelete item 0:0")
        let marks = CycleMarks(events: session.lastOperationEvents)
        #expect(marks.disappeared == [key(0, 0)])
        #expect(marks.moved.count == 14)
        #expect(marks.moved.contains(key(0, 0)) && marks.moved.contains(key(header: 1)))
        #expect(marks.appeared.isEmpty)
        #expect(marks.invalidatedEverything && marks.invalidated.isEmpty)
    }

    // MARK: The frame log

    @Test func oneFramePerPassNamedAfterItsOperation() throws {
        let (session, _, _) = try self.session("bounds 390x360\nscroll by 0,100 steps=4\npaging on")
        let film = session.frameLog.film
        #expect(film.frames.map(\.operation) == ["bounds 390x360"] + Array(repeating: "scroll by 0,100 steps=4", count: 4) + ["paging on"])
        #expect(film.frames.map(\.pass) == [1, 1, 2, 3, 4, 1])
        #expect(film.frames.map(\.passes) == [1, 4, 4, 4, 4, 1])
        #expect(film.frames.map(\.bounds.minY) == [0, 25, 50, 75, 100, 100])
        #expect(film.frames[2].contexts.count == 1)
        #expect(film.frames[2].phases.first?.hasPrefix("shouldInvalidateLayout(forBoundsChange: 0,50,390,360)") == true)
        // `paging on` runs no pass: one frame of the state as it is.
        #expect(film.frames[5].phases == ["(no layout pass: the layout was not invalidated)"])
        #expect(film.frames[5].elements == film.frames[4].elements)
        #expect(film.dropped == 0)
        // Header 0 pins at the offset: y 25 in the first step's frame.
        #expect(film.frames[1].elements.first { $0.key == key(header: 0) }?.frame.minY == 25)
        #expect(HTMLFilm.operationCount(film.frames) == 3)
    }

    @Test func undoTakesFramesOffAndResetStartsAgain() throws {
        let (session, interpreter, _) = try self.session("scroll to 0,10\nscroll to 0,20\nscroll to 0,20")
        // A failed operation leaves no frames either.
        ScriptRunner(interpreter: interpreter).run(text: "scroll by 0,10 steps=0", name: "<test>")
        // The second `scroll to 0,20` changed nothing: no frames.
        #expect(session.frameLog.film.frames.map(\.operation) == ["scroll to 0,10", "scroll to 0,20"])
        ScriptRunner(interpreter: interpreter).run(text: "undo", name: "<test>")
        #expect(session.frameLog.film.frames.map(\.operation) == ["scroll to 0,10"])
        ScriptRunner(interpreter: interpreter).run(text: "scroll to 0,30\nreset", name: "<test>")
        #expect(session.frameLog.film.frames.map(\.operation) == ["reset"])
        ScriptRunner(interpreter: interpreter).run(text: "undo", name: "<test>")
        #expect(session.frameLog.film.frames.map(\.operation) == ["scroll to 0,10", "scroll to 0,30"])
    }

    @Test func theLogKeepsItsLastFramesAndCountsTheRest() throws {
        try BuiltinLayouts.register()
        let session = try Session()
        session.frameLog.capacity = 5
        let interpreter = Interpreter(session: session, output: OutputBuffer())
        ScriptRunner(interpreter: interpreter).run(text: "scroll by 0,120 steps=12\nscroll by 0,30 steps=3", name: "<test>")
        let film = session.frameLog.film
        #expect(film.frames.count == 5)
        #expect(film.dropped == 10)
        #expect(film.frames.map(\.bounds.minY) == [110, 120, 130, 140, 150])
        #expect(film.frames.map(\.pass) == [11, 12, 1, 2, 3])
        #expect(film.frames.first?.passes == 12)
    }

    // MARK: SVG

    /// The state after the README's tour: the same bytes every time, the
    /// elements at their frames minus the offset (item 1:0 at 0,198 -> y 68,
    /// drawn inset by half a point), header 0 pinned and marked.
    @Test func theSVGIsAFunctionOfTheState() throws {
        let script = "bounds 390x360\nscroll to 0,60\nscroll to 0,130"
        let (s1, _, _) = try self.session(script)
        let (s2, _, _) = try self.session(script)
        let picture = svg(s1)
        #expect(picture == svg(s2))
        #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(picture.contains("<g class=\"cell\"><title>item 1:0 frame=0,198,50,50 zIndex=0 alpha=1 hidden=false</title><rect x=\"0.5\" y=\"68.5\" width=\"49\" height=\"49\"/>"))
        #expect(picture.contains("<g class=\"supplementary pinned invalidated moved\"><title>header 0 frame=0,110,390,44 zIndex=2 alpha=1 hidden=false pinned</title>"))
        #expect(picture.contains(">H0*!~</text>"))
        #expect(picture.contains("offset=0,130 bounds=390x360 content=390x3080 elements=19"))
        #expect(!picture.contains("href") && !picture.contains("http://www.w3.org/1999"))
    }

    /// `sections 1 items=6; batch; move item 0:0 to 0:3; end` on flow-sticky
    /// (its defaults: items 50x50, header 44 high, 390 wide, so six items a
    /// line: 6 * 50 = 300, the 90 left over spread over the 5 gaps, x = 0,
    /// 68, 136, 204, 272, 340, at y 44). `attr` reads the frames before and
    /// after. The item that was 0:0 (x 0) is 0:3 now (x 204); 0:1, 0:2, 0:3
    /// (x 68, 136, 204) took 0:0, 0:1, 0:2 (x 0, 68, 136). Four moved, and
    /// the offset stays 0, so viewport coordinates are frames: the ghost of
    /// item 0:3 is its old frame 0,44,50,50, its arrow goes from the old
    /// centre (0 + 25, 44 + 25) = 25,69 to the new (204 + 25, 69) = 229,69;
    /// item 0:0's from 93,69 to 25,69.
    @Test func theSVGOfABatchDrawsGhostsAndArrows() throws {
        let (session, interpreter, output) = try self.session("sections 1 items=6\nattr item 0:0\nattr item 0:3")
        #expect(output.lines == ["item 0:0 frame=0,44,50,50 zIndex=0 alpha=1 hidden=false",
                                 "item 0:3 frame=204,44,50,50 zIndex=0 alpha=1 hidden=false"])
        ScriptRunner(interpreter: interpreter).run(text: "batch\nmove item 0:0 to 0:3\nend\nattr item 0:3", name: "<test>")
        #expect(output.lines.last == "item 0:3 frame=204,44,50,50 zIndex=0 alpha=1 hidden=false")
        let svg = svg(session)
        #expect(svg.components(separatedBy: "<g class=\"motion moved\">").count - 1 == 4)
        #expect(svg.contains("<g class=\"motion moved\"><title>moved item 0:3 (was item 0:0): 0,44,50,50 -&gt; 204,44,50,50</title>"
            + "<rect class=\"ghost moved\" x=\"0\" y=\"44\" width=\"50\" height=\"50\"/>"
            + "<line class=\"arrow moved\" x1=\"25\" y1=\"69\" x2=\"229\" y2=\"69\" marker-end=\"url(#arrow-moved)\"/></g>"))
        #expect(svg.contains("<rect class=\"ghost moved\" x=\"68\" y=\"44\" width=\"50\" height=\"50\"/>"
            + "<line class=\"arrow moved\" x1=\"93\" y1=\"69\" x2=\"25\" y2=\"69\""))
        // The moved badge on each, the arrowheads defined, the legend says it.
        #expect(svg.components(separatedBy: "<g class=\"badge moved\">").count - 1 == 4 + 1) // and the key's
        #expect(svg.contains("<marker id=\"arrow-moved\""))
        // The list is cut to 80 columns (57 characters after `moved: ` and
        // room for `… and N more`): the first move is 27, the next 29 more.
        #expect(svg.contains(">moved: 0:0 (was 0:1) 68,44 -&gt; 0,44 … and 3 more</text>"))
    }

    /// Deleting the last of six (x 340) and inserting at 0:1: flow layout's
    /// initial attributes for the new 0:1 are its own frame (68,44) at alpha
    /// 0, its final ones for the deleted item its old frame at alpha 0. The
    /// ghosts carry those attributes and `render` lists them.
    @Test func insertedAndDeletedElementsShowTheAttributesTheyAnimateFromAndTo() throws {
        let (session, interpreter, output) = try self.session("sections 1 items=6\nbatch\ndelete item 0:5\ninsert item 0:1\nend")
        let svg = svg(session)
        #expect(svg.contains("<g class=\"motion inserted\"><title>inserted item 0:1: 68,44,50,50 -&gt; 68,44,50,50</title>"
            + "<rect class=\"ghost inserted\" x=\"68\" y=\"44\" width=\"50\" height=\"50\"/>"
            + "<text class=\"note\" x=\"70\" y=\"91\" font-size=\"8\">alpha=0</text></g>"))
        #expect(svg.contains("<g class=\"motion deleted\"><title>deleted item 0:5: 340,44,50,50 -&gt; 340,44,50,50</title>"
            + "<rect class=\"ghost deleted\" x=\"340\" y=\"44\" width=\"50\" height=\"50\"/>"
            + "<rect class=\"ghost final\" x=\"340\" y=\"44\" width=\"50\" height=\"50\"/>"))
        output.clear()
        ScriptRunner(interpreter: interpreter).run(text: "render width=42", name: "<test>")
        #expect(output.lines.suffix(2) == ["inserted: 0:1 from 68,44,50,50 alpha=0", "deleted: 0:5 to 340,44,50,50 alpha=0"])
    }

    /// An affine transform is drawn about the element's centre, as UIKit
    /// draws it. Frame 10,20,100,50 (centre 60,45) turned a quarter
    /// (a 0, b 1, c -1, d 0) and moved 5 right: SVG's matrix about the origin
    /// is e = cx + tx - a cx - c cy = 60 + 5 - 0 + 45 = 110, f = cy + ty -
    /// b cx - d cy = 45 - 60 = -15 (the centre goes to 65,45).
    @Test func aTransformIsDrawnAboutTheCentre() {
        var turn = CATransform3D.identity
        turn.m11 = 0; turn.m12 = 1; turn.m21 = -1; turn.m22 = 0; turn.m41 = 5
        let e = PictureElement(key: key(0, 0), frame: CGRect(x: 10, y: 20, width: 100, height: 50), transform: turn)
        #expect(e.extraText == "transform=0,1,-1,0,5,0")
        let svg = SVGPicture.render(elements: [e], bounds: CGRect(x: 0, y: 0, width: 200, height: 200), contentSize: CGSize(width: 200, height: 200))
        #expect(svg.contains("<rect x=\"10.5\" y=\"20.5\" width=\"99\" height=\"49\" transform=\"matrix(0,1,-1,0,110,-15)\"/>"))
        // Its label sits at the drawn centre.
        #expect(svg.contains("<text class=\"label\" x=\"65\""))
        // With its own perspective (m14 = 0.002: w = 1 + 0.002 u for u across
        // the centre), Core Animation projects the corners: u = -50 divides
        // by 0.9, u = 50 by 1.1. Frame 0,0,100,100, centre 50,50: top left
        // 50 - 50/0.9 = -5.56 both ways, top right 50 + 50/1.1 = 95.45,
        // 50 - 50/1.1 = 4.55; the bottom mirrors the top.
        var tilt = CATransform3D.identity
        tilt.m14 = 0.002
        let tilted = PictureElement(key: key(0, 0), frame: CGRect(x: 0, y: 0, width: 100, height: 100), transform: tilt)
        let shape = ElementShape(tilted, origin: .zero)
        #expect(shape.svg() == "<polygon points=\"-5.56,-5.56 95.45,4.55 95.45,95.45 -5.56,105.56\"/>")
    }

    /// compositional-carousel scales each cell by its distance from the row's
    /// centre (Tests/Transcripts/compositional/carousel.stk): item 1:0 at
    /// 20,308,297.5,200, scale 1 - 0.2 * 26.25 / 390 = 0.98654. Centre
    /// 168.75,408: e = 168.75 (1 - 0.98654) = 2.27, f = 408 (1 - 0.98654) = 5.49.
    @Test func aTransformedLayoutsSVGCarriesTheTransform() throws {
        let (session, _, _) = try self.session("layout compositional-carousel\nsections 2 items=6")
        #expect(svg(session).contains("<rect x=\"20.5\" y=\"308.5\" width=\"296.5\" height=\"199\" transform=\"matrix(0.9865,0,0,0.9865,2.27,5.49)\"/>"))
    }

    /// A card stack: card 0:1 (zIndex 2) drawn larger over card 0:0 (zIndex
    /// 1) at the same frame hides it whole. Both labels are drawn, above
    /// every element: 0:1's at the centre, 0:0's outside the stack (above
    /// it, 9 px), with a leader line to its top edge.
    @Test func aLabelHiddenByStackingGoesOutsideWithALeader() {
        var grow = CATransform3D.identity
        grow.m11 = 1.1; grow.m22 = 1.1
        let under = PictureElement(key: key(0, 0), frame: CGRect(x: 50, y: 100, width: 100, height: 60), zIndex: 1)
        let over = PictureElement(key: key(0, 1), frame: CGRect(x: 50, y: 100, width: 100, height: 60), zIndex: 2, transform: grow)
        let svg = SVGPicture.render(elements: [under, over], bounds: CGRect(x: 0, y: 0, width: 200, height: 300), contentSize: CGSize(width: 200, height: 300))
        // Labels come after both elements.
        let labels = svg.range(of: "<text class=\"label\"")
        let lastElement = svg.range(of: "<g class=\"cell\"><title>item 0:1")
        #expect(labels != nil && lastElement != nil)
        if let labels, let lastElement { #expect(lastElement.upperBound < labels.lowerBound) }
        #expect(svg.contains("<text class=\"label\" x=\"100\" y=\"134.2\" font-size=\"12\">0:1</text>"))
        // 0:0's box is 50..150 x 100..160; above it: y = 100 - 11/2 - 3 = 91.5,
        // the leader from its top edge (100,100) to the label's bottom (100,97).
        #expect(svg.contains("<line class=\"leader\" x1=\"100\" y1=\"100\" x2=\"100\" y2=\"97\"/><text class=\"label\" x=\"100\" y=\"94.65\" font-size=\"9\">0:0</text>"))
    }

    /// Placing labels costs the square of the count: beyond 1,000 elements
    /// (a grid of small cells) every label stays at its centre, even where
    /// another element covers it; an element too small for a 5 px label has none.
    @Test func aCrowdKeepsItsLabelsCentred() {
        let stack = (0..<1_001).map { _ in (text: "0:0", box: CGRect(x: 0, y: 0, width: 100, height: 40)) }
        let crowd = LabelPlacement.place(stack, viewport: CGSize(width: 200, height: 200))
        #expect(crowd.allSatisfy { $0?.isCentered == true && $0?.leader == nil })
        let few = LabelPlacement.place(Array(stack.prefix(2)), viewport: CGSize(width: 200, height: 200))
        #expect(few[0]?.leader != nil && few[1]?.isCentered == true)
        #expect(LabelPlacement.place([(text: "0:0", box: CGRect(x: 0, y: 0, width: 8, height: 8))], viewport: CGSize(width: 200, height: 200)) == [nil])
    }

    /// A layout that never counts its work (written without LayoutKit's
    /// helpers) films `prepare()` without `(touched 0, sections 0)`; one
    /// that counts keeps its numbers.
    @Test func countersThatDoNotApplyAreLeftOut() throws {
        try BuiltinLayouts.register()
        try? LayoutRegistry.shared.register(LayoutDescriptor(
            name: "uncounted-test", summary: "a layout that counts nothing", options: [],
            makeAnyLayout: { ScriptedLayout { _, _ in [cell(0, 0, 0, 0, 50, 50)] } },
            setOption: { _, _, _ in }, optionValue: { _, _ in nil }), origin: "test")
        let (plain, _, _) = try self.session("layout uncounted-test\nscroll to 0,10")
        let phases = plain.frameLog.film.frames.flatMap(\.phases)
        #expect(phases.contains("prepare()"))
        #expect(!phases.contains { $0.contains("touched") })
        let (flow, _, _) = try self.session("scroll to 0,10")
        #expect(flow.frameLog.film.frames.flatMap(\.phases).contains("prepare()  (touched 6, sections 0)"))
    }

    /// The trace leaves them out the same way (round thirteen: a layout
    /// written for iOS traced `prepare()  (touched 0, sections 0)`), and keeps
    /// a counting layout's, zeros included once it has counted.
    @Test func theTraceLeavesOutCountersThatDoNotApply() throws {
        let (plain, _) = try runScript("layout uncounted-trace\ntrace on\nscroll to 0,10\n", withTestLayout: "uncounted-trace") {
            ScriptedLayout { _, _ in [cell(0, 0, 0, 0, 50, 50)] }
        }
        #expect(plain.lines.contains("prepare()"), "\(plain.lines)")
        #expect(!plain.lines.contains { $0.contains("touched") }, "\(plain.lines)")
        let (flow, _) = try runScript("layout flow-counted\nscroll to 0,10\ntrace on\nsize item 0:0 60x60\n", withTestLayout: "flow-counted") {
            CollectionViewFlowLayout()
        }
        #expect(flow.lines.contains { $0.hasPrefix("prepare()  (touched ") }, "\(flow.lines)")
    }

    func svg(_ s: Session) -> String {
        let cv = s.collectionView
        let elements = cv.visibleAttributes.values.sorted { $0.key < $1.key }.map { PictureElement.element(of: $0, in: cv) }
        return SVGPicture.render(elements: elements, bounds: cv.bounds, contentSize: cv.contentSize,
                                 marks: CycleMarks(events: s.lastOperationEvents))
    }

    // MARK: HTML

    @Test func thePageCarriesItsFramesAsDataThatCannotEndTheScript() throws {
        let element = PictureElement(key: ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: 2, section: 1)),
                                     frame: CGRect(x: 10, y: 20.5, width: 50, height: 50), zIndex: 3, alpha: 0.5, isPinned: true)
        var marks = CycleMarks()
        marks.appeared = [element.key]
        let frame = PictureFrame(operation: "load \"</script><b>x.so\"", bounds: CGRect(x: 0, y: 5, width: 100, height: 100),
                                 contentSize: CGSize(width: 100, height: 400), elements: [element], phases: ["a", "b"], marks: marks)
        let page = HTMLFilm.page(frames: [frame, frame], title: "t")
        #expect(!page.contains("</script><b>"))
        #expect(page.contains("[0,-1,1,2,10,20.5,50,50,3,0.5,10]")) // flags: pinned 2 + appeared 8
        #expect(page.contains("\"operations\":[\"load \\\"\\u003c/script>\\u003cb>x.so\\\"\",\"load"))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
    }

    // MARK: trace

    @Test func traceLinesAreColouredByPhaseOnlyWithColour() throws {
        try BuiltinLayouts.register()
        let output = OutputBuffer()
        let interpreter = Interpreter(session: try Session(), options: InterpreterOptions(color: true), output: output)
        ScriptRunner(interpreter: interpreter).run(text: "trace on\nscroll to 0,10", name: "<test>")
        #expect(output.lines.first?.hasPrefix("\u{1B}[33mshouldInvalidateLayout(") == true)
        #expect(output.lines.contains { $0.hasPrefix("\u{1B}[31minvalidateLayout(with:)") })
        #expect(output.lines.contains { $0.hasPrefix("\u{1B}[36mprepare()") })
        let plain = OutputBuffer()
        let noColor = Interpreter(session: try Session(), output: plain)
        ScriptRunner(interpreter: noColor).run(text: "trace on\nscroll to 0,10", name: "<test>")
        #expect(!plain.lines.joined().contains("\u{1B}"))
        #expect(plain.lines.count == output.lines.count)
    }

    // MARK: Helpers

    func key(_ section: Int, _ item: Int) -> ElementKey {
        ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: section))
    }

    func key(header section: Int) -> ElementKey {
        ElementKey(category: .supplementaryView, kind: ElementKind.sectionHeader, indexPath: IndexPath(item: 0, section: section))
    }
}

/// Frames are pictured when the film is read (FrameLog keeps each pass's
/// answer and events): a frame read long after its operation must be the
/// frame read right after it, whatever the session did in between.
@Suite struct LatePicturingTests {
    /// A seeded session of scrolls, flings, data changes, batches, resizes
    /// and a second layout; the film is read after every command, and each
    /// new frame's page kept as it was then.
    @Test(arguments: [("flow-sticky", 5), ("compositional-carousel", 6)])
    func aFramePicturedLateIsTheFramePicturedAtOnce(layout: String, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (session, interpreter, output) = try pictureSession("layout \(layout)\nsections 3 items=12")
        var early = session.frameLog.film.frames.map { HTMLFilm.page(frames: [$0]) }
        for _ in 0..<60 {
            let command: String
            switch random.next() % 7 {
            case 0: command = "scroll to 0,\(random.next() % 900)"
            case 1: command = "scroll by 0,\(Int(random.next() % 300) - 150) steps=3"
            case 2: command = "insert item \(random.next() % 3):0"
            case 3: command = "batch\ndelete item \(random.next() % 3):1\ninsert item 0:0\nend"
            case 4: command = "bounds \(300 + random.next() % 200)x\(500 + random.next() % 400)"
            case 5: command = layout.hasPrefix("compositional") ? "scroll section \(random.next() % 3) to \(random.next() % 600)" : "scroll fling 0,\(random.next() % 2000)"
            default: command = "delete item \(random.next() % 3):0"
            }
            let before = session.frameLog.film.frames.count
            let diagnosticsBefore = output.diagnostics.count
            ScriptRunner(interpreter: interpreter).run(text: command, name: "<test>")
            #expect(!output.diagnostics[diagnosticsBefore...].contains { $0.contains("error:") }, "\(command): \(output.diagnostics.suffix(1))")
            let frames = session.frameLog.film.frames
            early += frames[before...].map { HTMLFilm.page(frames: [$0]) }
        }
        let late = session.frameLog.film.frames.map { HTMLFilm.page(frames: [$0]) }
        #expect(late.count == early.count && late.count > 60, "\(late.count) frames late, \(early.count) at once")
        // The first frame that differs, by its index (a page is long).
        #expect(late.indices.first { $0 >= early.count || late[$0] != early[$0] } == nil)
    }
}
