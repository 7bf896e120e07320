import Foundation
import LayoutKit

extension Command: CustomStringConvertible {
    /// The command in canonical `.stk` form: one space between arguments,
    /// numbers in stk's shortest form, paths quoted when they must be. Parsing
    /// it gives the same command (ranges aside), so `save` can write it and
    /// `--echo` can show it. A batch prints on several lines, its updates
    /// indented by two spaces.
    public var description: String { kind.description }
}

extension CommandKind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .layout(let name, let options):
            return (["layout", bareOrQuoted(name.value)] + options.map(\.description)).joined(separator: " ")
        case .set(let options):
            return (["set"] + options.map(\.description)).joined(separator: " ")
        case .options(let layout): return "options" + (layout.map { " " + bareOrQuoted($0.value) } ?? "")
        case .layouts: return "layouts"
        case .sections(.uniform(let sections, let items)):
            return "sections \(sections.value)" + (items.map { " items=\($0.value)" } ?? "")
        case .sections(.perSection(let counts)):
            return "sections " + counts.value.map(String.init).joined(separator: ",")
        case .insertSections(let sections, let items):
            return "insert section " + sectionList(sections) + (items.map { " items=\($0.value)" } ?? "")
        case .deleteSections(let sections): return "delete section " + sectionList(sections)
        case .moveSection(let from, let to): return "move section \(from.value) to \(to.value)"
        case .reloadSections(let sections): return "reload section " + sectionList(sections)
        case .insertItems(let paths): return "insert item " + pathList(paths)
        case .deleteItems(let paths): return "delete item " + pathList(paths)
        case .moveItem(let from, let to): return "move item \(from.value.stk) to \(to.value.stk)"
        case .reloadItems(let paths): return "reload item " + pathList(paths)
        case .batch(let updates, _):
            return (["batch"] + updates.map { "  " + $0.description } + ["end"]).joined(separator: "\n")
        case .snapshot: return "snapshot"
        case .sectionSnapshot(let section): return "snapshot \(ElementRef.printedKind(section.value))"
        case .sectionSnapshotApply(let section, let edits, let mode, _):
            return (["snapshot edit \(ElementRef.printedKind(section.value))"] + edits.map { "  " + $0.value.description }
                    + ["apply" + (mode == .animated ? "" : " " + mode.rawValue)]).joined(separator: "\n")
        case .snapshotApply(let edits, let mode, _):
            return (["snapshot edit"] + edits.map { "  " + $0.value.description } + ["apply" + (mode == .animated ? "" : " " + mode.rawValue)])
                .joined(separator: "\n")
        case .size(let element, let size):
            return "size \(element.value) " + (size.value?.stk ?? "default")
        case .prefer(let target, let size):
            return "prefer \(target.value) " + (size.value?.stk ?? "none")
        case .bounds(let size, let animated): return "bounds \(size.value.stk)" + (animated ? " animated" : "")
        case .margins(let insets): return "margins \(insets.value)"
        case .paging(let on): return "paging \(on.value ? "on" : "off")"
        case .deceleration(let rate):
            switch rate.value {
            case CollectionView.DecelerationRate.normal.rawValue: return "deceleration normal"
            case CollectionView.DecelerationRate.fast.rawValue: return "deceleration fast"
            default: return "deceleration \(rate.value.stk)"
            }
        case .scrollFling(let velocity, let steps):
            return "scroll fling \(velocity.value.stk)" + (steps.map { " steps=\($0.value)" } ?? "")
        case .inset(let insets): return "inset \(insets.value)"
        case .safeArea(let insets): return "safearea \(insets.value)"
        case .scrollTo(let point): return "scroll to \(point.value.stk)"
        case .scrollSection(let section, let verb, let amount, let steps):
            return "scroll section \(section.value) \(verb.rawValue) \(amount.value.stk)" + (steps.map { " steps=\($0.value)" } ?? "")
        case .scrollBy(let delta, let steps):
            return "scroll by \(delta.value.stk)" + (steps.map { " steps=\($0.value)" } ?? "")
        case .scrollToItem(let path, let position):
            return "scroll to item \(path.value.stk)" + (position.map { " \($0.value.rawValue)" } ?? "")
        case .attr(let element): return "attr \(element.value)"
        case .visible: return "visible"
        case .check(let except): return except.isEmpty ? "check" : "check except " + except.map(\.value.word).joined(separator: " ")
        case .contentSize: return "contentsize"
        case .context: return "context"
        case .render(let width, let height):
            return "render" + (width.map { " width=\($0.value)" } ?? "") + (height.map { " height=\($0.value)" } ?? "")
        case .trace(let on): return "trace " + (on.value ? "on" : "off")
        case .step(let on): return "step " + (on.value ? "on" : "off")
        case let .next(count): return count.map { "next \($0.value)" } ?? "next"
        case .continue: return "continue"
        case .expect(let expectation): return "expect \(expectation)"
        case .load(let path): return "load " + bareOrQuoted(path.value)
        case .include(let path): return "include " + bareOrQuoted(path.value)
        case .echo(let text): return text.value.isEmpty ? "echo" : "echo " + echoArgument(text.value)
        case .save(let path, let force): return "save " + (force ? "--force " : "") + bareOrQuoted(path.value)
        case .export(let format, let path, let force):
            return "export \(format.value.rawValue) " + (force ? "--force " : "") + bareOrQuoted(path.value)
        case .undo: return "undo"
        case .reset: return "reset"
        case .reloadPlugins: return "reload"
        case .help(let topic): return "help" + (topic.map { " " + bareOrQuoted($0.value) } ?? "")
        case .quit: return "quit"
        }
    }

    private func sectionList(_ sections: [Located<Int>]) -> String {
        sections.map { String($0.value) }.joined(separator: " ")
    }

    private func pathList(_ paths: [Located<IndexPath>]) -> String {
        paths.map(\.value.stk).joined(separator: " ")
    }
}

