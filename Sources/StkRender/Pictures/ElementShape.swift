import Foundation
import LayoutKit

/// An element's shape on screen, as UIKit draws it: its frame relative to the
/// viewport, and its transform applied about its centre (the layer's anchor
/// point, 0.5,0.5).
///
/// Core Animation draws a layer's points (z = 0) through its `transform3D`
/// as row vectors: `x' = (m11 u + m21 v + m41) / w`, `y' = (m12 u + m22 v + m42) / w`,
/// `w = m14 u + m24 v + m44`, for `u, v` relative to the centre. Its
/// superlayer adds no perspective (the default `sublayerTransform`, m34 = 0),
/// so a transform whose m14 and m24 are 0 is flat: an affine map, drawn as an
/// SVG `matrix(a,b,c,d,e,f)` about the viewport's origin. Otherwise (a
/// rotation about x or y with its own m34) the corners are projected one by
/// one and the shape is a quadrilateral. A corner behind the eye (w <= 0)
/// cannot be drawn: the element is drawn untransformed.
public struct ElementShape: Equatable, Sendable {
    /// The frame relative to the viewport, before the transform.
    public var rect: CGRect
    /// SVG's six numbers (a, b, c, d, e, f) when the transform is flat.
    public var matrix: [Double]?
    /// The four projected corners (top left, top right, bottom right,
    /// bottom left) when it is not.
    public var corners: [CGPoint]?
    /// The smallest rectangle holding the drawn shape.
    public var box: CGRect
    /// Where the centre is drawn.
    public var center: CGPoint

    public init(_ element: PictureElement, origin: CGPoint) {
        self.init(frame: element.frame, transform: element.transform, origin: origin)
    }

    public init(frame: CGRect, transform: CATransform3D?, origin: CGPoint) {
        let r = CGRect(x: frame.minX - origin.x, y: frame.minY - origin.y, width: frame.width, height: frame.height)
        rect = r
        box = r
        center = CGPoint(x: r.midX, y: r.midY)
        guard let t = transform else { return }
        let cx = Double(r.midX), cy = Double(r.midY)
        let m11 = Double(t.m11), m12 = Double(t.m12), m14 = Double(t.m14)
        let m21 = Double(t.m21), m22 = Double(t.m22), m24 = Double(t.m24)
        let m41 = Double(t.m41), m42 = Double(t.m42), m44 = Double(t.m44)
        let halfW = Double(r.width) / 2, halfH = Double(r.height) / 2
        let uv = [(-halfW, -halfH), (halfW, -halfH), (halfW, halfH), (-halfW, halfH)]
        var points: [CGPoint] = []
        for (u, v) in uv {
            let w = m14 * u + m24 * v + m44
            guard w > 0, w.isFinite else { return }
            points.append(CGPoint(x: cx + (m11 * u + m21 * v + m41) / w, y: cy + (m12 * u + m22 * v + m42) / w))
        }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let xs = points.map(\.x), ys = points.map(\.y)
        box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        center = CGPoint(x: cx + m41 / m44, y: cy + m42 / m44)
        if m14 == 0, m24 == 0 {
            let a = m11 / m44, b = m12 / m44, c = m21 / m44, d = m22 / m44
            matrix = [a, b, c, d, cx + m41 / m44 - a * cx - c * cy, cy + m42 / m44 - b * cx - d * cy]
        } else {
            corners = points
        }
    }

    /// Whether the shape is drawn other than as its frame.
    public var isTransformed: Bool { matrix != nil || corners != nil }

    /// The shape as SVG: a `rect` (with `transform="matrix(...)"` when flat)
    /// or a `polygon`, inset by `inset` on each side (half an outline), with
    /// `attributes` (` class="ghost"`) after the element's name.
    public func svg(inset: Double = 0, attributes: String = "") -> String {
        let n = SVGPicture.n
        if let corners {
            let points = corners.map { "\(n(Double($0.x))),\(n(Double($0.y)))" }.joined(separator: " ")
            return "<polygon\(attributes) points=\"\(points)\"/>"
        }
        var out = "<rect\(attributes) x=\"\(n(Double(rect.minX) + inset))\" y=\"\(n(Double(rect.minY) + inset))\""
        out += " width=\"\(n(max(Double(rect.width) - 2 * inset, 0)))\" height=\"\(n(max(Double(rect.height) - 2 * inset, 0)))\""
        if let matrix {
            // The linear part to 1/10,000 (a scale of 0.9865 is not 0.99), the translation to 1/100.
            let linear = matrix.prefix(4).map { value -> String in
                let rounded = (value * 10_000).rounded() / 10_000
                return (rounded == 0 ? 0 : rounded).stk
            }
            out += " transform=\"matrix(\((linear + matrix.suffix(2).map(n)).joined(separator: ",")))\""
        }
        return out + "/>"
    }
}

