import Foundation
import LayoutKit

/// `export svg`: the viewport as an SVG picture, at one point per pixel.
///
///     offset=0,130 bounds=390x360 content=390x3080 elements=19     <- caption
///     ┌──────────────────────────────┐ ▐  <- the viewport, clipped; a scroll
///     │ elements, in z order         │ ▐     indicator for each axis the
///     │ the motion (ghosts, arrows)  │ ┆     content is longer on (the thumb
///     │ every label, on top          │       before the operation dashed)
///     └──────────────────────────────┘
///     marks: ! invalidated 4 (bounds change)  ~ moved 1             <- legend
///     moved: H0 0,60 -> 0,110                                       <- motion
///     [amber] pinned  [red] invalidated  (~) moved  [- -] was        <- key
///
/// Elements are drawn as `render` draws them (ascending zIndex, ties by key,
/// hidden ones left out and counted), each with its transform about its
/// centre (see `ElementShape`): cells grey, headers and footers
/// (supplementary views) blue, decoration views purple; `alpha` becomes the
/// element's opacity. States show together: pinned is the outline (heavy
/// amber), invalidated the fill (red), appeared and moved a badge each;
/// the marks also follow the label as in `render` (`H0*!~`). Labels are
/// drawn above every element (see `LabelPlacement`). The motion of the last
/// operation (see `Motion`): a dashed ghost where an element was (or the
/// initial attributes it appears from), an arrow to where it is, and the
/// final attributes a deleted one disappears to.
///
/// The bytes depend on the input only: numbers are rounded to 1/100 of a
/// point (a transform's linear part to 1/10,000) and printed in their
/// shortest form, elements in a fixed order, no date, no random id. The
/// picture uses no external resource.
public enum SVGPicture {
    static let margin = 8.0
    static let captionHeight = 22.0
    static let indicatorGap = 4.0
    static let indicatorThickness = 6.0
    static let legendLineHeight = 16.0

    public static func render(elements: [PictureElement], bounds: CGRect, contentSize: CGSize,
                              marks: CycleMarks = CycleMarks(), rows: [OrthogonalRow] = [], title: String? = nil) -> String {
        let width = max(Double(bounds.width), 1), height = max(Double(bounds.height), 1)
        let hidden = elements.filter { $0.isHidden || $0.alpha <= 0 }.count
        var caption = "offset=\(bounds.origin.stk) bounds=\(bounds.size.stk) content=\(contentSize.stk) elements=\(elements.count)"
        if hidden > 0 { caption += " hidden=\(hidden)" }
        let drawn = elements.filter(\.isDrawn).sorted(by: PictureElement.drawingOrder)
        let motions = Motion.all(marks, elements: elements, bounds: bounds)
        let columns = max(40, Int(width / 7))
        var legend = ViewportRenderer.legendLines(marks, width: columns) + ViewportRenderer.motionLines(motions, width: max(columns, 80))
        if let before = marks.boundsBefore, before.origin != bounds.origin {
            legend.append("scrolled: \(before.origin.stk) -> \(bounds.origin.stk)")
        }
        legend += OrthogonalRow.legendLines(rows, width: max(columns, 80))
        let keys = self.keys(drawn: drawn, marks: marks, motions: motions)
        let scrollsAcross = Double(contentSize.width) > width
        let top = margin + captionHeight
        // Monospace text at 12 px is about 7.23 px a character: the picture is
        // wide enough for its caption and legend.
        let textWidth = Double(([caption] + legend).map(\.count).max() ?? 0) * 7.23
        let totalWidth = (margin + max(width + indicatorGap + indicatorThickness, textWidth, keysWidth(keys)) + margin).rounded(.up)
        let indicatorBand = scrollsAcross ? indicatorGap + indicatorThickness : 0
        let legendCount = legend.count + (keys.isEmpty ? 0 : 1)
        let totalHeight = top + height + indicatorBand + Double(legendCount) * legendLineHeight + margin + (legendCount == 0 ? 0 : 4)

        var out = ""
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\""
        out += " viewBox=\"0 0 \(n(totalWidth)) \(n(totalHeight))\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n"
        out += "<title>\(escape(title ?? caption))</title>\n"
        out += "<style>\n\(style)</style>\n"
        if !motions.isEmpty { out += arrowheads }
        out += "<rect class=\"page\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\"/>\n"
        out += "<text class=\"caption\" x=\"\(n(margin))\" y=\"\(n(margin + 13))\">\(escape(caption))</text>\n"
        out += "<clipPath id=\"viewport\"><rect width=\"\(n(width))\" height=\"\(n(height))\"/></clipPath>\n"
        out += "<g transform=\"translate(\(n(margin)),\(n(top)))\">\n"
        out += "<rect class=\"viewport\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
        out += "<g clip-path=\"url(#viewport)\">\n"
        var labelItems: [(text: String, box: CGRect)] = []
        for element in drawn {
            let shape = ElementShape(element, origin: bounds.origin)
            let elementMarks = marks.marks(of: element.key)
            out += self.element(element, shape: shape, marks: elementMarks, viewport: CGSize(width: width, height: height))
            labelItems.append((ElementLabel.text(for: element.key) + (element.isPinned ? "*" : "") + String(elementMarks.map(\.rawValue)), shape.box))
        }
        for motion in motions { out += self.motion(motion) }
        for row in rows { out += rowIndicator(row, origin: bounds.origin) }
        out += labels(labelItems, viewport: CGSize(width: width, height: height))
        out += "</g>\n"
        out += "<rect class=\"frame\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
        out += indicators(bounds: bounds, before: marks.boundsBefore, contentSize: contentSize, width: width, height: height, across: scrollsAcross)
        out += "</g>\n"
        var y = top + height + indicatorBand + 4
        for line in legend {
            y += legendLineHeight
            out += "<text class=\"legend\" xml:space=\"preserve\" x=\"\(n(margin))\" y=\"\(n(y - 4))\">\(escape(line))</text>\n"
        }
        if !keys.isEmpty {
            y += legendLineHeight
            out += keyLine(keys, y: y - 4)
        }
        out += "</svg>\n"
        return out
    }

