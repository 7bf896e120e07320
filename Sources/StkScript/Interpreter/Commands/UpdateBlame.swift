import Foundation
import LayoutKit

/// One batch update with where its arguments were written, so that a refused
/// update gets its caret under the section or index path to blame rather
/// than under the start of the command (or of the whole batch).
struct LocatedUpdate {
    let update: CollectionViewUpdate
    /// The section or index path the update acts on (a move's source).
    let subject: SourceRange
    /// Where the update puts something: a move's target, an insert's position.
    let destination: SourceRange?

    /// How refusals name the subject: `section 3`, `item 0:4`.
    var subjectName: String {
        switch update {
        case let .insertSection(s, _), let .deleteSection(s), let .reloadSection(s), let .moveSection(s, _): return "section \(s)"
        case let .insertItem(p), let .deleteItem(p), let .reloadItem(p), let .moveItem(p, _), let .sizeItem(p, _): return "item \(p.stk)"
        case let .sizeSupplementary(kind, s, _): return "\(kind) \(s)"
        }
    }

    /// How refusals name the destination.
    var destinationName: String? {
        switch update {
        case let .insertSection(t, _), let .moveSection(_, t): return "section \(t)"
        case let .insertItem(q), let .moveItem(_, q): return "item \(q.stk)"
        default: return nil
        }
    }

    /// The prefixes LayoutKit puts before a refusal that concerns this update
    /// alone (`delete item 0:9: ...`; an insert of sections also says just
    /// `insert section 3: ...`).
    var refusalPrefixes: [String] {
        var prefixes = [update.description + ":"]
        switch update {
        case let .insertSection(t, _): prefixes.append("insert section \(t):")
        case let .sizeItem(p, _): prefixes.append("size item \(p.stk):")
        case let .sizeSupplementary(kind, s, _): prefixes.append("size \(kind) \(s):")
        default: break
        }
        return prefixes
    }

    /// The argument a refusal of the batch holding `updates` is about, or nil
    /// when the message names none of them.
    ///
    /// LayoutKit's refusals are messages only: they name the update they
    /// refuse (`move item 0:0 to 50:0: section 50 does not exist after the
    /// update`) or the section or item at fault (`section 4 is deleted twice in
    /// one batch`, `section 20 is past the end after the update`). A refusal
    /// about the data after the update blames a destination; any other blames
    /// the subject. When several updates fit, the last one written is blamed:
    /// it is the one that made a repeated target or subject a conflict.
    static func blame(_ message: String, in updates: [LocatedUpdate]) -> SourceRange? {
        let aboutResult = ["after the update", "past the end", "already the target"].contains { message.contains($0) }
        if let refused = updates.last(where: { u in u.refusalPrefixes.contains { message.hasPrefix($0) } }) {
            return aboutResult ? (refused.destination ?? refused.subject) : refused.subject
        }
        for u in updates.reversed() {
            if aboutResult {
                if let name = u.destinationName, let destination = u.destination, message.hasPrefix(name + " ") { return destination }
            } else if message.hasPrefix(u.subjectName + " ") {
                return u.subject
            }
        }
        return nil
    }
}
