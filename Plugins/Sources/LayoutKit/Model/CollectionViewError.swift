import Foundation

/// A request the collection view refuses. The message names the offending value
/// and what was expected; the model is left exactly as it was before the call.
public struct CollectionViewError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var errorDescription: String? { message }
}

/// Checks for the numbers stk accepts: finite, and not negative where a size,
/// spacing or inset is meant.
public enum Validate {
    public static func nonNegative(_ value: CGFloat, _ what: String) throws {
        guard value.isFinite else { throw CollectionViewError("\(what) must be a finite number, got \(value.stk)") }
        guard value >= 0 else { throw CollectionViewError("\(what) must not be negative, got \(value.stk)") }
    }

    public static func finite(_ value: CGFloat, _ what: String) throws {
        guard value.isFinite else { throw CollectionViewError("\(what) must be a finite number, got \(value.stk)") }
    }

    public static func size(_ size: CGSize, _ what: String) throws {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw CollectionViewError("\(what) must be a size with finite, non-negative width and height, got \(size.stk)")
        }
    }

    public static func insets(_ insets: EdgeInsets, _ what: String) throws {
        for v in [insets.top, insets.left, insets.bottom, insets.right] where !v.isFinite || v < 0 {
            throw CollectionViewError("\(what) must be finite and non-negative (top,left,bottom,right), got \(insets)")
        }
    }

    public static func point(_ p: CGPoint, _ what: String) throws {
        guard p.x.isFinite, p.y.isFinite else { throw CollectionViewError("\(what) must be a finite point, got \(p.stk)") }
    }
}
