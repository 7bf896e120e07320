import Foundation
import LayoutKit
import FlowSticky

/// global-stretchy (docs/semantics.md; "Custom UICollectionView: Global Headers", AKPFlowLayout): a flow layout
/// whose first section's header is a global header that stays at the top and
/// stretches while the user pulls past the start, with the other section
/// headers sticking under it.
///
/// With `offset = contentOffset.y + adjustedContentInset.top` and `G` the
/// global header's natural height (lengths along the scroll axis; horizontal
/// is the transpose):
/// - stretching (`stretchable`, offset < 0): height `min(G - offset, cap)`,
///   `y = naturalY + offset`, `stretchFactor = height - G`;
/// - otherwise, when `globalHeader`: `y = naturalY + max(offset, 0)`;
/// - other headers (and header 0 when it is neither global nor stretching) pin
///   as flow-sticky's (limit: the section's last line) at `offset + G` when
///   `globalHeader` (else at `offset`), when `pinToGlobalHeader`;
/// - zIndex: the global (or stretched) header 3, pinned headers 2, cells 0.
///
/// Everything bounds-dependent goes through LayoutKit's floating rule: the
/// global header is a candidate for every bounds (its attributes follow the
/// offset wherever it is), the sticky headers are candidates while their
/// section is in view, so a fresh layout and an invalidated one agree exactly.
open class GlobalStretchyLayout: CollectionViewFlowLayout, ConfigurableLayout {
    /// The global header's zIndex: above pinned headers (2), which are above cells (0).
    public static let globalHeaderZIndex = CollectionViewFlowLayout.pinnedZIndex + 1

    open override class var layoutAttributesClass: AnyClass { GlobalStretchyLayoutAttributes.self }

    /// Section 0's header is the global header (FirstSectionIsGlobalHeader).
    open var globalHeader = true {
        willSet { candidatesBeforeChange = floatingCandidates }
        didSet { if globalHeader != oldValue { invalidateFloatingElements(candidatesBefore: candidatesBeforeChange) } }
    }

    /// The global header stretches while bouncing past the start (FirstSectionStretchable).
    open var stretchable = true {
        willSet { candidatesBeforeChange = floatingCandidates }
        didSet { if stretchable != oldValue { invalidateFloatingElements(candidatesBefore: candidatesBeforeChange) } }
    }

    /// The largest height a stretched global header reaches; nil is `auto`,
    /// twice the global header's natural height. A cap below the natural height
    /// means no stretching (the header never shrinks).
    open var maxStretchHeight: CGFloat? = nil {
        willSet { candidatesBeforeChange = floatingCandidates }
        didSet { if maxStretchHeight != oldValue { invalidateFloatingElements(candidatesBefore: candidatesBeforeChange) } }
    }

    /// The other headers stick to the global header, or to the top of the
    /// visible area without one (SectionsPinToGlobalHeaderOrVisibleBounds).
    /// This is the flow layout's own pinning, so a change re-lays out as any
    /// flow property change does.
    open var pinToGlobalHeader: Bool {
        get { sectionHeadersPinToVisibleBounds }
        set { sectionHeadersPinToVisibleBounds = newValue }
    }

    private var candidatesBeforeChange: Set<ElementKey> = []

    public override init() {
        super.init()
        applyDefaults()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        applyDefaults()
    }

    private func applyDefaults() {
        overridesNoQueryMethod(ifExactly: GlobalStretchyLayout.self)
        headerReferenceSize = FlowStickyLayout.defaultHeaderSize
        sectionHeadersPinToVisibleBounds = true
        sectionHeadersPinLimit = .lastItem
    }

    // MARK: The global header

    /// G: the natural length of section 0's header along the scroll axis (0 when there is none).
    public var globalHeaderLength: CGFloat {
        numberOfPreparedSections > 0 ? sectionExtent(0).headerLength : 0
    }

    /// The cap in effect for a global header of natural length `length`.
    public func effectiveMaxStretchHeight(forHeaderLength length: CGFloat) -> CGFloat {
        maxStretchHeight ?? 2 * length
    }

    /// Whether header 0 follows the global-header rules for these bounds (it is
    /// global, or it is being stretched) rather than the ordinary sticky ones.
    public func firstHeaderIsGlobal(for bounds: CGRect) -> Bool {
        globalHeaderLength > 0 && (globalHeader || (stretchable && restingOffset(for: bounds) < 0))
    }

