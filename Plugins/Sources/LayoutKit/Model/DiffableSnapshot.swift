import Foundation

/// The data as a diffable data source holds it (`NSDiffableDataSourceSnapshot`):
/// ordered, unique section identifiers, each with ordered, unique item
/// identifiers. Identifiers are words; stk numbers its own `S0`, `S1`, ...
/// and `I0`, `I1`, ... (docs/semantics.md, "Diffable data sources").
///
/// Two pure functions connect it to batch updates: `applying(_:)` follows a
/// batch update as UIKit defines one (what `insert`, `delete`, `move` and
/// `batch` do to the identifiers), and `updates(to:)` is the difference
/// `apply` performs (UIKit's diff, with a minimal set of moves).
public struct DiffableSnapshot: Equatable, Sendable {
    public private(set) var sectionIdentifiers: [String]
    /// The item identifiers of each section, in the order of `sectionIdentifiers`.
    public private(set) var itemIdentifiers: [[String]]
    /// The next numbers stk gives new sections and items.
    public private(set) var nextSectionNumber: Int
    public private(set) var nextItemNumber: Int
    /// Every item identifier, built on the first edit that needs it and kept
    /// by the edits after it: a duplicate check costs one lookup, not a set
    /// of the whole data per edit. Not part of the value.
    private var knownItems: Set<String>?

    public static func == (a: DiffableSnapshot, b: DiffableSnapshot) -> Bool {
        a.sectionIdentifiers == b.sectionIdentifiers && a.itemIdentifiers == b.itemIdentifiers
            && a.nextSectionNumber == b.nextSectionNumber && a.nextItemNumber == b.nextItemNumber
    }

    /// `S0`... and `I0`... numbered in order, for these item counts.
    public init(itemCounts: [Int]) {
        sectionIdentifiers = itemCounts.indices.map { "S\($0)" }
        var next = 0
        itemIdentifiers = itemCounts.map { count in
            defer { next += count }
            return (next..<(next + count)).map { "I\($0)" }
        }
        nextSectionNumber = itemCounts.count
        nextItemNumber = next
    }

    public init(sections: [String], items: [[String]], nextSectionNumber: Int, nextItemNumber: Int) {
        sectionIdentifiers = sections
        itemIdentifiers = items
        self.nextSectionNumber = nextSectionNumber
        self.nextItemNumber = nextItemNumber
    }

    public var itemCounts: [Int] { itemIdentifiers.map(\.count) }
    public var numberOfItems: Int { itemIdentifiers.reduce(0) { $0 + $1.count } }

    mutating func newSection() -> String {
        defer { nextSectionNumber += 1 }
        return "S\(nextSectionNumber)"
    }

    mutating func newItem() -> String {
        defer { nextItemNumber += 1 }
        return "I\(nextItemNumber)"
    }

    // MARK: Following a batch update

    /// The identifiers after `updates`, performed as one batch update with
    /// UIKit's rules: deletes and moves' sources name the old positions,
    /// inserts and moves' targets the new ones; what is not named keeps its
    /// relative order. Reloads keep identifiers (the same element, new content);
    /// inserted sections and items get new numbers. Call it only with updates
    /// the collection view accepted.
    public func applying(_ updates: [CollectionViewUpdate]) -> DiffableSnapshot {
        var result = self
        result.knownItems = nil
        var removedSections = Set<Int>()
        var placedSections: [(index: Int, source: SectionSource)] = []
        var removedItems: [Int: Set<Int>] = [:]
        var placedItems: [Int: [(index: Int, source: ItemSource)]] = [:]
        for update in updates {
            switch update {
            case let .insertSection(t, count): placedSections.append((t, .inserted(count)))
            case let .deleteSection(s): removedSections.insert(s)
            case let .moveSection(s, t):
                removedSections.insert(s)
                placedSections.append((t, .old(s)))
            case let .insertItem(q): placedItems[q.section, default: []].append((q.item, .inserted))
            case let .deleteItem(p): removedItems[p.section, default: []].insert(p.item)
            case let .moveItem(p, q):
                removedItems[p.section, default: []].insert(p.item)
                placedItems[q.section, default: []].append((q.item, .old(itemIdentifiers[p.section][p.item])))
            case .reloadSection, .reloadItem, .sizeItem, .sizeSupplementary:
                break
            }
        }
        let order = Self.rearranged(Array(sectionIdentifiers.indices).map(SectionSource.old), removing: removedSections, placing: placedSections)
        var sections: [String] = []
        var items: [[String]] = []
        sections.reserveCapacity(order.count)
        items.reserveCapacity(order.count)
        for (t, source) in order.enumerated() {
            var base: [String]
            switch source {
            case .old(let s):
                sections.append(sectionIdentifiers[s])
                base = itemIdentifiers[s]
                if let removed = removedItems[s] {
                    base = base.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
                }
            case .inserted(let count):
                sections.append(result.newSection())
                base = (0..<count).map { _ in result.newItem() }
            }
            if let placed = placedItems[t] {
                let sources = base.map(ItemSource.old) 
                let arranged = Self.rearranged(sources, removing: [], placing: placed)
                base = arranged.map { source in
                    switch source {
                    case .old(let id): return id
                    case .inserted: return result.newItem()
                    }
                }
            }
            items.append(base)
        }
        result.sectionIdentifiers = sections
        result.itemIdentifiers = items
        return result
    }

