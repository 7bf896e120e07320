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

// MARK: Protocols

public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout

// MARK: Values

public typealias UIEdgeInsets = EdgeInsets

// MARK: Element kinds

/// The pre-iOS 11 spelling of `UICollectionView.elementKindSectionHeader`.
public let UICollectionElementKindSectionHeader = CollectionView.elementKindSectionHeader
/// The pre-iOS 11 spelling of `UICollectionView.elementKindSectionFooter`.
public let UICollectionElementKindSectionFooter = CollectionView.elementKindSectionFooter

// MARK: Names nested in UICollectionView

extension CollectionView {
    /// `UICollectionView.ScrollDirection`: the flow layout's `scrollDirection`.
    public typealias ScrollDirection = CollectionViewFlowLayout.ScrollDirection
    /// `UICollectionView.ElementCategory`: `.cell`, `.supplementaryView`, `.decorationView`.
    public typealias ElementCategory = LayoutKit.ElementCategory
}