extension OptionAssignment: CustomStringConvertible {
    /// `key=value`
    public var description: String { "\(name.value)=\(value.value)" }
}

extension Expectation: CustomStringConvertible {
    /// The expectation as written after `expect`.
    public var description: String {
        switch self {
        case .attribute(let element, let field, let comparison):
            return "attr \(element.value) \(field.value) \(comparison)"
        case .visibleCount(let comparison): return "visible count \(comparison)"
        case .contentSize(let comparison):
            // Written W,H as in the language reference.
            let size = comparison.value.value.size.map { "\($0.width.stk),\($0.height.stk)" } ?? "\(comparison.value.value)"
            return "contentsize \(comparison.op.value.rawValue) \(size)"
        case .offset(let comparison): return "offset \(comparison)"
        case .contextContains(let element): return "context contains \(element.value)"
        case .contextFlag(let flag, let comparison): return "context \(flag.value.rawValue) \(comparison)"
        case .contextCount(let comparison): return "context count \(comparison)"
        }
    }
}

extension Comparison: CustomStringConvertible {
    /// `OP VALUE`
    public var description: String { "\(op.value.rawValue) \(value.value)" }
}

/// A name or path as a script must write it: bare when it reads back as the
/// same word, quoted otherwise.
func bareOrQuoted(_ text: String) -> String {
    let chars = Array(text)
    let safe = !chars.isEmpty
        && !chars.contains { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "\"" }
        && chars.first != "#"
        && chars.last != "\\"
    if safe, case .word(text) = Literal.classify(text, range: SourceRange(line: 1, columns: 1..<(chars.count + 1))) {
        return text
    }
    return quoted(text)
}

/// The text of `echo` as a script must write it: as it is when `echo TEXT`
/// reads back as the same text, quoted otherwise (a `;`, a word starting with
/// `#`, a quote, blanks at either end, a trailing `\`).
func echoArgument(_ text: String) -> String {
    let lexed = Lexer.lex(SourceFile(name: "echo", text: "echo " + text))
    let commands = lexed.items.flatMap { item -> [LexedCommand] in
        if case .line(let line) = item { return line.commands }
        return []
    }
    let readsBack = lexed.diagnostics.isEmpty && !lexed.endsInContinuation
        && lexed.items.count == 1 && commands.count == 1 && commands[0].echoText?.value == text
    return readsBack ? text : quoted(text)
}
