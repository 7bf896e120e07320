import Foundation
import LayoutKit
import StkRender

/// `snapshot` and `snapshot edit ... apply`: the data as a diffable data
/// source holds it, and changes made the way apps make them today.
extension Interpreter {
    /// `snapshot`: one section a line, `S0: I0 I1 I2`; in JSON mode one object,
    /// `{"sections":[{"identifier":"S0","items":["I0","I1","I2"]}, ...]}`.
    func runSnapshot() {
        let cv = session.collectionView
        let snapshot = session.identifiers.snapshot(itemCounts: cv.itemCounts)
        answer(
            text: zip(snapshot.sectionIdentifiers, snapshot.itemIdentifiers)
                .map { id, items in ([id + ":"] + items).joined(separator: " ") }.joined(separator: "\n"),
            json: .object([("sections", .array(zip(snapshot.sectionIdentifiers, snapshot.itemIdentifiers).map { id, items in
                .object([("identifier", .string(id)), ("items", .array(items.map(JSONValue.string)))])
            }))]))
    }

    /// `snapshot edit` ... `apply`: the edits on a copy of the current
    /// snapshot, then the difference as one batch update (or a reloadData).
    /// A refused edit refuses the whole block, located at its identifier;
    /// nothing changes then.
    func runSnapshotApply(_ edits: [Located<SnapshotEdit>], _ mode: SnapshotApplyMode, _ c: CommandContext) throws {
        let cv = session.collectionView
        let old = session.identifiers.snapshot(itemCounts: cv.itemCounts)
        var new = old
        var reloaded = Set<String>(), reloadedSections = Set<String>()
        for edit in edits {
            do {
                switch edit.value {
                case .appendSections(let ids): try new.appendSections(ids.map(\.value))
                case let .insertSections(ids, position, anchor): try new.insertSections(ids.map(\.value), position, anchor.value)
                case .deleteSections(let ids): try new.deleteSections(ids.map(\.value))
                case let .moveSection(id, position, anchor): try new.moveSection(id.value, position, anchor.value)
                case .reloadSections(let ids):
                    try new.checkSections(ids.map(\.value), verb: "reload")
                    reloadedSections.formUnion(ids.map(\.value))
                case let .appendItems(ids, section): try new.appendItems(ids.map(\.value), toSection: section?.value)
                case let .insertItems(ids, position, anchor): try new.insertItems(ids.map(\.value), position, anchor.value)
                case .deleteItems(let ids): try new.deleteItems(ids.map(\.value))
                case .deleteAllItems: new.deleteAllItems()
                case let .moveItem(id, position, anchor): try new.moveItem(id.value, position, anchor.value)
                case .reloadItems(let ids):
                    try new.checkItems(ids.map(\.value), verb: "reload")
                    reloaded.formUnion(ids.map(\.value))
                case .reconfigureItems(let ids):
                    // Reconfigured items keep their cells: no delete and insert,
                    // no reload; only that they exist is checked.
                    try new.checkItems(ids.map(\.value), verb: "reconfigure")
                }
            } catch let error as SnapshotEditError {
                throw CommandError(error.message, at: Self.range(of: error.identifier, in: edit))
            }
        }
        new.reserveNumbersInUse()
        if Self.exceedsItemLimit(new.itemCounts) {
            throw CommandError("the snapshot would hold \(new.numberOfItems) items; at most \(Self.maximumItems) in all", at: c.command.range)
        }
        let applied = new
        switch mode {
        case .reload:
            try mutate(c) {
                try cv.withIdentifiers(applied) { try cv.reloadData(itemCounts: applied.itemCounts) }
                self.session.identifiers.replace(with: applied)
            }
        case .animated, .unanimated:
            let updates = old.updates(to: applied, reloaded: reloaded, reloadedSections: reloadedSections)
            try mutate(c) {
                do {
                    try cv.withIdentifiers(applied) { try cv.performBatchUpdates(updates, expectedItemCounts: applied.itemCounts) }
                } catch let e as CollectionViewError {
                    throw CommandError(e.message, at: c.command.range)
                }
                self.session.identifiers.replace(with: applied)
            }
        }
    }

    /// Where an edit names `identifier` (the edit's own range otherwise).
    static func range(of identifier: String?, in edit: Located<SnapshotEdit>) -> SourceRange {
        guard let identifier else { return edit.range }
        let named: [Located<String>]
        switch edit.value {
        case .appendSections(let ids), .deleteSections(let ids), .reloadSections(let ids),
             .deleteItems(let ids), .reloadItems(let ids), .reconfigureItems(let ids):
            named = ids
        case let .insertSections(ids, _, anchor), let .insertItems(ids, _, anchor): named = ids + [anchor]
        case let .moveSection(id, _, anchor), let .moveItem(id, _, anchor): named = [id, anchor]
        case let .appendItems(ids, section): named = ids + (section.map { [$0] } ?? [])
        case .deleteAllItems: named = []
        }
        return named.first { $0.value == identifier }?.range ?? edit.range
    }
}
