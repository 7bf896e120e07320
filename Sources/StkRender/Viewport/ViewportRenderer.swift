import Foundation
import LayoutKit

/// What `render` may be asked to vary.
public struct ViewportRenderOptions: Equatable, Sendable {
    /// Total width of the drawing in terminal columns, the viewport frame
    /// included. Values below `minimumWidth` are raised to it.
    public var width: Int
    /// Total height of the frame in terminal rows, its two edges included
    /// (the caption and the legend are not counted); nil: as tall as the
    /// width's scale makes it (a terminal cell is about twice as tall as wide).
    public var height: Int?
    /// Wrap elements in ANSI colours (see `ColorPolicy` for when to turn it on).
    public var color: Bool
    /// What the last operation did: the elements to mark, and the legend.
    public var marks: CycleMarks
    /// The orthogonal rows on screen, said after the legend (`rows:`).
    public var rows: [OrthogonalRow]

    public init(width: Int = 80, height: Int? = nil, color: Bool = false, marks: CycleMarks = CycleMarks(),
                rows: [OrthogonalRow] = []) {
        self.width = width
        self.height = height
        self.color = color
        self.marks = marks
        self.rows = rows
    }

    /// The frame's two columns plus two columns of inside.
    public static let minimumWidth = 4
    /// The frame's two rows plus one row of inside.
    public static let minimumHeight = 3
    /// The widest drawing `height=N` alone may ask for (a very flat viewport
    /// would otherwise need thousands of columns).
    public static let maximumWidth = 1_000
    /// A cap on the rows drawn inside the frame, so that a very tall viewport
    /// cannot make the drawing unbounded. A viewport 390 points wide would need
    /// to be about 40,000 points tall at the default width to reach it.
    public static let maximumRows = 4_000

    /// The width that keeps the viewport's proportions in a frame `height`
    /// rows tall (edges included): `height=N` without `width=`.
    public static func width(forHeight height: Int, bounds: CGRect) -> Int {
        let inside = Double(max(height, minimumHeight) - 2)
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return 80 }
        let columns = (inside * 2 * Double(bounds.width) / Double(bounds.height)).rounded()
        return Int(min(max(columns + 2, Double(minimumWidth)), Double(maximumWidth)))
    }

    /// The widest drawing, at most `columns` wide, whose frame, caption and
    /// legend fit in `rows` lines: `render` with neither width nor height on
    /// a terminal `columns` x `rows` (the caller keeps a line for the prompt).
    public static func fitting(columns: Int, rows: Int, bounds: CGRect, marks: CycleMarks,
                               orthogonalRows: [OrthogonalRow] = []) -> ViewportRenderOptions {
        // Up to three lines of motion (moved, inserted, deleted) follow the
        // legend, then the line of the orthogonal rows.
        let motion = (marks.before.isEmpty ? 0 : 1) + (marks.initial.isEmpty ? 0 : 1) + (marks.final.isEmpty ? 0 : 1)
        let rowsLine = orthogonalRows.isEmpty ? 0 : 1
        let frameRows = max(minimumHeight, rows - 1 - ViewportRenderer.legendLines(marks).count - motion - rowsLine)
        var width = max(minimumWidth, min(columns, self.width(forHeight: frameRows, bounds: bounds)))
        while width > minimumWidth, ViewportScale(bounds: bounds, width: width, height: nil).rows + 2 > frameRows {
            width -= 1
        }
        return ViewportRenderOptions(width: width, marks: marks, rows: orthogonalRows)
    }
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
/// - With `height`, the y scale is instead `(height - 2) / bounds.height`, and
///   the frame holds `height - 2` rows.
/// - An element starts at column `round(x0)` and row `round(y0)` of its frame
///   mapped into viewport coordinates. Across, it spans `round(width)` columns
///   of its scaled width: elements of the same width get boxes of the same
///   width, so a line of equal cells keeps every label (cells that abut may
///   then meet a column apart or share one). Down, it covers rows
///   `[round(y0), round(y1))`, so a header and the line under it abut as
///   their frames do. At least one column and one row.
/// - Elements are drawn opaque in z-order: ascending `zIndex`, ties broken by
///   `ElementKey` order (later keys on top), so a pinned header hides the cells
///   under it. What lies outside the bounds is clipped by the frame. A
///   transformed element is drawn as the box holding its transformed shape
///   (see `ElementShape`): a card scaled to 0.8 is a smaller box, a rotated
///   one the box around it.
/// - States: pinned (`isPinned`) heavy lines and a `*` after the label; faded
///   (0 < alpha < 1) dashed lines; hidden (`isHidden`, or alpha 0) not drawn at
///   all, only counted in the caption (`hidden=N`), because an outline would
///   cover visible elements below it. See `BoxGlyphs` for every glyph.
/// - Labels (see `ElementLabel`) are centred in the visible part of the box's
///   inside; a box with no inside row carries its label on its top edge. A label
///   that does not fit is left out (a pinned label first drops its `*`).
/// - Caption: `offset=X,Y bounds=WxH content=WxH elements=N` (N counts every
///   attribute given, hidden ones too) and ` hidden=N` when some are hidden.
/// - Marks (`options.marks`, the last operation's): after the label, `!` for
///   an element a context named, `+` for one that appeared, `~` for one whose
///   frame changed. When the label and its marks do not fit, the name stays
///   and the first mark takes the box's top-left corner. A legend follows the
///   frame: `marks: ! invalidated 4 (bounds change)  + appeared 6  ~ moved 1`,
///   then `disappeared: 0:0 0:1 …` (see `legendLines`), the motion of a
///   batch update (see `motionLines`), and where the orthogonal rows on
///   screen are scrolled: `rows: section 0 at 120 of 0...2590` (see `OrthogonalRow`).
/// - Colour (only with `options.color`): headers and footers cyan, decoration
///   views magenta, pinned elements bold yellow, faded ones dim; invalidated
///   elements red (bold when pinned), else appeared ones green and moved
///   ones blue; the frame, the caption and plain cells stay plain.
///
/// The result is a pure function of its input: lines joined by `\n`, no
/// trailing newline, no trailing spaces.
public enum ViewportRenderer {
    public static func render(attributes: [CollectionViewLayoutAttributes], bounds: CGRect, contentSize: CGSize,
                              options: ViewportRenderOptions = ViewportRenderOptions()) -> String {
        render(elements: attributes.map { PictureElement($0) }, bounds: bounds, contentSize: contentSize, options: options)
    }

