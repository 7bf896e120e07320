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

    /// Appended to a copy of the page: reads the drawn rectangles, presses
    /// the right arrow twice, and writes what it saw into the DOM.
    static let probe = """
    <script>
    (function () {
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
      var pre = document.createElement("pre");
      pre.id = "probe";
      pre.textContent = JSON.stringify(result);
      document.body.appendChild(pre);
    })();
    </script>
    """

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

        let probed = page.replacingOccurrences(of: "</body>", with: Self.probe + "\n</body>")
        let file = try folder.write("probed.html", probed)
        let (dom, screenshot) = try HeadlessBrowser.load(file)

        // The probe's findings.
        guard let start = dom.range(of: "<pre id=\"probe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("the probe wrote nothing: the page's script failed?\n\(dom.suffix(3000))")
            return
        }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
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
