import Foundation
import LayoutKit

/// `export html`: one self-contained page that steps through a session's
/// frames (one per layout pass). The frames travel as data (JSON in a
/// `<script type="application/json">` element) and a small inline script draws
/// the current one as SVG, so a 1,000-frame session is a page of
/// about 2.6 MB, not 1,000 pictures. No network: no external script, style or font.
///
/// The data (`stk-frames`), compact on purpose:
///
///     {"version":1,"title":"...","dropped":0,"capacity":5000,
///      "kinds":["header",...],                 element kinds, by index
///      "operations":["scroll by 0,200 steps=10",...],
///      "frames":[{"o":0,"p":1,"n":10,           operation index, pass p of n
///                 "b":[x,y,w,h],"c":[w,h],      bounds, content size
///                 "e":[[cat,kind,s,i,x,y,w,h,z,alpha,flags,"extra"],...],
///                 "ph":["trace line",...],      the pass's phases
///                 "cx":["context text",...],    its contexts, as `context` prints them
///                 "m":[invalidated,everything,appeared,moved,"reasons"],
///                 "d":["item 0:0",...]},...]}  what disappeared
///
/// `cat` is 0 cell, 1 supplementary, 2 decoration; `kind` an index into
/// `kinds` or -1; `flags` add 1 hidden, 2 pinned, 4 invalidated, 8 appeared,
/// 16 moved; `extra` (only when not empty) the transform and the layout's own
/// fields as `attr` prints them.
public enum HTMLFilm {
    public static func page(frames: [PictureFrame], dropped: Int = 0, capacity: Int = 0, title: String = "stk session") -> String {
        var json = data(frames: frames, dropped: dropped, capacity: capacity, title: title).serialized
        // Inside <script>, "</script>" or "<!--" in a string would end the element.
        json = json.replacingOccurrences(of: "<", with: "\\u003c")
        var out = ""
        out.reserveCapacity(json.utf8.count + template.utf8.count + 64)
        out += templateHead.replacingOccurrences(of: "{{TITLE}}", with: SVGPicture.escape(title))
        out += json
        out += templateTail
        return out
    }

    /// How many operations the frames belong to (a page's operation list).
    public static func operationCount(_ frames: [PictureFrame]) -> Int {
        var count = 0
        var last: (name: String, pass: Int)? = nil
        for frame in frames {
            if startsOperation(frame, after: last) { count += 1 }
            last = (frame.operation, frame.pass)
        }
        return count
    }

    static func startsOperation(_ frame: PictureFrame, after last: (name: String, pass: Int)?) -> Bool {
        guard let last else { return true }
        return frame.pass <= last.pass || frame.operation != last.name
    }

    static func data(frames: [PictureFrame], dropped: Int, capacity: Int, title: String) -> JSONValue {
        var kinds: [String] = []
        var kindIndex: [String: Int] = [:]
        var operations: [String] = []
        var frameValues: [JSONValue] = []
        frameValues.reserveCapacity(frames.count)
        var lastOperation: (name: String, pass: Int)? = nil
        for frame in frames {
            // A new operation starts at its first pass, or when the name changes.
            if startsOperation(frame, after: lastOperation) {
                operations.append(frame.operation)
            }
            lastOperation = (frame.operation, frame.pass)
            var elements: [JSONValue] = []
            elements.reserveCapacity(frame.elements.count)
            for e in frame.elements {
                var kind = -1
                if let k = e.key.kind {
                    if let i = kindIndex[k] { kind = i } else {
                        kind = kinds.count
                        kindIndex[k] = kind
                        kinds.append(k)
                    }
                }
                var flags = 0
                if e.isHidden { flags |= 1 }
                if e.isPinned { flags |= 2 }
                if frame.marks.invalidated.contains(e.key) { flags |= 4 }
                if frame.marks.appeared.contains(e.key) { flags |= 8 }
                if frame.marks.moved.contains(e.key) { flags |= 16 }
                var values: [JSONValue] = [
                    .integer(category(e.key.category)), .integer(kind), .integer(e.key.section), .integer(e.key.item),
                    number(e.frame.minX), number(e.frame.minY), number(e.frame.width), number(e.frame.height),
                    .integer(e.zIndex), number(e.alpha), .integer(flags),
                ]
                if !e.extraText.isEmpty { values.append(.string(e.extraText)) }
                elements.append(.array(values))
            }
            let marks = frame.marks
            var members: [(key: String, value: JSONValue)] = [
                ("o", .integer(operations.count - 1)), ("p", .integer(frame.pass)), ("n", .integer(frame.passes)),
                ("b", .array([number(frame.bounds.minX), number(frame.bounds.minY), number(frame.bounds.width), number(frame.bounds.height)])),
                ("c", .array([number(frame.contentSize.width), number(frame.contentSize.height)])),
                ("e", .array(elements)),
                ("ph", .array(frame.phases.map(JSONValue.string))),
            ]
            if !frame.contexts.isEmpty {
                members.append(("cx", .array(frame.contexts.map {
                    .string(TextFormat.context($0.snapshot, reason: InvalidationReason(rawValue: $0.reason)))
                })))
            }
            if !marks.isEmpty {
                members.append(("m", .array([.integer(marks.invalidated.count), .bool(marks.invalidatedEverything),
                                             .integer(marks.appeared.count), .integer(marks.moved.count),
                                             .string(marks.reasons.joined(separator: ", "))])))
            }
            if !marks.disappeared.isEmpty {
                members.append(("d", .array(marks.disappeared.map { .string($0.description) })))
            }
            frameValues.append(.object(members))
        }
        return .object([
            ("version", .integer(1)), ("title", .string(title)), ("dropped", .integer(dropped)),
            ("capacity", .integer(capacity)), ("kinds", .array(kinds.map(JSONValue.string))),
            ("operations", .array(operations.map(JSONValue.string))), ("frames", .array(frameValues)),
        ])
    }

