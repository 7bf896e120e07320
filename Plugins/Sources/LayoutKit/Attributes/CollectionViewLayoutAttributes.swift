import Foundation

/// UIKit's `UICollectionView.ElementCategory`.
public enum ElementCategory: Int, Hashable, Sendable, CustomStringConvertible {
    case cell
    case supplementaryView
    case decorationView

    public var description: String {
        switch self {
        case .cell: return "cell"
        case .supplementaryView: return "supplementaryView"
        case .decorationView: return "decorationView"
        }
    }
}

/// The kinds of supplementary view the flow layouts use. stk spells them as
/// users type them (`attr header 1`) and as the JSON output names them.
public enum ElementKind {
    public static let sectionHeader = "header"
    public static let sectionFooter = "footer"

    /// The kind of the two a layout's own kind names, if it names one:
    /// Apple's samples write `section-header-element-kind` for a header and
    /// `section-footer-element-kind` for a footer.
    public static func boundaryKind(namedBy kind: String) -> String? {
        let lowered = kind.lowercased()
        if lowered.contains(sectionHeader) { return sectionHeader }
        if lowered.contains(sectionFooter) { return sectionFooter }
        return nil
    }
}

/// UIKit's `UICollectionViewLayoutAttributes`: the geometry and appearance of one
/// element. Open for subclasses that add fields (global-stretchy's
/// `stretchFactor`); a subclass overrides `copy(with:)`, `isEqual(_:)` and
/// `extraFields` exactly as it would on iOS.
open class CollectionViewLayoutAttributes: NSObject, NSCopying {
    // Each open property keeps its value in a final stored one: a subclass
    // may still override the property (with observers, or a getter of its
    // own), while stk's comparison of two objects of this very class reads
    // the values directly instead of calling each getter through the class.
    open var frame: CGRect { get { storedFrame } set { storedFrame = newValue } }
    open var zIndex: Int { get { storedZIndex } set { storedZIndex = newValue } }
    open var alpha: CGFloat { get { storedAlpha } set { storedAlpha = newValue } }
    open var isHidden: Bool { get { storedIsHidden } set { storedIsHidden = newValue } }
    fileprivate final var storedFrame: CGRect = .zero
    fileprivate final var storedZIndex = 0
    fileprivate final var storedAlpha: CGFloat = 1
    fileprivate final var storedIsHidden = false
    open var indexPath: IndexPath {
        get { storedIndexPath ?? IndexPath(item: storedItem, section: storedSection) }
        set {
            let indexes = IndexPathIndexes(newValue)
            storedIndexPath = indexes.count == 2 ? nil : newValue
            storedIndexCount = indexes.count
            storedSection = indexes.section
            storedItem = indexes.item
        }
    }
    /// The index path when it is not [section, item], which is made when read:
    /// making an IndexPath of two indexes allocates an array, and a rect
    /// query made one for every element on every pass, which stk itself
    /// never reads (it keys elements by the stored integers).
    private final var storedIndexPath: IndexPath?
    /// stk's addition: the element sits away from its natural position because it
    /// is pinned or sticky (render marks it). Not a UIKit property.
    open var isPinned: Bool { get { storedIsPinned } set { storedIsPinned = newValue } }
    fileprivate final var storedIsPinned = false
    public private(set) var representedElementCategory: ElementCategory = .cell
    public private(set) var representedElementKind: String? {
        didSet { storedKindRank = ElementKey.kindRank(representedElementKind) }
    }

    // The identity as plain integers, kept as the index path and kind are set:
    // the visible diff orders every visible element on every layout pass, and
    // reading an IndexPath or comparing kind strings is what would cost there.
    private var storedIndexCount = 2
    fileprivate var storedSection = 0
    fileprivate var storedItem = 0
    private var storedKindRank = 0

    public required override init() {
        Self.instancesCreated &+= 1
        super.init()
    }

    /// Attribute objects initialised in this process, of any layout and any
    /// class (`stk bench` counts them per step for layouts that do not use
    /// LayoutKit's helpers). The collection view's own copies are not counted.
    nonisolated(unsafe) public static var instancesCreated = 0