    enum SectionSource { case old(Int), inserted(Int) }
    enum ItemSource { case old(String), inserted }

    /// `elements` less those at `removing`, then each of `placing` inserted at
    /// its index, in ascending order (an index past the end appends).
    static func rearranged<T>(_ elements: [T], removing: Set<Int>, placing: [(index: Int, source: T)]) -> [T] {
        var result = removing.isEmpty ? elements : elements.enumerated().filter { !removing.contains($0.offset) }.map(\.element)
        for (index, element) in placing.sorted(by: { $0.index < $1.index }) {
            result.insert(element, at: min(max(0, index), result.count))
        }
        return result
    }

    // MARK: The difference `apply` performs

    /// The batch update that turns this snapshot into `new`: deleted sections
    /// and items, inserted ones, and moves for survivors whose relative order
    /// changed, the fewest: the longest increasing run of survivors stays (stk;
    /// UIKit's own choice is unpublished). An item that changes section always
    /// moves. `reloaded` and `reloadedSections` (identifiers of `new`) become
    /// reloads at their old places; a moved or new item needs none.
    public func updates(to new: DiffableSnapshot, reloaded: Set<String> = [], reloadedSections: Set<String> = []) -> [CollectionViewUpdate] {
        var updates: [CollectionViewUpdate] = []
        let oldSectionIndex = Dictionary(uniqueKeysWithValues: sectionIdentifiers.enumerated().map { ($1, $0) })
        let newSectionIndex = Dictionary(uniqueKeysWithValues: new.sectionIdentifiers.enumerated().map { ($1, $0) })

        // Sections.
        var survivingSections: [(old: Int, new: Int)] = []
        for (s, id) in sectionIdentifiers.enumerated() {
            if let t = newSectionIndex[id] { survivingSections.append((s, t)) } else { updates.append(.deleteSection(s)) }
        }
        let stayingSections = Self.longestIncreasing(survivingSections.map(\.new))
        var movedSections = Set<Int>()
        for (k, pair) in survivingSections.enumerated() where !stayingSections.contains(k) {
            updates.append(.moveSection(pair.old, to: pair.new))
            movedSections.insert(pair.old)
        }
        for (t, id) in new.sectionIdentifiers.enumerated() where oldSectionIndex[id] == nil {
            updates.append(.insertSection(t, itemCount: new.itemIdentifiers[t].count))
        }
        for id in reloadedSections.sorted() {
            if let s = oldSectionIndex[id], newSectionIndex[id] != nil, !movedSections.contains(s) { updates.append(.reloadSection(s)) }
        }

        // Items: where each was and is.
        var oldPlace: [String: IndexPath] = [:]
        oldPlace.reserveCapacity(numberOfItems)
        for (s, ids) in itemIdentifiers.enumerated() {
            for (i, id) in ids.enumerated() { oldPlace[id] = IndexPath(item: i, section: s) }
        }
        var newPlace: [String: IndexPath] = [:]
        newPlace.reserveCapacity(new.numberOfItems)
        for (t, ids) in new.itemIdentifiers.enumerated() {
            for (i, id) in ids.enumerated() { newPlace[id] = IndexPath(item: i, section: t) }
        }
        let sectionSurvives = Set(survivingSections.map(\.old))
        let sectionIsNew = Set(new.sectionIdentifiers.indices.filter { oldSectionIndex[new.sectionIdentifiers[$0]] == nil })
        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], moves: [(IndexPath, IndexPath)] = [], reloads: [IndexPath] = []
        for (s, ids) in itemIdentifiers.enumerated() where sectionSurvives.contains(s) {
            // Survivors staying in the same section: the longest increasing
            // run of their new places stays.
            var sameSection: [(old: Int, new: Int)] = []
            let t = newSectionIndex[sectionIdentifiers[s]]!
            for (i, id) in ids.enumerated() {
                guard let q = newPlace[id], !sectionIsNew.contains(q.section) else {
                    deletes.append(IndexPath(item: i, section: s))
                    continue
                }
                if q.section == t { sameSection.append((i, q.item)) } else { moves.append((IndexPath(item: i, section: s), q)) }
            }
            let staying = Self.longestIncreasing(sameSection.map(\.new))
            for (k, pair) in sameSection.enumerated() {
                if staying.contains(k) {
                    if reloaded.contains(ids[pair.old]) { reloads.append(IndexPath(item: pair.old, section: s)) }
                } else {
                    moves.append((IndexPath(item: pair.old, section: s), IndexPath(item: pair.new, section: t)))
                }
            }
        }
        for (t, ids) in new.itemIdentifiers.enumerated() where !sectionIsNew.contains(t) {
            for (i, id) in ids.enumerated() {
                // New here, or its old section is gone (items cannot move out of a deleted section).
                if let p = oldPlace[id], sectionSurvives.contains(p.section) { continue }
                inserts.append(IndexPath(item: i, section: t))
            }
        }
        updates += deletes.map(CollectionViewUpdate.deleteItem)
        updates += inserts.map(CollectionViewUpdate.insertItem)
        updates += moves.map { CollectionViewUpdate.moveItem($0.0, to: $0.1) }
        updates += reloads.map(CollectionViewUpdate.reloadItem)
        return updates
    }

    /// The positions (into `values`) of one longest strictly increasing
    /// subsequence, in O(n log n).
    static func longestIncreasing(_ values: [Int]) -> Set<Int> {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []       // positions: tails[k] ends a run of length k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi { let m = (lo + hi) / 2; if values[tails[m]] < v { lo = m + 1 } else { hi = m } }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var result = Set<Int>()
        var k = tails.last!
        while k >= 0 { result.insert(k); k = previous[k] }
        return result
    }
}