    /// One element: a group with its classes, opacity, shape and badges (its
    /// label is drawn above every element, see `labels`).
    ///
    /// States show together: pinned is the outline (heavy amber),
    /// invalidated the fill (red), appeared and moved a badge each in the top
    /// right corner (green `+`, blue `~`).
    static func element(_ e: PictureElement, shape: ElementShape, marks: [CycleMarks.Mark], viewport: CGSize) -> String {
        var classes = [category(e.key.category)]
        if e.isPinned { classes.append("pinned") }
        classes += marks.map(\.name)
        var out = "<g class=\"\(classes.joined(separator: " "))\""
        if e.alpha < 1 { out += " opacity=\"\(n(Double(e.alpha)))\"" }
        out += "><title>\(escape(e.attributesText))</title>"
        // Inset by half the outline so that abutting elements keep both edges.
        out += shape.svg(inset: 0.5)
        let badges = marks.filter { $0 != .invalidated }
        // In the corner of the part the viewport shows.
        let box = shape.box.intersection(CGRect(origin: .zero, size: viewport))
        if !badges.isEmpty, !box.isNull, box.width >= 16, box.height >= 16 {
            for (i, mark) in badges.enumerated() {
                let cx = Double(box.maxX) - 7 - Double(i) * 13, cy = Double(box.minY) + 7
                out += "<g class=\"badge \(mark.name)\"><circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"5.5\"/>"
                out += "<text x=\"\(n(cx))\" y=\"\(n(cy + 3))\" font-size=\"9\">\(mark.rawValue)</text></g>"
            }
        }
        return out + "</g>\n"
    }

    /// The labels, above every element (see `LabelPlacement`): a label put
    /// outside its element is joined to it by a leader line.
    static func labels(_ items: [(text: String, box: CGRect)], viewport: CGSize) -> String {
        let placed = LabelPlacement.place(items, viewport: viewport)
        var out = ""
        for (item, label) in zip(items, placed) {
            guard let label else { continue }
            if let l = label.leader {
                out += "<line class=\"leader\" x1=\"\(n(l.x1))\" y1=\"\(n(l.y1))\" x2=\"\(n(l.x2))\" y2=\"\(n(l.y2))\"/>"
            }
            out += "<text class=\"label\" x=\"\(n(label.x))\" y=\"\(n(label.baseline))\" font-size=\"\(n(label.size))\">\(escape(item.text))</text>\n"
        }
        return out
    }

    /// One motion: a dashed ghost where the element was (or, inserted, at
    /// the initial attributes it appears from), an arrow from that centre to
    /// where it is, and for a deleted element the final attributes it
    /// disappears to, dotted; the animated fields the layout gave (`alpha=0`,
    /// a transform) beside the ghost.
    static func motion(_ m: Motion) -> String {
        let kind = m.kind.rawValue
        var name = m.key.description
        if let old = m.oldKey { name += " (was \(old))" }
        let from = m.fromShape, to = m.toShape
        var out = "<g class=\"motion \(kind)\"><title>\(escape("\(kind) \(name): \(m.from.frame.stk) -> \(m.to.frame.stk)"))</title>"
        out += from.svg(attributes: " class=\"ghost \(kind)\"")
        if m.kind == .deleted { out += to.svg(attributes: " class=\"ghost final\"") }
        let dx = Double(to.center.x - from.center.x), dy = Double(to.center.y - from.center.y)
        if dx * dx + dy * dy >= 1 {
            out += "<line class=\"arrow \(kind)\" x1=\"\(n(Double(from.center.x)))\" y1=\"\(n(Double(from.center.y)))\""
            out += " x2=\"\(n(Double(to.center.x)))\" y2=\"\(n(Double(to.center.y)))\" marker-end=\"url(#arrow-\(kind))\"/>"
        }
        let fields = Motion.animatedFields(m.kind == .deleted ? m.to : m.from)
        if !fields.isEmpty {
            let box = m.kind == .deleted ? to.box : from.box
            out += "<text class=\"note\" x=\"\(n(Double(box.minX) + 2))\" y=\"\(n(Double(box.maxY) - 3))\" font-size=\"8\">\(escape(fields))</text>"
        }
        return out + "</g>\n"
    }

