import Foundation
import LayoutKit
import FlowSticky

/// The global-stretchy strategy as stk registers it.
public enum GlobalStretchyPlugin {
    public static let name = "global-stretchy"
    public static let globalHeaderOption = "globalHeader"
    public static let stretchableOption = "stretchable"
    public static let pinToGlobalHeaderOption = "pinToGlobalHeader"
    public static let maxStretchHeightOption = "maxStretchHeight"

    /// The flow options (headers 44 long by default) and the global header's.
    public static let options: [LayoutOption] = FlowOptions.options(headerSize: FlowStickyLayout.defaultHeaderSize) + [
        LayoutOption(name: globalHeaderOption, type: .bool, defaultValue: .bool(true),
                     help: "section 0's header is a global header that stays at the top of the visible area"),
        LayoutOption(name: stretchableOption, type: .bool, defaultValue: .bool(true),
                     help: "section 0's header stretches while the content is pulled past its start (its stretchFactor says by how much)"),
        LayoutOption(name: pinToGlobalHeaderOption, type: .bool, defaultValue: .bool(true),
                     help: "the other section headers stick under the global header (to the top of the visible area without one) until their last line scrolls away"),
        LayoutOption(name: maxStretchHeightOption, type: .number, defaultValue: .automatic, allowsAutomatic: true,
                     help: "the largest height of the stretched global header; auto is twice its natural height"),
    ]

    public static let descriptor = LayoutDescriptor(
        name: name,
        summary: "flow layout with a global first header that stays on top and stretches on overscroll, sticky headers under it",
        options: options,
        makeLayout: { GlobalStretchyLayout() }
    )
}
