import Foundation
import LayoutKit

/// `export html`: one self-contained page that steps through a session's
/// frames (one per layout pass). The frames travel as data (JSON in a
/// `<script type="application/json">` element) and a small inline script draws
/// the current one as SVG, so a 1,000-frame session is a page of
/// about 2.7 MB, not 1,000 pictures. No network: no external script, style or font.
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
///                 "d":["item 0:0",...],        what disappeared
///                 "r":[[section,offset,max,track x,y,w,h,thumb x,y,w,h],...]
///                                              orthogonal rows: where each is
///                                              scrolled, and its indicator
///                                              (`OrthogonalRow.indicator`)
///                 "tf":..., "L":..., "mv":..., "pb":...}]}   geometry (see `geometry`)
///
/// `cat` is 0 cell, 1 supplementary, 2 decoration; `kind` an index into
/// `kinds` or -1; `flags` add 1 hidden, 2 pinned, 4 invalidated, 8 appeared,
/// 16 moved; `extra` (only when not empty) the transform and the layout's own
/// fields as `attr` prints them.
///
/// The script draws a frame as `export svg` does (transforms, states,
/// labels, motion), animates its motion with CSS transitions, draws the
/// minimap, opens at `#frame=N` and keeps the address on the frame shown,
/// and has a presentation mode (P).
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
            let extras = geometry(frame)
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
            if !frame.rows.isEmpty {
                members.append(("r", .array(frame.rows.map { row in
                    let indicator = row.indicator(origin: frame.bounds.origin)
                    let rects = [indicator.track, indicator.thumb].flatMap { [$0.minX, $0.minY, $0.width, $0.height].map(number) }
                    return .array([.integer(row.state.section), number(row.state.offset), number(row.state.maximumOffset)] + rects)
                })))
            }
            members += extras
            frameValues.append(.object(members))
        }
        return .object([
            ("version", .integer(1)), ("title", .string(title)), ("dropped", .integer(dropped)),
            ("capacity", .integer(capacity)), ("kinds", .array(kinds.map(JSONValue.string))),
            ("operations", .array(operations.map(JSONValue.string))), ("frames", .array(frameValues)),
        ])
    }

    /// What a frame adds for the geometry pictures draw (each only when not empty):
    ///
    ///     "tf":[[i,m11,m12,m14,m21,m22,m24,m41,m42,m44],...]   element i's transform
    ///                                      (the numbers that place a layer's points, z = 0)
    ///     "L":[[i,x,y,size],[i,x,y,size,x1,y1,x2,y2],...]     a label not at the centre of
    ///                                      element i (see LabelPlacement), with its leader
    ///     "mv":[[kind,i,"name",fx,fy,fw,fh,fa,tx,ty,tw,th,ta,ftf,ttf,"fields"],...]
    ///                                      motions (see Motion): kind 0 moved, 1 inserted,
    ///                                      2 deleted; i the element now (-1: deleted);
    ///                                      from and to in viewport coordinates with their
    ///                                      alpha; ftf, ttf a transform as in "tf" or 0
    ///     "pb":[x,y,w,h]                   the bounds before the pass, when it scrolled
    static func geometry(_ frame: PictureFrame) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        func numbers(_ t: CATransform3D) -> [JSONValue] {
            [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44].map(number)
        }
        let transformed = frame.elements.enumerated().compactMap { i, e in
            e.transform.map { JSONValue.array([.integer(i)] + numbers($0)) }
        }
        if !transformed.isEmpty { members.append(("tf", .array(transformed))) }

        // Labels, placed as the SVG places them; the page centres the rest itself.
        let order = frame.elements.indices.filter { frame.elements[$0].isDrawn }
            .sorted { PictureElement.drawingOrder(frame.elements[$0], frame.elements[$1]) }
        let items: [(text: String, box: CGRect)] = order.map { i in
            let e = frame.elements[i]
            let text = ElementLabel.text(for: e.key) + (e.isPinned ? "*" : "") + String(frame.marks.marks(of: e.key).map(\.rawValue))
            return (text, ElementShape(e, origin: frame.bounds.origin).box)
        }
        let placed = LabelPlacement.place(items, viewport: frame.bounds.size)
        var labels: [JSONValue] = []
        for (j, label) in placed.enumerated() {
            guard let label, !label.isCentered else { continue }
            var values: [JSONValue] = [.integer(order[j]), rounded(label.x), rounded(label.y), rounded(label.size)]
            if let l = label.leader { values += [rounded(l.x1), rounded(l.y1), rounded(l.x2), rounded(l.y2)] }
            labels.append(.array(values))
        }
        if !labels.isEmpty { members.append(("L", .array(labels))) }

        let motions = Motion.all(frame.marks, elements: frame.elements, bounds: frame.bounds)
        if !motions.isEmpty {
            let index = Dictionary(frame.elements.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
            members.append(("mv", .array(motions.map { m in
                let kind = m.kind == .moved ? 0 : m.kind == .inserted ? 1 : 2
                var name = m.key.description
                if let old = m.oldKey { name += " (was \(old))" }
                let f = m.fromShape.rect, t = m.toShape.rect
                let fields = Motion.animatedFields(m.kind == .deleted ? m.to : m.from)
                return .array([.integer(kind), .integer(m.kind == .deleted ? -1 : index[m.key] ?? -1), .string(name),
                               number(f.minX), number(f.minY), number(f.width), number(f.height), number(m.from.alpha),
                               number(t.minX), number(t.minY), number(t.width), number(t.height), number(m.to.alpha),
                               m.from.transform.map { .array(numbers($0)) } ?? .integer(0),
                               m.to.transform.map { .array(numbers($0)) } ?? .integer(0), .string(fields)])
            })))
        }
        if let before = frame.marks.boundsBefore, before != frame.bounds {
            members.append(("pb", .array([number(before.minX), number(before.minY), number(before.width), number(before.height)])))
        }
        return members
    }

    /// A placement, to 1/100 of a point.
    static func rounded(_ value: Double) -> JSONValue {
        number(CGFloat((value * 100).rounded() / 100))
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
    #legend,#help{max-width:760px;margin-top:4px;font-size:13px}
    #help{color:#555}
    #help kbd{font:12px monospace;border:1px solid #aaa;border-radius:3px;padding:0 3px;background:#fff}
    #details{flex:1 1 320px;min-width:280px;max-width:760px}
    #details h2{font-size:15px;margin:0 0 2px;font-family:monospace}
    #details h3{font-size:13px;margin:10px 0 2px;text-transform:uppercase;color:#555}
    #details pre,#phases{font:12px/1.35 monospace;margin:0;white-space:pre-wrap;word-break:break-all}
    #phases{padding-left:2.2em}
    .caption{font-family:monospace;color:#444}
    #tooltip{position:fixed;pointer-events:none;background:#263238;color:#fff;font:12px monospace;padding:4px 6px;border-radius:3px;max-width:520px;z-index:10}
    #tooltip[hidden]{display:none}
    .key{display:inline-block;width:12px;height:10px;border:2px solid #6b7780;margin:0 3px 0 10px;vertical-align:-1px;background:#eef0f2}
    .key.round{width:10px;height:10px;border-radius:50%;border-color:#fff}
    .key.dashed{border-style:dashed;background:none}
    svg text{font-family:monospace;text-anchor:middle;fill:#222;pointer-events:none}
    svg g.el:hover>rect,svg g.el:hover>polygon{stroke:#000;stroke-width:3}
    #viewport-outline{fill:none;stroke:#d62c1a;stroke-width:2}
    #content-view .seen{fill:#e6e8ea;stroke:#b8bec4;stroke-width:0.5}
    #content-view .content{fill:#fafafa;stroke:#999}
    #content-view .before{fill:none;stroke:#1f5fbf;stroke-width:1.5;stroke-dasharray:4 3}
    body.present{font-size:22px}
    body.present header h1,body.present #summary{font-size:18px}
    body.present #details{max-width:none;flex:1 1 320px;min-width:320px}
    body.present #details h2{font-size:30px}
    body.present #pass{font-size:22px}
    body.present #details h3,body.present #phases,body.present #contexts,body.present #caption,body.present #details .panel-trace{display:none}
    body.present #diff{font-size:24px;line-height:1.4;word-break:normal}
    body.present #legend,body.present #help{font-size:16px;max-width:860px}
    \(SVGPicture.style)</style>
    </head>
    <body>
    <header><h1 id="title"></h1><span id="summary"></span><span id="note"></span></header>
    <main>
    <section id="stage">
    <div id="pictures"><svg id="viewport-view" role="img" aria-label="the viewport"></svg><svg id="content-view" role="img" aria-label="a minimap of the content, the viewport outlined"></svg></div>
    <div id="controls">
    <button id="first" title="first frame (Home)">|&lt;</button>
    <button id="prev" title="previous frame (Left arrow)">&lt;</button>
    <button id="play" title="play or pause (Space)">play</button>
    <button id="next" title="next frame (Right arrow)">&gt;</button>
    <button id="last" title="last frame (End)">&gt;|</button>
    <input id="slider" type="range" min="0" value="0" aria-label="frame">
    <span id="position"></span>
    <label><input id="show-content" type="checkbox" checked> minimap</label>
    <button id="present" title="presentation mode (P)">present</button>
    <select id="operations" aria-label="jump to an operation"></select>
    </div>
    <div id="legend"><span class="key" style="border-color:#c98a00;border-width:3px"></span>* pinned (outline)<span class="key" style="background:#f9c6bf;border-color:#d62c1a"></span>! invalidated by this pass's context (fill)<span class="key round" style="background:#2e8b3a"></span>+ appeared<span class="key round" style="background:#1f5fbf"></span>~ moved<span class="key dashed" style="border-color:#1f5fbf"></span>where it was, an arrow to where it is<span class="key dashed" style="border-color:#2e8b3a"></span>inserted from<span class="key dashed" style="border-color:#d62c1a;border-style:dotted"></span>deleted to</div>
    <div id="help">Keys: <kbd>&larr;</kbd> <kbd>&rarr;</kbd> step, <kbd>Home</kbd> <kbd>End</kbd>, <kbd>Space</kbd> play, <kbd>P</kbd> presentation mode (large type, one panel), <kbd>M</kbd> replay the motion, <kbd>C</kbd> minimap. The address follows the frame shown: add <code>#frame=N</code> to open frame N.</div>
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
    var KINDS = ["moved", "inserted", "deleted"];

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
    function transforms(f) {
      var t = {};
      if (f.tf) for (var k = 0; k < f.tf.length; k++) t[f.tf[k][0]] = f.tf[k].slice(1);
      return t;
    }
    // An element's shape as UIKit draws it (see ElementShape): its transform about
    // its centre; flat ones as an SVG matrix, the others by projecting the corners.
    function shape(x, y, w, h, t) {
      var s = {x: x, y: y, w: w, h: h, matrix: null, pts: null, box: [x, y, x + w, y + h], cx: x + w / 2, cy: y + h / 2};
      if (!t) return s;
      var m11 = t[0], m12 = t[1], m14 = t[2], m21 = t[3], m22 = t[4], m24 = t[5], m41 = t[6], m42 = t[7], m44 = t[8];
      var cx = s.cx, cy = s.cy, uv = [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]], pts = [];
      for (var k = 0; k < 4; k++) {
        var u = uv[k][0], v = uv[k][1], W = m14 * u + m24 * v + m44;
        if (!(W > 0) || !isFinite(W)) return s;
        pts.push([cx + (m11 * u + m21 * v + m41) / W, cy + (m12 * u + m22 * v + m42) / W]);
      }
      var xs = pts.map(function (p) { return p[0]; }), ys = pts.map(function (p) { return p[1]; });
      s.box = [Math.min.apply(null, xs), Math.min.apply(null, ys), Math.max.apply(null, xs), Math.max.apply(null, ys)];
      s.cx = cx + m41 / m44; s.cy = cy + m42 / m44;
      if (m14 === 0 && m24 === 0) {
        var a = m11 / m44, b = m12 / m44, c = m21 / m44, d = m22 / m44;
        s.matrix = [a, b, c, d, cx + m41 / m44 - a * cx - c * cy, cy + m42 / m44 - b * cx - d * cy];
      } else s.pts = pts;
      return s;
    }
    function drawShape(s, attrs, parent) {
      if (s.pts) {
        attrs.points = s.pts.map(function (p) { return num(p[0]) + "," + num(p[1]); }).join(" ");
        return el("polygon", attrs, parent);
      }
      attrs.x = num(s.x); attrs.y = num(s.y); attrs.width = num(s.w); attrs.height = num(s.h);
      if (s.matrix) attrs.transform = "matrix(" + s.matrix.map(num).join(",") + ")";
      return el("rect", attrs, parent);
    }
    function defs(svg) {
      var d = el("defs", {}, svg);
      for (var k = 0; k < KINDS.length; k++) {
        var m = el("marker", {id: "arrow-" + KINDS[k], "class": "arrowhead " + KINDS[k], viewBox: "0 0 8 8", refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto"}, d);
        el("path", {d: "M0,0L8,4L0,8z"}, m);
      }
    }
    function arrow(x1, y1, x2, y2, kind, parent) {
      if ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1) < 1) return null;
      return el("line", {"class": "arrow " + kind, x1: num(x1), y1: num(y1), x2: num(x2), y2: num(y2), "marker-end": "url(#arrow-" + kind + ")"}, parent);
    }
    // Elements in z order (shape and badges), then the motion (ghosts and arrows),
    // then every label above them all, where the SVG puts it (f.L) or centred.
    function drawElements(svg, f, ox, oy) {
      var order = drawn(f), tf = transforms(f), shapes = {};
      for (var j = 0; j < order.length; j++) {
        var i = order[j], e = f.e[i];
        var g = el("g", {"class": cls(e), "data-key": nameOf(e), "data-index": i}, svg);
        if (e[9] < 1) g.setAttribute("opacity", e[9]);
        var s = shape(e[4] - ox, e[5] - oy, Math.max(e[6], 0), Math.max(e[7], 0), tf[i]);
        shapes[i] = s;
        drawShape(s, {}, g);
        var badges = [];
        if (e[10] & 8) badges.push(["appeared", "+"]);
        if (e[10] & 16) badges.push(["moved", "~"]);
        // In the corner of the part the viewport shows.
        var vb = [Math.max(s.box[0], 0), Math.max(s.box[1], 0), Math.min(s.box[2], f.b[2]), Math.min(s.box[3], f.b[3])];
        if (vb[2] - vb[0] >= 16 && vb[3] - vb[1] >= 16) {
          for (var b = 0; b < badges.length; b++) {
            var bx = vb[2] - 7 - b * 13, by = vb[1] + 7;
            var bg = el("g", {"class": "badge " + badges[b][0]}, g);
            el("circle", {cx: num(bx), cy: num(by), r: 5.5}, bg);
            el("text", {x: num(bx), y: num(by + 3), "font-size": 9}, bg).textContent = badges[b][1];
          }
        }
      }
      var motion = el("g", {"class": "motions"}, svg);
      if (f.mv) for (var k = 0; k < f.mv.length; k++) {
        var m = f.mv[k], kind = KINDS[m[0]];
        var mg = el("g", {"class": "motion " + kind, "data-key": m[2]}, motion);
        var from = shape(m[3], m[4], m[5], m[6], m[13] || null), to = shape(m[8], m[9], m[10], m[11], m[14] || null);
        drawShape(from, {"class": "ghost " + kind}, mg);
        if (m[0] === 2) drawShape(to, {"class": "ghost final"}, mg);
        arrow(from.cx, from.cy, to.cx, to.cy, kind, mg);
        if (m[15]) {
          var nb = m[0] === 2 ? to.box : from.box;
          el("text", {"class": "note", x: num(nb[0] + 2), y: num(nb[3] - 3), "font-size": 8}, mg).textContent = m[15];
        }
      }
      var placed = {};
      if (f.L) for (var q = 0; q < f.L.length; q++) placed[f.L[q][0]] = f.L[q];
      var labels = el("g", {"class": "labels"}, svg);
      for (var p = 0; p < order.length; p++) {
        var ei = order[p], en = f.e[ei], sb = shapes[ei].box;
        var label = labelOf(en) + (en[10] & 2 ? "*" : "") + marksOf(en);
        var x, y, size, L = placed[ei];
        if (L) {
          x = L[1]; y = L[2]; size = L[3];
          if (L.length > 4) el("line", {"class": "leader", x1: num(L[4]), y1: num(L[5]), x2: num(L[6]), y2: num(L[7])}, labels);
        } else {
          var left = Math.max(sb[0], 0), right = Math.min(sb[2], f.b[2]);
          var top = Math.max(sb[1], 0), bottom = Math.min(sb[3], f.b[3]);
          size = Math.min(12, bottom - top - 2, (right - left - 4) / (label.length * 0.6));
          if (!(size >= 5)) continue;
          x = (left + right) / 2; y = (top + bottom) / 2;
        }
        el("text", {"class": "label", x: num(x), y: num(y + size * 0.35), "font-size": num(size), "data-key": nameOf(en)}, labels).textContent = label;
      }
      return shapes;
    }
    // The motion, animated: each moved or inserted element slides (and scales and
    // fades) from where it was, or from its initial attributes, to where it is; a
    // deleted one from where it was to its final attributes. CSS transitions.
    // A scroll (a fling's steps, a scroll by ... steps=N) slides what stayed
    // visible from where it was seen in the frame before to where it is.
    function animate(f, shapes, prev) {
      if (!f.mv && !(f.pb && prev) || (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches)) return;
      var svg = $("viewport-view"), moving = [], handled = {};
      var duration = timer ? "0.12s" : "0.6s";
      function follow(node, t) {
        // The element's label moves with it.
        var label = svg.querySelector('.labels text[data-key="' + node.getAttribute("data-key") + '"]');
        if (label) { label.style.transition = "none"; label.style.transform = t; moving.push([label, {t: "none", o: ""}, false]); }
      }
      if (f.mv) for (var k = 0; k < f.mv.length; k++) {
        var m = f.mv[k], from = shape(m[3], m[4], m[5], m[6], m[13] || null), to = shape(m[8], m[9], m[10], m[11], m[14] || null);
        var node, start, end, origin;
        if (m[0] === 2) {
          node = el("g", {"class": "el leaving cell"}, svg);
          drawShape(from, {}, node);
          origin = from;
          start = {t: "none", o: m[7]};
          end = {t: "translate(" + num(to.cx - from.cx) + "px," + num(to.cy - from.cy) + "px) scale(" + num(m[10] / Math.max(m[5], 1e-6)) + "," + num(m[11] / Math.max(m[6], 1e-6)) + ")", o: m[12]};
        } else {
          node = svg.querySelector("g.el[data-index=\\"" + m[1] + "\\"]");
          if (!node) continue;
          origin = to;
          start = {t: "translate(" + num(from.cx - to.cx) + "px," + num(from.cy - to.cy) + "px) scale(" + num(m[5] / Math.max(m[10], 1e-6)) + "," + num(m[6] / Math.max(m[11], 1e-6)) + ")", o: m[7]};
          end = {t: "none", o: m[12]};
        }
        node.style.transformOrigin = num(origin.cx) + "px " + num(origin.cy) + "px";
        node.style.transition = "none";
        node.style.transform = start.t;
        node.style.opacity = start.o;
        moving.push([node, end, m[0] === 2]);
        if (m[0] !== 2) {
          handled[m[1]] = true;
          follow(node, "translate(" + num(from.cx - to.cx) + "px," + num(from.cy - to.cy) + "px)");
        }
      }
      if (f.pb && prev) {
        var before = {};
        for (var p = 0; p < prev.e.length; p++) before[nameOf(prev.e[p])] = prev.e[p];
        svg.querySelectorAll("g.el[data-index]").forEach(function (node) {
          var i = +node.getAttribute("data-index"), e = f.e[i], was = before[nameOf(e)];
          if (handled[i] || !was) return;
          var dx = (was[4] - prev.b[0]) - (e[4] - f.b[0]), dy = (was[5] - prev.b[1]) - (e[5] - f.b[1]);
          if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
          var t = "translate(" + num(dx) + "px," + num(dy) + "px)";
          node.style.transition = "none";
          node.style.transform = t;
          moving.push([node, {t: "none", o: ""}, false]);
          follow(node, t);
        });
      }
      if (!moving.length) return;
      svg.getBoundingClientRect();
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          for (var i = 0; i < moving.length; i++) {
            var n = moving[i][0];
            n.style.transition = "transform " + duration + " ease-in-out, opacity " + duration + " ease-in-out";
            n.style.transform = moving[i][1].t;
            n.style.opacity = moving[i][1].o;
            if (moving[i][2]) setTimeout((function (x) { return function () { if (x.parentNode) x.parentNode.removeChild(x); }; })(n), 700);
          }
        });
      });
    }
    function fit(w, h, box) { var s = Math.min(box / Math.max(w, 1), box / Math.max(h, 1)); return [Math.max(1, Math.round(w * s)), Math.max(1, Math.round(h * s))]; }
    function drawViewport(f) {
      var svg = $("viewport-view"), b = f.b;
      svg.textContent = "";
      var size = fit(b[2], b[3], viewSize);
      svg.setAttribute("width", size[0]); svg.setAttribute("height", size[1]);
      svg.setAttribute("viewBox", "0 0 " + num(b[2]) + " " + num(b[3]));
      defs(svg);
      el("rect", {"class": "viewport", width: num(b[2]), height: num(b[3])}, svg);
      var shapes = drawElements(svg, f, b[0], b[1]);
      // Each orthogonal row's own indicator, placed by the exporter.
      if (f.r) for (var k = 0; k < f.r.length; k++) {
        var r = f.r[k], g = el("g", {"class": "row", "data-section": r[0]}, svg);
        el("rect", {"class": "track", x: num(r[3]), y: num(r[4]), width: num(r[5]), height: num(r[6]), rx: 3}, g);
        el("rect", {"class": "thumb", x: num(r[7]), y: num(r[8]), width: num(r[9]), height: num(r[10]), rx: 3}, g);
      }
      return shapes;
    }
    // The elements the session saw around frame i: visible in it, or in the frames
    // before and after it up to one that redid every element (a batch update, a
    // reload), nearest first. The minimap draws them faintly.
    function seenAround(i) {
      var seen = {}, list = [];
      function add(f) {
        for (var k = 0; k < f.e.length; k++) {
          var e = f.e[k];
          if (e[10] & 1 || e[9] <= 0) continue;
          var key = e[0] + "/" + e[1] + "/" + e[2] + "/" + e[3];
          if (seen[key]) continue;
          seen[key] = true;
          list.push(e);
        }
      }
      add(frames[i]);
      for (var j = i - 1; j >= 0 && i - j <= 400; j--) { if (frames[j + 1].m && frames[j + 1].m[1]) break; add(frames[j]); }
      for (var n = i + 1; n < frames.length && n - i <= 400; n++) { if (frames[n].m && frames[n].m[1]) break; add(frames[n]); }
      return list;
    }
    // The minimap: the content at a scale where the viewport stays large (at least
    // a third of the map along the scrolling axis, the content's width across),
    // following the viewport when the content is longer than the map.
    function drawContent(f) {
      var svg = $("content-view"), b = f.b, c = f.c;
      svg.textContent = "";
      if (svg.hasAttribute("hidden")) return;
      // The content from its origin, stretched to hold the viewport when it lies outside (bouncing).
      var x0 = Math.min(0, b[0]), y0 = Math.min(0, b[1]);
      var x1 = Math.max(c[0], b[0] + b[2]), y1 = Math.max(c[1], b[1] + b[3]);
      var W = x1 - x0, H = y1 - y0, vertical = H / Math.max(b[3], 1) >= W / Math.max(b[2], 1);
      var main = viewSize, cross = Math.round(viewSize * 0.4);
      var mainC = vertical ? H : W, crossC = vertical ? W : H, mainV = vertical ? b[3] : b[2];
      var s = Math.min(cross / Math.max(crossC, 1), Math.max(main / Math.max(mainC, 1), main / (3 * Math.max(mainV, 1))));
      var span = Math.min(mainC, main / s);
      var start = vertical ? y0 : x0, vmid = vertical ? b[1] + b[3] / 2 : b[0] + b[2] / 2;
      if (mainC > span) start = Math.min(Math.max(vmid - span / 2, start), start + mainC - span);
      var vx = vertical ? x0 : start, vy = vertical ? start : y0, vw = vertical ? W : span, vh = vertical ? span : H;
      svg.setAttribute("width", Math.max(1, Math.round(vw * s))); svg.setAttribute("height", Math.max(1, Math.round(vh * s)));
      svg.setAttribute("viewBox", num(vx) + " " + num(vy) + " " + num(vw) + " " + num(vh));
      svg.setAttribute("data-scale", num(s));
      el("rect", {"class": "content", x: 0, y: 0, width: num(c[0]), height: num(c[1]), "vector-effect": "non-scaling-stroke"}, svg);
      var seen = seenAround(current);
      for (var k = 0; k < seen.length; k++) {
        var e = seen[k];
        el("rect", {"class": "seen", x: num(e[4]), y: num(e[5]), width: num(Math.max(e[6], 0)), height: num(Math.max(e[7], 0)), "vector-effect": "non-scaling-stroke"}, svg);
      }
      var order = drawn(f), tf = transforms(f);
      for (var j = 0; j < order.length; j++) {
        var en = f.e[order[j]];
        var g = el("g", {"class": cls(en)}, svg);
        if (en[9] < 1) g.setAttribute("opacity", en[9]);
        drawShape(shape(en[4], en[5], Math.max(en[6], 0), Math.max(en[7], 0), tf[order[j]]), {"vector-effect": "non-scaling-stroke"}, g);
      }
      if (f.pb) {
        el("rect", {"class": "before", x: num(f.pb[0]), y: num(f.pb[1]), width: num(f.pb[2]), height: num(f.pb[3]), "vector-effect": "non-scaling-stroke"}, svg);
        var a = arrow(f.pb[0] + f.pb[2] / 2, f.pb[1] + f.pb[3] / 2, b[0] + b[2] / 2, b[1] + b[3] / 2, "moved", svg);
        if (a) a.setAttribute("vector-effect", "non-scaling-stroke");
      }
      el("rect", {id: "viewport-outline", x: num(b[0]), y: num(b[1]), width: num(b[2]), height: num(b[3]), "vector-effect": "non-scaling-stroke"}, svg);
    }
    function motionLines(f) {
      var lines = [];
      if (f.mv) for (var k = 0; k < f.mv.length; k++) {
        var m = f.mv[k], from = [m[3], m[4], m[5], m[6]].map(num).join(","), to = [m[8], m[9], m[10], m[11]].map(num).join(",");
        if (m[0] === 0) lines.push("moved " + m[2] + ": " + from + " -> " + to);
        else if (m[0] === 1) lines.push("inserted " + m[2] + ": from " + from + (m[15] ? " " + m[15] : "") + " -> " + to);
        else lines.push("deleted " + m[2] + ": " + from + " -> " + to + (m[15] ? " " + m[15] : ""));
      }
      if (f.pb) lines.push("scrolled: " + num(f.pb[0]) + "," + num(f.pb[1]) + " -> " + num(f.b[0]) + "," + num(f.b[1]));
      if (f.r) lines.push("rows: " + f.r.map(function (r) { return "section " + r[0] + " at " + num(r[1]) + " of 0..." + num(r[2]); }).join("  "));
      return lines;
    }
    function show(i, animated) {
      var previous = current;
      current = Math.max(0, Math.min(frames.length - 1, i));
      var f = frames[current];
      if (!f) return;
      var shapes = drawViewport(f);
      drawContent(f);
      if (animated) animate(f, shapes, previous === current - 1 ? frames[previous] : null);
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
      $("diff").textContent = lines.concat(motionLines(f)).join("\\n");
      $("slider").value = current;
      $("position").textContent = "frame " + (current + 1) + " / " + frames.length;
      $("operations").value = String(f.o);
      document.body.setAttribute("data-frame", current);
      var hash = "#frame=" + (current + 1);
      if (location.hash !== hash) { try { history.replaceState(null, "", hash); } catch (err) { /* a page without history */ } }
    }
    function step(d) { pause(); show(current + d, Math.abs(d) === 1); }
    function play() {
      if (timer || frames.length < 2) return;
      if (current >= frames.length - 1) show(0);
      $("play").textContent = "pause";
      timer = setInterval(function () { if (current >= frames.length - 1) pause(); else show(current + 1, true); }, 125);
    }
    function pause() { if (timer) { clearInterval(timer); timer = null; } $("play").textContent = "play"; }
    function frameInAddress() {
      var match = /frame=(\\d+)/.exec(location.hash);
      return match ? Math.max(0, Math.min(frames.length - 1, parseInt(match[1], 10) - 1)) : null;
    }
    function resize() {
      viewSize = document.body.classList.contains("present") ? Math.max(560, window.innerHeight - 170) : 560;
    }
    function present() {
      document.body.classList.toggle("present");
      resize();
      show(current);
    }
    function tooltip(evt) {
      var g = evt.target.closest ? evt.target.closest("g.el") : null;
      var tip = $("tooltip");
      if (!g || !g.hasAttribute("data-index")) { tip.hidden = true; return; }
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
    select.addEventListener("change", function () { pause(); for (var i = 0; i < frames.length; i++) if (frames[i].o === +select.value) { show(i, true); return; } });
    $("slider").max = Math.max(0, frames.length - 1);
    $("slider").addEventListener("input", function () { pause(); show(+this.value); });
    $("first").addEventListener("click", function () { step(-frames.length); });
    $("prev").addEventListener("click", function () { step(-1); });
    $("next").addEventListener("click", function () { step(1); });
    $("last").addEventListener("click", function () { step(frames.length); });
    $("play").addEventListener("click", function () { if (timer) pause(); else play(); });
    $("present").addEventListener("click", present);
    function toggleMinimap() { if ($("show-content").checked) $("content-view").removeAttribute("hidden"); else $("content-view").setAttribute("hidden", ""); show(current); }
    $("show-content").addEventListener("change", toggleMinimap);
    document.addEventListener("keydown", function (evt) {
      if (evt.target && (evt.target.tagName === "SELECT" || evt.target.tagName === "INPUT" && evt.target.type !== "checkbox")) return;
      if (evt.ctrlKey || evt.metaKey || evt.altKey) return;
      if (evt.key === "ArrowRight") { step(1); evt.preventDefault(); }
      else if (evt.key === "ArrowLeft") { step(-1); evt.preventDefault(); }
      else if (evt.key === "Home") { step(-frames.length); evt.preventDefault(); }
      else if (evt.key === "End") { step(frames.length); evt.preventDefault(); }
      else if (evt.key === " ") { if (timer) pause(); else play(); evt.preventDefault(); }
      else if (evt.key === "p" || evt.key === "P") { present(); evt.preventDefault(); }
      else if (evt.key === "m" || evt.key === "M") { pause(); show(current, true); evt.preventDefault(); }
      else if (evt.key === "c" || evt.key === "C") { $("show-content").checked = !$("show-content").checked; toggleMinimap(); evt.preventDefault(); }
    });
    window.addEventListener("hashchange", function () { var n = frameInAddress(); if (n !== null && n !== current) { pause(); show(n, true); } });
    window.addEventListener("resize", function () { if (document.body.classList.contains("present")) { resize(); show(current); } });
    document.addEventListener("mousemove", tooltip);
    if (frames.length) { var start = frameInAddress(); show(start === null ? 0 : start, start !== null); }
    else $("operation").textContent = "no frames: no operation has changed the session yet";
    })();
    </script>
    </body>
    </html>

    """
}
