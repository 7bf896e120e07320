import Foundation
import LayoutKit

/// A literal that does not fit where it was written: `expected a size WxH, got '3'`.
public struct ValueMismatch: Error, Equatable, Sendable, CustomStringConvertible {
    /// What fits: `a size WxH`, `one of vertical|horizontal`.
    public var expected: String
    /// The value as written.
    public var got: String
    /// A near word, for a choice.
    public var suggestion: String?

    public init(expected: String, got: String, suggestion: String? = nil) {
        self.expected = expected
        self.got = got
        self.suggestion = suggestion
    }

    /// `expected X, got 'Y'`; a diagnostic adds the suggestion.
    public var description: String { "expected \(expected), got '\(got)'" }
}

extension Value {
    /// The value as a layout option of `type`, or throws `ValueMismatch`.
    ///
    /// bool: `true`/`false`; number: any number; integer: a whole number;
    /// size: `WxH`, not negative; insets: `T,L,B,R`; choice: one of its words
    /// (with a suggestion for a near miss); `auto` when `allowsAutomatic`.
    public func layoutOptionValue(as type: LayoutOptionType, allowsAutomatic: Bool) throws -> LayoutOptionValue {
        if self == .automatic, allowsAutomatic { return .automatic }
        switch (type, self) {
        case (.bool, .bool(let b)):
            return .bool(b)
        case (.number, .number(let n)):
            return .number(n)
        case (.integer, .number(let n)) where n == n.rounded():
            return .number(n)
        case (.size, .size(let s)) where s.width >= 0 && s.height >= 0:
            return .size(s)
        case (.insets, .numbers(let n)) where n.count == 4:
            return .insets(EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]))
        case (.point, .numbers(let n)) where n.count == 2:
            return .point(CGPoint(x: n[0], y: n[1]))
        case (.choice(let words), .word(let w)) where words.contains(w):
            return .word(w)
        default:
            var suggestion: String? = nil
            if case .choice(let words) = type, case .word(let w) = self {
                suggestion = NearMiss.nearest(to: w, among: words)
            }
            throw ValueMismatch(expected: Value.expectation(for: type, allowsAutomatic: allowsAutomatic),
                                got: description, suggestion: suggestion)
        }
    }

    private static func expectation(for type: LayoutOptionType, allowsAutomatic: Bool) -> String {
        let base: String
        switch type {
        case .bool: base = "true or false"
        case .number: base = "a number"
        case .integer: base = "an integer"
        case .size: base = "a size WxH (not negative)"
        case .insets: base = "insets T,L,B,R"
        case .point: base = "a point X,Y"
        case .choice(let words): base = "one of " + words.joined(separator: "|")
        }
        return allowsAutomatic ? base + " or auto" : base
    }
}
