/// The box-drawing characters of one element state. Each state has its own
/// line style so that the drawing reads without colour:
///
///     plain     ┌──┐ │  └──┘   light lines
///     pinned    ┏━━┓ ┃  ┗━━┛   heavy lines (and `*` after the label)
///     faded     ┌┄┄┐ ┆  └┄┄┘   light dashed lines (0 < alpha < 1)
///     both      ┏┅┅┓ ┇  ┗┅┅┛   heavy dashed lines
///
/// Boxes one row tall are drawn `├──┤`, one column wide `┬ │ ┴`, and a box that
/// shrinks to a single terminal cell is one square (`□ ■ ▫ ▪`).
struct BoxGlyphs {
    let topLeft: Character
    let topRight: Character
    let bottomLeft: Character
    let bottomRight: Character
    let horizontal: Character
    let vertical: Character
    /// Ends of a box one row tall.
    let rowStart: Character
    let rowEnd: Character
    /// Ends of a box one column wide.
    let columnStart: Character
    let columnEnd: Character
    /// A box one cell wide and tall.
    let single: Character

    static let plain = BoxGlyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
                                 horizontal: "─", vertical: "│", rowStart: "├", rowEnd: "┤",
                                 columnStart: "┬", columnEnd: "┴", single: "□")
    static let pinned = BoxGlyphs(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛",
                                  horizontal: "━", vertical: "┃", rowStart: "┣", rowEnd: "┫",
                                  columnStart: "┳", columnEnd: "┻", single: "■")
    static let faded = plain.dashed(horizontal: "┄", vertical: "┆", single: "▫")
    static let pinnedFaded = pinned.dashed(horizontal: "┅", vertical: "┇", single: "▪")
    /// The viewport's own frame: double lines, distinct from every element.
    static let viewport = BoxGlyphs(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝",
                                    horizontal: "═", vertical: "║", rowStart: "╠", rowEnd: "╣",
                                    columnStart: "╦", columnEnd: "╩", single: "▣")

    /// The same corners and ends with dashed lines and another square: a
    /// faded box keeps the weight of its state.
    private func dashed(horizontal: Character, vertical: Character, single: Character) -> BoxGlyphs {
        BoxGlyphs(topLeft: topLeft, topRight: topRight, bottomLeft: bottomLeft, bottomRight: bottomRight,
                  horizontal: horizontal, vertical: vertical, rowStart: rowStart, rowEnd: rowEnd,
                  columnStart: columnStart, columnEnd: columnEnd, single: single)
    }

    static func forElement(pinned: Bool, faded: Bool) -> BoxGlyphs {
        switch (pinned, faded) {
        case (false, false): return .plain
        case (true, false): return .pinned
        case (false, true): return .faded
        case (true, true): return .pinnedFaded
        }
    }
}
