import Foundation

/// UIKit's `UICollectionViewLayoutInvalidationContext`: what a layout must redo.
/// `invalidateLayout(with:)` only records it; the next `prepare()` does the work.
open class CollectionViewLayoutInvalidationContext: NSObject {
    /// Set by the collection view (reloadData, a layout switch) or by
    /// `invalidateLayout()`; read-only for layouts, as in UIKit. Open, as in
    /// UIKit, for a context subclass that answers it itself.
    open var invalidateEverything: Bool { everythingRequested }
    /// Set by the collection view for batch updates; read-only for layouts.
    open var invalidateDataSourceCounts: Bool { dataSourceCountsRequested }
    open var contentOffsetAdjustment: CGPoint = .zero
    open var contentSizeAdjustment: CGSize = .zero

    open var invalidatedItemIndexPaths: [IndexPath]? { itemIndexPaths }
    open var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? { supplementaryIndexPaths }
    open var invalidatedDecorationIndexPaths: [String: [IndexPath]]? { decorationIndexPaths }

    // What the getters above answer unless a subclass overrides them.
    var everythingRequested = false
    var dataSourceCountsRequested = false
    private var itemIndexPaths: [IndexPath]?
    private var supplementaryIndexPaths: [String: [IndexPath]]?
    private var decorationIndexPaths: [String: [IndexPath]]?

    public required override init() { super.init() }

    open func invalidateItems(at indexPaths: [IndexPath]) {
        if itemIndexPaths == nil { itemIndexPaths = indexPaths } else { itemIndexPaths?.append(contentsOf: indexPaths) }
    }

    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        // In place: a copy of the dictionary, changed and stored back, would
        // copy its storage (the context is made on every scroll step).
        if supplementaryIndexPaths == nil { supplementaryIndexPaths = [:] }
        supplementaryIndexPaths?[elementKind, default: []].append(contentsOf: indexPaths)
    }

    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        if decorationIndexPaths == nil { decorationIndexPaths = [:] }
        decorationIndexPaths?[elementKind, default: []].append(contentsOf: indexPaths)
    }

    /// A value copy of every field, for events, `context` and JSON. Subclasses
    /// with fields of their own override it and fill `extraFlags`.
    open func snapshot() -> InvalidationContextSnapshot {
        InvalidationContextSnapshot(
            // What String(describing:) prints for a class, without first
            // asking the class's dynamic conformances (taken on every step).
            contextClass: _typeName(type(of: self), qualified: false),
            invalidateEverything: invalidateEverything,
            invalidateDataSourceCounts: invalidateDataSourceCounts,
            items: Self.sorted(invalidatedItemIndexPaths ?? []),
            supplementary: (invalidatedSupplementaryIndexPaths ?? [:]).mapValues(Self.sorted),
            decoration: (invalidatedDecorationIndexPaths ?? [:]).mapValues(Self.sorted),
            contentOffsetAdjustment: contentOffsetAdjustment,
            contentSizeAdjustment: contentSizeAdjustment,
            invalidateFlowLayoutDelegateMetrics: nil,
            invalidateFlowLayoutAttributes: nil
        )
    }

    /// The paths sorted. Layouts usually name them in order already (a bounds
    /// change names a few dozen on every scroll step), which integer
    /// comparisons confirm far faster than IndexPath's own ordering sorts.
    static func sorted(_ paths: [IndexPath]) -> [IndexPath] {
        var previous = (section: Int.min, item: Int.min)
        for path in paths {
            guard path.count == 2 else { return paths.sorted() }
            let current = (section: path[0], item: path[1])
            if current < previous { return paths.sorted() }
            previous = current
        }
        return paths
    }

    /// Marks the context as "redo everything"; what `invalidateLayout()` sends.
    public static func everything<C: CollectionViewLayoutInvalidationContext>(_ type: C.Type) -> C {
        let context = type.init()
        context.everythingRequested = true
        return context
    }
}

/// UIKit's `UICollectionViewFlowLayoutInvalidationContext`. Both flags default
/// to true, as in UIKit: a layout that wants a cheap context turns them off.
open class CollectionViewFlowLayoutInvalidationContext: CollectionViewLayoutInvalidationContext {
    /// Sizes from the delegate (item, header, footer sizes, insets, spacings) must be asked again.
    open var invalidateFlowLayoutDelegateMetrics = true
    /// The flow layout's own geometry must be recomputed.
    open var invalidateFlowLayoutAttributes = true

    open override func snapshot() -> InvalidationContextSnapshot {
        var s = super.snapshot()
        s.invalidateFlowLayoutDelegateMetrics = invalidateFlowLayoutDelegateMetrics
        s.invalidateFlowLayoutAttributes = invalidateFlowLayoutAttributes
        return s
    }
}

/// A value copy of an invalidation context, taken when it was built.
public struct InvalidationContextSnapshot: Equatable, Sendable {
    public var contextClass: String
    public var invalidateEverything: Bool
    public var invalidateDataSourceCounts: Bool
    /// Sorted index paths.
    public var items: [IndexPath]
    /// Sorted index paths by kind.
    public var supplementary: [String: [IndexPath]]
    public var decoration: [String: [IndexPath]]
    public var contentOffsetAdjustment: CGPoint
    public var contentSizeAdjustment: CGSize
    /// nil for contexts that are not flow contexts.
    public var invalidateFlowLayoutDelegateMetrics: Bool?
    public var invalidateFlowLayoutAttributes: Bool?

    /// How many elements the context names (items + supplementary + decoration).
    public var elementCount: Int {
        items.count + supplementary.values.reduce(0) { $0 + $1.count } + decoration.values.reduce(0) { $0 + $1.count }
    }

    /// Whether the context makes the layout redo everything, by flag or by the
    /// flow flags a full recompute implies.
    public var isFullInvalidation: Bool {
        invalidateEverything || invalidateDataSourceCounts || invalidateFlowLayoutAttributes == true || invalidateFlowLayoutDelegateMetrics == true
    }

    /// Whether the context names this element (or invalidates everything).
    public func contains(_ key: ElementKey) -> Bool {
        if invalidateEverything { return true }
        switch key.category {
        case .cell: return items.contains(key.indexPath)
        case .supplementaryView: return supplementary[key.kind ?? ""]?.contains(key.indexPath) ?? false
        case .decorationView: return decoration[key.kind ?? ""]?.contains(key.indexPath) ?? false
        }
    }
}
