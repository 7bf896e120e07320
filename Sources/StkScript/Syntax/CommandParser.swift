import Foundation
import LayoutKit

/// The grammar of each command (docs/language.md, "Commands"), over the tokens
/// of one command. `batch` and `end` are handled by the script parser.
struct CommandParser {
    private var args: ArgumentCursor

    static func parse(_ lexed: LexedCommand) throws -> Command {
        let verb = lexed.tokens[0]
        guard let verbWord = verb.word, let info = CommandCatalog.command(named: verbWord) else {
            throw unknownCommand(verb, lexed)
        }
        var parser = CommandParser(args: ArgumentCursor(tokens: lexed.tokens, info: info))
        let kind = try parser.parse(info.name, echoText: lexed.echoText)
        try parser.args.finish()
        return Command(kind, at: lexed.range)
    }

    private static func unknownCommand(_ verb: Token, _ lexed: LexedCommand) -> ParseError {
        if case .assignment = verb.literal {
            // `itemSize=100x44` alone: an option without its command.
            let text = lexed.tokens.map(\.text).joined(separator: " ")
            return ParseError("unknown command '\(verb.text)': options are set with 'set'", at: verb.range,
                              suggestion: "set \(text)")
        }
        if verb.text.hasPrefix("\u{FEFF}") {
            // Invisible in the line shown: say what it is. A mark is set aside
            // only at the very start of a file or input.
            return ParseError("a byte order mark (U+FEFF) before '\(verb.text.dropFirst())': it belongs only at the start of a file; remove it",
                              at: verb.range)
        }
        return ParseError("unknown command '\(verb.text)'", at: verb.range,
                          suggestion: verb.word.flatMap(CommandCatalog.suggestion(for:)))
    }

    private mutating func parse(_ name: String, echoText: Located<String>?) throws -> CommandKind {
        switch name {
        case "layout":
            let layoutName = try args.name("a layout name")
            return .layout(name: layoutName, options: try optionAssignments())
        case "set":
            guard !args.isAtEnd else { throw args.missing("an option key=value") }
            return .set(options: try optionAssignments())
        case "options": return .options(args.isAtEnd ? nil : try args.name("a layout name"))
        case "layouts": return .layouts
        case "sections": return try sections()
        case "reload" where args.isAtEnd: return .reloadPlugins
        case "insert", "delete", "reload", "move": return try update(name)
        case "size": return try size()
        case "prefer": return try prefer()
        case "bounds":
            let size = try args.size()
            var animated = false
            if args.peek() != nil {
                try args.keyword(["animated"], "'animated'")
                animated = true
            }
            return .bounds(size, animated: animated)
        case "margins": return .margins(try args.insets())
        case "paging": return .paging(try args.onOff())
        case "deceleration": return .deceleration(try deceleration())
        case "inset": return .inset(try args.insets())
        case "safearea": return .safeArea(try args.insets())
        case "scroll": return try scroll()
        case "attr": return .attr(try args.element(decoration: true))
        case "visible": return .visible
        case "snapshot":
            guard let section = args.take() else { return .snapshot }
            return .sectionSnapshot(try SnapshotEditParser.identifier(section, "a section identifier"))
        case "contentsize": return .contentSize
        case "context": return .context
        case "check": return .check(except: try checkKindsLeftOut())
        case "render":
            var width: Located<Int>? = nil
            var height: Located<Int>? = nil
            while let token = args.take() {
                if case .assignment(key: "height", _, _) = token.literal {
                    height = try args.integerOption(token, named: "height", minimum: 1, maximum: Limits.renderHeight, seen: height)
                } else {
                    width = try args.integerOption(token, named: "width", minimum: 1, maximum: Limits.renderWidth, seen: width, known: ["width", "height"])
                }
            }
            return .render(width: width, height: height)
        case "trace": return .trace(try args.onOff())
        case "step": return .step(try args.onOff())
        case "next":
            guard let token = args.take() else { return .next(count: nil) }
            let count = try args.natural(token, "a number of phases")
            guard count.value >= 1 else { throw ParseError("expected a number of phases of at least 1, got '\(token.text)'", at: token.range) }
            return .next(count: count)
        case "continue": return .continue
        case "expect": return .expect(try expectation())
        case "load": return .load(path: try args.path())
        case "include": return .include(path: try args.path())
        case "echo":
            // Any arguments are fine: the lexer has already made them into the text.
            while args.take() != nil {}
            let verbEnd = args.tokens[0].range.end
            return .echo(echoText ?? Located("", at: SourceRange(at: verbEnd)))
        case "save": return try save()
        case "export": return try export()
        case "undo": return .undo
        case "reset": return .reset
        case "help": return .help(try helpTopic())
        case "quit": return .quit
        default:
            preconditionFailure("catalog command '\(name)' has no grammar")
        }
    }

