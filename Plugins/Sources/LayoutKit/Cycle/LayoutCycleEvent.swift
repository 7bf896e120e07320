import Foundation

/// One phase of the layout cycle, reported by the collection view as it happens
/// (docs/semantics.md, "The layout cycle"). Each event carries what it needs to be
/// shown later: trace prints them, step replays them one by one, render and the
/// tests read them. The engine never prints.
public enum LayoutCycleEvent {
    /// `shouldInvalidateLayout(forBoundsChange:)` was asked, while `currentBounds` was still current.
    case shouldInvalidateAsked(currentBounds: CGRect, newBounds: CGRect, answer: Bool)
    /// An invalidation context was built, and why.
    case contextCreated(InvalidationContextSnapshot, reason: InvalidationReason)
    /// `invalidateLayout(with:)` was called with this context.
    case invalidated(InvalidationContextSnapshot)
    /// The bounds became `to`.
    case boundsChanged(from: CGRect, to: CGRect)
    /// `prepare()` ran; `counters` are the layout's work counters after it.
    case prepared(elementsTouched: Int, sectionsComputed: Int)
    /// `collectionViewContentSize` was read.
    case contentSize(CGSize)
    /// `layoutAttributesForElements(in:)` answered (the attributes as values;
    /// empty for an observer that does not want them).
    case elementsQueried(rect: CGRect, attributes: [AttributesSnapshot], attributesCreated: Int)
    /// `prepare(forCollectionViewUpdates:)` was called with these updates, in UIKit's order.
    case updatesPrepared([CollectionViewUpdateItem])
    /// Initial attributes of an appearing element (nil: the layout gave none).
    case appearing(ElementKey, initial: AttributesSnapshot?)
    /// Final attributes of a disappearing element (nil: the layout gave none).
    case disappearing(ElementKey, final: AttributesSnapshot?)
    /// `finalizeCollectionViewUpdates()` was called.
    case updatesFinalized
    /// What changed in the visible set.
    case visibleChanged(VisibleDiff)
    /// A fling's projection (docs/semantics.md, "Flinging"): the velocity in
    /// points per second, the deceleration rate, paging, the offset it started
    /// from and the proposed resting offset.
    case flingProjected(velocity: CGPoint, decelerationRate: CGFloat, paging: Bool, from: CGPoint, proposed: CGPoint)
    /// `targetContentOffset(forProposedContentOffset:)` (velocity nil) or its
    /// `withScrollingVelocity:` twin (velocity in points per millisecond) answered.
    case targetContentOffsetAsked(proposed: CGPoint, velocity: CGPoint?, answer: CGPoint)
    /// `prepare(forAnimatedBoundsChange:)` was called with the old bounds.
    case animatedBoundsChangePrepared(oldBounds: CGRect)
    /// `finalizeAnimatedBoundsChange()` was called.
    case animatedBoundsChangeFinalized
    /// `prepareForTransition(to:)` on the old layout and `prepareForTransition(from:)` on the new one.
    case transitionPrepared(from: String, to: String)
    /// `finalizeLayoutTransition()` on both layouts.
    case transitionFinalized
    /// Self-sizing: a displayed cell's content wanted `preferred` where the
    /// layout gave `original`, and `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` answered.
    case preferredAttributesAsked(ElementKey, original: CGRect, preferred: CGRect, answer: Bool)
    /// The layout called the app's code: a compositional layout's section
    /// provider or a section's visible-items handler (`name`), with what it
    /// was given (`detail`). Each call is a phase `step` stops after.
    case layoutCallback(String, detail: String)
}

public enum InvalidationReason: String, Sendable {
    case boundsChange = "bounds change"
    case reloadData = "reloadData"
    case batchUpdates = "batch updates"
    case insetsChange = "insets change"
    case sizeChange = "size change"
    case layoutChange = "layout change"
    case layoutRequest = "layout request"
    case preferredAttributes = "preferred attributes"
    case orthogonalScroll = "orthogonal scroll"
    /// A dynamic animator's items came to rest (UIKit Dynamics).
    case dynamicAnimator = "dynamic animator"
}

/// The difference between two visible sets, as values: what an observer
/// keeps of a pass never holds the layout's objects (those are made again on
/// later passes, `CollectionViewLayout.reuseAttributes`) and never changes
/// after the pass. Elements are matched by identity across batch updates (an
/// item moved from 0:3 to 0:2 is the same element).
public struct VisibleDiff {
    public struct Change {
        public let from: AttributesSnapshot
        public let to: AttributesSnapshot
        /// The element's key now (the one its attributes `to` carry).
        public var key: ElementKey { to.key }
        /// The key the element had before (differs from `key` after batch updates).
        public var oldKey: ElementKey { from.key }

        public init(from: AttributesSnapshot, to: AttributesSnapshot) {
            self.from = from
            self.to = to
        }

