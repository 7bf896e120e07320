import Foundation

/// UIKit's `UICollectionViewUpdateItem`: one change of a batch update, as
/// `prepare(forCollectionViewUpdates:)` receives it. A section-level update has
/// `item == NSNotFound` in its index paths, as in UIKit.
public final class CollectionViewUpdateItem: NSObject {
    public enum Action: Int, Sendable, CustomStringConvertible {
        case insert, delete, reload, move, none
        public var description: String {
            switch self {
            case .insert: return "insert"
            case .delete: return "delete"
            case .reload: return "reload"
            case .move: return "move"
            case .none: return "none"
            }
        }
    }

    public let indexPathBeforeUpdate: IndexPath?
    public let indexPathAfterUpdate: IndexPath?
    public let updateAction: Action

    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
    }

    /// Whether this update concerns a whole section.
    public var isSectionUpdate: Bool { (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.item == NSNotFound }

    public override var description: String {
        func name(_ p: IndexPath?) -> String {
            guard let p else { return "-" }
            return p.item == NSNotFound ? "section \(p.section)" : "item \(p.stk)"
        }
        switch updateAction {
        case .insert: return "insert \(name(indexPathAfterUpdate))"
        case .delete: return "delete \(name(indexPathBeforeUpdate))"
        case .reload: return "reload \(name(indexPathBeforeUpdate))"
        case .move: return "move \(name(indexPathBeforeUpdate)) to \(name(indexPathAfterUpdate))"
        case .none: return "none"
        }
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CollectionViewUpdateItem else { return false }
        return o.updateAction == updateAction && o.indexPathBeforeUpdate == indexPathBeforeUpdate && o.indexPathAfterUpdate == indexPathAfterUpdate
    }
}