    // MARK: - Layout and data

    /// The remaining arguments, each `key=value`, no key twice.
    private mutating func optionAssignments() throws -> [OptionAssignment] {
        var assignments: [OptionAssignment] = []
        while let token = args.take() {
            let assignment = try args.assignment(token)
            if let first = assignments.first(where: { $0.name.value == assignment.name.value }) {
                throw ParseError("option '\(assignment.name.value)' is given twice", at: assignment.name.range,
                                 notes: [.init(message: "first given here", range: first.name.range)])
            }
            assignments.append(assignment)
        }
        return assignments
    }

    private mutating func sections() throws -> CommandKind {
        guard let token = args.take() else { throw args.missing("a section count N or per-section counts A,B,C") }
        switch token.literal {
        case .numbers(let list):
            guard let counts = list.allNaturals else {
                throw ParseError("expected per-section item counts A,B,C (non-negative integers), got '\(token.text)'", at: token.range)
            }
            if let extra = args.take() {
                if case .assignment(key: "items", _, _) = extra.literal {
                    throw ParseError("'items=' cannot follow per-section counts; each count is already a section's items", at: extra.range)
                }
                throw ParseError.extraArgument(extra, verb: "sections")
            }
            return .sections(.perSection(Located(counts, at: token.range)))
        default:
            let count = try args.natural(token, "a section count N or per-section counts A,B,C")
            var items: Located<Int>? = nil
            while let option = args.take() {
                items = try args.integerOption(option, named: "items", minimum: 0, seen: items)
            }
            return .sections(.uniform(sections: count, items: items))
        }
    }

    /// insert / delete / reload: `section S ...` or `item S:I ...`; move: `X to Y`.
    private mutating func update(_ verb: String) throws -> CommandKind {
        let target = try args.keyword(["section", "item"], "'section' or 'item'")
        let isSection = target.value == "section"
        if verb == "move" {
            if isSection {
                let from = try args.section()
                try args.keyword(["to"], "'to'")
                return .moveSection(from, to: try args.section())
            }
            let from = try args.indexPath()
            try args.keyword(["to"], "'to'")
            return .moveItem(from, to: try args.indexPath())
        }
        if isSection {
            var sections: [Located<Int>] = []
            var items: Located<Int>? = nil
            while let token = args.take() {
                if let keyword = token.word, keyword == "end" || keyword == "batch" {
                    throw ParseError.commandWordAsArgument(token, keyword)
                }
                if verb == "insert", case .assignment = token.literal {
                    items = try args.integerOption(token, named: "items", minimum: 0, seen: items)
                } else {
                    sections.append(try args.natural(token, "a section number"))
                }
            }
            guard !sections.isEmpty else { throw args.missing("a section number") }
            switch verb {
            case "insert": return .insertSections(sections, items: items)
            case "delete": return .deleteSections(sections)
            default: return .reloadSections(sections)
            }
        }
        var paths = [try args.indexPath()]
        while let token = args.take() {
            if let keyword = token.word, keyword == "end" || keyword == "batch" {
                throw ParseError.commandWordAsArgument(token, keyword)
            }
            paths.append(try args.indexPath(token))
        }
        switch verb {
        case "insert": return .insertItems(paths)
        case "delete": return .deleteItems(paths)
        default: return .reloadItems(paths)
        }
    }

    private mutating func size() throws -> CommandKind {
        let element = try args.element()
        guard let token = args.take() else { throw args.missing("a size WxH or 'default'") }
        if token.word == "default" { return .size(element, Located(nil, at: token.range)) }
        let size = try args.size(token, what: "a size WxH or 'default'")
        return .size(element, Located(size.value, at: size.range))
    }

