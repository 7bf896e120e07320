import Foundation

// Core Animation's layers, as the view code beside a layout touches them (a
// card's corner radius, a shadow, a shape or gradient layer). stk renders
// none of it: a layer keeps what it is given, and its geometry (frame,
// position, anchor point, transform, the sublayer tree, conversions between
// layers) answers as Core Animation's does. There are no animations: a
// change takes effect at once, and `presentation()` is the layer itself.

/// Core Animation's `CALayer`.
open class Layer: NSObject {
    /// `CACornerMask`: the corners `cornerRadius` rounds.
    public struct CornerMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
        public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
        public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
        public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    }

    /// `CALayerCornerCurve`.
    public struct CornerCurve: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let circular = CornerCurve(rawValue: "circular")
        public static let continuous = CornerCurve(rawValue: "continuous")
    }

    /// `CALayerContentsGravity`.
    public struct ContentsGravity: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let center = ContentsGravity(rawValue: "center")
        public static let top = ContentsGravity(rawValue: "top")
        public static let bottom = ContentsGravity(rawValue: "bottom")
        public static let left = ContentsGravity(rawValue: "left")
        public static let right = ContentsGravity(rawValue: "right")
        public static let resize = ContentsGravity(rawValue: "resize")
        public static let resizeAspect = ContentsGravity(rawValue: "resizeAspect")
        public static let resizeAspectFill = ContentsGravity(rawValue: "resizeAspectFill")
    }

    public override init() { super.init() }

    /// A copy of another layer's properties (Core Animation makes presentation
    /// layers with it; stk never calls it).
    public init(layer: Any) {
        super.init()
        guard let other = layer as? Layer else { return }
        bounds = other.bounds
        position = other.position
        anchorPoint = other.anchorPoint
        transform = other.transform
        opacity = other.opacity
        isHidden = other.isHidden
        backgroundColor = other.backgroundColor
        cornerRadius = other.cornerRadius
        masksToBounds = other.masksToBounds
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        zPosition = other.zPosition
    }

    public required init?(coder: NSCoder) { super.init() }

    // MARK: Geometry

    open var bounds: CGRect = .zero {
        didSet { if needsDisplayOnBoundsChange && bounds.size != oldValue.size { setNeedsDisplay() } }
    }
    /// Where the anchor point sits in the superlayer.
    open var position: CGPoint = .zero
    open var zPosition: CGFloat = 0
    /// In the unit square of the bounds: (0.5, 0.5) is the centre.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var anchorPointZ: CGFloat = 0
    open var transform: CATransform3D = .identity
    open var sublayerTransform: CATransform3D = .identity

    /// Computed from `position`, `anchorPoint`, `bounds.size` and `transform`,
    /// as Core Animation does: with a transform, the smallest rect holding the
    /// transformed bounds (the affine part; a perspective is not projected).
    /// Setting it sets `position` and `bounds.size` (with a transform other than
    /// the identity the result is undefined in Core Animation, and here as if
    /// there were none).
    open var frame: CGRect {
        get {
            let size = bounds.size
            let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height,
                               width: size.width, height: size.height)
            let placed = transform == .identity ? local : local.applying(transform.affine)
            return placed.offsetBy(dx: position.x, dy: position.y)
        }
        set {
            let r = newValue.standardized
            bounds.size = r.size
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
        }
    }

    open func affineTransform() -> CGAffineTransform { transform.affine }
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3D(m) }

    // MARK: Appearance (kept, never drawn)

    open var isHidden = false
    open var opacity: Float = 1
    open var isOpaque = false
    open var isDoubleSided = true
    open var isGeometryFlipped = false
    open var masksToBounds = false
    open var mask: Layer?
    open var backgroundColor: CGColor?
    open var cornerRadius: CGFloat = 0
    open var maskedCorners: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    open var cornerCurve: CornerCurve = .circular
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)
    open var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1)
    open var shadowOpacity: Float = 0
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    open var shadowPath: CGPath?
    open var contents: Any?
    open var contentsGravity: ContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1
    open var allowsEdgeAntialiasing = false
    open var allowsGroupOpacity = true
    open var name: String?
    open var style: [AnyHashable: Any]?
    open var needsDisplayOnBoundsChange = false
    open var drawsAsynchronously = false

    // MARK: The layer tree

    public private(set) weak var superlayer: Layer?
    private var children: [Layer] = []

    /// nil when there are none, as in Core Animation. Setting it replaces them.
    open var sublayers: [Layer]? {
        get { children.isEmpty ? nil : children }
        set {
            for child in children { child.superlayer = nil }
            children = []
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    open func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: UInt32(children.count))
    }

    open func insertSublayer(_ layer: Layer, at index: UInt32) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        children.insert(layer, at: min(Int(index), children.count))
        layer.superlayer = self
    }

    /// Below the sibling; at the bottom when it is nil or not a sublayer.
    open func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0
        children.insert(layer, at: index)
        layer.superlayer = self
    }

    /// Above the sibling; at the top when it is nil or not a sublayer.
    open func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        let index = sibling.flatMap { s in children.firstIndex { $0 === s }.map { $0 + 1 } } ?? children.count
        children.insert(layer, at: index)
        layer.superlayer = self
    }

    open func replaceSublayer(_ oldLayer: Layer, with newLayer: Layer) {
        guard let index = children.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.children.removeAll { $0 === self }
        superlayer = nil
    }

    // MARK: Display and layout (nothing is drawn)

    private var displayNeeded = false
    private var layoutNeeded = false

    open func setNeedsDisplay() { displayNeeded = true }
    open func setNeedsDisplay(_ r: CGRect) { displayNeeded = true }
    open func needsDisplay() -> Bool { displayNeeded }
    /// Calls `display()` when `setNeedsDisplay()` was called since.
    open func displayIfNeeded() {
        guard displayNeeded else { return }
        displayNeeded = false
        display()
    }
    open func display() {}

    open func setNeedsLayout() { layoutNeeded = true }
    open func needsLayout() -> Bool { layoutNeeded }
    /// Calls `layoutSublayers()` when `setNeedsLayout()` was called since, then
    /// does the same for the sublayers.
    open func layoutIfNeeded() {
        if layoutNeeded {
            layoutNeeded = false
            layoutSublayers()
        }
        for child in children { child.layoutIfNeeded() }
    }
    open func layoutSublayers() {}
    open func preferredFrameSize() -> CGSize { bounds.size }

    /// No animations in stk: the model layer is the one shown.
    open func presentation() -> Self? { self }
    open func model() -> Self { self }
    open func removeAllAnimations() {}
    open func removeAnimation(forKey key: String) {}
    open func animationKeys() -> [String]? { nil }

    // MARK: Hit testing and coordinates

    /// Whether the point, in the layer's own coordinates, is in its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The deepest layer under a point given in the superlayer's coordinates,
    /// hidden layers excluded.
    open func hitTest(_ p: CGPoint) -> Layer? {
        guard !isHidden else { return nil }
        let local = fromSuperlayer(p)
        for child in children.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }

    /// From the layer's coordinates to its superlayer's: the bounds' anchor
    /// point lands on `position`, through the affine part of `transform`.
    func toSuperlayer(_ p: CGPoint) -> CGPoint {
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        let v = CGPoint(x: p.x - anchor.x, y: p.y - anchor.y)
        let w = transform == .identity ? v : v.applying(transform.affine)
        return CGPoint(x: position.x + w.x, y: position.y + w.y)
    }

    func fromSuperlayer(_ p: CGPoint) -> CGPoint {
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        let w = CGPoint(x: p.x - position.x, y: p.y - position.y)
        let v = transform == .identity ? w : w.applying(transform.affine.inverted())
        return CGPoint(x: anchor.x + v.x, y: anchor.y + v.y)
    }

    /// This layer and its superlayers, the root last.
    var ancestry: [Layer] {
        var chain: [Layer] = [self]
        while let parent = chain.last?.superlayer, !chain.contains(where: { $0 === parent }) { chain.append(parent) }
        return chain
    }

    /// A point in this layer's coordinates, in another's. Both go through their
    /// common ancestor. Layers in different trees meet in the space their roots
    /// are placed in (each root's frame counts, as windows placed on one
    /// screen), and that space is what nil names.
    open func convert(_ p: CGPoint, to layer: Layer?) -> CGPoint {
        if layer === self { return p }
        let mine = ancestry
        let theirs = layer?.ancestry ?? []
        var up = mine[...], down = theirs[...]
        if let i = mine.firstIndex(where: { m in theirs.contains { $0 === m } }) {
            up = mine[..<i]
            down = theirs[..<theirs.firstIndex { $0 === mine[i] }!]
        }
        var point = p
        for l in up { point = l.toSuperlayer(point) }
        for l in down.reversed() { point = l.fromSuperlayer(point) }
        return point
    }

    open func convert(_ p: CGPoint, from layer: Layer?) -> CGPoint {
        if let layer { return layer.convert(p, to: self) }
        var point = p
        for l in ancestry.reversed() { point = l.fromSuperlayer(point) }
        return point
    }

    /// The smallest rect holding the converted corners.
    open func convert(_ r: CGRect, to layer: Layer?) -> CGRect {
        CGPath.bounds(of: Self.corners(of: r).map { convert($0, to: layer) })
    }

    open func convert(_ r: CGRect, from layer: Layer?) -> CGRect {
        CGPath.bounds(of: Self.corners(of: r).map { convert($0, from: layer) })
    }

    static func corners(of r: CGRect) -> [CGPoint] {
        let s = r.standardized
        return [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                CGPoint(x: s.minX, y: s.maxY), CGPoint(x: s.maxX, y: s.maxY)]
    }
}

