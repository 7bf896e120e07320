import Foundation

/// One change inside `performBatchUpdates`. As in UIKit, deletes, reloads and
/// move sources name index paths *before* the update; inserts and move
/// destinations name index paths *after* it.
public enum CollectionViewUpdate: Equatable, Sendable, CustomStringConvertible {
    case insertSection(Int, itemCount: Int)
    case deleteSection(Int)
    case moveSection(Int, to: Int)
    case reloadSection(Int)
    case insertItem(IndexPath)
    case deleteItem(IndexPath)
    case moveItem(IndexPath, to: IndexPath)
    case reloadItem(IndexPath)
    /// A new size for an item (nil: back to the layout's default), named by its
    /// index path *after* the update: what a flow delegate answers differently
    /// when the update's layout pass asks it.
    case sizeItem(IndexPath, CGSize?)
    /// A new size for a section's header or footer (nil: the default), the
    /// section numbered after the update.
    case sizeSupplementary(kind: String, section: Int, CGSize?)

    public var description: String {
        switch self {
        case let .insertSection(s, n): return "insert section \(s) items=\(n)"
        case let .deleteSection(s): return "delete section \(s)"
        case let .moveSection(s, t): return "move section \(s) to \(t)"
        case let .reloadSection(s): return "reload section \(s)"
        case let .insertItem(p): return "insert item \(p.updateText)"
        case let .deleteItem(p): return "delete item \(p.updateText)"
        case let .moveItem(p, q): return "move item \(p.updateText) to \(q.updateText)"
        case let .reloadItem(p): return "reload item \(p.updateText)"
        case let .sizeItem(p, size): return "size item \(p.updateText) \(size?.stk ?? "default")"
        case let .sizeSupplementary(kind, section, size): return "size \(kind) \(section) \(size?.stk ?? "default")"
        }
    }

    var isSectionInsert: Bool { if case .insertSection = self { return true } else { return false } }
    var isSectionDelete: Bool { if case .deleteSection = self { return true } else { return false } }

    /// The item index paths the update names (none for section updates).
    var itemIndexPaths: [IndexPath] {
        switch self {
        case .insertItem(let p), .deleteItem(let p), .reloadItem(let p), .sizeItem(let p, _): return [p]
        case let .moveItem(p, q): return [p, q]
        case .insertSection, .deleteSection, .moveSection, .reloadSection, .sizeSupplementary: return []
        }
    }
}

extension IndexPath {
    /// `S:I`, or the raw indexes of a malformed path: index paths in updates come
    /// from callers and are described before they are validated (`stk` would trap
    /// on a path without two indexes).
    var updateText: String { count == 2 ? stk : "[\(map(String.init).joined(separator: ","))]" }
}

/// The result of applying a batch of updates to the data: the new sections, how
/// old elements map to new ones, and the update items in UIKit's order. A pure
/// function of its input, tested directly; cost is proportional to the number
/// of sections plus the updates and the sparse entries (size overrides,
/// preferred and measured sizes) of the sections that item updates touch,
/// never to their item counts.
public struct BatchUpdatePlan {
    public let sections: [SectionData]
    /// For each old section, its index after the update (nil: deleted or reloaded away).
    public let sectionMap: [Int?]
    /// For old sections whose items were rearranged: old item -> new index path (nil: deleted).
    let itemMaps: [Int: ItemMap]
    /// Sections whose content was reloaded (old index): every item is new.
    let reloadedSections: Set<Int>
    /// Items reloaded (old index paths): same place, new content.
    let reloadedItems: Set<IndexPath>
    /// Update items ordered as UIKit passes them: deletes descending, inserts
    /// ascending, then reloads, then moves.
    public let updateItems: [CollectionViewUpdateItem]