    private mutating func prefer() throws -> CommandKind {
        let kind = try args.keyword(["item", "section", "header", "footer", "supplementary"], "'item', 'section', 'header', 'footer' or 'supplementary'")
        let target: Located<PreferTarget>
        if kind.value == "item" {
            let path = try args.indexPath()
            target = Located(.item(path.value), at: path.range)
        } else if kind.value == "supplementary" {
            // Written as `attr supplementary` writes it; the size is the
            // section's view of that kind (a boundary item), at item 0.
            let name = try args.name("a supplementary kind")
            let path = try args.indexPath()
            guard path.value.item == 0 else {
                throw ParseError("a supplementary view's preferred size is its section's, at item 0: expected \(path.value.section):0, got '\(path.value.stk)'", at: path.range)
            }
            target = Located(.supplementary(kind: name.value, section: path.value.section), at: name.range.union(path.range))
        } else {
            let s = try args.section()
            switch kind.value {
            case "header": target = Located(.header(s.value), at: s.range)
            case "footer": target = Located(.footer(s.value), at: s.range)
            default: target = Located(.section(s.value), at: s.range)
            }
        }
        guard let token = args.take() else { throw args.missing("a size WxH or 'none'") }
        if token.word == "none" { return .prefer(target, Located(nil, at: token.range)) }
        let size = try args.size(token, what: "a size WxH or 'none'")
        return .prefer(target, Located(size.value, at: size.range))
    }

    // MARK: - The view

    private mutating func scroll() throws -> CommandKind {
        if args.peek()?.word == "section" {
            try args.keyword(["section"], "'section'")
            let section = try args.section()
            let verb = try args.keyword(["to", "by", "fling"], "'to', 'by' or 'fling'")
            let what = verb.value == "fling" ? "a velocity (points per second)" : verb.value == "to" ? "an offset along the row" : "a distance along the row"
            guard let token = args.take() else { throw args.missing(what) }
            guard case .number(let n) = token.literal else { throw args.wrong(what, token) }
            var steps: Located<Int>? = nil
            if verb.value != "to" {
                while let token = args.take() {
                    steps = try args.integerOption(token, named: "steps", minimum: 1, maximum: Limits.steps, seen: steps)
                }
            }
            return .scrollSection(section, SectionScroll(rawValue: verb.value)!, Located(CGFloat(n), at: token.range), steps: steps)
        }
        let direction = try args.keyword(["to", "by", "fling", "section"], "'to', 'by', 'fling' or 'section'")
        if direction.value == "by" || direction.value == "fling" {
            let vector = direction.value == "by" ? try args.point() : try args.point(what: "a velocity VX,VY (points per second)")
            var steps: Located<Int>? = nil
            while let token = args.take() {
                steps = try args.integerOption(token, named: "steps", minimum: 1, maximum: Limits.steps, seen: steps)
            }
            return direction.value == "by" ? .scrollBy(vector, steps: steps) : .scrollFling(vector, steps: steps)
        }
        if args.peek()?.word == "item" {
            try args.keyword(["item"], "'item'")
            let indexPath = try args.indexPath()
            var position: Located<CollectionView.ScrollPosition>? = nil
            if args.peek() != nil {
                let words = CollectionView.ScrollPosition.allCases.map(\.rawValue)
                let word = try args.keyword(words, "a position (top, center or bottom)")
                position = Located(CollectionView.ScrollPosition(rawValue: word.value)!, at: word.range)
            }
            return .scrollToItem(indexPath, position: position)
        }
        guard let token = args.take() else { throw args.missing("a point X,Y or 'item S:I'") }
        return .scrollTo(try args.point(token, what: "a point X,Y or 'item S:I'"))
    }

    /// `normal`, `fast` or a rate strictly between 0 and 1.
    private mutating func deceleration() throws -> Located<CGFloat> {
        let what = "'normal', 'fast' or a rate between 0 and 1"
        guard let token = args.take() else { throw args.missing(what) }
        switch token.literal {
        case .word("normal"): return Located(CollectionView.DecelerationRate.normal.rawValue, at: token.range)
        case .word("fast"): return Located(CollectionView.DecelerationRate.fast.rawValue, at: token.range)
        case .number(let rate):
            guard rate > 0, rate < 1 else {
                throw ParseError("a deceleration rate is between 0 and 1 (exclusive), got '\(token.text)' (normal is 0.998, fast 0.99)", at: token.range)
            }
            return Located(CGFloat(rate), at: token.range)
        default:
            throw ParseError("expected \(what), got '\(token.text)'", at: token.range,
                             suggestion: token.word.flatMap { NearMiss.nearest(to: $0, among: ["normal", "fast"]) })
        }
    }

