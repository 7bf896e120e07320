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

extension CGRect {
    /// UIKit's `CGRect.inset(by:)` (formerly `UIEdgeInsetsInsetRect`): the rect
    /// shrunk by the insets, grown by negative ones.
    @inlinable
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right,
               height: size.height - insets.top - insets.bottom)
    }
}

/// The flow delegate stk plays when no one set `collectionView.delegate`.
///
/// On iOS the view controller is the flow delegate and a layout may ask it for
/// sizes (`delegate?.collectionView?(..., sizeForItemAt:)`). In stk the data
/// and the per-item sizes (`size item S:I WxH`, `size header S WxH`) live in the
/// collection view, and `collectionView.delegate` stays nil; this object answers
/// the delegate's questions from them, falling back to the flow layout's own
/// values, exactly as LayoutKit's flow layout does without a delegate. Write
///
///     let delegate = collectionView.delegate ?? StkFlowDelegate.shared
///
/// where iOS code reads `collectionView.delegate as? UICollectionViewDelegateFlowLayout`.
public final class StkFlowDelegate: UICollectionViewDelegateFlowLayout {
    public static let shared = StkFlowDelegate()
    public init() {}
}
