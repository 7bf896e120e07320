import Foundation
import LayoutKit

// sections, insert/delete/move/reload, batch ... end, size
extension Interpreter {
    /// Bounds on `sections` so that a typo cannot ask for a petabyte.
    static let maximumSections = Limits.sections
    static let maximumItems = Limits.items

    /// Whether data of these item counts holds more than `maximumItems` in all
    /// (checked one count first, so that the sum cannot overflow).
    static func exceedsItemLimit(_ itemCounts: [Int]) -> Bool {
        itemCounts.contains(where: { $0 > maximumItems }) || itemCounts.reduce(0, { $0 + max(0, $1) }) > maximumItems
    }

    func runSections(_ counts: SectionCounts, _ c: CommandContext) throws {
        if case let .uniform(sections, items) = counts {
            if sections.value > Self.maximumSections {
                throw CommandError("at most \(Self.maximumSections) sections, got \(sections.value)", at: sections.range)
            }
            if let items, items.value > Self.maximumItems / max(1, sections.value) {
                throw CommandError("at most \(Self.maximumItems) items in all, got \(sections.value) x \(items.value)", at: items.range)
            }
        }
        let itemCounts = counts.itemCounts
        if Self.exceedsItemLimit(itemCounts) {
            throw CommandError("at most \(Self.maximumItems) items in all")
        }
        if let bad = itemCounts.first(where: { $0 < 0 }) {
            throw CommandError("item counts must not be negative, got \(bad)")
        }
        try mutate(c) {
            try self.session.collectionView.withIdentifiers(DiffableSnapshot(itemCounts: itemCounts)) {
                try self.session.collectionView.reloadData(itemCounts: itemCounts)
            }
            self.session.identifiers.reset(itemCounts: itemCounts)
        }
    }

    /// One update command, or a batch of them, as one performBatchUpdates. The
    /// size commands of a batch are part of it (sizes name index paths after
    /// the update), as a flow delegate's changed answers are read by the
    /// update's own layout pass.
    func runUpdates(_ c: CommandContext) throws {
        var updates: [LocatedUpdate] = []
        func at(_ update: CollectionViewUpdate, _ subject: SourceRange, to destination: SourceRange? = nil) {
            updates.append(LocatedUpdate(update: update, subject: subject, destination: destination))
        }
        func collect(_ kind: CommandKind) {
            switch kind {
            case let .insertSections(sections, items):
                for s in sections { at(.insertSection(s.value, itemCount: items?.value ?? 0), s.range, to: s.range) }
            case let .deleteSections(sections): for s in sections { at(.deleteSection(s.value), s.range) }
            case let .moveSection(from, to): at(.moveSection(from.value, to: to.value), from.range, to: to.range)
            case let .reloadSections(sections): for s in sections { at(.reloadSection(s.value), s.range) }
            case let .insertItems(paths): for p in paths { at(.insertItem(p.value), p.range, to: p.range) }
            case let .deleteItems(paths): for p in paths { at(.deleteItem(p.value), p.range) }
            case let .moveItem(from, to): at(.moveItem(from.value, to: to.value), from.range, to: to.range)
            case let .reloadItems(paths): for p in paths { at(.reloadItem(p.value), p.range) }
            case let .size(element, size):
                switch element.value {
                case .item(let p): at(.sizeItem(p, size.value), element.range, to: element.range)
                case .header(let s): at(.sizeSupplementary(kind: ElementKind.sectionHeader, section: s, size.value), element.range, to: element.range)
                case .footer(let s): at(.sizeSupplementary(kind: ElementKind.sectionFooter, section: s, size.value), element.range, to: element.range)
                case .decoration, .supplementary: break  // `size` parses neither
                }
            case let .batch(children, _): for child in children { collect(child.kind) }
            default: break
            }
        }
        collect(c.command.kind)
        try checkLimits(updates)
        try mutate(c) {
            do {
                let cv = self.session.collectionView
                // Read during the update's pass, once the updates are known valid.
                let countsBefore = cv.readsIdentifiers ? cv.itemCounts : []
                try cv.withIdentifiers(self.session.identifiers.snapshot(itemCounts: countsBefore).applying(updates.map(\.update))) {
                    try cv.performBatchUpdates(updates.map(\.update))
                }
                self.noteFlattened(self.session.identifiers.record(updates.map(\.update)), c)
            } catch let e as CollectionViewError {
                throw CommandError(e.message, at: LocatedUpdate.blame(e, in: updates) ?? c.command.range)
            }
        }
    }

