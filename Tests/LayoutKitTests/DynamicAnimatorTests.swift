import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// UIKit Dynamics as layouts use it (docs/semantics.md, "UIKit Dynamics"):
/// where behaviours hold their items at rest, what the animator answers, and
/// the passes a collection view runs while a springy layout's items settle.
@Suite struct DynamicAnimatorTests {
    /// A cell's attributes of `size` centred on `centre`.
    func cell(_ item: Int, centre: CGPoint, size: CGSize = CGSize(width: 100, height: 100)) -> CollectionViewLayoutAttributes {
        let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        a.frame = CGRect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
        return a
    }

    func animator() -> DynamicAnimator { DynamicAnimator(collectionViewLayout: CollectionViewLayout()) }

    func rest(_ animator: DynamicAnimator) -> (moved: Bool, notes: [String]) {
        var notes: [String] = []
        let moved = animator.comeToRest { notes.append($0) }
        return (moved, notes)
    }

    // MARK: Where items rest

    @Test func aSpringOfLengthZeroPutsItsItemBackOnTheAnchor() {
        let a = cell(0, centre: CGPoint(x: 50, y: 50))
        let animator = animator()
        let spring = AttachmentBehavior(item: a, attachedToAnchor: a.center)
        #expect(spring.length == 0) // UIKit's default: the distance when it is made
        animator.addBehavior(spring)
        a.center.y += 33.25
        #expect(rest(animator).moved)
        #expect(a.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        // At rest already: nothing moves, and the caller runs no pass.
        #expect(!rest(animator).moved)
    }

    @Test func anAttachmentHoldsItsLengthAlongTheLineItLiesOn() {
        let a = cell(0, centre: CGPoint(x: 30, y: 40))
        let animator = animator()
        let attachment = AttachmentBehavior(item: a, attachedToAnchor: .zero)
        #expect(attachment.length == 50) // 3-4-5
        attachment.length = 20
        animator.addBehavior(attachment)
        #expect(rest(animator).moved)
        // 20 along (0.6, 0.8).
        #expect(abs(a.center.x - 12) < 1e-12 && abs(a.center.y - 16) < 1e-12, "\(a.center)")
    }

    @Test func anAttachmentRangeLetsTheItemRestAnywhereWithinIt() {
        let a = cell(0, centre: CGPoint(x: 0, y: 25))
        let animator = animator()
        let attachment = AttachmentBehavior(item: a, attachedToAnchor: .zero)
        attachment.length = 20
        attachment.attachmentRange = FloatRange(minimum: -10, maximum: 10)
        animator.addBehavior(attachment)
        // 25 lies within 10...30: it rests where it is.
        #expect(!rest(animator).moved)
        a.center = CGPoint(x: 0, y: 50)
        #expect(rest(animator).moved)
        #expect(a.center == CGPoint(x: 0, y: 30))
    }

    @Test func twoItemsAttachedToEachOtherShareTheMove() {
        let a = cell(0, centre: .zero), b = cell(1, centre: CGPoint(x: 100, y: 0))
        let animator = animator()
        let attachment = AttachmentBehavior(item: a, attachedTo: b)
        #expect(attachment.length == 100)
        attachment.length = 50
        animator.addBehavior(attachment)
        #expect(rest(animator).moved)
        // Each moves half of the 50 points towards the other.
        #expect(a.center == CGPoint(x: 25, y: 0))
        #expect(b.center == CGPoint(x: 75, y: 0))
    }

    @Test func anAttachmentOffTheCentreHoldsThatPoint() {
        let a = cell(0, centre: .zero)
        let animator = animator()
        let attachment = AttachmentBehavior(item: a, offsetFromCenter: Offset(horizontal: 10, vertical: 0),
                                            attachedToAnchor: CGPoint(x: 100, y: 100))
        attachment.length = 0
        animator.addBehavior(attachment)
        #expect(rest(animator).moved)
        // The point 10 right of the centre is on the anchor.
        #expect(a.center == CGPoint(x: 90, y: 100))
    }

    @Test func aSnapPutsItsItemOnItsPoint() {
        let a = cell(0, centre: CGPoint(x: 5, y: 5))
        let animator = animator()
        animator.addBehavior(SnapBehavior(item: a, snapTo: CGPoint(x: 200, y: 300)))
        #expect(rest(animator).moved)
        #expect(a.center == CGPoint(x: 200, y: 300))
    }

    @Test func childBehavioursCountAndLeaveWithTheirParent() {
        let a = cell(0, centre: CGPoint(x: 50, y: 90))
        let animator = animator()
        let parent = DynamicBehavior()
        parent.addChildBehavior(AttachmentBehavior(item: a, attachedToAnchor: CGPoint(x: 50, y: 50)))
        // Made at distance 40: brought to length 0 below.
        (parent.childBehaviors[0] as? AttachmentBehavior)?.length = 0
        animator.addBehavior(parent)
        #expect(parent.childBehaviors[0].dynamicAnimator === animator)
        #expect(rest(animator).moved)
        #expect(a.center == CGPoint(x: 50, y: 50))
        // Removing a behaviour that is not its child leaves that behaviour alone.
        let other = SnapBehavior(item: cell(1, centre: .zero), snapTo: .zero)
        animator.addBehavior(other)
        parent.removeChildBehavior(other)
        #expect(other.dynamicAnimator === animator)
        animator.removeBehavior(other)
        animator.removeBehavior(parent)
        #expect(parent.childBehaviors[0].dynamicAnimator == nil)
        #expect(animator.items(in: .infinite).isEmpty)
    }