    /// Where an element that existed before the update is after it, or nil if it
    /// is gone (deleted, or reloaded: a reloaded element is a new one).
    public func newKey(for old: ElementKey) -> ElementKey? {
        let s = old.indexPath.section
        guard s >= 0, s < sectionMap.count, let ns = sectionMap[s], !reloadedSections.contains(s) else { return nil }
        switch old.category {
        case .cell:
            if reloadedItems.contains(old.indexPath) { return nil }
            if let map = itemMaps[s] {
                guard let np = map.newIndexPath(ofOldItem: old.indexPath.item) else { return nil }
                return ElementKey(category: .cell, kind: nil, indexPath: np)
            }
            return ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: old.indexPath.item, section: ns))
        case .supplementaryView, .decorationView:
            return ElementKey(category: old.category, kind: old.kind, indexPath: IndexPath(item: old.indexPath.item, section: ns))
        }
    }

    /// `newKey(for:)` on an element's integer key, for the visible diff's
    /// merge: the same answer without making an index path or a key.
    func newOrderKey(for old: ElementOrderKey) -> ElementOrderKey? {
        let s = old.section
        guard s >= 0, s < sectionMap.count, let ns = sectionMap[s], !reloadedSections.contains(s) else { return nil }
        var key = old
        if old.category == ElementCategory.cell.rawValue {
            if !reloadedItems.isEmpty, reloadedItems.contains(IndexPath(item: old.item, section: s)) { return nil }
            if let map = itemMaps[s] {
                if let moved = map.moved[old.item] {
                    key.section = moved.section
                    key.item = moved.item
                    return key
                }
                guard let item = map.stayingItem(old.item) else { return nil }
                key.section = map.newSection
                key.item = item
                return key
            }
        }
        key.section = ns
        return key
    }

    /// How the item count of section `t` after the update comes about, in
    /// UIKit's terms, for the message refusing counts that do not add up.
    func countExplanation(ofNewSection t: Int, old: [SectionData], updates: [CollectionViewUpdate]) -> String {
        var inserted = 0, deleted = 0, movedIn = 0, movedOut = 0
        var insertedWith: Int?
        for u in updates {
            switch u {
            case let .insertSection(s, n) where s == t: insertedWith = n
            case let .insertItem(q) where q.section == t: inserted += 1
            case let .deleteItem(p) where sectionMap[p.section] == t: deleted += 1
            case let .moveItem(p, q):
                let from = sectionMap[p.section]
                if q.section == t, from != t { movedIn += 1 }
                if from == t, q.section != t { movedOut += 1 }
            default: break
            }
        }
        let before: String
        if let n = insertedWith {
            before = "inserted with \(n)"
        } else if let s = sectionMap.firstIndex(of: t) {
            before = "\(old[s].itemCount) before\(s == t ? "" : " (as section \(s))")"
        } else {
            before = "0 before"
        }
        return "\(before), \(inserted) inserted, \(deleted) deleted, \(movedIn) moved in, \(movedOut) moved out"
    }

    /// The plan of `updates` on `old`, in three phases: validate
    /// (`ValidatedBatch`, which refuses an update at fault), map (where each
    /// old section and item goes, and the new sections with their sizes) and
    /// plan (the update items in UIKit's order).
    static func make(
        old: [SectionData],
        updates: [CollectionViewUpdate],
        nextIdentity: inout Int,
        nextRevision: inout Int
    ) throws -> BatchUpdatePlan {
        let batch = try ValidatedBatch(old: old, updates: updates)
        let sectionMapping = SectionMapping(batch)
        var mapped = try MappedSections(batch, sectionMapping, old: old, nextIdentity: &nextIdentity, nextRevision: &nextRevision)
        try mapped.applySizes(batch, nextRevision: &nextRevision)
        return BatchUpdatePlan(
            sections: mapped.sections, sectionMap: sectionMapping.oldToNew, itemMaps: mapped.itemMaps,
            reloadedSections: Set(batch.reloadedSections.keys), reloadedItems: Set(batch.reloadedItems.keys),
            updateItems: updateItemsInUIKitOrder(batch, sectionMap: sectionMapping.oldToNew, itemMaps: mapped.itemMaps)
        )
    }

    /// The plan phase: deletes descending, inserts ascending, then reloads,
    /// then moves, as UIKit passes them to `prepare(forCollectionViewUpdates:)`.
    static func updateItemsInUIKitOrder(_ batch: ValidatedBatch, sectionMap: [Int?], itemMaps: [Int: ItemMap]) -> [CollectionViewUpdateItem] {
        func sectionPath(_ s: Int) -> IndexPath { IndexPath(item: NSNotFound, section: s) }
        var deletes: [CollectionViewUpdateItem] = []
        var inserts: [CollectionViewUpdateItem] = []
        var reloads: [CollectionViewUpdateItem] = []
        var moves: [CollectionViewUpdateItem] = []
        for s in batch.deletedSections.keys { deletes.append(.init(action: .delete, before: sectionPath(s), after: nil)) }
        for p in batch.deletedItems.keys { deletes.append(.init(action: .delete, before: p, after: nil)) }
        for t in batch.insertedSections.keys { inserts.append(.init(action: .insert, before: nil, after: sectionPath(t))) }
        for q in batch.insertedItems.keys { inserts.append(.init(action: .insert, before: nil, after: q)) }
        for s in batch.reloadedSections.keys { reloads.append(.init(action: .reload, before: sectionPath(s), after: sectionPath(sectionMap[s] ?? s))) }
        for p in batch.reloadedItems.keys {
            let after = sectionMap[p.section].map { IndexPath(item: itemMaps[p.section]?.newIndexPath(ofOldItem: p.item)?.item ?? p.item, section: $0) }
            reloads.append(.init(action: .reload, before: p, after: after))
        }
        for (s, move) in batch.movedSections { moves.append(.init(action: .move, before: sectionPath(s), after: sectionPath(move.to))) }
        for (p, move) in batch.movedItems { moves.append(.init(action: .move, before: p, after: move.to)) }
        deletes.sort { $0.indexPathBeforeUpdate! > $1.indexPathBeforeUpdate! }
        inserts.sort { $0.indexPathAfterUpdate! < $1.indexPathAfterUpdate! }
        reloads.sort { $0.indexPathBeforeUpdate! < $1.indexPathBeforeUpdate! }
        moves.sort { $0.indexPathBeforeUpdate! < $1.indexPathBeforeUpdate! }
        return deletes + inserts + reloads + moves
    }
}

