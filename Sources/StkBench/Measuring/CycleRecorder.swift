import Foundation
import LayoutKit

/// Watches the layout cycle of one operation: what its invalidation contexts
/// named, and when `prepare()` ran. The runner resets it before each timed
/// operation and reads it after; it does no work beyond a few stores per event,
/// so it adds nothing measurable to a step.
final class CycleRecorder: LayoutCycleObserver {
    /// Elements named by the contexts of the operation (items + supplementary + decoration).
    private(set) var invalidatedElements = 0
    /// Whether a context made the layout redo everything (`invalidateEverything`,
    /// `invalidateDataSourceCounts`, or a flow context with either flow flag).
    private(set) var invalidatedEverything = false
    /// Contexts passed to `invalidateLayout(with:)`.
    private(set) var contexts = 0

    /// When set, the clock is read at the last invalidation and at the end of `prepare()`.
    var timesPrepare = false
    private(set) var lastInvalidationNanos: UInt64?
    private(set) var preparedNanos: UInt64?

    /// The contexts are all a step's figures need; copies of the answer would be measured too.
    var wantsAttributeCopies: Bool { false }

    /// Cells whose preferred size the layout took (self-sizing).
    private(set) var measuredCells = 0

    func reset() {
        measuredCells = 0
        invalidatedElements = 0
        invalidatedEverything = false
        contexts = 0
        lastInvalidationNanos = nil
        preparedNanos = nil
    }

    func collectionView(_ collectionView: CollectionView, didReport event: LayoutCycleEvent) {
        switch event {
        case .invalidated(let snapshot):
            contexts += 1
            invalidatedElements += snapshot.elementCount
            if snapshot.isFullInvalidation { invalidatedEverything = true }
            if timesPrepare { lastInvalidationNanos = MonotonicClock.nanoseconds() }
        case .prepared:
            if timesPrepare { preparedNanos = MonotonicClock.nanoseconds() }
        case .preferredAttributesAsked(_, _, _, let answer):
            if answer { measuredCells += 1 }
        default:
            break
        }
    }
}
