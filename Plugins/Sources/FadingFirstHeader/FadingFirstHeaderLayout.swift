import Foundation
import LayoutKit
import FlowSticky

/// fading-first-header (docs/semantics.md; the sticky-headers article ("Sticky Section Headers With UICollectionView"), its last section):
/// flow-sticky, except that section 0's header is hidden at rest and fades in
/// as the user scrolls:
///
///     alpha = clamp(offset / fadeDistance, 0, 1), isHidden = (alpha == 0)
///
/// with `offset = contentOffset.y + adjustedContentInset.top` (x and left when
/// horizontal). A `fadeDistance` of 0 shows it at once, as soon as offset > 0.
///
/// Header 0 still pins like every other header (the sticky-headers article's fading header
/// is one of its sticky headers: it fades in where it sticks, at the top of the
/// visible area), so its frame is exactly flow-sticky's and only alpha and
/// isHidden differ.
///
/// Under LayoutKit's floating rule header 0 is a candidate whenever alpha < 1
/// (wherever it is), besides being one while its section is in view like every
/// sticky header: every bounds change that changes its alpha names it.
open class FadingFirstHeaderLayout: FlowStickyLayout {
    /// How far the user scrolls before header 0 is fully shown; nil is `auto`,
    /// header 0's own length along the scroll axis.
    open var fadeDistance: CGFloat? = nil {
        willSet { candidatesBeforeChange = floatingCandidates }
        didSet { if fadeDistance != oldValue { invalidateFloatingElements(candidatesBefore: candidatesBeforeChange) } }
    }

    private var candidatesBeforeChange: Set<ElementKey> = []

    public override init() {
        super.init()
        overridesNoQueryMethod(ifExactly: FadingFirstHeaderLayout.self)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        overridesNoQueryMethod(ifExactly: FadingFirstHeaderLayout.self)
    }

    /// The natural length of header 0 along the scroll axis (0 when there is none).
    public var firstHeaderLength: CGFloat {
        numberOfPreparedSections > 0 ? sectionExtent(0).headerLength : 0
    }

    /// The fade distance in effect.
    public var effectiveFadeDistance: CGFloat { fadeDistance ?? firstHeaderLength }

    /// Header 0's alpha for these bounds.
    public func firstHeaderAlpha(for bounds: CGRect) -> CGFloat {
        let offset = restingOffset(for: bounds)
        let distance = effectiveFadeDistance
        guard distance > 0 else { return offset > 0 ? 1 : 0 }
        return min(max(offset / distance, 0), 1)
    }

    // MARK: Floating hooks

    open override var hasBoundsDependentElements: Bool {
        super.hasBoundsDependentElements || firstHeaderLength > 0
    }

    open override func boundsDependentElements(for bounds: CGRect) -> [ElementKey] {
        var keys = super.boundsDependentElements(for: bounds)
        if firstHeaderLength > 0, firstHeaderAlpha(for: bounds) < 1, !keys.contains(.header(0)) {
            keys.insert(.header(0), at: 0)
        }
        return keys
    }

    open override func adjustedAttributes(_ attributes: CollectionViewLayoutAttributes, for bounds: CGRect) -> CollectionViewLayoutAttributes {
        let adjusted = super.adjustedAttributes(attributes, for: bounds)
        guard adjusted.key == .header(0) else { return adjusted }
        let alpha = firstHeaderAlpha(for: bounds)
        adjusted.alpha = alpha
        adjusted.isHidden = alpha == 0
        return adjusted
    }

    // MARK: Options

    open override class var layoutName: String { FadingFirstHeaderPlugin.name }
    open override class var layoutOptions: [LayoutOption] { FadingFirstHeaderPlugin.options }

    open override func setOption(_ name: String, to value: LayoutOptionValue) throws {
        guard name == FadingFirstHeaderPlugin.fadeDistanceOption else { return try super.setOption(name, to: value) }
        let distance = try OptionValues.nonNegativeNumberOrAutomatic(value, option: name)
        if fadeDistance != distance { fadeDistance = distance }
    }

    open override func optionValue(_ name: String) -> LayoutOptionValue? {
        guard name == FadingFirstHeaderPlugin.fadeDistanceOption else { return super.optionValue(name) }
        return fadeDistance.map { .number(Double($0)) } ?? .automatic
    }
}
