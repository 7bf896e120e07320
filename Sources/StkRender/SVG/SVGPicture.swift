import Foundation
import LayoutKit

/// `export svg`: the viewport as an SVG picture, at one point per pixel.
///
///     offset=0,130 bounds=390x360 content=390x3080 elements=19     <- caption
///     ┌──────────────────────────────┐ ▐  <- the viewport, clipped; a scroll
///     │ elements, in z order         │ ▐     indicator for each axis the
///     └──────────────────────────────┘       content is longer on
///     marks: ! invalidated 4 (bounds change)  ~ moved 1             <- legend
///
/// Elements are drawn as `render` draws them (ascending zIndex, ties by key,
/// hidden ones left out and counted): a rectangle with the element's label,
/// cells grey, headers and footers (supplementary views) blue, decoration
/// views purple; pinned elements have a heavy amber outline and `*`; `alpha`
/// becomes the element's opacity; the last operation's marks (see
/// `CycleMarks`) colour the outline, invalidated red, appeared green, moved
/// blue, and follow the label as in `render` (`H0*!~`).
///
/// The bytes depend on the input only: numbers are rounded to 1/100 of a
/// point and printed in their shortest form, elements in a fixed order, no
/// date, no random id. The picture uses no external resource.
public enum SVGPicture {
    static let margin = 8.0
    static let captionHeight = 22.0
    static let indicatorGap = 4.0
    static let indicatorThickness = 6.0
    static let legendLineHeight = 16.0