    @Test func gravityAndCollisionsAreKeptNotSimulatedAndSaidOnce() {
        let a = cell(0, centre: CGPoint(x: 50, y: 50)), b = cell(1, centre: CGPoint(x: 200, y: 50))
        let animator = animator()
        animator.addBehavior(GravityBehavior(items: [a, b]))
        let collision = CollisionBehavior(items: [a, b])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let first = rest(animator)
        #expect(!first.moved)
        #expect(a.center == CGPoint(x: 50, y: 50))
        #expect(first.notes.count == 2)
        #expect(first.notes[0].contains("not its UIGravityBehavior"), "\(first.notes)")
        #expect(first.notes[1].contains("not its UICollisionBehavior"), "\(first.notes)")
        #expect(rest(animator).notes.isEmpty)
        // Made with init(), as UIKit's: a collision with no items has nothing to simulate.
        let empty = self.animator()
        let boundary = CollisionBehavior()
        boundary.translatesReferenceBoundsIntoBoundary = true
        empty.addBehavior(boundary)
        empty.addBehavior(DynamicItemBehavior())
        empty.addBehavior(GravityBehavior())
        #expect(rest(empty).notes.isEmpty)
    }

    @Test func theActionsAndTheDelegateRunOnlyWhenItemsMove() {
        final class Delegate: DynamicAnimatorDelegate {
            var calls: [String] = []
            func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { calls.append("resume") }
            func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { calls.append("pause") }
        }
        let a = cell(0, centre: CGPoint(x: 50, y: 50))
        let animator = animator()
        let delegate = Delegate()
        animator.delegate = delegate
        let spring = AttachmentBehavior(item: a, attachedToAnchor: a.center)
        var actions = 0
        spring.action = { actions += 1 }
        animator.addBehavior(spring)
        _ = rest(animator)
        #expect(actions == 0 && delegate.calls.isEmpty)
        a.center.y = 70
        _ = rest(animator)
        #expect(actions == 1)
        #expect(delegate.calls == ["resume", "pause"])
    }

    // MARK: What the animator answers

    @Test func itemsInARectAndSingleQueriesComeFromTheBehavioursItems() {
        let animator = animator()
        let first = cell(0, centre: CGPoint(x: 50, y: 50)), second = cell(1, centre: CGPoint(x: 50, y: 500))
        let header = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
        header.frame = CGRect(x: 0, y: 0, width: 390, height: 40)
        for item in [second, first, header] { animator.addBehavior(AttachmentBehavior(item: item, attachedToAnchor: item.center)) }
        // The order they joined; only those meeting the rect.
        let near = animator.items(in: CGRect(x: 0, y: 0, width: 390, height: 200))
        #expect(near.count == 2)
        #expect(near[0] === first && near[1] === header)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 1, section: 0)) === second)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 2, section: 0)) == nil)
        #expect(animator.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0)) === header)
        #expect(animator.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: 0)) == nil)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty && animator.items(in: .infinite).isEmpty)
    }

    @Test func thePanGestureRecognizerIsAFingerInTheMiddleOfTheView() throws {
        let cv = try CollectionView(size: CGSize(width: 390, height: 844), layout: CollectionViewFlowLayout(), itemCounts: [100])
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        let pan = cv.panGestureRecognizer
        #expect(pan === cv.panGestureRecognizer)
        #expect(pan.state == .possible)
        // In the collection view's (content) coordinates, then the window's.
        #expect(pan.location(in: cv) == CGPoint(x: 195, y: 722))
        #expect(pan.location(in: nil as CollectionView?) == CGPoint(x: 195, y: 422))
        #expect(pan.velocity(in: cv) == .zero && pan.translation(in: cv) == .zero)
    }

    // MARK: In a collection view

    @Test func aScrollShowsTheItemsTrailingThenAtRest() throws {
        let cv = try CollectionView(layout: SpringyLayout(), itemCounts: [30])
        let recorder = cv.startRecordingAfterFirstPass()
        try cv.setContentOffset(CGPoint(x: 0, y: 100))

        // Pass 1: the finger is at the middle of the bounds before the scroll,
        // 195,422; item 0:0's anchor is its centre 60,60, 362 + 135 = 497 from
        // it, so it trails by 100 x 497 / 1500 = 33.13 (less than the scroll).
        let queries = recorder.queriedAnswers
        #expect(queries.count == 2)
        let trailing = try #require(queries.first?.first { $0.key == .cell(IndexPath(item: 0, section: 0)) })
        #expect(abs(trailing.frame.minY - (10 + 100 * 497 / 1500)) < 1e-9, "\(trailing)")
        // Then the animator invalidates the layout once, with a context that
        // names nothing, and the next pass shows every item at rest.
        let animatorContexts = recorder.contexts(for: .dynamicAnimator)
        #expect(animatorContexts.count == 1)
        #expect(animatorContexts.first?.invalidateEverything == false)
        let atRest = try #require(queries.last?.first { $0.key == .cell(IndexPath(item: 0, section: 0)) })
        #expect(atRest.frame == CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(cv.warnings.isEmpty, "\(cv.warnings)")
    }

