import Foundation
import LayoutKit

/// A parsed script: its commands, its golden-transcript blocks and the
/// problems found while parsing.
///
/// `commands` holds only well-formed commands: a command with an error (and a
/// batch with an error anywhere inside it) is left out and reported in
/// `diagnostics`. A runner that must behave like a shell (run everything
/// before the first error, then stop) runs the commands that start before
/// `firstError`'s location.
public struct Script: Sendable {
    public let file: SourceFile
    /// The top-level commands in source order. A batch is one command whose
    /// children are its updates.
    public let commands: [Command]
    /// One entry per logical line on which at least one top-level command
    /// ends, in source order: which commands' output the `#>` lines after that
    /// line describe, and where those lines are (or would go).
    public let transcript: [TranscriptEntry]
    /// Errors and warnings in source order.
    public let diagnostics: [Diagnostic]

    /// The first error, if any; nil when the script can run.
    public var firstError: Diagnostic? { diagnostics.first { $0.severity == .error } }
}

/// One command with the range of its whole text, from the verb to its last
/// argument (for a batch: from `batch` to `end`).
public struct Command: Equatable, Sendable {
    public var kind: CommandKind
    public var range: SourceRange

    public init(_ kind: CommandKind, at range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// Every command of the language with its arguments, each argument located.
///
/// Element and index arguments are located at the index path or section
/// number itself (`9:9` in `attr item 9:9`), where a caret saying "no such
/// item" belongs.
public enum CommandKind: Equatable, Sendable {
    // MARK: Layout and data

    /// `layout NAME [key=value ...]`: choose a layout, options reset to defaults first.
    case layout(name: Located<String>, options: [OptionAssignment])
    /// `set key=value ...` (at least one).
    case set(options: [OptionAssignment])
    /// `options [LAYOUT]`: the current layout's options, or another layout's
    /// with their defaults (the name as written; the registry resolves it).
    case options(Located<String>?)
    /// `layouts`
    case layouts
    /// `sections N [items=M]` or `sections A,B,C`: replace all data (reloadData).
    case sections(SectionCounts)
    /// `insert section S ... [items=M]`: M items in each inserted section (default 0).
    case insertSections([Located<Int>], items: Located<Int>?)
    /// `delete section S ...`
    case deleteSections([Located<Int>])
    /// `move section S to T`
    case moveSection(Located<Int>, to: Located<Int>)
    /// `reload section S ...`
    case reloadSections([Located<Int>])
    /// `insert item S:I ...`
    case insertItems([Located<IndexPath>])
    /// `delete item S:I ...`
    case deleteItems([Located<IndexPath>])
    /// `move item S:I to S:I`
    case moveItem(Located<IndexPath>, to: Located<IndexPath>)
    /// `reload item S:I ...`
    case reloadItems([Located<IndexPath>])
    /// `batch` ... `end`: the updates (only the update and size commands) in order,
    /// and the range of the `end` keyword.
    case batch([Command], end: SourceRange)
    /// `snapshot`: print the identifiers of the data, one section a line.
    case snapshot
    /// `snapshot edit` ... `apply [unanimated|reload]`: edits to a copy of the
    /// current snapshot, then applied as the difference (diffable data source).
    case snapshotApply([Located<SnapshotEdit>], SnapshotApplyMode, end: SourceRange)
    /// `snapshot SECTION_ID`: print one section's snapshot, an outline.
    case sectionSnapshot(Located<String>)
    /// `snapshot edit SECTION_ID` ... `apply [unanimated]`: edits to a copy
    /// of one section's snapshot (`NSDiffableDataSourceSectionSnapshot`: items
    /// with children, expanded or collapsed), then applied to that section.
    case sectionSnapshotApply(Located<String>, [Located<SnapshotEdit>], SnapshotApplyMode, end: SourceRange)
    /// `size item S:I WxH`, `size header S WxH`, `size footer S WxH`; a nil
    /// size (`default`) removes the override.
    case size(Located<ElementRef>, Located<CGSize?>)
    /// `prefer item S:I WxH|none`, `prefer section S WxH|none`, `prefer
    /// header S ...`, `prefer footer S ...`, `prefer supplementary KIND S:0
    /// ...`: the size a cell's (a header's, a footer's, a section's
    /// supplementary view's) content wants (self-sizing); none removes the
    /// declaration.
    case prefer(Located<PreferTarget>, Located<CGSize?>)

    // MARK: The view

    /// `bounds WxH [animated]`: `animated` wraps the change in
    /// `prepare(forAnimatedBoundsChange:)` and `finalizeAnimatedBoundsChange()`.
    case bounds(Located<CGSize>, animated: Bool)
    /// `margins T,L,B,R`: layoutMargins
    case margins(Located<EdgeInsets>)
    /// `paging on|off`: isPagingEnabled
    case paging(Located<Bool>)
    /// `deceleration normal|fast|RATE`: decelerationRate
    case deceleration(Located<CGFloat>)
    /// `inset T,L,B,R` (contentInset)
    case inset(Located<EdgeInsets>)
    /// `safearea T,L,B,R`
    case safeArea(Located<EdgeInsets>)
    /// `scroll to X,Y`
    case scrollTo(Located<CGPoint>)
    /// `scroll by DX,DY [steps=N]`
    case scrollBy(Located<CGPoint>, steps: Located<Int>?)
    /// `scroll fling VX,VY [steps=N]`: a fling at VX,VY points per second
    case scrollFling(Located<CGPoint>, steps: Located<Int>?)
    /// `scroll to item S:I [top|center|bottom]`
    case scrollToItem(Located<IndexPath>, position: Located<CollectionView.ScrollPosition>?)
    /// `scroll section S to X | by DX [steps=N] | fling VX [steps=N]`: the row
    /// of an orthogonal section of a compositional layout.
    case scrollSection(Located<Int>, SectionScroll, Located<CGFloat>, steps: Located<Int>?)

    // MARK: Inspecting

    /// `attr item S:I | attr header S | attr footer S`
    case attr(Located<ElementRef>)
    /// `visible`
    case visible
    /// `contentsize`
    case contentSize
    /// `context`
    case context
    /// `check [except KIND...]`: stk verify's checks on the current state
    /// (LayoutChecks), leaving out the findings of the kinds named.
    case check(except: [Located<LayoutChecks.Finding.Check>])
    /// `render [width=N] [height=N]`
    case render(width: Located<Int>?, height: Located<Int>?)
    /// `trace on|off`
    case trace(Located<Bool>)
    /// `step on|off`
    case step(Located<Bool>)
    /// `next [N]`: reveal the next phase, or the next N.
    case next(count: Located<Int>?)
    /// `continue`
    case `continue`

    // MARK: Checking

    /// `expect ...`
    case expect(Expectation)

    // MARK: Session

    /// `load PATH`: load a layout plugin library.
    case load(path: Located<String>)
    /// `include PATH`: run another script here.
    case include(path: Located<String>)
    /// `echo TEXT`: the text up to a `;` or a comment, blanks around it
    /// trimmed; a quoted string stands for its contents.
    case echo(Located<String>)
    /// `save [--force] PATH`
    case save(path: Located<String>, force: Bool)
    /// `export svg|html [--force] PATH`: a picture of the viewport, or the
    /// session's operations as a page to step through.
    case export(format: Located<ExportFormat>, path: Located<String>, force: Bool)
    /// `undo`
    case undo
    /// `reset`
    case reset
    /// `reload` alone: rebuild the plugins loaded from source and go on with the new code.
    case reloadPlugins
    /// `help [TOPIC]`: a command (a catalog name or alias), or a layout's
    /// name, as written; the interpreter resolves it (layouts are known only
    /// when the command runs).
    case help(Located<String>?)
    /// `quit` or `exit`
    case quit

    /// Whether the command may appear between `batch` and `end`.
    public var isBatchUpdate: Bool {
        switch self {
        case .insertSections, .deleteSections, .moveSection, .reloadSections,
             .insertItems, .deleteItems, .moveItem, .reloadItems, .size:
            return true
        default:
            return false
        }
    }
}

/// What `export` writes.
public enum ExportFormat: String, CaseIterable, Equatable, Sendable {
    /// The viewport as an SVG picture.
    case svg
    /// Every frame of the session as one self-contained HTML page.
    case html
}

/// `key=value` with the ranges of the key, the value and the whole.
public struct OptionAssignment: Equatable, Sendable {
    public var name: Located<String>
    public var value: Located<Value>

    public init(name: Located<String>, value: Located<Value>) {
        self.name = name
        self.value = value
    }

    public var range: SourceRange { name.range.union(value.range) }
}

/// The data `sections` sets.
public enum SectionCounts: Equatable, Sendable {
    /// `sections N [items=M]`: N sections of M items (M is 0 when not given).
    case uniform(sections: Located<Int>, items: Located<Int>?)
    /// `sections A,B,C`: one section per count.
    case perSection(Located<[Int]>)

    /// The item count of every section.
    public var itemCounts: [Int] {
        switch self {
        case .uniform(let sections, let items): return Array(repeating: items?.value ?? 0, count: sections.value)
        case .perSection(let counts): return counts.value
        }
    }
}

/// What `prefer` declares a preferred size for: one cell, or every cell of a
/// section that has none of its own.
public enum PreferTarget: Hashable, Sendable, CustomStringConvertible {
    case item(IndexPath)
    case section(Int)
    case header(Int)
    case footer(Int)
    /// `supplementary KIND S:0`: a section's supplementary view of a kind of
    /// the layout's own (a compositional layout's
    /// `section-header-element-kind`), measured as a header is.
    case supplementary(kind: String, section: Int)

    public var description: String {
        switch self {
        case .item(let indexPath): return "item \(indexPath.stk)"
        case .section(let section): return "section \(section)"
        case .header(let section): return "header \(section)"
        case .footer(let section): return "footer \(section)"
        case .supplementary(let kind, let section): return "supplementary \(ElementRef.printedKind(kind)) \(section):0"
        }
    }
}

/// An element a command names: `item S:I`, `header S`, `footer S` or
/// `decoration KIND S:I`.
public enum ElementRef: Hashable, Sendable, CustomStringConvertible {
    case item(IndexPath)
    case header(section: Int)
    case footer(section: Int)
    case decoration(kind: String, IndexPath)
    /// `supplementary KIND S:I`: a supplementary view of any kind (a badge,
    /// a compositional layout's own header kinds).
    case supplementary(kind: String, IndexPath)

    /// LayoutKit's key for the element (a header's index path is `[S, 0]`).
    public var elementKey: ElementKey {
        switch self {
        case .item(let indexPath): return .cell(indexPath)
        case .header(let section): return .header(section)
        case .footer(let section): return .footer(section)
        case .decoration(let kind, let indexPath): return ElementKey(category: .decorationView, kind: kind, indexPath: indexPath)
        case .supplementary(let kind, let indexPath): return .supplementary(kind, indexPath)
        }
    }

    /// `item 0:3`, `header 1`, `footer 2`, `decoration background 0:0`, as written in a script.
    public var description: String {
        switch self {
        case .item(let indexPath): return "item \(indexPath.stk)"
        case .header(let section): return "header \(section)"
        case .footer(let section): return "footer \(section)"
        case .decoration(let kind, let indexPath): return "decoration \(Self.printedKind(kind)) \(indexPath.stk)"
        case .supplementary(let kind, let indexPath): return "supplementary \(Self.printedKind(kind)) \(indexPath.stk)"
        }
    }

    /// A kind as a script writes it: bare when it reads back as a word, else quoted.
    static func printedKind(_ kind: String) -> String {
        let plain = !kind.isEmpty && kind.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && kind.first!.isLetter
        return plain ? kind : "\"" + kind.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A literal value: an option's value or the right-hand side of `expect`.
///
/// The case is the literal's shape; `true`/`false` and `auto` are the only
/// words with a case of their own. Which shapes a place accepts is checked by
/// the parser where it knows the type (`frame` needs four numbers) and by
/// `layoutOptionValue(as:allowsAutomatic:)` for a layout's options.
public enum Value: Equatable, Sendable, CustomStringConvertible {
    /// `12`, `-3.5`
    case number(Double)
    /// `100x44`
    case size(CGSize)
    /// `X,Y`, `X,Y,W,H`, `T,L,B,R`, `A,B,C`: two or more comma-separated numbers.
    case numbers([Double])
    /// `2:15`
    case indexPath(IndexPath)
    /// `true`, `false`
    case bool(Bool)
    /// `auto`
    case automatic
    /// Any other bare word: `vertical`, `nextHeader`.
    case word(String)
    /// A "quoted string".
    case string(String)

    public var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var size: CGSize? { if case .size(let s) = self { return s } else { return nil } }
    /// Two numbers as a point.
    public var point: CGPoint? {
        guard case .numbers(let n) = self, n.count == 2 else { return nil }
        return CGPoint(x: n[0], y: n[1])
    }
    /// Four numbers as a rect `X,Y,W,H`.
    public var rect: CGRect? {
        guard case .numbers(let n) = self, n.count == 4 else { return nil }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    /// Four numbers as insets `T,L,B,R` (UIKit order).
    public var insets: EdgeInsets? {
        guard case .numbers(let n) = self, n.count == 4 else { return nil }
        return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// The value as it is written in a script (strings quoted, numbers in
    /// stk's shortest form).
    public var description: String {
        switch self {
        case .number(let n): return n.stk
        case .size(let s): return s.stk
        case .numbers(let list): return list.map(\.stk).joined(separator: ",")
        case .indexPath(let p): return p.stk
        case .bool(let b): return b ? "true" : "false"
        case .automatic: return "auto"
        case .word(let w): return w
        case .string(let s): return quoted(s)
        }
    }
}

// MARK: - expect

/// What `expect` checks.
public enum Expectation: Equatable, Sendable {
    /// `expect attr ELEMENT FIELD OP VALUE`. The parser has checked the value's
    /// shape for the built-in fields: `frame` a rect (`.numbers` of 4),
    /// `hidden` a bool, the other built-ins a number. An extra field's value
    /// may be any literal.
    case attribute(Located<ElementRef>, field: Located<AttributeField>, Comparison)
    /// `expect visible count OP N`: the value is an integer `.number`.
    case visibleCount(Comparison)
    /// `expect contentsize OP W,H` (or `WxH`): the value is always a `.size`.
    case contentSize(Comparison)
    /// `expect offset OP X,Y`: the content offset; the value is `.numbers` of two.
    case offset(Comparison)
    /// `expect context contains ELEMENT`
    case contextContains(Located<ElementRef>)
    /// `expect context everything OP BOOL` and the other flags: the value is a `.bool`.
    case contextFlag(Located<ContextFlag>, Comparison)
    /// `expect context count OP N`: how many elements the context names
    /// (`InvalidationContextSnapshot.elementCount`); the value is an integer `.number`.
    case contextCount(Comparison)
}

/// `OP VALUE` of an expectation.
public struct Comparison: Equatable, Sendable {
    public var op: Located<ComparisonOperator>
    public var value: Located<Value>

    public init(op: Located<ComparisonOperator>, value: Located<Value>) {
        self.op = op
        self.value = value
    }
}

public enum ComparisonOperator: String, CaseIterable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// Equal within `approximateTolerance` (each number of a rect or size).
    case approximatelyEqual = "~="

    /// `~=` holds when |actual - expected| <= 0.01.
    public static let approximateTolerance = 0.01

    /// Whether the operator only asks equality, and so applies to rects,
    /// sizes and bools (which have no order).
    public var isEquality: Bool { self == .equal || self == .notEqual || self == .approximatelyEqual }
}

/// A field of an element's attributes.
public enum AttributeField: Hashable, Sendable, CustomStringConvertible {
    case frame, x, y, width, height, zIndex, alpha, hidden
    /// A field a layout adds (`stretchFactor`): looked up in the attributes' extra fields.
    case extra(String)

    public static let builtIn: [AttributeField] = [.frame, .x, .y, .width, .height, .zIndex, .alpha, .hidden]

    public init(name: String) {
        self = AttributeField.builtIn.first { $0.description == name } ?? .extra(name)
    }

    public var description: String {
        switch self {
        case .frame: return "frame"
        case .x: return "x"
        case .y: return "y"
        case .width: return "width"
        case .height: return "height"
        case .zIndex: return "zIndex"
        case .alpha: return "alpha"
        case .hidden: return "hidden"
        case .extra(let name): return name
        }
    }
}

/// A boolean field of an invalidation context that `expect context` reads.
public enum ContextFlag: String, CaseIterable, Sendable {
    /// `invalidateEverything`
    case everything
    /// `invalidateDataSourceCounts`
    case dataSourceCounts
    /// `invalidateFlowLayoutDelegateMetrics` (false for a non-flow context)
    case flowDelegateMetrics
    /// `invalidateFlowLayoutAttributes` (false for a non-flow context)
    case flowAttributes
}

/// `"..."` with `\` and `"` escaped: how a string is written in a script.
func quoted(_ s: String) -> String {
    var out = "\""
    for c in s {
        if c == "\"" || c == "\\" { out.append("\\") }
        out.append(c)
    }
    return out + "\""
}

/// How `scroll section` moves a row.
public enum SectionScroll: String, Sendable {
    case to, by, fling
}