    // Through setIdentity, not by assigning the properties here: an
    // initialiser of this class does not run their didSet, which keeps the
    // stored integers of the identity (the visible set's order keys and
    // hasSameAttributes read them).
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        setIdentity(category: .cell, kind: nil, indexPath: indexPath)
    }

    public convenience init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.init()
        setIdentity(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    public convenience init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.init()
        setIdentity(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    /// Back to what `init()` makes, for an object of this very class that
    /// nothing else holds (`CollectionViewLayout.reuseAttributes`): every
    /// stored value (a subclass is never reused) but the identity, which
    /// `makeAttributes` sets next (`setCellIdentity` or `setIdentity`).
    func prepareForReuse() {
        storedFrame = .zero
        storedZIndex = 0
        storedAlpha = 1
        storedIsHidden = false
        storedIsPinned = false
        storedTransform = nil
    }

    /// A cell's identity from its two indexes, for an object of this very
    /// class: the stored integers are the indexes given, not read back out
    /// of the index path (reading an IndexPath is calls into its storage).
    func setCellIdentity(item: Int, section: Int) {
        storedIndexPath = nil
        storedIndexCount = 2
        storedSection = section
        storedItem = item
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// Category and kind are fixed at creation in UIKit; LayoutKit's factories set them here.
    func setCategory(_ category: ElementCategory, kind: String?) {
        representedElementCategory = category
        representedElementKind = kind
    }

    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    open var size: CGSize {
        get { frame.size }
        set {
            let c = center
            frame = CGRect(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2, width: newValue.width, height: newValue.height)
        }
    }

    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }

    /// UIKit's `transform3D`. As in UIKit, a transform leaves `frame`,
    /// `center` and `size` as they are: it says how the view is drawn around
    /// its center. nil storage is the identity, so that the attributes of the
    /// millions of elements that never set one cost nothing to copy or compare.
    open var transform3D: CATransform3D {
        get { storedTransform?.value ?? .identity }
        set { storedTransform = newValue == .identity ? nil : TransformStorage(newValue) }
    }

    /// UIKit's `transform`: setting it replaces `transform3D` with the 3D form
    /// of the affine transform; reading it gives `transform3D`'s affine part.
    open var transform: CGAffineTransform {
        get { storedTransform?.value.affine ?? .identity }
        set { transform3D = CATransform3D(newValue) }
    }

    /// Whether a transform other than the identity is set.
    public var hasTransform: Bool { storedTransform != nil }

    /// A transform other than the identity, out of line: the 128 bytes of a
    /// matrix inline would be written at every object's creation, copied
    /// with it and read by every comparison, for the few elements that have
    /// one. Immutable: copies and snapshots (`AttributesSnapshot`) share it.
    final class TransformStorage: Sendable {
        let value: CATransform3D
        init(_ value: CATransform3D) { self.value = value }

        static func same(_ a: TransformStorage?, _ b: TransformStorage?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (a?, b?): return a === b || a.value == b.value
            default: return false
            }
        }
    }

    // Immutable, so a copy shares it.
    fileprivate var storedTransform: TransformStorage?

    /// The transform as a snapshot keeps it (nil: the identity): shared with
    /// this object where no getter is overridden.
    var transformForSnapshot: TransformStorage? {
        guard hasTransform else { return nil }
        return type(of: self) == CollectionViewLayoutAttributes.self ? storedTransform : TransformStorage(transform3D)
    }

    /// The identity as ordered integers (see `ElementOrderKey`); nil for a
    /// kind other than none, header or footer, whose order needs its name.
    /// A subclass may override `indexPath`, so only this very class answers
    /// from the stored integers.
    var orderKey: ElementOrderKey? {
        guard storedKindRank < ElementKey.otherKindRank else { return nil }
        if type(of: self) == CollectionViewLayoutAttributes.self {
            return ElementOrderKey(category: representedElementCategory.rawValue, section: storedSection, item: storedItem, kindRank: storedKindRank)
        }
        let key = self.key
        return ElementOrderKey(category: key.category.rawValue, section: key.section, item: key.item, kindRank: storedKindRank)
    }

    /// The index path's count, section and item, from the stored integers
    /// when this very class answers (a subclass may override `indexPath`):
    /// reading an IndexPath's indexes costs calls into its storage.
    var indexPathIndexes: IndexPathIndexes {
        if type(of: self) == CollectionViewLayoutAttributes.self {
            return IndexPathIndexes(count: storedIndexCount, section: storedSection, item: storedItem)
        }
        return IndexPathIndexes(indexPath)
    }

    /// The element's identity: category, kind and index path.
    public var key: ElementKey {
        if type(of: self) == CollectionViewLayoutAttributes.self {
            return ElementKey(category: representedElementCategory, kind: representedElementKind, section: storedSection, item: storedItem)
        }
        return ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
    }

    /// Fields a subclass adds, by name, so that stk can print, compare and
    /// export them without knowing the subclass (`stretchFactor`, ...).
    ///
    /// A subclass written for iOS knows nothing of this: by default the
    /// numeric and Boolean stored properties its classes add are read by
    /// reflection (Bool as 0 or 1), so `attr` shows a `parallaxProgress` field
    /// as it shows the built-in ones; a point or a size is two fields, one a
    /// coordinate (`anchorPoint.x`, `anchorPoint.y`; `size.width`, `size.height`).
    open var extraFields: [String: Double] {
        guard type(of: self) != CollectionViewLayoutAttributes.self else { return [:] }
        var fields: [String: Double] = [:]
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror, m.subjectType != CollectionViewLayoutAttributes.self {
            for child in m.children {
                guard let label = child.label, fields[label] == nil else { continue }
                switch child.value {
                case let v as CGFloat: fields[label] = Double(v)
                case let v as Double: fields[label] = v
                case let v as Float: fields[label] = Double(v)
                case let v as Int: fields[label] = Double(v)
                case let v as Bool: fields[label] = v ? 1 : 0
                // A wheel layout's `anchorPoint`, what the cell applies.
                case let p as CGPoint: fields[label + ".x"] = Double(p.x); fields[label + ".y"] = Double(p.y)
                case let s as CGSize: fields[label + ".width"] = Double(s.width); fields[label + ".height"] = Double(s.height)
                default: break
                }
            }
            mirror = m.superclassMirror
        }
        return fields
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.frame = frame
        copy.zIndex = zIndex
        copy.alpha = alpha
        copy.isHidden = isHidden
        if type(of: self) == CollectionViewLayoutAttributes.self {
            // The identity's stored values, without making the index path.
            copy.storedIndexPath = storedIndexPath
            copy.storedIndexCount = storedIndexCount
            copy.storedSection = storedSection
            copy.storedItem = storedItem
        } else {
            copy.indexPath = indexPath
        }
        copy.isPinned = isPinned
        copy.storedTransform = storedTransform
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        return copy
    }

    /// A typed copy: `attributes.copied()` instead of `attributes.copy() as! ...`.
    public func copied() -> Self { copy(with: nil) as! Self }

    /// Equal in every attribute, as UIKit's compares its own stored values
    /// (not the getters a subclass may override): a subclass that adds a
    /// field compares it and calls this.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CollectionViewLayoutAttributes, type(of: other) == type(of: self) else { return false }
        return hasSameStoredValues(as: other, frameNaNIsSame: false)
    }

    /// `isEqual`, without the dynamic cast when both are of this very class
    /// (the visible diff compares every visible element on every pass).
    public final func hasSameAttributes(as other: CollectionViewLayoutAttributes) -> Bool {
        let base = CollectionViewLayoutAttributes.self
        guard type(of: self) == base, type(of: other) == base else { return isEqual(other) }
        return hasSameStoredValues(as: other, frameNaNIsSame: true)
    }

    /// The stored values compared, without making an index path (which
    /// allocates) or calling a getter: `frameNaNIsSame` for the diff, where
    /// a frame that is not a number and stays so has not changed.
    private final func hasSameStoredValues(as other: CollectionViewLayoutAttributes, frameNaNIsSame: Bool) -> Bool {
        // An index path of at most two indexes is its count and stored integers.
        let sameIndexPath = storedIndexCount <= 2 && other.storedIndexCount <= 2
            ? storedIndexCount == other.storedIndexCount && storedSection == other.storedSection && storedItem == other.storedItem
            : storedIndexPath == other.storedIndexPath
        let sameFrame = frameNaNIsSame ? storedFrame.hasSameNumbers(as: other.storedFrame) : storedFrame == other.storedFrame
        return sameFrame
            && storedZIndex == other.storedZIndex && storedAlpha == other.storedAlpha && storedIsHidden == other.storedIsHidden
            && storedIsPinned == other.storedIsPinned && sameIndexPath
            && representedElementCategory == other.representedElementCategory
            && storedKindRank == other.storedKindRank
            && (storedKindRank < ElementKey.otherKindRank || representedElementKind == other.representedElementKind)
            && TransformStorage.same(storedTransform, other.storedTransform)
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(key)
        return hasher.finalize()
    }

    /// As `attr` prints it (`AttributesSnapshot.description`).
    open override var description: String { AttributesSnapshot(self).description }
}

