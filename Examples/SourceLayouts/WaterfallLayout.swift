//
//  WaterfallLayout.swift
//
//  A waterfall (Pinterest-style) layout in the Objective-C-friendly style many
//  open-source layouts use: an @objc delegate protocol with optional
//  requirements called with `?(`, @objcMembers, @IBInspectable and dynamic
//  properties, and CoreGraphics imported beside UIKit.
//

import CoreGraphics
import UIKit

@objc public protocol WaterfallLayoutDelegate: AnyObject {
    /// The height of an item at the layout's column width.
    @objc optional func collectionView(_ collectionView: UICollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath) -> CGFloat
    @objc optional func numberOfColumns(in collectionView: UICollectionView) -> Int
}

@objcMembers
@IBDesignable
open class WaterfallLayout: UICollectionViewLayout {
    /// Columns, unless the delegate says otherwise.
    @IBInspectable public var numberOfColumns: Int = 2 {
        didSet { invalidateLayout() }
    }

    /// Space between columns and between items of a column.
    @IBInspectable public dynamic var spacing: CGFloat = 10 {
        didSet { invalidateLayout() }
    }

    /// Insets around the whole content.
    public var contentInsets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

    public weak var delegate: WaterfallLayoutDelegate?

    private var cache: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0

    private var contentWidth: CGFloat {
        guard let collectionView = collectionView else { return 0 }
        return collectionView.bounds.width - contentInsets.left - contentInsets.right
    }

    open override var collectionViewContentSize: CGSize {
        return CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    open override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        cache.removeAll()
        let columns = max(1, delegate?.numberOfColumns?(in: collectionView) ?? numberOfColumns)
        let columnWidth = (contentWidth - CGFloat(columns - 1) * spacing) / CGFloat(columns)
        var columnHeights = [CGFloat](repeating: contentInsets.top, count: columns)
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                // The shortest column takes the next item.
                let column = columnHeights.indices.min { columnHeights[$0] < columnHeights[$1] } ?? 0
                let height = delegate?.collectionView?(collectionView, layout: self, heightForItemAt: indexPath)
                    ?? defaultHeight(for: indexPath)
                let x = contentInsets.left + CGFloat(column) * (columnWidth + spacing)
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: x, y: columnHeights[column], width: columnWidth, height: height)
                cache.append(attributes)
                columnHeights[column] += height + spacing
            }
        }
        contentHeight = (columnHeights.max() ?? 0) - spacing + contentInsets.bottom
    }

    /// Heights that vary with the item, so the columns interleave: 60, 90, 120, 60, ...
    private func defaultHeight(for indexPath: IndexPath) -> CGFloat {
        return CGFloat(60 + 30 * (indexPath.item % 3))
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return cache.filter { $0.frame.intersects(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return cache.first { $0.indexPath == indexPath }
    }
}
