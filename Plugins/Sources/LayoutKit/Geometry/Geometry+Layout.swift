import Foundation

extension CGRect {
    /// Whether two rects intersect, as CoreGraphics' `CGRectIntersectsRect`
    /// decides it: their extents overlap on both axes with strict inequalities.
    /// Rects that only touch along an edge do not intersect; a zero-width or
    /// zero-height rect lying strictly inside another does (its intersection is
    /// not the null rect). This is stk's one rule for "an element is in a rect"
    /// (docs/semantics.md): rect queries, the visible set and every brute-force
    /// oracle in the tests use it.
    @inlinable
    public func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// x and y exchanged: horizontal flow geometry is the transpose of vertical.
    @inlinable
    public var transposed: CGRect { CGRect(x: origin.y, y: origin.x, width: size.height, height: size.width) }

    /// `X,Y,W,H` as stk prints and parses rects.
    public var stk: String { "\(origin.x.stk),\(origin.y.stk),\(size.width.stk),\(size.height.stk)" }
}

extension CGSize {
    @inlinable
    public var transposed: CGSize { CGSize(width: height, height: width) }
    /// `WxH` as stk prints and parses sizes.
    public var stk: String { "\(width.stk)x\(height.stk)" }
}

extension CGRect {
    /// `==` by the four numbers, inlined: CGRect's own `==` is a call into
    /// Foundation, made for every visible element on every layout pass.
    @inlinable
    public func hasSameNumbers(as other: CGRect) -> Bool {
        origin.x == other.origin.x && origin.y == other.origin.y && size.width == other.size.width && size.height == other.size.height
    }

    /// Whether all four numbers are finite (no NaN, no infinity): what a
    /// view's layer accepts (Core Animation raises CALayerInvalidGeometry).
    @inlinable
    public var hasFiniteNumbers: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }

    /// Whether a coordinate is not a number.
    @inlinable
    public var hasNaN: Bool { origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN }

    /// Foundation's `intersection(_:)`, except that a rect with a coordinate
    /// that is not a number meets nothing (the null rect): Linux Foundation
    /// traps there, where CoreGraphics answers. StkUIKit's `intersection(_:)`,
    /// which a layout written for iOS calls, is this.
    public func intersectionMeetingNoNaN(_ other: CGRect) -> CGRect {
        hasNaN || other.hasNaN ? .null : intersection(other)
    }

    /// Foundation's `contains(_:)` of a point, false for a rect or a point
    /// with a coordinate that is not a number (Linux Foundation traps there).
    public func containsMeetingNoNaN(_ point: CGPoint) -> Bool {
        hasNaN || point.x.isNaN || point.y.isNaN ? false : contains(point)
    }

    /// Foundation's `contains(_:)` of a rect, false when either has a
    /// coordinate that is not a number (Linux Foundation says a rect holds one).
    public func containsMeetingNoNaN(_ rect: CGRect) -> Bool {
        hasNaN || rect.hasNaN ? false : contains(rect)
    }
}

extension CGPoint {
    @inlinable
    public var transposed: CGPoint { CGPoint(x: y, y: x) }
    /// `X,Y` as stk prints and parses points.
    public var stk: String { "\(x.stk),\(y.stk)" }
}

extension IndexPath {
    /// UIKit's `IndexPath(item:section:)`, which Linux's Foundation lacks.
    /// Built by appending to a one-index path, which stores both indexes
    /// inline: going through an array would allocate one per index path, and
    /// layouts make one per element on every layout pass.
    @inlinable
    public init(item: Int, section: Int) {
        self.init(index: section)
        append(item)
    }

    /// UIKit's `IndexPath.section`: the first index.
    @inlinable
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// UIKit's `IndexPath.item`: the second index.
    @inlinable
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// `S:I` as stk prints and parses index paths. Total: a layout may hand
    /// out an index path of another length (`[]`, `[0, 1, 2]`), which is
    /// printed as its indexes joined by `:` (`()` when empty), never a crash.
    public var stk: String {
        count == 2 ? "\(self[0]):\(self[1])" : (isEmpty ? "()" : map(String.init).joined(separator: ":"))
    }
}