extension AttributesSnapshot {
    /// The values of an object of the base class, read from its stored
    /// values (no getter of this very class is overridden): a pass takes a
    /// snapshot of every element it shows, for the events and the film.
    init(storedValuesOf a: CollectionViewLayoutAttributes, pinned: Bool?) {
        key = ElementKey(category: a.representedElementCategory, kind: a.representedElementKind, section: a.storedSection, item: a.storedItem)
        frame = a.storedFrame
        zIndex = a.storedZIndex
        alpha = a.storedAlpha
        isHidden = a.storedIsHidden
        isPinned = pinned ?? a.storedIsPinned
        storedTransform = a.storedTransform
        // A subclass's own fields only: none.
        extraFields = [:]
    }
}

/// The identity of an element: what UIKit uses to match an element across
/// layout passes. Ordered as stk lists elements: cells first, then supplementary
/// views, then decoration views, each in index path order (kind breaks ties).
public struct ElementKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var category: ElementCategory
    public var kind: String?
    // Stored as plain integers: keys are hashed and compared on every layout
    // pass (visible sets, floating caches), and IndexPath's storage is slow to hash.
    public var section: Int
    public var item: Int

    public var indexPath: IndexPath {
        get { IndexPath(item: item, section: section) }
        set {
            let indexes = IndexPathIndexes(newValue)
            section = indexes.section
            item = indexes.item
        }
    }

    public init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        let indexes = IndexPathIndexes(indexPath)
        section = indexes.section
        item = indexes.item
    }

    /// A key from its index path's section and item, as `init` reads them.
    init(category: ElementCategory, kind: String?, section: Int, item: Int) {
        self.category = category
        self.kind = kind
        self.section = section
        self.item = item
    }

    public static func == (a: ElementKey, b: ElementKey) -> Bool {
        a.section == b.section && a.item == b.item && a.category == b.category && a.kind == b.kind
    }

    /// Section, item and category only: the kind (header or footer) rarely
    /// separates two keys, and equality settles it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(section &* 4 &+ category.rawValue)
        hasher.combine(item)
    }

    public static func cell(_ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .cell, kind: nil, indexPath: indexPath)
    }

    public static func supplementary(_ kind: String, _ indexPath: IndexPath) -> ElementKey {
        ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    public static func header(_ section: Int) -> ElementKey { .supplementary(ElementKind.sectionHeader, IndexPath(item: 0, section: section)) }
    public static func footer(_ section: Int) -> ElementKey { .supplementary(ElementKind.sectionFooter, IndexPath(item: 0, section: section)) }

    public static func < (a: ElementKey, b: ElementKey) -> Bool {
        if a.category != b.category { return a.category.rawValue < b.category.rawValue }
        if a.section != b.section { return a.section < b.section }
        if a.item != b.item { return a.item < b.item }
        return kindRank(a.kind) < kindRank(b.kind) || (kindRank(a.kind) == kindRank(b.kind) && (a.kind ?? "") < (b.kind ?? ""))
    }

    /// Where a kind sorts among the kinds of one index path: none, header,
    /// footer, then any other (`otherKindRank`, ordered by name).
    static func kindRank(_ kind: String?) -> Int {
        switch kind {
        case nil: return 0
        case ElementKind.sectionHeader?: return 1
        case ElementKind.sectionFooter?: return 2
        default: return otherKindRank
        }
    }

    static let otherKindRank = 3

    /// How stk names an element: `item 2:15`, `header 1`, `footer 3`,
    /// `supplementary badge 2:15`, `decoration background 2:0`.
    public var description: String {
        switch (category, kind) {
        case (.cell, _): return "item \(indexPath.stk)"
        case (.supplementaryView, ElementKind.sectionHeader?): return "header \(indexPath.section)"
        case (.supplementaryView, ElementKind.sectionFooter?): return "footer \(indexPath.section)"
        case (.supplementaryView, let kind): return "supplementary \(kind ?? "?") \(indexPath.stk)"
        case (.decorationView, let kind): return "decoration \(kind ?? "?") \(indexPath.stk)"
        }
    }
}

