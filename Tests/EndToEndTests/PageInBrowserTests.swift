import Foundation
import StkTestSupport
import Testing

/// `export html` opened in a real browser (headless Chromium), once for all
/// the checks: the page draws, counts its frames, and stepping forward draws
/// the positions the session exported.
///
/// The session: flow-sticky's defaults (sections of 7 items 50x50, headers
/// 44 high, line spacing 10), 390 wide, so 6 items a line: 6*50 + 5*10 = 350,
/// and the 40 points left over spread over the 5 gaps, x = 0, 68, 136, 204,
/// 272, 340. Section 0: header 0..44, lines at y 44 and 104, ending at 154;
/// header 1 at 154. Frames: `bounds 390x360` (one pass, offset 0), then
/// `scroll by 0,100 steps=2` (offsets 50 and 100): three frames.
///
/// Drawn positions are relative to the viewport (frame minus offset):
/// - item 0:1 (68,44): y 44 at offset 0, -6 at 50; gone by 100 (its line ends at 94).
/// - header 0 pins: y = min(max(offset, 0), 154 - 44) = 50, then 100: drawn at 0.
/// - header 1 (154): y 154, 104, 54.
@Suite struct PageInBrowserTests {
    static let session = "bounds 390x360; scroll by 0,100 steps=2"

    /// Run in a copy of the page: reads the drawn rectangles, presses the
    /// right arrow twice, and reports what it saw.
    static let framesProbe = """
      function rects() {
        var out = {};
        document.querySelectorAll("#viewport-view g.el").forEach(function (g) {
          var r = g.querySelector("rect");
          out[g.getAttribute("data-key")] = [+r.getAttribute("x"), +r.getAttribute("y"), +r.getAttribute("width"), +r.getAttribute("height")];
        });
        return out;
      }
      function seen() {
        return {frame: +document.body.getAttribute("data-frame"), operation: document.getElementById("operation").textContent,
                position: document.getElementById("position").textContent, rects: rects()};
      }
      var result = {count: +document.body.getAttribute("data-frame-count"), frames: [seen()]};
      for (var i = 0; i < 2; i++) {
        document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
        result.frames.push(seen());
      }
      return JSON.stringify(result);
    """

    /// Runs `body` (a JavaScript function body that returns the text to
    /// report) at the end of a copy of `page`, written beside it as
    /// probed.html and opened in the browser at `fragment`. Returns the text,
    /// unescaped, and the screenshot; nil, with an issue, when the probe
    /// reported nothing (the page's script failed).
    static func runProbe(_ page: String, in folder: ScratchFolder, fragment: String? = nil, _ body: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> (text: String, screenshot: PNGImage)? {
        let script = """
            <script>
            (function () {
              var pre = document.createElement("pre");
              pre.id = "probe";
              pre.textContent = (function () {
            \(body)
              })();
              document.body.appendChild(pre);
            })();
            </script>
            """
        let file = try folder.write("probed.html", page.replacingOccurrences(of: "</body>", with: script + "\n</body>"))
        let (dom, screenshot) = try HeadlessBrowser.load(file, fragment: fragment)
        guard let start = dom.range(of: "<pre id=\"probe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("the probe wrote nothing: the page's script failed?\n\(dom.suffix(3000))", sourceLocation: sourceLocation)
            return nil
        }
        let text = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        return (text, screenshot)
    }

    struct Seen: Decodable {
        let count: Int
        let frames: [Frame]
        struct Frame: Decodable {
            let frame: Int
            let operation: String
            let position: String
            let rects: [String: [Double]]
        }
    }

    @Test func theExportedPageStepsThroughItsFramesInABrowser() throws {
        let folder = try ScratchFolder()
        let export = try StkProcess.run(["-e", Self.session + "; export html page.html"], in: folder.url)
        #expect(export.status == 0, "\(export)")
        #expect(export.stdout == "exported 3 frames of 2 operations to page.html\n", "\(export)")
        let page = try folder.read("page.html")
        // Self-contained: nothing is fetched.
        for outside in ["src=", "href=", "http://", "https://", "@import", "url(http"] {
            let allowed = outside == "http://" ? page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "") : page
            #expect(!allowed.contains(outside), "the page refers to something outside: \(outside)")
        }
        let exported = try Self.exportedFrames(page)

        // The probe's findings.
        guard let (json, screenshot) = try Self.runProbe(page, in: folder, Self.framesProbe) else { return }
        let seen = try JSONDecoder().decode(Seen.self, from: Data(json.utf8))
        #expect(seen.count == 3)
        #expect(seen.frames.map(\.frame) == [0, 1, 2])
        #expect(seen.frames.map(\.position) == ["frame 1 / 3", "frame 2 / 3", "frame 3 / 3"])
        #expect(seen.frames.map(\.operation) == ["bounds 390x360", "scroll by 0,100 steps=2", "scroll by 0,100 steps=2"])

        // Hand-derived positions (see above).
        #expect(seen.frames[0].rects["item 0:1"] == [68, 44, 50, 50])
        #expect(seen.frames[1].rects["item 0:1"] == [68, -6, 50, 50])
        #expect(seen.frames[2].rects["item 0:1"] == nil)
        #expect(seen.frames.map { $0.rects["header 0"]?[1] } == [0, 0, 0])
        #expect(seen.frames.map { $0.rects["header 1"]?[1] } == [154, 104, 54])

        // Every drawn rectangle is the exported frame's element, moved by the offset.
        for (index, frame) in seen.frames.enumerated() {
            let data = exported[index]
            #expect(frame.rects.count == data.drawn.count, "frame \(index): \(frame.rects.count) drawn, \(data.drawn.count) exported")
            for (key, rect) in data.drawn {
                #expect(frame.rects[key] == rect, "frame \(index), \(key): drawn \(frame.rects[key] ?? []), exported \(rect)")
            }
        }

        // The screenshot shows the page: far from one colour, with the red of
        // the headers the last scroll step's context named (#d62c1a).
        let histogram = screenshot.histogram
        let background = histogram.values.max() ?? 0
        let total = screenshot.width * screenshot.height
        #expect(screenshot.width == 1280 && screenshot.height == 900)
        #expect(Double(total - background) / Double(total) > 0.1, "the screenshot is almost one colour")
        #expect(histogram.count > 50, "only \(histogram.count) colours in the screenshot")
        let red = histogram.filter { color, _ in
            let r = Int(color >> 16), g = Int(color >> 8 & 0xFF), b = Int(color & 0xFF)
            return abs(r - 0xd6) < 24 && abs(g - 0x2c) < 24 && abs(b - 0x1a) < 24
        }.values.reduce(0, +)
        #expect(red > 300, "no invalidated outline drawn (\(red) red pixels)")
    }

