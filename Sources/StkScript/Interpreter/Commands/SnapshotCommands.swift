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
        let hidden = session.identifiers.hiddenItems
        for edit in edits {
            do {
                try Self.refuseHidden(edit.value, hidden)
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
                case .expand, .collapse:
                    preconditionFailure("the parser takes expand and collapse only in a section's block")
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
                self.noteFlattened(self.session.identifiers.replace(with: applied), c)
            }
        case .animated, .unanimated:
            let updates = old.updates(to: applied, reloaded: reloaded, reloadedSections: reloadedSections)
            try mutate(c) {
                do {
                    try cv.withIdentifiers(applied) { try cv.performBatchUpdates(updates, expectedItemCounts: applied.itemCounts) }
                } catch let e as CollectionViewError {
                    throw CommandError(e.message, at: c.command.range)
                }
                self.noteFlattened(self.session.identifiers.replace(with: applied), c)
            }
        }
    }

    /// An item appended or inserted by a whole snapshot's edit that an
    /// outline holds under a collapsed parent: a duplicate all the same.
    private static func refuseHidden(_ edit: SnapshotEdit, _ hidden: Set<String>) throws {
        guard !hidden.isEmpty else { return }
        switch edit {
        case .appendItems(let ids, _), .insertItems(let ids, _, _):
            if let id = ids.first(where: { hidden.contains($0.value) }) {
                throw SnapshotEditError.duplicate("item", id.value)
            }
        default: break
        }
    }

    /// A note for each outlined section a change left a flat list.
    func noteFlattened(_ sections: [String], _ c: CommandContext) {
        for section in sections {
            report(Diagnostic(.note, "section \(ElementRef.printedKind(section)) is a flat list of the items it shows from now on: this change did not go through its section snapshot (snapshot edit \(ElementRef.printedKind(section)))",
                              at: c.command.range, in: c.file), trail: c.trail)
        }
    }

    // MARK: A section's snapshot (outlines)

    /// `snapshot SECTION_ID`: the section's items depth-first, one a line,
    /// indented two spaces a level; a parent is `+ ID` expanded and `- ID`
    /// collapsed, and the items under a collapsed parent, which the
    /// collection view does not show, end in ` (not visible)`. In JSON mode
    /// `{"section":"S0","items":[{"identifier":..,"level":..,"parent":..,"expanded":..,"visible":..}, ...]}`.
    func runSectionSnapshot(_ section: Located<String>) throws {
        let cv = session.collectionView
        let snapshot = session.identifiers.snapshot(itemCounts: cv.itemCounts)
        guard snapshot.indexOfSection(section.value) != nil else {
            throw CommandError("no section \(ElementRef.printedKind(section.value)) in the snapshot; its sections are \(Self.sectionList(snapshot))", at: section.range)
        }
        let outline = session.identifiers.sectionSnapshot(section.value)
        let visible = Set(outline.visibleItems)
        var lines: [String] = [], objects: [JSONValue] = []
        var parents: [String] = []     // the ancestors of the current item, by level
        for node in outline.nodes {
            parents.removeLast(parents.count - node.level)
            let isParent = outline.hasChildren(node.identifier)
            let marker = isParent ? (node.isExpanded ? "+ " : "- ") : ""
            let name = ElementRef.printedKind(node.identifier)
            lines.append(String(repeating: "  ", count: node.level) + marker + name + (visible.contains(node.identifier) ? "" : " (not visible)"))
            objects.append(.object([("identifier", .string(node.identifier)), ("level", .number(Double(node.level))),
                                    ("parent", parents.last.map(JSONValue.string) ?? .null),
                                    ("expanded", .bool(node.isExpanded)), ("visible", .bool(visible.contains(node.identifier)))]))
            parents.append(node.identifier)
        }
        answer(text: lines.isEmpty ? "(no items)" : lines.joined(separator: "\n"),
               json: .object([("section", .string(section.value)), ("items", .array(objects))]))
    }

    private static func sectionList(_ snapshot: DiffableSnapshot) -> String {
        let ids = snapshot.sectionIdentifiers
        guard !ids.isEmpty else { return "none" }
        return ids.prefix(8).map(ElementRef.printedKind).joined(separator: " ") + (ids.count > 8 ? " ..." : "")
    }

    /// `snapshot edit SECTION_ID` ... `apply`: the edits on a copy of the
    /// section's snapshot (`dataSource.snapshot(for:)`), then
    /// `apply(_:to:animatingDifferences:)`: the section's items become its
    /// visible items, through the same batch update as a whole snapshot's
    /// apply; a section the snapshot does not hold is appended, as UIKit does.
    func runSectionSnapshotApply(_ section: Located<String>, _ edits: [Located<SnapshotEdit>], _ mode: SnapshotApplyMode,
                                 _ c: CommandContext) throws {
        let cv = session.collectionView
        let old = session.identifiers.snapshot(itemCounts: cv.itemCounts)
        var outline = session.identifiers.sectionSnapshot(section.value)
        let name = ElementRef.printedKind(section.value)
        for edit in edits {
            do {
                switch edit.value {
                case let .appendItems(ids, parent): try outline.append(ids.map(\.value), to: parent?.value, in: name)
                case let .insertItems(ids, position, anchor): try outline.insert(ids.map(\.value), position, anchor.value, in: name)
                case .deleteItems(let ids): try outline.delete(ids.map(\.value), in: name)
                case .deleteAllItems: outline.deleteAll()
                case .expand(let ids): try outline.setExpanded(ids.map(\.value), true, in: name)
                case .collapse(let ids): try outline.setExpanded(ids.map(\.value), false, in: name)
                default: preconditionFailure("the parser takes only a section snapshot's edits in a section's block")
                }
            } catch let error as SnapshotEditError {
                throw CommandError(error.message, at: Self.range(of: error.identifier, in: edit))
            }
        }
        // Item identifiers are unique across the whole snapshot: those of the
        // other sections, shown or under a collapsed parent.
        var sections = old.sectionIdentifiers, items = old.itemIdentifiers
        let index = sections.firstIndex(of: section.value)
        var elsewhere = session.identifiers.hiddenItems.subtracting(session.identifiers.outlines[section.value]?.items ?? [])
        for (s, ids) in items.enumerated() where s != index { elsewhere.formUnion(ids) }
        if let duplicate = outline.items.first(where: elsewhere.contains) {
            let edit = edits.last { Self.named(in: $0.value).contains { $0.value == duplicate } } ?? edits.first
            throw CommandError(SnapshotEditError.duplicate("item", duplicate).message,
                               at: edit.map { Self.range(of: duplicate, in: $0) } ?? c.command.range)
        }
        if let index { items[index] = outline.visibleItems } else {
            sections.append(section.value)
            items.append(outline.visibleItems)
        }
        var new = DiffableSnapshot(sharingNamesWith: old, sections: sections, items: items)
        new.reserveNumbersInUse()
        new.reserveNumbers(ofItems: outline.items)
        if Self.exceedsItemLimit(new.itemCounts) {
            throw CommandError("the snapshot would hold \(new.numberOfItems) items; at most \(Self.maximumItems) in all", at: c.command.range)
        }
        let applied = new, appliedOutline = outline
        let updates = old.updates(to: applied)
        try mutate(c) {
            do {
                try cv.withIdentifiers(applied) { try cv.performBatchUpdates(updates, expectedItemCounts: applied.itemCounts) }
            } catch let e as CollectionViewError {
                throw CommandError(e.message, at: c.command.range)
            }
            self.session.identifiers.replace(with: applied, outline: appliedOutline, of: section.value)
        }
    }

    /// Where an edit names `identifier` (the edit's own range otherwise).
    static func range(of identifier: String?, in edit: Located<SnapshotEdit>) -> SourceRange {
        guard let identifier else { return edit.range }
        return named(in: edit.value).first { $0.value == identifier }?.range ?? edit.range
    }

    /// The identifiers an edit names, where it names them.
    static func named(in edit: SnapshotEdit) -> [Located<String>] {
        switch edit {
        case .appendSections(let ids), .deleteSections(let ids), .reloadSections(let ids),
             .deleteItems(let ids), .reloadItems(let ids), .reconfigureItems(let ids),
             .expand(let ids), .collapse(let ids):
            return ids
        case let .insertSections(ids, _, anchor), let .insertItems(ids, _, anchor): return ids + [anchor]
        case let .moveSection(id, _, anchor), let .moveItem(id, _, anchor): return [id, anchor]
        case let .appendItems(ids, section): return ids + (section.map { [$0] } ?? [])
        case .deleteAllItems: return []
        }
    }
}