    static func category(_ c: ElementCategory) -> Int {
        switch c {
        case .cell: return 0
        case .supplementaryView: return 1
        case .decorationView: return 2
        }
    }

    /// Whole numbers as integers (most frames are), the rest in stk's form.
    static func number(_ value: CGFloat) -> JSONValue {
        let v = Double(value)
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return .integer(Int(v)) }
        return .number(v)
    }

    static var template: String { templateHead + templateTail }

    static let templateHead = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{TITLE}}</title>
    <style>
    body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#222;background:#f6f6f4}
    header{padding:8px 16px;background:#263238;color:#fff;display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
    header h1{font-size:16px;margin:0}
    #note{color:#ffd54f}
    main{display:flex;gap:16px;padding:12px 16px;align-items:flex-start;flex-wrap:wrap}
    #stage{flex:0 0 auto;max-width:100%}
    #pictures{display:flex;gap:12px;align-items:flex-start}
    #pictures svg{background:#fff;border:1px solid #bbb;display:block}
    #content-view[hidden]{display:none}
    #controls{display:flex;gap:6px;align-items:center;margin-top:8px;flex-wrap:wrap;max-width:560px}
    #controls button{font:inherit;min-width:2.5em}
    #slider{flex:1 1 200px}
    #legend{max-width:560px;margin-top:4px;font-size:13px}
    #details{flex:1 1 320px;min-width:280px;max-width:760px}
    #details h2{font-size:15px;margin:0 0 2px;font-family:monospace}
    #details h3{font-size:13px;margin:10px 0 2px;text-transform:uppercase;color:#555}
    #details pre,#phases{font:12px/1.35 monospace;margin:0;white-space:pre-wrap;word-break:break-all}
    #phases{padding-left:2.2em}
    .caption{font-family:monospace;color:#444}
    #tooltip{position:fixed;pointer-events:none;background:#263238;color:#fff;font:12px monospace;padding:4px 6px;border-radius:3px;max-width:520px;z-index:10}
    #tooltip[hidden]{display:none}
    .key{display:inline-block;width:10px;height:10px;border:2px solid;margin:0 3px 0 10px;vertical-align:-1px}
    svg text{font-family:monospace;text-anchor:middle;fill:#222;pointer-events:none}
    svg g.el:hover>rect{stroke:#000;stroke-width:3}
    #viewport-outline{fill:none;stroke:#d62c1a;stroke-width:2}
    \(SVGPicture.style)</style>
    </head>
    <body>
    <header><h1 id="title"></h1><span id="summary"></span><span id="note"></span></header>
    <main>
    <section id="stage">
    <div id="pictures"><svg id="viewport-view" role="img" aria-label="the viewport"></svg><svg id="content-view" role="img" aria-label="the whole content" hidden></svg></div>
    <div id="controls">
    <button id="first" title="first frame (Home)">|&lt;</button>
    <button id="prev" title="previous frame (Left arrow)">&lt;</button>
    <button id="play" title="play or pause (Space)">play</button>
    <button id="next" title="next frame (Right arrow)">&gt;</button>
    <button id="last" title="last frame (End)">&gt;|</button>
    <input id="slider" type="range" min="0" value="0" aria-label="frame">
    <span id="position"></span>
    <label><input id="show-content" type="checkbox"> whole content</label>
    <select id="operations" aria-label="jump to an operation"></select>
    </div>
    <div id="legend"><span class="key" style="border-color:#d62c1a"></span>! invalidated by this pass's context<span class="key" style="border-color:#2e8b3a"></span>+ appeared<span class="key" style="border-color:#1f5fbf"></span>~ moved<span class="key" style="border-color:#c98a00"></span>* pinned</div>
    </section>
    <aside id="details">
    <h2 id="operation"></h2>
    <div id="pass"></div>
    <div class="caption" id="caption"></div>
    <h3>Phases</h3><ol id="phases"></ol>
    <h3>Context</h3><div id="contexts"></div>
    <h3>Visible</h3><pre id="diff"></pre>
    </aside>
    </main>
    <div id="tooltip" hidden></div>
    <script type="application/json" id="stk-frames">
    """

    static let templateTail = """
    </script>
    <script>
    "use strict";
    (function () {
    var DATA = JSON.parse(document.getElementById("stk-frames").textContent);
    var frames = DATA.frames, kinds = DATA.kinds;
    var SVGNS = "http://www.w3.org/2000/svg";
    var $ = function (id) { return document.getElementById(id); };
    var current = 0, timer = null;
    var viewSize = 560;

    function num(v) { return String(Math.round(v * 1e6) / 1e6); }
    function pathOf(e) { return e[2] + ":" + e[3]; }
    function kindOf(e) { return e[1] < 0 ? null : kinds[e[1]]; }
    function nameOf(e) {
      var k = kindOf(e);
      if (e[0] === 0) return "item " + pathOf(e);
      if (e[0] === 1) return k === "header" ? "header " + e[2] : k === "footer" ? "footer " + e[2] : "supplementary " + k + " " + pathOf(e);
      return "decoration " + k + " " + pathOf(e);
    }
    function labelOf(e) {
      var k = kindOf(e) || "?";
      if (e[0] === 0) return pathOf(e);
      if (e[0] === 1) return k === "header" ? "H" + e[2] : k === "footer" ? "F" + e[2] : k.charAt(0).toUpperCase() + pathOf(e);
      return k.charAt(0).toLowerCase() + pathOf(e);
    }
    function marksOf(e) { return (e[10] & 4 ? "!" : "") + (e[10] & 8 ? "+" : "") + (e[10] & 16 ? "~" : ""); }
    function attributesOf(e) {
      var t = nameOf(e) + " frame=" + [e[4], e[5], e[6], e[7]].map(num).join(",") + " zIndex=" + e[8] +
        " alpha=" + num(e[9]) + " hidden=" + (e[10] & 1 ? "true" : "false");
      if (e[10] & 2) t += " pinned";
      if (e.length > 11) t += " " + e[11];
      var m = [];
      if (e[10] & 4) m.push("invalidated by this pass's context");
      if (e[10] & 8) m.push("appeared");
      if (e[10] & 16) m.push("moved");
      return m.length ? t + "  (" + m.join(", ") + ")" : t;
    }
    function el(name, attrs, parent) {
      var n = document.createElementNS(SVGNS, name);
      for (var a in attrs) n.setAttribute(a, attrs[a]);
      if (parent) parent.appendChild(n);
      return n;
    }
    function drawn(f) {
      var list = [];
      for (var i = 0; i < f.e.length; i++) {
        var e = f.e[i];
        if (e[10] & 1 || e[9] <= 0) continue;
        list.push(i);
      }
      // Ascending zIndex, ties in key order (the data's order): as render draws.
      list.sort(function (a, b) { return (f.e[a][8] - f.e[b][8]) || (a - b); });
      return list;
    }
    function cls(e) {
      var c = ["el", ["cell", "supplementary", "decoration"][e[0]]];
      if (e[10] & 2) c.push("pinned");
      if (e[10] & 4) c.push("invalidated");
      if (e[10] & 8) c.push("appeared");
      if (e[10] & 16) c.push("moved");
      return c.join(" ");
    }
    // Labels are centred in the part of the element the viewport shows, as render and export svg do.
    function drawElements(svg, f, ox, oy, labels) {
      var order = drawn(f);
      for (var j = 0; j < order.length; j++) {
        var e = f.e[order[j]];
        var g = el("g", {"class": cls(e), "data-key": nameOf(e), "data-index": order[j]}, svg);
        if (e[9] < 1) g.setAttribute("opacity", e[9]);
        el("rect", {x: num(e[4] - ox), y: num(e[5] - oy), width: num(Math.max(e[6], 0)), height: num(Math.max(e[7], 0))}, g);
        if (labels) {
          var label = labelOf(e) + (e[10] & 2 ? "*" : "") + marksOf(e);
          var left = Math.max(e[4] - ox, 0), right = Math.min(e[4] - ox + e[6], f.b[2]);
          var top = Math.max(e[5] - oy, 0), bottom = Math.min(e[5] - oy + e[7], f.b[3]);
          var size = Math.min(12, bottom - top - 2, (right - left - 4) / (label.length * 0.6));
          if (size >= 5) {
            var t = el("text", {x: num((left + right) / 2), y: num((top + bottom) / 2 + size * 0.35), "font-size": num(size)}, g);
            t.textContent = label;
          }
        }
      }
    }
    function fit(w, h, box) { var s = Math.min(box / Math.max(w, 1), box / Math.max(h, 1)); return [Math.max(1, Math.round(w * s)), Math.max(1, Math.round(h * s))]; }
    function drawViewport(f) {
      var svg = $("viewport-view"), b = f.b;
      svg.textContent = "";
      var size = fit(b[2], b[3], viewSize);
      svg.setAttribute("width", size[0]); svg.setAttribute("height", size[1]);
      svg.setAttribute("viewBox", "0 0 " + num(b[2]) + " " + num(b[3]));
      el("rect", {"class": "viewport", width: num(b[2]), height: num(b[3])}, svg);
      drawElements(svg, f, b[0], b[1], true);
    }
    function drawContent(f) {
      var svg = $("content-view"), b = f.b, c = f.c;
      svg.textContent = "";
      if (svg.hasAttribute("hidden")) return;
      // The content from its origin, stretched to hold the viewport when it lies outside (bouncing).
      var x0 = Math.min(0, b[0]), y0 = Math.min(0, b[1]);
      var x1 = Math.max(c[0], b[0] + b[2]), y1 = Math.max(c[1], b[1] + b[3]);
      var size = fit(x1 - x0, y1 - y0, viewSize);
      svg.setAttribute("width", size[0]); svg.setAttribute("height", size[1]);
      svg.setAttribute("viewBox", num(x0) + " " + num(y0) + " " + num(x1 - x0) + " " + num(y1 - y0));
      el("rect", {"class": "viewport", x: 0, y: 0, width: num(c[0]), height: num(c[1])}, svg);
      drawElements(svg, f, 0, 0, false);
      el("rect", {id: "viewport-outline", x: num(b[0]), y: num(b[1]), width: num(b[2]), height: num(b[3]), "vector-effect": "non-scaling-stroke"}, svg);
    }
    function show(i) {
      current = Math.max(0, Math.min(frames.length - 1, i));
      var f = frames[current];
      if (!f) return;
      drawViewport(f);
      drawContent(f);
      var op = DATA.operations[f.o];
      $("operation").textContent = op;
      $("pass").textContent = f.n > 1 ? "layout pass " + f.p + " of " + f.n : "one layout pass";
      var hidden = 0;
      for (var k = 0; k < f.e.length; k++) if (f.e[k][10] & 1 || f.e[k][9] <= 0) hidden++;
      $("caption").textContent = "offset=" + num(f.b[0]) + "," + num(f.b[1]) + " bounds=" + num(f.b[2]) + "x" + num(f.b[3]) +
        " content=" + num(f.c[0]) + "x" + num(f.c[1]) + " elements=" + f.e.length + (hidden ? " hidden=" + hidden : "");
      var phases = $("phases");
      phases.textContent = "";
      for (var p = 0; p < f.ph.length; p++) { var li = document.createElement("li"); li.textContent = f.ph[p]; phases.appendChild(li); }
      var cx = $("contexts");
      cx.textContent = "";
      if (!f.cx) { cx.textContent = "no context: this pass did not invalidate the layout"; }
      else for (var q = 0; q < f.cx.length; q++) { var pre = document.createElement("pre"); pre.textContent = f.cx[q]; cx.appendChild(pre); }
      var appeared = [], moved = [];
      for (var r = 0; r < f.e.length; r++) {
        if (f.e[r][10] & 8) appeared.push(nameOf(f.e[r]));
        if (f.e[r][10] & 16) moved.push(nameOf(f.e[r]));
      }
      var lines = [];
      if (f.m) lines.push(f.m[1] ? "invalidated: every element (" + f.m[4] + ")" : "invalidated: " + f.m[0] + " element" + (f.m[0] === 1 ? "" : "s") + " named" + (f.m[4] ? " (" + f.m[4] + ")" : ""));
      lines.push("appeared: " + (appeared.length ? appeared.join(", ") : "none"));
      lines.push("moved: " + (moved.length ? moved.join(", ") : "none"));
      lines.push("disappeared: " + (f.d ? f.d.join(", ") : "none"));
      $("diff").textContent = lines.join("\\n");
      $("slider").value = current;
      $("position").textContent = "frame " + (current + 1) + " / " + frames.length;
      $("operations").value = String(f.o);
      document.body.setAttribute("data-frame", current);
    }
    function step(d) { pause(); show(current + d); }
    function play() {
      if (timer || frames.length < 2) return;
      if (current >= frames.length - 1) show(0);
      $("play").textContent = "pause";
      timer = setInterval(function () { if (current >= frames.length - 1) pause(); else show(current + 1); }, 125);
    }
    function pause() { if (timer) { clearInterval(timer); timer = null; } $("play").textContent = "play"; }
    function tooltip(evt) {
      var g = evt.target.closest ? evt.target.closest("g.el") : null;
      var tip = $("tooltip");
      if (!g) { tip.hidden = true; return; }
      var e = frames[current].e[+g.getAttribute("data-index")];
      tip.textContent = attributesOf(e);
      tip.hidden = false;
      tip.style.left = Math.min(evt.clientX + 12, window.innerWidth - 540) + "px";
      tip.style.top = (evt.clientY + 14) + "px";
    }

    document.title = DATA.title + " (" + frames.length + " frame" + (frames.length === 1 ? "" : "s") + ")";
    $("title").textContent = DATA.title;
    $("summary").textContent = frames.length + " frame" + (frames.length === 1 ? "" : "s") + " of " + DATA.operations.length + " operation" + (DATA.operations.length === 1 ? "" : "s");
    if (DATA.dropped > 0) $("note").textContent = "the " + DATA.dropped + " earliest frames are not here: the session keeps its last " + DATA.capacity;
    document.body.setAttribute("data-frame-count", frames.length);
    var select = $("operations");
    for (var o = 0; o < DATA.operations.length; o++) { var opt = document.createElement("option"); opt.value = String(o); opt.textContent = (o + 1) + ". " + DATA.operations[o]; select.appendChild(opt); }
    select.addEventListener("change", function () { pause(); for (var i = 0; i < frames.length; i++) if (frames[i].o === +select.value) { show(i); return; } });
    $("slider").max = Math.max(0, frames.length - 1);
    $("slider").addEventListener("input", function () { pause(); show(+this.value); });
    $("first").addEventListener("click", function () { step(-frames.length); });
    $("prev").addEventListener("click", function () { step(-1); });
    $("next").addEventListener("click", function () { step(1); });
    $("last").addEventListener("click", function () { step(frames.length); });
    $("play").addEventListener("click", function () { if (timer) pause(); else play(); });
    $("show-content").addEventListener("change", function () { if (this.checked) $("content-view").removeAttribute("hidden"); else $("content-view").setAttribute("hidden", ""); show(current); });
    document.addEventListener("keydown", function (evt) {
      if (evt.target && (evt.target.tagName === "SELECT" || evt.target.tagName === "INPUT" && evt.target.type !== "checkbox")) return;
      if (evt.key === "ArrowRight") { step(1); evt.preventDefault(); }
      else if (evt.key === "ArrowLeft") { step(-1); evt.preventDefault(); }
      else if (evt.key === "Home") { step(-frames.length); evt.preventDefault(); }
      else if (evt.key === "End") { step(frames.length); evt.preventDefault(); }
      else if (evt.key === " ") { if (timer) pause(); else play(); evt.preventDefault(); }
    });
    document.addEventListener("mousemove", tooltip);
    if (frames.length) show(0); else $("operation").textContent = "no frames: no operation has changed the session yet";
    })();
    </script>
    </body>
    </html>

    """
}
