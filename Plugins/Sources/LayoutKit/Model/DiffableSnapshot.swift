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
///
/// Identifiers are stored as integer handles (`IdentifierNames`): stk's own
/// names are their numbers, so a million items cost a million integers and
/// no hashing, and the diff compares and indexes integers. Only sections
/// whose items changed are diffed item by item: copies share the arrays of
/// untouched sections, and comparing shared arrays costs nothing.
public struct DiffableSnapshot: Sendable {
    var sectionHandles: [Int]
    /// The item handles of each section, in the order of `sectionHandles`.
    var itemHandles: [[Int]]
    let sectionNames: IdentifierNames
    let itemNames: IdentifierNames
    /// The next numbers stk gives new sections and items.
    public private(set) var nextSectionNumber: Int
    public private(set) var nextItemNumber: Int
    /// Every item handle, built on the first edit that needs it and kept by
    /// the edits after it: a duplicate check costs one lookup, not a set of
    /// the whole data per edit. Not part of the value.
    private var knownItems: HandleSet?
    /// Where items were when first asked for (section << 32 | item), and how
    /// far any of them can have shifted since: a hint an edit checks against
    /// the items themselves, so that finding an anchor costs a look near its
    /// old place, not a scan of the data. Not part of the value.
    private var placeHints: HandleMap?
    private var shiftSinceHints = 0

    public var sectionIdentifiers: [String] { sectionHandles.map(sectionNames.name) }
    /// The item identifiers of each section, in the order of `sectionIdentifiers`.
    public var itemIdentifiers: [[String]] { itemHandles.map { $0.map(itemNames.name) } }

    /// The index of the section `id`, nil when the snapshot lacks it:
    /// without naming every section.
    public func indexOfSection(_ id: String) -> Int? {
        sectionNames.existingHandle(id).flatMap { sectionHandles.firstIndex(of: $0) }
    }

    /// The item identifiers of the section at `index` alone (one section's
    /// names cost its items, not the data's).
    public func itemIdentifiers(inSection index: Int) -> [String] {
        itemHandles[index].map(itemNames.name)
    }

    /// `S0`... and `I0`... numbered in order, for these item counts.
    public init(itemCounts: [Int]) {
        sectionNames = IdentifierNames(prefix: "S")
        itemNames = IdentifierNames(prefix: "I")
        sectionHandles = Array(itemCounts.indices)
        var next = 0
        itemHandles = itemCounts.map { count in
            defer { next += count }
            return Array(next..<(next + count))
        }
        nextSectionNumber = itemCounts.count
        nextItemNumber = next
    }

    public init(sections: [String], items: [[String]], nextSectionNumber: Int, nextItemNumber: Int) {
        let sectionNames = IdentifierNames(prefix: "S"), itemNames = IdentifierNames(prefix: "I")
        self.sectionNames = sectionNames
        self.itemNames = itemNames
        sectionHandles = sections.map(sectionNames.handle)
        itemHandles = items.map { $0.map(itemNames.handle) }
        self.nextSectionNumber = nextSectionNumber
        self.nextItemNumber = nextItemNumber
    }

    /// These identifiers, in `other`'s name tables (and with its next
    /// numbers): a snapshot built apart that diffs against `other` without
    /// translating one's handles into the other's.
    public init(sharingNamesWith other: DiffableSnapshot, sections: [String], items: [[String]]) {
        sectionNames = other.sectionNames
        itemNames = other.itemNames
        sectionHandles = sections.map(other.sectionNames.handle)
        itemHandles = items.map { $0.map(other.itemNames.handle) }
        nextSectionNumber = other.nextSectionNumber
        nextItemNumber = other.nextItemNumber
    }

    /// An identifier as stk holds it: one of its own numbered names (`S3`,
    /// `I42`: the number), or a word written by hand (`featured`).
    public enum Name: Hashable, Sendable {
        case numbered(Int)
        case word(String)
    }

