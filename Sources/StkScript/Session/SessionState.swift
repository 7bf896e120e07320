import Foundation
import LayoutKit

/// Everything needed to rebuild a session exactly: what `undo` restores.
struct SessionState {
    var layoutName: String
    /// Options set explicitly (the rest are at their defaults), in the order set.
    var options: [(name: String, value: LayoutOptionValue)]
    var sections: [SectionData]
    var bounds: CGRect
    var contentInset: EdgeInsets
    var safeAreaInsets: EdgeInsets
    /// The replayable history when the state was taken (`undo` after `reset`
    /// brings it back with the state, so `save` still replays the session).
    var history: [String]
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