    // MARK: - Checking

    /// `except KIND...` after `check`: the kinds of finding left out; none
    /// without it.
    private mutating func checkKindsLeftOut() throws -> [Located<LayoutChecks.Finding.Check>] {
        guard !args.isAtEnd else { return [] }
        try args.keyword(["except"], "'except' and the kinds of finding to leave out")
        let words = LayoutChecks.Finding.Check.setAside.map(\.word)
        var kinds: [Located<LayoutChecks.Finding.Check>] = []
        repeat {
            let word = try args.keyword(words, "a kind of finding (\(words.joined(separator: ", ")))")
            kinds.append(Located(LayoutChecks.Finding.Check(word: word.value)!, at: word.range))
        } while !args.isAtEnd
        return kinds
    }

    private mutating func expectation() throws -> Expectation {
        let subject = try args.keyword(["attr", "visible", "contentsize", "offset", "context"],
                                       "'attr', 'visible', 'contentsize', 'offset' or 'context'")
        switch subject.value {
        case "attr":
            let element = try args.element(decoration: true)
            let field = try attributeField()
            let op = try comparisonOperator()
            let value: Located<Value>
            switch field.value {
            case .frame:
                try requireEquality(op, comparing: "rects")
                value = try args.numbers(count: 4, "a rect X,Y,W,H")
            case .hidden:
                try requireEquality(op, comparing: "bools", allowApproximate: false)
                value = try args.bool()
            case .x, .y, .width, .height, .zIndex, .alpha:
                value = try args.number()
            case .extra:
                value = try args.anyValue()
            }
            return .attribute(element, field: field, Comparison(op: op, value: value))
        case "visible":
            try args.keyword(["count"], "'count'")
            return .visibleCount(Comparison(op: try comparisonOperator(), value: try args.count()))
        case "contentsize":
            let op = try comparisonOperator()
            try requireEquality(op, comparing: "sizes")
            guard let token = args.take() else { throw args.missing("a size W,H") }
            let size: Located<CGSize>
            if case .numbers(let n) = token.literal, n.count == 2 {
                size = Located(CGSize(width: n[0], height: n[1]), at: token.range)
            } else {
                size = try args.size(token, what: "a size W,H", allowNegative: true)
            }
            return .contentSize(Comparison(op: op, value: Located(.size(size.value), at: size.range)))
        case "offset":
            let op = try comparisonOperator()
            try requireEquality(op, comparing: "points")
            return .offset(Comparison(op: op, value: try args.numbers(count: 2, "a point X,Y")))
        default:
            let flags = ContextFlag.allCases.map(\.rawValue)
            let what = "'contains', 'count' or a flag (\(flags.joined(separator: ", ")))"
            let word = try args.keyword(["contains", "count"] + flags, what)
            switch word.value {
            case "contains":
                return .contextContains(try args.element(decoration: true))
            case "count":
                return .contextCount(Comparison(op: try comparisonOperator(), value: try args.count()))
            default:
                let flag = Located(ContextFlag(rawValue: word.value)!, at: word.range)
                let op = try comparisonOperator()
                try requireEquality(op, comparing: "bools", allowApproximate: false)
                return .contextFlag(flag, Comparison(op: op, value: try args.bool()))
            }
        }
    }

    private mutating func attributeField() throws -> Located<AttributeField> {
        let what = "a field (frame, x, y, width, height, zIndex, alpha, hidden or a layout's field)"
        guard let token = args.take() else { throw args.missing(what) }
        if case .assignment(let key, _, _) = token.literal {
            // `y==44` reads as the option y with the value =44: show it spaced out.
            let rest = token.text.dropFirst(key.count)
            let op = rest.prefix { "=!<>~".contains($0) }
            throw ParseError("expected \(what), got '\(token.text)'; put spaces around the operator: '\(key) \(op) \(rest.dropFirst(op.count))'",
                             at: token.range)
        }
        guard let name = token.word, Literal.isOptionKey(Array(name)[...]) else {
            throw ParseError("expected \(what), got '\(token.text)'", at: token.range)
        }
        return Located(AttributeField(name: name), at: token.range)
    }

