import Foundation

// UIKit Dynamics as collection view layouts use it (the "springy" flow
// layouts of WWDC 2013 and the many published copies): a layout makes a
// `UIDynamicAnimator(collectionViewLayout: self)`, attaches each item's
// attributes to its resting centre, moves them as the view scrolls, and
// answers its queries from the animator. The behaviours here hold what a
// layout sets and reads; `DynamicAnimator` brings them to rest
// (docs/semantics.md, "UIKit Dynamics").

/// UIKit's `UIDynamicItem`: what a behaviour moves. Layout attributes are
/// dynamic items, as in UIKit.
public protocol DynamicItem: NSObjectProtocol {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
}

extension DynamicItem {
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
}

/// UIKit's `UIDynamicItemCollisionBoundsType`.
public enum DynamicItemCollisionBoundsType: UInt, Sendable {
    case rectangle, ellipse, path
}

extension CollectionViewLayoutAttributes: DynamicItem {}

/// UIKit's `UIFloatRange`.
public struct FloatRange: Equatable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }
    public static let zero = FloatRange(minimum: 0, maximum: 0)
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// UIKit's `UIDynamicBehavior`: a behaviour, possibly made of child
/// behaviours, with an `action` UIKit runs at every step of the animation
/// (stk: once each time the animator comes to rest).
open class DynamicBehavior: NSObject {
    public private(set) var childBehaviors: [DynamicBehavior] = []
    open var action: (() -> Void)?
    /// The animator the behaviour was added to (directly or through a parent).
    public internal(set) weak var dynamicAnimator: DynamicAnimator?

    public override init() { super.init() }

    open func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        behavior.setAnimator(dynamicAnimator)
    }

    open func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.removeAll { $0 === behavior }
        behavior.setAnimator(nil)
    }

    /// UIKit calls it as the behaviour joins or leaves an animator.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    func setAnimator(_ animator: DynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.setAnimator(animator) }
    }

    /// The behaviour and its children, depth first, parents first.
    var tree: [DynamicBehavior] { [self] + childBehaviors.flatMap(\.tree) }

    /// The items the behaviour moves (its own, not its children's).
    var ownItems: [DynamicItem] { [] }
}

/// UIKit's `UIAttachmentBehavior`: an item held at `length` from an anchor
/// point, or two items held `length` apart, each at a point offset from its
/// centre. A spring (`frequency` above 0) or a rod; at rest both hold the
/// length (stk brings them to rest at once, so `damping` and `frequency`
/// are kept, not used).
open class AttachmentBehavior: DynamicBehavior {
    /// UIKit's `UIAttachmentBehavior.AttachmentType`.
    public enum AttachmentType: Int, Sendable { case items, anchor }

    public let attachedBehaviorType: AttachmentType
    public let items: [DynamicItem]
    /// Where on each item it is held, from its centre.
    let offsets: [Offset]
    open var anchorPoint: CGPoint
    /// The distance the attachment holds; UIKit's default is the distance
    /// between the attachment points when the behaviour is made.
    open var length: CGFloat
    open var damping: CGFloat = 0
    open var frequency: CGFloat = 0
    open var frictionTorque: CGFloat = 0
    /// iOS 9's slack: the distance may lie anywhere in `length + range`.
    open var attachmentRange: FloatRange = .infinite

    public convenience init(item: DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    public init(item: DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        attachedBehaviorType = .anchor
        items = [item]
        offsets = [offset]
        anchorPoint = point
        length = Self.distance(Self.point(item.center, offset: offset), point)
        super.init()
    }

    public convenience init(item item1: DynamicItem, attachedTo item2: DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    public init(item item1: DynamicItem, offsetFromCenter offset1: Offset,
                attachedTo item2: DynamicItem, offsetFromCenter offset2: Offset) {
        attachedBehaviorType = .items
        items = [item1, item2]
        offsets = [offset1, offset2]
        anchorPoint = .zero
        length = Self.distance(Self.point(item1.center, offset: offset1), Self.point(item2.center, offset: offset2))
        super.init()
    }

    override var ownItems: [DynamicItem] { items }

    /// The attachment point of an item centred on `centre`.
    static func point(_ centre: CGPoint, offset: Offset) -> CGPoint {
        CGPoint(x: centre.x + offset.horizontal, y: centre.y + offset.vertical)
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(b.x - a.x, b.y - a.y) }

    /// The distances the attachment accepts at rest: `length`, or the
    /// range around it.
    var restingDistances: ClosedRange<CGFloat> {
        let low = max(0, length + (attachmentRange.isInfinite ? 0 : attachmentRange.minimum))
        let high = length + (attachmentRange.isInfinite ? 0 : attachmentRange.maximum)
        return low...max(low, high)
    }
}

/// UIKit's `UIOffset`.
public struct Offset: Equatable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let zero = Offset(horizontal: 0, vertical: 0)
}

/// CoreGraphics' `CGVector`, which Linux's Foundation lacks (gravity's and
/// a push's direction).
public struct CGVector: Equatable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public static let zero = CGVector(dx: 0, dy: 0)
}

