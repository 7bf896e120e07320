import Foundation
import LayoutKit

/// What `help` knows about one command.
public struct CommandInfo: Equatable, Sendable {
    /// The sections of `help`, in docs/language.md's order.
    public enum Group: String, CaseIterable, Sendable {
        case layoutAndData = "Layout and data"
        case view = "The view"
        case inspecting = "Inspecting"
        case checking = "Checking"
        case session = "Session"
    }

    /// The verb, as typed.
    public let name: String
    /// Other verbs meaning the same command (`exit` for `quit`).
    public let aliases: [String]
    public let group: Group
    /// One line per form: `scroll to X,Y`, `scroll by DX,DY [steps=N]`, ...
    public let usages: [String]
    /// One line, lower-case, no final period.
    public let summary: String
    /// Lines explaining the words of the usages (fields, operators, flags).
    public let details: [String]
    /// Complete commands that parse as they are.
    public let examples: [String]

    init(_ name: String, aliases: [String] = [], _ group: Group, usages: [String], summary: String,
         details: [String] = [], examples: [String]) {
        self.name = name
        self.aliases = aliases
        self.group = group
        self.usages = usages
        self.summary = summary
        self.details = details
        self.examples = examples
    }

    /// What `help NAME` prints: the usages, the summary, details, aliases and
    /// examples, one per line, ending with a newline.
    public var helpText: String {
        var lines: [String] = []
        for (i, usage) in usages.enumerated() {
            lines.append((i == 0 ? "usage: " : "       ") + usage)
        }
        lines.append(summary)
        lines.append(contentsOf: details.map { "  " + $0 })
        if !aliases.isEmpty { lines.append("alias: " + aliases.joined(separator: ", ")) }
        lines.append(contentsOf: examples.map { "example: " + $0 })
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Every command of the language: used by `help`, by tab completion and for
/// "did you mean" on an unknown command. The parser accepts exactly these
/// verbs (and `end`, which closes a batch).
public enum CommandCatalog {
    public static let commands: [CommandInfo] = [
        // Layout and data
        CommandInfo("layout", .layoutAndData,
                    usages: ["layout NAME [key=value ...]"],
                    summary: "choose a layout strategy, with options (resets options to defaults first)",
                    examples: ["layout flow-sticky pinLimit=nextHeader", "layout flow-sticky itemSize=100x44 sectionInset=0,10,0,10"]),
        CommandInfo("set", .layoutAndData,
                    usages: ["set key=value ..."],
                    summary: "change options of the current layout",
                    details: ["flow options: itemSize=WxH minimumLineSpacing=N minimumInteritemSpacing=N",
                              "sectionInset=T,L,B,R headerSize=WxH footerSize=WxH scrollDirection=vertical|horizontal"],
                    examples: ["set itemSize=100x44 minimumLineSpacing=8", "set scrollDirection=horizontal"]),
        CommandInfo("options", .layoutAndData,
                    usages: ["options", "options LAYOUT"],
                    summary: "list the current layout's options with their values, defaults and help",
                    details: ["LAYOUT: another layout's options with their defaults, without switching to it"],
                    examples: ["options", "options grid-sticky"]),
        CommandInfo("layouts", .layoutAndData,
                    usages: ["layouts"],
                    summary: "list every registered layout (built-in and loaded), one line each",
                    examples: ["layouts"]),
        CommandInfo("sections", .layoutAndData,
                    usages: ["sections N [items=M]", "sections A,B,C"],
                    summary: "replace all data (reloadData): N sections of M items (default 0), or one count per section",
                    examples: ["sections 3 items=20", "sections 5,0,12"]),
        CommandInfo("insert", .layoutAndData,
                    usages: ["insert section S ... [items=M]", "insert item S:I ..."],
                    summary: "insert sections (of M items) or items: a batch update",
                    examples: ["insert section 1 items=4", "insert item 0:0 0:1"]),
        CommandInfo("delete", .layoutAndData,
                    usages: ["delete section S ...", "delete item S:I ..."],
                    summary: "delete sections or items: a batch update",
                    examples: ["delete item 0:1 0:2", "delete section 1 2"]),
        CommandInfo("move", .layoutAndData,
                    usages: ["move section S to T", "move item S:I to S:I"],
                    summary: "move a section or an item: a batch update",
                    examples: ["move item 0:0 to 1:3", "move section 2 to 0"]),
        CommandInfo("reload", .layoutAndData,
                    usages: ["reload section S ...", "reload item S:I ...", "reload"],
                    summary: "reload sections or items: a batch update; alone, rebuild the layouts loaded from source",
                    details: ["'reload' alone rebuilds every plugin loaded from Swift source whose files changed, loads the new build",
                              "and goes on with the session on the new code: the current layout is made again from the new class",
                              "with the same options, over the same data, bounds and offset; undo keeps working"],
                    examples: ["reload item 0:3", "reload section 1", "reload"]),
        CommandInfo("batch", .layoutAndData,
                    usages: ["batch ... end"],
                    summary: "group the updates up to 'end' into one performBatchUpdates",
                    details: ["between batch and end: insert, delete, move, reload and size, one per line or separated by ';'"],
                    examples: ["batch; delete item 0:0; insert item 1:0; end"]),
        CommandInfo("snapshot", .layoutAndData,
                    usages: ["snapshot", "snapshot edit ... apply [unanimated|reload]",
                             "snapshot SECTION_ID", "snapshot edit SECTION_ID ... apply [unanimated]"],
                    summary: "print the data's identifiers (S0: I0 I1 ...), or edit a copy and apply the difference as a diffable data source does",
                    details: ["between 'snapshot edit' and 'apply', NSDiffableDataSourceSnapshot's verbs, one per line or separated by ';':",
                              "append sections ID...; insert sections ID... before|after ID; delete sections ID...;",
                              "move section ID before|after ID; reload sections ID...; append items ID... [to SECTION_ID];",
                              "insert items ID... before|after ID; delete items ID...; delete all items;",
                              "move item ID before|after ID; reload items ID...; reconfigure items ID...",
                              "apply: one batch update (deletes, inserts, the fewest moves, reloads); apply unanimated: the same;",
                              "apply reload: applySnapshotUsingReloadData (reloadData)",
                              "snapshot edit SECTION_ID ... apply: one section's snapshot (NSDiffableDataSourceSectionSnapshot), an outline:",
                              "append items ID... [to PARENT_ID]; insert items ID... before|after ID; delete items ID...; delete all items;",
                              "expand ID...; collapse ID... (a new parent is collapsed); the section shows the visible items",
                              "snapshot SECTION_ID: the section's items, indented by level, + expanded, - collapsed"],
                    examples: ["snapshot", "snapshot edit; delete items I1; append items N1 to S1; move item I0 after I2; apply",
                               "snapshot edit S0; append items Fruit; append items Apple Pear to Fruit; expand Fruit; apply"]),
        CommandInfo("size", .layoutAndData,
                    usages: ["size item S:I WxH|default", "size header S WxH|default", "size footer S WxH|default"],
                    summary: "set one item's, header's or footer's size (the flow delegate's answer); default removes it",
                    examples: ["size item 0:3 200x80", "size header 1 390x60", "size footer 0 default"]),
        CommandInfo("prefer", .layoutAndData,
                    usages: ["prefer item S:I WxH|none", "prefer section S WxH|none", "prefer header S WxH|none", "prefer footer S WxH|none",
                             "prefer supplementary KIND S:0 WxH|none"],
                    summary: "the size a cell's content wants (self-sizing: preferredLayoutAttributesFitting); none removes it",
                    details: ["a cell is measured when it is displayed: the layout is asked shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:), and if it takes the size, for a context, then lays out again",
                              "section S: every cell of the section without a size of its own",
                              "header S, footer S: the section's header or footer, measured the same way",
                              "supplementary KIND S:0: the section's view of a kind of the layout's own (a compositional layout's section-header-element-kind), as attr supplementary names it",
                              "flow layouts take a cell's size when estimatedItemSize is set (set estimatedItemSize=WxH), never a header's; compositional layouts take a size along each estimated dimension"],
                    examples: ["prefer item 0:3 100x80", "prefer section 0 100x60", "prefer header 1 390x80", "prefer item 0:3 none"]),
        // The view
        CommandInfo("bounds", .view,
                    usages: ["bounds WxH", "bounds WxH animated"],
                    summary: "resize the viewport (keeps the offset)",
                    details: ["animated: a rotation, wrapped in prepare(forAnimatedBoundsChange:) and finalizeAnimatedBoundsChange()"],
                    examples: ["bounds 390x844", "bounds 844x390 animated"]),
        CommandInfo("inset", .view,
                    usages: ["inset T,L,B,R"],
                    summary: "set contentInset (top, left, bottom, right)",
                    examples: ["inset 20,0,0,0"]),
        CommandInfo("safearea", .view,
                    usages: ["safearea T,L,B,R"],
                    summary: "set safeAreaInsets (top, left, bottom, right)",
                    examples: ["safearea 47,0,34,0"]),
        CommandInfo("scroll", .view,
                    usages: ["scroll to X,Y", "scroll by DX,DY [steps=N]", "scroll to item S:I [top|center|bottom]",
                             "scroll fling VX,VY [steps=N]", "scroll section S to X | by DX [steps=N] | fling VX [steps=N]"],
                    summary: "scroll to an offset, by a distance (in N bounds changes), to an item, or lift the finger at a velocity",
                    details: ["negative and past-the-end offsets are allowed: they bounce",
                              "section S: the row of an orthogonal section of a compositional layout, clamped to the row;",
                              "a fling there comes to rest as the section's orthogonalScrollingBehavior says",
                              "fling: VX,VY in points per second; the offset decelerates (or pages) to a resting place,",
                              "the layout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:) picks the",
                              "target, and the view moves there in N bounds changes (10 by default)"],
                    examples: ["scroll to 0,300", "scroll by 0,-120 steps=4", "scroll to item 2:0 top", "scroll fling 0,2000", "scroll section 1 fling 800"]),
        CommandInfo("paging", .view,
                    usages: ["paging on|off"],
                    summary: "set isPagingEnabled: a fling stops on a multiple of the bounds size",
                    examples: ["paging on"]),
        CommandInfo("deceleration", .view,
                    usages: ["deceleration normal|fast|RATE"],
                    summary: "set decelerationRate: normal (0.998), fast (0.99) or a rate between 0 and 1",
                    examples: ["deceleration fast", "deceleration 0.995"]),
        CommandInfo("margins", .view,
                    usages: ["margins T,L,B,R"],
                    summary: "set layoutMargins (top, left, bottom, right), which layouts may read",
                    examples: ["margins 0,20,0,20"]),
        // Inspecting
        CommandInfo("attr", .inspecting,
                    usages: ["attr item S:I", "attr header S", "attr footer S", "attr supplementary KIND S:I", "attr decoration KIND S:I"],
                    summary: "print one element's current attributes",
                    examples: ["attr header 1", "attr item 0:3", "attr supplementary badge 0:2", "attr decoration background 0:0"]),
        CommandInfo("visible", .inspecting,
                    usages: ["visible"],
                    summary: "print every element in the visible rect",
                    examples: ["visible"]),
        CommandInfo("contentsize", .inspecting,
                    usages: ["contentsize"],
                    summary: "print collectionViewContentSize",
                    examples: ["contentsize"]),
        CommandInfo("context", .inspecting,
                    usages: ["context"],
                    summary: "print the invalidation context(s) of the last operation",
                    details: contextFieldHelp,
                    examples: ["context"]),
        CommandInfo("render", .inspecting,
                    usages: ["render [width=N] [height=N]"],
                    summary: "draw the viewport as text (cells S:I, headers H<S>, footers F<S>)",
                    details: ["width=N: columns, the frame included (default 80, or the terminal's);",
                              "height=N: rows, the frame included; alone, the width keeps the viewport's",
                              "proportions; with width=, both are exact. On a terminal, with neither,",
                              "the drawing fits the terminal.",
                              "heavy lines and *: pinned; dashed lines: faded (0 < alpha < 1);",
                              "hidden elements are not drawn. What the last operation did:",
                              "!  a context of the last operation named the element (red)",
                              "+  it appeared (green)    ~  its frame changed, it moved (blue)",
                              "The legend under the frame counts them and lists what disappeared;",
                              "marks that do not fit after the label take the box's top-left corner.",
                              "After a batch update, lines for what moved (from where to where), was",
                              "inserted (the initial attributes) and deleted (the final attributes)."],
                    examples: ["render", "render width=60", "render height=20"]),
        CommandInfo("trace", .inspecting,
                    usages: ["trace on|off"],
                    summary: "print every phase of the layout cycle as it happens",
                    examples: ["trace on"]),
        CommandInfo("step", .inspecting,
                    usages: ["step on|off"],
                    summary: "pause each operation after every phase of its layout cycle; queries show that moment",
                    examples: ["step on"]),
        CommandInfo("next", .inspecting,
                    usages: ["next [N]"],
                    summary: "run the paused operation to its next phase (or the next N) and show it",
                    examples: ["next", "next 5"]),
        CommandInfo("continue", .inspecting,
                    usages: ["continue"],
                    summary: "run the paused operation to its end, showing each phase",
                    examples: ["continue"]),
        // Checking
        CommandInfo("check", .checking,
                    usages: ["check", "check except KIND..."],
                    summary: "run stk verify's checks now: the layout against a fresh one, rect against single queries, index paths, the last scroll's context, the warnings since the last check; each finding fails like an expect",
                    details: ["KIND: \(LayoutChecks.Finding.Check.setAside.map(\.word).joined(separator: " ")) (the findings left out, as stk verify --ignore leaves them)"],
                    examples: ["check", "check except single-query"]),
        CommandInfo("expect", .checking,
                    usages: ["expect attr ELEMENT FIELD OP VALUE", "expect visible count OP N",
                             "expect contentsize OP W,H", "expect offset OP X,Y", "expect context contains ELEMENT",
                             "expect context FLAG OP true|false", "expect context count OP N"],
                    summary: "check a value; a failure is reported and the script runs on (exit status 1)",
                    details: ["ELEMENT: item S:I | header S | footer S | supplementary KIND S:I | decoration KIND S:I",
                              "FIELD: frame x y width height zIndex alpha hidden, or a layout's own field (stretchFactor)",
                              "OP: == != < <= > >= ~= (~= : within 0.01)",
                              "FLAG: everything dataSourceCounts flowDelegateMetrics flowAttributes"],
                    examples: ["expect attr header 1 frame == 0,300,390,30", "expect attr item 0:3 y == 44",
                               "expect attr header 0 alpha ~= 0.5", "expect visible count == 24",
                               "expect contentsize == 390,4000", "expect offset == 0,1497", "expect context contains header 1",
                               "expect context everything == false"]),
        // Session
        CommandInfo("load", .session,
                    usages: ["load PATH"],
                    summary: "load layouts: a plugin library (.so), or Swift source (a .swift file, a folder, a package) stk builds",
                    examples: ["load .build/debug/libMyLayout.so", "load MyLayout.swift"]),
        CommandInfo("include", .session,
                    usages: ["include PATH"],
                    summary: "run another script here",
                    examples: ["include setup.stk"]),
        CommandInfo("echo", .session,
                    usages: ["echo TEXT"],
                    summary: "print TEXT, up to a ';' or a comment, blanks around it trimmed",
                    details: ["TEXT keeps the spacing between its words as written; a \"quoted string\"",
                              "prints its contents verbatim, ';' and '#' included."],
                    examples: ["echo sticky headers, pinned to the next header",
                               "echo \"step 2: scroll past the header; it stays pinned\""]),
        CommandInfo("save", .session,
                    usages: ["save [--force] PATH"],
                    summary: "write the session so far as a replayable script (--force overwrites a file)",
                    examples: ["save session.stk", "save --force session.stk"]),
        CommandInfo("export", .session,
                    usages: ["export svg [--force] PATH", "export html [--force] PATH"],
                    summary: "write the viewport as an SVG picture, or the session's operations as one page to step through (--force overwrites a file)",
                    details: ["svg: the viewport at 1 point per pixel as UIKit draws it: z order, alpha,",
                              "transforms about the centre; pinned an amber outline, invalidated a red",
                              "fill, appeared and moved a badge; labels above every element (a leader",
                              "when stacking hides one); ghosts and arrows from where elements were (or",
                              "the initial and final attributes of inserted and deleted ones); render's",
                              "legend and a scroll indicator. The same state gives the same bytes.",
                              "html: one self-contained page (no network), one frame per layout pass of",
                              "every operation that changed state since the session (or its last reset)",
                              "began; undo takes an operation's frames off. Play, step (arrow keys), a",
                              "slider, a minimap; motion animated; page.html#frame=N opens frame N and",
                              "P is presentation mode. Hover an element for its attributes. Not",
                              "recorded by save."],
                    examples: ["export svg viewport.svg", "export html --force session.html"]),
        CommandInfo("undo", .session,
                    usages: ["undo"],
                    summary: "revert the last command that changed state",
                    examples: ["undo"]),
        CommandInfo("reset", .session,
                    usages: ["reset"],
                    summary: "discard the session and start again from the initial state",
                    examples: ["reset"]),
        CommandInfo("help", .session,
                    usages: ["help [CMD]", "help LAYOUT"],
                    summary: "list the commands, or show one command's usage and examples",
                    details: ["LAYOUT: a layout's summary and options with their defaults, without switching to it"],
                    examples: ["help", "help scroll", "help grid-sticky"]),
        CommandInfo("quit", aliases: ["exit"], .session,
                    usages: ["quit"],
                    summary: "leave stk",
                    examples: ["quit"]),
    ]

    /// The command a verb names (its name or an alias), or nil.
    public static func command(named verb: String) -> CommandInfo? {
        commandsByVerb[verb]
    }

    /// Every command by its name and by each alias, the first in the
    /// catalog's order where two would share a verb: the parser looks up
    /// each command's verb here, rather than comparing it with every name.
    private static let commandsByVerb: [String: CommandInfo] = {
        var byVerb: [String: CommandInfo] = [:]
        for command in commands {
            for verb in [command.name] + command.aliases where byVerb[verb] == nil { byVerb[verb] = command }
        }
        return byVerb
    }()

    /// The commands' names (not their aliases), in the catalog's order.
    public static var commandNames: [String] { commands.map(\.name) }

    /// Every verb the parser accepts: names, aliases, and `end`.
    public static var verbs: [String] {
        commands.flatMap { [$0.name] + $0.aliases } + ["end"]
    }

    /// The verb nearest to an unknown one, for "did you mean".
    public static func suggestion(for unknownVerb: String) -> String? {
        NearMiss.nearest(to: unknownVerb, among: verbs)
    }

    /// What `help` prints: every command, one line each, under its group,
    /// ending with a newline.
    public static var overview: String {
        let width = commands.map(\.name.count).max()! + 2
        var lines: [String] = []
        for group in CommandInfo.Group.allCases {
            if !lines.isEmpty { lines.append("") }
            lines.append(group.rawValue)
            for command in commands where command.group == group {
                lines.append("  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary)
            }
        }
        lines.append("")
        lines.append("Type 'help CMD' for a command's usage and examples, 'help LAYOUT' for a layout's options.")
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - Tab completion

/// What fits at the cursor, for tab completion at the REPL.
public struct Completion: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Fixed words (command names, keywords, operators, `items=`), already
        /// narrowed to those starting with `prefix`.
        case words([String])
        /// A registered layout's name.
        case layoutName
        /// A command's name (`commandNames`) or a registered layout's.
        case commandOrLayoutName
        /// An option of the layout named here, or of the current layout when
        /// nil; complete it as `name=`.
        case optionName(layout: String?)
        /// A file path.
        case filePath
        /// Nothing to offer (a number, an index path, free text).
        case nothing
    }

    public var kind: Kind
    /// The partial word before the cursor, which a completion replaces.
    public var prefix: String

    public init(_ kind: Kind, prefix: String) {
        self.kind = kind
        self.prefix = prefix
    }
}

extension CommandCatalog {
    /// What to complete at the end of `line` (the text before the cursor).
    /// Only the command after the last `;` matters; inside a quoted string or
    /// the text of `echo` there is nothing to offer.
    public static func completion(forLine line: String) -> Completion {
        // The current command: after the last `;` outside quotes.
        var inQuotes = false
        var commandStart = line.startIndex
        var index = line.startIndex
        while index < line.endIndex {
            let c = line[index]
            if c == "\"" { inQuotes.toggle() }
            if c == ";", !inQuotes { commandStart = line.index(after: index) }
            index = line.index(after: index)
        }
        let text = line[commandStart...]
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let endsWithBlank = text.last == " " || text.last == "\t"
        let prefix = endsWithBlank || words.isEmpty ? "" : words.removeLast()
        if inQuotes || prefix.hasPrefix("#") || words.contains(where: { $0.hasPrefix("#") }) || words.first == "echo" { return Completion(.nothing, prefix: prefix) }
        let kind = completionKind(after: words, prefix: prefix)
        if case .words(let candidates) = kind {
            return Completion(.words(candidates.filter { $0.hasPrefix(prefix) }), prefix: prefix)
        }
        return Completion(kind, prefix: prefix)
    }

    /// The kind of argument that follows the complete words `w`.
    private static func completionKind(after w: [String], prefix: String) -> Completion.Kind {
        guard let verb = w.first else { return .words(verbs.sorted()) }
        let elements = ["item", "header", "footer"]
        let operators = ComparisonOperator.allCases.map(\.rawValue)
        let bools = ["true", "false"]
        let n = w.count
        switch verb {
        case "layout":
            if n == 1 { return .layoutName }
            return prefix.contains("=") ? .nothing : .optionName(layout: w[1])
        case "set":
            return prefix.contains("=") ? .nothing : .optionName(layout: nil)
        case "sections":
            return n >= 2 && !w[1].contains(",") ? .words(["items="]) : .nothing
        case "insert", "delete", "reload":
            if n == 1 { return .words(["section", "item"]) }
            return verb == "insert" && w[1] == "section" && n >= 3 ? .words(["items="]) : .nothing
        case "move":
            if n == 1 { return .words(["section", "item"]) }
            return n == 3 ? .words(["to"]) : .nothing
        case "prefer":
            if n == 1 { return .words(["item", "section", "header", "footer", "supplementary"]) }
            // `prefer supplementary KIND S:0 ...` has one word more.
            return n == (w[1] == "supplementary" ? 4 : 3) ? .words(["none"]) : .nothing
        case "size":
            if n == 1 { return .words(elements) }
            return n == 3 ? .words(["default"]) : .nothing
        case "scroll":
            if n == 1 { return .words(["to", "by", "fling", "section"]) }
            if w[1] == "section" {
                if n == 3 { return .words(["to", "by", "fling"]) }
                return n >= 5 && w[3] != "to" ? .words(["steps="]) : .nothing
            }
            if w[1] == "to" {
                if n == 2 { return .words(["item"]) }
                if n == 4, w[2] == "item" { return .words(CollectionView.ScrollPosition.allCases.map(\.rawValue)) }
            }
            return (w[1] == "by" || w[1] == "fling") && n >= 3 ? .words(["steps="]) : .nothing
        case "snapshot":
            return n == 1 ? .words(["edit"]) : .nothing
        case "bounds":
            return n == 2 ? .words(["animated"]) : .nothing
        case "paging":
            return n == 1 ? .words(["on", "off"]) : .nothing
        case "deceleration":
            return n == 1 ? .words(["normal", "fast"]) : .nothing
        case "attr":
            return n == 1 ? .words(elements + ["supplementary", "decoration"]) : .nothing
        case "render":
            return .words(["width=", "height="])
        case "trace", "step":
            return n == 1 ? .words(["on", "off"]) : .nothing
        case "check":
            if n == 1 { return .words(["except"]) }
            return .words(LayoutChecks.Finding.Check.setAside.map(\.word).filter { !w.dropFirst(2).contains($0) })
        case "expect":
            return expectCompletion(Array(w.dropFirst()), elements: elements, operators: operators, bools: bools)
        case "load", "include":
            return n == 1 ? .filePath : .nothing
        case "save":
            return prefix.hasPrefix("-") ? .words(["--force"]) : .filePath
        case "export":
            if n == 1 { return .words(ExportFormat.allCases.map(\.rawValue)) }
            return prefix.hasPrefix("-") ? .words(["--force"]) : .filePath
        case "help":
            return n == 1 ? .commandOrLayoutName : .nothing
        case "options":
            return n == 1 ? .layoutName : .nothing
        default:
            return .nothing
        }
    }

    private static func expectCompletion(_ w: [String], elements: [String], operators: [String], bools: [String]) -> Completion.Kind {
        guard let subject = w.first else { return .words(["attr", "visible", "contentsize", "offset", "context"]) }
        let n = w.count
        switch subject {
        case "attr":
            // attr KIND TARGET FIELD OP VALUE
            switch n {
            case 1: return .words(elements)
            // `pinned` is stk's own boolean field; layout fields (stretchFactor) are
            // known only to the layout, so they are not offered here.
            case 3: return .words(AttributeField.builtIn.map(\.description) + ["pinned"])
            case 4: return .words(operators)
            case 5 where w[3] == "hidden" || w[3] == "pinned": return .words(bools)
            default: return .nothing
            }
        case "visible":
            if n == 1 { return .words(["count"]) }
            return n == 2 ? .words(operators) : .nothing
        case "contentsize", "offset":
            return n == 1 ? .words(["==", "!=", "~="]) : .nothing
        case "context":
            if n == 1 { return .words(["contains", "count"] + ContextFlag.allCases.map(\.rawValue)) }
            if w[1] == "contains" { return n == 2 ? .words(elements) : .nothing }
            if w[1] == "count" { return n == 2 ? .words(operators) : .nothing }
            if n == 2 { return .words(["==", "!="]) }
            return n == 3 ? .words(bools) : .nothing
        default:
            return .nothing
        }
    }
}
