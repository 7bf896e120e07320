// UIKit's names of the compositional layout API (iOS 13 to today) over
// LayoutKit's classes: a `createLayout()` written for iOS compiles as written.

// MARK: The layout and its configuration

public typealias UICollectionViewCompositionalLayout = CollectionViewCompositionalLayout
public typealias UICollectionViewCompositionalLayoutConfiguration = CollectionViewCompositionalLayoutConfiguration
public typealias UICollectionViewCompositionalLayoutSectionProvider = CollectionViewCompositionalLayout.SectionProvider
public typealias UICollectionLayoutListConfiguration = CollectionLayoutListConfiguration
public typealias UICollectionLayoutSectionOrthogonalScrollingBehavior = OrthogonalScrollingBehavior
public typealias UIContentInsetsReference = ContentInsetsReference

// MARK: Sections, groups and items

public typealias NSCollectionLayoutSection = CollectionLayoutSection
public typealias NSCollectionLayoutGroup = CollectionLayoutGroup
public typealias NSCollectionLayoutItem = CollectionLayoutItem
public typealias NSCollectionLayoutGroupCustomItem = CollectionLayoutGroupCustomItem
public typealias NSCollectionLayoutGroupCustomItemProvider = CollectionLayoutGroupCustomItemProvider
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = CollectionLayoutSectionVisibleItemsInvalidationHandler

// MARK: Sizes and spacing

public typealias NSCollectionLayoutSize = CollectionLayoutSize
public typealias NSCollectionLayoutDimension = CollectionLayoutDimension
public typealias NSCollectionLayoutSpacing = CollectionLayoutSpacing
public typealias NSCollectionLayoutEdgeSpacing = CollectionLayoutEdgeSpacing
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
public typealias NSDirectionalRectEdge = DirectionalRectEdge
public typealias NSRectAlignment = RectAlignment

// MARK: Supplementary and decoration items

public typealias NSCollectionLayoutAnchor = CollectionLayoutAnchor
public typealias NSCollectionLayoutSupplementaryItem = CollectionLayoutSupplementaryItem
public typealias NSCollectionLayoutBoundarySupplementaryItem = CollectionLayoutBoundarySupplementaryItem
public typealias NSCollectionLayoutDecorationItem = CollectionLayoutDecorationItem

// MARK: The environment handed to providers and handlers

public typealias NSCollectionLayoutEnvironment = CollectionLayoutEnvironment
public typealias NSCollectionLayoutContainer = CollectionLayoutContainer
public typealias NSCollectionLayoutVisibleItem = CollectionLayoutVisibleItem
