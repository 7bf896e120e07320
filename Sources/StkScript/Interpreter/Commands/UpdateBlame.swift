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

    /// The argument a refusal of the batch holding `updates` is about: the
    /// refused update's subject or destination, as LayoutKit's refusal names
    /// them (`CollectionViewError.refusedUpdate`), or nil when the refusal is
    /// about no update in particular.
    static func blame(_ error: CollectionViewError, in updates: [LocatedUpdate]) -> SourceRange? {
        guard case let .refusedUpdate(index, fault, _) = error, updates.indices.contains(index) else { return nil }
        let refused = updates[index]
        switch fault {
        case .subject: return refused.subject
        case .destination: return refused.destination ?? refused.subject
        }
    }
}
