import Foundation

/// Whether the text typed so far at the REPL is a whole unit of input.
public enum InputStatus: Equatable, Sendable {
    /// Parse and run it.
    case complete
    /// Read another line (with a continuation prompt) and ask again.
    case needsMoreInput(IncompleteReason)
}

public enum IncompleteReason: Equatable, Sendable {
    /// The last line ends with `\`.
    case lineContinuation
    /// A `batch` has not met its `end` yet.
    case openBatch
}

/// Turns `.stk` text into a `Script`.
///
/// Where docs/language.md is silent, the language is (lexical rules: see `Lexer`):
/// - Verbs are case-sensitive; a near miss in any case gets "did you mean".
/// - Extensions of the fixed core: `reload section S ...`; `size ... default`
///   removes an override; `expect context dataSourceCounts|flowDelegateMetrics|
///   flowAttributes OP BOOL` and `expect context count OP N`; `expect contentsize`
///   also takes `WxH`; `expect offset OP X,Y` checks the content offset;
///   `exit` is `quit`.
/// - `batch` and `end` are commands like the others, so a batch may sit on
///   one line (`batch; delete item 0:0; end`). Only insert, delete, move,
///   reload and size may appear inside. A batch with any error inside is
///   dropped whole.
/// - `#>` lines describe everything that ends on the logical line above them
///   (`a; b`: both outputs, in order; a batch: at its `end`). `#>` lines inside
///   a batch are an error; `#>` lines after a blank or comment line are
///   ignored with a warning.
/// - Parsing goes on after an error, so a file reports all its errors at once.
public enum Parser {
    /// Parses a whole script. Never throws: problems are in `Script.diagnostics`.
    public static func parse(_ file: SourceFile) -> Script {
        parseReportingOpenInput(file).script
    }

    /// Whether `text` (every line typed since the last complete input, joined
    /// with newlines) can run now or needs more lines. Errors do not make input
    /// incomplete: `batch` followed by a misspelt update still waits for `end`,
    /// and the error is reported when the whole batch is parsed.
    public static func inputStatus(of text: String) -> InputStatus {
        parseEntry(text).status
    }

    /// `inputStatus` and the script it parsed, for a reader that looks into a
    /// complete entry before running it (the REPL asks whether it is
    /// `reload`): one parse answers both.
    public static func parseEntry(_ text: String) -> (status: InputStatus, script: Script) {
        let result = parseReportingOpenInput(SourceFile(name: SourceFile.stdinName, text: text))
        if result.endsInContinuation { return (.needsMoreInput(.lineContinuation), result.script) }
        if result.endsInOpenBatch { return (.needsMoreInput(.openBatch), result.script) }
        return (.complete, result.script)
    }

    static func parseReportingOpenInput(_ file: SourceFile) -> (script: Script, endsInContinuation: Bool, endsInOpenBatch: Bool) {
        let lexed = Lexer.lex(file)
        var parser = ScriptParser(file: file)
        parser.diagnostics = lexed.diagnostics
        for item in lexed.items { parser.consume(item) }
        let endsInOpenBatch = parser.finish()
        // Stable sort: lexical and grammatical problems interleave by position.
        let diagnostics = parser.diagnostics.enumerated().sorted {
            let a = $0.element.location?.range.start, b = $1.element.location?.range.start
            if let a, let b, a != b { return a < b }
            return $0.offset < $1.offset
        }.map(\.element)
        let script = Script(file: file, commands: parser.commands, transcript: parser.transcript, diagnostics: diagnostics)
        return (script, lexed.endsInContinuation, endsInOpenBatch)
    }
}

/// `Parser.inputStatus` one line at a time, in time linear in the input:
/// standard input asks after every line whether the entry so far can run, and
/// parsing everything read so far each time made a long batch quadratic.
/// Each physical line is lexed once, alone (a `\` continuation and a comment
/// end with their line), at its own line number, and each logical line is
/// parsed once, by the same statement parser, which keeps `batch` and
/// `snapshot edit` blocks open. That parse is the entry's: once the entry is
/// complete, `script(of:)` gives what `Parser.parse` would of its text, without
/// parsing it again. A test compares both with the whole parse over generated
/// input.
public struct InputTracker {
    /// The statement parser itself, fed one logical line at a time: the
    /// blocks it keeps open are the ones `inputStatus` reports.
    private var parser: ScriptParser
    /// The physical lines of a logical line still continued with `\`.
    private var continued: [String] = []
    /// Whether a line's lexing found a problem (the entry is parsed again
    /// whole to report it, as a file reports it).
    private var lexedWithProblems = false
    private let name: String
    private let firstLine: Int
    /// The number of the next physical line, and of the first of `continued`.
    private var nextLine: Int
    private var continuationStart: Int

