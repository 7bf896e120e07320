import Foundation


/// Reading layout option values with validation, shared by the flow-based
/// plugins. Every check throws a `CollectionViewError` naming the option, the
/// value it got and what it expected; callers validate before they change
/// anything, so a refused value leaves the layout as it was.
public enum OptionValues {
    /// `true` or `false` (the words are accepted too, as a script may spell them).
    public static func bool(_ value: LayoutOptionValue, option: String) throws -> Bool {
        switch value {
        case .bool(let b): return b
        case .word("true"): return true
        case .word("false"): return false
        default: throw refused(option, value, expected: "true or false")
        }
    }

    /// A finite number (the value of a `CGFloat` or `Double` property).
    public static func number(_ value: LayoutOptionValue, option: String) throws -> Double {
        guard case .number(let n) = value, n.isFinite else { throw refused(option, value, expected: "a finite number") }
        return n
    }

    /// A whole number that fits an `Int` (the value of an integer property).
    public static func integer(_ value: LayoutOptionValue, option: String) throws -> Int {
        guard case .number(let n) = value, n == n.rounded(), let i = Int(exactly: n) else {
            throw refused(option, value, expected: "an integer")
        }
        return i
    }

    /// A point `X,Y` with finite coordinates.
    public static func point(_ value: LayoutOptionValue, option: String) throws -> CGPoint {
        guard case .point(let p) = value, p.x.isFinite, p.y.isFinite else {
            throw refused(option, value, expected: "a point X,Y with finite coordinates")
        }
        return p
    }

    /// A size `WxH` with finite width and height, negative ones accepted (a
    /// layout's own `CGSize` property: stk does not know what it means).
    public static func anySize(_ value: LayoutOptionValue, option: String) throws -> CGSize {
        guard case .size(let s) = value, s.width.isFinite, s.height.isFinite else {
            throw refused(option, value, expected: "a size WxH with finite width and height")
        }
        return s
    }

    /// Insets `T,L,B,R` with finite values, negative ones accepted.
    public static func anyInsets(_ value: LayoutOptionValue, option: String) throws -> EdgeInsets {
        guard case .insets(let i) = value, [i.top, i.left, i.bottom, i.right].allSatisfy(\.isFinite) else {
            throw refused(option, value, expected: "insets T,L,B,R with finite values")
        }
        return i
    }

    /// A finite number that is not negative (a length or a spacing).
    public static func nonNegativeNumber(_ value: LayoutOptionValue, option: String) throws -> CGFloat {
        guard case .number(let n) = value else { throw refused(option, value, expected: "a finite, non-negative number") }
        guard n.isFinite, n >= 0 else { throw refused(option, value, expected: "a finite, non-negative number") }
        return CGFloat(n)
    }

    /// A finite, non-negative number, or `auto` (returned as nil: the option's
    /// documented default, computed from other values, applies).
    public static func nonNegativeNumberOrAutomatic(_ value: LayoutOptionValue, option: String) throws -> CGFloat? {
        switch value {
        case .automatic, .word("auto"): return nil
        case .number(let n) where n.isFinite && n >= 0: return CGFloat(n)
        default: throw refused(option, value, expected: "a finite, non-negative number or auto")
        }
    }

    /// A size `WxH` with finite, non-negative width and height.
    public static func size(_ value: LayoutOptionValue, option: String) throws -> CGSize {
        guard case .size(let s) = value, s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
            throw refused(option, value, expected: "a size WxH with finite, non-negative width and height")
        }
        return s
    }

    /// Insets `T,L,B,R` (UIKit order), each finite and non-negative.
    public static func insets(_ value: LayoutOptionValue, option: String) throws -> EdgeInsets {
        guard case .insets(let i) = value,
              [i.top, i.left, i.bottom, i.right].allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw refused(option, value, expected: "insets T,L,B,R, each finite and non-negative")
        }
        return i
    }

    /// One of a fixed set of words.
    public static func choice(_ value: LayoutOptionValue, option: String, among words: [String]) throws -> String {
        guard case .word(let w) = value, words.contains(w) else {
            throw refused(option, value, expected: "one of \(words.joined(separator: ", "))")
        }
        return w
    }

    /// The error for a value an option does not accept.
    public static func refused(_ option: String, _ value: LayoutOptionValue, expected: String) -> CollectionViewError {
        CollectionViewError("option \(option): expected \(expected), got \(value)")
    }

    /// The error for a name that is not one of the layout's options.
    public static func unknownOption(_ name: String, layout: String, known: [String]) -> CollectionViewError {
        CollectionViewError("layout \(layout) has no option '\(name)' (expected one of: \(known.joined(separator: ", ")))")
    }
}
