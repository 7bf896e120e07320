import Foundation

// The descriptions a compositional layout is built from, with the members
// UIKit gives them (StkUIKit adds the `NS`/`UI` spellings). They are plain
// descriptions: nothing here computes a frame. `CompositionalSolver` resolves
// them against containers; `CollectionViewCompositionalLayout` drives it.
// docs/semantics.md, "Compositional layout", has the rules.

// MARK: Insets and edges

/// `NSDirectionalEdgeInsets`: insets by leading and trailing edges (stk is
/// always left to right, so leading is left).
public struct DirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = DirectionalEdgeInsets()

    public var edgeInsets: EdgeInsets { EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }
    public var description: String { "\(top.stk),\(leading.stk),\(bottom.stk),\(trailing.stk)" }
}

/// `NSDirectionalRectEdge`.
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = DirectionalRectEdge(rawValue: 1)
    public static let leading = DirectionalRectEdge(rawValue: 2)
    public static let bottom = DirectionalRectEdge(rawValue: 4)
    public static let trailing = DirectionalRectEdge(rawValue: 8)
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// `NSRectAlignment`: where a boundary supplementary item sits on its section.
public enum RectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// `UIContentInsetsReference`: which insets a layout's container leaves out.
public enum ContentInsetsReference: Int, Sendable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

// MARK: Dimensions and sizes

/// `NSCollectionLayoutDimension`: one axis of a size.
public final class CollectionLayoutDimension: NSObject, NSCopying {
    enum Kind: Equatable { case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings }
    let kind: Kind
    /// The fraction or the points.
    public let dimension: CGFloat

    required init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(.fractionalWidth, fractionalWidth) }
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { Self(.fractionalHeight, fractionalHeight) }
    public class func absolute(_ absoluteDimension: CGFloat) -> Self { Self(.absolute, absoluteDimension) }
    public class func estimated(_ estimatedDimension: CGFloat) -> Self { Self(.estimated, estimatedDimension) }
    /// iOS 17: an estimate that every sibling then shares (stk: the estimate).
    public class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> Self { Self(.uniformAcrossSiblings, estimatedDimension) }

    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }
    public var isUniformAcrossSiblings: Bool { kind == .uniformAcrossSiblings }

    /// Points, against a container of `size`.
    func resolve(in size: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: return dimension * size.width
        case .fractionalHeight: return dimension * size.height
        case .absolute, .estimated, .uniformAcrossSiblings: return dimension
        }
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override var description: String {
        switch kind {
        case .fractionalWidth: return ".fractionalWidth(\(dimension.stk))"
        case .fractionalHeight: return ".fractionalHeight(\(dimension.stk))"
        case .absolute: return ".absolute(\(dimension.stk))"
        case .estimated: return ".estimated(\(dimension.stk))"
        case .uniformAcrossSiblings: return ".uniformAcrossSiblings(estimate: \(dimension.stk))"
        }
    }
}

/// `NSCollectionLayoutSize`.
public final class CollectionLayoutSize: NSObject, NSCopying {
    public let widthDimension: CollectionLayoutDimension
    public let heightDimension: CollectionLayoutDimension

    public init(widthDimension width: CollectionLayoutDimension, heightDimension height: CollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    func resolve(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolve(in: container), height: heightDimension.resolve(in: container))
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}

// MARK: Spacing

/// `NSCollectionLayoutSpacing`: fixed, or flexible (at least the amount).
public final class CollectionLayoutSpacing: NSObject, NSCopying {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    required init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }

    public class func fixed(_ fixedSpacing: CGFloat) -> Self { Self(fixedSpacing, flexible: false) }
    public class func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(flexibleSpacing, flexible: true) }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutEdgeSpacing`: space outside an item's slot, per edge.
public final class CollectionLayoutEdgeSpacing: NSObject, NSCopying {
    public let leading: CollectionLayoutSpacing?
    public let top: CollectionLayoutSpacing?
    public let trailing: CollectionLayoutSpacing?
    public let bottom: CollectionLayoutSpacing?

    public init(leading: CollectionLayoutSpacing?, top: CollectionLayoutSpacing?, trailing: CollectionLayoutSpacing?, bottom: CollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

// MARK: Items and groups

/// `NSCollectionLayoutItem`.
open class CollectionLayoutItem: NSObject, NSCopying {
    public let layoutSize: CollectionLayoutSize
    public var contentInsets: DirectionalEdgeInsets = .zero
    public var edgeSpacing: CollectionLayoutEdgeSpacing?
    public let supplementaryItems: [CollectionLayoutSupplementaryItem]

    public init(layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
    public convenience init(layoutSize: CollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutGroupCustomItem`: one frame of a custom group, relative
