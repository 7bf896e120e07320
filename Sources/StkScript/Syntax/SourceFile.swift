import Foundation

extension String {
    /// Whether the text holds a line feed: a scan of its UTF-8 bytes, for
    /// the one-line fast paths of text most of which is one line.
    var containsLineFeed: Bool {
        var text = self
        return text.withUTF8 { $0.contains(UInt8(ascii: "\n")) }
    }
}

/// A position in a source file. Lines and columns are 1-based; columns count
/// characters (grapheme clusters), so a caret lands under the right character
/// whatever the encoding width of the text before it.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `LINE:COL`, as diagnostics print it.
    public var description: String { "\(line):\(column)" }
}

/// A half-open span of source text: `start` is the first character, `end` the
/// position just after the last one. An empty range (start == end) marks a
/// point, such as where a missing argument should have been.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// A range within one line: columns `startColumn ..< endColumn`.
    public init(line: Int, columns: Range<Int>) {
        self.init(start: SourceLocation(line: line, column: columns.lowerBound),
                  end: SourceLocation(line: line, column: columns.upperBound))
    }

    /// The empty range at `location`.
    public init(at location: SourceLocation) {
        self.init(start: location, end: location)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    public var description: String { "\(start)-\(end)" }
}

/// A value together with the source range it was written at, so that the
/// interpreter can put a caret under exactly the argument it refuses.
public struct Located<Value> {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
extension Located: Sendable where Value: Sendable {}

/// The text of one script with its name, split into physical lines.
///
/// Lines end with `\n` or `\r\n`; the terminator is not part of a line's text
/// but is remembered, so that a golden-transcript rewrite can reproduce every
/// untouched byte. A final line without a terminator is still a line; an empty
/// text has no lines.
public struct SourceFile: Sendable, Equatable {
    /// The name diagnostics print: the path as given, `<stdin>` or `<command-line>`.
    public let name: String
    public let text: String
    /// The number of the first line (1 for a file; a REPL may continue its count).
    public let firstLine: Int

    /// The name of standard input in diagnostics.
    public static let stdinName = "<stdin>"
    /// The name of `stk -e` text in diagnostics.
    public static let commandLineName = "<command-line>"

    struct PhysicalLine: Sendable, Equatable {
        /// One unit per character (grapheme cluster) of the line, without the
        /// terminator: the character's byte when it is a single ASCII scalar,
        /// else `PhysicalLine.nonASCII`. The lexer reads these: every
        /// character it looks for is ASCII, and comparing bytes costs a
        /// fraction of comparing Characters.
        let units: [UInt8]
        /// The characters, kept only for a line that has a non-ASCII one
        /// (nil: the line is ASCII, and `units` are its UTF-8 bytes).
        private let nonASCIICharacters: [Character]?
        /// "\n", "\r\n", or "" for a last line without one.
        var terminator: String

        /// The unit of every character that is not a single ASCII scalar
        /// (`é`, `e` with a combining accent, an emoji): equal to none of the
        /// ASCII characters the lexer looks for.
        static let nonASCII: UInt8 = 0x80

        /// A line from its UTF-8 bytes (valid UTF-8: SourceText checked it).
        init<Bytes: Collection>(bytes: Bytes, terminator: String) where Bytes.Element == UInt8 {
            self.terminator = terminator
            // An ASCII byte is one character, as long as no CR is followed by
            // LF, which a line never holds (LF ends it).
            if bytes.allSatisfy({ $0 < 0x80 }) {
                units = Array(bytes)
                nonASCIICharacters = nil
            } else {
                let characters = Array(String(decoding: bytes, as: UTF8.self))
                units = characters.map { character in
                    let scalars = character.unicodeScalars
                    guard let first = scalars.first, first.isASCII, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
                        return PhysicalLine.nonASCII
                    }
                    return UInt8(first.value)
                }
                nonASCIICharacters = characters
            }
        }

        /// Whether every character is a single ASCII scalar (`units` are the bytes).
        var isASCII: Bool { nonASCIICharacters == nil }

        /// The line's characters without the terminator.
        var characters: [Character] { nonASCIICharacters ?? units.map { Character(Unicode.Scalar($0)) } }

        /// The number of characters.
        var count: Int { units.count }

        /// The character at `column` (0-based).
        func character(at column: Int) -> Character {
            nonASCIICharacters?[column] ?? Character(Unicode.Scalar(units[column]))
        }

        /// The text of the characters at `columns` (0-based).
        func text(_ columns: Range<Int>) -> String {
            if let nonASCIICharacters { return String(nonASCIICharacters[columns]) }
            return String(decoding: units[columns], as: UTF8.self)
        }

        /// The whole line without its terminator.
        var text: String { text(0..<units.count) }
    }

    let physicalLines: [PhysicalLine]

    /// - setsAsideByteOrderMark: a mark at the start of `text` is an editor's
    ///   marker, not part of the first line (a file); false for text that
    ///   starts in the middle of an input (standard input's later entries),
    ///   where the mark is a character like any other, as inside a file.
    public init(name: String, text: String, firstLine: Int = 1, setsAsideByteOrderMark: Bool = true) {
        self.name = name
        self.text = text
        self.firstLine = firstLine
        self.physicalLines = SourceFile.split(text, setsAsideByteOrderMark: setsAsideByteOrderMark)
    }

    /// The number of physical lines.
    public var lineCount: Int { physicalLines.count }

    /// The number of the last line, or `firstLine - 1` when the text is empty.
    public var lastLine: Int { firstLine + physicalLines.count - 1 }

    /// The text of line `number` without its terminator, or nil outside the file.
    public func line(_ number: Int) -> String? {
        physical(number)?.text
    }

    /// The source text a range covers. Lines are joined with "\n"; columns
    /// outside a line are clamped to it.
    public func text(in range: SourceRange) -> String {
        var parts: [String] = []
        for number in range.start.line...max(range.start.line, range.end.line) {
            guard let line = physical(number) else { continue }
            let from = number == range.start.line ? range.start.column - 1 : 0
            let to = number == range.end.line ? range.end.column - 1 : line.count
            let lo = min(max(from, 0), line.count)
            let hi = min(max(to, lo), line.count)
            parts.append(line.text(lo..<hi))
        }
        // Most commands lie on one line: its text, without joining.
        return parts.count == 1 ? parts[0] : parts.joined(separator: "\n")
    }

    func physical(_ number: Int) -> PhysicalLine? {
        let index = number - firstLine
        guard index >= 0, index < physicalLines.count else { return nil }
        return physicalLines[index]
    }

    /// Whether the text starts with a UTF-8 byte order mark, which is not
    /// part of the first line (an editor's marker, not a command).
    var hasByteOrderMark: Bool { text.utf8.starts(with: SourceFile.byteOrderMark) }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Splits on bytes rather than Characters: Swift treats "\r\n" as one
    /// Character, and a lone "\r" must stay part of the line's content.
    private static func split(_ text: String, setsAsideByteOrderMark: Bool) -> [PhysicalLine] {
        let bytes = Array(text.utf8)
        var lines: [PhysicalLine] = []
        var start = setsAsideByteOrderMark && bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        var i = start
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") {
                let crlf = i > start && bytes[i - 1] == UInt8(ascii: "\r")
                let contentEnd = crlf ? i - 1 : i
                lines.append(PhysicalLine(bytes: bytes[start..<contentEnd], terminator: crlf ? "\r\n" : "\n"))
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count {
            lines.append(PhysicalLine(bytes: bytes[start...], terminator: ""))
        }
        return lines
    }
}