    static let arrowheads = """
    <defs>\(["moved", "inserted", "deleted"].map { "<marker id=\"arrow-\($0)\" class=\"arrowhead \($0)\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0L8,4L0,8z\"/></marker>" }.joined())</defs>

    """

    /// The keys of the states a picture shows, for the line under the legend.
    enum Key: String, CaseIterable {
        case pinned, invalidated, appeared, moved, was = "was (before)", inserted = "inserted from", deleted = "deleted to"
    }

    static func keys(drawn: [PictureElement], marks: CycleMarks, motions: [Motion]) -> [Key] {
        var keys: [Key] = []
        if drawn.contains(where: \.isPinned) { keys.append(.pinned) }
        if drawn.contains(where: { marks.invalidated.contains($0.key) }) { keys.append(.invalidated) }
        if drawn.contains(where: { marks.appeared.contains($0.key) }) { keys.append(.appeared) }
        if drawn.contains(where: { marks.moved.contains($0.key) }) { keys.append(.moved) }
        if motions.contains(where: { $0.kind == .moved }) { keys.append(.was) }
        if motions.contains(where: { $0.kind == .inserted }) { keys.append(.inserted) }
        if motions.contains(where: { $0.kind == .deleted }) { keys.append(.deleted) }
        return keys
    }

    static func keysWidth(_ keys: [Key]) -> Double {
        keys.reduce(0) { $0 + 22 + Double($1.rawValue.count) * 7.23 + 12 }
    }

    /// `[amber outline] pinned  [red fill] invalidated  (+) appeared  (~) moved  [dashed] was (before) ...`
    static func keyLine(_ keys: [Key], y: Double) -> String {
        var out = "<g class=\"keys\">"
        var x = margin
        for key in keys {
            let swatch: String
            switch key {
            case .pinned: swatch = "<g class=\"cell pinned\"><rect x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"16\" height=\"12\"/></g>"
            case .invalidated: swatch = "<g class=\"cell invalidated\"><rect x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"16\" height=\"12\"/></g>"
            case .appeared, .moved:
                let mark: CycleMarks.Mark = key == .appeared ? .appeared : .moved
                swatch = "<g class=\"badge \(mark.name)\"><circle cx=\"\(n(x + 8))\" cy=\"\(n(y - 4))\" r=\"5.5\"/><text x=\"\(n(x + 8))\" y=\"\(n(y - 1))\" font-size=\"9\">\(mark.rawValue)</text></g>"
            case .was: swatch = "<rect class=\"ghost moved\" x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"16\" height=\"12\"/>"
            case .inserted: swatch = "<rect class=\"ghost inserted\" x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"16\" height=\"12\"/>"
            case .deleted: swatch = "<rect class=\"ghost final\" x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"16\" height=\"12\"/>"
            }
            out += swatch
            out += "<text class=\"legend\" x=\"\(n(x + 22))\" y=\"\(n(y))\">\(escape(key.rawValue))</text>"
            x += 22 + Double(key.rawValue.count) * 7.23 + 12
        }
        return out + "</g>\n"
    }