/// One element's motion in an operation, as UIKit animates it: a moved
/// element from where it was to where it is; an inserted one from the
/// initial attributes its layout gave to where it is; a deleted one from
/// where it was to the final attributes its layout gave.
public struct Motion: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case moved, inserted, deleted
    }

    public var kind: Kind
    /// The element now (for a deleted one: as it was, under the key it had).
    public var key: ElementKey
    /// The key it had before, when a batch update changed it.
    public var oldKey: ElementKey?
    /// Where the animation starts: where it was (moved, deleted), or its
    /// initial attributes (inserted).
    public var from: PictureElement
    public var fromShape: ElementShape
    /// Where it ends: where it is (moved, inserted), or its final attributes (deleted).
    public var to: PictureElement
    public var toShape: ElementShape

    /// The motions of `marks` over the elements now visible, in key order;
    /// moves that the eye cannot see (the same place on screen, as a pinned
    /// header while scrolling) are left out.
    public static func all(_ marks: CycleMarks, elements: [PictureElement], bounds: CGRect) -> [Motion] {
        guard marks.hasMotion else { return [] }
        let now = Dictionary(elements.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let before = (marks.boundsBefore ?? bounds).origin
        var out: [Motion] = []
        for key in marks.before.keys.sorted() {
            guard let was = marks.before[key], let element = now[key] else { continue }
            let from = ElementShape(was, origin: before), to = ElementShape(element, origin: bounds.origin)
            if from == to { continue }
            out.append(Motion(kind: .moved, key: key, oldKey: was.key == key ? nil : was.key,
                              from: was, fromShape: from, to: element, toShape: to))
        }
        for key in marks.initial.keys.sorted() {
            guard let initial = marks.initial[key], let element = now[key] else { continue }
            out.append(Motion(kind: .inserted, key: key, oldKey: nil, from: initial,
                              fromShape: ElementShape(initial, origin: bounds.origin), to: element,
                              toShape: ElementShape(element, origin: bounds.origin)))
        }
        for key in marks.final.keys.sorted() {
            guard let was = marks.gone[key], let final = marks.final[key] else { continue }
            out.append(Motion(kind: .deleted, key: key, oldKey: nil, from: was, fromShape: ElementShape(was, origin: before),
                              to: final, toShape: ElementShape(final, origin: bounds.origin)))
        }
        return out
    }

    /// The attributes UIKit animates, as `attr` prints them, left out when
    /// they are the defaults: `alpha=0 transform=...`.
    static func animatedFields(_ e: PictureElement) -> String {
        var parts: [String] = []
        if e.alpha != 1 { parts.append("alpha=\(e.alpha.stk)") }
        if e.isHidden { parts.append("hidden") }
        if let t = e.transform { parts.append(t.stk) }
        return parts.joined(separator: " ")
    }

    /// One line of `render`'s legend: `0:3 (was 0:0) 0,44 -> 204,44`,
    /// `0:1 from 68,44,50,50 alpha=0`, `0:5 to 340,44,50,50 alpha=0`.
    public var legendText: String {
        let name = ElementLabel.text(for: key)
        switch kind {
        case .moved:
            let was = oldKey.map { " (was \(ElementLabel.text(for: $0)))" } ?? ""
            var text = "\(name)\(was) \(from.frame.origin.stk) -> \(to.frame.origin.stk)"
            if from.frame.size != to.frame.size { text = "\(name)\(was) \(from.frame.stk) -> \(to.frame.stk)" }
            return text
        case .inserted:
            let fields = Self.animatedFields(from)
            return "\(name) from \(from.frame.stk)" + (fields.isEmpty ? "" : " " + fields)
        case .deleted:
            let fields = Self.animatedFields(to)
            return "\(name) to \(to.frame.stk)" + (fields.isEmpty ? "" : " " + fields)
        }
    }
}
