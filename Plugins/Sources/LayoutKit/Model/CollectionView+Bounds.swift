import Foundation

/// Bounds changes: a scroll, a resize or a rotation, as UIKit runs them.
extension CollectionView {
    /// Moves and/or resizes the viewport as UIKit does: should-invalidate and the
    /// context are asked while the old bounds are still current, then the bounds
    /// change, then the layout pass runs.
    public func setBounds(_ newBounds: CGRect) throws {
        try Validate.point(newBounds.origin, "contentOffset")
        try Validate.size(newBounds.size, "bounds size")
        performChange { newBounds == bounds ? nil : .bounds(newBounds) }
    }

    /// The front half of a bounds change: should-invalidate and the context
    /// are asked while the old bounds are still current, then the bounds change.
    func moveBounds(to newBounds: CGRect) {
        let layout = collectionViewLayout
        let old = bounds
        let answer = layout.shouldInvalidateLayout(forBoundsChange: newBounds)
        report(.shouldInvalidateAsked(currentBounds: old, newBounds: newBounds, answer: answer))
        if answer {
            let context = layout.invalidationContext(forBoundsChange: newBounds)
            invalidate(with: context, reason: .boundsChange)
        }
        bounds = newBounds
        report(.boundsChanged(from: old, to: newBounds))
        if newBounds.size != old.size, let layoutSubviews = layout.__stkViewDidLayoutSubviews {
            // The screen's view was laid out at the new size: its
            // viewDidLayoutSubviews() sets the layout up again.
            receivingLayout { layoutSubviews(layout) }
        }
    }

    public func setContentOffset(_ offset: CGPoint) throws {
        try setBounds(CGRect(origin: offset, size: bounds.size))
    }

    /// Resizes the viewport, keeping the content offset.
    public func setBoundsSize(_ size: CGSize) throws {
        try setBounds(CGRect(origin: bounds.origin, size: size))
    }

    /// An animated bounds change (a rotation): the layout's
    /// `prepare(forAnimatedBoundsChange:)`, with the old bounds still current,
    /// then the bounds change as `setBounds`, then `finalizeAnimatedBoundsChange()`.
    public func setBounds(_ newBounds: CGRect, animated: Bool) throws {
        guard animated else { return try setBounds(newBounds) }
        try Validate.point(newBounds.origin, "contentOffset")
        try Validate.size(newBounds.size, "bounds size")
        layoutIfNeeded()
        guard newBounds != bounds else { return }
        let old = bounds
        collectionViewLayout.prepare(forAnimatedBoundsChange: old)
        report(.animatedBoundsChangePrepared(oldBounds: old))
        defer {
            collectionViewLayout.finalizeAnimatedBoundsChange()
            report(.animatedBoundsChangeFinalized)
        }
        try setBounds(newBounds)
    }
}
