import Foundation
import LayoutKit

/// One argument as the lexer found it: its text exactly as written, where it
/// was written, and what kind of literal it is.
///
/// Literals are classified by their shape alone; what a shape means is the
/// command's business (a 4-number list is a rect for `expect ... frame` and
/// insets for `inset`).
struct Token: Equatable, Sendable {
    /// The text as written, quotes and escapes included.
    var text: String
    var range: SourceRange
    var literal: Literal
}

/// Only an assignment, which holds a token, is boxed: every other literal
/// is stored inline, and lexing a word allocates nothing for it.
enum Literal: Equatable, Sendable {
    /// `12`, `-3.5`, `.5`
    case number(Double)
    /// `100x44`
    case size(width: Double, height: Double)
    /// Two or more comma-separated numbers: a point, rect, insets or counts.
    case numbers([Double])
    /// `S:I`, both non-negative integers.
    case indexPath(section: Int, item: Int)
    /// `--force`: the name without the dashes.
    case flag(String)
    /// `key=value`; the value is nil when nothing follows the `=`.
    indirect case assignment(key: String, keyRange: SourceRange, value: Token?)
    /// Anything else written bare: names, keywords, operators, paths.
    case word(String)
    /// A "quoted string", escapes resolved.
    case string(String)
}

extension Literal {
    /// The numbers written in the literal (those of an assignment's value too).
    var numbers: [Double] {
        switch self {
        case .number(let n): return [n]
        case .size(let w, let h): return [w, h]
        case .numbers(let list): return list
        case .assignment(_, _, let value): return value?.literal.numbers ?? []
        case .indexPath, .flag, .word, .string: return []
        }
    }

    /// Classifies a bare (unquoted) token. `range` is the token's range, used
    /// to locate the key and the value of an assignment; a bare token never
    /// spans lines, so columns can be computed by offset.
    static func classify(_ text: String, range: SourceRange) -> Literal {
        // Nearly every token is ASCII: read as bytes, the same rules cost a
        // fraction of reading as Characters (a tenth of a long script's time).
        // A carriage return is no byte of its own as a Character (CR LF is one).
        classify(utf8: Array(text.utf8)[...], text: text, range: range)
    }

    /// `classify` with the token's UTF-8 bytes at hand (the lexer's slice of
    /// an ASCII line), so that they are not made again from its text.
    static func classify(utf8 bytes: ArraySlice<UInt8>, text: String, range: SourceRange) -> Literal {
        if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return ASCIIToken(bytes: bytes, text: text, range: range).literal
        }
        return classifyCharacters(text, range: range)
    }

    /// The rules, read as Characters: the reference the ASCII reading must
    /// agree with (a test compares them), and the reading of any other text.
    static func classifyCharacters(_ text: String, range: SourceRange) -> Literal {
        let chars = Array(text)
        if chars.count > 2, chars[0] == "-", chars[1] == "-", chars[2].isLetter {
            return .flag(String(chars[2...]))
        }
        if let eq = chars.firstIndex(of: "="), isOptionKey(chars[..<eq]) {
            let key = String(chars[..<eq])
            let line = range.start.line
            let keyStart = range.start.column
            let keyRange = SourceRange(line: line, columns: keyStart..<(keyStart + eq))
            let valueChars = chars[(eq + 1)...]
            guard !valueChars.isEmpty else {
                return .assignment(key: key, keyRange: keyRange, value: nil)
            }
            let valueText = String(valueChars)
            let valueRange = SourceRange(line: line, columns: (keyStart + eq + 1)..<(keyStart + chars.count))
            let value = Token(text: valueText, range: valueRange, literal: classify(valueText, range: valueRange))
            return .assignment(key: key, keyRange: keyRange, value: value)
        }
        if let n = parseNumber(chars[...]) { return .number(n) }
        if let x = chars.firstIndex(of: "x"),
           let w = parseNumber(chars[..<x]), let h = parseNumber(chars[(x + 1)...]) {
            return .size(width: w, height: h)
        }
        if let colon = chars.firstIndex(of: ":"),
           let s = parseNatural(chars[..<colon]), let i = parseNatural(chars[(colon + 1)...]) {
            return .indexPath(section: s, item: i)
        }
        if chars.contains(",") {
            let parts = chars.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { parseNumber($0) }
            if parts.count >= 2, numbers.count == parts.count { return .numbers(numbers) }
        }
        return .word(text)
    }

    /// An option key: a letter or `_`, then letters, digits, `_`, `-` or `.`.
    static func isOptionKey(_ chars: ArraySlice<Character>) -> Bool {
        guard let first = chars.first, first.isLetter || first == "_" else { return false }
        return chars.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// `-?(D+(.D+)?|.D+)` with ASCII digits; no exponents, no `+`, no `inf`.
    static func parseNumber(_ chars: ArraySlice<Character>) -> Double? {
        var body = chars
        if body.first == "-" { body = body.dropFirst() }
        guard !body.isEmpty else { return nil }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : nil
        let isDigits: (ArraySlice<Character>) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }
        guard isDigits(whole) else { return nil }
        if let fraction {
            guard !fraction.isEmpty, isDigits(fraction) else { return nil }
        } else if whole.isEmpty {
            return nil
        }
        var literal = String(chars)
        // Double("-.5") and Double(".5") are nil on some platforms: add the zero.
        if whole.isEmpty { literal = literal.replacingOccurrences(of: ".", with: "0.") }
        return Double(literal)
    }

    /// A non-negative integer written with ASCII digits only.
    static func parseNatural(_ chars: ArraySlice<Character>) -> Int? {
        guard !chars.isEmpty, chars.count <= 15, chars.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { return nil }
        return Int(String(chars))
    }
}

