import Foundation

// UIKit's `UIView`, for the view code that layout files hold beside their
// layouts (cells, supplementary and decoration views). stk makes no views: it
// never creates, lays out, displays or touches one, and a layout's answers
// never depend on them. What exists is the view's model, so that the code
// compiles and, when a plugin runs it itself, behaves as on iOS where that is
// cheap and certain:
//
// - geometry is the layer's (frame, bounds, center, transform are its
//   position, bounds and transform), and `convert(_:to:)` / `convert(_:from:)`
//   go through the view tree with the frames, bounds origins and affine
//   transforms, as UIKit's do (see `Layer.convert(_:to:)` for views in
//   different trees);
// - the view tree (`addSubview(_:)`, `removeFromSuperview()`, ...) keeps the
//   layer tree in step, calls the hooks UIKit calls, and resizes subviews by
//   their `autoresizingMask` when a view's size changes;
// - `setNeedsLayout()` / `layoutIfNeeded()` call `layoutSubviews()`;
//   `hitTest(_:with:)` follows UIKit's rules with `point(inside:with:)`;
// - there is no Auto Layout (`systemLayoutSizeFitting(_:)` answers
//   `sizeThatFits(_:)`), nothing is drawn (`draw(_:)` is never called) and
//   nothing animates: `UIView.animate` runs its block at once, then the
//   completion with `true`.

/// UIKit's `UILayoutPriority`.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    public static let required = LayoutPriority(1000)
    public static let defaultHigh = LayoutPriority(750)
    public static let dragThatCanResizeScene = LayoutPriority(510)
    public static let sceneSizeStayPut = LayoutPriority(500)
    public static let dragThatCannotResizeScene = LayoutPriority(490)
    public static let defaultLow = LayoutPriority(250)
    public static let fittingSizeLevel = LayoutPriority(50)
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue + b) }
    public static func - (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue - b) }
}

/// UIKit's `UIEvent`: stk has no events; views are handed nil or an empty one.
open class Event: NSObject {
    /// `UIEvent.EventType`.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll = 10, hover, transform
    }

    open var type: EventType { .touches }
    open var timestamp: TimeInterval { 0 }
    open var allTouches: Set<Touch>? { nil }
    open func touches(for view: View) -> Set<Touch>? { nil }
}

/// UIKit's `UITouch`: stk has no fingers; a touch made by a plugin is at the
/// origin of whatever view it is asked about.
open class Touch: NSObject {
    /// `UITouch.Phase`.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    open var view: View?
    open var phase: Phase = .began
    open var tapCount = 1
    open var timestamp: TimeInterval = 0
    open func location(in view: View?) -> CGPoint { .zero }
    open func previousLocation(in view: View?) -> CGPoint { .zero }
}

