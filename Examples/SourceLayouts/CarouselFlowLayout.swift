//
//  CarouselFlowLayout.swift
//
//  A horizontal carousel whose items fade with their distance from the centre.
//  Its overrides live in extensions, as many Swift codebases organise them:
//  legal on iOS, where UIKit's members are @objc, and moved into the class by
//  stk. It imports QuartzCore, as carousels often do for their animations.
//

import UIKit
import QuartzCore

final class CarouselFlowLayout: UICollectionViewFlowLayout {
    /// The alpha of an item one item width or more from the centre.
    var sideItemAlpha: CGFloat = 0.5
    /// Whether the carousel snaps the nearest item to the centre.
    var snapsToCenter = true

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 200, height: 300)
        minimumLineSpacing = 20
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

// MARK: - Layout

extension CarouselFlowLayout {
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        return attributes.map { faded($0.copy() as! UICollectionViewLayoutAttributes) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return super.layoutAttributesForItem(at: indexPath).map { faded($0.copy() as! UICollectionViewLayoutAttributes) }
    }
}

// MARK: - Snapping

extension CarouselFlowLayout {
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard snapsToCenter, let collectionView = collectionView else { return proposedContentOffset }
        let step = itemSize.width + minimumLineSpacing
        let index = ((proposedContentOffset.x + sectionInset.left) / step).rounded()
        return CGPoint(x: index * step - sectionInset.left, y: proposedContentOffset.y)
            .clamped(to: collectionView)
    }
}

// MARK: - Helpers

private extension CarouselFlowLayout {
    /// Alpha 1 at the centre of the viewport, down to sideItemAlpha one item
    /// width away; zIndex 1 for the item nearest the centre. Items only:
    /// headers and footers stay as the flow lays them out (the single query
    /// for them is the flow's own).
    func faded(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard attributes.representedElementCategory == .cell, let collectionView = collectionView else { return attributes }
        let center = collectionView.contentOffset.x + collectionView.bounds.width / 2
        let distance = min(abs(attributes.frame.midX - center) / itemSize.width, 1)
        attributes.alpha = 1 - distance * (1 - sideItemAlpha)
        attributes.zIndex = distance < 0.5 ? 1 : 0
        return attributes
    }
}

private extension CGPoint {
    func clamped(to collectionView: UICollectionView) -> CGPoint {
        let maxX = max(0, collectionView.contentSize.width - collectionView.bounds.width)
        return CGPoint(x: min(max(0, x), maxX), y: y)
    }
}