/// UIKit's `UISnapBehavior`: the item comes to rest at `snapPoint`.
open class SnapBehavior: DynamicBehavior {
    let item: DynamicItem
    open var snapPoint: CGPoint
    open var damping: CGFloat = 0.5

    public init(item: DynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }

    override var ownItems: [DynamicItem] { [item] }
}

/// A behaviour over a list of items that stk keeps but does not simulate
/// (gravity, collisions, pushes, fields: their rest needs the whole
/// simulation; see `DynamicAnimator`).
open class ItemsBehavior: DynamicBehavior {
    public private(set) var items: [DynamicItem]

    public init(items: [DynamicItem]) {
        self.items = items
        super.init()
    }

    /// With no items yet (`addItem(_:)` adds them), as UIKit's `init()`.
    public override convenience init() { self.init(items: []) }

    open func addItem(_ item: DynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
    }

    open func removeItem(_ item: DynamicItem) { items.removeAll { $0 === item } }

    override var ownItems: [DynamicItem] { items }
    /// What the animator says it leaves out, when the behaviour would move
    /// its items (the animator asks only a behaviour that has some).
    var unsimulatedName: String? { nil }
}

/// A behaviour that pulls or pushes its items one way: its direction, as a
/// vector or as an angle and a magnitude (gravity's and a push's).
open class DirectedItemsBehavior: ItemsBehavior {
    var direction: CGVector

    init(items: [DynamicItem], direction: CGVector) {
        self.direction = direction
        super.init(items: items)
    }

    open var angle: CGFloat {
        get { atan2(direction.dy, direction.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    open var magnitude: CGFloat {
        get { hypot(direction.dx, direction.dy) }
        set { setAngle(angle, magnitude: newValue) }
    }
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        direction = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }
}

/// UIKit's `UIGravityBehavior` (kept, not simulated): down, at 1 (UIKit's
/// 1,000 points per second squared), unless told otherwise.
open class GravityBehavior: DirectedItemsBehavior {
    public init(items: [DynamicItem]) { super.init(items: items, direction: CGVector(dx: 0, dy: 1)) }
    public convenience init() { self.init(items: []) }
    open var gravityDirection: CGVector {
        get { direction }
        set { direction = newValue }
    }
    override var unsimulatedName: String? { magnitude == 0 ? nil : "UIGravityBehavior" }
}

/// UIKit's `UICollisionBehavior` (kept, not simulated).
open class CollisionBehavior: ItemsBehavior {
    /// `UICollisionBehavior.Mode`.
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let items = Mode(rawValue: 1)
        public static let boundaries = Mode(rawValue: 2)
        public static let everything: Mode = [.items, .boundaries]
    }
    open var collisionMode: Mode = .everything
    open var translatesReferenceBoundsIntoBoundary = false
    open weak var collisionDelegate: AnyObject?
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) { translatesReferenceBoundsIntoBoundary = true }
    open func addBoundary(withIdentifier identifier: NSCopying, from p1: CGPoint, to p2: CGPoint) {}
    open func removeBoundary(withIdentifier identifier: NSCopying) {}
    open func removeAllBoundaries() {}
    // Items at rest where they are do not collide unless they overlap;
    // stk does not check, and says so once.
    override var unsimulatedName: String? { items.count < 2 && !translatesReferenceBoundsIntoBoundary ? nil : "UICollisionBehavior" }
}

/// UIKit's `UIPushBehavior` (kept, not simulated).
open class PushBehavior: DirectedItemsBehavior {
    /// `UIPushBehavior.Mode`.
    public enum Mode: Int, Sendable { case continuous, instantaneous }
    public let mode: Mode
    open var active = true
    open var pushDirection: CGVector {
        get { direction }
        set { direction = newValue }
    }
    public init(items: [DynamicItem], mode: Mode) {
        self.mode = mode
        super.init(items: items, direction: .zero)
    }
    open func setTargetOffsetFromCenter(_ offset: Offset, for item: DynamicItem) {}
    override var unsimulatedName: String? { !active || magnitude == 0 ? nil : "UIPushBehavior" }
}

/// UIKit's `UIDynamicItemBehavior`: the items' physical properties, which
/// do not change where attachments and snaps come to rest.
open class DynamicItemBehavior: ItemsBehavior {
    open var elasticity: CGFloat = 0
    open var friction: CGFloat = 0
    open var density: CGFloat = 1
    open var resistance: CGFloat = 0
    open var angularResistance: CGFloat = 0
    open var charge: CGFloat = 0
    open var isAnchored = false
    open var allowsRotation = true
    open func addLinearVelocity(_ velocity: CGPoint, for item: DynamicItem) {}
    open func linearVelocity(for item: DynamicItem) -> CGPoint { .zero }
    open func addAngularVelocity(_ velocity: CGFloat, for item: DynamicItem) {}
    open func angularVelocity(for item: DynamicItem) -> CGFloat { 0 }
}
