import Foundation
import LayoutKit

/// A compositional section that scrolls along the other axis (an orthogonal
/// row: a carousel inside a vertical list), as pictures show it. Its cells
/// slide inside the row, so the viewport alone does not say how far the row
/// is scrolled: `render` adds a `rows:` line, and the SVG picture draws the
/// row's own scroll indicator along its bottom (or trailing) edge, as iOS
/// shows it while the row scrolls. `rows(in:elements:)` makes them.
public struct OrthogonalRow: Equatable, Sendable {
    public var state: OrthogonalRowState
    /// Where the row is on screen, in content coordinates: across the
    /// viewport, and along the main axis from its first visible cell to its last.
    public var band: CGRect
    /// The row scrolls horizontally (the collection view scrolls vertically).
    public var isHorizontal: Bool

    /// The orthogonal rows of the sections that have a cell among `elements`,
    /// by section; none for a layout that is not compositional (the elements
    /// are not even made then: the frame log makes them later).
    public static func rows(in collectionView: CollectionView, elements: @autoclosure () -> [PictureElement]) -> [OrthogonalRow] {
        guard let layout = collectionView.collectionViewLayout as? CollectionViewCompositionalLayout else { return [] }
        let elements = elements()
        let isHorizontal = layout.configuration.scrollDirection == .vertical
        let bounds = collectionView.bounds
        var cellsBySection: [Int: CGRect] = [:]
        for element in elements where element.key.category == .cell && element.isDrawn {
            cellsBySection[element.key.section] = cellsBySection[element.key.section].map { $0.union(element.frame) } ?? element.frame
        }
        return cellsBySection.keys.sorted().compactMap { section in
            guard let state = layout.orthogonalRow(ofSection: section), let cells = cellsBySection[section] else { return nil }
            let band = isHorizontal
                ? CGRect(x: bounds.minX, y: cells.minY, width: bounds.width, height: cells.height)
                : CGRect(x: cells.minX, y: bounds.minY, width: cells.width, height: bounds.height)
            return OrthogonalRow(state: state, band: band, isHorizontal: isHorizontal)
        }
    }

    /// `section 1 at 120 of 0...2590`: the row's offset and the range it takes.
    public var legendText: String {
        "section \(state.section) at \(state.offset.stk) of 0...\(state.maximumOffset.stk)"
    }

    /// `rows: section 0 at 0 of 0...2590  section 1 at 120 of 0...2590`, cut
    /// to `width` characters; nothing when no row is on screen.
    public static func legendLines(_ rows: [OrthogonalRow], width: Int = 80) -> [String] {
        guard !rows.isEmpty else { return [] }
        let prefix = "rows: "
        return [prefix + ListSummary.join(rows.map(\.legendText), separator: "  ", budget: max(10, width - prefix.count - 16))]
    }

    /// The indicator's thumb along the row, in the band's own coordinates
    /// (0 at the row's leading edge): its start and length. As the collection
    /// view's: the visible fraction of the row, at least 8 points, moved by
    /// the offset's share of the range.
    public var thumb: (start: Double, length: Double) {
        let track = Double(isHorizontal ? band.width : band.height)
        let content = Double(state.contentLength), visible = Double(state.visibleLength)
        guard content > visible, visible > 0, track > 0 else { return (0, track) }
        let length = min(track, max(8, track * visible / content))
        let share = Double(state.offset) / Double(state.maximumOffset)
        return (min(max(share, 0), 1) * (track - length), length)
    }

    /// The indicator as the SVG picture and the page draw it, relative to a
    /// viewport whose origin is `origin`: a track along the row's bottom edge
    /// (its trailing edge when the row scrolls vertically), 2 points in and
    /// 6 thick, and the thumb on it.
    public func indicator(origin: CGPoint) -> (track: CGRect, thumb: CGRect) {
        let band = self.band.offsetBy(dx: -origin.x, dy: -origin.y)
        let thickness: CGFloat = 6, inset: CGFloat = 2
        let thumb = self.thumb
        if isHorizontal {
            let y = band.maxY - thickness - inset
            return (CGRect(x: band.minX, y: y, width: band.width, height: thickness),
                    CGRect(x: band.minX + CGFloat(thumb.start), y: y, width: CGFloat(thumb.length), height: thickness))
        }
        let x = band.maxX - thickness - inset
        return (CGRect(x: x, y: band.minY, width: thickness, height: band.height),
                CGRect(x: x, y: band.minY + CGFloat(thumb.start), width: thickness, height: CGFloat(thumb.length)))
    }
}
