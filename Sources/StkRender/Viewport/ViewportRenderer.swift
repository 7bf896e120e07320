import Foundation
import LayoutKit

/// What `render` may be asked to vary.
public struct ViewportRenderOptions: Equatable, Sendable {
    /// Total width of the drawing in terminal columns, the viewport frame
    /// included. Values below `minimumWidth` are raised to it.
    public var width: Int
    /// Wrap elements in ANSI colours (see `ColorPolicy` for when to turn it on).
    public var color: Bool

    public init(width: Int = 80, color: Bool = false) {
        self.width = width
        self.color = color
    }

    /// The frame's two columns plus two columns of inside.
    public static let minimumWidth = 4
    /// A cap on the rows drawn inside the frame, so that a very tall viewport
    /// cannot make the drawing unbounded. A viewport 390 points wide would need
    /// to be about 40,000 points tall at the default width to reach it.
    public static let maximumRows = 4_000
}

/// Draws the collection view's viewport (its bounds) as text.
///
/// Layout of the drawing:
///
///     offset=0,300 bounds=390x844 content=390x4000 elements=24
///     ╔══════════════════╗
///     ║┏━━━━━━━━━━━━━━━━┓║  <- a pinned header: heavy lines, `*` after its label
///     ║┃      H1*       ┃║
///     ║┗━━━━━━━━━━━━━━━━┛║
///     ║┌────────┐┌──────║  <- cells clipped by the frame continue beyond it
///     ...
///     ╚══════════════════╝
///
/// - Scale: the inside of the frame is `width - 2` columns for `bounds.width`
///   points, so `x scale = (width - 2) / bounds.width` columns per point. A
///   terminal cell is about twice as tall as it is wide, so the y scale is half
///   of it: `y scale = x scale / 2` rows per point, and the frame holds
///   `round(bounds.height * y scale)` rows (at least one).
/// - An element covers columns `[round(x0), round(x1))` and rows
///   `[round(y0), round(y1))` of its frame mapped into viewport coordinates
///   (at least one of each), so abutting frames give abutting boxes and a gap
///   of spacing shows as blank columns or rows when it is large enough.
/// - Elements are drawn opaque in z-order: ascending `zIndex`, ties broken by
///   `ElementKey` order (later keys on top), so a pinned header hides the cells
///   under it. What lies outside the bounds is clipped by the frame.
/// - States: pinned (`isPinned`) heavy lines and a `*` after the label; faded
///   (0 < alpha < 1) dashed lines; hidden (`isHidden`, or alpha 0) not drawn at
///   all, only counted in the caption (`hidden=N`), because an outline would
///   cover visible elements below it. See `BoxGlyphs` for every glyph.
/// - Labels (see `ElementLabel`) are centred in the visible part of the box's
///   inside; a box with no inside row carries its label on its top edge. A label
///   that does not fit is left out (a pinned label first drops its `*`).
/// - Caption: `offset=X,Y bounds=WxH content=WxH elements=N` (N counts every
///   attribute given, hidden ones too) and ` hidden=N` when some are hidden.
/// - Colour (only with `options.color`): headers and footers cyan, decoration
///   views magenta, pinned elements bold yellow, faded ones dim; the frame,
///   the caption and cells stay plain.
///
/// The result is a pure function of its input: lines joined by `\n`, no
/// trailing newline, no trailing spaces.
public enum ViewportRenderer {
    public static func render(attributes: [CollectionViewLayoutAttributes], bounds: CGRect, contentSize: CGSize,
                              options: ViewportRenderOptions = ViewportRenderOptions()) -> String {
        let scale = ViewportScale(bounds: bounds, width: options.width)
        var canvas = Canvas(columns: scale.columns, rows: scale.rows)
        let hiddenCount = attributes.filter(isHidden).count
        let drawn = attributes
            .filter { !isHidden($0) && isDrawable($0.frame) }
            .sorted { ($0.zIndex, $0.key) < ($1.zIndex, $1.key) }
        for element in drawn {
            draw(element, on: &canvas, scale: scale)
        }

        var caption = "offset=\(bounds.origin.stk) bounds=\(bounds.size.stk) content=\(contentSize.stk) elements=\(attributes.count)"
        if hiddenCount > 0 { caption += " hidden=\(hiddenCount)" }
        let frame = BoxGlyphs.viewport
        let edge = String(repeating: frame.horizontal, count: scale.columns)
        var lines = [caption, "\(frame.topLeft)\(edge)\(frame.topRight)"]
        for row in 0..<canvas.rows {
            lines.append("\(frame.vertical)\(canvas.line(row, color: options.color, trimmingTrailingSpaces: false))\(frame.vertical)")
        }
        lines.append("\(frame.bottomLeft)\(edge)\(frame.bottomRight)")
        return lines.joined(separator: "\n")
    }

    /// Hidden elements are not drawn: `isHidden`, or fully transparent.
    static func isHidden(_ a: CollectionViewLayoutAttributes) -> Bool { a.isHidden || a.alpha <= 0 }

    /// A frame with a NaN or infinite coordinate has no place on screen.
    static func isDrawable(_ frame: CGRect) -> Bool {
        [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].allSatisfy(\.isFinite)
    }