    /// An entry of `name` that starts at line `firstLine`.
    public init(name: String = SourceFile.stdinName, firstLine: Int = 1) {
        parser = ScriptParser(file: SourceFile(name: name, text: "", firstLine: firstLine, setsAsideByteOrderMark: false))
        self.name = name
        self.firstLine = firstLine
        nextLine = firstLine
        continuationStart = firstLine
    }

    /// The status after `line`, the next physical line of the entry.
    public mutating func add(_ line: String) -> InputStatus {
        let number = nextLine
        nextLine += 1
        if continued.isEmpty { continuationStart = number }
        // Whether it continues shows on the line alone; its commands only
        // on the whole logical line, lexed once when it ends.
        let alone = Lexer.lex(source(line, at: number))
        continued.append(line)
        if alone.endsInContinuation { return .needsMoreInput(.lineContinuation) }
        let lexed = continued.count == 1 ? alone : Lexer.lex(source(continued.joined(separator: "\n"), at: continuationStart))
        continued.removeAll()
        if !lexed.diagnostics.isEmpty { lexedWithProblems = true }
        for item in lexed.items { parser.consume(item) }
        return parser.isBlockOpen ? .needsMoreInput(.openBatch) : .complete
    }

    /// The entry's script, `Parser.parse` of `text` (its lines, joined with
    /// newlines), from the parse its lines already had, when the entry is
    /// complete and clean; nil for an entry with a problem (a diagnostic, a
    /// block left open, a last `\`), which is parsed again whole so that its
    /// diagnostics read as a file's.
    public func script(of text: String) -> Script? {
        guard continued.isEmpty, !parser.isBlockOpen, !lexedWithProblems, parser.diagnostics.isEmpty else { return nil }
        return Script(file: source(text, at: firstLine), commands: parser.commands, transcript: parser.transcript, diagnostics: [])
    }

    private func source(_ text: String, at line: Int) -> SourceFile {
        SourceFile(name: name, text: text, firstLine: line, setsAsideByteOrderMark: false)
    }

    /// A new entry starts.
    public mutating func reset() { self = InputTracker(name: name, firstLine: nextLine) }
}

/// The statement-level grammar: batches, and which commands `#>` lines belong to.
private struct ScriptParser {
    let file: SourceFile
    var diagnostics: [Diagnostic] = []
    var commands: [Command] = []
    var transcript: [TranscriptEntry] = []

    private struct OpenBatch {
        var keyword: SourceRange
        var updates: [Command] = []
        var failed = false
        /// A `snapshot edit` block (closed by `apply`) rather than a `batch`.
        var isSnapshot = false
        /// `snapshot edit SECTION_ID`: a section's block.
        var section: Located<String>? = nil
        var edits: [Located<SnapshotEdit>] = []
    }
    private var openBatch: OpenBatch?

    /// What the next `#>` line belongs to.
    private enum Attachment {
        /// Nothing: a blank or comment line came between (warn, once per block).
        case none
        case entry(Int)
        /// The line above is inside a batch (an error, once per block).
        case insideBatch
        /// The rest of a block already reported.
        case ignored
    }
    private var attachment = Attachment.none

    init(file: SourceFile) {
        self.file = file
    }

    mutating func consume(_ item: LexedItem) {
        switch item {
        case .line(let line):
            consume(line)
        case .expectedOutput(let expected):
            attach(expected)
        }
    }

    private mutating func consume(_ line: LexedLine) {
        guard !line.commands.isEmpty else {
            attachment = .none
            return
        }
        let firstCommand = commands.count
        var somethingEnded = false
        for command in line.commands {
            if consume(command) { somethingEnded = true }
        }
        if somethingEnded {
            let insertion = line.lines.upperBound + 1
            transcript.append(TranscriptEntry(commands: firstCommand..<commands.count, sourceLines: line.lines,
                                              expected: [], blockLines: insertion..<insertion))
            attachment = .entry(transcript.count - 1)
        } else {
            attachment = openBatch == nil ? .none : .insideBatch
        }
    }

