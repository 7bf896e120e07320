import Foundation

/// The first phase of a batch update (`BatchUpdatePlan.make`): the updates
/// checked against the data before them and sorted by what they do, each
/// entry keeping the position in the batch of the update that named it, so
/// that a refusal says which update is at fault and which of its index paths
/// (`CollectionViewError.refusedUpdate`).
///
/// Deletes, reloads and move sources name sections and items before the
/// update; inserts and move targets name them after it.
struct ValidatedBatch {
    typealias Refusal = CollectionViewError

    let updates: [CollectionViewUpdate]
    /// Sections before and after the update.
    let oldCount: Int
    private(set) var newCount = 0

    /// Old section -> the update deleting or reloading it.
    private(set) var deletedSections: [Int: Int] = [:]
    private(set) var reloadedSections: [Int: Int] = [:]
    /// Old section -> its new index, and the update moving it.
    private(set) var movedSections: [Int: (to: Int, update: Int)] = [:]
    /// New section -> its item count, and the update inserting it.
    private(set) var insertedSections: [Int: (itemCount: Int, update: Int)] = [:]
    /// New sections taken by inserts and move targets -> the update taking it.
    private var claimedSections: [Int: Int] = [:]

    /// Old index path -> the update deleting or reloading it.
    private(set) var deletedItems: [IndexPath: Int] = [:]
    private(set) var reloadedItems: [IndexPath: Int] = [:]
    /// Old index path -> its new index path, and the update moving it.
    private(set) var movedItems: [IndexPath: (to: IndexPath, update: Int)] = [:]
    /// New index path -> the update inserting it.
    private(set) var insertedItems: [IndexPath: Int] = [:]
    /// New index paths taken by inserts and move targets.
    private var claimedItems: Set<IndexPath> = []

    /// Validates `updates` against `old`, or refuses the first update at fault.
    init(old: [SectionData], updates: [CollectionViewUpdate]) throws {
        self.updates = updates
        oldCount = old.count
        // Every item update names an index path S:I (checked before anything formats one).
        for (i, u) in updates.enumerated() {
            for p in u.itemIndexPaths where p.count != 2 {
                throw refusal(i, .subject, "\(u): expected an index path section:item, got \(p.updateText)")
            }
        }
        try collectSectionUpdates()
        try checkSectionConflicts()
        try collectItemUpdates(itemCounts: old.map(\.itemCount))
        try checkItemConflicts()
    }

    var isSectionDeletedOrReloaded: (Int) -> Bool {
        { [deletedSections, reloadedSections] in deletedSections[$0] != nil || reloadedSections[$0] != nil }
    }

    func refusal(_ update: Int, _ fault: Refusal.UpdateFault, _ message: String) -> Refusal {
        .refusedUpdate(index: update, fault: fault, message: message)
    }

    // MARK: Sections

    private func checkOld(_ s: Int, _ what: String, update: Int) throws {
        guard s >= 0, s < oldCount else {
            throw refusal(update, .subject, "\(what): section \(s) does not exist before the update (expected 0..<\(oldCount))")
        }
    }

    private mutating func collectSectionUpdates() throws {
        for (i, u) in updates.enumerated() {
            switch u {
            case let .deleteSection(s):
                try checkOld(s, "delete section \(s)", update: i)
                guard deletedSections[s] == nil else { throw refusal(i, .subject, "section \(s) is deleted twice in one batch") }
                deletedSections[s] = i
            case let .reloadSection(s):
                try checkOld(s, "reload section \(s)", update: i)
                guard reloadedSections[s] == nil else { throw refusal(i, .subject, "section \(s) is reloaded twice in one batch") }
                reloadedSections[s] = i
            case let .moveSection(s, t):
                try checkOld(s, "move section \(s) to \(t)", update: i)
                guard movedSections[s] == nil else { throw refusal(i, .subject, "section \(s) is moved twice in one batch") }
                guard claimedSections[t] == nil else {
                    throw refusal(i, .destination, "move section \(s) to \(t): section \(t) is already the target of another insert or move in this batch")
                }
                claimedSections[t] = i
                movedSections[s] = (t, i)
            case let .insertSection(t, count):
                guard count >= 0 else { throw refusal(i, .subject, "insert section \(t): items must not be negative, got \(count)") }
                guard claimedSections[t] == nil else {
                    throw refusal(i, .destination, "insert section \(t): section \(t) is already the target of another insert or move in this batch")
                }
                claimedSections[t] = i
                insertedSections[t] = (count, i)
            default: break
            }
        }
    }

