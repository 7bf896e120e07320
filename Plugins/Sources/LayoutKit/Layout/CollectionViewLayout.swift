import Foundation

/// UIKit's `UICollectionViewLayout`: the abstract layout. Subclasses override the
/// same methods, with the same names, as on iOS; the collection view calls them
/// in UIKit's order (docs/semantics.md, "The layout cycle").
///
/// The habit every layout here follows: `invalidateLayout(with:)` only records
/// what to redo, and `prepare()` does it.
open class CollectionViewLayout: NSObject {
    /// The collection view using this layout (set when the layout is installed).
    public internal(set) weak var collectionView: CollectionView?

    /// Work counters, so tests can prove cost is proportional to the answer
    /// rather than to the number of items (no wall-clock timing in tests).
    public let counters = LayoutCounters()

    /// The instance whose member built this layout (a view controller's
    /// `createLayout()` in a file loaded as Swift source), kept as long as the
    /// layout: on iOS the view controller owns the collection view, which owns
    /// the layout, so a section provider that captures `[weak self]` or
    /// `[unowned self]` finds it alive. Set by the registration stk writes.
    public var __stkRetainedBuilder: Any?
    /// Shows the builder (a view controller of a source plugin, compiled
    /// without UIKit's view controller) the collection view the layout is
    /// installed in, which it has on iOS once its view loaded: its
    /// `collectionView`, its `view`'s size. Set by the registration stk writes.
    public var __stkShowBuilder: ((CollectionView) -> Void)?
    /// The code the builder runs each time its view is laid out at a new
    /// size (a screen's `viewDidLayoutSubviews()` that sizes the items from
    /// the view's width): run when the collection view's bounds change size,
    /// after the change and before the layout pass, as UIKit lays out the
    /// view controller's view before the collection view. Set by the code
    /// stk writes for a layout function, which runs it once itself first.
    public var __stkViewDidLayoutSubviews: ((CollectionViewLayout) -> Void)?
    /// The instances `set` gave a layout's weak properties (`weak var
    /// delegate: P?`, `set delegate=FixedHeights`), kept as long as the
    /// layout, as the app keeps the delegate it assigns. Set by the
    /// registration stk writes.
    public var __stkRetainedOptions: [String: AnyObject] = [:]
    /// The collection view's delegate the layout's `collectionViewDelegate`
    /// option made (a type of the sources conforming to the delegate
    /// protocol the layout asks for): kept by the layout, and the collection
    /// view's delegate while the layout is installed, as the view controller
    /// is on iOS. Set by the registration stk writes.
    public var __stkCollectionViewDelegate: CollectionViewDelegate? {
        didSet { collectionView?.replaceLayoutDelegate(oldValue) }
    }
    /// The collection view's data source the layout's
    /// `collectionViewDataSource` option made (a type of the sources the
    /// layout casts `collectionView.dataSource` to, as the app sets it on
    /// iOS): kept by the layout, and the collection view's data source while
    /// the layout is installed, unless one was installed otherwise (a
    /// diffable data source). It is what the layout reads; stk's counts stay
    /// the script's. Set by the registration stk writes.
    public var __stkCollectionViewDataSource: CollectionViewDataSource?

    /// The problems the layout stands by in its current state, as UIKit logs
    /// them (an item wider than the flow, a group that cannot hold its item):
    /// a session reports each when it appears, not again while it lasts, and
    /// lists them all at every `check`. LayoutKit's layouts find them when they
    /// prepare; others have none.
    public var layoutWarnings: [String] { [] }

    /// True from an invalidation until the next `prepare()`; the collection view
    /// runs a layout pass when it is set.
    public internal(set) var needsPrepare = true

    /// The dynamic animators made for this layout (`UIDynamicAnimator(collectionViewLayout:)`),
    /// which the collection view brings to rest after each pass.
    var dynamicAnimators: [WeakAnimator] = []

    public override init() { super.init() }

    /// Layouts are never archived in stk; this exists so that code written for
    /// iOS, which must declare it, compiles unchanged.
    public required init?(coder: NSCoder) { super.init() }

    /// UIKit's `awakeFromNib()` (NSObject's on iOS), where a layout made by a
    /// storyboard sets itself up: stk calls it right after `init()` when a
    /// layout class of the sources overrides it, as a storyboard calls it
    /// after `init(coder:)`.
    open func awakeFromNib() {}

    // MARK: Classes

    // UIKit's spelling, `AnyClass`, so that an override written for iOS
    // overrides here; LayoutKit makes instances through the typed views below.
    open class var layoutAttributesClass: AnyClass { CollectionViewLayoutAttributes.self }
    open class var invalidationContextClass: AnyClass { CollectionViewLayoutInvalidationContext.self }

    /// `layoutAttributesClass` as the attributes type it must be (UIKit raises
    /// an exception for any other class; stk falls back to the base class).
    public static var attributesType: CollectionViewLayoutAttributes.Type {
        layoutAttributesClass as? CollectionViewLayoutAttributes.Type ?? CollectionViewLayoutAttributes.self
    }

