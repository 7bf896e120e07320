import Foundation

/// UIKit's `UIEdgeInsets`: top, left, bottom, right (UIKit order).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// The same insets seen with x and y exchanged (left <-> top, right <-> bottom):
    /// how horizontal flow geometry reuses the vertical code.
    public var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }

    public var description: String { "\(top.stk),\(left.stk),\(bottom.stk),\(right.stk)" }
}

extension CGFloat {
    /// Shortest decimal form, as stk prints every number: `12`, `-3.5`, `0.333333`.
    public var stk: String { Double(self).stk }
}

extension Double {
    /// Shortest decimal form, as stk prints every number: `12`, `-3.5`, `0.333333`.
    /// Values are rounded to 6 decimals so transcripts do not depend on the last
    /// bits of a floating-point computation.
    public var stk: String {
        if isNaN { return "nan" }
        if isInfinite { return self < 0 ? "-inf" : "inf" }
        let rounded = (self * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            let i = Int(rounded)
            return i == 0 ? "0" : String(i)
        }
        var s = String(format: "%.6f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
