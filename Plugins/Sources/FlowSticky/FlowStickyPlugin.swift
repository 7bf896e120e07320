import Foundation
import LayoutKit

/// The flow-sticky strategy as stk registers it.
public enum FlowStickyPlugin {
    public static let name = "flow-sticky"
    public static let pinLimitOption = "pinLimit"
    public static let stickyFootersOption = "stickyFooters"

    /// The options sticky headers and footers add to the flow options.
    public static let stickyOptions: [LayoutOption] = [
        LayoutOption(name: pinLimitOption, type: .choice(CollectionViewFlowLayout.PinLimit.allCases.map(\.rawValue)),
                     defaultValue: .word(CollectionViewFlowLayout.PinLimit.lastItem.rawValue),
                     help: "what pushes a pinned header off: lastItem (the end of the section's last line), sectionEnd (plus the section's bottom inset) or nextHeader (the next section's header)"),
        LayoutOption(name: stickyFootersOption, type: .bool, defaultValue: .bool(false),
                     help: "footers stick to the bottom of the visible area until their section's first item is reached"),
    ]

    /// Every option of flow-sticky: the flow options (headers 44 long by default) and the sticky ones.
    public static let options: [LayoutOption] = FlowOptions.options(headerSize: FlowStickyLayout.defaultHeaderSize) + stickyOptions

    public static let descriptor = LayoutDescriptor(
        name: name,
        summary: "flow layout whose section headers stick to the top until their section scrolls away",
        options: options,
        makeLayout: { FlowStickyLayout() }
    )
}
