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
        /// UIKit's Swift interface has this one too: `UIScrollView.DecelerationRate(0.9)`.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`: stk adds the
    /// whole safe area to `adjustedContentInset` for every one but `.never`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
    }
}

/// UIKit's `UILayoutGuide`, as a collection view's `readableContentGuide`
/// answers it: a frame in the view's coordinates.
public final class LayoutGuide {
    public let layoutFrame: CGRect
    public init(layoutFrame: CGRect) { self.layoutFrame = layoutFrame }
}

/// UIKit's `UIContentSizeCategory`: the text size the user chose. stk's is
/// `.large`, the system's default.
public struct ContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = ContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = ContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = ContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// From the smallest to the largest (`.unspecified` before them all).
    private static let order: [ContentSizeCategory] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
    ]

    /// Whether it is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("UICTContentSizeCategoryAccessibility") }

    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool {
        (order.firstIndex(of: a) ?? 0) < (order.firstIndex(of: b) ?? 0)
    }
}

/// UIKit's `UIUserInterfaceStyle`. stk's traits are light.
public enum UserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// UIKit's `UIUserInterfaceLayoutDirection`. stk lays out left to right.
public enum UserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

/// UIKit's `UIUserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: Int, Sendable {
    case unspecified, compact, regular
}

/// UIKit's `UIUserInterfaceIdiom`: the kind of device.
public enum UserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision
}

/// UIKit's `UITraitCollection`, the traits layouts read.
public struct TraitCollection: Sendable {
    /// stk's device is an iPhone (its default bounds are one's), whatever the
    /// bounds: a layout that asks for `.pad` lays out for a phone.
    public var userInterfaceIdiom: UserInterfaceIdiom = .phone
    /// Points to pixels. stk's default is 3, a current iPhone's, which matches
    /// the default 390x844 bounds; layouts that round to pixels round to thirds.
    public var displayScale: CGFloat = 3
    public var layoutDirection: UserInterfaceLayoutDirection = .leftToRight
    /// stk's rule, an iPhone's: compact width below 600 points, compact height below 500.
    public var horizontalSizeClass: UserInterfaceSizeClass = .compact
    public var verticalSizeClass: UserInterfaceSizeClass = .regular
    /// The system's default text size: a layout that switches to one column at
    /// accessibility sizes lays out for the default.
    public var preferredContentSizeCategory: ContentSizeCategory = .large
    public var userInterfaceStyle: UserInterfaceStyle = .light

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

/// UIKit's `UICollectionReusableView`: a `View` (Views/View.swift) with the
/// members a collection view calls. stk never makes views, so it never
/// instantiates one, calls `apply(_:)` or `preferredLayoutAttributesFitting(_:)`,
/// or reuses one: a layout file declares and registers them, and a plugin
/// may run them itself.
open class CollectionReusableView: View {
    /// nil: stk dequeues no views.
    open var reuseIdentifier: String? { nil }
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
    open func prepareForReuse() {}
    /// The attributes unchanged (a plain view wants the size it is given).
    open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        layoutAttributes
    }
    open func willTransition(from oldLayout: CollectionViewLayout, to newLayout: CollectionViewLayout) {}
    open func didTransition(from oldLayout: CollectionViewLayout, to newLayout: CollectionViewLayout) {}
}

/// UIKit's `UICollectionViewCell`: a content view as big as the cell (it
/// follows the cell's size), the selection state, and background views put
/// behind the content view.
open class CollectionViewCell: CollectionReusableView {
    public let contentView: View

    open var isSelected = false
    open var isHighlighted = false

    open var backgroundView: View? {
        didSet { placeBackground(oldValue, backgroundView, at: 0) }
    }

    open var selectedBackgroundView: View? {
        didSet { placeBackground(oldValue, selectedBackgroundView, at: backgroundView == nil ? 0 : 1) }
    }

    public override init(frame: CGRect) {
        contentView = View(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        setUpContentView()
    }

    public required init?(coder: NSCoder) {
        contentView = View(frame: .zero)
        super.init(coder: coder)
        setUpContentView()
    }

    private func setUpContentView() {
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    private func placeBackground(_ old: View?, _ new: View?, at index: Int) {
        if let old, old !== new { old.removeFromSuperview() }
        guard let new else { return }
        new.frame = bounds
        new.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(new, at: index)
    }
}