/// Core Animation's `CAShapeLayer`: the path and how it would be painted.
open class ShapeLayer: Layer {
    /// `CAShapeLayerFillRule`.
    public struct FillRule: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let nonZero = FillRule(rawValue: "non-zero")
        public static let evenOdd = FillRule(rawValue: "even-odd")
    }

    /// `CAShapeLayerLineCap`.
    public struct LineCap: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let butt = LineCap(rawValue: "butt")
        public static let round = LineCap(rawValue: "round")
        public static let square = LineCap(rawValue: "square")
    }

    /// `CAShapeLayerLineJoin`.
    public struct LineJoin: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let miter = LineJoin(rawValue: "miter")
        public static let round = LineJoin(rawValue: "round")
        public static let bevel = LineJoin(rawValue: "bevel")
    }

    open var path: CGPath?
    open var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
    open var fillRule: FillRule = .nonZero
    open var strokeColor: CGColor?
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
    open var lineWidth: CGFloat = 1
    open var miterLimit: CGFloat = 10
    open var lineCap: LineCap = .butt
    open var lineJoin: LineJoin = .miter
    open var lineDashPhase: CGFloat = 0
    open var lineDashPattern: [NSNumber]?
}

/// Core Animation's `CAGradientLayer`: the colours and where they go.
open class GradientLayer: Layer {
    /// `CAGradientLayerType`.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let axial = Kind(rawValue: "axial")
        public static let radial = Kind(rawValue: "radial")
        public static let conic = Kind(rawValue: "conic")
    }

    /// `CGColor`s, as Core Animation takes them (`[UIColor.red.cgColor, ...]`).
    open var colors: [Any]?
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)
    open var type: Kind = .axial
}
