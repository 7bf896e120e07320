import Foundation
import LayoutKit

/// The grid-sticky strategy as a plugin: what the host registers.
public enum GridStickyPlugin {
    public static let descriptor = LayoutDescriptor(
        name: "grid-sticky",
        summary: "grid scrolling both ways (rows are sections, columns items) whose first rows and columns stick to the edges",
        options: [
            LayoutOption(
                name: GridStickyLayout.OptionName.stickyRows, type: .integer, defaultValue: .number(1),
                help: "How many rows (sections), from the first, stay pinned to the top of the visible area; 0 for none"),
            LayoutOption(
                name: GridStickyLayout.OptionName.stickyColumns, type: .integer, defaultValue: .number(1),
                help: "How many columns (items), from the first of every row, stay pinned to the left of the visible area; 0 for none"),
            LayoutOption(
                name: GridStickyLayout.OptionName.itemSize, type: .size, defaultValue: .size(GridStickyLayout.defaultItemSize),
                help: "The size of a cell without a size of its own (per-item sizes and a delegate's sizes win); rows stack and cells abut with no spacing"),
        ],
        makeLayout: { GridStickyLayout() }
    )
}
