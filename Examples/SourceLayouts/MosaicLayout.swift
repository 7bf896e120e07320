//
//  MosaicLayout.swift
//
//  A mosaic in the style of Apple's sample layouts: a repeating pattern of one
//  large tile and smaller ones, computed once in prepare() and cached, with an
//  enum option and the sizes and insets a designer tunes. Scrolling does not
//  invalidate it: nothing moves with the viewport.
//

import UIKit

enum MosaicStyle: String {
    /// One large tile then two stacked small ones, per row of three columns.
    case bigLeft
    /// The large tile on the right.
    case bigRight
    /// Every tile the same size.
    case uniform
}

class MosaicLayout: UICollectionViewLayout {
    var style: MosaicStyle = .bigLeft {
        didSet { invalidateLayout() }
    }
    /// Height of one row of the pattern.
    var rowHeight: CGFloat = 200
    /// Space between tiles.
    var gap: CGFloat = 4
    var insets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// Whether tiles are rounded to whole points (as on a 1x screen).
    var roundsToPixels = false
    private(set) var rowCount = 0

    private var cachedAttributes: [UICollectionViewLayoutAttributes] = []
    private var contentBounds = CGRect.zero

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        cachedAttributes.removeAll()
        let width = collectionView.bounds.width - insets.left - insets.right
        contentBounds = CGRect(origin: .zero, size: CGSize(width: collectionView.bounds.width, height: insets.top))
        let count = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
        var y = insets.top
        var index = 0
        rowCount = 0
        while index < count {
            for frame in rowFrames(width: width, y: y) where index < count {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
                var tile = frame.insetBy(dx: gap / 2, dy: gap / 2)
                if roundsToPixels { tile = tile.integral }
                attributes.frame = tile
                cachedAttributes.append(attributes)
                contentBounds = contentBounds.union(frame)
                index += 1
            }
            y += rowHeight
            rowCount += 1
        }
        contentBounds.size.height += insets.bottom
    }

    /// The tiles of one row of the pattern, left to right.
    private func rowFrames(width: CGFloat, y: CGFloat) -> [CGRect] {
        let third = width / 3
        let x = insets.left
        switch style {
        case .uniform:
            return (0..<3).map { CGRect(x: x + CGFloat($0) * third, y: y, width: third, height: rowHeight) }
        case .bigLeft:
            return [CGRect(x: x, y: y, width: 2 * third, height: rowHeight),
                    CGRect(x: x + 2 * third, y: y, width: third, height: rowHeight / 2),
                    CGRect(x: x + 2 * third, y: y + rowHeight / 2, width: third, height: rowHeight / 2)]
        case .bigRight:
            return [CGRect(x: x, y: y, width: third, height: rowHeight / 2),
                    CGRect(x: x, y: y + rowHeight / 2, width: third, height: rowHeight / 2),
                    CGRect(x: x + third, y: y, width: 2 * third, height: rowHeight)]
        }
    }

    override var collectionViewContentSize: CGSize {
        return contentBounds.size
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return cachedAttributes.filter { rect.intersects($0.frame) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section == 0, indexPath.item < cachedAttributes.count else { return nil }
        return cachedAttributes[indexPath.item]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }
}
