import Foundation
import LayoutKit

/// flow-sticky (docs/semantics.md; references 000, 001, 002): the flow layout with
/// section headers that stick to the top of the visible area, inside the
/// adjusted content insets, until their section scrolls away, in either
/// scroll direction, optionally with sticky footers.
///
/// Sticky headers are `CollectionViewFlowLayout`'s own pinning
/// (`sectionHeadersPinToVisibleBounds` with stk's `sectionHeadersPinLimit`,
/// `sectionFootersPinToVisibleBounds`), so pinned headers follow LayoutKit's
/// floating rule and a scroll invalidates only the headers (and sticky footers)
/// of the sections in the old and the new bounds. This class turns pinning on,
/// picks a header size that shows, and exposes every setting as a plugin option.
///
/// Subclasses (fading-first-header) extend the floating hooks and add options
/// by overriding `setOption`, `optionValue` and `layoutOptions`.
open class FlowStickyLayout: CollectionViewFlowLayout, ConfigurableLayout {
    /// The header reference size a new layout starts with: 44 points along the
    /// scroll axis in either direction (the cross-axis component is ignored;
    /// headers span the content's width). UIKit's default of 0 would show no
    /// header, and headers are what this layout is about.
    public static let defaultHeaderSize = CGSize(width: 44, height: 44)

    public override init() {
        super.init()
        applyStickyDefaults()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        applyStickyDefaults()
    }

    private func applyStickyDefaults() {
        overridesNoQueryMethod(ifExactly: FlowStickyLayout.self)
        headerReferenceSize = FlowStickyLayout.defaultHeaderSize
        sectionHeadersPinToVisibleBounds = true
        sectionHeadersPinLimit = .lastItem
        sectionFootersPinToVisibleBounds = false
    }

    /// What pushes a pinned header off (option `pinLimit`).
    open var pinLimit: PinLimit {
        get { sectionHeadersPinLimit }
        set { sectionHeadersPinLimit = newValue }
    }

    /// Whether footers stick to the bottom of the visible area (option `stickyFooters`).
    open var stickyFooters: Bool {
        get { sectionFootersPinToVisibleBounds }
        set { sectionFootersPinToVisibleBounds = newValue }
    }

    // MARK: Options

    /// The name the layout is registered under (used in error messages).
    open class var layoutName: String { FlowStickyPlugin.name }

    /// Every option this layout accepts, as its descriptor lists them.
    open class var layoutOptions: [LayoutOption] { FlowStickyPlugin.options }

    /// The error for an option name this layout does not know.
    public func unknownOption(_ name: String) -> CollectionViewError {
        OptionValues.unknownOption(name, layout: Self.layoutName, known: Self.layoutOptions.map(\.name))
    }

    open func setOption(_ name: String, to value: LayoutOptionValue) throws {
        switch name {
        case FlowStickyPlugin.pinLimitOption:
            let word = try OptionValues.choice(value, option: name, among: PinLimit.allCases.map(\.rawValue))
            let limit = PinLimit(rawValue: word) ?? .lastItem
            if pinLimit != limit { pinLimit = limit }
        case FlowStickyPlugin.stickyFootersOption:
            let on = try OptionValues.bool(value, option: name)
            if stickyFooters != on { stickyFooters = on }
        default:
            guard try FlowOptions.apply(name, value, to: self) else { throw unknownOption(name) }
        }
    }

    open func optionValue(_ name: String) -> LayoutOptionValue? {
        switch name {
        case FlowStickyPlugin.pinLimitOption: return .word(pinLimit.rawValue)
        case FlowStickyPlugin.stickyFootersOption: return .bool(stickyFooters)
        default: return FlowOptions.value(name, of: self)
        }
    }
}
