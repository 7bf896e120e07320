//
//  ParallaxHeaderLayout.swift
//
//  Section headers that carry a parallax progress in a custom attributes
//  class, and a custom invalidation context that names the headers a scroll
//  moves: the shape of most "stretchy" and "parallax" header layouts.
//

import UIKit

/// Attributes with the header's parallax progress: 0 at rest, 1 when the
/// header's section has scrolled a whole header height under the top edge.
final class ParallaxLayoutAttributes: UICollectionViewLayoutAttributes {
    var parallaxProgress: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        (copy as? ParallaxLayoutAttributes)?.parallaxProgress = parallaxProgress
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ParallaxLayoutAttributes else { return false }
        return super.isEqual(object) && other.parallaxProgress == parallaxProgress
    }
}

/// A context that remembers that only the headers' parallax must be redone.
final class ParallaxInvalidationContext: UICollectionViewFlowLayoutInvalidationContext {
    var onlyParallax = false
}

final class ParallaxHeaderLayout: UICollectionViewFlowLayout {
    /// How far (in points) a header's content moves for each point scrolled.
    var parallaxFactor: CGFloat = 0.5

    override init() {
        super.init()
        headerReferenceSize = CGSize(width: 0, height: 60)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class var layoutAttributesClass: AnyClass {
        return ParallaxLayoutAttributes.self
    }

    override class var invalidationContextClass: AnyClass {
        return ParallaxInvalidationContext.self
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return newBounds.origin != collectionView?.bounds.origin || super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds) as! ParallaxInvalidationContext
        guard let collectionView = collectionView, newBounds.size == collectionView.bounds.size else { return context }
        context.onlyParallax = true
        // The headers of the sections under either top edge.
        var sections = Set<Int>()
        for bounds in [collectionView.bounds, newBounds] {
            let top = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: 1)
            for attributes in super.layoutAttributesForElements(in: top) ?? [] {
                sections.insert(attributes.indexPath.section)
            }
        }
        let headers = sections.sorted().map { IndexPath(item: 0, section: $0) }
        if !headers.isEmpty {
            context.invalidateSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader, at: headers)
        }
        return context
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return super.layoutAttributesForElements(in: rect)?.map { attributes in
            guard attributes.representedElementCategory == .supplementaryView else { return attributes }
            return withParallax(attributes)
        }
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath).map(withParallax)
    }

    private func withParallax(_ original: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let attributes = original.copy() as? ParallaxLayoutAttributes, let collectionView = collectionView else { return original }
        let scrolledUnder = collectionView.contentOffset.y - attributes.frame.minY
        attributes.parallaxProgress = min(max(scrolledUnder * parallaxFactor / attributes.frame.height, 0), 1)
        return attributes
    }
}