    /// Parses one command; returns whether a top-level command (well-formed
    /// or not) ended with it, so that `#>` lines may follow.
    private mutating func consume(_ lexed: LexedCommand) -> Bool {
        let verb = lexed.tokens[0]
        switch verb.word {
        case "batch":
            return openBlock(lexed, isSnapshot: false)
        case "end":
            return closeBatch(lexed)
        case "snapshot" where lexed.tokens.count > 1 && lexed.tokens[1].word == "edit":
            return openBlock(lexed, isSnapshot: true)
        case "apply" where openBatch?.isSnapshot == true:
            return closeSnapshot(lexed)
        case "apply" where openBatch == nil:
            report(ParseError("'apply' without 'snapshot edit'", at: verb.range))
            return true
        default:
            break
        }
        if openBatch?.isSnapshot == true {
            // Inside `snapshot edit`: NSDiffableDataSourceSnapshot's verbs.
            if lexed.hasLexicalError { return failed() }
            do {
                openBatch!.edits.append(try SnapshotEditParser.parse(lexed, inSection: openBatch!.section != nil))
            } catch let error as ParseError {
                report(error)
                openBatch!.failed = true
            } catch {
                preconditionFailure("SnapshotEditParser throws only ParseError")
            }
            return false
        }
        if lexed.hasLexicalError { return failed() }
        let command: Command
        do {
            command = try CommandParser.parse(lexed)
        } catch let error as ParseError {
            report(error)
            return failed()
        } catch {
            preconditionFailure("CommandParser throws only ParseError")
        }
        guard openBatch != nil else {
            commands.append(command)
            return true
        }
        guard command.kind.isBatchUpdate else {
            report(ParseError("'\(verb.text)' cannot be used inside a batch; only insert, delete, move, reload and size can",
                              at: verb.range, notes: [batchOpenedHere()]))
            return failed()
        }
        openBatch!.updates.append(command)
        return false
    }

    /// A command that failed: inside a batch it spoils the batch; at top level
    /// it still counts as a command for `#>` attachment.
    private mutating func failed() -> Bool {
        if openBatch != nil {
            openBatch!.failed = true
            return false
        }
        return true
    }

    /// Opens a `batch` block, or a `snapshot edit` block (`isSnapshot`).
    /// Inside another block it is an error that spoils that block; arguments
    /// after its keyword, or a lexical error, spoil the new block.
    private mutating func openBlock(_ lexed: LexedCommand, isSnapshot: Bool) -> Bool {
        let keywords = isSnapshot ? 2 : 1
        let keyword = lexed.tokens[0].range.union(lexed.tokens[keywords - 1].range)
        if let open = openBatch {
            let message = isSnapshot
                ? "'snapshot edit' inside \(open.isSnapshot ? "a snapshot edit" : "a batch"); close it with \(open.isSnapshot ? "'apply'" : "'end'") first"
                : "nested 'batch': a batch is already open; close it with 'end' first"
            report(ParseError(message, at: keyword, notes: [batchOpenedHere()]))
            openBatch!.failed = true
            return false
        }
        openBatch = OpenBatch(keyword: keyword, isSnapshot: isSnapshot)
        var arguments = keywords
        if isSnapshot, lexed.tokens.count > keywords {
            // `snapshot edit SECTION_ID`: one section's snapshot.
            arguments += 1
            do {
                openBatch!.section = try SnapshotEditParser.identifier(lexed.tokens[keywords], "a section identifier")
            } catch let error as ParseError {
                report(error)
                openBatch!.failed = true
            } catch {
                preconditionFailure("SnapshotEditParser throws only ParseError")
            }
        }
        if lexed.tokens.count > arguments {
            report(ParseError.extraArgument(lexed.tokens[arguments], verb: isSnapshot ? "snapshot edit" : "batch"))
            openBatch!.failed = true
        }
        if lexed.hasLexicalError { openBatch!.failed = true }
        return false
    }