/// to the group's origin.
public final class CollectionLayoutGroupCustomItem: NSObject, NSCopying {
    public let frame: CGRect
    public let zIndex: Int
    public init(frame: CGRect) { self.frame = frame; zIndex = 0 }
    public init(frame: CGRect, zIndex: Int) { self.frame = frame; self.zIndex = zIndex }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutGroupCustomItemProvider`.
public typealias CollectionLayoutGroupCustomItemProvider = (CollectionLayoutEnvironment) -> [CollectionLayoutGroupCustomItem]

/// `NSCollectionLayoutGroup`: items (and groups) along one axis, or custom frames.
open class CollectionLayoutGroup: CollectionLayoutItem {
    enum Arrangement {
        case horizontal, vertical
        case custom(CollectionLayoutGroupCustomItemProvider)
    }
    let arrangement: Arrangement
    public let subitems: [CollectionLayoutItem]
    /// `count:` groups: exactly this many items, sized to fill the group.
    let repeatCount: Int?
    public var interItemSpacing: CollectionLayoutSpacing?

    init(layoutSize: CollectionLayoutSize, arrangement: Arrangement, subitems: [CollectionLayoutItem], count: Int?) {
        self.arrangement = arrangement
        self.subitems = subitems
        repeatCount = count
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    open class func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems, count: nil)
    }
    /// iOS 16's spelling of a `count:` group.
    open class func horizontal(layoutSize: CollectionLayoutSize, repeatingSubitem subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem], count: count)
    }
    /// iOS 13's spelling, deprecated in iOS 16 and still common.
    open class func horizontal(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
    open class func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: subitems, count: nil)
    }
    open class func vertical(layoutSize: CollectionLayoutSize, repeatingSubitem subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], count: count)
    }
    open class func vertical(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
    open class func custom(layoutSize: CollectionLayoutSize, itemProvider: @escaping CollectionLayoutGroupCustomItemProvider) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [], count: nil)
    }

    /// `visualDescription()`: a text of the group's arrangement.
    public func visualDescription() -> String {
        switch arrangement {
        case .horizontal: return "horizontal group \(layoutSize.widthDimension) x \(layoutSize.heightDimension), \(repeatCount.map { "\($0) x " } ?? "")\(subitems.count) subitem(s)"
        case .vertical: return "vertical group \(layoutSize.widthDimension) x \(layoutSize.heightDimension), \(repeatCount.map { "\($0) x " } ?? "")\(subitems.count) subitem(s)"
        case .custom: return "custom group \(layoutSize.widthDimension) x \(layoutSize.heightDimension)"
        }
    }
}

// MARK: Supplementary and decoration items

/// `NSCollectionLayoutAnchor`: a point on a container's edges, with an offset
/// in points or in fractions of the anchored item's size.
public final class CollectionLayoutAnchor: NSObject, NSCopying {
    public let edges: DirectionalRectEdge
    public let offset: CGPoint
    public let isAbsoluteOffset: Bool
    public var isFractionalOffset: Bool { !isAbsoluteOffset }

    public init(edges: DirectionalRectEdge) { self.edges = edges; offset = .zero; isAbsoluteOffset = true }
    public init(edges: DirectionalRectEdge, absoluteOffset: CGPoint) { self.edges = edges; offset = absoluteOffset; isAbsoluteOffset = true }
    public init(edges: DirectionalRectEdge, fractionalOffset: CGPoint) { self.edges = edges; offset = fractionalOffset; isAbsoluteOffset = false }
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The anchor's point on `rect`: a named edge, or the middle on an axis
    /// with both or neither edge.
    func point(on rect: CGRect) -> CGPoint {
        func along(_ low: Bool, _ high: Bool, _ min: CGFloat, _ max: CGFloat) -> CGFloat {
            low == high ? (min + max) / 2 : (low ? min : max)
        }
        return CGPoint(x: along(edges.contains(.leading), edges.contains(.trailing), rect.minX, rect.maxX),
                       y: along(edges.contains(.top), edges.contains(.bottom), rect.minY, rect.maxY))
    }

    func offset(for size: CGSize) -> CGPoint {
        isAbsoluteOffset ? offset : CGPoint(x: offset.x * size.width, y: offset.y * size.height)
    }
}

/// `NSCollectionLayoutSupplementaryItem`: a view anchored to an item (a badge).
open class CollectionLayoutSupplementaryItem: CollectionLayoutItem {
    public let elementKind: String
    public let containerAnchor: CollectionLayoutAnchor
    public let itemAnchor: CollectionLayoutAnchor?
    /// UIKit's default is 1: above the cells.
    public var zIndex: Int = 1

    public init(layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor, itemAnchor: CollectionLayoutAnchor?) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
    public convenience init(layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }

    /// The frame on an item's frame: the anchor's point on the container, less
    /// the same point on the supplementary (or its `itemAnchor`'s), plus the offsets.
    func frame(on container: CGRect, size: CGSize) -> CGRect {
        let own = CGRect(origin: .zero, size: size)
        let p = containerAnchor.point(on: container)
        let q = (itemAnchor ?? CollectionLayoutAnchor(edges: containerAnchor.edges)).point(on: own)
        let shift = containerAnchor.offset(for: size)
        let back = itemAnchor?.offset(for: size) ?? .zero
        return CGRect(x: p.x - q.x + shift.x - back.x, y: p.y - q.y + shift.y - back.y, width: size.width, height: size.height)
    }
}

/// `NSCollectionLayoutBoundarySupplementaryItem`: a header or footer of a
/// section, or of the whole layout.
open class CollectionLayoutBoundarySupplementaryItem: CollectionLayoutSupplementaryItem {
    public let alignment: RectAlignment
    public let offset: CGPoint
    public var pinToVisibleBounds = false
    public var extendsBoundary = true

    public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: RectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: CollectionLayoutAnchor(edges: .top), itemAnchor: nil)
    }
    public convenience init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: RectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }
}

/// `NSCollectionLayoutDecorationItem`: a section background.
open class CollectionLayoutDecorationItem: CollectionLayoutItem {
    public let elementKind: String
    public var zIndex: Int = -1

    public required init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)), supplementaryItems: [])
    }
    open class func background(elementKind: String) -> Self { Self(elementKind: elementKind) }
}

// MARK: Sections

/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum OrthogonalScrollingBehavior: Int, Sendable, CaseIterable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered

    public var name: String {
        switch self {
        case .none: return "none"
        case .continuous: return "continuous"
        case .continuousGroupLeadingBoundary: return "continuousGroupLeadingBoundary"
        case .paging: return "paging"
        case .groupPaging: return "groupPaging"
        case .groupPagingCentered: return "groupPagingCentered"
        }
    }
}

/// `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`.
public typealias CollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([CollectionLayoutVisibleItem], CGPoint, CollectionLayoutEnvironment) -> Void

/// `NSCollectionLayoutSection`.
open class CollectionLayoutSection: NSObject, NSCopying {
    public let group: CollectionLayoutGroup
    public var contentInsets: DirectionalEdgeInsets = .zero
    public var interGroupSpacing: CGFloat = 0
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    public var supplementariesFollowContentInsets = true
    /// iOS 16: `.none` spans boundary items over the whole container, as
    /// `supplementariesFollowContentInsets = false` does.
    public var supplementaryContentInsetsReference: ContentInsetsReference = .automatic
    public var contentInsetsReference: ContentInsetsReference = .automatic
    public var decorationItems: [CollectionLayoutDecorationItem] = []
    public var visibleItemsInvalidationHandler: CollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// iOS 17: how the orthogonal row decelerates (and bounces).
    public let orthogonalScrollingProperties = CollectionLayoutSectionOrthogonalScrollingProperties()

    public init(group: CollectionLayoutGroup) { self.group = group }
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Space before the section's first boundary item: the gap a grouped
    /// list leaves above each section (set by `list(using:layoutEnvironment:)`).
    var spacingBefore: CGFloat = 0

    /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    open class func list(using configuration: CollectionLayoutListConfiguration, layoutEnvironment: CollectionLayoutEnvironment) -> CollectionLayoutSection {
        configuration.makeSection(environment: layoutEnvironment)
    }

    var pinsBoundaryItems: Bool { boundarySupplementaryItems.contains { $0.pinToVisibleBounds } }
    var followsInsets: Bool { supplementariesFollowContentInsets && supplementaryContentInsetsReference != .none }
}

/// iOS 17's `NSCollectionLayoutSectionOrthogonalScrollingProperties`: an
/// orthogonal row's own deceleration rate, which a fling of the row uses
/// (`.automatic`: the collection view's, stk's rows' rate before iOS 17),
/// and its bounce, which changes nothing in stk: rows stop at their ends.
public final class CollectionLayoutSectionOrthogonalScrollingProperties: NSObject, NSCopying {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// stk's mark for "the collection view's" (no rate is negative).
        public static let automatic = DecelerationRate(rawValue: -1)
        public static let normal = DecelerationRate(rawValue: CollectionView.DecelerationRate.normal.rawValue)
        public static let fast = DecelerationRate(rawValue: CollectionView.DecelerationRate.fast.rawValue)
    }

    public enum Bounce: Int, Sendable {
        case automatic, always, never
    }

    public var decelerationRate: DecelerationRate = .automatic
    public var bounce: Bounce = .automatic

    public override init() { super.init() }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CollectionLayoutSectionOrthogonalScrollingProperties()
        copy.decelerationRate = decelerationRate
        copy.bounce = bounce
        return copy
    }

    /// The rate a fling of the row uses, given the collection view's.
    func rate(collectionViewRate: CGFloat) -> CGFloat {
        decelerationRate == .automatic ? collectionViewRate : decelerationRate.rawValue
    }
}

// MARK: Environment

/// `NSCollectionLayoutContainer`.
public protocol CollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: DirectionalEdgeInsets { get }
    var effectiveContentInsets: DirectionalEdgeInsets { get }
}

/// `NSCollectionLayoutEnvironment`.
public protocol CollectionLayoutEnvironment: AnyObject {
    var container: CollectionLayoutContainer { get }
    var traitCollection: TraitCollection { get }
}

/// `NSCollectionLayoutVisibleItem`: what a visible-items handler may change.
/// The layout's attributes are the visible items, so what a handler sets is
/// what the layout answers.
public protocol CollectionLayoutVisibleItem: AnyObject {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var indexPath: IndexPath { get }
    var representedElementCategory: ElementCategory { get }
    var representedElementKind: String? { get }
    var name: String { get }
}

extension CollectionViewLayoutAttributes: CollectionLayoutVisibleItem {
    public var name: String { representedElementKind ?? "cell" }
}

/// The container and environment stk hands a section provider.
final class LayoutContainer: CollectionLayoutContainer {
    let contentSize: CGSize
    let contentInsets: DirectionalEdgeInsets
    init(contentSize: CGSize, contentInsets: DirectionalEdgeInsets) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }
    var effectiveContentInsets: DirectionalEdgeInsets { contentInsets }
    var effectiveContentSize: CGSize {
        CGSize(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
               height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

final class LayoutEnvironment: CollectionLayoutEnvironment {
    let container: CollectionLayoutContainer
    let traitCollection: TraitCollection
    /// The collection view's layout margins (inset-grouped lists use them).
    let layoutMargins: EdgeInsets
    init(container: CollectionLayoutContainer, traitCollection: TraitCollection, layoutMargins: EdgeInsets = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)) {
        self.container = container
        self.traitCollection = traitCollection
        self.layoutMargins = layoutMargins
    }
}

// MARK: Configuration

/// `UICollectionViewCompositionalLayoutConfiguration`.
open class CollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    public var scrollDirection: CollectionViewFlowLayout.ScrollDirection = .vertical
    public var interSectionSpacing: CGFloat = 0
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    public var contentInsetsReference: ContentInsetsReference = .automatic
    public override init() { super.init() }
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = CollectionViewCompositionalLayoutConfiguration()
        c.scrollDirection = scrollDirection
        c.interSectionSpacing = interSectionSpacing
        c.boundarySupplementaryItems = boundarySupplementaryItems
        c.contentInsetsReference = contentInsetsReference
        return c
    }
}
