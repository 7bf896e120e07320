import Foundation

/// Scrolling physics: flings and their projection, animated scrolls,
/// scrolling to an item, and the rows of orthogonal sections.
extension CollectionView {
    // MARK: Flinging

    /// How many bounds changes an animated scroll takes unless told (stk's choice).
    public static let defaultAnimationSteps = 10

    /// The range the content offset may rest in along each axis: from minus the
    /// leading adjusted inset to the content's end plus the trailing inset
    /// minus the bounds (never below the start).
    public var scrollableOffsetRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let inset = adjustedContentInset
        let content = contentSize
        let minX = -inset.left, minY = -inset.top
        let maxX = max(minX, content.width + inset.right - bounds.width)
        let maxY = max(minY, content.height + inset.bottom - bounds.height)
        return (minX...maxX, minY...maxY)
    }

    /// Where a fling with `velocity` (points per second) comes to rest before
    /// the layout is asked (docs/semantics.md, "Flinging"): the deceleration
    /// projection `offset + v / 1000 * r / (1 - r)` per axis, or with paging
    /// the next page boundary in the velocity's direction (the nearest at
    /// zero velocity), clamped to the scrollable range.
    public func projectedContentOffset(forFlingVelocity velocity: CGPoint) -> CGPoint {
        let range = scrollableOffsetRange
        func clamp(_ v: CGFloat, _ r: ClosedRange<CGFloat>) -> CGFloat { min(max(v, r.lowerBound), r.upperBound) }
        let offset = contentOffset
        if isPagingEnabled {
            func page(_ position: CGFloat, _ v: CGFloat, _ size: CGFloat) -> CGFloat {
                guard size > 0 else { return position }
                return Self.pageIndex(from: position, velocity: v, pageLength: size) * size
            }
            return keepingFixedAxes(CGPoint(x: clamp(page(offset.x, velocity.x, bounds.width), range.x),
                                            y: clamp(page(offset.y, velocity.y, bounds.height), range.y)), range: range)
        }
        let r = decelerationRate.rawValue
        return keepingFixedAxes(CGPoint(x: clamp(offset.x + Self.decelerationDistance(velocity: velocity.x, rate: r), range.x),
                                        y: clamp(offset.y + Self.decelerationDistance(velocity: velocity.y, rate: r), range.y)), range: range)
    }

    /// How far a release at `velocity` (points per second) carries the content
    /// at deceleration `rate`: `v / 1000 * r / (1 - r)` (docs/semantics.md,
    /// "Flinging"). A compositional layout's rows project with it too.
    public static func decelerationDistance(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        velocity / 1000 * (rate / (1 - rate))
    }

    /// The page (of pages `pageLength` long) a paged fling from `position`
    /// rests on: the next boundary in the velocity's direction, the nearest
    /// at zero velocity. Paging, and a row's group paging, use it.
    public static func pageIndex(from position: CGFloat, velocity: CGFloat, pageLength: CGFloat) -> CGFloat {
        let pages = position / pageLength
        if velocity > 0 { return (pages + 1e-9).rounded(.down) + 1 }
        if velocity < 0 { return (pages - 1e-9).rounded(.up) - 1 }
        return pages.rounded()
    }

    /// The fraction of an animated move done after step `k` of `steps`, on
    /// stk's cubic ease-out (fast, then slowing).
    public static func easedFraction(step k: Int, of steps: Int) -> CGFloat {
        let t = CGFloat(k) / CGFloat(steps)
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    /// `proposed`, except along an axis the content does not scroll (its
    /// scrollable range is one point), which keeps the current offset: as in
    /// UIKit without `alwaysBounceHorizontal`, a vertical list never moves
    /// sideways, even when its insets would clamp the offset across.
    func keepingFixedAxes(_ proposed: CGPoint, range: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>)) -> CGPoint {
        return CGPoint(x: range.x.lowerBound == range.x.upperBound ? contentOffset.x : proposed.x,
                       y: range.y.lowerBound == range.y.upperBound ? contentOffset.y : proposed.y)
    }

    /// UIKit's end of a drag with a velocity (points per second): the
    /// projection (`projectedContentOffset`), the layout's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// with the velocity in points per millisecond, then the animation to the
    /// answer as `steps` bounds changes (`animateContentOffset`).
    public func fling(velocity: CGPoint, steps: Int = CollectionView.defaultAnimationSteps) throws {
        try Validate.point(velocity, "velocity")
        guard steps >= 1 else { throw CollectionViewError("steps must be at least 1, got \(steps)") }
        layoutIfNeeded()
        let proposed = projectedContentOffset(forFlingVelocity: velocity)
        report(.flingProjected(velocity: velocity, decelerationRate: decelerationRate.rawValue, paging: isPagingEnabled,
                               from: contentOffset, proposed: proposed))
        let perMillisecond = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
        let target = collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: perMillisecond)
        report(.targetContentOffsetAsked(proposed: proposed, velocity: perMillisecond, answer: target))
        guard target.x.isFinite, target.y.isFinite else {
            throw CollectionViewError.unusableLayoutAnswer(
                method: "targetContentOffset(forProposedContentOffset:withScrollingVelocity:)",
                message: "targetContentOffset(forProposedContentOffset:withScrollingVelocity:) answered \(target.stk), which is not a finite point")
        }
        let range = scrollableOffsetRange
        let rest = restingOffset(afterAnswer: target, proposed: proposed, range: range)
        guard rest != target else { return try animateContentOffset(to: target, steps: steps) }
        // The content cannot rest outside its range: UIKit's scroll view
        // decelerates to the answer, overshooting, and bounces back to the
        // edge, all while decelerating. The answer is the layout's bug (a
        // snap that forgets the ends), so it is said, and `check` keeps it.
        let axes = [(rest.x != target.x, "x", range.x), (rest.y != target.y, "y", range.y)].filter(\.0)
            .map { "\($0.1) from \($0.2.lowerBound.stk) to \($0.2.upperBound.stk)" }
        warn("targetContentOffset(forProposedContentOffset:withScrollingVelocity:) answered \(target.stk), outside the scrollable range "
             + "(\(axes.joined(separator: ", "))): the content cannot rest there; UIKit's scroll view overshoots to it and bounces back to \(rest.stk)")
        try move(along: animationPath(to: target, steps: steps) + animationPath(from: target, to: rest, steps: steps), decelerating: true)
    }

    /// Where a fling whose layout answered `target` comes to rest: `target`,
    /// except along an axis where it lies outside the scrollable range, which
    /// is clamped to the range's nearer end (the bounce back). An axis the
    /// projection left where it was (one the content does not scroll along)
    /// stays wherever the layout left it equal to the proposal.
    func restingOffset(afterAnswer target: CGPoint, proposed: CGPoint, range: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>)) -> CGPoint {
        func settle(_ value: CGFloat, _ proposal: CGFloat, _ r: ClosedRange<CGFloat>) -> CGFloat {
            if r.contains(value) || value == proposal { return value }
            return min(max(value, r.lowerBound), r.upperBound)
        }
        return CGPoint(x: settle(target.x, proposed.x, range.x), y: settle(target.y, proposed.y, range.y))
    }

    /// The offsets of an animated scroll from the current offset to `target`:
    /// `steps` points on a cubic ease-out (fast, then slowing, as a decelerating
    /// scroll view moves; UIKit's curve is not published, this is stk's), the
    /// last exactly `target`.
    public func animationPath(to target: CGPoint, steps: Int) -> [CGPoint] {
        animationPath(from: contentOffset, to: target, steps: steps)
    }

    /// The offsets of an animated scroll from `start` to `target` (`animationPath(to:steps:)`).
    func animationPath(from start: CGPoint, to target: CGPoint, steps: Int) -> [CGPoint] {
        let steps = max(1, steps)
        return (1...steps).map { k in
            if k == steps { return target }
            let f = Self.easedFraction(step: k, of: steps)
            return CGPoint(x: start.x + (target.x - start.x) * f, y: start.y + (target.y - start.y) * f)
        }
    }

    /// Moves to `target` as `steps` bounds changes (`animationPath`), with
    /// `isDecelerating` true throughout.
    /// `decelerating`: whether the finger was lifted (a fling): UIKit's
    /// `isDecelerating` is false for a scroll the app animates.
    public func animateContentOffset(to target: CGPoint, steps: Int, decelerating: Bool = true) throws {
        try Validate.point(target, "contentOffset")
        try move(along: animationPath(to: target, steps: steps), decelerating: decelerating)
    }

    /// One bounds change for each offset of `path`, with `isDecelerating`
    /// as `decelerating` says throughout (a fling's bounce included).
    func move(along path: [CGPoint], decelerating: Bool) throws {
        isDecelerating = decelerating
        defer { isDecelerating = false }
        for offset in path { try setContentOffset(offset) }
    }

    /// The content offset `scrollToItem(at:position:)` would scroll to: the item
    /// aligned with the top, centre or bottom of the area inside the adjusted
    /// insets (left, centre, right for horizontal layouts; both for layouts that
    /// are not flow layouts), clamped to the
    /// scrollable range as UIKit clamps it.
    public func contentOffset(forScrollingToItem indexPath: IndexPath, at position: ScrollPosition) throws -> CGPoint {
        guard isValidItem(indexPath) else { throw itemOutOfRange(indexPath) }
        layoutIfNeeded()
        guard let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) else {
            throw CollectionViewError("the layout has no attributes for item \(indexPath.stk)")
        }
        let horizontal = (collectionViewLayout as? CollectionViewFlowLayout)?.scrollDirection == .horizontal
        let inset = adjustedContentInset
        let content = collectionViewLayout.collectionViewContentSize
        func target(minEdge: CGFloat, maxEdge: CGFloat, viewport: CGFloat, insetMin: CGFloat, insetMax: CGFloat, contentLength: CGFloat) -> CGFloat {
            let visible = viewport - insetMin - insetMax
            let raw: CGFloat
            switch position {
            case .top: raw = minEdge - insetMin
            case .center: raw = (minEdge + maxEdge) / 2 - visible / 2 - insetMin
            case .bottom: raw = maxEdge - viewport + insetMax
            }
            let lowest = -insetMin
            let highest = max(lowest, contentLength + insetMax - viewport)
            return min(max(raw, lowest), highest)
        }
        // A flow layout scrolls along one axis. Any other layout (a two-way grid)
        // is aligned on both axes: top/center/bottom also mean left/center/right.
        let isFlow = collectionViewLayout is CollectionViewFlowLayout
        var offset = contentOffset
        if horizontal || !isFlow {
            offset.x = target(minEdge: attributes.frame.minX, maxEdge: attributes.frame.maxX, viewport: bounds.width,
                              insetMin: inset.left, insetMax: inset.right, contentLength: content.width)
        }
        if !horizontal {
            offset.y = target(minEdge: attributes.frame.minY, maxEdge: attributes.frame.maxY, viewport: bounds.height,
                              insetMin: inset.top, insetMax: inset.bottom, contentLength: content.height)
        }
        return offset
    }

    /// UIKit's `scrollToItem(at:at:animated:)`, without animation. An item
    /// of an orthogonal section is brought into view in its row too, as
    /// UIKit scrolls the section's embedded scroll view: aligned with the
    /// row's leading edge, centre or trailing edge (top, center, bottom),
    /// clamped to the row; then the collection view scrolls to the row.
    public func scrollToItem(at indexPath: IndexPath, position: ScrollPosition) throws {
        if let layout = collectionViewLayout as? CollectionViewCompositionalLayout, isValidItem(indexPath) {
            layoutIfNeeded()
            if let rowOffset = layout.orthogonalOffset(ofSection: indexPath.section),
               let attributes = layout.layoutAttributesForItem(at: indexPath) {
                // Frames are where the row's offset puts them: the item's
                // place in the row is its frame plus that offset.
                let alongX = layout.configuration.scrollDirection == .vertical
                let start = (alongX ? attributes.frame.minX : attributes.frame.minY) + rowOffset
                let length = alongX ? attributes.frame.width : attributes.frame.height
                let visible = alongX ? bounds.width : bounds.height
                let target: CGFloat
                switch position {
                case .top: target = start
                case .center: target = start + length / 2 - visible / 2
                case .bottom: target = start + length - visible
                }
                let range = try layout.orthogonalOffsetRange(ofSection: indexPath.section)
                let clamped = min(max(target, range.lowerBound), range.upperBound)
                if clamped != rowOffset { try scrollOrthogonalSection(indexPath.section, to: clamped) }
            }
        }
        try setContentOffset(contentOffset(forScrollingToItem: indexPath, at: position))
    }

    // MARK: Orthogonal rows (compositional layouts)


    /// Scrolls the row of an orthogonal section of a compositional layout to
    /// `offset` (clamped to the row), as its embedded scroll view would: the
    /// layout names the section's visible items when it has a visible-items
    /// handler (then prepare runs); otherwise nothing is invalidated and the
    /// pass only asks for the elements, which moved.
    public func scrollOrthogonalSection(_ section: Int, to offset: CGFloat) throws {
        try Validate.finite(offset, "offset")
        let layout = try compositionalLayout()
        try performChange {
            try layout.moveRow(ofSection: section, to: offset).map { .context($0, .orthogonalScroll) } ?? .queryOnly
        }
    }

    /// Scrolls a row in `steps` changes of its offset: equal ones, as `scroll by`
    /// makes, or (`decelerating`, a fling) along `animationPath`'s curve.
    public func scrollOrthogonalSection(_ section: Int, to offset: CGFloat, steps: Int, decelerating: Bool = false) throws {
        guard steps >= 1 else { throw CollectionViewError("steps must be at least 1, got \(steps)") }
        let layout = try compositionalLayout()
        layoutIfNeeded()
        let start = try layout.orthogonalSection(section).rowOffset
        for k in 1...steps {
            let f = decelerating ? Self.easedFraction(step: k, of: steps) : CGFloat(k) / CGFloat(steps)
            try scrollOrthogonalSection(section, to: k == steps ? offset : start + (offset - start) * f)
        }
    }

    /// A fling of a row: its behaviour decides where it rests
    /// (docs/semantics.md, "Orthogonal sections"), then it moves there in `steps`.
    public func flingOrthogonalSection(_ section: Int, velocity: CGFloat, steps: Int = CollectionView.defaultAnimationSteps) throws {
        try Validate.finite(velocity, "velocity")
        let layout = try compositionalLayout()
        layoutIfNeeded()
        let row = try layout.orthogonalSection(section)
        let from = row.rowOffset
        // iOS 17: the section's own rate, when it sets one.
        let rate = row.description.orthogonalScrollingProperties.rate(collectionViewRate: decelerationRate.rawValue)
        let target = try layout.orthogonalRestingOffset(ofSection: section, velocity: velocity, decelerationRate: rate)
        let along = { (v: CGFloat) in layout.isVerticalScroll ? CGPoint(x: v, y: 0) : CGPoint(x: 0, y: v) }
        report(.flingProjected(velocity: along(velocity), decelerationRate: rate, paging: false,
                               from: along(from), proposed: along(target)))
        try scrollOrthogonalSection(section, to: target, steps: steps, decelerating: true)
    }

    /// The installed layout as a compositional one, the only kind with rows.
    func compositionalLayout() throws -> CollectionViewCompositionalLayout {
        guard let layout = collectionViewLayout as? CollectionViewCompositionalLayout else {
            throw CollectionViewError("only a compositional layout has orthogonal sections; this one is \(_typeName(type(of: collectionViewLayout), qualified: false))")
        }
        return layout
    }

    /// An offset a layout set during the pass, applied now as a bounds change.
    /// A layout that sets one in every pass is followed a few times, not forever.
    func applyDeferredContentOffset() {
        applyDeferred(\.deferredContentOffset, while: \.applyingDeferredContentOffset) { try? self.setContentOffset($0) }
    }

    /// Applies a value a layout set during a pass (`contentOffset`,
    /// `contentInset`), once the pass is over. Applying it runs a layout
    /// pass of its own, which ends here again: that nested call leaves its
    /// value to this loop (`applying` is set), so the rounds are counted, and
    /// a layout that sets a new value in every pass is followed four times.
    func applyDeferred<Value>(_ deferred: ReferenceWritableKeyPath<CollectionView, Value?>,
                              while applying: ReferenceWritableKeyPath<CollectionView, Bool>, _ apply: (Value) -> Void) {
        guard !self[keyPath: applying] else { return }
        self[keyPath: applying] = true
        defer { self[keyPath: applying] = false }
        var rounds = 0
        while let value = self[keyPath: deferred], rounds < 4 {
            self[keyPath: deferred] = nil
            rounds += 1
            apply(value)
        }
        self[keyPath: deferred] = nil
    }
}

extension CollectionView {
    /// After a batch update or a layout change UIKit asks the layout where the
    /// content should rest (`targetContentOffset(forProposedContentOffset:)`,
    /// with the current offset); a different answer becomes the offset, as a
    /// bounds change.
    func settleContentOffset() {
        let proposed = contentOffset
        let target = collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed)
        report(.targetContentOffsetAsked(proposed: proposed, velocity: nil, answer: target))
        guard target != proposed else { return }
        guard target.x.isFinite, target.y.isFinite else {
            warn("targetContentOffset(forProposedContentOffset:) answered \(target.stk), which is not a finite point; the offset stays \(proposed.stk)")
            return
        }
        try? setContentOffset(target)
    }
}