    public static func render(elements: [PictureElement], bounds: CGRect, contentSize: CGSize,
                              options: ViewportRenderOptions = ViewportRenderOptions()) -> String {
        let scale = ViewportScale(bounds: bounds, width: options.width, height: options.height)
        var canvas = Canvas(columns: scale.columns, rows: scale.rows)
        let hiddenCount = elements.filter { $0.isHidden || $0.alpha <= 0 }.count
        let drawn = elements.filter(\.isDrawn).sorted(by: PictureElement.drawingOrder)
        for element in drawn {
            draw(element, marks: options.marks.marks(of: element.key), on: &canvas, scale: scale)
        }

        var caption = "offset=\(bounds.origin.stk) bounds=\(bounds.size.stk) content=\(contentSize.stk) elements=\(elements.count)"
        if hiddenCount > 0 { caption += " hidden=\(hiddenCount)" }
        let frame = BoxGlyphs.viewport
        let edge = String(repeating: frame.horizontal, count: scale.columns)
        var lines = [caption, "\(frame.topLeft)\(edge)\(frame.topRight)"]
        for row in 0..<canvas.rows {
            lines.append("\(frame.vertical)\(canvas.line(row, color: options.color, trimmingTrailingSpaces: false))\(frame.vertical)")
        }
        lines.append("\(frame.bottomLeft)\(edge)\(frame.bottomRight)")
        lines += legendLines(options.marks, width: max(options.width, 80))
        lines += motionLines(Motion.all(options.marks, elements: elements, bounds: bounds), width: max(options.width, 80))
        lines += OrthogonalRow.legendLines(options.rows, width: max(options.width, 80))
        return lines.joined(separator: "\n")
    }

    /// The motion of a batch update, after the legend: one line for what
    /// moved (from where it was to where it is, by origin, the whole frame
    /// when its size changed), one for what was inserted (the initial
    /// attributes UIKit animates it from) and one for what was deleted (the
    /// final attributes it animates to), each cut to `width` characters:
    ///
    ///     moved: 0:0 (was 0:1) 68,44 -> 0,44  0:3 (was 0:0) 0,44 -> 204,44 … and 2 more
    ///     inserted: 0:1 from 68,44,50,50 alpha=0
    ///     deleted: 0:5 to 340,44,50,50 alpha=0
    ///
    /// A move the eye cannot see (a pinned header that stays put on screen
    /// while the content scrolls) is not listed.
    public static func motionLines(_ motions: [Motion], width: Int = 80) -> [String] {
        var lines: [String] = []
        for kind in [Motion.Kind.moved, .inserted, .deleted] {
            let texts = motions.filter { $0.kind == kind }.map(\.legendText)
            guard !texts.isEmpty else { continue }
            let prefix = "\(kind.rawValue): "
            lines.append(prefix + ListSummary.join(texts, separator: "  ", budget: max(10, width - prefix.count - 16)))
        }
        return lines
    }