    /// The session of the talk: `bounds 390x360; scroll by 0,100 steps=4;
    /// scroll to 0,0; batch; move item 0:0 to 0:3; end`, seven frames (the
    /// bounds, four steps of 25, the scroll back, the batch).
    static let talk = "bounds 390x360; scroll by 0,100 steps=4; scroll to 0,0; batch; move item 0:0 to 0:3; end"

    /// Opened at `#frame=5`: reads what frame 5 shows, steps twice to the
    /// batch (frame 7) and reads its motion, then turns presentation mode on.
    static let talkProbe = """
      var view = document.getElementById("viewport-view");
      function styleOf(node) { var s = getComputedStyle(node); return [s.stroke, s.fill, s.strokeDasharray]; }
      var result = {position: document.getElementById("position").textContent, hash: location.hash};
      // Frame 5, pass 4 of the scroll (offset 100): header 0 pinned, named by
      // the pass's context, moved (pinned, it follows the offset): outline,
      // fill and badge at once.
      var h0 = view.querySelector('g.el[data-key="header 0"]');
      result.header0 = {classes: h0.getAttribute("class"), shape: styleOf(h0.querySelector("rect")),
                        badges: h0.querySelectorAll(".badge.moved circle").length};
      result.labels = view.querySelectorAll(".labels text").length;
      result.drawn = view.querySelectorAll("g.el").length;
      var minimap = document.getElementById("content-view");
      var outline = document.getElementById("viewport-outline").getBoundingClientRect();
      result.minimap = {width: minimap.getBoundingClientRect().width, height: minimap.getBoundingClientRect().height,
                        viewport: outline.height, before: minimap.querySelectorAll("rect.before").length};
      for (var i = 0; i < 2; i++) document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
      result.after = {position: document.getElementById("position").textContent, hash: location.hash};
      result.motions = [];
      view.querySelectorAll("g.motion").forEach(function (g) {
        var ghost = g.querySelector(".ghost"), arrow = g.querySelector(".arrow");
        result.motions.push({key: g.getAttribute("data-key"), cls: g.getAttribute("class"),
          ghost: [+ghost.getAttribute("x"), +ghost.getAttribute("y"), +ghost.getAttribute("width"), +ghost.getAttribute("height")],
          dashed: styleOf(ghost)[2],
          arrow: arrow ? [+arrow.getAttribute("x1"), +arrow.getAttribute("y1"), +arrow.getAttribute("x2"), +arrow.getAttribute("y2")] : []});
      });
      result.diff = document.getElementById("diff").textContent;
      document.dispatchEvent(new KeyboardEvent("keydown", {key: "p", bubbles: true}));
      result.present = {on: document.body.classList.contains("present"),
                        phases: getComputedStyle(document.getElementById("phases")).display,
                        diffFont: parseFloat(getComputedStyle(document.getElementById("diff")).fontSize),
                        view: view.getBoundingClientRect().width};
      return JSON.stringify(result);
    """