    /// Springs of length 0 rest where the flow layout puts the items: after
    /// any scroll, the springy layout shows what the plain flow layout shows.
    @Test(arguments: [UInt64(1), 2, 3])
    func atRestTheSpringyLayoutShowsWhatTheFlowLayoutShows(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let counts = (0..<3).map { _ in Int.random(in: 5...40, using: &rng) }
        let springy = SpringyLayout(), flow = SpringyLayout.plainFlow()
        let a = try CollectionView(size: CGSize(width: 390, height: 844), layout: springy, itemCounts: counts)
        let b = try CollectionView(size: CGSize(width: 390, height: 844), layout: flow, itemCounts: counts)
        a.layoutIfNeeded()
        b.layoutIfNeeded()
        for _ in 0..<25 {
            let maxY = max(0, a.contentSize.height - 844)
            let y = (CGFloat(Int.random(in: 0...Int(maxY), using: &rng)) * 4).rounded() / 4
            try a.setContentOffset(CGPoint(x: 0, y: y))
            try b.setContentOffset(CGPoint(x: 0, y: y))
            #expect(a.visibleSnapshots.sorted { $0.key < $1.key } == b.visibleSnapshots.sorted { $0.key < $1.key }, "offset \(y)")
        }
        #expect(a.warnings.isEmpty, "\(a.warnings)")
    }

    @Test func anAnimatorThatNeverRestsIsStoppedAndSaidSo() throws {
        let cv = try CollectionView(layout: RestlessLayout(), itemCounts: [200])
        let recorder = cv.startRecordingAfterFirstPass()
        // The layout answers no to the bounds change: a pass only asks for
        // the elements, then the animator's passes begin.
        try cv.setContentOffset(CGPoint(x: 0, y: 10))
        let rests = recorder.contexts(for: .dynamicAnimator)
        #expect(rests.count == CollectionView.maxDynamicRestPasses)
        #expect(cv.warnings.contains { $0.contains("did not come to rest in \(CollectionView.maxDynamicRestPasses) layout passes") }, "\(cv.warnings)")
    }
}

/// The springy flow layout of Examples/SourceLayouts/SpringyFlowLayout.swift,
/// in LayoutKit's names: every item on a spring of length 0 at its flow
/// position; a scroll makes each trail the finger.
private final class SpringyLayout: CollectionViewFlowLayout {
    lazy var animator = DynamicAnimator(collectionViewLayout: self)

    static func plainFlow() -> CollectionViewFlowLayout {
        let flow = CollectionViewFlowLayout()
        configure(flow)
        return flow
    }

    static func configure(_ flow: CollectionViewFlowLayout) {
        flow.itemSize = CGSize(width: 100, height: 100)
        flow.minimumLineSpacing = 10
        flow.minimumInteritemSpacing = 10
        flow.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    }

    override init() {
        super.init()
        Self.configure(self)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func prepare() {
        super.prepare()
        guard animator.behaviors.isEmpty else { return }
        for attributes in super.layoutAttributesForElements(in: CGRect(origin: .zero, size: collectionViewContentSize)) ?? [] {
            guard let item = attributes.copy() as? CollectionViewLayoutAttributes else { continue }
            animator.addBehavior(AttachmentBehavior(item: item, attachedToAnchor: item.center))
        }
    }

    override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { animator.removeAllBehaviors() }
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [CollectionViewLayoutAttributes]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        let delta = newBounds.minY - cv.bounds.minY
        let touch = cv.panGestureRecognizer.location(in: cv)
        for case let spring as AttachmentBehavior in animator.behaviors {
            guard let item = spring.items.first else { continue }
            let resistance = (abs(touch.y - spring.anchorPoint.y) + abs(touch.x - spring.anchorPoint.x)) / 1500
            item.center.y += delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }
}

/// A layout whose `prepare()` moves its item off its spring every time: it
/// never rests.
private final class RestlessLayout: CollectionViewFlowLayout {
    lazy var animator = DynamicAnimator(collectionViewLayout: self)

    override func prepare() {
        super.prepare()
        if animator.behaviors.isEmpty, let first = super.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.copy() as? CollectionViewLayoutAttributes {
            animator.addBehavior(AttachmentBehavior(item: first, attachedToAnchor: first.center))
        }
        for case let spring as AttachmentBehavior in animator.behaviors { spring.items[0].center.y += 1 }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [CollectionViewLayoutAttributes]
    }
}