    /// A bar along the right edge (and the bottom when the content is wider
    /// than the viewport): the track is the viewport's length, the thumb its
    /// share of the content, placed at the offset's share.
    static func indicators(bounds: CGRect, before: CGRect? = nil, contentSize: CGSize, width: Double, height: Double, across: Bool) -> String {
        func thumb(offset: Double, viewport: Double, content: Double) -> (start: Double, length: Double) {
            guard content > viewport, viewport > 0 else { return (0, viewport) }
            let length = max(8, viewport * viewport / content)
            let start = min(max(offset / content * viewport, 0), viewport - length)
            return (start, length)
        }
        /// One bar: its track, its thumb, and where the thumb was before the
        /// operation scrolled along it (a dashed outline). `rect` draws a
        /// class's rect at a start and length along the bar (the track's start
        /// left out).
        func bar(offset: CGFloat, before: CGFloat?, viewport: Double, content: CGFloat,
                 rect: (_ cls: String, _ start: Double?, _ length: Double) -> String) -> String {
            var out = rect("track", nil, viewport)
            let now = thumb(offset: Double(offset), viewport: viewport, content: Double(content))
            out += rect("thumb", now.start, now.length) + "\n"
            if let before, before != offset {
                let then = thumb(offset: Double(before), viewport: viewport, content: Double(content))
                out += rect("thumb-before", then.start, then.length) + "\n"
            }
            return out
        }
        let x = width + indicatorGap
        var out = bar(offset: bounds.minY, before: before?.minY, viewport: height, content: contentSize.height) { cls, start, length in
            "<rect class=\"\(cls)\" x=\"\(n(x))\"" + (start.map { " y=\"\(n($0))\"" } ?? "")
                + " width=\"\(n(indicatorThickness))\" height=\"\(n(length))\" rx=\"3\"/>"
        }
        if across {
            let y = height + indicatorGap
            out += bar(offset: bounds.minX, before: before?.minX, viewport: width, content: contentSize.width) { cls, start, length in
                "<rect class=\"\(cls)\"" + (start.map { " x=\"\(n($0))\"" } ?? "")
                    + " y=\"\(n(y))\" width=\"\(n(length))\" height=\"\(n(indicatorThickness))\" rx=\"3\"/>"
            }
        }
        return out
    }

    /// An orthogonal row's own scroll indicator (see `OrthogonalRow.indicator`).
    static func rowIndicator(_ row: OrthogonalRow, origin: CGPoint) -> String {
        let indicator = row.indicator(origin: origin)
        func rect(_ cls: String, _ r: CGRect) -> String {
            "<rect class=\"\(cls)\" x=\"\(n(Double(r.minX)))\" y=\"\(n(Double(r.minY)))\" width=\"\(n(Double(r.width)))\" height=\"\(n(Double(r.height)))\" rx=\"3\"/>"
        }
        return "<g class=\"row\" data-section=\"\(row.state.section)\">" + rect("track", indicator.track) + rect("thumb", indicator.thumb) + "</g>\n"
    }

    static func category(_ c: ElementCategory) -> String {
        switch c {
        case .cell: return "cell"
        case .supplementaryView: return "supplementary"
        case .decorationView: return "decoration"
        }
    }

    /// Shared with the HTML page, which draws the same picture in the browser.
    public static let style = """
    .page{fill:#fff}
    .caption,.legend{font-size:12px;fill:#333}
    .viewport{fill:#fafafa}
    .frame{fill:none;stroke:#222;stroke-width:2}
    .track{fill:#e4e4e4}
    .thumb{fill:#888}
    .thumb-before{fill:none;stroke:#1f5fbf;stroke-width:1.5;stroke-dasharray:3 2}
    g>rect,g>polygon{stroke-width:1}
    text{fill:#222;text-anchor:middle}
    .legend,.caption,.note{text-anchor:start}
    .label{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
    .leader{stroke:#444;stroke-width:1}
    .cell>rect,.cell>polygon{fill:#eef0f2;stroke:#6b7780}
    .supplementary>rect,.supplementary>polygon{fill:#dcecfb;stroke:#2f7fc8}
    .decoration>rect,.decoration>polygon{fill:#f1e4f5;stroke:#8e44ad}
    .moved>rect,.moved>polygon{stroke:#1f5fbf;stroke-width:2}
    .appeared>rect,.appeared>polygon{stroke:#2e8b3a;stroke-width:2}
    .invalidated>rect,.invalidated>polygon{fill:#f9c6bf;stroke:#d62c1a;stroke-width:2.5}
    .pinned>rect,.pinned>polygon{stroke:#c98a00;stroke-width:3.5}
    .pinned:not(.invalidated)>rect,.pinned:not(.invalidated)>polygon{fill:#fff3cd}
    .badge circle{stroke:#fff;stroke-width:1}
    .badge text{fill:#fff;font-weight:bold}
    .badge.appeared circle{fill:#2e8b3a}
    .badge.moved circle{fill:#1f5fbf}
    .ghost{fill:none;stroke-width:1.5;stroke-dasharray:4 3}
    .ghost.moved{stroke:#1f5fbf}
    .ghost.inserted{stroke:#2e8b3a}
    .ghost.deleted{stroke:#d62c1a}
    .ghost.final{stroke:#d62c1a;stroke-dasharray:1 2}
    .arrow{stroke-width:1.5;fill:none}
    .arrow.moved,.arrowhead.moved{stroke:#1f5fbf;fill:#1f5fbf}
    .arrow.inserted,.arrowhead.inserted{stroke:#2e8b3a;fill:#2e8b3a}
    .arrow.deleted,.arrowhead.deleted{stroke:#d62c1a;fill:#d62c1a}
    .arrow{fill:none}
    .note{fill:#555}

    """

    /// A number rounded to 1/100, in its shortest form.
    static func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return (rounded == 0 ? 0 : rounded).stk
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
