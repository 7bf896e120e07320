import Foundation

/// What a script may ask for, checked where each value enters (the parser,
/// or the command that adds data), so that a typo or a hostile file gets a
/// located error instead of a hang or an allocation the machine cannot make.
/// docs/language.md, "Limits", states them and why.
public enum Limits {
    /// Sections in all, however they come (`sections`, `insert section`).
    public static let sections = 2_000_000
    /// Items in all, over every section.
    public static let items = 1_000_000_000
    /// Bounds changes of one `scroll by` or `scroll fling` (`steps=N`): each
    /// step's layout cycle is kept for `context`, `step` and `render`.
    public static let steps = 10_000
    /// Columns of a `render` (`width=N`): far wider than any terminal.
    public static let renderWidth = 1_000
    /// Rows of a `render` (`height=N`), for the same reason.
    public static let renderHeight = 1_000
    /// Nested `include`s: a chain deeper than this is a cycle in all but name.
    public static let includeDepth = 64
    /// The largest magnitude a number may be written with, in points or
    /// otherwise: beyond it doubles stop holding whole points exactly and
    /// sums of many of them approach overflow.
    public static let magnitude: Double = 1_000_000_000_000
    /// Elements a layout pass may find in the visible rect: a hundred times
    /// what a large screen of small cells shows (40x25-point cells fill a
    /// 1366x1024 screen with some 1,400).
    public static let visibleElements = 100_000
}