    /// The identifier of the section at `index`, without naming every section.
    public func sectionName(at index: Int) -> Name { name(sectionHandles[index], in: sectionNames) }

    /// The identifier of the item at `item` in section `section`.
    public func itemName(section: Int, item: Int) -> Name { name(itemHandles[section][item], in: itemNames) }

    private func name(_ handle: Int, in names: IdentifierNames) -> Name {
        handle >= 0 ? .numbered(handle) : .word(names.name(handle))
    }

    public var itemCounts: [Int] { itemHandles.map(\.count) }
    public var numberOfItems: Int { itemHandles.reduce(0) { $0 + $1.count } }

    mutating func newSection() -> Int {
        defer { nextSectionNumber += 1 }
        return nextSectionNumber
    }

    mutating func newItem() -> Int {
        defer { nextItemNumber += 1 }
        return nextItemNumber
    }

    /// This snapshot with its handles in `sections` and `items`' numbering
    /// (the same snapshot when it already is).
    func rehomed(sections: IdentifierNames, items: IdentifierNames) -> DiffableSnapshot {
        if sections === sectionNames && items === itemNames { return self }
        var copy = DiffableSnapshot(sections: [], items: [], nextSectionNumber: nextSectionNumber, nextItemNumber: nextItemNumber, sectionNames: sections, itemNames: items)
        copy.sectionHandles = sectionHandles.map { sections.handle(sectionNames.name($0)) }
        copy.itemHandles = itemHandles.map { $0.map { items.handle(itemNames.name($0)) } }
        return copy
    }

    private init(sections: [Int], items: [[Int]], nextSectionNumber: Int, nextItemNumber: Int, sectionNames: IdentifierNames, itemNames: IdentifierNames) {
        self.sectionHandles = sections
        self.itemHandles = items
        self.nextSectionNumber = nextSectionNumber
        self.nextItemNumber = nextItemNumber
        self.sectionNames = sectionNames
        self.itemNames = itemNames
    }
}

extension DiffableSnapshot: Equatable {
    public static func == (a: DiffableSnapshot, b: DiffableSnapshot) -> Bool {
        guard a.nextSectionNumber == b.nextSectionNumber, a.nextItemNumber == b.nextItemNumber else { return false }
        let b = b.rehomed(sections: a.sectionNames, items: a.itemNames)
        return a.sectionHandles == b.sectionHandles && a.itemHandles == b.itemHandles
    }
}

// MARK: Following a batch update

extension DiffableSnapshot {
    /// The identifiers after `updates`, performed as one batch update with
    /// UIKit's rules: deletes and moves' sources name the old positions,
    /// inserts and moves' targets the new ones; what is not named keeps its
    /// relative order. Reloads keep identifiers (the same element, new content);
    /// inserted sections and items get new numbers. Call it only with updates
    /// the collection view accepted.
    public func applying(_ updates: [CollectionViewUpdate]) -> DiffableSnapshot {
        var result = self
        result.knownItems = nil
        result.placeHints = nil
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
                placedItems[q.section, default: []].append((q.item, .old(itemHandles[p.section][p.item])))
            case .reloadSection, .reloadItem, .sizeItem, .sizeSupplementary:
                break
            }
        }
        let order = Self.rearranged(Array(sectionHandles.indices).map(SectionSource.old), removing: removedSections, placing: placedSections)
        var sections: [Int] = []
        var items: [[Int]] = []
        sections.reserveCapacity(order.count)
        items.reserveCapacity(order.count)
        for (t, source) in order.enumerated() {
            var base: [Int]
            switch source {
            case .old(let s):
                sections.append(sectionHandles[s])
                base = itemHandles[s]
                if let removed = removedItems[s] {
                    base = base.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
                }
            case .inserted(let count):
                sections.append(result.newSection())
                base = (0..<count).map { _ in result.newItem() }
            }
            if let placed = placedItems[t] {
                let arranged = Self.rearranged(base.map(ItemSource.old), removing: [], placing: placed)
                base = arranged.map { source in
                    switch source {
                    case .old(let h): return h
                    case .inserted: return result.newItem()
                    }
                }
            }
            items.append(base)
        }
        result.sectionHandles = sections
        result.itemHandles = items
        return result
    }

    enum SectionSource { case old(Int), inserted(Int) }
    enum ItemSource { case old(Int), inserted }

    /// `elements` less those at `removing`, then each of `placing` inserted at
    /// its index, in ascending order (an index past the end appends).
    static func rearranged<T>(_ elements: [T], removing: Set<Int>, placing: [(index: Int, source: T)]) -> [T] {
        var result = removing.isEmpty ? elements : elements.enumerated().filter { !removing.contains($0.offset) }.map(\.element)
        for (index, element) in placing.sorted(by: { $0.index < $1.index }) {
            result.insert(element, at: min(max(0, index), result.count))
        }
        return result
    }
}

