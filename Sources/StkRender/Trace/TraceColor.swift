import LayoutKit

/// `trace` on a terminal: each line coloured by the phase of the cycle it
/// belongs to, so a scroll's passes read at a glance (only when colour is on;
/// transcripts and pipes never get it):
///
///     yellow    the question before a change: shouldInvalidateLayout, a fling's
///               projection, targetContentOffset, preferred attributes
///     red       invalidation: the context and invalidateLayout(with:)
///     blue      the bounds change, animated bounds changes, transitions
///     cyan      the layout pass: prepare(), the content size, the query
///     magenta   batch updates: prepare(forCollectionViewUpdates:), appearing,
///               disappearing, finalize
///     green     the visible diff
extension TraceFormat {
    public enum Phase: String, CaseIterable, Sendable {
        case question, invalidation, bounds, layoutPass, updates, visible

        /// The ANSI SGR code of the phase.
        public var sgr: String {
            switch self {
            case .question: return "33"
            case .invalidation: return "31"
            case .bounds: return "34"
            case .layoutPass: return "36"
            case .updates: return "35"
            case .visible: return "32"
            }
        }
    }

    public static func phase(of event: LayoutCycleEvent) -> Phase {
        switch event {
        case .shouldInvalidateAsked, .flingProjected, .targetContentOffsetAsked, .preferredAttributesAsked: return .question
        case .contextCreated, .invalidated: return .invalidation
        case .boundsChanged, .animatedBoundsChangePrepared, .animatedBoundsChangeFinalized,
             .transitionPrepared, .transitionFinalized: return .bounds
        case .prepared, .contentSize, .elementsQueried, .layoutCallback: return .layoutPass
        case .updatesPrepared, .appearing, .disappearing, .updatesFinalized: return .updates
        case .visibleChanged: return .visible
        }
    }

    /// The trace lines of `event`, each wrapped in its phase's colour when `color` is on.
    public static func lines(for event: LayoutCycleEvent, color: Bool) -> [String] {
        let lines = lines(for: event)
        guard color else { return lines }
        let sgr = phase(of: event).sgr
        return lines.map { ANSI.styled($0, sgr: sgr) }
    }
}