/// `Literal.classify`'s rules on a token of ASCII bytes (no CR), one byte
/// per column as one Character per column is. The bytes may be a slice of a
/// line's (their indices start where the token does).
private struct ASCIIToken {
    let bytes: ArraySlice<UInt8>
    let text: String
    let range: SourceRange

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    var literal: Literal {
        let minus = UInt8(ascii: "-")
        let first = bytes.startIndex
        if bytes.count > 2, bytes[first] == minus, bytes[first + 1] == minus, Self.isLetter(bytes[first + 2]) {
            return .flag(String(decoding: bytes[(first + 2)...], as: UTF8.self))
        }
        if let eqIndex = bytes.firstIndex(of: UInt8(ascii: "=")), Self.isOptionKey(bytes[..<eqIndex]) {
            let key = String(decoding: bytes[..<eqIndex], as: UTF8.self)
            // Where the `=` is in the token: its column offset.
            let eq = eqIndex - first
            let line = range.start.line
            let keyStart = range.start.column
            let keyRange = SourceRange(line: line, columns: keyStart..<(keyStart + eq))
            guard eq + 1 < bytes.count else {
                return .assignment(key: key, keyRange: keyRange, value: nil)
            }
            let valueText = String(decoding: bytes[(eqIndex + 1)...], as: UTF8.self)
            let valueRange = SourceRange(line: line, columns: (keyStart + eq + 1)..<(keyStart + bytes.count))
            let value = Token(text: valueText, range: valueRange, literal: Literal.classify(valueText, range: valueRange))
            return .assignment(key: key, keyRange: keyRange, value: value)
        }
        if let n = Self.number(bytes[...]) { return .number(n) }
        if let x = bytes.firstIndex(of: UInt8(ascii: "x")),
           let w = Self.number(bytes[..<x]), let h = Self.number(bytes[(x + 1)...]) {
            return .size(width: w, height: h)
        }
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
           let s = Self.natural(bytes[..<colon]), let i = Self.natural(bytes[(colon + 1)...]) {
            return .indexPath(section: s, item: i)
        }
        if bytes.contains(UInt8(ascii: ",")) {
            // Two or more parts (there is a comma), each a number; one that
            // is not (an empty one too) makes the token a word.
            var numbers: [Double] = []
            var start = bytes.startIndex
            while true {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
                guard let number = Self.number(bytes[start..<end]) else { return .word(text) }
                numbers.append(number)
                if end == bytes.endIndex { return .numbers(numbers) }
                start = end + 1
            }
        }
        return .word(text)
    }

    static func isOptionKey(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// `-?(D+(.D+)?|.D+)`, as `Literal.parseNumber`.
    static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
        var body = bytes
        if body.first == UInt8(ascii: "-") { body = body.dropFirst() }
        guard !body.isEmpty else { return nil }
        let dot = body.firstIndex(of: UInt8(ascii: "."))
        let whole = body[..<(dot ?? body.endIndex)]
        guard whole.allSatisfy(isDigit) else { return nil }
        if let dot {
            let fraction = body[(dot + 1)...]
            guard !fraction.isEmpty, fraction.allSatisfy(isDigit) else { return nil }
        } else if whole.isEmpty {
            return nil
        }
        // A whole number of at most 15 digits is exactly a Double (below
        // 2^53): read without a string (a sign keeps -0 as Double("-0") reads it).
        if dot == nil, whole.count <= 15 {
            var value = 0
            for digit in whole { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
            return body.count < bytes.count ? -Double(value) : Double(value)
        }
        var literal = String(decoding: bytes, as: UTF8.self)
        // Double("-.5") and Double(".5") are nil on some platforms: add the zero.
        if whole.isEmpty { literal = literal.replacingOccurrences(of: ".", with: "0.") }
        return Double(literal)
    }

    /// As `Literal.parseNatural`.
    static func natural(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 15, bytes.allSatisfy(isDigit) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self))
    }
}

extension Token {
    /// The token as an option or expectation value, or nil for a flag or an
    /// assignment, which are not values.
    var value: Value? {
        switch literal {
        case .number(let n): return .number(n)
        case .size(let w, let h): return .size(CGSize(width: w, height: h))
        case .numbers(let list): return .numbers(list)
        case .indexPath(let s, let i): return .indexPath(IndexPath(item: i, section: s))
        case .word("true"): return .bool(true)
        case .word("false"): return .bool(false)
        case .word("auto"): return .automatic
        case .word(let w): return .word(w)
        case .string(let s): return .string(s)
        case .flag, .assignment: return nil
        }
    }

    /// The bare word this token is, if it is one.
    var word: String? {
        if case .word(let w) = literal { return w }
        return nil
    }
}