// MARK: The difference `apply` performs

extension DiffableSnapshot {
    /// The batch update that turns this snapshot into `new`: deleted sections
    /// and items, inserted ones, and moves for survivors whose relative order
    /// changed, the fewest: the longest increasing run of survivors stays (stk;
    /// UIKit's own choice is unpublished). An item that changes section always
    /// moves. `reloaded` and `reloadedSections` (identifiers of `new`) become
    /// reloads at their old places; a moved or new item needs none.
    public func updates(to new: DiffableSnapshot, reloaded: Set<String> = [], reloadedSections: Set<String> = []) -> [CollectionViewUpdate] {
        updates(to: new, reloaded: reloaded, reloadedSections: reloadedSections, comparingEverySection: false)
    }

    /// `comparingEverySection` diffs the items of every surviving section, as
    /// if none were known unchanged: the reference the fast path is tested
    /// against (the updates are the same).
    func updates(to new: DiffableSnapshot, reloaded: Set<String>, reloadedSections: Set<String>, comparingEverySection: Bool) -> [CollectionViewUpdate] {
        let new = new.rehomed(sections: sectionNames, items: itemNames)
        var updates: [CollectionViewUpdate] = []
        let survivingSections = sectionUpdates(to: new, reloadedSections: reloadedSections, into: &updates)
        updates += itemUpdates(to: new, survivingSections: survivingSections, reloaded: reloaded,
                               comparingEverySection: comparingEverySection)
        return updates
    }

    /// The sections' part of `updates(to:...)`, appended to `updates`:
    /// deletes, moves of the survivors off the longest increasing run,
    /// inserts, and reloads at old places. Returns the surviving sections,
    /// old and new index, in old order. `new` is rehomed to this snapshot's tables.
    private func sectionUpdates(to new: DiffableSnapshot, reloadedSections: Set<String>,
                                into updates: inout [CollectionViewUpdate]) -> [(old: Int, new: Int)] {
        var oldSectionIndex = HandleMap(numberBound: nextSectionNumber, wordCount: sectionNames.wordCount)
        for (s, h) in sectionHandles.enumerated() { oldSectionIndex[h] = s }
        var newSectionIndex = HandleMap(numberBound: new.nextSectionNumber, wordCount: sectionNames.wordCount)
        for (t, h) in new.sectionHandles.enumerated() { newSectionIndex[h] = t }

        var survivingSections: [(old: Int, new: Int)] = []
        for (s, h) in sectionHandles.enumerated() {
            if let t = newSectionIndex[h] { survivingSections.append((s, t)) } else { updates.append(.deleteSection(s)) }
        }
        let stayingSections = Self.longestIncreasing(survivingSections.map(\.new))
        var movedSections = Set<Int>()
        for (k, pair) in survivingSections.enumerated() where !stayingSections[k] {
            updates.append(.moveSection(pair.old, to: pair.new))
            movedSections.insert(pair.old)
        }
        for (t, h) in new.sectionHandles.enumerated() where oldSectionIndex[h] == nil {
            updates.append(.insertSection(t, itemCount: new.itemHandles[t].count))
        }
        for id in reloadedSections.sorted() {
            guard let h = sectionNames.existingHandle(id) else { continue }
            if let s = oldSectionIndex[h], newSectionIndex[h] != nil, !movedSections.contains(s) { updates.append(.reloadSection(s)) }
        }
        return survivingSections
    }

