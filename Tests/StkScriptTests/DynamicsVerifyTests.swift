import Foundation
import LayoutKit
import Testing
@testable import StkScript

/// What stk does not simulate of UIKit Dynamics (gravity, collisions) is a
/// note of stk's, not a finding against the layout: verify passes a correct
/// springy layout that also keeps a collision behaviour (round eleven's
/// waterfall, whose real bugs the false warning hid).
@Suite struct DynamicsVerifyTests {
    /// A flow layout whose items hang on springs at their flow positions,
    /// attached again whenever the flow is invalidated, with a collision
    /// behaviour over them as the published file has.
    final class SpringsAndCollisions: CollectionViewFlowLayout {
        lazy var animator = DynamicAnimator(collectionViewLayout: self)

        override func prepare() {
            super.prepare()
            guard animator.behaviors.isEmpty else { return }
            let items = (super.layoutAttributesForElements(in: CGRect(origin: .zero, size: collectionViewContentSize)) ?? [])
                .compactMap { $0.copy() as? CollectionViewLayoutAttributes }
            let collisions = CollisionBehavior()
            collisions.translatesReferenceBoundsIntoBoundary = true
            for item in items {
                animator.addBehavior(AttachmentBehavior(item: item, attachedToAnchor: item.center))
                collisions.addItem(item)
            }
            animator.addBehavior(collisions)
        }

        override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
            let flow = context as? CollectionViewFlowLayoutInvalidationContext
            if context.invalidateEverything || context.invalidateDataSourceCounts || flow?.invalidateFlowLayoutAttributes == true
                || flow?.invalidateFlowLayoutDelegateMetrics == true || !(context.invalidatedItemIndexPaths ?? []).isEmpty {
                animator.removeAllBehaviors()
            }
            super.invalidateLayout(with: context)
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            animator.items(in: rect) as? [CollectionViewLayoutAttributes]
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
        }

        override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            animator.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
                ?? super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            newBounds.size != collectionView?.bounds.size
        }
    }

    @Test func aCollisionBehaviourIsNoFindingOfTheLayouts() throws {
        let registry = try VerifyCheckTests.registry(with: [VerifyCheckTests.descriptor("springs-and-collisions") { SpringsAndCollisions() }])
        let report = try Verifier(layoutName: "springs-and-collisions", options: Verifier.Options(operations: 500), registry: registry).run()
        #expect(report.failures.isEmpty, "\(report.failures.map { $0.findings.map(\.message) })")
    }
}
