import Foundation
import LayoutKit

/// One line of a `snapshot edit` block: a method of NSDiffableDataSourceSnapshot
/// (docs/language.md, "snapshot"). Identifiers are located, so that a refused
/// edit points at the identifier UIKit would name.
public enum SnapshotEdit: Equatable, Sendable, CustomStringConvertible {
    case appendSections([Located<String>])
    case insertSections([Located<String>], DiffableSnapshot.Position, Located<String>)
    case deleteSections([Located<String>])
    case moveSection(Located<String>, DiffableSnapshot.Position, Located<String>)
    case reloadSections([Located<String>])
    case appendItems([Located<String>], to: Located<String>?)
    case insertItems([Located<String>], DiffableSnapshot.Position, Located<String>)
    case deleteItems([Located<String>])
    case deleteAllItems
    case moveItem(Located<String>, DiffableSnapshot.Position, Located<String>)
    case reloadItems([Located<String>])
    case reconfigureItems([Located<String>])
    /// `expand ID...` and `collapse ID...`, in a section's block only
    /// (`NSDiffableDataSourceSectionSnapshot`).
    case expand([Located<String>])
    case collapse([Located<String>])

    public var description: String {
        func list(_ ids: [Located<String>]) -> String { ids.map { ElementRef.printedKind($0.value) }.joined(separator: " ") }
        func id(_ i: Located<String>) -> String { ElementRef.printedKind(i.value) }
        func at(_ p: DiffableSnapshot.Position) -> String { p == .before ? "before" : "after" }
        switch self {
        case .appendSections(let ids): return "append sections \(list(ids))"
        case let .insertSections(ids, p, a): return "insert sections \(list(ids)) \(at(p)) \(id(a))"
        case .deleteSections(let ids): return "delete sections \(list(ids))"
        case let .moveSection(s, p, a): return "move section \(id(s)) \(at(p)) \(id(a))"
        case .reloadSections(let ids): return "reload sections \(list(ids))"
        case let .appendItems(ids, section): return "append items \(list(ids))" + (section.map { " to \(id($0))" } ?? "")
        case let .insertItems(ids, p, a): return "insert items \(list(ids)) \(at(p)) \(id(a))"
        case .deleteItems(let ids): return "delete items \(list(ids))"
        case .deleteAllItems: return "delete all items"
        case let .moveItem(i, p, a): return "move item \(id(i)) \(at(p)) \(id(a))"
        case .reloadItems(let ids): return "reload items \(list(ids))"
        case .reconfigureItems(let ids): return "reconfigure items \(list(ids))"
        case .expand(let ids): return "expand \(list(ids))"
        case .collapse(let ids): return "collapse \(list(ids))"
        }
    }
}


/// How `apply` performs the difference.
public enum SnapshotApplyMode: String, Sendable {
    /// `apply`: one batch update, animated.
    case animated = ""
    /// `apply unanimated`: the same batch update without animation.
    case unanimated
    /// `apply reload`: `applySnapshotUsingReloadData`, a reloadData.
    case reload
}

/// The grammar of a `snapshot edit` line.
enum SnapshotEditParser {
    static let verbs = ["append", "insert", "delete", "move", "reload", "reconfigure"]
    /// In a section's block (`snapshot edit SECTION_ID`):
    /// NSDiffableDataSourceSectionSnapshot's methods.
    static let sectionVerbs = ["append", "insert", "delete", "expand", "collapse"]

    /// One line of a block; `inSection`: of a section's block.
    static func parse(_ lexed: LexedCommand, inSection: Bool = false) throws -> Located<SnapshotEdit> {
        var line = SnapshotEditTokens(lexed)
        let verb = line.verb
        let allowed = inSection ? sectionVerbs : verbs
        guard let verbWord = verb.word, allowed.contains(verbWord) else {
            let block = inSection ? "a section's snapshot edit" : "a snapshot edit"
            throw ParseError("'\(verb.text)' cannot be used in \(block); its lines are \(allowed.joined(separator: ", ")) (then 'apply')",
                             at: verb.range, suggestion: verb.word.flatMap { NearMiss.nearest(to: $0, among: allowed + ["apply"]) })
        }
        let edit: SnapshotEdit
        if verbWord == "expand" || verbWord == "collapse" {
            let ids = try line.identifiers()
            edit = verbWord == "expand" ? .expand(ids) : .collapse(ids)
        } else {
            let (noun, nounToken) = try line.noun(after: verbWord)
            if inSection && noun == "sections" {
                throw ParseError("NSDiffableDataSourceSectionSnapshot has no '\(verbWord) sections': it holds one section's items", at: nounToken.range)
            }
            edit = try line.edit(verbWord, noun, nounToken: nounToken)
        }
        if let extra = line.tokens.first { throw ParseError("unexpected '\(extra.text)' after '\(edit)'", at: extra.range) }
        return Located(edit, at: lexed.range)
    }
}

