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
    /// The sections applied as outlines (`snapshot edit SECTION_ID`), by
    /// section identifier: each section's items in the snapshot are its
    /// outline's visible items. Only sections with children are kept; the
    /// others are flat lists, their snapshot's items.
    private(set) var outlines: [String: SectionOutline] = [:]

    init(itemCounts: [Int]) {
        base = itemCounts
    }

    /// Numbering starts again (`sections`, `reset`): S0, I0, ...
    mutating func reset(itemCounts: [Int]) {
        self = IdentifierTracker(itemCounts: itemCounts)
    }

    /// Follows a batch update the collection view performed. Returns the
    /// sections whose outline it changed, which are flat lists from then on.
    @discardableResult
    mutating func record(_ updates: [CollectionViewUpdate]) -> [String] {
        if let current = materialized {
            materialized = current.applying(updates)
        } else {
            pending.append(updates)
        }
        return dropChangedOutlines()
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

    /// After `apply`: the applied snapshot is the data. Returns the sections
    /// whose outline it changed, which are flat lists from then on.
    @discardableResult
    mutating func replace(with snapshot: DiffableSnapshot) -> [String] {
        materialized = snapshot
        pending = SharedList()
        return dropChangedOutlines()
    }

    /// After a section's `apply`: the snapshot with the section's visible
    /// items, and the section's outline (kept only if it has children).
    mutating func replace(with snapshot: DiffableSnapshot, outline: SectionOutline, of section: String) {
        materialized = snapshot
        pending = SharedList()
        outlines[section] = outline.hasChildren ? outline : nil
    }

    /// One section's snapshot: its outline, or its items as root items (an
    /// empty one for a section the snapshot does not hold).
    mutating func sectionSnapshot(_ section: String) -> SectionOutline {
        if let outline = outlines[section] { return outline }
        let snapshot = current()
        guard let s = snapshot.indexOfSection(section) else { return SectionOutline() }
        return SectionOutline(rootItems: snapshot.itemIdentifiers(inSection: s))
    }

    /// The items of every outline that the collection view does not show
    /// (under a collapsed parent): identifiers in use all the same.
    var hiddenItems: Set<String> {
        var hidden = Set<String>()
        for outline in outlines.values {
            hidden.formUnion(Set(outline.items).subtracting(outline.visibleItems))
        }
        return hidden
    }

    /// A change made to the items of an outlined section other than through
    /// its section snapshot (an index path, a whole snapshot) leaves the
    /// section a flat list of the items it shows (stk's rule): the outline no
    /// longer says what the section holds.
    /// It runs after every update while an outline exists: it reads the
    /// outlined sections' items alone, not the whole data's.
    private mutating func dropChangedOutlines() -> [String] {
        guard !outlines.isEmpty else { return [] }
        let snapshot = current()
        var flattened: [String] = []
        for (section, outline) in outlines {
            guard let s = snapshot.indexOfSection(section) else {
                outlines[section] = nil     // deleted with its section
                continue
            }
            if snapshot.itemIdentifiers(inSection: s) != outline.visibleItems {
                outlines[section] = nil
                flattened.append(section)
            }
        }
        return flattened.sorted()
    }
}