    /// `invalidationContextClass` as the context type it must be.
    public static var contextType: CollectionViewLayoutInvalidationContext.Type {
        invalidationContextClass as? CollectionViewLayoutInvalidationContext.Type ?? CollectionViewLayoutInvalidationContext.self
    }

    // MARK: The layout pass

    open func prepare() {}

    /// How the layout pass calls `prepare()`: a layout class of LayoutKit's
    /// may finish there what UIKit's own class does whether or not a
    /// subclass's `prepare()` called `super.prepare()`.
    func runPrepare() { prepare() }
    open var collectionViewContentSize: CGSize { .zero }
    open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    // MARK: Invalidation

    /// Asked while `collectionView.bounds` is still the old bounds.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Asked, with the old bounds still current, when `shouldInvalidateLayout` said yes.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        Self.contextType.init()
    }

    /// Records what to redo; `prepare()` does it. Subclasses that cache call super.
    open func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        needsPrepare = true
        collectionView?.layoutDidInvalidate(self, context: context)
    }

    /// Invalidates everything (`invalidateEverything` is true in the context).
    /// The collection view calls this, as UIKit does, for reloadData, inset
    /// changes and a layout switch, so an override is honoured there too.
    open func invalidateLayout() {
        invalidateLayout(with: CollectionViewLayoutInvalidationContext.everything(Self.contextType))
    }

    // MARK: Batch updates

    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}
    open func finalizeCollectionViewUpdates() {}

    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func initialLayoutAttributesForAppearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// Supplementary and decoration views the layout adds or removes in a batch
    /// update beyond those the visible sets show (UIKit asks, then animates
    /// them); stk reports them in the trace.
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }
    open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    // MARK: Animated bounds changes and transitions

    /// Before an animated bounds change (`bounds WxH animated`, a rotation),
    /// with the old bounds; the change's layout pass follows.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
    open func finalizeAnimatedBoundsChange() {}

    /// `setCollectionViewLayout`: the old layout hears of the new one, the new
    /// one of the old; both are finalized after the new layout's pass.
    open func prepareForTransition(to newLayout: CollectionViewLayout) {}
    open func prepareForTransition(from oldLayout: CollectionViewLayout) {}
    open func finalizeLayoutTransition() {}

    // MARK: Scrolling

    /// Asked after a batch update and when the layout is installed, with the
    /// current offset; the answer becomes the offset.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
    /// Asked when a fling ends (`scroll fling`), with the offset the scroll
    /// view would come to rest at and the velocity in points per millisecond;
    /// the view animates to the answer.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Self-sizing

    /// Asked when a displayed cell's preferred attributes differ from the
    /// layout's: whether to invalidate for them. UIKit's default is false.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool { false }

    /// The context for a cell's preferred attributes: names the element.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutInvalidationContext {
        let context = Self.contextType.init()
        CollectionViewFlowLayout.add([originalAttributes.key], to: context)
        return context
    }

    // MARK: Decoration views

    /// The decoration kinds registered with `register(_:forDecorationViewOfKind:)`.
    public private(set) var registeredDecorationKinds: Set<String> = []

    /// Records the kind (stk has no views: the class is not used).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        if viewClass == nil { registeredDecorationKinds.remove(elementKind) } else { registeredDecorationKinds.insert(elementKind) }
    }

    // MARK: Layout direction

    /// UIKit's `developmentLayoutDirection` and `flipsHorizontallyInOppositeLayoutDirection`.
    /// stk's collection view is always left to right, so nothing is flipped.
    open var developmentLayoutDirection: UserInterfaceLayoutDirection { .leftToRight }
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    // MARK: Helpers for layouts

    /// Makes attributes of this layout's `layoutAttributesClass` and counts them.
    public func makeAttributes(forCellAt indexPath: IndexPath) -> CollectionViewLayoutAttributes {
        makeAttributes(.cell, kind: nil, at: indexPath)
    }

    /// `makeAttributes(forCellAt:)` from the item's two indexes, as a rect
    /// query that walks a section's items has them: cheaper, since the
    /// attributes' identity is then not read back out of an index path.
    public func makeAttributes(forItem item: Int, inSection section: Int) -> CollectionViewLayoutAttributes {
        counters.attributesCreated += 1
        let a = newAttributes()
        if type(of: a) == CollectionViewLayoutAttributes.self {
            a.setCellIdentity(item: item, section: section)
        } else {
            a.setIdentity(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: section))
        }
        return a
    }

    /// Makes supplementary attributes of this layout's `layoutAttributesClass` and counts them.
    public func makeAttributes(forSupplementaryOfKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes {
        makeAttributes(.supplementaryView, kind: kind, at: indexPath)
    }

    /// Makes decoration attributes of this layout's `layoutAttributesClass` and counts them.
    public func makeAttributes(forDecorationOfKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes {
        makeAttributes(.decorationView, kind: kind, at: indexPath)
    }

    /// Attributes of `layoutAttributesClass` (reused where it can), counted,
    /// with their identity.
    private func makeAttributes(_ category: ElementCategory, kind: String?, at indexPath: IndexPath) -> CollectionViewLayoutAttributes {
        counters.attributesCreated += 1
        let a = newAttributes()
        a.setIdentity(category: category, kind: kind, indexPath: indexPath)
        return a
    }

    // MARK: Reusing attribute objects

    /// Objects of the base attributes class that earlier passes showed and
    /// that nothing holds any more, from which `makeAttributes` makes the
    /// next ones. Making an object per visible element on every pass and
    /// freeing the last pass's was a third of a scroll step. No code can tell:
    /// an object is taken back only when the collection view held the last
    /// strong reference to it (`reuseAttributes`), and it comes back as new.
    /// (A weak reference does not count, as for any object Swift frees: a
    /// layout that kept only a weak reference to attributes it handed out
    /// would see them made again where UIKit would see them gone.)
    private var reusableAttributes: [CollectionViewLayoutAttributes] = []
    /// Whether `makeAttributes` has made objects of the base class: a layout
    /// that makes its own (one written for iOS) would never take them back.
    private(set) var makesBaseAttributes = false
    /// At most this many objects wait (about 300 bytes each).
    static let reusableAttributesLimit = 4_096

    private func newAttributes() -> CollectionViewLayoutAttributes {
        let type = Self.attributesType
        guard type == CollectionViewLayoutAttributes.self else { return type.init() }
        makesBaseAttributes = true
        if let reused = reusableAttributes.popLast() {
            reused.prepareForReuse()
            return reused
        }
        return type.init()
    }

    /// The collection view hands back what a pass no longer shows: the
    /// objects of the base class that only `elements` holds are kept for
    /// `makeAttributes`; `elements` is emptied either way.
    func reuseAttributes(_ elements: inout [CollectionViewLayoutAttributes]) {
        defer { elements = [] }
        guard makesBaseAttributes else { return }
        for i in elements.indices where reusableAttributes.count < Self.reusableAttributesLimit {
            guard type(of: elements[i]) == CollectionViewLayoutAttributes.self, isKnownUniquelyReferenced(&elements[i]) else { continue }
            reusableAttributes.append(elements[i])
        }
    }

    /// Takes over the objects `other` keeps for reuse, and those in `shown`
    /// that nothing else holds, when both layouts make objects of the base
    /// class: a layout that replaces another (undo builds a new one) makes
    /// its first pass from them instead of new ones. `shown` is emptied.
    func takeReusableAttributes(from other: CollectionViewLayout, shown: inout [CollectionViewLayoutAttributes]) {
        defer { shown = [] }
        guard other !== self, other.makesBaseAttributes, Self.attributesType == CollectionViewLayoutAttributes.self else { return }
        other.reuseAttributes(&shown)
        // The waiting list moves whole when this layout has none (a new one):
        // copying it retained and released up to `reusableAttributesLimit`
        // objects per undo.
        if reusableAttributes.isEmpty {
            swap(&reusableAttributes, &other.reusableAttributes)
        } else {
            let room = Self.reusableAttributesLimit - reusableAttributes.count
            reusableAttributes += other.reusableAttributes.prefix(max(0, room))
            other.reusableAttributes = []
        }
    }

    /// The attributes of one element by its key, whatever its category.
    public func layoutAttributes(for key: ElementKey) -> CollectionViewLayoutAttributes? {
        switch key.category {
        case .cell: return layoutAttributesForItem(at: key.indexPath)
        case .supplementaryView: return layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
        case .decorationView: return layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
        }
    }
}

/// Work counters of one layout. Layouts built on LayoutKit's helpers count
/// attribute objects they create and elements they visit; tests compare them to
/// the size of the answer to prove that cost does not grow with the item count.
public final class LayoutCounters {
    /// Attribute objects made (by `makeAttributes`).
    public var attributesCreated = 0
    /// Elements a layout looked at while preparing or answering (incremented by layouts).
    public var elementsTouched = 0
    /// Sections whose geometry was (re)computed in `prepare()`.
    public var sectionsComputed = 0
    /// Sections of the last geometry entered into an index to find where a
    /// section went (the flow layout makes one only when a section is neither
    /// where the sections before it lead nor near there).
    public var sectionsIndexed = 0

    public init() {}

    public func reset() {
        attributesCreated = 0
        elementsTouched = 0
        sectionsComputed = 0
        sectionsIndexed = 0
    }
}

extension CollectionViewLayoutAttributes {
    /// Sets category, kind and index path (the initialisers with UIKit's names do it too).
    public func setIdentity(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        self.indexPath = indexPath
        setCategory(category, kind: kind)
    }
}