    private mutating func comparisonOperator() throws -> Located<ComparisonOperator> {
        let what = "an operator (== != < <= > >= ~=)"
        guard let token = args.take() else { throw args.missing(what) }
        guard let word = token.word, let op = ComparisonOperator(rawValue: word) else {
            let hint = token.text == "=" ? "; use '==' to compare" : ""
            throw ParseError("expected \(what), got '\(token.text)'\(hint)", at: token.range)
        }
        return Located(op, at: token.range)
    }

    private func requireEquality(_ op: Located<ComparisonOperator>, comparing kind: String, allowApproximate: Bool = true) throws {
        let allowed: [ComparisonOperator] = allowApproximate ? [.equal, .notEqual, .approximatelyEqual] : [.equal, .notEqual]
        guard allowed.contains(op.value) else {
            let list = allowed.map { "'\($0.rawValue)'" }
            let listed = list.count == 2 ? "\(list[0]) or \(list[1])" : "\(list[0]), \(list[1]) or \(list[2])"
            throw ParseError("operator '\(op.value.rawValue)' cannot compare \(kind); use \(listed)", at: op.range)
        }
    }

    // MARK: - Session

    private mutating func save() throws -> CommandKind {
        let (path, force) = try pathAndForce(verb: "save")
        return .save(path: path, force: force)
    }

    /// `export svg|html [--force] PATH`
    private mutating func export() throws -> CommandKind {
        let word = try args.keyword(ExportFormat.allCases.map(\.rawValue), "'svg' or 'html'")
        let format = Located(ExportFormat(rawValue: word.value)!, at: word.range)
        let (path, force) = try pathAndForce(verb: "export")
        return .export(format: format, path: path, force: force)
    }

    /// A file path and an optional `--force`, in either order.
    private mutating func pathAndForce(verb: String) throws -> (Located<String>, Bool) {
        var force = false
        var path: Located<String>? = nil
        while let token = args.take() {
            if case .flag(let name) = token.literal {
                guard name == "force" else {
                    throw ParseError("unknown flag '\(token.text)' for '\(verb)'", at: token.range,
                                     suggestion: NearMiss.nearest(to: token.text, among: ["--force"]))
                }
                force = true
            } else if path == nil {
                path = try args.path(token)
            } else {
                throw ParseError.extraArgument(token, verb: verb)
            }
        }
        guard let path else { throw args.missing("a file path") }
        return (path, force)
    }

    /// A command or a layout: which one is decided when `help` runs.
    private mutating func helpTopic() throws -> Located<String>? {
        args.isAtEnd ? nil : try args.name("a command or layout name")
    }
}

// MARK: - Arguments

/// The tokens of one command with a cursor, and the readers of each kind of
/// argument. Errors name the offending token and what was expected.
struct ArgumentCursor {
    let tokens: [Token]
    let info: CommandInfo
    private var index = 1
    /// The verb and the keywords read so far (`scroll to item`), to pick the usage lines that apply.
    private var keywords: [String]

    init(tokens: [Token], info: CommandInfo) {
        self.tokens = tokens
        self.info = info
        self.keywords = [info.name]
    }

    var isAtEnd: Bool { index >= tokens.count }

    func peek() -> Token? { isAtEnd ? nil : tokens[index] }

    mutating func take() -> Token? {
        guard let token = peek() else { return nil }
        index += 1
        return token
    }

    /// No argument may be left.
    func finish() throws {
        if let extra = peek() { throw ParseError.extraArgument(extra, verb: info.name, usages: applicableUsages) }
    }

    /// The usages that begin with the keywords read so far (all of them if none does).
    private var applicableUsages: [String] {
        let phrase = keywords.joined(separator: " ")
        let matching = info.usages.filter { $0 == phrase || $0.hasPrefix(phrase + " ") }
        return matching.isEmpty ? info.usages : matching
    }