    struct Talk: Decodable {
        let position, hash, diff: String
        let labels, drawn: Int
        let header0: Header
        let minimap: Minimap
        let after: Place
        let motions: [Motion]
        let present: Present
        struct Header: Decodable { let classes: String; let shape: [String]; let badges: Int }
        struct Minimap: Decodable { let width: Double; let height: Double; let viewport: Double; let before: Int }
        struct Place: Decodable { let position: String; let hash: String }
        struct Motion: Decodable { let key: String; let cls: String; let ghost: [Double]; let dashed: String; let arrow: [Double] }
        struct Present: Decodable { let on: Bool; let phases: String; let diffFont: Double; let view: Double }
    }

    /// A page for a talk, in Chromium: opened at `#frame=5` it shows frame 5;
    /// the address follows the frame; the batch's moves are drawn as ghosts
    /// and arrows; states show at once; the minimap is large enough to read;
    /// P turns presentation mode on.
    ///
    /// Flow-sticky's defaults (see above): items x 0, 68, 136, 204, 272, 340
    /// at y 44. `move item 0:0 to 0:3` at offset 0: the item at x 0 goes to
    /// x 204 (it is 0:3 now), 0:1, 0:2, 0:3 go to 0, 68, 136 (they are 0:0,
    /// 0:1, 0:2): four ghosts at the old frames, arrows between the centres
    /// (old x + 25, 69) and (new x + 25, 69).
    @Test func aTalkOpensAtAFrameAndShowsTheMotion() throws {
        let folder = try ScratchFolder()
        let export = try StkProcess.run(["-e", Self.talk + "; export html page.html"], in: folder.url)
        #expect(export.stdout == "exported 7 frames of 4 operations to page.html\n", "\(export)")
        let page = try folder.read("page.html")
        guard let (json, screenshot) = try Self.runProbe(page, in: folder, fragment: "frame=5", Self.talkProbe) else { return }
        let seen = try JSONDecoder().decode(Talk.self, from: Data(json.utf8))

        // Opened at frame 5, and the address says so; two steps later, frame 7.
        #expect(seen.position == "frame 5 / 7")
        #expect(seen.hash == "#frame=5")
        #expect(seen.after.position == "frame 7 / 7" && seen.after.hash == "#frame=7")

        // States together: amber outline (#c98a00), red fill (#f9c6bf), a moved badge.
        #expect(seen.header0.classes == "el supplementary pinned invalidated moved")
        #expect(seen.header0.shape[0] == "rgb(201, 138, 0)" && seen.header0.shape[1] == "rgb(249, 198, 191)", "\(seen.header0.shape)")
        #expect(seen.header0.badges == 1)
        // Every drawn element has its label (above them all).
        #expect(seen.labels == seen.drawn)

        // The minimap: content 390x3080 (20 sections of 154), viewport 390x360.
        // Scale min(224 / 390, max(560 / 3080, 560 / (3 * 360))) = 0.5185:
        // 202 px wide, 560 high (1,080 points of content around the
        // viewport), the viewport 360 * 0.5185 = 187 px high; the bounds
        // before the pass (offset 75) dashed.
        #expect(abs(seen.minimap.width - 2 - 202.2) < 2 && abs(seen.minimap.height - 2 - 560) < 2, "\(seen.minimap)")
        #expect(abs(seen.minimap.viewport - 186.7) < 3, "\(seen.minimap)")
        #expect(seen.minimap.before == 1)

        // The batch: four moves, ghosts dashed at the old frames, arrows between centres.
        let moves = Dictionary(seen.motions.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(seen.motions.count == 4 && seen.motions.allSatisfy { $0.cls == "motion moved" })
        #expect(moves["item 0:3 (was item 0:0)"]?.ghost == [0, 44, 50, 50])
        #expect(moves["item 0:3 (was item 0:0)"]?.arrow == [25, 69, 229, 69])
        #expect(moves["item 0:0 (was item 0:1)"]?.ghost == [68, 44, 50, 50])
        #expect(moves["item 0:0 (was item 0:1)"]?.arrow == [93, 69, 25, 69])
        #expect(moves["item 0:2 (was item 0:3)"]?.arrow == [229, 69, 161, 69])
        #expect(seen.motions.allSatisfy { $0.dashed != "none" && !$0.dashed.isEmpty }, "\(seen.motions.map(\.dashed))")
        #expect(seen.diff.contains("moved item 0:3 (was item 0:0): 0,44,50,50 -> 204,44,50,50"))

        // Presentation mode: one panel, large type, a larger picture (as high
        // as the window leaves room for; 560 wide otherwise).
        #expect(seen.present.on && seen.present.phases == "none" && seen.present.diffFont >= 24, "\(seen.present)")
        #expect(seen.present.view > 560)

        // The screenshot (presentation mode, frame 7) shows the moves' blue (#1f5fbf).
        let blue = screenshot.histogram.filter { color, _ in
            let r = Int(color >> 16), g = Int(color >> 8 & 0xFF), b = Int(color & 0xFF)
            return abs(r - 0x1f) < 24 && abs(g - 0x5f) < 24 && abs(b - 0xbf) < 24
        }.values.reduce(0, +)
        #expect(blue > 300, "no ghosts or arrows drawn (\(blue) blue pixels)")
    }

    /// The page draws each orthogonal row's own indicator and says where the
    /// rows are scrolled, as `export svg` and `render` do
    /// (Tests/StkScriptTests/OrthogonalRowPictureTests derives the numbers):
    /// section 1 at 300 of 0...2715, its thumb 48.99 long at x 37.68.
    @Test func thePageShowsWhereOrthogonalRowsAreScrolled() throws {
        let folder = try ScratchFolder()
        let export = try StkProcess.run(["-e", "layout compositional-carousel; sections 2 items=10; scroll section 1 to 300; export html page.html"],
                                        in: folder.url)
        // layout, sections, scroll: the scroll's one pass is frame 3.
        #expect(export.stdout == "exported 3 frames of 3 operations to page.html\n", "\(export)")
        let probe = """
          var thumbs = Array.prototype.map.call(document.querySelectorAll("#viewport-view g.row rect.thumb"), function (r) {
            return r.parentNode.getAttribute("data-section") + " " + r.getAttribute("x") + " " + r.getAttribute("width");
          });
          return thumbs.join("|") + "\\n" + document.getElementById("diff").textContent;
        """
        guard let (text, _) = try Self.runProbe(try folder.read("page.html"), in: folder, fragment: "frame=3", probe) else { return }
        // The page's numbers to 6 decimals: 390 x 390 / 3105 = 48.985507, 300 / 2715 x (390 - 48.985507) = 37.681159.
        #expect(text.hasPrefix("0 0 48.985507|1 37.681159 48.985507\n"), "\(text)")
        #expect(text.contains("rows: section 0 at 0 of 0...2715  section 1 at 300 of 0...2715"), "\(text)")
    }

    /// Each exported frame's drawn elements (not hidden, alpha above 0), by
    /// name, at their frame relative to the bounds.
    static func exportedFrames(_ page: String) throws -> [(count: Int, drawn: [String: [Double]])] {
        let open = "<script type=\"application/json\" id=\"stk-frames\">"
        guard let start = page.range(of: open), let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex) else {
            throw HeadlessBrowser.Failure(description: "no frame data in the page")
        }
        let data = Data(page[start.upperBound..<end.lowerBound].utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let kinds = try #require(root["kinds"] as? [String])
        let frames = try #require(root["frames"] as? [[String: Any]])
        return try frames.map { frame in
            let bounds = try #require(frame["b"] as? [Double])
            let elements = try #require(frame["e"] as? [[Any]])
            var drawn: [String: [Double]] = [:]
            for e in elements {
                let category = e[0] as! Int, kind = e[1] as! Int, section = e[2] as! Int, item = e[3] as! Int
                let numbers = (4...7).map { (e[$0] as! NSNumber).doubleValue }
                let alpha = (e[9] as! NSNumber).doubleValue, flags = e[10] as! Int
                guard flags & 1 == 0, alpha > 0 else { continue }
                let name: String
                switch (category, kind >= 0 ? kinds[kind] : nil) {
                case (0, _): name = "item \(section):\(item)"
                case (1, "header"?): name = "header \(section)"
                case (1, "footer"?): name = "footer \(section)"
                case (1, let k): name = "supplementary \(k ?? "?") \(section):\(item)"
                default: name = "decoration \(kinds[kind]) \(section):\(item)"
                }
                drawn[name] = [numbers[0] - bounds[0], numbers[1] - bounds[1], numbers[2], numbers[3]]
            }
            return (elements.count, drawn)
        }
    }
}