    /// The caps of `sections` hold after updates too: what the batch leaves,
    /// counted before it runs (deletes of existing sections and items
    /// subtract), blaming the insert that goes past a cap.
    private func checkLimits(_ updates: [LocatedUpdate]) throws {
        let sections = session.collectionView.sections
        var sectionCount = sections.count
        var itemCount = sections.reduce(0) { $0 + $1.itemCount }
        var deletedSections = Set<Int>()
        for u in updates {
            switch u.update {
            case .deleteSection(let s) where s >= 0 && s < sections.count && deletedSections.insert(s).inserted:
                sectionCount -= 1
                itemCount -= sections[s].itemCount
            case .deleteItem(let p) where p.count == 2 && p.section >= 0 && p.section < sections.count:
                itemCount -= 1
            default: break
            }
        }
        for u in updates {
            switch u.update {
            case .insertSection(_, let items):
                sectionCount += 1
                itemCount += items
                if sectionCount > Self.maximumSections {
                    throw CommandError("at most \(Self.maximumSections) sections in all: this insert makes \(sectionCount)", at: u.subject)
                }
            case .insertItem:
                itemCount += 1
            default: continue
            }
            if itemCount > Self.maximumItems {
                throw CommandError("at most \(Self.maximumItems) items in all: this insert makes \(itemCount)", at: u.subject)
            }
        }
    }

    func runSize(_ element: Located<ElementRef>, _ size: Located<CGSize?>, _ c: CommandContext) throws {
        let asked = SectionData.sizesAsked
        try mutate(c) { try self.applySize(element, size) }
        // A layout that never asks the flow delegate (a compositional one,
        // most custom ones) lays out as before: said, with the command a
        // self-sizing cell's size is given by.
        guard let given = size.value, SectionData.sizesAsked == asked, !(session.layout is CollectionViewFlowLayout) else { return }
        let target: String
        switch element.value {
        case .item(let indexPath): target = "item \(indexPath.stk)"
        case .header(let s): target = "header \(s)"
        case .footer(let s): target = "footer \(s)"
        case .decoration, .supplementary: return
        }
        report(Diagnostic(.note, "\(session.layoutName) did not ask for this size: only a layout that asks the flow delegate (sizeForItemAt, referenceSizeForHeaderInSection) reads it; the size a self-sizing cell's content wants is 'prefer \(target) \(given.stk)'",
                          at: c.command.range, in: c.file), trail: c.trail)
    }

    /// `prefer`: what a cell's content wants; a displayed cell is measured at once.
    func runPrefer(_ target: Located<PreferTarget>, _ size: Located<CGSize?>, _ c: CommandContext) throws {
        try mutate(c) {
            let cv = self.session.collectionView
            do {
                switch target.value {
                case .item(let indexPath): try cv.setPreferredSize(size.value, at: indexPath)
                case .section(let s): try cv.setPreferredSize(size.value, inSection: s)
                case .header(let s): try cv.setPreferredSize(size.value, ofSupplementary: ElementKind.sectionHeader, inSection: s)
                case .footer(let s): try cv.setPreferredSize(size.value, ofSupplementary: ElementKind.sectionFooter, inSection: s)
                case .supplementary(let kind, let s): try cv.setPreferredSize(size.value, ofSupplementary: kind, inSection: s)
                }
            } catch let e as CollectionViewError {
                throw CommandError(e.message, at: e.isMissingElement ? target.range : size.range)
            }
        }
        // A layout whose headers are of a kind of its own (Apple's
        // `section-header-element-kind`) shows no `header` to measure: said,
        // with the command that reaches what it shows.
        guard let wanted = size.value else { return }
        let section: Int, kind: String
        switch target.value {
        case .header(let s): (section, kind) = (s, CollectionView.elementKindSectionHeader)
        case .footer(let s): (section, kind) = (s, CollectionView.elementKindSectionFooter)
        default: return
        }
        guard !session.collectionView.visibleElements.contains(where: { $0.key.category == .supplementaryView && $0.key.kind == kind && $0.key.section == section })
        else { return }
        let others = supplementaryViewsOfOtherKinds(inSection: section).compactMap(\.kind)
        // The kind whose name says what was asked for (`section-header-...`
        // for a header), else the first in view.
        guard let otherKind = others.first(where: { ElementKind.boundaryKind(namedBy: $0) == kind }) ?? others.first else { return }
        report(Diagnostic(.note, "\(session.layoutName) shows no \(target.value) (a supplementary view of kind '\(kind)'); section \(section) shows one of kind '\(otherKind)': 'prefer supplementary \(ElementRef.printedKind(otherKind)) \(section):0 \(wanted.stk)' declares its size",
                          at: c.command.range, in: c.file), trail: c.trail)
    }

    /// The kinds `header S` and `footer S` name.
    static let standardKinds: Set<String> = [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter]

    private func applySize(_ element: Located<ElementRef>, _ size: Located<CGSize?>) throws {
        let cv = session.collectionView
        do {
            switch element.value {
            case .item(let indexPath): try cv.setItemSize(size.value, at: indexPath)
            case .header(let s): try cv.setSupplementarySize(size.value, ofKind: ElementKind.sectionHeader, inSection: s)
            case .footer(let s): try cv.setSupplementarySize(size.value, ofKind: ElementKind.sectionFooter, inSection: s)
            case .decoration: throw CommandError("a decoration view's size is the layout's to decide", at: element.range)
            case .supplementary: throw CommandError("only headers and footers have sizes stk's delegate answers", at: element.range)
            }
        } catch let e as CollectionViewError {
            // Blame the element when it does not exist, the size otherwise.
            throw CommandError(e.message, at: e.isMissingElement ? element.range : size.range)
        }
    }
}
