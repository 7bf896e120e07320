import Foundation

// The parts of UIScrollView, UIView and the data source that layouts read
// from their collection view. stk models no views: these exist so that a
// layout written for iOS reads what it reads there, with answers consistent
// with stk's model.

extension CollectionView {
    /// UIKit's `UIScrollView.DecelerationRate`: how much of its velocity a
    /// flung scroll view keeps per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}

/// UIKit's `UIUserInterfaceLayoutDirection`. stk lays out left to right.
public enum UserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

/// UIKit's `UIUserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: Int, Sendable {
    case unspecified, compact, regular
}

/// UIKit's `UITraitCollection`, the traits layouts read.
public struct TraitCollection: Sendable {
    /// Points to pixels. stk's default is 3, a current iPhone's, which matches
    /// the default 390x844 bounds; layouts that round to pixels round to thirds.
    public var displayScale: CGFloat = 3
    public var layoutDirection: UserInterfaceLayoutDirection = .leftToRight
    /// stk's rule, an iPhone's: compact width below 600 points, compact height below 500.
    public var horizontalSizeClass: UserInterfaceSizeClass = .compact
    public var verticalSizeClass: UserInterfaceSizeClass = .regular

    public init() {}

    public init(displayScale: CGFloat) { self.displayScale = displayScale }
}

/// UIKit's `UICollectionViewDataSource`, the questions layouts ask it: the
/// counts. `numberOfSections(in:)` is optional in UIKit (1 when missing).
public protocol CollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    func numberOfSections(in collectionView: CollectionView) -> Int
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// The data source stk plays: the counts of its model.
public final class ModelDataSource: CollectionViewDataSource {
    public static let shared = ModelDataSource()
    public init() {}
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView.numberOfItems(inSection: section)
    }
    public func numberOfSections(in collectionView: CollectionView) -> Int { collectionView.numberOfSections }
}

/// UIKit's `UICollectionReusableView`, as far as a layout file touches it: a
/// decoration view class to register, an `apply(_:)` to override. stk never
/// makes views, so these are never instantiated by stk.
open class CollectionReusableView: NSObject {
    open var frame: CGRect = .zero
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    open var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    open var alpha: CGFloat = 1
    open var isHidden = false
    public override init() { super.init() }
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }
    public required init?(coder: NSCoder) { super.init() }
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
    open func prepareForReuse() {}
    open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        layoutAttributes
    }
}

/// UIKit's `UICollectionViewCell`: see `CollectionReusableView`.
open class CollectionViewCell: CollectionReusableView {}