    private static func draw(_ element: CollectionViewLayoutAttributes, on canvas: inout Canvas, scale: ViewportScale) {
        let faded = element.alpha < 1
        let glyphs = BoxGlyphs.forElement(pinned: element.isPinned, faded: faded)
        let style = ElementStyle(role: role(of: element.representedElementCategory), isPinned: element.isPinned, isFaded: faded)
        let box = scale.box(for: element.frame)
        let rowLow = max(box.top, 0), rowHigh = min(box.bottom, canvas.rows - 1)
        let columnLow = max(box.left, 0), columnHigh = min(box.right, canvas.columns - 1)
        guard rowLow <= rowHigh, columnLow <= columnHigh else { return }
        for row in rowLow...rowHigh {
            for column in columnLow...columnHigh {
                let glyph = box.glyph(row: row, column: column, glyphs: glyphs)
                // The blank inside covers what lies below but carries no colour,
                // so coloured output wraps only lines and labels.
                canvas.put(glyph, row: row, column: column, style: glyph == " " ? .chrome : style)
            }
        }
        placeLabel(for: element, in: box, on: &canvas, style: style)
    }

    private static func placeLabel(for element: CollectionViewLayoutAttributes, in box: CellBox, on canvas: inout Canvas, style: ElementStyle) {
        guard box.width >= 3 else { return }
        let row: Int
        if box.height >= 3 {
            let top = max(box.top + 1, 0), bottom = min(box.bottom - 1, canvas.rows - 1)
            guard top <= bottom else { return }
            row = top + (bottom - top) / 2
        } else if box.top >= 0 && box.top < canvas.rows {
            row = box.top
        } else if box.bottom >= 0 && box.bottom < canvas.rows {
            row = box.bottom
        } else {
            return
        }
        let left = max(box.left + 1, 0), right = min(box.right - 1, canvas.columns - 1)
        guard left <= right else { return }
        let room = right - left + 1
        let name = ElementLabel.text(for: element.key)
        let candidates = element.isPinned ? [name + "*", name] : [name]
        guard let label = candidates.first(where: { $0.count <= room }) else { return }
        canvas.put(label, row: row, column: left + (room - label.count) / 2, style: style)
    }

    private static func role(of category: ElementCategory) -> ElementStyle.Role {
        switch category {
        case .cell: return .cell
        case .supplementaryView: return .supplementary
        case .decorationView: return .decoration
        }
    }
}

/// The mapping from points to terminal cells (see `ViewportRenderer`).
struct ViewportScale {
    let bounds: CGRect
    /// Columns and rows inside the frame.
    let columns: Int
    let rows: Int
    /// Columns per point, and rows per point (half of it: cells are about twice as tall as wide).
    let xScale: Double
    let yScale: Double

    init(bounds: CGRect, width: Int) {
        self.bounds = bounds
        columns = max(width, ViewportRenderOptions.minimumWidth) - 2
        let drawable = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
        xScale = drawable ? Double(columns) / Double(bounds.width) : 0
        yScale = xScale / 2
        rows = drawable ? min(max(1, Int((Double(bounds.height) * yScale).rounded())), ViewportRenderOptions.maximumRows) : 0
    }

    /// The cells an element's frame covers, in cell coordinates relative to the
    /// inside of the frame (they may lie partly or wholly outside it).
    func box(for frame: CGRect) -> CellBox {
        let left = cell(Double(frame.minX - bounds.minX) * xScale)
        let top = cell(Double(frame.minY - bounds.minY) * yScale)
        let right = max(left, cell(Double(frame.maxX - bounds.minX) * xScale) - 1)
        let bottom = max(top, cell(Double(frame.maxY - bounds.minY) * yScale) - 1)
        return CellBox(left: left, top: top, right: right, bottom: bottom)
    }

    /// Rounds half away from zero, clamped far outside any canvas so that huge
    /// frames cannot overflow `Int`.
    private func cell(_ value: Double) -> Int {
        Int(min(max(value.rounded(), -1_000_000), 1_000_000))
    }
}

/// An inclusive rectangle of terminal cells.
struct CellBox: Equatable {
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int

    var width: Int { right - left + 1 }
    var height: Int { bottom - top + 1 }

    /// The glyph of the box at one of its cells: an edge, a corner, or a blank
    /// inside (boxes are opaque).
    func glyph(row: Int, column: Int, glyphs: BoxGlyphs) -> Character {
        let atTop = row == top, atBottom = row == bottom, atLeft = column == left, atRight = column == right
        switch (width, height) {
        case (1, 1): return glyphs.single
        case (_, 1): return atLeft ? glyphs.rowStart : atRight ? glyphs.rowEnd : glyphs.horizontal
        case (1, _): return atTop ? glyphs.columnStart : atBottom ? glyphs.columnEnd : glyphs.vertical
        default:
            switch (atTop, atBottom, atLeft, atRight) {
            case (true, _, true, _): return glyphs.topLeft
            case (true, _, _, true): return glyphs.topRight
            case (_, true, true, _): return glyphs.bottomLeft
            case (_, true, _, true): return glyphs.bottomRight
            case (true, _, _, _), (_, true, _, _): return glyphs.horizontal
            case (_, _, true, _), (_, _, _, true): return glyphs.vertical
            default: return " "
            }
        }
    }
}