extension SnapshotEditParser {
    /// A token as an identifier: a word or string as written, a number as
    /// its text (so that `1` and `01` stay different identifiers).
    static func identifier(_ t: Token, _ what: String = "an identifier") throws -> Located<String> {
        switch t.literal {
        case .word(let w), .string(let w): return Located(w, at: t.range)
        case .number: return Located(t.text, at: t.range)
        default: throw ParseError("expected \(what) (a word of letters, digits, '-' and '_'), got '\(t.text)'", at: t.range)
        }
    }
}

/// The tokens of one `snapshot edit` line after its verb, taken from the
/// front as the grammar reads them; what is missing is reported at the end of
/// the line, where the user would type it.
private struct SnapshotEditTokens {
    let verb: Token
    var tokens: ArraySlice<Token>
    /// Just past the line's last character.
    private let end: SourceRange

    init(_ lexed: LexedCommand) {
        var tokens = lexed.tokens[...]
        verb = tokens.removeFirst()
        self.tokens = tokens
        end = SourceRange(line: lexed.range.end.line, columns: lexed.range.end.column..<(lexed.range.end.column + 1))
    }

    /// `sections` or `items` (either in the singular too), or `all items`
    /// after `delete`, as the one noun `all`.
    mutating func noun(after verbWord: String) throws -> (noun: String, token: Token) {
        let nounToken = try next("'sections' or 'items'")
        switch nounToken.word {
        case "section", "sections": return ("sections", nounToken)
        case "item", "items": return ("items", nounToken)
        case "all" where verbWord == "delete":
            let items = try next("'items'")
            guard items.word == "items" else { throw ParseError("expected 'items', got '\(items.text)'", at: items.range) }
            return ("all", nounToken)
        default: throw ParseError("expected 'sections' or 'items', got '\(nounToken.text)'", at: nounToken.range)
        }
    }

    /// The rest of the line as the snapshot method `verbWord noun` takes it;
    /// a pair that NSDiffableDataSourceSnapshot has no method for is refused
    /// at the noun.
    mutating func edit(_ verbWord: String, _ noun: String, nounToken: Token) throws -> SnapshotEdit {
        switch (verbWord, noun) {
        case ("append", "sections"): return .appendSections(try identifiers())
        case ("insert", "sections"):
            let ids = try identifiers(until: ["before", "after"])
            return .insertSections(ids, try position(), try identifier(try next("an identifier")))
        case ("delete", "sections"): return .deleteSections(try identifiers())
        case ("move", "sections"):
            let id = try identifier(try next("a section identifier"))
            return .moveSection(id, try position(), try identifier(try next("an identifier")))
        case ("reload", "sections"): return .reloadSections(try identifiers())
        case ("append", "items"):
            let ids = try identifiers(until: ["to"])
            var section: Located<String>? = nil
            if tokens.first?.word == "to" {
                tokens.removeFirst()
                section = try identifier(try next("a section identifier"))
            }
            return .appendItems(ids, to: section)
        case ("insert", "items"):
            let ids = try identifiers(until: ["before", "after"])
            return .insertItems(ids, try position(), try identifier(try next("an identifier")))
        case ("delete", "items"): return .deleteItems(try identifiers())
        case ("delete", "all"): return .deleteAllItems
        case ("move", "items"):
            let id = try identifier(try next("an item identifier"))
            return .moveItem(id, try position(), try identifier(try next("an identifier")))
        case ("reload", "items"): return .reloadItems(try identifiers())
        case ("reconfigure", "items"): return .reconfigureItems(try identifiers())
        default:
            throw ParseError("NSDiffableDataSourceSnapshot has no '\(verbWord) \(noun)'", at: nounToken.range)
        }
    }

    /// The next token, which the line must have: `what` says what it lacks.
    private mutating func next(_ what: String) throws -> Token {
        guard let t = tokens.first else {
            throw ParseError("'\(verb.text)' needs \(what)", at: end)
        }
        tokens.removeFirst()
        return t
    }

    private func identifier(_ t: Token, _ what: String = "an identifier") throws -> Located<String> {
        try SnapshotEditParser.identifier(t, what)
    }

    /// One identifier or more, up to the end of the line or the first of the
    /// words `stops` (which is left for the caller).
    mutating func identifiers(until stops: Set<String> = []) throws -> [Located<String>] {
        var ids: [Located<String>] = []
        while let t = tokens.first, !(t.word.map(stops.contains) ?? false) {
            tokens.removeFirst()
            ids.append(try identifier(t))
        }
        guard !ids.isEmpty else { throw ParseError("'\(verb.text)' needs at least one identifier", at: verb.range) }
        return ids
    }

    /// `before` or `after`, where an identifier goes relative to another.
    private mutating func position() throws -> DiffableSnapshot.Position {
        let t = try next("'before' or 'after' and an identifier")
        switch t.word {
        case "before": return .before
        case "after": return .after
        default: throw ParseError("expected 'before' or 'after', got '\(t.text)'", at: t.range)
        }
    }
}
