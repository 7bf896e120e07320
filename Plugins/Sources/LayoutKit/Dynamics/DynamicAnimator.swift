import Foundation

/// UIKit's `UIDynamicAnimatorDelegate` (both methods optional).
public protocol DynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { __stkOptionalDefault() }
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { __stkOptionalDefault() }
}

/// UIKit's `UIDynamicAnimator`, made for a collection view layout: it holds
/// behaviours and their items (the layout's attributes), answers the
/// layout's queries from them, and, when a pass leaves an item away from
/// where its behaviours hold it, comes to rest and invalidates the layout.
///
/// On iOS the animator moves its items frame by frame, invalidating the
/// layout at each, until they rest; the frames between depend on the
/// physics engine, which UIKit does not publish. stk shows the two ends:
/// the pass in which the layout moved the items (a scroll shifted them),
/// then one pass with every item at rest (docs/semantics.md, "UIKit
/// Dynamics"). At rest each attachment holds its length (a spring of length
/// 0 holds its item's point on the anchor) and each snap holds its item on
/// its point. Gravity, collisions and pushes need the simulation to say
/// where items rest; stk keeps those behaviours, leaves their items where
/// they are, and says so.
open class DynamicAnimator: NSObject {
    public private(set) var behaviors: [DynamicBehavior] = []
    open weak var delegate: DynamicAnimatorDelegate?
    /// A reference view (`init(referenceView:)`): stk has no views to move.
    public let referenceView: View?
    /// How long the animator ran in total: stk's rests take no time.
    public var elapsedTime: TimeInterval { 0 }
    /// False: between commands every animator in stk is at rest.
    public var isRunning: Bool { false }
    /// The behaviours whose items stk left in place, named once each.
    private var namedUnsimulated: Set<String> = []

    /// Registered with the layout, which the collection view asks for its
    /// animators after each pass (the layout's own property owns this one).
    public init(collectionViewLayout layout: CollectionViewLayout) {
        referenceView = nil
        super.init()
        layout.dynamicAnimators.append(WeakAnimator(self))
    }

    public init(referenceView view: View) {
        referenceView = view
        super.init()
    }

    // MARK: Behaviours

    open func addBehavior(_ behavior: DynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.append(behavior)
        behavior.setAnimator(self)
    }

    open func removeBehavior(_ behavior: DynamicBehavior) {
        guard behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.removeAll { $0 === behavior }
        behavior.setAnimator(nil)
    }

    open func removeAllBehaviors() {
        let removed = behaviors
        behaviors = []
        for behavior in removed { behavior.setAnimator(nil) }
    }

    /// Every behaviour, children included, parents first.
    var allBehaviors: [DynamicBehavior] { behaviors.flatMap(\.tree) }

    /// The items of every behaviour, each once, in the order they joined.
    var allItems: [DynamicItem] { Self.items(of: allBehaviors) }

    /// The items of `behaviors`, each once, in order.
    private static func items(of behaviors: [DynamicBehavior]) -> [DynamicItem] {
        var seen = Set<ObjectIdentifier>()
        var items: [DynamicItem] = []
        for behavior in behaviors {
            for item in behavior.ownItems where seen.insert(ObjectIdentifier(item)).inserted { items.append(item) }
        }
        return items
    }

    // MARK: What layouts ask

    /// The items whose frames meet `rect` (more than along an edge, as
    /// CoreGraphics has it), in the order they joined the animator (UIKit's
    /// order is unpublished).
    open func items(in rect: CGRect) -> [DynamicItem] {
        allItems.filter { Self.frame(of: $0).overlaps(rect) }
    }

