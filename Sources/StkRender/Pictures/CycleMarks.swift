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

    // What pictures draw as motion (see `Motion`).

    /// Each moved element as it was before the operation, by its key now
    /// (the element carries the key it had then).
    public var before: [ElementKey: PictureElement] = [:]
    /// The initial attributes the layout gave elements that appeared in a
    /// batch update (`initialLayoutAttributesForAppearing...`), by key.
    public var initial: [ElementKey: PictureElement] = [:]
    /// Elements that disappeared in a batch update: where each was, and the
    /// final attributes the layout gave it (`finalLayoutAttributesForDisappearing...`).
    public var gone: [ElementKey: PictureElement] = [:]
    public var final: [ElementKey: PictureElement] = [:]
    /// The bounds before the operation's first bounds change (nil: the
    /// bounds did not change). Where elements were is drawn where they were
    /// seen: relative to these bounds.
    public var boundsBefore: CGRect?

    public init() {}

    /// The marks of these events (an operation's, or one layout pass's).
    ///
    /// Elements are followed by identity across passes: a batch update's diff
    /// says which key each element had before (`oldKey`), so an item deleted
    /// at 0:0 and the one that took its index path are two elements, the
    /// first disappeared, the second moved.
    public init(events: [LayoutCycleEvent]) {
        // Elements touched so far that are visible now, by their current key:
        // their attributes before the operation (nil: not visible then) and now.
        var touched: [ElementKey: (first: AttributesSnapshot?, last: AttributesSnapshot)] = [:]
        // Elements that left, under the key they had, with their first attributes.
        var gone: [ElementKey: AttributesSnapshot] = [:]
        var initials: [ElementKey: AttributesSnapshot] = [:]
        var finals: [ElementKey: AttributesSnapshot] = [:]
        // What the contexts named, as the layout sent them on to super.
        for (snapshot, reason) in events.contextsAsSent {
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
        }
        for event in events {
            switch event {
            case let .boundsChanged(from, _):
                if boundsBefore == nil { boundsBefore = from }
            case let .appearing(key, attributes?):
                initials[key] = attributes
            case let .disappearing(key, attributes?):
                finals[key] = attributes
            case let .visibleChanged(diff):
                var next: [ElementKey: (first: AttributesSnapshot?, last: AttributesSnapshot)] = [:]
                for change in diff.changed {
                    let first = touched.removeValue(forKey: change.oldKey).map { $0.first } ?? change.from
                    next[change.key] = (first, change.to)
                }
                for a in diff.disappeared {
                    // One that appeared during the operation and left again leaves no trace.
                    let first = touched.removeValue(forKey: a.key).map { $0.first } ?? a
                    if let first { gone[a.key] = first }
                }
                for a in diff.appeared {
                    // Back under the key it left with (a scroll down and up again).
                    next[a.key] = (gone.removeValue(forKey: a.key), a)
                }
                touched.merge(next) { _, new in new }
            default:
                break
            }
        }
        for (key, entry) in touched {
            guard let first = entry.first else {
                appeared.insert(key)
                if let initial = initials[key] { self.initial[key] = PictureElement(initial) }
                continue
            }
            if first.frame != entry.last.frame {
                moved.insert(key)
                before[key] = PictureElement(first)
            } else if first != entry.last {
                changed.insert(key)
            }
        }
        disappeared = gone.keys.sorted()
        for (key, attributes) in finals {
            guard let was = gone[key] else { continue }
            self.gone[key] = PictureElement(was)
            final[key] = PictureElement(attributes)
        }
        if boundsBefore != nil, !hasBoundsChange(events) { boundsBefore = nil }
    }

    private func hasBoundsChange(_ events: [LayoutCycleEvent]) -> Bool {
        var first: CGRect?, last: CGRect?
        for case let .boundsChanged(from, to) in events {
            if first == nil { first = from }
            last = to
        }
        return first != last
    }

    /// Whether there is motion to draw: a moved, inserted or deleted element.
    public var hasMotion: Bool { !before.isEmpty || !initial.isEmpty || !final.isEmpty }

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
