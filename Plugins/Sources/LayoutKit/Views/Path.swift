import Foundation

// Paths, as a cell's shape layer and its hit test use them. stk draws no
// path; it keeps the elements, so that `bounds`, `contains(_:)` and the
// transforms answer as CoreGraphics does:
//
// - arcs, ovals and rounded corners are made of cubic Bézier curves (at most
//   a quarter turn each), as CoreGraphics makes them;
// - `contains(_:)` fills every subpath as if closed, with the nonzero winding
//   rule unless the even-odd rule is asked for. Curves are flattened into 32
//   line segments each (a quarter circle of radius r is within r / 3000 of the
//   true arc). A point on the left or top edge of a shape is inside and one on
//   its right or bottom edge outside, as `CGRect.contains(_:)` decides for a
//   rect: adjacent shapes never both hold a point.

/// CoreGraphics' fill rules.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0
    case evenOdd = 1
}

/// CoreGraphics' line caps (a stroke is never drawn in stk).
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}

/// CoreGraphics' line joins (a stroke is never drawn in stk).
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}

/// CoreGraphics' `CGPath` (Linux's Foundation has none): an immutable list of
/// subpaths. `CGMutablePath` adds to it.
public class CGPath: Hashable, CustomStringConvertible {
    /// One element, as CoreGraphics lists them.
    public enum Element: Equatable, Sendable {
        case moveTo(CGPoint)
        case lineTo(CGPoint)
        case quadCurveTo(CGPoint, control: CGPoint)
        case curveTo(CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath

        func applying(_ t: CGAffineTransform) -> Element {
            switch self {
            case .moveTo(let p): return .moveTo(p.applying(t))
            case .lineTo(let p): return .lineTo(p.applying(t))
            case .quadCurveTo(let p, let c): return .quadCurveTo(p.applying(t), control: c.applying(t))
            case .curveTo(let p, let c1, let c2): return .curveTo(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: return .closeSubpath
            }
        }

        var points: [CGPoint] {
            switch self {
            case .moveTo(let p), .lineTo(let p): return [p]
            case .quadCurveTo(let p, let c): return [c, p]
            case .curveTo(let p, let c1, let c2): return [c1, c2, p]
            case .closeSubpath: return []
            }
        }
    }

    /// The elements, in order.
    public internal(set) var elements: [Element]

    init(elements: [Element]) {
        self.elements = elements
    }

    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next element starts: the last point, or the start of the
    /// subpath just closed; `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveTo(let p):
                start = p
                current = p
            case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _):
                current = p
            case .closeSubpath:
                current = start
            }
        }
        return current
    }

    /// The smallest rect holding every point, control points included
    /// (CoreGraphics' `boundingBox`); `CGRect.null` for an empty path.
    public var boundingBox: CGRect { Self.bounds(of: elements.flatMap(\.points)) }

    /// The smallest rect holding the path itself, its curves without their
    /// control points (within the flattening's precision).
    public var boundingBoxOfPath: CGRect { Self.bounds(of: polygons().flatMap { $0 }) }

    static func bounds(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether filling the path would cover the point (see the top of this file).
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = transform.isIdentity ? point : point.applying(transform.inverted())
        var winding = 0, crossings = 0
        for polygon in polygons() where polygon.count > 1 {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                if a.y <= p.y {
                    if b.y > p.y, side > 0 {
                        winding += 1
                        crossings += 1
                    }
                } else if b.y <= p.y, side < 0 {
                    winding -= 1
                    crossings += 1
                }
            }
        }
        return rule == .winding ? winding != 0 : crossings % 2 == 1
    }

    /// The subpaths as polygons: curves flattened, each implicitly closed.
    func polygons() -> [[CGPoint]] {
        let segments = 32
        var result: [[CGPoint]] = []
        var current: [CGPoint] = []
        var last = CGPoint.zero
        func finish() {
            if !current.isEmpty { result.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case .moveTo(let p):
                finish()
                current = [p]
                last = p
            case .lineTo(let p):
                if current.isEmpty { current = [last] }
                current.append(p)
                last = p
            case .quadCurveTo(let p, let c):
                if current.isEmpty { current = [last] }
                let p0 = last
                for step in 1...segments {
                    let t = CGFloat(step) / CGFloat(segments), u = 1 - t
                    current.append(CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                           y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .curveTo(let p, let c1, let c2):
                if current.isEmpty { current = [last] }
                let p0 = last
                for step in 1...segments {
                    let t = CGFloat(step) / CGFloat(segments), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                           y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
                last = p
            case .closeSubpath:
                if let first = current.first { last = first }
                finish()
            }
        }
        finish()
        return result
    }

    public func copy() -> CGPath? { CGPath(elements: elements) }

    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return mutableCopy() }
        return CGMutablePath(elements: elements.map { $0.applying(t) })
    }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
    }

    public var description: String { "<CGPath \(elements.count) elements, bounds \(boundingBox.stk)>" }
}

