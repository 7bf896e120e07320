// UIKit's names over LayoutKit: a layout written for iOS compiles here with
// `import StkUIKit` in place of `import UIKit`, and means the same thing.
// Only names live here (typealiases, constants and the few members UIKit adds
// to Foundation types); every class is LayoutKit's, so there is one type per
// name whichever spelling a plugin uses. What cannot exist outside iOS is
// listed, with its replacement, in docs/uikit-names.md.

@_exported import Foundation
@_exported import LayoutKit

// MARK: Classes

public typealias UICollectionView = CollectionView
public typealias UICollectionViewLayout = CollectionViewLayout
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
public typealias UICollectionViewLayoutInvalidationContext = CollectionViewLayoutInvalidationContext
public typealias UICollectionViewFlowLayoutInvalidationContext = CollectionViewFlowLayoutInvalidationContext
public typealias UICollectionViewUpdateItem = CollectionViewUpdateItem
/// The scroll view is the collection view: `UIScrollView.DecelerationRate.fast`
/// and a `UIScrollView` parameter receiving the collection view both work.
public typealias UIScrollView = CollectionView
public typealias UICollectionReusableView = CollectionReusableView
public typealias UICollectionViewCell = CollectionViewCell
public typealias UITraitCollection = TraitCollection
public typealias UIUserInterfaceLayoutDirection = UserInterfaceLayoutDirection
public typealias UIUserInterfaceSizeClass = UserInterfaceSizeClass
public typealias UIUserInterfaceIdiom = UserInterfaceIdiom
public typealias UIUserInterfaceStyle = UserInterfaceStyle
public typealias UIContentSizeCategory = ContentSizeCategory
public typealias UILayoutGuide = LayoutGuide
public typealias UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>
    = CollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>
public typealias NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>
    = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

// MARK: Protocols

public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
public typealias UICollectionViewDataSource = CollectionViewDataSource

// MARK: Values

public typealias UIEdgeInsets = EdgeInsets

// MARK: Element kinds

/// The pre-iOS 11 spelling of `UICollectionView.elementKindSectionHeader`.
public let UICollectionElementKindSectionHeader = CollectionView.elementKindSectionHeader
/// The pre-iOS 11 spelling of `UICollectionView.elementKindSectionFooter`.
public let UICollectionElementKindSectionFooter = CollectionView.elementKindSectionFooter

// MARK: Pre-Swift 4.2 spellings

/// `UIEdgeInsets(top:left:bottom:right:)` as Swift 4 and earlier spelled it
/// (`sectionInset = UIEdgeInsetsMake(10, 10, 10, 10)`).
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// `UICollectionView.ScrollDirection` as Swift 4 and earlier spelled it
/// (`flow.scrollDirection = UICollectionViewScrollDirection.vertical`).
public typealias UICollectionViewScrollDirection = CollectionViewFlowLayout.ScrollDirection
/// `UICollectionView.ElementCategory` as Swift 4 and earlier spelled it.
public typealias UICollectionElementCategory = LayoutKit.ElementCategory

// MARK: Names nested in UICollectionView

extension CollectionView {
    /// `UICollectionView.ScrollDirection`: the flow layout's `scrollDirection`.
    public typealias ScrollDirection = CollectionViewFlowLayout.ScrollDirection
    /// `UICollectionView.ElementCategory`: `.cell`, `.supplementaryView`, `.decorationView`.
    public typealias ElementCategory = LayoutKit.ElementCategory
}

// MARK: The application and the screen

/// `UIApplication.shared.userInterfaceLayoutDirection`: left to right, the
/// only direction stk models.
public final class UIApplication {
    public static let shared = UIApplication()
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    /// The system's default text size, as the traits have it.
    public var preferredContentSizeCategory: UIContentSizeCategory { UITraitCollection().preferredContentSizeCategory }
    /// The status bar of the screen's iPhone: 47 points tall, across the
    /// screen (deprecated on iOS, still read by layouts that place headers
    /// under it).
    public var statusBarFrame: CGRect { CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 47) }
}

/// `UIAccessibility`: the settings a layout may follow (reduced motion for
/// an animated layout), each off, as on a device where the user changed none.
public enum UIAccessibility {
    public static var isReduceMotionEnabled: Bool { false }
    public static var isVoiceOverRunning: Bool { false }
    public static var isBoldTextEnabled: Bool { false }
    public static var isReduceTransparencyEnabled: Bool { false }
    public static var prefersCrossFadeTransitions: Bool { false }
}

/// `UIScreen.main`: a current iPhone's screen (390x844 points at 3x), the
/// size of stk's default bounds, turned as iOS turns it with the interface:
/// 844x390 while the collection view the layout code runs for is wider than
/// tall (`bounds 844x390`, a rotation).
public final class UIScreen {
    public static let main = UIScreen()
    public var scale: CGFloat { 3 }
    public var nativeScale: CGFloat { 3 }
    public var bounds: CGRect {
        CollectionView.__stkIsLandscape ? CGRect(x: 0, y: 0, width: 844, height: 390) : CGRect(x: 0, y: 0, width: 390, height: 844)
    }
    /// In pixels, portrait whatever the interface: 1170x2532.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: 390 * nativeScale, height: 844 * nativeScale) }
}

/// `UIDevice.current`: an iPhone, as stk's screen and traits are one's.
/// Layouts read the idiom to choose a column count (`.pad ? 3 : 2`).
public final class UIDevice {
    public static let current = UIDevice()
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    public var model: String { "iPhone" }
    public var name: String { "iPhone" }
    public var systemName: String { "iOS" }
    public var systemVersion: String { "18.0" }
    /// Portrait, as the default bounds are; landscape (`.landscapeLeft`)
    /// while the collection view the layout code runs for is wider than tall.
    public var orientation: UIDeviceOrientation { CollectionView.__stkIsLandscape ? .landscapeLeft : .portrait }
}

/// `UIDeviceOrientation`.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}