    /// `expected WHAT after 'the text so far'`, with a caret just after it.
    func missing(_ what: String) -> ParseError {
        let consumed = tokens[..<index]
        let text = consumed.map(\.text).joined(separator: " ")
        return ParseError("expected \(what) after '\(text)'", at: SourceRange(at: consumed.last!.range.end),
                          usages: applicableUsages)
    }

    func wrong(_ what: String, _ token: Token) -> ParseError {
        ParseError("expected \(what), got '\(token.text)'", at: token.range)
    }

    private mutating func next(_ what: String) throws -> Token {
        guard let token = take() else { throw missing(what) }
        return token
    }

    // MARK: Words

    /// One of a fixed set of words, with "did you mean" for a near one.
    @discardableResult
    mutating func keyword(_ words: [String], _ what: String) throws -> Located<String> {
        let token = try next(what)
        guard let word = token.word, words.contains(word) else {
            throw ParseError("expected \(what), got '\(token.text)'", at: token.range,
                             suggestion: token.word.flatMap { NearMiss.nearest(to: $0, among: words) })
        }
        keywords.append(word)
        return Located(word, at: token.range)
    }

    /// A name: a bare word or a quoted string.
    mutating func name(_ what: String) throws -> Located<String> {
        let token = try next(what)
        switch token.literal {
        case .word(let w), .string(let w): return Located(w, at: token.range)
        default: throw wrong(what, token)
        }
    }

    mutating func onOff() throws -> Located<Bool> {
        let word = try keyword(["on", "off"], "'on' or 'off'")
        return Located(word.value == "on", at: word.range)
    }

    mutating func path() throws -> Located<String> { try path(try next("a file path")) }

    /// A path: a quoted string, or any bare token as written except a flag.
    func path(_ token: Token) throws -> Located<String> {
        switch token.literal {
        case .string(let s):
            if s.isEmpty { throw ParseError("expected a file path, got an empty string", at: token.range) }
            return Located(s, at: token.range)
        case .flag: throw wrong("a file path", token)
        default: return Located(token.text, at: token.range)
        }
    }

    // MARK: Numbers and geometry

    /// A non-negative integer.
    func natural(_ token: Token, _ what: String) throws -> Located<Int> {
        guard case .number(let n) = token.literal, let value = n.exactNatural else { throw wrong(what, token) }
        return Located(value, at: token.range)
    }

    mutating func section() throws -> Located<Int> {
        try natural(try next("a section number"), "a section number")
    }

    mutating func indexPath() throws -> Located<IndexPath> { try indexPath(try next("an index path S:I")) }

    func indexPath(_ token: Token) throws -> Located<IndexPath> {
        guard case .indexPath(let section, let item) = token.literal else { throw wrong("an index path S:I", token) }
        return Located(IndexPath(item: item, section: section), at: token.range)
    }

    /// `item S:I`, `header S`, `footer S` or (where `decoration` is true)
    /// `decoration KIND S:I`, located at the index path or section.
    mutating func element(decoration: Bool = false) throws -> Located<ElementRef> {
        let words = decoration ? ["item", "header", "footer", "supplementary", "decoration"] : ["item", "header", "footer"]
        let kind = try keyword(words, decoration ? "'item', 'header', 'footer', 'supplementary' or 'decoration'" : "'item', 'header' or 'footer'")
        switch kind.value {
        case "supplementary":
            let name = try self.name("a supplementary kind")
            let path = try indexPath()
            return Located(.supplementary(kind: name.value, path.value), at: name.range.union(path.range))
        case "decoration":
            let name = try self.name("a decoration kind")
            let path = try indexPath()
            return Located(.decoration(kind: name.value, path.value), at: name.range.union(path.range))
        case "item":
            let path = try indexPath()
            return Located(.item(path.value), at: path.range)
        case "header":
            let s = try section()
            return Located(.header(section: s.value), at: s.range)
        default:
            let s = try section()
            return Located(.footer(section: s.value), at: s.range)
        }
    }

    mutating func size() throws -> Located<CGSize> { try size(try next("a size WxH"), what: "a size WxH") }

    func size(_ token: Token, what: String, allowNegative: Bool = false) throws -> Located<CGSize> {
        guard case .size(let w, let h) = token.literal else { throw wrong(what, token) }
        if !allowNegative, w < 0 || h < 0 {
            throw ParseError("a size cannot be negative, got '\(token.text)'", at: token.range)
        }
        return Located(CGSize(width: w, height: h), at: token.range)
    }