    open func layoutAttributesForCell(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind && $0.indexPath == indexPath }
    }

    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .decorationView && $0.representedElementKind == kind && $0.indexPath == indexPath }
    }

    private func attributes(where matches: (CollectionViewLayoutAttributes) -> Bool) -> CollectionViewLayoutAttributes? {
        for item in allItems { if let a = item as? CollectionViewLayoutAttributes, matches(a) { return a } }
        return nil
    }

    /// UIKit reads the item's state again; stk reads it when it brings the
    /// items to rest after the pass.
    open func updateItem(usingCurrentState item: DynamicItem) {}

    static func frame(of item: DynamicItem) -> CGRect {
        if let attributes = item as? CollectionViewLayoutAttributes { return attributes.frame }
        let size = item.bounds.size
        return CGRect(x: item.center.x - size.width / 2, y: item.center.y - size.height / 2, width: size.width, height: size.height)
    }

    // MARK: Coming to rest

    /// How many rounds the constraints are solved for at most; a spring to
    /// an anchor rests after one, chains of items after a few.
    static let solverRounds = 64

    /// Moves every item to where its behaviours hold it at rest. Returns
    /// whether any item moved; then the behaviours' actions run and the
    /// delegate hears the animator resume and pause. `note` is told, once
    /// per kind, of the behaviours stk leaves unsimulated (stk's limit, not
    /// the layout's bug).
    func comeToRest(note: (String) -> Void) -> Bool {
        let everything = allBehaviors
        for case let behavior as ItemsBehavior in everything where !behavior.items.isEmpty {
            if let name = behavior.unsimulatedName, namedUnsimulated.insert(name).inserted {
                note("stk brings a dynamic animator's attachments and snaps to rest, not its \(name): its items stay where the layout put them (docs/semantics.md, \"UIKit Dynamics\")")
            }
        }
        let moves = restingMoves(of: everything)
        guard !moves.isEmpty else { return false }
        delegate?.dynamicAnimatorWillResume(self)
        for (item, centre) in moves { item.center = centre }
        for behavior in everything { behavior.action?() }
        delegate?.dynamicAnimatorDidPause(self)
        return true
    }

    /// Whether every item is where its behaviours hold it.
    var isAtRest: Bool { restingMoves(of: allBehaviors).isEmpty }

    /// The items away from where their behaviours hold them at rest, and
    /// where that is: the attachments and snaps solved in turn, round after
    /// round, until no round moves anything.
    private func restingMoves(of everything: [DynamicBehavior]) -> [(DynamicItem, CGPoint)] {
        let items = Self.items(of: everything)
        var rest = Dictionary(uniqueKeysWithValues: items.map { (ObjectIdentifier($0), $0.center) })
        for _ in 0..<Self.solverRounds {
            var largestMove: CGFloat = 0
            for behavior in everything {
                if let attachment = behavior as? AttachmentBehavior {
                    largestMove = max(largestMove, Self.hold(attachment, in: &rest))
                } else if let snap = behavior as? SnapBehavior {
                    let id = ObjectIdentifier(snap.item)
                    largestMove = max(largestMove, AttachmentBehavior.distance(rest[id] ?? snap.snapPoint, snap.snapPoint))
                    rest[id] = snap.snapPoint
                }
            }
            if largestMove < 1e-9 { break }
        }
        return items.compactMap { item in
            guard let target = rest[ObjectIdentifier(item)], target != item.center else { return nil }
            return (item, target)
        }
    }

    /// One attachment made to hold its distance: an item on an anchor moves
    /// the whole way, two items share the move. Returns how far it moved
    /// them. Points that coincide give no direction, and stay.
    private static func hold(_ attachment: AttachmentBehavior, in rest: inout [ObjectIdentifier: CGPoint]) -> CGFloat {
        let ids = attachment.items.map(ObjectIdentifier.init)
        func point(_ i: Int) -> CGPoint {
            AttachmentBehavior.point(rest[ids[i]] ?? attachment.items[i].center, offset: attachment.offsets[i])
        }
        let from = attachment.attachedBehaviorType == .anchor ? attachment.anchorPoint : point(0)
        let to = attachment.attachedBehaviorType == .anchor ? point(0) : point(1)
        let dx = to.x - from.x, dy = to.y - from.y
        let distance = hypot(dx, dy)
        let allowed = attachment.restingDistances
        let target = min(max(distance, allowed.lowerBound), allowed.upperBound)
        guard target != distance else { return 0 }
        let (ux, uy): (CGFloat, CGFloat) = distance > 0 ? (dx / distance, dy / distance) : (0, 0)
        guard distance > 0 || target == 0 else { return 0 }
        let move = CGPoint(x: from.x + ux * target - to.x, y: from.y + uy * target - to.y)
        if attachment.attachedBehaviorType == .anchor {
            // Placed, not moved: a spring of length 0 puts its point exactly on the anchor.
            let offset = attachment.offsets[0]
            rest[ids[0]] = CGPoint(x: from.x + ux * target - offset.horizontal, y: from.y + uy * target - offset.vertical)
        } else {
            func shift(_ i: Int, by fraction: CGFloat) {
                let c = rest[ids[i]] ?? attachment.items[i].center
                rest[ids[i]] = CGPoint(x: c.x + move.x * fraction, y: c.y + move.y * fraction)
            }
            shift(1, by: 0.5)
            shift(0, by: -0.5)
        }
        return hypot(move.x, move.y)
    }
}

/// The layout's animators, held weakly: the layout's own property owns them.
struct WeakAnimator {
    weak var animator: DynamicAnimator?
    init(_ animator: DynamicAnimator) { self.animator = animator }
}