    /// A section both deleted and moved, or reloaded and deleted or moved
    /// (the later of the two updates is at fault: it made the conflict), and
    /// inserts and move targets past the sections the update leaves.
    private mutating func checkSectionConflicts() throws {
        try checkConflicts(deleted: deletedSections, reloaded: reloadedSections, moved: movedSections.mapValues(\.update)) { "section \($0)" }
        newCount = oldCount - deletedSections.count + insertedSections.count
        for (t, i) in claimedSections.sorted(by: { $0.key < $1.key }) where t < 0 || t >= newCount {
            throw refusal(i, .destination, "\(updates[i]): section \(t) does not exist after the update: there will be \(newCount) section\(newCount == 1 ? "" : "s") (expected 0..<\(newCount))")
        }
    }

    // MARK: Items

    private func checkOldItem(_ p: IndexPath, _ what: String, update: Int, itemCounts: [Int]) throws {
        try checkOld(p.section, what, update: update)
        let c = itemCounts[p.section]
        guard p.item >= 0, p.item < c else {
            throw refusal(update, .subject, "\(what): item \(p.stk) does not exist before the update (section \(p.section) has \(c) item\(c == 1 ? "" : "s"), expected 0..<\(c))")
        }
        if isSectionDeletedOrReloaded(p.section) {
            throw refusal(update, .subject, "\(what): section \(p.section) is \(deletedSections[p.section] != nil ? "deleted" : "reloaded") in the same batch")
        }
    }

    private func checkNewSection(_ p: IndexPath, _ what: String, update: Int) throws {
        guard p.section >= 0, p.section < newCount else {
            throw refusal(update, .destination, "\(what): section \(p.section) does not exist after the update (expected 0..<\(newCount))")
        }
    }

    private mutating func collectItemUpdates(itemCounts: [Int]) throws {
        for (i, u) in updates.enumerated() {
            switch u {
            case let .deleteItem(p):
                try checkOldItem(p, "delete item \(p.stk)", update: i, itemCounts: itemCounts)
                guard deletedItems[p] == nil else { throw refusal(i, .subject, "item \(p.stk) is deleted twice in one batch") }
                deletedItems[p] = i
            case let .reloadItem(p):
                try checkOldItem(p, "reload item \(p.stk)", update: i, itemCounts: itemCounts)
                guard reloadedItems[p] == nil else { throw refusal(i, .subject, "item \(p.stk) is reloaded twice in one batch") }
                reloadedItems[p] = i
            case let .moveItem(p, q):
                try checkOldItem(p, "move item \(p.stk) to \(q.stk)", update: i, itemCounts: itemCounts)
                try checkNewSection(q, "move item \(p.stk) to \(q.stk)", update: i)
                guard movedItems[p] == nil else { throw refusal(i, .subject, "item \(p.stk) is moved twice in one batch") }
                guard claimedItems.insert(q).inserted else {
                    throw refusal(i, .destination, "move item \(p.stk) to \(q.stk): \(q.stk) is already the target of another insert or move in this batch")
                }
                movedItems[p] = (q, i)
            case let .insertItem(q):
                try checkNewSection(q, "insert item \(q.stk)", update: i)
                guard claimedItems.insert(q).inserted else {
                    throw refusal(i, .destination, "insert item \(q.stk): \(q.stk) is already the target of another insert or move in this batch")
                }
                insertedItems[q] = i
            default: break
            }
        }
    }

    private func checkItemConflicts() throws {
        try checkConflicts(deleted: deletedItems, reloaded: reloadedItems, moved: movedItems.mapValues(\.update)) { "item \($0.stk)" }
    }

    /// The same element (section or item, as `name` says) both deleted and
    /// moved, or reloaded and deleted or moved, in key order: the later of
    /// the two updates is at fault, since it made the conflict. The values
    /// are the updates' indexes.
    private func checkConflicts<Key: Comparable>(deleted: [Key: Int], reloaded: [Key: Int], moved: [Key: Int],
                                                 name: (Key) -> String) throws {
        for (key, deletion) in deleted.sorted(by: { $0.key < $1.key }) {
            if let move = moved[key] {
                throw refusal(max(deletion, move), .subject, "\(name(key)) is both deleted and moved in one batch")
            }
        }
        for (key, reload) in reloaded.sorted(by: { $0.key < $1.key }) {
            if let other = deleted[key] ?? moved[key] {
                throw refusal(max(reload, other), .subject,
                              "\(name(key)) is both reloaded and \(deleted[key] != nil ? "deleted" : "moved") in one batch")
            }
        }
    }
}
