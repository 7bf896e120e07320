import Foundation

/// The commands of one logical line (physical lines joined by `\`), or a
/// `#>` expected-output line.
enum LexedItem: Equatable {
    case line(LexedLine)
    case expectedOutput(ExpectedLine)
}

struct LexedLine: Equatable {
    /// The physical lines this logical line spans.
    var lines: ClosedRange<Int>
    /// The commands, in order; empty for a blank or comment-only line.
    var commands: [LexedCommand]
}

/// The tokens of one command (the text between `;`s).
struct LexedCommand: Equatable {
    /// The verb first, then the arguments. Never empty.
    var tokens: [Token]
    /// For `echo`: its text, built from its arguments (see `Lexer.echoText(of:)`);
    /// nil for every other command and for `echo` without arguments.
    var echoText: Located<String>?
    /// True when a lexical error was reported inside this command: the
    /// parser then skips it without a second message.
    var hasLexicalError = false

    var range: SourceRange {
        var range = tokens[0].range.union(tokens[tokens.count - 1].range)
        if let echoText { range = range.union(echoText.range) }
        return range
    }
}

/// Splits source text into logical lines, commands and tokens.
///
/// Rules (docs/language.md, "Lexical rules", and what it leaves open):
/// - `;` separates commands; empty commands are ignored.
/// - `#` starts a comment when it begins a token (after a space, a `;` or at
///   the start of a line); inside a word (`issue#3`) it is an ordinary character.
/// - A line whose first non-blank characters are `#>` is an expected-output
///   line of a golden transcript.
/// - `\` as the last non-blank character of a line (outside a comment or a
///   string) joins the next line to it, acting as a space between tokens.
/// - A "quoted string" may contain `\"` and `\\`; it cannot span lines. It may
///   stand alone or be the value of an assignment (`title="a b"`).
/// - `echo` follows these rules like every other command; its text is then
///   rebuilt from its arguments (see `echoText(of:)`).
struct Lexer {
    let file: SourceFile
    private let lines: [[Character]]
    private(set) var diagnostics: [Diagnostic] = []
    /// True when the text ended with a `\` continuation still waiting for a line.
    private(set) var endsInContinuation = false

    // The cursor: index into `lines` and into that line's characters.
    private var row = 0
    private var col = 0

    init(file: SourceFile) {
        self.file = file
        self.lines = file.physicalLines.map(\.characters)
    }

    static func lex(_ file: SourceFile) -> (items: [LexedItem], diagnostics: [Diagnostic], endsInContinuation: Bool) {
        var lexer = Lexer(file: file)
        let items = lexer.lexAll()
        return (items, lexer.diagnostics, lexer.endsInContinuation)
    }

    mutating func lexAll() -> [LexedItem] {
        var items: [LexedItem] = []
        row = 0
        while row < lines.count {
            if let expected = expectedOutputLine(lines[row]) {
                items.append(.expectedOutput(expected))
                row += 1
                continue
            }
            items.append(.line(lexLogicalLine()))
        }
        return items
    }

    // MARK: - Positions

    private func lineNumber(_ r: Int) -> Int { file.firstLine + r }

    private var location: SourceLocation { SourceLocation(line: lineNumber(row), column: col + 1) }

    private var current: Character? { col < lines[row].count ? lines[row][col] : nil }