// MARK: Editing, as NSDiffableDataSourceSnapshot's methods do

/// A refused edit: UIKit's exception, in its words where it has them, and
/// which identifier (the index into the edit's identifiers) caused it.
public struct SnapshotEditError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// The identifier the message is about, when one is.
    public let identifier: String?
    public var description: String { message }
}

extension DiffableSnapshot {
    public enum Position: Sendable { case before, after }

    private func sectionIndex(_ id: String, verb: String) throws -> Int {
        guard let s = sectionIdentifiers.firstIndex(of: id) else {
            throw SnapshotEditError(message: "NSInternalInconsistencyException: Attempted to \(verb) section identifier that does not exist in the snapshot: \(id)", identifier: id)
        }
        return s
    }

    private func itemPlace(_ id: String, verb: String) throws -> IndexPath {
        for (s, ids) in itemIdentifiers.enumerated() {
            if let i = ids.firstIndex(of: id) { return IndexPath(item: i, section: s) }
        }
        throw SnapshotEditError(message: "NSInternalInconsistencyException: Attempted to \(verb) item identifier that does not exist in the snapshot: \(id)", identifier: id)
    }

    private func checkNew(sections ids: [String]) throws {
        var seen = Set(sectionIdentifiers)
        for id in ids where !seen.insert(id).inserted {
            throw SnapshotEditError(message: "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\(id))}", identifier: id)
        }
    }