    // MARK: Floating hooks

    open override var hasBoundsDependentElements: Bool {
        super.hasBoundsDependentElements || ((globalHeader || stretchable) && globalHeaderLength > 0)
    }

    /// Sticky headers stick under the global header while it is on.
    open override func pinTop(for bounds: CGRect) -> CGFloat {
        restingOffset(for: bounds) + (globalHeader ? globalHeaderLength : 0)
    }

    /// The sticky headers of the sections in view (the flow layout's own
    /// candidates) plus the global header whenever its attributes depend on the
    /// offset: always when it is global, while bouncing when it only stretches.
    open override func boundsDependentElements(for bounds: CGRect) -> [ElementKey] {
        var keys = super.boundsDependentElements(for: bounds)
        if firstHeaderIsGlobal(for: bounds), !keys.contains(.header(0)) {
            keys.insert(.header(0), at: 0)
        }
        return keys
    }

    open override func adjustedAttributes(_ attributes: CollectionViewLayoutAttributes, for bounds: CGRect) -> CollectionViewLayoutAttributes {
        guard attributes.key == .header(0), firstHeaderIsGlobal(for: bounds) else {
            return super.adjustedAttributes(attributes, for: bounds)
        }
        let offset = restingOffset(for: bounds)
        let natural = scrollAxisRect(attributes.frame)
        let length = natural.height
        var frame = natural
        var stretch: CGFloat = 0
        if stretchable && offset < 0 {
            // Its top follows the top of the visible area; it grows by the
            // overscroll, up to the cap.
            let height = max(length, min(length - offset, effectiveMaxStretchHeight(forHeaderLength: length)))
            frame.origin.y = natural.minY + offset
            frame.size.height = height
            stretch = height - length
        } else {
            frame.origin.y = natural.minY + max(offset, 0)
        }
        attributes.frame = scrollAxisRect(frame)
        attributes.zIndex = Self.globalHeaderZIndex
        attributes.isPinned = frame != natural
        (attributes as? GlobalStretchyLayoutAttributes)?.stretchFactor = stretch
        return attributes
    }

    // MARK: Invalidation

    /// As the global-headers article: an origin change names only the headers that can move
    /// (the flow layout's candidates of the old and the new bounds, which always
    /// include the global header); a size change also asks for the delegate
    /// metrics again.
    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let cv = collectionView, cv.bounds.size != newBounds.size,
           let flow = context as? CollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutDelegateMetrics = true
        }
        return context
    }

    // MARK: Options

    open func setOption(_ name: String, to value: LayoutOptionValue) throws {
        switch name {
        case GlobalStretchyPlugin.globalHeaderOption:
            let on = try OptionValues.bool(value, option: name)
            if globalHeader != on { globalHeader = on }
        case GlobalStretchyPlugin.stretchableOption:
            let on = try OptionValues.bool(value, option: name)
            if stretchable != on { stretchable = on }
        case GlobalStretchyPlugin.pinToGlobalHeaderOption:
            let on = try OptionValues.bool(value, option: name)
            if pinToGlobalHeader != on { pinToGlobalHeader = on }
        case GlobalStretchyPlugin.maxStretchHeightOption:
            let cap = try OptionValues.nonNegativeNumberOrAutomatic(value, option: name)
            if maxStretchHeight != cap { maxStretchHeight = cap }
        default:
            guard try FlowOptions.apply(name, value, to: self) else {
                throw OptionValues.unknownOption(name, layout: GlobalStretchyPlugin.name, known: GlobalStretchyPlugin.options.map(\.name))
            }
        }
    }

    open func optionValue(_ name: String) -> LayoutOptionValue? {
        switch name {
        case GlobalStretchyPlugin.globalHeaderOption: return .bool(globalHeader)
        case GlobalStretchyPlugin.stretchableOption: return .bool(stretchable)
        case GlobalStretchyPlugin.pinToGlobalHeaderOption: return .bool(pinToGlobalHeader)
        case GlobalStretchyPlugin.maxStretchHeightOption: return maxStretchHeight.map { .number(Double($0)) } ?? .automatic
        default: return FlowOptions.value(name, of: self)
        }
    }
}
