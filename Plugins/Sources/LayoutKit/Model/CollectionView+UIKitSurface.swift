import Foundation

/// UIKit's collection view API that layouts read: the scroll view's
/// traits, the (absent) views, what is visible, and the data source's counts.
extension CollectionView {
    /// UIKit's initialiser: a view of the frame's size (the frame's origin
    /// places a view in its superview, and stk's has none), with no data
    /// until it is given some. Layouts' convenience initialisers of
    /// `UICollectionView` call it (`self.init(frame: frame, collectionViewLayout: layout)`).
    public convenience init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.init(size: frame.size, layout: layout)
    }

    public var directionalLayoutMargins: EdgeInsets {
        get { layoutMargins }
        set { layoutMargins = newValue }
    }
    /// UIKit's `traitCollection`: the size classes follow the bounds (see
    /// `TraitCollection`). Regular wide from 600 points, unless the view is
    /// under 500 high: an iPhone of the default 390x844 turned to 844x390 is
    /// compact both ways, as UIKit makes it (only the largest iPhones are
    /// regular wide in landscape).
    public var traitCollection: TraitCollection {
        var traits = TraitCollection(displayScale: displayScale)
        traits.verticalSizeClass = bounds.height < 500 ? .compact : .regular
        traits.horizontalSizeClass = bounds.width >= 600 && traits.verticalSizeClass == .regular ? .regular : .compact
        return traits
    }

    /// UIScrollView's `visibleSize`: the bounds' size.
    public var visibleSize: CGSize { bounds.size }

    /// UIView's `center`, the middle of its frame in its superview: stk's
    /// frame is at the origin, so the middle of the bounds' size (195,422
    /// at 390x844). A honeycomb layout places its cells around it.
    public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }

    /// The insets of readable content across the view: the layout margins,
    /// widened so that the content is at most 672 points wide (stk's readable
    /// width; UIKit's follows the text size), inside the safe area.
    var readableContentInsets: (left: CGFloat, right: CGFloat) {
        let width = bounds.width - safeAreaInsets.left - safeAreaInsets.right
        let extra = max(layoutMargins.left + layoutMargins.right, width - 672) / 2
        return (safeAreaInsets.left + extra, safeAreaInsets.right + extra)
    }

    /// UIKit's `readableContentGuide`: the bounds less the safe area along y
    /// and the readable insets across (`readableContentInsets`).
    public var readableContentGuide: LayoutGuide {
        let insets = readableContentInsets
        return LayoutGuide(layoutFrame: CGRect(x: bounds.minX + insets.left, y: bounds.minY + safeAreaInsets.top,
                                               width: max(0, bounds.width - insets.left - insets.right),
                                               height: max(0, bounds.height - safeAreaInsets.top - safeAreaInsets.bottom)))
    }

    /// stk selects nothing: nil, as UIKit answers with no selected item.
    public var indexPathsForSelectedItems: [IndexPath]? { nil }

    /// Always left to right: stk does not model right-to-left layout.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection { .leftToRight }
    /// No finger in stk: never dragging or tracking.
    public var isDragging: Bool { false }
    public var isTracking: Bool { false }

    // MARK: Views (none)

    /// No views in stk: always nil.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { nil }
    public var visibleCells: [CollectionViewCell] { [] }
    /// No subviews either: a looping carousel that looks for an orthogonal
    /// row's embedded scroll view among them (`subviews.compactMap { $0 as?
    /// UIScrollView }`) finds none, and its handler moves nothing.
    public var subviews: [View] { [] }
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> CollectionReusableView? { nil }

    /// How many elements of the last layout pass's answer have a frame that
    /// meets `rect` (an answer may hold elements outside the rect asked): that
    /// overlaps it, not only touches its edge; an element without width or
    /// height meets it when it lies inside.
    public func visibleCount(meeting rect: CGRect) -> Int {
        func meets(_ low: CGFloat, _ high: CGFloat, _ from: CGFloat, _ to: CGFloat) -> Bool {
            high > low ? low < to && high > from : low >= from && low < to
        }
        return visible.count { a in
            meets(a.frame.minX, a.frame.maxX, rect.minX, rect.maxX) && meets(a.frame.minY, a.frame.maxY, rect.minY, rect.maxY)
        }
    }

    /// The items of the last layout pass's answer for the bounds, in index path order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleAttributes.keys.filter { $0.category == .cell }.sorted().map(\.indexPath)
    }

    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleAttributes.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }.sorted().map(\.indexPath)
    }

    /// UIKit's collection view forwards these to its layout.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The item whose frame contains the point (the topmost by zIndex), as UIKit's.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        let probe = CGRect(x: point.x, y: point.y, width: 0, height: 0).insetBy(dx: -0.5, dy: -0.5)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
        }
        return hits.max { ($0.zIndex, $1.key) < ($1.zIndex, $0.key) }?.indexPath
    }

    // MARK: The delegate and the data source

    /// On iOS the view controller that builds a layout is its collection
    /// view's delegate: its `UICollectionViewDelegateFlowLayout` methods size
    /// the flow layout, and a layout may ask it as its own delegate protocol
    /// (`delegate as? WaterfallLayoutDelegate`). So the instance a layout was
    /// built by (`__stkRetainedBuilder`, a view controller's `createLayout()`
    /// in a file loaded as source), when it is a collection view delegate, becomes the delegate
    /// when the layout is installed, unless someone else installed one; the
    /// delegate it was for the layout replaced is taken away.
    func adoptBuilderDelegate(of layout: CollectionViewLayout, replacing old: CollectionViewLayout?) {
        if let builder = old.flatMap(Self.layoutDelegate), installedDelegate === builder {
            installedDelegate = nil
        }
        if installedDelegate == nil, let builder = Self.layoutDelegate(of: layout) {
            installedDelegate = builder
        }
        layout.__stkShowBuilder?(self)
    }

    /// The collection view a layout is being made for, while `receivingLayout`
    /// runs: what the view controller of a layout function reads as its view
    /// and its collection view before the layout is installed (`view.bounds`
    /// in code that ran in `viewDidLoad()` on iOS, where the view is loaded).
    public nonisolated(unsafe) static weak var __stkReceivingLayout: CollectionView?

    /// Whether the collection view whose layout code runs now, or ran last
    /// on this thread, is wider than tall (a rotated iPhone): what
    /// `UIScreen.main` and `UIDevice.current` answer, as iOS turns the
    /// screen's bounds with the interface. Set when a pass begins and while
    /// a layout is made for a view; per thread, so that the collection
    /// views of other threads (tests run in parallel) do not turn it.
    public static var __stkIsLandscape: Bool { InterfaceOrientation.isLandscape }

    /// Runs `make`, which makes a layout for this collection view (see `__stkReceivingLayout`).
    public func receivingLayout<Made>(_ make: () throws -> Made) rethrows -> Made {
        let outer = Self.__stkReceivingLayout
        let outerOrientation = InterfaceOrientation.isLandscape
        Self.__stkReceivingLayout = self
        InterfaceOrientation.isLandscape = bounds.width > bounds.height
        defer {
            Self.__stkReceivingLayout = outer
            InterfaceOrientation.isLandscape = outerOrientation
        }
        return try make()
    }


    /// The delegate a layout brings: the one its `collectionViewDelegate`
    /// option made, else the view controller that built it.
    static func layoutDelegate(of layout: CollectionViewLayout) -> CollectionViewDelegate? {
        layout.__stkCollectionViewDelegate ?? layout.__stkRetainedBuilder as? CollectionViewDelegate
    }

    /// The installed layout's `collectionViewDelegate` changed from `old`:
    /// the delegate the layout brings now is the delegate, unless someone
    /// else installed one.
    func replaceLayoutDelegate(_ old: CollectionViewDelegate?) {
        let builder = collectionViewLayout.__stkRetainedBuilder as? CollectionViewDelegate
        if let current = installedDelegate, current === old || current === builder { installedDelegate = nil }
        if installedDelegate == nil { installedDelegate = Self.layoutDelegate(of: collectionViewLayout) }
    }

    /// UIKit's `dataSource`: the installed one, else the one the layout's
    /// `collectionViewDataSource` option made, else stk's model data source,
    /// which answers the counts of the model. The model is the data either
    /// way: a data source of the app's is what layouts read, not what stk counts.
    public var dataSource: CollectionViewDataSource? {
        get { installedDataSource ?? collectionViewLayout.__stkCollectionViewDataSource ?? ModelDataSource.shared }
        set { installedDataSource = newValue }
    }

    // MARK: Diffable identifiers

    /// The identifiers of the data now, for a diffable data source: those of
    /// a change being laid out, else the host's; nil when there are none or
    /// they disagree with the data (a state being restored), so that a data
    /// source falls back to stk's numbering rather than lie.
    public func diffableIdentifiers() -> DiffableSnapshot? {
        diffableIdentifiers(itemCounts: itemCounts)
    }

    /// `diffableIdentifiers()` for the counts the caller already has.
    func diffableIdentifiers(itemCounts counts: [Int]) -> DiffableSnapshot? {
        if let inFlight = identifiersInFlight?.snapshot, inFlight.itemCounts == counts { return inFlight }
        if let current = identifiersProvider?(), current.itemCounts == counts { return current }
        return nil
    }

    /// Runs a change of the data (`performBatchUpdates`, `reloadData`) whose
    /// identifiers will be `identifiers`: a diffable data source read by its
    /// layout pass answers with them. They are computed only if one is read,
    /// so after the change was found valid.
    public func withIdentifiers<Result>(_ identifiers: @autoclosure @escaping () -> DiffableSnapshot,
                                        _ change: () throws -> Result) rethrows -> Result {
        guard readsIdentifiers else { return try change() }
        let outer = identifiersInFlight
        identifiersInFlight = InFlightIdentifiers(identifiers)
        defer { identifiersInFlight = outer }
        return try change()
    }

    // MARK: Data source

    public var numberOfSections: Int { sections.count }

    /// The item count of each section, in order.
    public var itemCounts: [Int] { sections.map(\.itemCount) }

    public func numberOfItems(inSection section: Int) -> Int { sections[section].itemCount }

    /// Whether an index path names an existing item.
    public func isValidItem(_ indexPath: IndexPath) -> Bool {
        isValidItem(IndexPathIndexes(indexPath))
    }

    func isValidItem(_ indexes: IndexPathIndexes) -> Bool {
        indexes.count == 2 && indexes.section >= 0 && indexes.section < sections.count
            && indexes.item >= 0 && indexes.item < sections[indexes.section].itemCount
    }
}

/// The identifiers of a change of the data, made the first time a data
/// source asks for them.
final class InFlightIdentifiers {
    private let make: () -> DiffableSnapshot
    private(set) lazy var snapshot: DiffableSnapshot = make()

    init(_ make: @escaping () -> DiffableSnapshot) { self.make = make }
}

/// The interface's orientation, per thread (see `__stkIsLandscape`).
enum InterfaceOrientation {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var isLandscape: Bool {
        get { pthread_getspecific(key) != nil }
        set { pthread_setspecific(key, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
    }
}