/// UIKit's `UIView` (see the top of this file for what it does in stk).
open class View: NSObject {
    /// `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight
    }

    /// `UIView.AutoresizingMask`.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// `UIView.AnimationOptions` (accepted, and without effect).
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    }

    /// `UIView.noIntrinsicMetric`: a dimension without an intrinsic size.
    public static let noIntrinsicMetric: CGFloat = -1
    /// `UIView.layoutFittingCompressedSize` and `layoutFittingExpandedSize`.
    public static let layoutFittingCompressedSize = CGSize.zero
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    // MARK: Making views

    private var storedLayer: Layer?

    /// The layer class: stk makes a `CAShapeLayer` or `CAGradientLayer` when the
    /// class is, or derives from, one of them, and a `CALayer` otherwise (it
    /// cannot make instances of a plugin's own layer classes).
    open class var layerClass: AnyClass { Layer.self }

    /// The view's layer, which holds its geometry.
    public var layer: Layer { storedLayer! }

    public init(frame: CGRect) {
        super.init()
        makeLayer(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init()
        makeLayer(frame: .zero)
    }

    /// `UIView()`: `init(frame: .zero)`.
    public override convenience init() {
        self.init(frame: .zero)
    }

    private func makeLayer(frame: CGRect) {
        let kind: AnyClass = type(of: self).layerClass
        let layer: Layer
        if kind is GradientLayer.Type {
            layer = GradientLayer()
        } else if kind is ShapeLayer.Type {
            layer = ShapeLayer()
        } else {
            layer = Layer()
        }
        layer.frame = frame
        storedLayer = layer
    }

    // MARK: Geometry (the layer's)

    open var frame: CGRect {
        get { layer.frame }
        set { changingSize { layer.frame = newValue } }
    }

    open var bounds: CGRect {
        get { layer.bounds }
        set { changingSize { layer.bounds = newValue } }
    }

    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    open var transform: CGAffineTransform {
        get { layer.transform.affine }
        set { layer.transform = CATransform3D(newValue) }
    }

    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance (kept on the layer, never drawn)

    private var storedAlpha: CGFloat = 1
    /// The layer's opacity; the value set is read back exactly.
    open var alpha: CGFloat {
        get { Float(storedAlpha) == layer.opacity ? storedAlpha : CGFloat(layer.opacity) }
        set {
            storedAlpha = newValue
            layer.opacity = Float(newValue)
        }
    }

    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    private var storedBackgroundColor: Color?
    /// The layer's background colour, as a `UIColor`.
    open var backgroundColor: Color? {
        get {
            guard let color = layer.backgroundColor else { return nil }
            if let stored = storedBackgroundColor, stored.cgColor == color { return stored }
            return Color(cgColor: color)
        }
        set {
            storedBackgroundColor = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }

    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    open var isOpaque = true
    open var clearsContextBeforeDrawing = true
    open var contentMode: ContentMode = .scaleToFill
    open var contentScaleFactor: CGFloat = 3
    open var mask: View?

    private var storedTintColor: Color?
    /// The view's own tint, else its superview's, else system blue.
    open var tintColor: Color! {
        get { storedTintColor ?? superview?.tintColor ?? Color.systemBlue }
        set { storedTintColor = newValue }
    }

    open var tag = 0
    open var isUserInteractionEnabled = true
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false

    // MARK: Layout settings

    open var autoresizingMask: AutoresizingMask = []
    open var autoresizesSubviews = true
    open var translatesAutoresizingMaskIntoConstraints = true
    /// UIKit's default: 8 on every side.
    open var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The same margins by leading and trailing (stk is left to right).
    open var directionalLayoutMargins: DirectionalEdgeInsets {
        get { DirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right) }
        set { layoutMargins = EdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }
    open var preservesSuperviewLayoutMargins = false
    open var insetsLayoutMarginsFromSafeArea = true
    /// No safe area around a view in stk.
    open var safeAreaInsets: EdgeInsets { .zero }
    /// stk's traits (see `TraitCollection`).
    open var traitCollection: TraitCollection { TraitCollection() }
    open var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection { .leftToRight }

    // MARK: Accessibility (kept)

    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityIdentifier: String?

    // MARK: The view tree

    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []

    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    open func insertSubview(_ view: View, at index: Int) {
        guard view !== self else { return }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            let i = min(max(index, 0), subviews.count)
            subviews.insert(view, at: i)
            syncLayers()
            return
        }
        view.willMove(toSuperview: self)
        view.detach()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        syncLayers()
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    open func insertSubview(_ view: View, belowSubview siblingSubview: View) {
        let index = subviews.firstIndex { $0 === siblingSubview } ?? 0
        insertSubview(view, at: view.superview === self && (subviews.firstIndex { $0 === view } ?? 0) < index ? index - 1 : index)
    }

    open func insertSubview(_ view: View, aboveSubview siblingSubview: View) {
        let index = subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: view.superview === self && (subviews.firstIndex { $0 === view } ?? 0) < index ? index - 1 : index)
    }

    open func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    open func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
        subviews.swapAt(index1, index2)
        syncLayers()
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        detach()
        didMoveToSuperview()
    }

    private func detach() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// The subviews' layers, in the subviews' order, after the layers the
    /// plugin added itself (which stay below, in their order).
    private func syncLayers() {
        let own = Set(subviews.map { ObjectIdentifier($0.layer) })
        let others = (layer.sublayers ?? []).filter { !own.contains(ObjectIdentifier($0)) }
        for view in subviews { view.layer.removeFromSuperlayer() }
        layer.sublayers = others + subviews.map(\.layer)
    }

    open func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// This view or the first of its descendants, depth first, with the tag.
    open func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for view in subviews {
            if let found = view.viewWithTag(tag) { return found }
        }
        return nil
    }

    open func willMove(toSuperview newSuperview: View?) {}
    open func didMoveToSuperview() {}
    /// UIKit's `awakeFromNib()`: stk loads no nibs and never calls it.
    open func awakeFromNib() {}
    open func didAddSubview(_ subview: View) {}
    open func willRemoveSubview(_ subview: View) {}
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    open func layoutMarginsDidChange() {}
    open func safeAreaInsetsDidChange() {}
    open func tintColorDidChange() {}

    // MARK: Layout

    private var layoutNeeded = false

    open func setNeedsLayout() { layoutNeeded = true }

    /// `layoutSubviews()` when `setNeedsLayout()` was called since (a change
    /// of size calls it), then the same for the subviews.
    open func layoutIfNeeded() {
        if layoutNeeded {
            layoutNeeded = false
            layoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }

    open func layoutSubviews() {}

    /// The current size, as UIKit's `UIView` answers; subclasses override it.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    open func sizeToFit() {
        bounds.size = sizeThatFits(bounds.size)
    }

    /// None, as for a plain `UIView`: `noIntrinsicMetric` both ways.
    open var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
    open func invalidateIntrinsicContentSize() {}

    /// No Auto Layout in stk: `sizeThatFits(targetSize)`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize { sizeThatFits(targetSize) }

    /// No Auto Layout in stk: `sizeThatFits(targetSize)`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
                                      verticalFittingPriority: LayoutPriority) -> CGSize {
        sizeThatFits(targetSize)
    }

    open func setNeedsUpdateConstraints() {}
    open func updateConstraintsIfNeeded() {}
    open func updateConstraints() {}

    /// Makes `change` to the layer's geometry; if that changed the size, the
    /// view needs layout and its subviews are autoresized.
    private func changingSize(_ change: () -> Void) {
        let old = layer.bounds.size
        change()
        let new = layer.bounds.size
        guard new != old else { return }
        setNeedsLayout()
        guard autoresizesSubviews else { return }
        for view in subviews { view.autoresize(dw: new.width - old.width, dh: new.height - old.height, in: old) }
    }

    /// UIKit's autoresizing: the change of the superview's size is shared by
    /// the flexible parts (margins and size) of each axis, in proportion to
    /// their current lengths (equally when they are all zero).
    private func autoresize(dw: CGFloat, dh: CGFloat, in old: CGSize) {
        guard !autoresizingMask.isEmpty else { return }
        var f = frame
        func share(_ delta: CGFloat, _ parts: [(Bool, CGFloat)]) -> [CGFloat] {
            let flexible = parts.filter(\.0)
            guard delta != 0, !flexible.isEmpty else { return parts.map { _ in 0 } }
            let total = flexible.map(\.1).reduce(0, +)
            return parts.map { part in
                guard part.0 else { return 0 }
                return total > 0 ? delta * part.1 / total : delta / CGFloat(flexible.count)
            }
        }
        let m = autoresizingMask
        let x = share(dw, [(m.contains(.flexibleLeftMargin), f.minX), (m.contains(.flexibleWidth), f.width),
                           (m.contains(.flexibleRightMargin), old.width - f.maxX)])
        let y = share(dh, [(m.contains(.flexibleTopMargin), f.minY), (m.contains(.flexibleHeight), f.height),
                           (m.contains(.flexibleBottomMargin), old.height - f.maxY)])
        f.origin.x += x[0]
        f.size.width += x[1]
        f.origin.y += y[0]
        f.size.height += y[1]
        frame = f
    }

    // MARK: Drawing (never happens)

    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }
    /// Never called: stk draws nothing.
    open func draw(_ rect: CGRect) {}

    // MARK: Hit testing

    /// Whether the point, in the view's coordinates, is in its bounds.
    open func point(inside point: CGPoint, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// UIKit's rules: nil for a hidden view, one that ignores touches or one
    /// nearly transparent (alpha below 0.01), or when `point(inside:with:)`
    /// says no; else the subviews, frontmost first, and then the view itself.
    open func hitTest(_ point: CGPoint, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for view in subviews.reversed() {
            if let hit = view.hitTest(view.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    // MARK: Coordinates

    open func convert(_ point: CGPoint, to view: View?) -> CGPoint { layer.convert(point, to: view?.layer) }
    open func convert(_ point: CGPoint, from view: View?) -> CGPoint { layer.convert(point, from: view?.layer) }
    open func convert(_ rect: CGRect, to view: View?) -> CGRect { layer.convert(rect, to: view?.layer) }
    open func convert(_ rect: CGRect, from view: View?) -> CGRect { layer.convert(rect, from: view?.layer) }

    // MARK: Animation (none: at once)

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animations()
    }

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    open class func transition(with view: View, duration: TimeInterval, options: AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        animations?()
        completion?(true)
    }

    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        actionsWithoutAnimation()
    }

    /// True, as in UIKit; animation blocks run at once all the same.
    open class var areAnimationsEnabled: Bool { true }
    open class func setAnimationsEnabled(_ enabled: Bool) {}
    open class var inheritedAnimationDuration: TimeInterval { 0 }
}