/// The map phase for sections: inserts and move targets take their slots;
/// every other surviving section keeps its order in the free ones.
struct SectionMapping {
    /// For each new section, the old one it was (nil: inserted).
    let newToOld: [Int?]
    /// For each old section, its new index (nil: deleted).
    let oldToNew: [Int?]

    init(_ batch: ValidatedBatch) {
        var newToOld = [Int?](repeating: nil, count: batch.newCount)
        var fixed = [Bool](repeating: false, count: batch.newCount)
        for (s, move) in batch.movedSections { newToOld[move.to] = s; fixed[move.to] = true }
        for t in batch.insertedSections.keys { fixed[t] = true }
        var slot = 0
        for s in 0..<batch.oldCount where batch.deletedSections[s] == nil && batch.movedSections[s] == nil {
            while fixed[slot] { slot += 1 }
            newToOld[slot] = s
            slot += 1
        }
        var oldToNew = [Int?](repeating: nil, count: batch.oldCount)
        for (t, s) in newToOld.enumerated() { if let s { oldToNew[s] = t } }
        self.newToOld = newToOld
        self.oldToNew = oldToNew
    }
}

/// The map phase for items: the new sections, built from the old ones and
/// the item updates. Sections no item update touches are carried over as
/// they are; a section that gains or loses items gets an `ItemMap` (by rank,
/// never per item) and its sparse sizes carried to the new items.
struct MappedSections {
    private(set) var sections: [SectionData] = []
    /// For old sections whose items were rearranged: old item -> new index path.
    private(set) var itemMaps: [Int: ItemMap] = [:]
    /// A new item an insert or a move target takes: its index, where it comes
    /// from (nil: inserted) and the update that put it there.
    private typealias FixedItem = (item: Int, source: IndexPath?, update: Int)