    /// The items' part of `updates(to:...)`: deletes, inserts, moves and
    /// reloads, in that order.
    private func itemUpdates(to new: DiffableSnapshot, survivingSections: [(old: Int, new: Int)], reloaded: Set<String>,
                             comparingEverySection: Bool) -> [CollectionViewUpdate] {
        // Items. A surviving section whose items are unchanged (copies share
        // the array, so asking costs nothing) keeps them all in place: only
        // the others are diffed item by item. An item can only leave or
        // enter a changed section.
        let reloadedItems = HandleSet(reloaded.compactMap(itemNames.existingHandle))
        var changed = [Bool](repeating: false, count: sectionHandles.count)   // by old section
        var newSectionChanged = [Bool](repeating: false, count: new.sectionHandles.count)
        for pair in survivingSections where comparingEverySection || itemHandles[pair.old] != new.itemHandles[pair.new] {
            changed[pair.old] = true
            newSectionChanged[pair.new] = true
        }
        // Which items the changed sections held, and where each item of a
        // changed section is now: section << 32 | item.
        var wasInChangedSection = HandleSet()
        for pair in survivingSections where changed[pair.old] {
            for h in itemHandles[pair.old] { wasInChangedSection.insert(h) }
        }
        var newPlace = HandleMap(numberBound: Swift.max(nextItemNumber, new.nextItemNumber), wordCount: itemNames.wordCount)
        for pair in survivingSections where changed[pair.old] {
            for (i, h) in new.itemHandles[pair.new].enumerated() { newPlace[h] = pair.new << 32 | i }
        }
        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], moves: [(IndexPath, IndexPath)] = [], reloads: [IndexPath] = []
        for pair in survivingSections {
            let (s, t) = pair
            let ids = itemHandles[s]
            guard changed[s] else {
                if !reloaded.isEmpty {
                    for (i, h) in ids.enumerated() where reloadedItems.contains(h) { reloads.append(IndexPath(item: i, section: s)) }
                }
                continue
            }
            // Survivors staying in the same section: the longest increasing
            // run of their new places stays, found in the same pass. An item
            // whose new section is new is deleted (it cannot move into an
            // inserted section).
            var run = IncreasingRun(positions: ids.count)
            for (i, h) in ids.enumerated() {
                guard let place = newPlace[h] else {
                    deletes.append(IndexPath(item: i, section: s))
                    continue
                }
                let section = place >> 32, item = place & 0xFFFF_FFFF
                if section == t {
                    run.add(item, at: i)
                } else {
                    moves.append((IndexPath(item: i, section: s), IndexPath(item: item, section: section)))
                }
            }
            let staying = run.members()
            for (i, h) in ids.enumerated() {
                guard let place = newPlace[h], place >> 32 == t else { continue }
                if staying[i] {
                    if !reloaded.isEmpty, reloadedItems.contains(h) { reloads.append(IndexPath(item: i, section: s)) }
                } else {
                    moves.append((IndexPath(item: i, section: s), IndexPath(item: place & 0xFFFF_FFFF, section: t)))
                }
            }
        }
        for (t, ids) in new.itemHandles.enumerated() where newSectionChanged[t] {
            // New here, or its old section is gone (items cannot move out of a
            // deleted section).
            for (i, h) in ids.enumerated() where !wasInChangedSection.contains(h) {
                inserts.append(IndexPath(item: i, section: t))
            }
        }
        return deletes.map(CollectionViewUpdate.deleteItem) + inserts.map(CollectionViewUpdate.insertItem)
            + moves.map { CollectionViewUpdate.moveItem($0.0, to: $0.1) } + reloads.map(CollectionViewUpdate.reloadItem)
    }

    /// Which positions of `values` are on one longest strictly increasing
    /// subsequence (`IncreasingRun`).
    static func longestIncreasing(_ values: [Int]) -> [Bool] {
        var run = IncreasingRun(positions: values.count)
        for (i, v) in values.enumerated() { run.add(v, at: i) }
        return run.members()
    }
}

