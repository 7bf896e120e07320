// Members UIKit adds to Foundation types, and the flow delegate stk plays.

extension IndexPath {
    /// UIKit's `IndexPath(row:section:)`: the same index path as `IndexPath(item:section:)`.
    @inlinable
    public init(row: Int, section: Int) { self.init(item: row, section: section) }

    /// UIKit's `IndexPath.row`: the second index, like `item`.
    @inlinable
    public var row: Int {
        get { item }
        set { item = newValue }
    }
}

extension NSIndexPath {
    /// UIKit's additions to `NSIndexPath` (the delegate protocols of layouts
    /// from before Swift 3 pass one: `heightForItemAt indexPath: NSIndexPath`):
    /// a two-index path's section and item, as on `IndexPath`.
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    public convenience init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// The second index.
    public var item: Int { index(atPosition: 1) }
    /// The second index, like `item`.
    public var row: Int { index(atPosition: 1) }
    /// The first index.
    public var section: Int { index(atPosition: 0) }
}

extension CGRect {
    /// CoreGraphics' `CGRectIntersectsRect`, which layouts call as
    /// `rect.intersects(frame)`: rects that only touch along an edge do not
    /// intersect. Linux Foundation's own `intersects` says they do, so a layout
    /// filtering its cache with it would return one more row than on iOS; this
    /// declaration shadows it for every file that imports UIKit's names.
    @inlinable
    public func intersects(_ rect2: CGRect) -> Bool { overlaps(rect2) }

    /// CoreGraphics' `CGRectIntersection`: Linux Foundation's own traps on a
    /// rect with a coordinate that is not a number, where iOS answers (a
    /// division by zero in a layout is a frame stk warns about, not a crash);
    /// such a rect meets nothing here, the null rect. Shadows Foundation's, as
    /// `intersects` does.
    public func intersection(_ r2: CGRect) -> CGRect { intersectionMeetingNoNaN(r2) }

    /// `contains(_:)` of a point, false (not a trap) where a coordinate is not a number.
    public func contains(_ point: CGPoint) -> Bool { containsMeetingNoNaN(point) }
    /// `contains(_:)` of a rect, false where a coordinate is not a number.
    public func contains(_ rect2: CGRect) -> Bool { containsMeetingNoNaN(rect2) }

    /// UIKit's `CGRect.inset(by:)` (formerly `UIEdgeInsetsInsetRect`): the rect
    /// shrunk by the insets, grown by negative ones.
    @inlinable
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right,
               height: size.height - insets.top - insets.bottom)
    }
}

/// The flow delegate stk plays: `collectionView.delegate` answers with it
/// when no delegate is installed, so iOS code that reads
/// `collectionView.delegate as? UICollectionViewDelegateFlowLayout` works as
/// written. The name remains for plugins written before that.
public typealias StkFlowDelegate = ModelFlowDelegate