    private mutating func closeSnapshot(_ lexed: LexedCommand) -> Bool {
        let keyword = lexed.tokens[0].range
        let block = openBatch!
        openBatch = nil
        var ok = !block.failed && !lexed.hasLexicalError
        var mode = SnapshotApplyMode.animated
        if lexed.tokens.count > 1 {
            let word = lexed.tokens[1]
            switch word.word {
            case "unanimated": mode = .unanimated
            case "reload" where block.section != nil:
                report(ParseError("a section's snapshot has no 'apply reload': applySnapshotUsingReloadData takes a whole snapshot", at: word.range))
                ok = false
            case "reload": mode = .reload
            default:
                report(ParseError("expected 'unanimated' or 'reload' after 'apply', got '\(word.text)'", at: word.range,
                                  suggestion: word.word.flatMap { NearMiss.nearest(to: $0, among: ["unanimated", "reload"]) }))
                ok = false
            }
            if lexed.tokens.count > 2 {
                report(ParseError.extraArgument(lexed.tokens[2], verb: "apply"))
                ok = false
            }
        }
        if ok, let section = block.section {
            commands.append(Command(.sectionSnapshotApply(section, block.edits, mode, end: keyword), at: block.keyword.union(keyword)))
        } else if ok {
            commands.append(Command(.snapshotApply(block.edits, mode, end: keyword), at: block.keyword.union(keyword)))
        }
        return true
    }

    private mutating func closeBatch(_ lexed: LexedCommand) -> Bool {
        let keyword = lexed.tokens[0].range
        if openBatch?.isSnapshot == true {
            report(ParseError("'end' inside a snapshot edit: close it with 'apply'", at: keyword, notes: [batchOpenedHere()]))
            openBatch!.failed = true
            return false
        }
        guard let batch = openBatch else {
            report(ParseError("'end' without 'batch'", at: keyword))
            return true
        }
        openBatch = nil
        var ok = !batch.failed && !lexed.hasLexicalError
        if lexed.tokens.count > 1 {
            report(ParseError.extraArgument(lexed.tokens[1], verb: "batch"))
            ok = false
        }
        if ok {
            commands.append(Command(.batch(batch.updates, end: keyword), at: batch.keyword.union(keyword)))
        }
        return true
    }

    private mutating func attach(_ expected: ExpectedLine) {
        switch attachment {
        case .entry(let index):
            transcript[index].expected.append(expected)
            let start = transcript[index].hasBlock ? transcript[index].blockLines.lowerBound : expected.line
            transcript[index].blockLines = start..<(expected.line + 1)
        case .insideBatch:
            report(ParseError("expected output ('#>') cannot follow a command inside a batch; write it after 'end'",
                              at: markerRange(expected)))
            openBatch?.failed = true
            attachment = .ignored
        case .none:
            diagnostics.append(Diagnostic(.warning, "'#>' line does not follow a command; it is ignored",
                                          at: markerRange(expected), in: file))
            attachment = .ignored
        case .ignored:
            break
        }
    }

    /// The range of the `#>` marker on an expected-output line.
    private func markerRange(_ expected: ExpectedLine) -> SourceRange {
        let chars = Array(file.line(expected.line) ?? "")
        let column = (chars.firstIndex { $0 != " " && $0 != "\t" } ?? 0) + 1
        return SourceRange(line: expected.line, columns: column..<(column + 2))
    }

    private func batchOpenedHere() -> ParseError.Note {
        ParseError.Note(message: openBatch!.isSnapshot ? "the snapshot edit was opened here" : "the batch was opened here", range: openBatch!.keyword)
    }

    /// Reports what is still open at the end of the text; returns whether a
    /// batch was open (the REPL then waits for more input).
    /// A `batch` or `snapshot edit` waits for its end.
    var isBlockOpen: Bool { openBatch != nil }

    mutating func finish() -> Bool {
        guard let batch = openBatch else { return false }
        // An error inside the batch is the one to show first: it may be why the
        // batch never closed (`batch; delete section 8 end`).
        if !batch.failed || !diagnostics.contains(where: { $0.severity == .error }) {
            report(ParseError("'batch' without a matching 'end' before the end of the input", at: batch.keyword))
        }
        openBatch = nil
        return true
    }

    private mutating func report(_ error: ParseError) {
        diagnostics.append(error.diagnostic(in: file))
    }
}
