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
///
/// The lexer reads each line's units (`SourceFile.PhysicalLine.units`, a
/// byte per character) rather than its Characters: every character it looks
/// for is ASCII, and text is taken from the line only for what a token keeps.
struct Lexer {
    let file: SourceFile
    private let lines: [SourceFile.PhysicalLine]
    private(set) var diagnostics: [Diagnostic] = []
    /// True when the text ended with a `\` continuation still waiting for a line.
    private(set) var endsInContinuation = false

    // The cursor: index into `lines` and into that line's characters.
    private var row = 0
    private var col = 0

    init(file: SourceFile) {
        self.file = file
        self.lines = file.physicalLines
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

    /// The unit under the cursor (see `SourceFile.PhysicalLine.units`).
    private var current: UInt8? { col < lines[row].units.count ? lines[row].units[col] : nil }

    /// Spaces and tabs separate arguments; so does a stray carriage return
    /// (a file with mixed line endings), rather than sticking to a word.
    static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }

    /// `isBlank` for a unit.
    static func isBlank(_ unit: UInt8) -> Bool {
        unit == UInt8(ascii: " ") || unit == UInt8(ascii: "\t") || unit == UInt8(ascii: "\r")
    }

    /// Whether the cursor is on a `\` followed only by blanks up to the end of the line.
    private var atContinuation: Bool {
        guard current == UInt8(ascii: "\\") else { return false }
        return lines[row].units[(col + 1)...].allSatisfy(Lexer.isBlank)
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
        return Lexer.isBlank(c) || c == UInt8(ascii: ";") || atContinuation
    }

    // MARK: - Lines