/// One longest strictly increasing subsequence of values given one at a
/// time with their positions (ascending; positions may be skipped), by
/// patience sorting: O(n log n), O(n) when the values mostly increase (a
/// value past the longest run's end extends it without a search). Positions
/// and values are below 2^31 (items of one section).
struct IncreasingRun {
    /// tailValues[k] ends the best run of length k + 1 found so far, at tailPositions[k].
    private var tailValues: [Int32] = []
    private var tailPositions: [Int32] = []
    /// The position before each position on its run; -1 for none.
    private var previous: [Int32]

    init(positions: Int) {
        previous = Array(repeating: -1, count: positions)
    }

    mutating func add(_ value: Int, at position: Int) {
        let v = Int32(value)
        let lo: Int
        if let last = tailValues.last, last < v {
            lo = tailValues.count
        } else {
            lo = firstIndex(in: tailValues.indices) { tailValues[$0] >= v }
        }
        if lo > 0 { previous[position] = tailPositions[lo - 1] }
        if lo == tailValues.count {
            tailValues.append(v)
            tailPositions.append(Int32(position))
        } else {
            tailValues[lo] = v
            tailPositions[lo] = Int32(position)
        }
    }

    /// Whether each position is on the run.
    func members() -> [Bool] {
        var onRun = [Bool](repeating: false, count: previous.count)
        guard var k = tailPositions.last.map(Int.init) else { return onRun }
        while k >= 0 { onRun[k] = true; k = Int(previous[k]) }
        return onRun
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

    public init(message: String, identifier: String?) {
        self.message = message
        self.identifier = identifier
    }

    /// UIKit's words for an identifier supplied twice, or one the snapshot
    /// (or a section's outline) holds already: `element` is "section" or "item".
    public static func duplicate(_ element: String, _ id: String) -> SnapshotEditError {
        SnapshotEditError(message: "Fatal: supplied \(element) identifiers are not unique. Duplicate identifiers: {(\(id))}", identifier: id)
    }
}

extension DiffableSnapshot {
    public enum Position: Sendable { case before, after }

    /// UIKit's exception for a move whose anchor is the identifier moved
    /// (`what`: "a section" or "an item").
    private func refuseMoveRelativeToItself(_ id: String, _ anchor: String, _ what: String) throws {
        guard id != anchor else {
            throw SnapshotEditError(message: "NSInternalInconsistencyException: Attempted to move \(what) identifier relative to itself: \(id)", identifier: id)
        }
    }

    private func sectionIndex(_ id: String, verb: String) throws -> Int {
        guard let h = sectionNames.existingHandle(id), let s = sectionHandles.firstIndex(of: h) else {
            throw SnapshotEditError(message: "NSInternalInconsistencyException: Attempted to \(verb) section identifier that does not exist in the snapshot: \(id)", identifier: id)
        }
        return s
    }