/// CoreGraphics' `CGMutablePath`, with the Swift overlay's methods
/// (a `transform` that defaults to the identity).
public final class CGMutablePath: CGPath {
    public convenience init() { self.init(elements: []) }

    private var hasCurrentPoint: Bool { !elements.isEmpty }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveTo(point.applying(transform)))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        if !hasCurrentPoint { elements.append(.moveTo(.zero)) }
        elements.append(.lineTo(point.applying(transform)))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        if !hasCurrentPoint { elements.append(.moveTo(.zero)) }
        elements.append(.quadCurveTo(end.applying(transform), control: control.applying(transform)))
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        if !hasCurrentPoint { elements.append(.moveTo(.zero)) }
        elements.append(.curveTo(end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform)))
    }

    public func closeSubpath() {
        guard hasCurrentPoint else { return }
        elements.append(.closeSubpath)
    }

    /// A closed subpath around the rect: its top-left corner, then clockwise on screen.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// A closed subpath of four curves, from the rightmost point, clockwise on screen.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        appendArc(center: CGPoint(x: r.midX, y: r.midY), radiusX: r.width / 2, radiusY: r.height / 2,
                  start: 0, sweep: 2 * .pi, transform: transform, startsSubpath: true)
        closeSubpath()
    }

    /// A closed subpath with elliptical corners, clamped to half the rect's
    /// width and height.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(max(cornerWidth, 0), r.width / 2), ry = min(max(cornerHeight, 0), r.height / 2)
        appendRoundedRect(r, radii: [(rx, ry), (rx, ry), (rx, ry), (rx, ry)], transform: transform)
    }

    /// An arc with CoreGraphics' meaning of `clockwise`: in its y-up space, so
    /// on a UIKit screen (y down) `clockwise: true` goes counter-clockwise,
    /// towards smaller angles. A line joins the current point to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        appendArc(center: center, radiusX: radius, radiusY: radius, start: startAngle,
                  sweep: Self.sweep(from: startAngle, to: endAngle, increasing: !clockwise),
                  transform: transform, startsSubpath: !hasCurrentPoint)
    }

    /// CoreGraphics' relative arc: `delta` radians from `startAngle` (positive
    /// towards larger angles).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        appendArc(center: center, radiusX: radius, radiusY: radius, start: startAngle, sweep: delta,
                  transform: transform, startsSubpath: !hasCurrentPoint)
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += transform.isIdentity ? path.elements : path.elements.map { $0.applying(transform) }
    }

    // MARK: Building blocks

    /// The signed sweep from one angle to another in one direction: a whole
    /// turn at most, and a whole turn when the angles are that far apart.
    static func sweep(from start: CGFloat, to end: CGFloat, increasing: Bool) -> CGFloat {
        let turn = 2 * CGFloat.pi
        var delta = end - start
        if increasing {
            if delta >= turn { return turn }
            delta = delta.truncatingRemainder(dividingBy: turn)
            if delta < 0 { delta += turn }
        } else {
            if delta <= -turn { return -turn }
            delta = delta.truncatingRemainder(dividingBy: turn)
            if delta > 0 { delta -= turn }
        }
        return delta
    }

    /// An elliptical arc as cubic curves of at most a quarter turn each.
    func appendArc(center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, start: CGFloat, sweep: CGFloat,
                   transform: CGAffineTransform, startsSubpath: Bool) {
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radiusX * CGFloat(cos(Double(angle))), y: center.y + radiusY * CGFloat(sin(Double(angle))))
        }
        let first = point(start)
        if startsSubpath {
            move(to: first, transform: transform)
        } else {
            addLine(to: first, transform: transform)
        }
        guard sweep != 0 else { return }
        // Quarter turns, a rounding error short of one not counting as two.
        let count = max(1, Int((abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4.0 / 3.0 * CGFloat(tan(Double(step) / 4))
        var a = start
        for _ in 0..<count {
            let b = a + step
            let (ca, sa) = (CGFloat(cos(Double(a))), CGFloat(sin(Double(a))))
            let (cb, sb) = (CGFloat(cos(Double(b))), CGFloat(sin(Double(b))))
            let c1 = CGPoint(x: center.x + radiusX * (ca - k * sa), y: center.y + radiusY * (sa + k * ca))
            let c2 = CGPoint(x: center.x + radiusX * (cb + k * sb), y: center.y + radiusY * (sb - k * cb))
            addCurve(to: point(b), control1: c1, control2: c2, transform: transform)
            a = b
        }
    }

    /// A rect with a radius pair per corner (top-left, top-right, bottom-right,
    /// bottom-left), clockwise on screen from the end of the top-left corner.
    func appendRoundedRect(_ r: CGRect, radii: [(CGFloat, CGFloat)], transform: CGAffineTransform) {
        let half = CGFloat.pi / 2
        let (tl, tr, br, bl) = (radii[0], radii[1], radii[2], radii[3])
        move(to: CGPoint(x: r.minX + tl.0, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX - tr.0, y: r.minY), transform: transform)
        if tr.0 > 0, tr.1 > 0 {
            appendArc(center: CGPoint(x: r.maxX - tr.0, y: r.minY + tr.1), radiusX: tr.0, radiusY: tr.1,
                      start: -half, sweep: half, transform: transform, startsSubpath: false)
        }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br.1), transform: transform)
        if br.0 > 0, br.1 > 0 {
            appendArc(center: CGPoint(x: r.maxX - br.0, y: r.maxY - br.1), radiusX: br.0, radiusY: br.1,
                      start: 0, sweep: half, transform: transform, startsSubpath: false)
        }
        addLine(to: CGPoint(x: r.minX + bl.0, y: r.maxY), transform: transform)
        if bl.0 > 0, bl.1 > 0 {
            appendArc(center: CGPoint(x: r.minX + bl.0, y: r.maxY - bl.1), radiusX: bl.0, radiusY: bl.1,
                      start: half, sweep: half, transform: transform, startsSubpath: false)
        }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl.1), transform: transform)
        if tl.0 > 0, tl.1 > 0 {
            appendArc(center: CGPoint(x: r.minX + tl.0, y: r.minY + tl.1), radiusX: tl.0, radiusY: tl.1,
                      start: 2 * half, sweep: half, transform: transform, startsSubpath: false)
        }
        closeSubpath()
    }
}

