import Foundation
import LayoutKit

/// The session's data as a diffable data source holds it, kept in step with
/// every data command (docs/language.md, "snapshot"). Lazily: a session that
/// never asks for identifiers records the batch updates it performs and pays
/// nothing else; the first `snapshot` replays them over the numbering of the
/// last `sections` (so `sections 1 items=1000000` costs no identifiers until
/// they are asked for), and from then on each update is followed at once.
struct IdentifierTracker: Equatable {
    /// The item counts the numbering started from (the last `sections`).
    private var base: [Int]
    /// Batch updates since, not yet followed: shared with the undo states
    /// that hold the tracker, so that recording one copies none of them.
    private var pending = SharedList<[CollectionViewUpdate]>()
    private var materialized: DiffableSnapshot?

    init(itemCounts: [Int]) {
        base = itemCounts
    }

    /// Numbering starts again (`sections`, `reset`): S0, I0, ...
    mutating func reset(itemCounts: [Int]) {
        self = IdentifierTracker(itemCounts: itemCounts)
    }

    /// Follows a batch update the collection view performed.
    mutating func record(_ updates: [CollectionViewUpdate]) {
        if let current = materialized {
            materialized = current.applying(updates)
        } else {
            pending.append(updates)
        }
    }

    /// The current snapshot. `itemCounts` are the collection view's: should
    /// they differ from what the identifiers say (a state restored from
    /// elsewhere), the numbering starts again from them rather than lie.
    mutating func snapshot(itemCounts: [Int]) -> DiffableSnapshot {
        _ = current()
        if materialized!.itemCounts != itemCounts {
            self = IdentifierTracker(itemCounts: itemCounts)
            materialized = DiffableSnapshot(itemCounts: itemCounts)
        }
        return materialized!
    }

    /// The current snapshot, whatever the collection view's counts (a
    /// diffable data source checks them).
    mutating func current() -> DiffableSnapshot {
        if let materialized { return materialized }
        var s = DiffableSnapshot(itemCounts: base)
        for updates in pending.elements { s = s.applying(updates) }
        materialized = s
        pending = SharedList()
        return s
    }

    /// After `apply`: the applied snapshot is the data.
    mutating func replace(with snapshot: DiffableSnapshot) {
        materialized = snapshot
        pending = SharedList()
    }
}
