import StkUIKit

/// A flow layout whose lines are packed from the left: the flow layout decides
/// which items share a line, and each line then starts at the section's left
/// inset with exactly `minimumInteritemSpacing` between its items, instead of
/// spreading the leftover width between them. (Horizontal scrolling is the
/// transpose: each column is packed from the top.)
///
/// Written as it would be for iOS: a `UICollectionViewFlowLayout` subclass
/// that adjusts the attributes its superclass computes.
open class LeftAlignedFlowLayout: UICollectionViewFlowLayout {

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        // Packing only moves items towards the start of their line, so an item
        // whose packed frame meets `rect` may sit past rect's far edge in the
        // flow: ask the flow for everything up to the far edge of the content.
        let content = collectionViewContentSize
        let query = isHorizontal
            ? CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: max(rect.maxY, content.height) - rect.minY)
            : CGRect(x: rect.minX, y: rect.minY, width: max(rect.maxX, content.width) - rect.minX, height: rect.height)
        // Copies: the flow's own objects are its cache, which a subclass must
        // not change (UIKit logs "cached frame mismatch" when it does).
        guard let attributes = super.layoutAttributesForElements(in: query)?
            .map({ $0.copy() as! UICollectionViewLayoutAttributes }) else { return nil }

        var result: [UICollectionViewLayoutAttributes] = []
        result.reserveCapacity(attributes.count)
        // Items already packed, so a line is measured once.
        var packed: [IndexPath: PackedItem] = [:]
        let cells = attributes.filter { $0.representedElementCategory == .cell }.sorted { $0.indexPath < $1.indexPath }
        for cell in cells {
            cell.frame = packedFrame(of: cell, packed: &packed)
            if cell.frame.overlaps(rect) { result.append(cell) }
        }
        for other in attributes where other.representedElementCategory != .cell && other.frame.overlaps(rect) {
            result.append(other)
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        var packed: [IndexPath: PackedItem] = [:]
        attributes.frame = packedFrame(of: attributes, packed: &packed)
        return attributes
    }

    // MARK: Packing

    /// An item already packed: its flow frame and where its packed frame ends,
    /// in scroll-axis coordinates (y along the scroll axis, x across it).
    private struct PackedItem {
        var natural: CGRect
        var end: CGFloat
    }

    /// The frame of a cell packed against the start of its line. `packed`
    /// remembers items already placed, so consecutive items of one line cost one
    /// step each; an item whose predecessor is unknown walks back to the start
    /// of its line (a line holds few items).
    private func packedFrame(of cell: UICollectionViewLayoutAttributes, packed: inout [IndexPath: PackedItem]) -> CGRect {
        guard let collectionView else { return cell.frame }
        let section = cell.indexPath.section
        let delegate = (collectionView.delegate as? UICollectionViewDelegateFlowLayout) ?? StkFlowDelegate.shared
        let inset = delegate.collectionView(collectionView, layout: self, insetForSectionAt: section)
        let spacing = delegate.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
        let lineStart = isHorizontal ? inset.top : inset.left

        let natural = scrollAxisRect(cell.frame)
        var start = lineStart
        if let previous = packed[IndexPath(item: cell.indexPath.item - 1, section: section)] {
            if Self.sameLine(previous.natural, natural) { start = previous.end + spacing }
        } else {
            // Walk back to the first item of the line, adding up the widths on the way.
            var item = cell.indexPath.item
            while item > 0, let before = super.layoutAttributesForItem(at: IndexPath(item: item - 1, section: section)) {
                let beforeFrame = scrollAxisRect(before.frame)
                guard Self.sameLine(beforeFrame, natural) else { break }
                start += beforeFrame.width + spacing
                item -= 1
            }
        }
        var frame = natural
        frame.origin.x = start
        packed[cell.indexPath] = PackedItem(natural: natural, end: frame.maxX)
        return scrollAxisRect(frame)
    }

    /// Items of one line are centred on the line's middle, so their spans along
    /// the scroll axis overlap; items of different lines are at least the line
    /// spacing apart (spans may touch when it is 0, never overlap).
    private static func sameLine(_ a: CGRect, _ b: CGRect) -> Bool {
        (a.minY < b.maxY && b.minY < a.maxY) || abs(a.midY - b.midY) < 1e-9
    }
}
