import Foundation
import LayoutKit

/// What pictures mark: the elements the invalidation contexts of an operation
/// named, and the net effect of its layout passes on the visible set (what
/// appeared, moved or disappeared between before the first pass and after the
/// last). `render`, `export svg` and each frame of `export html` draw these.
public struct CycleMarks: Equatable, Sendable {
    /// Elements a context named (items, supplementary and decoration index paths).
    public var invalidated: Set<ElementKey> = []
    /// A context asked to redo everything (`invalidateEverything` or
    /// `invalidateDataSourceCounts`): it names no element, every one is redone.
    public var invalidatedEverything = false
    /// Why the contexts were made, in order, each reason once (`bounds change`).
    public var reasons: [String] = []
    /// How many contexts the events held.
    public var contextCount = 0
    /// Visible now, not visible before.
    public var appeared: Set<ElementKey> = []
    /// Visible before and now, at another frame.
    public var moved: Set<ElementKey> = []
    /// Visible before and now, same frame, other attributes (alpha, zIndex, pinned...).
    public var changed: Set<ElementKey> = []
    /// Visible before, not now, in key order (they are not drawn: pictures list them).
    public var disappeared: [ElementKey] = []

    public init() {}

    /// The marks of these events (an operation's, or one layout pass's).
    public init(events: [LayoutCycleEvent]) {
        // Per element: its attributes before the first pass that changed it,
        // and after the last (nil: not visible).
        var before: [ElementKey: CollectionViewLayoutAttributes?] = [:]
        var after: [ElementKey: CollectionViewLayoutAttributes?] = [:]
        for event in events {
            switch event {
            case let .contextCreated(snapshot, reason):
                contextCount += 1
                if !reasons.contains(reason.rawValue) { reasons.append(reason.rawValue) }
                if snapshot.invalidateEverything || snapshot.invalidateDataSourceCounts { invalidatedEverything = true }
                for path in snapshot.items { invalidated.insert(ElementKey(category: .cell, kind: nil, indexPath: path)) }
                for (kind, paths) in snapshot.supplementary {
                    for path in paths { invalidated.insert(ElementKey(category: .supplementaryView, kind: kind, indexPath: path)) }
                }
                for (kind, paths) in snapshot.decoration {
                    for path in paths { invalidated.insert(ElementKey(category: .decorationView, kind: kind, indexPath: path)) }
                }
            case let .visibleChanged(diff):
                for a in diff.appeared {
                    if before[a.key] == nil { before[a.key] = .some(nil) }
                    after[a.key] = a
                }
                for a in diff.disappeared {
                    if before[a.key] == nil { before[a.key] = a }
                    after[a.key] = .some(nil)
                }
                for change in diff.changed {
                    // After a batch update an element may carry a new key: its
                    // history moves with it.
                    let first: CollectionViewLayoutAttributes? = before.removeValue(forKey: change.oldKey) ?? change.from
                    if change.oldKey != change.key { after.removeValue(forKey: change.oldKey) }
                    if before[change.key] == nil { before[change.key] = first }
                    after[change.key] = change.to
                }
            default:
                break
            }
        }
        var gone: [ElementKey] = []
        for (key, last) in after {
            let first = before[key] ?? nil
            switch (first, last) {
            case (nil, _?): appeared.insert(key)
            case (_?, nil): gone.append(key)
            case let (from?, to?):
                if from.frame != to.frame { moved.insert(key) } else if !from.hasSameAttributes(as: to) { changed.insert(key) }
            case (nil, nil): break
            }
        }
        disappeared = gone.sorted()
    }

    /// Whether there is nothing to mark.
    public var isEmpty: Bool {
        invalidated.isEmpty && !invalidatedEverything && appeared.isEmpty && moved.isEmpty && changed.isEmpty && disappeared.isEmpty
    }

    /// The marks of one element, in the order pictures print them.
    public func marks(of key: ElementKey) -> [Mark] {
        var marks: [Mark] = []
        if invalidated.contains(key) { marks.append(.invalidated) }
        if appeared.contains(key) { marks.append(.appeared) }
        if moved.contains(key) { marks.append(.moved) }
        return marks
    }

    /// A mark a picture shows on an element. The character is drawn after the
    /// label, so that it reads without colour.
    public enum Mark: Character, CaseIterable, Sendable {
        /// A context of the last operation named it.
        case invalidated = "!"
        /// It was not visible before the last operation.
        case appeared = "+"
        /// Its frame changed in the last operation.
        case moved = "~"

        public var name: String {
            switch self {
            case .invalidated: return "invalidated"
            case .appeared: return "appeared"
            case .moved: return "moved"
            }
        }
    }
}