    init(_ batch: ValidatedBatch, _ mapping: SectionMapping, old: [SectionData], nextIdentity: inout Int, nextRevision: inout Int) throws {
        var removedByOldSection: [Int: [Int]] = [:]  // old items leaving each section, sorted below
        for p in batch.deletedItems.keys { removedByOldSection[p.section, default: []].append(p.item) }
        for p in batch.movedItems.keys { removedByOldSection[p.section, default: []].append(p.item) }
        for s in removedByOldSection.keys { removedByOldSection[s]!.sort() }
        var fixedByNewSection: [Int: [FixedItem]] = [:]
        for (q, i) in batch.insertedItems { fixedByNewSection[q.section, default: []].append((q.item, nil, i)) }
        for (p, move) in batch.movedItems { fixedByNewSection[move.to.section, default: []].append((move.to.item, p, move.update)) }

        sections.reserveCapacity(batch.newCount)
        for t in 0..<batch.newCount {
            let source = mapping.newToOld[t]
            var section: SectionData
            if let s = source {
                section = old[s]
                if batch.reloadedSections[s] != nil {
                    nextRevision += 1
                    section.revision = nextRevision
                }
            } else {
                nextIdentity += 1
                nextRevision += 1
                section = SectionData(itemCount: batch.insertedSections[t]?.itemCount ?? 0, headerSize: nil, footerSize: nil,
                                      identity: nextIdentity, revision: nextRevision)
            }
            let fixedHere = (fixedByNewSection[t] ?? []).sorted { $0.item < $1.item }
            let removed = source.map { removedByOldSection[$0] ?? [] } ?? []
            if !fixedHere.isEmpty || !removed.isEmpty {
                try rearrange(&section, newSection: t, oldSection: source, removed: removed, fixed: fixedHere, batch, old: old)
                nextRevision += 1
                section.revision = nextRevision
            }
            sections.append(section)
        }
        // Same place, new content: bump the revision of the section holding a reloaded item.
        for p in batch.reloadedItems.keys {
            if let t = mapping.oldToNew[p.section] {
                nextRevision += 1
                sections[t].revision = nextRevision
            }
        }
    }

    /// The items that stay keep their order and fill the slots that inserts
    /// and move targets leave free. Sizes travel with the cell: its override,
    /// and for self-sizing its declared and its measured size. The items that
    /// stay are mapped in order, so their entries stay sorted; moved-in ones
    /// are merged in.
    private mutating func rearrange(_ section: inout SectionData, newSection t: Int, oldSection source: Int?, removed: [Int],
                                    fixed fixedHere: [FixedItem], _ batch: ValidatedBatch, old: [SectionData]) throws {
        let total = section.itemCount - removed.count + fixedHere.count
        for f in fixedHere where f.item < 0 || f.item >= total {
            let what = f.source.map { "move item \($0.stk) to \(t):\(f.item)" } ?? "insert item \(t):\(f.item)"
            throw batch.refusal(f.update, .destination, "\(what): item \(f.item) is past the end of section \(t), which will have \(total) item\(total == 1 ? "" : "s") (expected 0..<\(total))")
        }
        let slots = fixedHere.map(\.item)
        var stayingMap: ItemMap?
        if let s = source {
            stayingMap = ItemMap(oldCount: section.itemCount, newSection: t, removed: removed, moved: [:], fixedSlots: slots)
            var moved: [Int: IndexPath] = [:]
            for p in removed { if let q = batch.movedItems[IndexPath(item: p, section: s)] { moved[p] = q.to } }
            itemMaps[s] = ItemMap(oldCount: section.itemCount, newSection: t, removed: removed, moved: moved, fixedSlots: slots)
        }
        // Each per-item table: the staying items' entries, mapped in order,
        // and the moved-in items' (in item order: their slots are free of
        // staying items) merged in.
        let tables = Self.perItemTables.map { table -> SparseSizes in
            var movedIn: (items: [Int], sizes: [CGSize]) = ([], [])
            for f in fixedHere {
                guard let from = f.source, let size = old[from.section][keyPath: table][from.item] else { continue }
                movedIn.items.append(f.item)
                movedIn.sizes.append(size)
            }
            let kept = stayingMap?.staying(section[keyPath: table]) ?? SparseSizes()
            return kept.overlaid(with: SparseSizes(sortedItems: movedIn.items, sizes: movedIn.sizes))
        }
        section.itemCount = total
        for (table, entries) in zip(Self.perItemTables, tables) { section[keyPath: table] = entries }
    }

    /// A section's tables by item, which a rearrangement maps alike.
    private static let perItemTables: [WritableKeyPath<SectionData, SparseSizes>] = [\.itemSizes, \.preferredSizes, \.measuredSizes]

