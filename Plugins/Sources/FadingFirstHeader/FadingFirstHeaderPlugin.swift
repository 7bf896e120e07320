import Foundation
import LayoutKit
import FlowSticky

/// The fading-first-header strategy as stk registers it.
public enum FadingFirstHeaderPlugin {
    public static let name = "fading-first-header"
    public static let fadeDistanceOption = "fadeDistance"

    /// flow-sticky's options and the fade distance.
    public static let options: [LayoutOption] = FlowStickyPlugin.options + [
        LayoutOption(name: fadeDistanceOption, type: .number, defaultValue: .automatic, allowsAutomatic: true,
                     help: "how far the user scrolls before section 0's header (hidden at rest) is fully shown; auto is the header's own height"),
    ]

    public static let descriptor = LayoutDescriptor(
        name: name,
        summary: "flow-sticky whose first section header is hidden at rest and fades in as the user scrolls",
        options: options,
        makeLayout: { FadingFirstHeaderLayout() }
    )
}