    public static func render(elements: [PictureElement], bounds: CGRect, contentSize: CGSize,
                              marks: CycleMarks = CycleMarks(), title: String? = nil) -> String {
        let width = max(Double(bounds.width), 1), height = max(Double(bounds.height), 1)
        let hidden = elements.filter { $0.isHidden || $0.alpha <= 0 }.count
        var caption = "offset=\(bounds.origin.stk) bounds=\(bounds.size.stk) content=\(contentSize.stk) elements=\(elements.count)"
        if hidden > 0 { caption += " hidden=\(hidden)" }
        let legend = ViewportRenderer.legendLines(marks, width: max(40, Int(width / 7)))
        let scrollsAcross = Double(contentSize.width) > width
        let top = margin + captionHeight
        // Monospace text at 12 px is about 7.23 px a character: the picture is
        // wide enough for its caption and legend.
        let textWidth = Double(([caption] + legend).map(\.count).max() ?? 0) * 7.23
        let totalWidth = (margin + max(width + indicatorGap + indicatorThickness, textWidth) + margin).rounded(.up)
        let indicatorBand = scrollsAcross ? indicatorGap + indicatorThickness : 0
        let totalHeight = top + height + indicatorBand + Double(legend.count) * legendLineHeight + margin + (legend.isEmpty ? 0 : 4)

        var out = ""
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\""
        out += " viewBox=\"0 0 \(n(totalWidth)) \(n(totalHeight))\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n"
        out += "<title>\(escape(title ?? caption))</title>\n"
        out += "<style>\n\(style)</style>\n"
        out += "<rect class=\"page\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\"/>\n"
        out += "<text class=\"caption\" x=\"\(n(margin))\" y=\"\(n(margin + 13))\">\(escape(caption))</text>\n"
        out += "<clipPath id=\"viewport\"><rect width=\"\(n(width))\" height=\"\(n(height))\"/></clipPath>\n"
        out += "<g transform=\"translate(\(n(margin)),\(n(top)))\">\n"
        out += "<rect class=\"viewport\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
        out += "<g clip-path=\"url(#viewport)\">\n"
        for element in elements.filter(\.isDrawn).sorted(by: PictureElement.drawingOrder) {
            out += self.element(element, marks: marks.marks(of: element.key), origin: bounds.origin, viewport: CGSize(width: width, height: height))
        }
        out += "</g>\n"
        out += "<rect class=\"frame\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
        out += indicators(bounds: bounds, contentSize: contentSize, width: width, height: height, across: scrollsAcross)
        out += "</g>\n"
        var y = top + height + indicatorBand + 4
        for line in legend {
            y += legendLineHeight
            out += "<text class=\"legend\" xml:space=\"preserve\" x=\"\(n(margin))\" y=\"\(n(y - 4))\">\(escape(line))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// One element: a group with its classes, opacity, rectangle and label.
    static func element(_ e: PictureElement, marks: [CycleMarks.Mark], origin: CGPoint, viewport: CGSize) -> String {
        var classes = [category(e.key.category)]
        if e.isPinned { classes.append("pinned") }
        classes += marks.map(\.name)
        let x = Double(e.frame.minX - origin.x), y = Double(e.frame.minY - origin.y)
        let w = Double(e.frame.width), h = Double(e.frame.height)
        var out = "<g class=\"\(classes.joined(separator: " "))\""
        if e.alpha < 1 { out += " opacity=\"\(n(Double(e.alpha)))\"" }
        out += "><title>\(escape(e.attributesText))</title>"
        // Inset by half the outline so that abutting elements keep both edges.
        out += "<rect x=\"\(n(x + 0.5))\" y=\"\(n(y + 0.5))\" width=\"\(n(max(w - 1, 0)))\" height=\"\(n(max(h - 1, 0)))\"/>"
        let label = ElementLabel.text(for: e.key) + (e.isPinned ? "*" : "") + String(marks.map(\.rawValue))
        // Centred in the part of the element the viewport shows (as `render`
        // does). Monospace glyphs are about 0.6 em wide: the label shrinks to
        // fit, and is left out below 5 px.
        let left = max(x, 0), right = min(x + w, Double(viewport.width))
        let top = max(y, 0), bottom = min(y + h, Double(viewport.height))
        let size = min(12, bottom - top - 2, (right - left - 4) / (Double(label.count) * 0.6))
        if size >= 5 {
            out += "<text x=\"\(n((left + right) / 2))\" y=\"\(n((top + bottom) / 2 + size * 0.35))\" font-size=\"\(n(size))\">\(escape(label))</text>"
        }
        return out + "</g>\n"
    }

    /// A bar along the right edge (and the bottom when the content is wider
    /// than the viewport): the track is the viewport's length, the thumb its
    /// share of the content, placed at the offset's share.
    static func indicators(bounds: CGRect, contentSize: CGSize, width: Double, height: Double, across: Bool) -> String {
        func thumb(offset: Double, viewport: Double, content: Double) -> (start: Double, length: Double) {
            guard content > viewport, viewport > 0 else { return (0, viewport) }
            let length = max(8, viewport * viewport / content)
            let start = min(max(offset / content * viewport, 0), viewport - length)
            return (start, length)
        }
        var out = ""
        let x = width + indicatorGap
        let v = thumb(offset: Double(bounds.minY), viewport: height, content: Double(contentSize.height))
        out += "<rect class=\"track\" x=\"\(n(x))\" width=\"\(n(indicatorThickness))\" height=\"\(n(height))\" rx=\"3\"/>"
        out += "<rect class=\"thumb\" x=\"\(n(x))\" y=\"\(n(v.start))\" width=\"\(n(indicatorThickness))\" height=\"\(n(v.length))\" rx=\"3\"/>\n"
        if across {
            let y = height + indicatorGap
            let h = thumb(offset: Double(bounds.minX), viewport: width, content: Double(contentSize.width))
            out += "<rect class=\"track\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(indicatorThickness))\" rx=\"3\"/>"
            out += "<rect class=\"thumb\" x=\"\(n(h.start))\" y=\"\(n(y))\" width=\"\(n(h.length))\" height=\"\(n(indicatorThickness))\" rx=\"3\"/>\n"
        }
        return out
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
    g>rect{stroke-width:1}
    text{fill:#222;text-anchor:middle}
    .legend,.caption{text-anchor:start}
    .cell>rect{fill:#eef0f2;stroke:#6b7780}
    .supplementary>rect{fill:#dcecfb;stroke:#2f7fc8}
    .decoration>rect{fill:#f1e4f5;stroke:#8e44ad}
    .pinned>rect{fill:#fff3cd;stroke:#c98a00;stroke-width:3}
    .moved>rect{stroke:#1f5fbf;stroke-width:2}
    .appeared>rect{stroke:#2e8b3a;stroke-width:2}
    .invalidated>rect{fill:#fde0dd;stroke:#d62c1a;stroke-width:2.5}
    .pinned.invalidated>rect{stroke-width:3.5}

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