    /// Refuses a duplicate among `ids` or with the snapshot; then records them.
    private mutating func checkNew(items ids: [String]) throws {
        if knownItems == nil { knownItems = Set(itemIdentifiers.joined()) }
        var seen = Set<String>()
        for id in ids where knownItems!.contains(id) || !seen.insert(id).inserted {
            throw SnapshotEditError(message: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(id))}", identifier: id)
        }
        knownItems!.formUnion(ids)
    }

    /// `appendSections(_:)`.
    public mutating func appendSections(_ ids: [String]) throws {
        try checkNew(sections: ids)
        sectionIdentifiers += ids
        itemIdentifiers += ids.map { _ in [] }
    }

    /// `insertSections(_:beforeSection:)` and `insertSections(_:afterSection:)`.
    public mutating func insertSections(_ ids: [String], _ position: Position, _ anchor: String) throws {
        let s = try sectionIndex(anchor, verb: "insert relative to")
        try checkNew(sections: ids)
        let at = position == .before ? s : s + 1
        sectionIdentifiers.insert(contentsOf: ids, at: at)
        itemIdentifiers.insert(contentsOf: ids.map { _ in [] }, at: at)
    }

    /// `deleteSections(_:)`: the sections and their items.
    public mutating func deleteSections(_ ids: [String]) throws {
        for id in ids {
            let s = try sectionIndex(id, verb: "delete")
            sectionIdentifiers.remove(at: s)
            let items = itemIdentifiers.remove(at: s)
            if knownItems != nil { knownItems!.subtract(items) }
        }
    }

    /// `moveSection(_:beforeSection:)` and `moveSection(_:afterSection:)`.
    public mutating func moveSection(_ id: String, _ position: Position, _ anchor: String) throws {
        let s = try sectionIndex(id, verb: "move")
        _ = try sectionIndex(anchor, verb: "move relative to")
        guard id != anchor else {
            throw SnapshotEditError(message: "NSInternalInconsistencyException: Attempted to move a section identifier relative to itself: \(id)", identifier: id)
        }
        let items = itemIdentifiers.remove(at: s)
        sectionIdentifiers.remove(at: s)
        let t = sectionIdentifiers.firstIndex(of: anchor)! + (position == .before ? 0 : 1)
        sectionIdentifiers.insert(id, at: t)
        itemIdentifiers.insert(items, at: t)
    }

    /// `appendItems(_:toSection:)`; no section: the last.
    public mutating func appendItems(_ ids: [String], toSection section: String?) throws {
        let s: Int
        if let section {
            s = try sectionIndex(section, verb: "append items to")
        } else {
            guard !sectionIdentifiers.isEmpty else {
                throw SnapshotEditError(message: "NSInternalInconsistencyException: There are currently no sections in the data source. Please add a section first.", identifier: ids.first)
            }
            s = sectionIdentifiers.count - 1
        }
        try checkNew(items: ids)
        itemIdentifiers[s] += ids
    }

    /// `insertItems(_:beforeItem:)` and `insertItems(_:afterItem:)`.
    public mutating func insertItems(_ ids: [String], _ position: Position, _ anchor: String) throws {
        let p = try itemPlace(anchor, verb: "insert relative to")
        try checkNew(items: ids)
        itemIdentifiers[p.section].insert(contentsOf: ids, at: position == .before ? p.item : p.item + 1)
    }

    /// `deleteItems(_:)`.
    public mutating func deleteItems(_ ids: [String]) throws {
        for id in ids {
            let p = try itemPlace(id, verb: "delete")
            itemIdentifiers[p.section].remove(at: p.item)
            knownItems?.remove(id)
        }
    }

    /// `deleteAllItems()`: every section and item.
    public mutating func deleteAllItems() {
        sectionIdentifiers = []
        itemIdentifiers = []
        knownItems = []
    }

    /// `moveItem(_:beforeItem:)` and `moveItem(_:afterItem:)`.
    public mutating func moveItem(_ id: String, _ position: Position, _ anchor: String) throws {
        let p = try itemPlace(id, verb: "move")
        _ = try itemPlace(anchor, verb: "move relative to")
        guard id != anchor else {
            throw SnapshotEditError(message: "NSInternalInconsistencyException: Attempted to move an item identifier relative to itself: \(id)", identifier: id)
        }
        itemIdentifiers[p.section].remove(at: p.item)
        let q = try itemPlace(anchor, verb: "move relative to")
        itemIdentifiers[q.section].insert(id, at: position == .before ? q.item : q.item + 1)
    }

    /// `reloadItems(_:)`, `reconfigureItems(_:)`: the items must exist.
    public func checkItems(_ ids: [String], verb: String) throws {
        for id in ids { _ = try itemPlace(id, verb: verb) }
    }

    /// Numbers stk gives new elements pass those of identifiers in use
    /// (`I7` appended by hand): `insert item` never makes a duplicate.
    public mutating func reserveNumbersInUse() {
        func number(_ id: String, prefix: Character) -> Int? {
            guard id.first == prefix else { return nil }
            return Int(id.dropFirst())
        }
        for id in sectionIdentifiers { if let n = number(id, prefix: "S"), n >= nextSectionNumber { nextSectionNumber = n + 1 } }
        for ids in itemIdentifiers { for id in ids { if let n = number(id, prefix: "I"), n >= nextItemNumber { nextItemNumber = n + 1 } } }
    }

    /// `reloadSections(_:)`: the sections must exist.
    public func checkSections(_ ids: [String], verb: String) throws {
        for id in ids { _ = try sectionIndex(id, verb: verb) }
    }
}
