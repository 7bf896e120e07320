//
//  AnimatedCardsLayout.swift
//
//  A horizontal row of cards whose look is delegated to an animator: the
//  layout computes the frames, and an object conforming to
//  LayoutAttributesAnimator changes the attributes (alpha, transform) from the
//  card's distance to the centre of the viewport. The app picks the animator
//  (`layout.animator = LinearCardAnimator()`) and which card stays on top where
//  cards overlap (`layout.stacking = CenterOnTopStacking()`). The cell class
//  lives in the same file, as it often does.
//

import UIKit
import Foundation

/// Changes a card's attributes for where it stands in the viewport.
protocol LayoutAttributesAnimator {
    func animate(collectionView: UICollectionView, attributes: UICollectionViewLayoutAttributes)
}

extension LayoutAttributesAnimator {
    /// How far the card's centre is from the viewport's, in card widths
    /// (0 at the centre, capped at 1).
    func distance(of attributes: UICollectionViewLayoutAttributes, in collectionView: UICollectionView) -> CGFloat {
        let center = collectionView.contentOffset.x + collectionView.bounds.width / 2
        return min(abs(attributes.center.x - center) / attributes.frame.width, 1)
    }
}

/// Fades cards away from the centre, down to `minimumAlpha` one card width away.
struct LinearCardAnimator: LayoutAttributesAnimator {
    var minimumAlpha: CGFloat = 0.5

    func animate(collectionView: UICollectionView, attributes: UICollectionViewLayoutAttributes) {
        attributes.alpha = 1 - distance(of: attributes, in: collectionView) * (1 - minimumAlpha)
    }
}

/// Shrinks cards away from the centre, down to `minimumScale`.
final class ScaleCardAnimator: LayoutAttributesAnimator {
    let minimumScale: CGFloat

    init(minimumScale: CGFloat = 0.8) {
        self.minimumScale = minimumScale
    }

    func animate(collectionView: UICollectionView, attributes: UICollectionViewLayoutAttributes) {
        let scale = 1 - distance(of: attributes, in: collectionView) * (1 - minimumScale)
        attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
    }
}

/// Turns cards by a fixed angle: it needs the angle, so it has no init().
struct TiltCardAnimator: LayoutAttributesAnimator {
    let angle: CGFloat

    func animate(collectionView: UICollectionView, attributes: UICollectionViewLayoutAttributes) {
        attributes.transform = CGAffineTransform(rotationAngle: angle * distance(of: attributes, in: collectionView))
    }
}

/// Which card is drawn on top where cards overlap: the later one.
class CardStacking {
    func zIndex(forDistance distance: CGFloat, item: Int) -> Int {
        return item
    }
}

/// The card nearest the centre on top.
final class CenterOnTopStacking: CardStacking {
    override func zIndex(forDistance distance: CGFloat, item: Int) -> Int {
        return distance < 0.5 ? 1 : 0
    }
}

/// What prepare() measured, for the cells and the snapping code.
final class PageMetrics {
    var pageWidth: CGFloat = 0
    var pageCount = 0
}

final class AnimatedCardsLayout: UICollectionViewFlowLayout {
    /// How cards change with their distance to the centre.
    var animator: LayoutAttributesAnimator? = nil
    /// Which card is on top where cards overlap.
    var stacking = CardStacking()
    /// The layout's own measurements, written by prepare().
    var metrics = PageMetrics()

    override init() {
        super.init()
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        scrollDirection = .horizontal
        itemSize = CGSize(width: 200, height: 300)
        minimumLineSpacing = 50
    }

    override func prepare() {
        super.prepare()
        metrics.pageWidth = itemSize.width + minimumLineSpacing
        metrics.pageCount = collectionView.map { $0.numberOfSections > 0 ? $0.numberOfItems(inSection: 0) : 0 } ?? 0
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return super.layoutAttributesForElements(in: rect)?.map { animated($0.copy() as! UICollectionViewLayoutAttributes) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return super.layoutAttributesForItem(at: indexPath).map { animated($0.copy() as! UICollectionViewLayoutAttributes) }
    }

    private func animated(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard attributes.representedElementCategory == .cell, let collectionView = collectionView else { return attributes }
        animator?.animate(collectionView: collectionView, attributes: attributes)
        let center = collectionView.contentOffset.x + collectionView.bounds.width / 2
        let distance = min(abs(attributes.center.x - center) / attributes.frame.width, 1)
        attributes.zIndex = stacking.zIndex(forDistance: distance, item: attributes.indexPath.item)
        return attributes
    }
}

/// The card cell: a rounded card with a colour band along its top.
final class AnimatedCardCell: UICollectionViewCell {
    static let reuseIdentifier = "AnimatedCardCell"

    let band = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 12
        contentView.backgroundColor = .secondarySystemBackground
        band.backgroundColor = .systemBlue
        band.frame = CGRect(x: 0, y: 0, width: contentView.bounds.width, height: 8)
        contentView.addSubview(band)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        band.alpha = layoutAttributes.alpha
    }
}