    private mutating func itemPlace(_ id: String, verb: String) throws -> (section: Int, item: Int, handle: Int) {
        if knownItems == nil { knownItems = HandleSet(itemHandles.joined()) }
        guard let h = itemNames.existingHandle(id), knownItems!.contains(h) else {
            throw SnapshotEditError(message: "NSInternalInconsistencyException: Attempted to \(verb) item identifier that does not exist in the snapshot: \(id)", identifier: id)
        }
        if placeHints == nil {
            var hints = HandleMap(numberBound: nextItemNumber, wordCount: itemNames.wordCount)
            for (s, ids) in itemHandles.enumerated() { for (i, h) in ids.enumerated() { hints[h] = s << 32 | i } }
            placeHints = hints
            shiftSinceHints = 0
        }
        // Near its hinted place (edits since moved it by at most
        // `shiftSinceHints`), else anywhere.
        if let hint = placeHints![h] {
            let s = hint >> 32, i = hint & 0xFFFF_FFFF
            if s < itemHandles.count {
                let ids = itemHandles[s]
                let window = max(0, i - shiftSinceHints)..<min(ids.count, i + shiftSinceHints + 1)
                if !window.isEmpty, let found = ids[window].firstIndex(of: h) {
                    return (s, found, h)
                }
            }
        }
        for (s, ids) in itemHandles.enumerated() {
            if let i = ids.firstIndex(of: h) {
                placeHints![h] = s << 32 | i
                return (s, i, h)
            }
        }
        preconditionFailure("item \(id) is known but in no section")
    }

    /// Items were inserted or removed at `count` places: hinted places may be
    /// that much further off.
    private mutating func shifted(by count: Int) {
        shiftSinceHints += count
        // Past a point a window is no cheaper than a scan: start again.
        if shiftSinceHints > 4_096 { placeHints = nil }
    }

    private func checkNew(sections ids: [String]) throws -> [Int] {
        var seen = Set(sectionHandles)
        return try ids.map { id in
            let h = sectionNames.handle(id)
            guard seen.insert(h).inserted else {
                throw SnapshotEditError.duplicate("section", id)
            }
            return h
        }
    }

    /// Refuses a duplicate among `ids` or with the snapshot; then records them.
    private mutating func checkNew(items ids: [String]) throws -> [Int] {
        if knownItems == nil { knownItems = HandleSet(itemHandles.joined()) }
        var seen = HandleSet()
        let handles = try ids.map { id in
            let h = itemNames.handle(id)
            guard !knownItems!.contains(h), !seen.contains(h) else {
                throw SnapshotEditError.duplicate("item", id)
            }
            seen.insert(h)
            return h
        }
        for h in handles { knownItems!.insert(h) }
        return handles
    }

    /// `appendSections(_:)`.
    public mutating func appendSections(_ ids: [String]) throws {
        let handles = try checkNew(sections: ids)
        sectionHandles += handles
        itemHandles += handles.map { _ in [] }
    }

    /// `insertSections(_:beforeSection:)` and `insertSections(_:afterSection:)`.
    public mutating func insertSections(_ ids: [String], _ position: Position, _ anchor: String) throws {
        let s = try sectionIndex(anchor, verb: "insert relative to")
        let handles = try checkNew(sections: ids)
        let at = position == .before ? s : s + 1
        sectionHandles.insert(contentsOf: handles, at: at)
        itemHandles.insert(contentsOf: handles.map { _ in [] }, at: at)
        placeHints = nil    // sections after `at` shifted
    }

    /// `deleteSections(_:)`: the sections and their items.
    public mutating func deleteSections(_ ids: [String]) throws {
        for id in ids {
            let s = try sectionIndex(id, verb: "delete")
            sectionHandles.remove(at: s)
            let items = itemHandles.remove(at: s)
            if knownItems != nil { for h in items { knownItems!.remove(h) } }
            placeHints = nil
        }
    }

    /// `moveSection(_:beforeSection:)` and `moveSection(_:afterSection:)`.
    public mutating func moveSection(_ id: String, _ position: Position, _ anchor: String) throws {
        let s = try sectionIndex(id, verb: "move")
        _ = try sectionIndex(anchor, verb: "move relative to")
        try refuseMoveRelativeToItself(id, anchor, "a section")
        let items = itemHandles.remove(at: s)
        let h = sectionHandles.remove(at: s)
        let t = try sectionIndex(anchor, verb: "move relative to") + (position == .before ? 0 : 1)
        sectionHandles.insert(h, at: t)
        itemHandles.insert(items, at: t)
        placeHints = nil
    }