    /// Spaces and tabs separate arguments; so does a stray carriage return
    /// (a file with mixed line endings), rather than sticking to a word.
    static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }

    /// Whether the cursor is on a `\` followed only by blanks up to the end of the line.
    private var atContinuation: Bool {
        guard current == "\\" else { return false }
        return lines[row][(col + 1)...].allSatisfy(Lexer.isBlank)
    }

    /// Moves past a continuation to the start of the next physical line.
    /// Returns false when there is no next line (the text ended mid-command).
    private mutating func followContinuation() -> Bool {
        if row + 1 < lines.count {
            row += 1
            col = 0
            return true
        }
        endsInContinuation = true
        col = lines[row].count
        return false
    }

    /// Skips blanks and continuations.
    private mutating func skipBlanks() {
        while true {
            if let c = current, Lexer.isBlank(c) {
                col += 1
            } else if atContinuation {
                if !followContinuation() { return }
            } else {
                return
            }
        }
    }

    /// A token ends at a blank, `;`, a continuation or the end of the line.
    private var atTokenEnd: Bool {
        guard let c = current else { return true }
        return Lexer.isBlank(c) || c == ";" || atContinuation
    }

    // MARK: - Lines

    private func expectedOutputLine(_ chars: [Character]) -> ExpectedLine? {
        guard let first = chars.firstIndex(where: { !Lexer.isBlank($0) }),
              first + 1 < chars.count, chars[first] == "#", chars[first + 1] == ">" else { return nil }
        var text = chars[(first + 2)...]
        if text.first == " " { text = text.dropFirst() }
        let content = String(text)
        let isWildcard = content.trimmingCharacters(in: .whitespaces) == "..."
        return ExpectedLine(text: content, line: lineNumber(row), isWildcard: isWildcard)
    }

    private mutating func lexLogicalLine() -> LexedLine {
        let firstRow = row
        col = 0
        var commands: [LexedCommand] = []
        var tokens: [Token] = []
        var failed = false

        func finish() {
            if !tokens.isEmpty {
                let echoText = tokens[0].literal == .word("echo") ? self.echoText(of: tokens.dropFirst()) : nil
                commands.append(LexedCommand(tokens: tokens, echoText: echoText, hasLexicalError: failed))
            }
            tokens = []
            failed = false
        }

        scanning: while true {
            skipBlanks()
            guard let c = current else { break }
            switch c {
            case ";":
                finish()
                col += 1
            case "#":
                break scanning  // a comment runs to the end of this physical line
            default:
                let before = diagnostics.count
                let token = c == "\"" ? lexQuotedToken() : lexBareToken()
                if diagnostics.count > before { failed = true }
                tokens.append(token)
            }
        }
        finish()
        let lastRow = row
        row += 1
        return LexedLine(lines: lineNumber(firstRow)...lineNumber(lastRow), commands: commands)
    }

    // MARK: - Tokens

    private mutating func lexBareToken() -> Token {
        let start = location
        var chars: [Character] = []
        var quotedValue: (contents: String, start: SourceLocation)? = nil
        // Counted as the word grows, and one stray quote reported per word:
        // the work stays linear in the word's length however many quotes it holds.
        var equalsSigns = 0
        var reportedStrayQuote = false
        while !atTokenEnd, let c = current {
            if c == "\"" {
                // Allowed only as the whole value of an assignment: key="...".
                if chars.last == "=", equalsSigns == 1,
                   Literal.isOptionKey(chars.dropLast()[...]) {
                    let valueStart = location
                    let raw = lexQuotedString()
                    quotedValue = (raw.contents, valueStart)
                    chars.append(contentsOf: raw.text)
                    break
                }
                if !reportedStrayQuote {
                    report("unexpected '\"' inside a word; quote the whole argument",
                           SourceRange(line: lineNumber(row), columns: (col + 1)..<(col + 2)))
                    reportedStrayQuote = true
                }
                col += 1
                continue
            }
            if c == "=" { equalsSigns += 1 }
            chars.append(c)
            col += 1
        }
        let end = location
        let text = String(chars)
        let range = SourceRange(start: start, end: end)
        if let quotedValue {
            if !atTokenEnd { reportJunkAfterQuote() }
            let eq = chars.firstIndex(of: "=")!
            let key = String(chars[..<eq])
            let keyRange = SourceRange(line: start.line, columns: start.column..<(start.column + eq))
            let valueRange = SourceRange(start: quotedValue.start, end: end)
            let valueToken = Token(text: String(chars[(eq + 1)...]), range: valueRange, literal: .string(quotedValue.contents))
            return Token(text: text, range: range, literal: .assignment(key: key, keyRange: keyRange, value: valueToken))
        }
        let literal = Literal.classify(text, range: range)
        if literal.numbers.contains(where: { abs($0) > Limits.magnitude }) {
            var written = (text, range)
            if case .assignment(_, _, let value?) = literal { written = (value.text, value.range) }
            report("number out of range in '\(written.0)': a value may be at most \(Int(Limits.magnitude)) in magnitude",
                   written.1)
        }
        return Token(text: text, range: range, literal: literal)
    }

    private mutating func lexQuotedToken() -> Token {
        let start = location
        let raw = lexQuotedString()
        let token = Token(text: String(raw.text), range: SourceRange(start: start, end: location), literal: .string(raw.contents))
        if !atTokenEnd { reportJunkAfterQuote() }
        return token
    }

    /// Lexes a string starting at the opening quote. On an unterminated
    /// string, reports it and consumes the rest of the physical line.
    private mutating func lexQuotedString() -> (text: [Character], contents: String) {
        let openColumn = col + 1
        var text: [Character] = ["\""]
        var contents = ""
        col += 1
        while let c = current {
            text.append(c)
            col += 1
            if c == "\"" { return (text, contents) }
            if c == "\\" {
                guard let escaped = current else { break }
                text.append(escaped)
                col += 1
                if escaped == "\"" || escaped == "\\" {
                    contents.append(escaped)
                } else {
                    report("unknown escape '\\\(escaped)' in a string; only \\\" and \\\\ are allowed",
                           SourceRange(line: lineNumber(row), columns: (col - 1)..<(col + 1)))
                    contents.append(escaped)
                }
                continue
            }
            contents.append(c)
        }
        report("unterminated string: expected a closing '\"' before the end of the line",
               SourceRange(line: lineNumber(row), columns: openColumn..<(col + 1)))
        return (text, contents)
    }

    /// After a closing quote only a blank, `;` or the end of the line may follow.
    private mutating func reportJunkAfterQuote() {
        let start = col
        while !atTokenEnd { col += 1 }
        report("unexpected '\(String(lines[row][start..<col]))' after the closing quote; separate arguments with a space",
               SourceRange(line: lineNumber(row), columns: (start + 1)..<(col + 1)))
    }

    /// The text `echo` prints, from its arguments: a quoted string gives its
    /// contents, any other token its text as written, and the blanks between
    /// two tokens on the same physical line are kept as written (a
    /// continuation join becomes one space). Blanks around the whole, the
    /// terminating `;` and a comment are not arguments, so they are not part
    /// of it. Nil when there are no arguments.
    private func echoText(of arguments: ArraySlice<Token>) -> Located<String>? {
        guard let first = arguments.first, let last = arguments.last else { return nil }
        var text = ""
        var previous: Token? = nil
        for token in arguments {
            if let previous {
                let (end, start) = (previous.range.end, token.range.start)
                if end.line == start.line {
                    text += String(lines[end.line - file.firstLine][(end.column - 1)..<(start.column - 1)])
                } else {
                    text += " "
                }
            }
            if case .string(let contents) = token.literal {
                text += contents
            } else {
                text += token.text
            }
            previous = token
        }
        return Located(text, at: first.range.union(last.range))
    }

    private mutating func report(_ message: String, _ range: SourceRange) {
        diagnostics.append(Diagnostic(.error, message, at: range, in: file))
    }
}