/// UIKit's `UIRectCorner`.
public struct RectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = RectCorner(rawValue: 1 << 0)
    public static let topRight = RectCorner(rawValue: 1 << 1)
    public static let bottomLeft = RectCorner(rawValue: 1 << 2)
    public static let bottomRight = RectCorner(rawValue: 1 << 3)
    public static let allCorners: RectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// UIKit's `UIBezierPath`: a `CGMutablePath` and the drawing settings.
/// `fill()`, `stroke()` and `addClip()` draw nothing (stk has no context);
/// the geometry (`bounds`, `contains(_:)`, `apply(_:)`) is CoreGraphics'
/// (see the top of this file).
open class BezierPath: NSObject, NSCopying {
    private var path = CGMutablePath()

    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var flatness: CGFloat = 0.6
    /// Which rule `contains(_:)` fills with: nonzero winding by default.
    open var usesEvenOddFillRule = false

    public override init() { super.init() }

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// Circular corners, the radius clamped to half the shorter side. (UIKit's
    /// corners are a slightly smoother curve; the difference is a fraction of
    /// a point near the corner.)
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = rect.standardized
        let radius = min(max(cornerRadius, 0), r.width / 2, r.height / 2)
        path.appendRoundedRect(r, radii: Array(repeating: (radius, radius), count: 4), transform: .identity)
    }

    /// Only the corners named are rounded, by `cornerRadii.width` (UIKit uses
    /// the width for both radii), clamped to half the shorter side.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: RectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let radius = min(max(cornerRadii.width, 0), r.width / 2, r.height / 2)
        func pair(_ corner: RectCorner) -> (CGFloat, CGFloat) { corners.contains(corner) ? (radius, radius) : (0, 0) }
        path.appendRoundedRect(r, radii: [pair(.topLeft), pair(.topRight), pair(.bottomRight), pair(.bottomLeft)], transform: .identity)
    }

    /// UIKit's `clockwise`: on screen (y down), towards larger angles.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        path.appendArc(center: center, radiusX: radius, radiusY: radius, start: startAngle,
                       sweep: CGMutablePath.sweep(from: startAngle, to: endAngle, increasing: clockwise),
                       transform: .identity, startsSubpath: true)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        path = CGMutablePath(elements: cgPath.elements)
    }

    /// A copy of the path (changing the `UIBezierPath` later does not change it).
    open var cgPath: CGPath {
        get { CGPath(elements: path.elements) }
        set { path = CGMutablePath(elements: newValue.elements) }
    }

    open var isEmpty: Bool { path.isEmpty }
    /// Every point, control points included; `CGRect.null` when empty.
    open var bounds: CGRect { path.boundingBox }
    open var currentPoint: CGPoint { path.currentPoint }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// UIKit's `clockwise`: on screen (y down), towards larger angles. A line
    /// joins the current point, if any, to the arc's start.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.appendArc(center: center, radiusX: radius, radiusY: radius, start: startAngle,
                       sweep: CGMutablePath.sweep(from: startAngle, to: endAngle, increasing: clockwise),
                       transform: .identity, startsSubpath: path.isEmpty)
    }

    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path = CGMutablePath() }
    open func append(_ bezierPath: BezierPath) { path.addPath(bezierPath.path) }

    open func apply(_ transform: CGAffineTransform) {
        path = CGMutablePath(elements: path.elements.map { $0.applying(transform) })
    }

    /// Whether filling the path covers the point, by `usesEvenOddFillRule`.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// The subpaths in the opposite direction (curves reversed too).
    open func reversing() -> BezierPath {
        let reversed = BezierPath()
        reversed.copySettings(from: self)
        var subpath: [CGPath.Element] = []
        var start = CGPoint.zero
        var elements: [CGPath.Element] = []
        func flush(closed: Bool) {
            guard !subpath.isEmpty else { return }
            // Points along the subpath, each element ending at its point.
            var points: [CGPoint] = [start]
            for element in subpath {
                if case .moveTo = element { continue }
                points.append(element.points.last ?? start)
            }
            elements.append(.moveTo(points.last!))
            var index = points.count - 1
            for element in subpath.reversed() {
                switch element {
                case .moveTo: continue
                case .lineTo: elements.append(.lineTo(points[index - 1]))
                case .quadCurveTo(_, let c): elements.append(.quadCurveTo(points[index - 1], control: c))
                case .curveTo(_, let c1, let c2): elements.append(.curveTo(points[index - 1], control1: c2, control2: c1))
                case .closeSubpath: continue
                }
                index -= 1
            }
            if closed { elements.append(.closeSubpath) }
            subpath = []
        }
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                flush(closed: false)
                start = p
                subpath = [element]
            case .closeSubpath:
                flush(closed: true)
            default:
                if subpath.isEmpty { subpath = [.moveTo(start)] }
                subpath.append(element)
            }
        }
        flush(closed: false)
        reversed.path = CGMutablePath(elements: elements)
        return reversed
    }

    /// Nothing to draw on: these do nothing.
    open func fill() {}
    open func stroke() {}
    open func addClip() {}

    private func copySettings(from other: BezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        flatness = other.flatness
        usesEvenOddFillRule = other.usesEvenOddFillRule
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = BezierPath()
        copy.copySettings(from: self)
        copy.path = CGMutablePath(elements: path.elements)
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? BezierPath else { return false }
        return other.path == path && other.usesEvenOddFillRule == usesEvenOddFillRule
    }

    open override var hash: Int { path.elements.count }
}