    private func expectedOutputLine(_ line: SourceFile.PhysicalLine) -> ExpectedLine? {
        let units = line.units
        guard let first = units.firstIndex(where: { !Lexer.isBlank($0) }),
              first + 1 < units.count, units[first] == UInt8(ascii: "#"), units[first + 1] == UInt8(ascii: ">") else { return nil }
        var start = first + 2
        if start < units.count, units[start] == UInt8(ascii: " ") { start += 1 }
        let content = line.text(start..<units.count)
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
            case UInt8(ascii: ";"):
                finish()
                col += 1
            case UInt8(ascii: "#"):
                break scanning  // a comment runs to the end of this physical line
            default:
                let before = diagnostics.count
                let token = c == UInt8(ascii: "\"") ? lexQuotedToken() : lexBareToken()
                if diagnostics.count > before { failed = true }
                // Room for a command's usual few tokens at once, not grown one by one.
                if tokens.capacity == 0 { tokens.reserveCapacity(8) }
                tokens.append(token)
            }
        }
        finish()
        let lastRow = row
        row += 1
        return LexedLine(lines: lineNumber(firstRow)...lineNumber(lastRow), commands: commands)
    }

    // MARK: - Tokens

    /// A word: the characters up to a blank, `;`, a continuation or the end
    /// of the line. A `"` inside it is reported and left out of its text,
    /// unless it opens the whole value of an assignment (`key="a b"`).
    private mutating func lexBareToken() -> Token {
        let start = location
        let line = lines[row]
        let units = line.units
        var quotedValue: (contents: String, start: SourceLocation)? = nil
        // Counted as the word grows, and one stray quote reported per word:
        // the work stays linear in the word's length however many quotes it holds.
        var equalsSigns = 0
        var reportedStrayQuote = false
        // The word's last unit that is not a stray quote (its text leaves those out).
        var last: UInt8? = nil
        // Whether the word so far, before its `=`, is an option key: asked
        // once however many quotes follow the `=`.
        var isKeyBeforeEquals: Bool? = nil
        while !atTokenEnd, let c = current {
            if c == UInt8(ascii: "\"") {
                // Allowed only as the whole value of an assignment: key="...".
                if last == UInt8(ascii: "="), equalsSigns == 1 {
                    isKeyBeforeEquals = isKeyBeforeEquals
                        ?? Literal.isOptionKey(Self.withoutStrayQuotes(line, (start.column - 1)..<col).dropLast())
                }
                if last == UInt8(ascii: "="), equalsSigns == 1, isKeyBeforeEquals == true {
                    let valueStart = location
                    let raw = lexQuotedString()
                    quotedValue = (raw, valueStart)
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
            if c == UInt8(ascii: "=") { equalsSigns += 1 }
            last = c
            isKeyBeforeEquals = nil
            col += 1
        }
        let end = location
        let columns = (start.column - 1)..<(end.column - 1)
        let range = SourceRange(start: start, end: end)
        // The stray quotes left out; a quoted value keeps its quotes.
        let chars: [Character]
        if reportedStrayQuote {
            let valueColumn = quotedValue.map { $0.start.column - 1 } ?? columns.upperBound
            chars = Self.withoutStrayQuotes(line, columns.lowerBound..<valueColumn) + line.characters[valueColumn..<columns.upperBound]
        } else if quotedValue != nil || !line.isASCII {
            chars = line.characters[columns].map { $0 }
        } else {
            // The common word: ASCII, no quotes. Its text and literal straight from the bytes.
            let text = line.text(columns)
            return finishWord(text: text, range: range, literal: Literal.classify(utf8: units[columns], text: text, range: range))
        }
        let text = String(chars)
        if let quotedValue {
            if !atTokenEnd { reportJunkAfterQuote() }
            let eq = chars.firstIndex(of: "=")!
            let key = String(chars[..<eq])
            let keyRange = SourceRange(line: start.line, columns: start.column..<(start.column + eq))
            let valueRange = SourceRange(start: quotedValue.start, end: end)
            let valueToken = Token(text: String(chars[(eq + 1)...]), range: valueRange, literal: .string(quotedValue.contents))
            return Token(text: text, range: range, literal: .assignment(key: key, keyRange: keyRange, value: valueToken))
        }
        return finishWord(text: text, range: range, literal: Literal.classify(text, range: range))
    }

    /// A bare word's token, after a check that its numbers are in range.
    private mutating func finishWord(text: String, range: SourceRange, literal: Literal) -> Token {
        if literal.numbers.contains(where: { abs($0) > Limits.magnitude }) {
            var written = (text, range)
            if case .assignment(_, _, let value?) = literal { written = (value.text, value.range) }
            report("number out of range in '\(written.0)': a value may be at most \(Int(Limits.magnitude)) in magnitude",
                   written.1)
        }
        return Token(text: text, range: range, literal: literal)
    }

    /// The characters of `line` at `columns`, quotes left out (those of a
    /// word before its quoted value, if any, are all stray).
    private static func withoutStrayQuotes(_ line: SourceFile.PhysicalLine, _ columns: Range<Int>) -> [Character] {
        columns.filter { line.units[$0] != UInt8(ascii: "\"") }.map { line.character(at: $0) }
    }

    private mutating func lexQuotedToken() -> Token {
        let start = location
        let raw = lexQuotedString()
        let token = Token(text: lines[row].text((start.column - 1)..<col), range: SourceRange(start: start, end: location),
                          literal: .string(raw))
        if !atTokenEnd { reportJunkAfterQuote() }
        return token
    }

    /// Lexes a string starting at the opening quote. On an unterminated
    /// string, reports it and consumes the rest of the physical line. Its
    /// text as written is the line's characters from the opening quote to
    /// where the cursor stops.
    private mutating func lexQuotedString() -> String {
        let openColumn = col + 1
        let line = lines[row]
        var contents = ""
        col += 1
        // The contents are the line's text between escapes, taken a run at a time.
        var run = col
        while let c = current {
            col += 1
            if c == UInt8(ascii: "\"") {
                contents += line.text(run..<(col - 1))
                return contents
            }
            if c == UInt8(ascii: "\\") {
                contents += line.text(run..<(col - 1))
                guard current != nil else {
                    run = col
                    break
                }
                let escaped = line.character(at: col)
                col += 1
                if escaped != "\"" && escaped != "\\" {
                    report("unknown escape '\\\(escaped)' in a string; only \\\" and \\\\ are allowed",
                           SourceRange(line: lineNumber(row), columns: (col - 1)..<(col + 1)))
                }
                contents.append(escaped)
                run = col
            }
        }
        contents += line.text(run..<col)
        report("unterminated string: expected a closing '\"' before the end of the line",
               SourceRange(line: lineNumber(row), columns: openColumn..<(col + 1)))
        return contents
    }

    /// After a closing quote only a blank, `;` or the end of the line may follow.
    private mutating func reportJunkAfterQuote() {
        let start = col
        while !atTokenEnd { col += 1 }
        report("unexpected '\(lines[row].text(start..<col))' after the closing quote; separate arguments with a space",
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
                    text += lines[end.line - file.firstLine].text((end.column - 1)..<(start.column - 1))
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
