import Foundation
import LayoutKit

/// Everything needed to rebuild a session exactly: what `undo` restores.
struct SessionState {
    var layoutName: String
    /// Options set explicitly (the rest are at their defaults), in the order set.
    var options: [(name: String, value: LayoutOptionValue)]
    /// Shared with the states before it where unchanged (see `SharedSections`).
    var sections: SharedSections
    var bounds: CGRect
    var contentInset: EdgeInsets
    var safeAreaInsets: EdgeInsets
    var scrollView: ScrollViewSettings
    /// The replayable history when the state was taken (`undo` after `reset`
    /// brings it back with the state, so `save` still replays the session).
    var history: CommandHistory
    /// The command that changed the session away from this state: what
    /// `undo` back to it reverts (nil for `reset`).
    var undoneCommand: String?
    /// The data's identifiers (`snapshot`).
    var identifiers: IdentifierTracker

    /// A digest of the state for `Session.fingerprint`: taken once when the
    /// state is, so a fingerprint over 200 undo states costs 200 integers.
    private(set) var digest: UInt64 = 0

    init(layoutName: String, options: [(name: String, value: LayoutOptionValue)], sections: SharedSections,
         bounds: CGRect, contentInset: EdgeInsets, safeAreaInsets: EdgeInsets, scrollView: ScrollViewSettings,
         history: CommandHistory, identifiers: IdentifierTracker) {
        self.identifiers = identifiers
        self.layoutName = layoutName
        self.options = options
        self.sections = sections
        self.bounds = bounds
        self.contentInset = contentInset
        self.safeAreaInsets = safeAreaInsets
        self.scrollView = scrollView
        self.history = history
        var d = FNV1a()
        d.add(layoutName)
        for (name, value) in options { d.add("\(name)=\(value)") }
        for number in [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                       contentInset.top, contentInset.left, contentInset.bottom, contentInset.right,
                       safeAreaInsets.top, safeAreaInsets.left, safeAreaInsets.bottom, safeAreaInsets.right,
                       scrollView.isPagingEnabled ? 1 : 0, scrollView.decelerationRate,
                       scrollView.layoutMargins.top, scrollView.layoutMargins.left,
                       scrollView.layoutMargins.bottom, scrollView.layoutMargins.right] {
            d.add(Double(number).bitPattern)
        }
        d.add(UInt64(sections.count))
        d.add(UInt64(history.count))
        digest = d.value
    }

    /// This state, as the one `command` changed (for `undo` to name it).
    func undone(by command: String?) -> SessionState {
        var state = self
        state.undoneCommand = command
        return state
    }
}

/// The scroll view's settings that layouts read and no layout pass follows
/// (`paging`, `deceleration`, `margins`).
struct ScrollViewSettings: Equatable {
    var isPagingEnabled: Bool
    var decelerationRate: CGFloat
    var layoutMargins: EdgeInsets
    /// Orthogonal rows' offsets, by section identity (`scroll section`).
    var orthogonalOffsets: [Int: CGFloat]

    init(of cv: CollectionView) {
        isPagingEnabled = cv.isPagingEnabled
        decelerationRate = cv.decelerationRate.rawValue
        layoutMargins = cv.layoutMargins
        orthogonalOffsets = cv.orthogonalOffsets
    }

    func apply(to cv: CollectionView) {
        cv.isPagingEnabled = isPagingEnabled
        cv.decelerationRate = .init(rawValue: decelerationRate)
        cv.layoutMargins = layoutMargins
        cv.orthogonalOffsets = orthogonalOffsets
    }
}

/// How every session starts, at the REPL and in scripts alike, and what
/// `reset` returns to: flow-sticky over 20 sections of 7 items in a 390x844
/// viewport, so `render` shows something at once.
public enum SessionDefaults {
    public static let layoutName = "flow-sticky"
    public static let sectionCount = 20
    public static let itemsPerSection = 7
    public static let viewport = CGSize(width: 390, height: 844)
}