    /// `appendItems(_:toSection:)`; no section: the last.
    public mutating func appendItems(_ ids: [String], toSection section: String?) throws {
        let s: Int
        if let section {
            s = try sectionIndex(section, verb: "append items to")
        } else {
            guard !sectionHandles.isEmpty else {
                throw SnapshotEditError(message: "NSInternalInconsistencyException: There are currently no sections in the data source. Please add a section first.", identifier: ids.first)
            }
            s = sectionHandles.count - 1
        }
        let handles = try checkNew(items: ids)
        if placeHints != nil { for (k, h) in handles.enumerated() { placeHints![h] = s << 32 | (itemHandles[s].count + k) } }
        itemHandles[s] += handles
    }

    /// `insertItems(_:beforeItem:)` and `insertItems(_:afterItem:)`.
    public mutating func insertItems(_ ids: [String], _ position: Position, _ anchor: String) throws {
        let p = try itemPlace(anchor, verb: "insert relative to")
        let handles = try checkNew(items: ids)
        let at = position == .before ? p.item : p.item + 1
        itemHandles[p.section].insert(contentsOf: handles, at: at)
        shifted(by: handles.count)
        if placeHints != nil { for (k, h) in handles.enumerated() { placeHints![h] = p.section << 32 | (at + k) } }
    }

    /// `deleteItems(_:)`.
    public mutating func deleteItems(_ ids: [String]) throws {
        for id in ids {
            let p = try itemPlace(id, verb: "delete")
            itemHandles[p.section].remove(at: p.item)
            knownItems?.remove(p.handle)
            shifted(by: 1)
        }
    }

    /// `deleteAllItems()`: every section and item.
    public mutating func deleteAllItems() {
        sectionHandles = []
        itemHandles = []
        knownItems = HandleSet()
        placeHints = nil
    }

    /// `moveItem(_:beforeItem:)` and `moveItem(_:afterItem:)`.
    public mutating func moveItem(_ id: String, _ position: Position, _ anchor: String) throws {
        let p = try itemPlace(id, verb: "move")
        _ = try itemPlace(anchor, verb: "move relative to")
        try refuseMoveRelativeToItself(id, anchor, "an item")
        itemHandles[p.section].remove(at: p.item)
        shifted(by: 1)
        let q = try itemPlace(anchor, verb: "move relative to")
        let at = position == .before ? q.item : q.item + 1
        itemHandles[q.section].insert(p.handle, at: at)
        shifted(by: 1)
        if placeHints != nil { placeHints![p.handle] = q.section << 32 | at }
    }

    /// `reloadItems(_:)`, `reconfigureItems(_:)`: the items must exist.
    public mutating func checkItems(_ ids: [String], verb: String) throws {
        for id in ids { _ = try itemPlace(id, verb: verb) }
    }

    /// Numbers stk gives new elements pass those of identifiers in use
    /// (`I7` appended by hand): `insert item` never makes a duplicate.
    public mutating func reserveNumbersInUse() {
        for h in sectionHandles where h >= nextSectionNumber { nextSectionNumber = h + 1 }
        for ids in itemHandles { for h in ids where h >= nextItemNumber { nextItemNumber = h + 1 } }
    }

    /// The same for items the snapshot does not hold but are in use
    /// elsewhere (under a collapsed parent of an outline).
    public mutating func reserveNumbers(ofItems ids: [String]) {
        for h in ids.map(itemNames.handle) where h >= nextItemNumber { nextItemNumber = h + 1 }
    }

    /// `reloadSections(_:)`: the sections must exist.
    public func checkSections(_ ids: [String], verb: String) throws {
        for id in ids { _ = try sectionIndex(id, verb: verb) }
    }
}
