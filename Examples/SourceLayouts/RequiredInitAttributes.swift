//
//  RequiredInitAttributes.swift
//
//  Cards that slide against the scroll, with the amount carried in a custom
//  attributes class that a cell reads in apply(_:). The attributes declare
//  `override init()`, as many attributes subclasses do to set up their fields.
//

import Foundation
import UIKit

final class CardParallaxLayoutAttributes: UICollectionViewLayoutAttributes {
    /// How far the card's image is moved, -1...1 from the top to the bottom of the screen.
    var parallax: CGFloat = 0

    override init() {
        super.init()
    }

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CardParallaxLayoutAttributes
        copy.parallax = parallax
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CardParallaxLayoutAttributes else { return false }
        return other.parallax == parallax && super.isEqual(object)
    }
}

final class CardParallaxLayout: UICollectionViewLayout {
    /// Height of one card.
    var cardHeight: CGFloat = 240
    /// Space between cards.
    var spacing: CGFloat = 12

    private var cache: [CardParallaxLayoutAttributes] = []

    override class var layoutAttributesClass: AnyClass {
        CardParallaxLayoutAttributes.self
    }

    override var collectionViewContentSize: CGSize {
        // Down to the last card, and the spacing below it.
        CGSize(width: collectionView?.bounds.width ?? 0, height: (cache.last?.frame.maxY ?? 0) + spacing)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        cache.removeAll()
        let count = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
        var y = spacing
        for item in 0..<count {
            let attributes = CardParallaxLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: spacing, y: y, width: collectionView.bounds.width - 2 * spacing, height: cardHeight)
            cache.append(attributes)
            y += cardHeight + spacing
        }
        updateParallax(in: collectionView.bounds)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }.map { $0.copy() as! CardParallaxLayoutAttributes }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section == 0, indexPath.item < cache.count else { return nil }
        return cache[indexPath.item].copy() as? CardParallaxLayoutAttributes
    }

    // The parallax follows the viewport: every scroll lays the cards out again.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    private func updateParallax(in bounds: CGRect) {
        let half = max(bounds.height / 2, 1)
        for attributes in cache {
            let distance = attributes.frame.midY - bounds.midY
            attributes.parallax = max(-1, min(1, distance / half))
        }
    }
}
