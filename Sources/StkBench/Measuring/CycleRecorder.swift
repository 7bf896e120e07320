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

    /// `prepare()` calls in the operation.
    private(set) var prepareCalls = 0

    /// When set (`startTiming`), the time of the operation is split among the
    /// phases of the cycle: each event ends a phase that began at the event
    /// before it (or at the start), so the clock is read once per event.
    private(set) var timesPhases = false
    private var lastEventNanos: UInt64 = 0
    /// Should-invalidate, contexts, invalidation and moving the bounds.
    private(set) var invalidationNanos: UInt64 = 0
    /// `prepare()`, the content size and `prepare(forCollectionViewUpdates:)`.
    private(set) var prepareNanos: UInt64 = 0
    /// `layoutAttributesForElements(in:)` of the layout pass.
    private(set) var queryNanos: UInt64 = 0
    /// The visible diff, with the initial and final attributes of a batch update.
    private(set) var diffNanos: UInt64 = 0

    /// Splits the time from `start` among the phases until `reset`.
    func startTiming(at start: UInt64) {
        timesPhases = true
        lastEventNanos = start
    }

    func reset() {
        prepareCalls = 0
        timesPhases = false
        invalidationNanos = 0
        prepareNanos = 0
        queryNanos = 0
        diffNanos = 0
        measuredCells = 0
        invalidatedElements = 0
        invalidatedEverything = false
        contexts = 0
        lastInvalidationNanos = nil
        preparedNanos = nil
    }

    func collectionView(_ collectionView: CollectionView, didReport event: LayoutCycleEvent) {
        if case .prepared = event { prepareCalls += 1 }
        if timesPhases { attributeTime(to: event) }
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

    /// Adds the time since the last event to the phase `event` ends. The
    /// app's code a layout calls (a section provider, a visible-items
    /// handler) belongs to the phase it runs in, which the next event ends.
    private func attributeTime(to event: LayoutCycleEvent) {
        if case .layoutCallback = event { return }
        let now = MonotonicClock.nanoseconds()
        let elapsed = now &- lastEventNanos
        lastEventNanos = now
        switch event {
        case .prepared, .contentSize, .updatesPrepared: prepareNanos &+= elapsed
        case .elementsQueried: queryNanos &+= elapsed
        case .visibleChanged, .appearing, .disappearing, .updatesFinalized: diffNanos &+= elapsed
        default: invalidationNanos &+= elapsed
        }
    }
}