    /// Size changes, on the data after the update.
    mutating func applySizes(_ batch: ValidatedBatch, nextRevision: inout Int) throws {
        let newCount = sections.count
        for (i, u) in batch.updates.enumerated() {
            switch u {
            case let .sizeItem(q, size):
                guard q.count == 2, q.section >= 0, q.section < newCount,
                      q.item >= 0, q.item < sections[q.section].itemCount else {
                    let count = q.count == 2 && q.section >= 0 && q.section < newCount ? sections[q.section].itemCount : nil
                    throw batch.refusal(i, .destination, "size item \(q.updateText): " + (count.map {
                        "item \(q.updateText) does not exist after the update (section \(q.section) will have \($0) item\($0 == 1 ? "" : "s"), expected 0..<\($0))"
                    } ?? "section \(q.count == 2 ? q.section : -1) does not exist after the update (expected 0..<\(newCount))"))
                }
                if let size { try Validate.size(size, "size of item \(q.updateText)") }
                sections[q.section].setItemSize(size, at: q.item)
                nextRevision += 1
                sections[q.section].revision = nextRevision
            case let .sizeSupplementary(kind, t, size):
                guard kind == ElementKind.sectionHeader || kind == ElementKind.sectionFooter else {
                    throw CollectionViewError("unknown supplementary kind '\(kind)' (expected header or footer)")
                }
                guard t >= 0, t < newCount else {
                    throw batch.refusal(i, .destination, "size \(kind) \(t): section \(t) does not exist after the update (expected 0..<\(newCount))")
                }
                if let size { try Validate.size(size, "size of \(kind) \(t)") }
                if kind == ElementKind.sectionHeader { sections[t].headerSize = size } else { sections[t].footerSize = size }
                nextRevision += 1
                sections[t].revision = nextRevision
            default:
                break
            }
        }
    }
}

/// Where the items of one old section go in a batch update, stored as the
/// update's entries, not per item: the old items that leave (deleted or moved,
/// sorted), where the moved ones go, and the slots of the new section that
/// inserts and move targets take (sorted). Every other item keeps its order
/// and takes the free slots in turn, so its place is rank arithmetic: the
/// r-th staying item goes to the r-th free slot, each found by binary search.
struct ItemMap: Equatable {
    let oldCount: Int
    /// The section the staying items land in (the old section's new index).
    let newSection: Int
    let removed: [Int]
    let moved: [Int: IndexPath]
    let fixedSlots: [Int]

    /// How many entries of a sorted list are less than `value`.
    static func countLess(_ list: [Int], than value: Int) -> Int {
        firstIndex(in: list.indices) { list[$0] >= value }
    }

    /// The `rank`-th (from 0) integer from 0 on that is not in `taken` (sorted,
    /// distinct, non-negative): rank plus the number of taken values before
    /// it, those `taken[k]` with `taken[k] - k <= rank` (non-decreasing in k).
    static func free(rank: Int, skipping taken: [Int]) -> Int {
        rank + firstIndex(in: taken.indices) { taken[$0] - $0 > rank }
    }

    /// The new item of an old item that stays in the section, or nil.
    func stayingItem(_ item: Int) -> Int? {
        guard item >= 0, item < oldCount else { return nil }
        let before = ItemMap.countLess(removed, than: item)
        if before < removed.count, removed[before] == item { return nil }
        return ItemMap.free(rank: item - before, skipping: fixedSlots)
    }

    /// The entries of the items that stay, at their new items: one walk
    /// along the entries, the removed items and the fixed slots together
    /// (all sorted, and the new items of staying items rise with the old).
    func staying(_ sizes: SparseSizes) -> SparseSizes {
        if sizes.isEmpty { return sizes }
        var items: [Int] = [], kept: [CGSize] = []
        items.reserveCapacity(sizes.count)
        kept.reserveCapacity(sizes.count)
        var r = 0, f = 0
        let (entryItems, entrySizes) = (sizes.items, sizes.sizes)
        for k in 0..<entryItems.count {
            let item = entryItems[k]
            guard item >= 0, item < oldCount else { continue }
            while r < removed.count, removed[r] < item { r += 1 }
            if r < removed.count, removed[r] == item { continue }
            let rank = item - r
            while f < fixedSlots.count, fixedSlots[f] - f <= rank { f += 1 }
            items.append(rank + f)
            kept.append(entrySizes[k])
        }
        return SparseSizes(sortedItems: items, sizes: kept)
    }

    /// Where an old item is after the update, or nil when it was deleted.
    func newIndexPath(ofOldItem item: Int) -> IndexPath? {
        if let q = moved[item] { return q }
        return stayingItem(item).map { IndexPath(item: $0, section: newSection) }
    }
}
