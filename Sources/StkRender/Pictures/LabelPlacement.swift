import Foundation

/// Where pictures put element labels so that every label stays readable:
/// labels are drawn above every element (with a white halo), so stacking
/// cannot hide one, and each is placed where it does not lie on an element
/// drawn above its own, nor on another label.
///
/// From the top element down (the last drawn first), a label goes to the
/// first of these that is free: the centre of the element's visible part
/// (its drawn shape's box, clipped to the viewport) at the size that fits
/// (12 px at most, monospace glyphs 0.6 em wide; as `render` centres its
/// labels); the top, bottom, left and right edges of that part. When none is
/// (a card under the next card of a stack), the label goes outside the
/// element at 9 px, above, below, right or left of it, a little further each
/// round, joined to it by a leader line. A label with no room anywhere stays
/// at the centre; an element too small for a label at 5 px has none, and
/// beyond `crowd` elements every label stays at its centre.
public enum LabelPlacement {
    public struct Label: Equatable, Sendable {
        /// The centre of the text, and its size in px; the text's baseline
        /// is `y + size * 0.35`.
        public var x: Double
        public var y: Double
        public var size: Double
        /// From the element to the label, when it was put outside.
        public var leader: (x1: Double, y1: Double, x2: Double, y2: Double)?
        /// At the centre, at the size that fits: where pictures put it
        /// without having to say (the page draws these itself).
        public var isCentered: Bool

        public var baseline: Double { y + size * 0.35 }

        public static func == (a: Label, b: Label) -> Bool {
            a.x == b.x && a.y == b.y && a.size == b.size && a.isCentered == b.isCentered
                && a.leader?.x1 == b.leader?.x1 && a.leader?.y1 == b.leader?.y1
                && a.leader?.x2 == b.leader?.x2 && a.leader?.y2 == b.leader?.y2
        }
    }

    static let glyphWidth = 0.6
    static let outsideSize = 9.0
    /// Beyond this many elements (a grid of tiny cells), labels stay at their
    /// centres: placing them costs the square of the count.
    static let crowd = 1_000

    /// One label per item (nil: not shown, the element lies outside the
    /// viewport), for items in drawing order: each a label's text and the box
    /// of the shape drawn, in viewport coordinates.
    public static func place(_ items: [(text: String, box: CGRect)], viewport: CGSize) -> [Label?] {
        let view = CGRect(origin: .zero, size: viewport)
        var result = [Label?](repeating: nil, count: items.count)
        var taken: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        func take(_ r: CGRect) { taken.append((Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))) }
        var above: [CGRect] = []
        // Visible parts, computed once (a page places the labels of every frame).
        let visibleParts = items.map { $0.box.intersection(view) }
        for i in items.indices.reversed() {
            let text = items[i].text
            let visible = visibleParts[i]
            guard !visible.isNull, visible.width > 0, visible.height > 0 else { continue }
            let length = Double(max(text.utf16.count, 1)) // as the page counts (JavaScript string length)
            let v = (x0: Double(visible.minX), y0: Double(visible.minY), x1: Double(visible.maxX), y1: Double(visible.maxY))
            func rect(_ cx: Double, _ cy: Double, _ size: Double) -> CGRect {
                let w = length * glyphWidth * size + 2, h = size + 2
                return CGRect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
            }
            func free(_ r: CGRect) -> Bool {
                // Plain comparisons: a page places some 50,000 labels.
                let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
                for t in taken where t.x0 < x1 && x0 < t.x1 && t.y0 < y1 && y0 < t.y1 { return false }
                return true
            }
            let fit = min(12, v.y1 - v.y0 - 2, (v.x1 - v.x0 - 4) / (length * glyphWidth))
            let cx = (v.x0 + v.x1) / 2, cy = (v.y0 + v.y1) / 2
            // Too small for a label at 5 px: none (as `render` leaves it out).
            guard fit >= 5 else { continue }
            if items.count > crowd {
                result[i] = Label(x: cx, y: cy, size: fit, leader: nil, isCentered: true)
                continue
            }
            // The elements drawn above this one that overlap its visible part.
            above.removeAll(keepingCapacity: true)
            for j in (i + 1)..<items.count where !visibleParts[j].isNull && visibleParts[j].intersects(visible) {
                above.append(visibleParts[j])
            }
            do {
                let w = length * glyphWidth * fit, h = fit
                let candidates = [(cx, cy), (cx, v.y0 + h / 2 + 2), (cx, v.y1 - h / 2 - 2),
                                  (v.x0 + w / 2 + 3, cy), (v.x1 - w / 2 - 3, cy)]
                var placed = false
                for (n, (x, y)) in candidates.enumerated() {
                    let r = rect(x, y, fit)
                    guard visible.insetBy(dx: -1.5, dy: -1.5).contains(r), free(r), !above.contains(where: { $0.intersects(r) }) else { continue }
                    result[i] = Label(x: x, y: y, size: fit, leader: nil, isCentered: n == 0)
                    take(r)
                    placed = true
                    break
                }
                if placed { continue }
            }
            // Outside, with a leader line.
            let size = outsideSize
            let w = length * glyphWidth * size + 2, h = size + 2
            var found: Label?
            search: for round in 0..<4 {
                let d = Double(round) * (h + 2)
                let candidates = [(cx, v.y0 - h / 2 - 3 - d), (cx, v.y1 + h / 2 + 3 + d),
                                  (v.x1 + w / 2 + 3 + d, cy), (v.x0 - w / 2 - 3 - d, cy)]
                for (x, y) in candidates {
                    let r = rect(x, y, size)
                    guard view.contains(r), free(r) else { continue }
                    // From the nearest point of the element to the nearest of the label.
                    let ex = min(max(x, v.x0), v.x1), ey = min(max(y, v.y0), v.y1)
                    let lx = min(max(ex, Double(r.minX)), Double(r.maxX)), ly = min(max(ey, Double(r.minY)), Double(r.maxY))
                    found = Label(x: x, y: y, size: size, leader: (ex, ey, lx, ly), isCentered: false)
                    take(r)
                    break search
                }
            }
            if let found {
                result[i] = found
            } else {
                result[i] = Label(x: cx, y: cy, size: fit, leader: nil, isCentered: true)
                take(rect(cx, cy, fit))
            }
        }
        return result
    }
}