/// An index path's count and first two indexes as plain integers (0 where
/// the path is shorter).
struct IndexPathIndexes {
    var count: Int
    var section: Int
    var item: Int

    init(count: Int, section: Int, item: Int) {
        self.count = count
        self.section = section
        self.item = item
    }

    init(_ indexPath: IndexPath) {
        count = indexPath.count
        section = count > 0 ? indexPath[0] : 0
        item = count > 1 ? indexPath[1] : 0
    }
}

/// An element's identity as four integers, ordered and equal exactly as its
/// `ElementKey` is, for the kinds none, header and footer (a kind's rank stands
/// for its name). Trivial to copy and compare: the visible diff merges two
/// visible sets by these keys without hashing or reference counting.
struct ElementOrderKey: Comparable {
    var category: Int
    var section: Int
    var item: Int
    var kindRank: Int

    /// The key it stands for.
    var elementKey: ElementKey {
        let kind: String?
        switch kindRank {
        case 1: kind = ElementKind.sectionHeader
        case 2: kind = ElementKind.sectionFooter
        default: kind = nil
        }
        var key = ElementKey(category: ElementCategory(rawValue: category) ?? .cell, kind: kind, indexPath: IndexPath())
        key.section = section
        key.item = item
        return key
    }

    static func < (a: ElementOrderKey, b: ElementOrderKey) -> Bool {
        if a.category != b.category { return a.category < b.category }
        if a.section != b.section { return a.section < b.section }
        if a.item != b.item { return a.item < b.item }
        return a.kindRank < b.kindRank
    }
}
