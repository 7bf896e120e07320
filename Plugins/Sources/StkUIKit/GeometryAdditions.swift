// CoreGraphics' comparisons that Linux's Foundation lacks, as layouts written
// for iOS call them (`frame.equalTo(cached)`).

extension CGPoint {
    /// CoreGraphics' `CGPointEqualToPoint`: `==`.
    @inlinable
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// CoreGraphics' `CGSizeEqualToSize`: `==`.
    @inlinable
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// CoreGraphics' `CGRectEqualToRect`: the same rect once standardized
    /// (a negative size names the same rect as its positive twin).
    @inlinable
    public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }
}

// Linux's Foundation gives CGSize and CGRect initialisers taking CGFloat,
// Double and Int, and `CGSize(width: 300, height: .greatestFiniteMagnitude)`,
// as text measurement writes it, is ambiguous there between the CGFloat and
// Double ones. These shadow the Double ones, disfavoured, so that CGFloat's
// wins as on iOS; the value is the same either way. (A file that imports
// Foundation itself sees Foundation's, which win over these.)

extension CGSize {
    @_disfavoredOverload @inlinable
    public init(width: Double, height: Double) { self.init(width: CGFloat(width), height: CGFloat(height)) }
}

extension CGRect {
    @_disfavoredOverload @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height))
    }
}