    /// The legend under the frame, when there is something to mark:
    ///
    ///     marks: ! invalidated 4 (bounds change)  + appeared 6  ~ moved 1
    ///     disappeared: 0:0 0:1 0:2 H0 … and 3 more
    ///
    /// Counts are of every element concerned, drawn or not (a context names
    /// headers off screen too). A context that redoes everything names no
    /// element: `! every element invalidated (reloadData)`. The list of what
    /// disappeared is cut to `width` characters.
    public static func legendLines(_ marks: CycleMarks, width: Int = 80) -> [String] {
        var parts: [String] = []
        let reasons = marks.reasons.isEmpty ? "" : " (\(marks.reasons.joined(separator: ", ")))"
        if marks.invalidatedEverything {
            parts.append("every element invalidated\(reasons)")
        } else if !marks.invalidated.isEmpty {
            parts.append("! invalidated \(marks.invalidated.count)\(reasons)")
        }
        if !marks.appeared.isEmpty { parts.append("+ appeared \(marks.appeared.count)") }
        if !marks.moved.isEmpty { parts.append("~ moved \(marks.moved.count)") }
        var lines: [String] = []
        if !parts.isEmpty { lines.append("marks: " + parts.joined(separator: "  ")) }
        if !marks.disappeared.isEmpty {
            let prefix = "disappeared: "
            let names = marks.disappeared.map(ElementLabel.text(for:))
            lines.append(prefix + ListSummary.join(names, separator: " ", budget: max(10, width - prefix.count - 16)))
        }
        return lines
    }

    private static func draw(_ element: PictureElement, marks: [CycleMarks.Mark], on canvas: inout Canvas, scale: ViewportScale) {
        let faded = element.alpha < 1
        let glyphs = BoxGlyphs.forElement(pinned: element.isPinned, faded: faded)
        let style = ElementStyle(role: role(of: element.key.category), isPinned: element.isPinned, isFaded: faded, mark: marks.first)
        // Where UIKit draws it: a transformed element takes the box that
        // holds its transformed shape (a card scaled to 0.8 draws smaller).
        let box = scale.box(for: element.transform == nil ? element.frame : ElementShape(element, origin: .zero).box)
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
        let placed = placeLabel(for: element, marks: marks, in: box, on: &canvas, style: style)
        if !placed, let first = marks.first, canvas.contains(row: box.top, column: box.left) {
            // No room for the marks after the label: the first takes the corner.
            canvas.put(first.rawValue, row: box.top, column: box.left, style: style)
        }
    }

    /// Places the label; returns whether its marks were placed with it (true
    /// when there are none).
    @discardableResult
    private static func placeLabel(for element: PictureElement, marks: [CycleMarks.Mark], in box: CellBox,
                                   on canvas: inout Canvas, style: ElementStyle) -> Bool {
        guard box.width >= 3 else { return marks.isEmpty }
        let row: Int
        if box.height >= 3 {
            let top = max(box.top + 1, 0), bottom = min(box.bottom - 1, canvas.rows - 1)
            guard top <= bottom else { return marks.isEmpty }
            row = top + (bottom - top) / 2
        } else if box.top >= 0 && box.top < canvas.rows {
            row = box.top
        } else if box.bottom >= 0 && box.bottom < canvas.rows {
            row = box.bottom
        } else {
            return marks.isEmpty
        }
        let left = max(box.left + 1, 0), right = min(box.right - 1, canvas.columns - 1)
        guard left <= right else { return marks.isEmpty }
        let room = right - left + 1
        let name = ElementLabel.text(for: element.key)
        let suffix = String(marks.map(\.rawValue))
        // Heavy lines say pinned already: its `*` goes first, then the marks.
        var candidates: [(text: String, withMarks: Bool)] = []
        if element.isPinned { candidates.append((name + "*" + suffix, true)) }
        if !suffix.isEmpty { candidates.append((name + suffix, true)) }
        candidates.append((name, marks.isEmpty))
        guard let label = candidates.first(where: { $0.text.count <= room }) else { return marks.isEmpty }
        canvas.put(label.text, row: row, column: left + (room - label.text.count) / 2, style: style)
        return label.withMarks
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

    init(bounds: CGRect, width: Int, height: Int? = nil) {
        self.bounds = bounds
        columns = max(width, ViewportRenderOptions.minimumWidth) - 2
        let drawable = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
        xScale = drawable ? Double(columns) / Double(bounds.width) : 0
        if let height, drawable {
            rows = min(max(height, ViewportRenderOptions.minimumHeight) - 2, ViewportRenderOptions.maximumRows)
            yScale = Double(rows) / Double(bounds.height)
        } else {
            yScale = xScale / 2
            rows = drawable ? min(max(1, Int((Double(bounds.height) * yScale).rounded())), ViewportRenderOptions.maximumRows) : 0
        }
    }

    /// The cells an element's frame covers, in cell coordinates relative to the
    /// inside of the frame (they may lie partly or wholly outside it): from its
    /// rounded origin, as many columns as its rounded width, and down to the
    /// row before its rounded bottom edge (at least one of each).
    func box(for frame: CGRect) -> CellBox {
        let left = cell(Double(frame.minX - bounds.minX) * xScale)
        let top = cell(Double(frame.minY - bounds.minY) * yScale)
        let width = max(1, cell(Double(frame.width) * xScale))
        let bottom = max(top, cell(Double(frame.maxY - bounds.minY) * yScale) - 1)
        return CellBox(left: left, top: top, right: left + width - 1, bottom: bottom)
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