        /// The change between two attribute objects, as they are now.
        public init(from: CollectionViewLayoutAttributes, to: CollectionViewLayoutAttributes) {
            self.init(from: AttributesSnapshot(from), to: AttributesSnapshot(to))
        }
        public var frameChanged: Bool { from.frame != to.frame }
    }
    public var appeared: [AttributesSnapshot] = []
    public var disappeared: [AttributesSnapshot] = []
    /// Elements visible before and after whose attributes differ.
    public var changed: [Change] = []
    public var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty && changed.isEmpty }
    public init() {}

    /// The values of a pass's diff of objects, as they are now.
    init(_ changes: VisibleChanges) {
        appeared = changes.appeared.map { AttributesSnapshot($0) }
        disappeared = changes.disappeared.map { AttributesSnapshot($0) }
        changed = changes.changed.map { change in
            var from = AttributesSnapshot(change.from)
            // After a batch update the old attributes carry the old key
            // unless the layout changed it: the key the mapping matched wins.
            if let keyBefore = change.keyBefore { from.key = keyBefore }
            return Change(from: from, to: AttributesSnapshot(change.to))
        }
    }
}

/// A pass's own diff, of the attribute objects themselves: what the pass
/// needs of it (the cells self-sizing measures, the keys a batch update
/// animates) without a copy. It is reported as values (`VisibleDiff`).
struct VisibleChanges {
    struct Change {
        let from: CollectionViewLayoutAttributes
        let to: CollectionViewLayoutAttributes
        /// The key the element was visible under before a batch update, as the
        /// update's mapping matched it. On any other pass the element kept its
        /// key, which its old attributes carry: nothing is stored per change.
        let keyBefore: ElementKey?

        init(from: CollectionViewLayoutAttributes, to: CollectionViewLayoutAttributes, keyBefore: ElementKey? = nil) {
            self.from = from
            self.to = to
            self.keyBefore = keyBefore
        }
        var key: ElementKey { to.key }
    }
    var appeared: [CollectionViewLayoutAttributes] = []
    var disappeared: [CollectionViewLayoutAttributes] = []
    var changed: [Change] = []
}

/// Receives the events of the layout cycle.
public protocol LayoutCycleObserver: AnyObject {
    func collectionView(_ collectionView: CollectionView, didReport event: LayoutCycleEvent)
    /// Whether `elementsQueried` and `visibleChanged` events should carry
    /// the attributes as values, and the visible diff be sorted by key (trace
    /// and step show them). Measuring observers say no, and get both events
    /// empty: copying every answer costs as much as the query. Default: yes.
    var wantsAttributeCopies: Bool { get }
}

extension LayoutCycleObserver {
    public var wantsAttributeCopies: Bool { true }
}

extension LayoutCycleEvent {
    /// The phase's short name, as `step` shows where it paused
    /// (`stk:flow-sticky [scroll 3/8 prepare]>`).
    public var phaseName: String {
        switch self {
        case .shouldInvalidateAsked: return "should-invalidate"
        case .contextCreated: return "context"
        case .invalidated: return "invalidate"
        case .boundsChanged: return "bounds set"
        case .prepared: return "prepare"
        case .contentSize: return "content size"
        case .elementsQueried: return "query"
        case .updatesPrepared: return "prepare updates"
        case .appearing: return "appearing"
        case .disappearing: return "disappearing"
        case .updatesFinalized: return "finalize updates"
        case .visibleChanged: return "diff"
        case .flingProjected: return "fling"
        case .targetContentOffsetAsked: return "target offset"
        case .animatedBoundsChangePrepared: return "prepare animated bounds"
        case .animatedBoundsChangeFinalized: return "finalize animated bounds"
        case .transitionPrepared: return "prepare transition"
        case .layoutCallback(let name, _): return name == "sectionProvider" ? "section provider" : "visible items handler"
        case .transitionFinalized: return "finalize transition"
        case .preferredAttributesAsked: return "self-sizing"
        }
    }
}

extension Sequence where Element == LayoutCycleEvent {
    /// The invalidation contexts of these events, each with why it was made,
    /// as the layout sent it on to `super.invalidateLayout(with:)`: an
    /// override may add to the context first (a sticky layout naming its
    /// headers), and the context as it reaches the base is the one UIKit
    /// acts on. A context the layout swallowed (an override that does not
    /// call super) is as it was made.
    public var contextsAsSent: [(snapshot: InvalidationContextSnapshot, reason: InvalidationReason)] {
        var contexts: [(snapshot: InvalidationContextSnapshot, reason: InvalidationReason)] = []
        var awaitingSend: Int?
        for event in self {
            switch event {
            case let .contextCreated(snapshot, reason):
                contexts.append((snapshot, reason))
                awaitingSend = contexts.count - 1
            case let .invalidated(snapshot):
                if let index = awaitingSend { contexts[index].snapshot = snapshot }
                awaitingSend = nil
            default:
                break
            }
        }
        return contexts
    }
}
