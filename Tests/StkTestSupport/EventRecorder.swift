import Foundation
import Testing
import LayoutKit

/// Records every layout-cycle event a collection view reports, with views of
/// the record for the tests' questions (the contexts built, the invalidations,
/// the prepares, the queries, the elements appearing...). A subclass can act
/// on each event too (see ResumableOperationTests' pausing recorder).
open class EventRecorder: LayoutCycleObserver {
    public var events: [LayoutCycleEvent] = []

    public init() {}

    open func collectionView(_ collectionView: CollectionView, didReport event: LayoutCycleEvent) {
        events.append(event)
    }

    /// Forgets what was recorded.
    public func reset() { events.removeAll() }

    /// One word per event, to compare orders.
    public var names: [String] { events.map(Self.name) }

    public static func name(_ e: LayoutCycleEvent) -> String {
        switch e {
        case .shouldInvalidateAsked: return "shouldInvalidateAsked"
        case .contextCreated: return "contextCreated"
        case .invalidated: return "invalidated"
        case .boundsChanged: return "boundsChanged"
        case .prepared: return "prepared"
        case .contentSize: return "contentSize"
        case .elementsQueried: return "elementsQueried"
        case .updatesPrepared: return "updatesPrepared"
        case .appearing: return "appearing"
        case .disappearing: return "disappearing"
        case .updatesFinalized: return "updatesFinalized"
        case .visibleChanged: return "visibleChanged"
        case .flingProjected: return "flingProjected"
        case .targetContentOffsetAsked: return "targetContentOffsetAsked"
        case .animatedBoundsChangePrepared: return "animatedBoundsChangePrepared"
        case .animatedBoundsChangeFinalized: return "animatedBoundsChangeFinalized"
        case .transitionPrepared: return "transitionPrepared"
        case .transitionFinalized: return "transitionFinalized"
        case .preferredAttributesAsked: return "preferredAttributesAsked"
        case .layoutCallback: return "layoutCallback"
        }
    }

    /// The contexts the collection view built, in order.
    public var contexts: [InvalidationContextSnapshot] {
        events.compactMap { if case let .contextCreated(s, _) = $0 { return s } else { return nil } }
    }

    /// The contexts built for bounds changes, in order.
    public var boundsContexts: [InvalidationContextSnapshot] { contexts(for: .boundsChange) }

    /// The contexts built for `reason`, in order.
    public func contexts(for reason: InvalidationReason) -> [InvalidationContextSnapshot] {
        events.compactMap { if case .contextCreated(let s, reason) = $0 { return s } else { return nil } }
    }

    /// The answers of the rect queries, in order, as the events carried them.
    public var queriedAnswers: [[AttributesSnapshot]] {
        events.compactMap { if case let .elementsQueried(_, attributes, _) = $0 { return attributes } else { return nil } }
    }

    /// Every context the layout was invalidated with, in order.
    public var invalidations: [InvalidationContextSnapshot] {
        events.compactMap { if case .invalidated(let s) = $0 { return s } else { return nil } }
    }

    /// The single invalidation of the last operation (records an issue when there is not exactly one).
    public func onlyInvalidation(sourceLocation: SourceLocation = #_sourceLocation) -> InvalidationContextSnapshot? {
        let invalidations = invalidations
        #expect(invalidations.count == 1, "expected one context, got \(invalidations.count)", sourceLocation: sourceLocation)
        return invalidations.last
    }

    /// The layout's answers to shouldInvalidateLayout(forBoundsChange:), in order.
    public var shouldInvalidateAnswers: [Bool] {
        events.compactMap { if case .shouldInvalidateAsked(_, _, let answer) = $0 { return answer } else { return nil } }
    }

    public var prepared: [(elementsTouched: Int, sectionsComputed: Int)] {
        events.compactMap { if case .prepared(let t, let s) = $0 { return (t, s) } else { return nil } }
    }

    public var queries: [(rect: CGRect, count: Int, attributesCreated: Int)] {
        events.compactMap {
            if case .elementsQueried(let rect, let attributes, let created) = $0 { return (rect, attributes.count, created) } else { return nil }
        }
    }

    public var appearing: [(ElementKey, AttributesSnapshot?)] {
        events.compactMap { if case .appearing(let k, let a) = $0 { return (k, a) } else { return nil } }
    }

    public var disappearing: [(ElementKey, AttributesSnapshot?)] {
        events.compactMap { if case .disappearing(let k, let a) = $0 { return (k, a) } else { return nil } }
    }

    /// The changes of the visible set, in order.
    public var visibleDiffs: [VisibleDiff] {
        events.compactMap { if case let .visibleChanged(d) = $0 { return d } else { return nil } }
    }

    public var lastDiff: VisibleDiff? { visibleDiffs.last }
}

extension CollectionView {
    /// A new recorder, observing this collection view from now on (the
    /// collection view holds its observer weakly: keep the recorder).
    public func startRecording() -> EventRecorder {
        let recorder = EventRecorder()
        observer = recorder
        return recorder
    }

    /// Runs the first pass (the one a screen has run before anything happens
    /// to it), then a new recorder: it holds only what follows.
    public func startRecordingAfterFirstPass() -> EventRecorder {
        layoutIfNeeded()
        return startRecording()
    }
}
