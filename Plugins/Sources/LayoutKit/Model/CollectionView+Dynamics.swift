import Foundation

/// UIKit Dynamics in the layout cycle (`DynamicAnimator`): after a pass, the
/// layout's animators come to rest, and each time that moves an item, the
/// layout is invalidated, as UIKit's animator invalidates it while it moves
/// items, and laid out again.
extension CollectionView {
    /// Rest passes one operation runs at most: a layout that moves its items
    /// again in every pass never rests, on iOS either.
    static let maxDynamicRestPasses = 4

    func bringDynamicAnimatorsToRest() {
        var passes = 0
        while true {
            let layout = collectionViewLayout
            guard !layout.dynamicAnimators.isEmpty else { return }
            layout.dynamicAnimators.removeAll { $0.animator == nil }
            let animators = layout.dynamicAnimators.compactMap(\.animator)
            guard passes < Self.maxDynamicRestPasses else {
                // Left as the last pass showed them, so that what stk shows is what the layout answered.
                if animators.contains(where: { !$0.isAtRest }) {
                    warn("the layout's dynamic animator did not come to rest in \(Self.maxDynamicRestPasses) layout passes: each pass moved its items away from where its behaviours hold them (stk stops here)")
                }
                return
            }
            var moved = false
            for animator in animators where animator.comeToRest(note: { note($0) }) { moved = true }
            guard moved else { return }
            passes += 1
            invalidate(with: animatorContext(), reason: .dynamicAnimator)
            selfSize(runLayoutPass(mapping: nil, updates: nil, offsetChange: nil))
        }
    }

    /// The animator moved the items itself: its context names nothing else
    /// (UIKit's is unpublished), not even a flow layout's metrics or
    /// attributes, so a layout that attaches its items again when its
    /// data, metrics or size change keeps them while they come to rest.
    private func animatorContext() -> CollectionViewLayoutInvalidationContext {
        let context = makeContext()
        if let flow = context as? CollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutAttributes = false
            flow.invalidateFlowLayoutDelegateMetrics = false
        }
        return context
    }
}
