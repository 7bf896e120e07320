import Foundation
import LayoutKit
import StkTestSupport
import Testing
@testable import StkScript

/// Lexes `text` and returns the commands of every logical line, flattened.
private func lexCommands(_ text: String) -> [LexedCommand] {
    Lexer.lex(SourceFile(name: "t.stk", text: text)).items.flatMap { item -> [LexedCommand] in
        if case .line(let line) = item { return line.commands }
        return []
    }
}

/// The literal of a single bare token.
private func literal(_ text: String) -> Literal {
    Literal.classify(text, range: SourceRange(line: 1, columns: 1..<(text.count + 1)))
}

private func range(_ line: Int, _ columns: Range<Int>) -> SourceRange {
    SourceRange(line: line, columns: columns)
}

@Suite("Lexer")
struct LexerTests {
    // MARK: Literals

    /// The ASCII reading of a token (bytes) and the Character reading agree
    /// on every token: 20,000 seeded tokens from the characters that decide
    /// a shape (digits, signs, dots, `x`, `:`, `,`, `=`, letters, `_`).
    @Test func theASCIIReadingAgreesWithTheCharacterReading() {
        let alphabet = Array("0123456789-.x:,=_aZ")
        var random = SplitMix64(seed: 31)
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...9, using: &random)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            let range = SourceRange(line: 3, columns: 5..<(5 + text.count))
            #expect(Literal.classify(text, range: range) == Literal.classifyCharacters(text, range: range), "\(text)")
        }
    }

    /// A line of ASCII characters is read from its bytes; a line with any
    /// other character from its Characters. Both readings give the same
    /// tokens and diagnostics: 20,000 seeded lines lexed as they are and
    /// with a non-ASCII comment after them (which makes the whole line
    /// non-ASCII without changing its tokens), from the characters that
    /// decide a token (blanks, `;`, `#`, quotes, escapes, `=`, signs, digits).
    @Test func theByteReadingOfALineAgreesWithTheCharacterReading() {
        let alphabet = Array("ab_=\"\\;# \t\r0123456789-.x:,")
        var random = SplitMix64(seed: 47)
        var compared = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...14, using: &random)
            var line = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            // A `\` at the end continues the line, and a comment after it would
            // not; a `#>` line is expected output, which would take it in.
            while let last = line.last, Lexer.isBlank(last) || last == "\\" { line.removeLast() }
            if line.isEmpty || line.drop(while: Lexer.isBlank).hasPrefix("#>") { continue }
            let ascii = Lexer.lex(SourceFile(name: "t.stk", text: line))
            // An unterminated string would take the comment in.
            if ascii.diagnostics.contains(where: { $0.message.hasPrefix("unterminated") }) { continue }
            let characters = Lexer.lex(SourceFile(name: "t.stk", text: line + " # é"))
            #expect(ascii.items == characters.items, "\(line)")
            #expect(ascii.diagnostics.map { "\($0.message) \(String(describing: $0.location?.range))" }
                    == characters.diagnostics.map { "\($0.message) \(String(describing: $0.location?.range))" }, "\(line)")
            compared += 1
        }
        #expect(compared > 10_000)
    }

    @Test func numbers() {
        #expect(literal("12") == .number(12))
        #expect(literal("-3.5") == .number(-3.5))
        #expect(literal("0") == .number(0))
        #expect(literal(".5") == .number(0.5))
        #expect(literal("-.25") == .number(-0.25))
        // No exponent, no trailing dot, no plus sign: those are words.
        #expect(literal("1e3") == .word("1e3"))
        #expect(literal("5.") == .word("5."))
        #expect(literal("+3") == .word("+3"))
        #expect(literal("-") == .word("-"))
    }

    @Test func sizes() {
        #expect(literal("100x44") == .size(width: 100, height: 44))
        #expect(literal("0.5x-2") == .size(width: 0.5, height: -2))
        #expect(literal("100x") == .word("100x"))
        #expect(literal("100X44") == .word("100X44"))
    }

    @Test func commaListsOfAnyLength() {
        #expect(literal("0,300") == .numbers([0, 300]))
        #expect(literal("0,-300.5") == .numbers([0, -300.5]))
        #expect(literal("1,2,3,4") == .numbers([1, 2, 3, 4]))
        #expect(literal("3,5,2") == .numbers([3, 5, 2]))
        #expect(literal("1,2,3,4,5,6,7") == .numbers([1, 2, 3, 4, 5, 6, 7]))
        #expect(literal("1,") == .word("1,"))
        #expect(literal("1,,2") == .word("1,,2"))
        #expect(literal("a,b") == .word("a,b"))
    }

    @Test func indexPaths() {
        #expect(literal("2:15") == .indexPath(section: 2, item: 15))
        #expect(literal("0:0") == .indexPath(section: 0, item: 0))
        #expect(literal("-1:0") == .word("-1:0"))
        #expect(literal("1:2:3") == .word("1:2:3"))
        #expect(literal("1.5:2") == .word("1.5:2"))
    }

    @Test func flagsAndWords() {
        #expect(literal("--force") == .flag("force"))
        #expect(literal("--") == .word("--"))
        #expect(literal("-x") == .word("-x"))
        #expect(literal("flow-sticky") == .word("flow-sticky"))
        #expect(literal("==") == .word("=="))
        #expect(literal("<=") == .word("<="))
        #expect(literal("~=") == .word("~="))
        #expect(literal("scripts/demo.stk") == .word("scripts/demo.stk"))
    }

    @Test func autoTrueFalseAreWordsThatBecomeValues() {
        let tokens = lexCommands("set a=auto b=true c=false d=vertical")[0].tokens
        let values = tokens.dropFirst().map { token -> Value? in
            guard case .assignment(_, _, let value?) = token.literal else { return nil }
            return value.value
        }
        #expect(values == [.automatic, .bool(true), .bool(false), .word("vertical")])
    }

    @Test func assignmentsLocateKeyAndValue() {
        // "layout g itemSize=100x44": the token starts at column 10; the key
        // covers columns 10..<18 ("itemSize"), '=' is column 18, the value 19..<25.
        let token = lexCommands("layout g itemSize=100x44")[0].tokens[2]
        #expect(token.range == range(1, 10..<25))
        guard case .assignment(let key, let keyRange, let value?) = token.literal else {
            Issue.record("not an assignment: \(token.literal)")
            return
        }
        #expect(key == "itemSize")
        #expect(keyRange == range(1, 10..<18))
        #expect(value.literal == .size(width: 100, height: 44))
        #expect(value.range == range(1, 19..<25))
        // Nothing after '=': no value. A second '=' belongs to the value.
        #expect(literal("minimumLineSpacing=") == .assignment(key: "minimumLineSpacing", keyRange: range(1, 1..<19), value: nil))
        guard case .assignment("a", _, let nested?) = literal("a=b=c") else {
            Issue.record("a=b=c is not an assignment")
            return
        }
        #expect(nested.text == "b=c")
    }

    @Test func quotedStrings() {
        let tokens = lexCommands(#"include "my file.stk" "say \"hi\" \\ ok""#)[0].tokens
        #expect(tokens[1].literal == .string("my file.stk"))
        #expect(tokens[1].text == "\"my file.stk\"")
        // include is 7 characters, a space, then the 13-character string at columns 9..<22.
        #expect(tokens[1].range == range(1, 9..<22))
        #expect(tokens[2].literal == .string(#"say "hi" \ ok"#))
    }

    @Test func quotedValueOfAnAssignment() {
        // set title="a b;c": the value's quote is at column 11; the token ends at column 19.
        let token = lexCommands(#"set title="a b;c""#)[0].tokens[1]
        guard case .assignment("title", let keyRange, let value?) = token.literal else {
            Issue.record("not an assignment: \(token.literal)")
            return
        }
        #expect(keyRange == range(1, 5..<10))
        #expect(value.literal == .string("a b;c"))
        #expect(value.range == range(1, 11..<18))
        #expect(token.range == range(1, 5..<18))
    }

    // MARK: Lines, separators, comments

    @Test func semicolonsSeparateCommands() {
        let commands = lexCommands("visible; contentsize;;attr item 0:1;")
        #expect(commands.map { $0.tokens.map(\.text) } == [["visible"], ["contentsize"], ["attr", "item", "0:1"]])
        // "visible; contentsize;;attr": attr starts at column 23.
        #expect(commands[2].tokens[0].range == range(1, 23..<27))
    }

    @Test func commentsStartAtATokenOnly() {
        #expect(lexCommands("visible # every element\n# a whole line\n").map { $0.tokens.map(\.text) } == [["visible"]])
        #expect(lexCommands("load issue#3.stk")[0].tokens[1].text == "issue#3.stk")
        #expect(lexCommands("visible;# comment")[0].tokens.map(\.text) == ["visible"])
    }

    @Test func continuationJoinsLinesWithRealColumns() {
        let text = "layout flow-sticky \\\n    itemSize=100x44 \\  \n\tpinLimit=nextHeader\nvisible"
        let items = Lexer.lex(SourceFile(name: "t.stk", text: text)).items
        guard case .line(let first) = items[0], case .line(let second) = items[1] else {
            Issue.record("expected two logical lines: \(items)")
            return
        }
        #expect(first.lines == 1...3)
        #expect(second.lines == 4...4)
        let tokens = first.commands[0].tokens
        #expect(tokens.map(\.text) == ["layout", "flow-sticky", "itemSize=100x44", "pinLimit=nextHeader"])
        // Line 2 has four spaces before itemSize: column 5; line 3 has one tab: column 2.
        #expect(tokens[2].range == range(2, 5..<20))
        #expect(tokens[3].range == range(3, 2..<21))
        #expect(first.commands[0].range == SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 3, column: 21)))
    }

    @Test func continuationEndsAWordButABackslashInsideAWordIsKept() {
        #expect(lexCommands("load a\\b.stk")[0].tokens[1].text == "a\\b.stk")
        #expect(lexCommands("delete item 0:1\\\n0:2")[0].tokens.map(\.text) == ["delete", "item", "0:1", "0:2"])
    }

    @Test func continuationAtTheEndOfTheText() {
        #expect(Lexer.lex(SourceFile(name: "t", text: "layout flow \\\n")).endsInContinuation)
        #expect(Lexer.lex(SourceFile(name: "t", text: "layout flow \\")).endsInContinuation)
        #expect(!Lexer.lex(SourceFile(name: "t", text: "layout flow\n")).endsInContinuation)
        // A backslash in a comment does not continue.
        #expect(!Lexer.lex(SourceFile(name: "t", text: "visible # see \\\n")).endsInContinuation)
    }

    @Test func expectedOutputLines() {
        let text = "visible\n#> 0:0 frame\n#>\n  #> ...\n#>...\n#> ... and more\n#>  two spaces"
        let expected = Lexer.lex(SourceFile(name: "t", text: text)).items.compactMap { item -> ExpectedLine? in
            if case .expectedOutput(let line) = item { return line }
            return nil
        }
        #expect(expected == [
            ExpectedLine(text: "0:0 frame", line: 2, isWildcard: false),
            ExpectedLine(text: "", line: 3, isWildcard: false),
            ExpectedLine(text: "...", line: 4, isWildcard: true),
            ExpectedLine(text: "...", line: 5, isWildcard: true),
            ExpectedLine(text: "... and more", line: 6, isWildcard: false),
            // Only one space after #> is dropped.
            ExpectedLine(text: " two spaces", line: 7, isWildcard: false),
        ])
    }

    @Test func crlfLinesKeepColumnsAndDropTheCarriageReturn() {
        let text = "visible\r\nattr item 0:1\r\n#> x\r\n"
        let file = SourceFile(name: "t", text: text)
        #expect(file.lineCount == 3)
        #expect(file.line(2) == "attr item 0:1")
        let lexed = Lexer.lex(file)
        guard case .line(let second) = lexed.items[1], case .expectedOutput(let output) = lexed.items[2] else {
            Issue.record("unexpected items \(lexed.items)")
            return
        }
        #expect(second.commands[0].tokens[2].range == range(2, 11..<14))
        #expect(output.text == "x")
        #expect(file.physicalLines.map(\.terminator) == ["\r\n", "\r\n", "\r\n"])
    }

    @Test func byteOrderMarkIsNotPartOfTheFirstLine() {
        let file = SourceFile(name: "t", text: "\u{FEFF}visible\n")
        #expect(file.line(1) == "visible")
        #expect(lexCommands("\u{FEFF}visible")[0].tokens[0].range == range(1, 1..<8))
    }

    @Test func strayCarriageReturnSeparatesArguments() {
        #expect(lexCommands("attr item\r0:1\r")[0].tokens.map(\.text) == ["attr", "item", "0:1"])
    }

    // MARK: echo

    @Test func echoStopsAtASemicolonAndAtAComment() {
        let commands = lexCommands("echo  two  spaces; # and a comment  \necho\necho;visible\necho a #b; echo c\necho issue#3 x")
        // Blanks around the text are trimmed, the two between "two" and
        // "spaces" kept; the ';' ends the command and the '#' after it starts a comment.
        #expect(commands[0].echoText?.value == "two  spaces")
        // "echo  " is 6 characters: "two" starts at column 7; "two  spaces" is
        // 11 characters long, so the text ends before column 18.
        #expect(commands[0].echoText?.range == range(1, 7..<18))
        #expect(commands.count == 6)
        #expect(commands[1].echoText == nil)
        #expect(commands[2].tokens.map(\.text) == ["echo"])
        #expect(commands[2].echoText == nil)
        #expect(commands[3].tokens.map(\.text) == ["visible"])
        // A '#' starting a word is a comment to the end of the line, a ';'
        // and the command after it included; inside a word it is text.
        #expect(commands[4].echoText?.value == "a")
        #expect(commands[5].echoText?.value == "issue#3 x")
    }

    @Test func echoOfAQuotedStringIsItsContentsVerbatim() {
        let commands = lexCommands(#"echo "  a; b # c  " and "\"q\"";visible"#)
        // The string keeps its blanks, ';' and '#'; the escapes are resolved;
        // the single spaces between the arguments are kept.
        #expect(commands[0].echoText?.value == #"  a; b # c   and "q""#)
        // From the opening quote at column 6 to the last closing quote:
        // `"  a; b # c  " and "\"q\""` is 14 + 5 + 7 = 26 characters, so it ends before column 32.
        #expect(commands[0].echoText?.range == range(1, 6..<32))
        #expect(commands[1].tokens.map(\.text) == ["visible"])
    }

    @Test func echoContinuedJoinsWithOneSpace() {
        let commands = lexCommands("echo first  part   \\\n      second part; visible")
        #expect(commands[0].echoText?.value == "first  part second part")
        // "second part" runs from column 7 of line 2 to column 17, so it ends before column 18.
        #expect(commands[0].echoText?.range == SourceRange(start: SourceLocation(line: 1, column: 6), end: SourceLocation(line: 2, column: 18)))
        #expect(commands[1].tokens.map(\.text) == ["visible"])
    }

    // MARK: Errors

    @Test func unterminatedString() {
        let lexed = Lexer.lex(SourceFile(name: "t", text: "include \"a b\nvisible"))
        #expect(lexed.diagnostics.count == 1)
        #expect(lexed.diagnostics[0].message == "unterminated string: expected a closing '\"' before the end of the line")
        // From the opening quote (column 9) to the end of the line (column 13 is past 'b').
        #expect(lexed.diagnostics[0].location?.range == range(1, 9..<13))
    }

    @Test func unknownEscape() {
        let lexed = Lexer.lex(SourceFile(name: "t", text: #"include "a\nb""#))
        #expect(lexed.diagnostics.map(\.message) == [#"unknown escape '\n' in a string; only \" and \\ are allowed"#])
        // The backslash is column 11, the 'n' column 12.
        #expect(lexed.diagnostics[0].location?.range == range(1, 11..<13))
    }

    @Test func textGluedToAClosingQuote() {
        let lexed = Lexer.lex(SourceFile(name: "t", text: #"include "a"b c"#))
        #expect(lexed.diagnostics.map(\.message) == ["unexpected 'b' after the closing quote; separate arguments with a space"])
        #expect(lexed.diagnostics[0].location?.range == range(1, 12..<13))
    }

    @Test func quoteInsideAWord() {
        let lexed = Lexer.lex(SourceFile(name: "t", text: #"load ab"c"#))
        #expect(lexed.diagnostics.map(\.message) == ["unexpected '\"' inside a word; quote the whole argument"])
        #expect(lexed.diagnostics[0].location?.range == range(1, 8..<9))
    }
}