    mutating func point(what: String = "a point X,Y") throws -> Located<CGPoint> { try point(try next(what), what: what) }

    func point(_ token: Token, what: String) throws -> Located<CGPoint> {
        guard case .numbers(let n) = token.literal, n.count == 2 else { throw wrong(what, token) }
        return Located(CGPoint(x: n[0], y: n[1]), at: token.range)
    }

    mutating func insets() throws -> Located<EdgeInsets> {
        let value = try numbers(count: 4, "insets T,L,B,R")
        return Located(value.value.insets!, at: value.range)
    }

    /// Exactly `count` comma-separated numbers, as a `.numbers` value.
    mutating func numbers(count: Int, _ what: String) throws -> Located<Value> {
        let token = try next(what)
        guard case .numbers(let n) = token.literal, n.count == count else { throw wrong(what, token) }
        return Located(.numbers(n), at: token.range)
    }

    mutating func number() throws -> Located<Value> {
        let token = try next("a number")
        guard case .number(let n) = token.literal else { throw wrong("a number", token) }
        return Located(.number(n), at: token.range)
    }

    /// A count compared by `expect`: a non-negative integer, as a `.number`.
    mutating func count() throws -> Located<Value> {
        let token = try next("a count")
        let n = try natural(token, "a count (a non-negative integer)")
        return Located(.number(Double(n.value)), at: n.range)
    }

    mutating func bool() throws -> Located<Value> {
        let token = try next("'true' or 'false'")
        guard case .bool(let b)? = token.value else { throw wrong("'true' or 'false'", token) }
        return Located(.bool(b), at: token.range)
    }

    mutating func anyValue() throws -> Located<Value> {
        let token = try next("a value")
        guard let value = token.value else { throw wrong("a value", token) }
        return Located(value, at: token.range)
    }

    // MARK: Assignments

    /// `key=value` as an option assignment.
    func assignment(_ token: Token) throws -> OptionAssignment {
        guard case .assignment(let key, let keyRange, let valueToken) = token.literal else {
            throw wrong("an option key=value", token)
        }
        guard let valueToken else {
            throw ParseError("expected a value after '\(key)='", at: SourceRange(at: token.range.end))
        }
        guard let value = valueToken.value else {
            throw ParseError("expected a value for option '\(key)', got '\(valueToken.text)'", at: valueToken.range)
        }
        return OptionAssignment(name: Located(key, at: keyRange), value: Located(value, at: valueToken.range))
    }

    /// A command's own integer option (`items=M`, `steps=N`, `width=N`).
    /// `seen` is the value already given, which may not be given again.
    /// `known` are the command's options, for "did you mean" (default: `name` alone).
    func integerOption(_ token: Token, named name: String, minimum: Int, maximum: Int = Int.max,
                       seen: Located<Int>?, known: [String]? = nil) throws -> Located<Int> {
        let assignment = try assignment(token)
        guard assignment.name.value == name else {
            throw ParseError("unknown option '\(assignment.name.value)' for '\(info.name)'", at: assignment.name.range,
                             suggestion: NearMiss.nearest(to: assignment.name.value, among: known ?? [name]))
        }
        if seen != nil {
            throw ParseError("option '\(name)' is given twice", at: assignment.name.range)
        }
        let description = minimum == 0 ? "a non-negative integer" : "an integer of at least \(minimum)"
        guard let n = assignment.value.value.number?.exactNatural, n >= minimum else {
            throw ParseError("expected \(description) for '\(name)', got '\(assignment.value.value)'", at: assignment.value.range)
        }
        guard n <= maximum else {
            throw ParseError("at most \(maximum) for '\(name)', got \(n)", at: assignment.value.range)
        }
        return Located(n, at: assignment.value.range)
    }
}

extension Double {
    /// The value as an Int when it is a non-negative whole number that an Int
    /// holds exactly.
    var exactNatural: Int? {
        guard self >= 0, self == rounded(), self < 9_007_199_254_740_992 else { return nil }
        return Int(self)
    }
}

private extension Array where Element == Double {
    var allNaturals: [Int]? {
        let ints = compactMap(\.exactNatural)
        return ints.count == count ? ints : nil
    }
}
