//
//  PeekingCarouselView.swift
//
//  A paged carousel as carousel packages ship it: a UICollectionView subclass
//  that scales its cells as they leave the centre, and the flow layout it
//  installs, which sizes each card to the view less an inset on both sides so
//  that the neighbours peek in. The layout reads the view through a cast and
//  its prepare() does not call super.prepare(): UIKit's flow layout lays out
//  all the same.
//

import UIKit
import Foundation

open class PeekingCarouselView: UICollectionView {

    /// How far the neighbouring cards peek in, on each side.
    @IBInspectable public var inset: CGFloat = 0.0 {
        didSet { configureLayout() }
    }

    /// The direction the carousel pages in.
    open var scrollDirection: UICollectionView.ScrollDirection = .horizontal

    /// How small a card gets at the side, relative to the centred one.
    public var sideScale: CGFloat = 0.85

    private var invisibleWidthConstraint: NSLayoutConstraint?

    override open var contentSize: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }

    public init(withFrame frame: CGRect = .zero, andInset inset: CGFloat = 0.0) {
        super.init(frame: frame, collectionViewLayout: PeekingCarouselLayout(withCarouselInset: inset))
        self.inset = inset
        configureLayout()
    }

    required public init?(coder: NSCoder) {
        super.init(coder: coder)
        configureLayout()
    }

    override open func didMoveToSuperview() {
        super.didMoveToSuperview()
        guard let superview = superview else { return }
        let constraint = widthAnchor.constraint(equalTo: superview.widthAnchor, constant: -inset * 2)
        constraint.isActive = true
        invisibleWidthConstraint = constraint
    }

    /// Scales every visible cell by its distance from the centre; the view
    /// controller calls it from scrollViewDidScroll(_:).
    public func didScroll() {
        let centre = contentOffset.x + bounds.width / 2
        for cell in visibleCells {
            let distance = min(abs(cell.center.x - centre) / bounds.width, 1)
            let scale = 1 - (1 - sideScale) * distance
            cell.transform = CGAffineTransform(scaleX: scale, y: scale)
        }
    }

    private func configureLayout() {
        collectionViewLayout = PeekingCarouselLayout(withCarouselInset: inset)
        showsHorizontalScrollIndicator = false
        decelerationRate = .fast
    }
}

open class PeekingCarouselLayout: UICollectionViewFlowLayout {

    /// How far the neighbouring cards peek in, on each side.
    open var inset: CGFloat = 0.0

    convenience init(withCarouselInset inset: CGFloat = 0.0) {
        self.init()
        self.inset = inset
    }

    override open func prepare() {
        guard let collectionViewSize = collectionView?.frame.size else { return }

        // A card is the whole view, less the inset on both sides.
        itemSize = collectionViewSize

        var direction: UICollectionView.ScrollDirection = .horizontal
        if let carousel = collectionView as? PeekingCarouselView {
            direction = carousel.scrollDirection
        }
        scrollDirection = direction

        if scrollDirection == .vertical {
            itemSize.height = itemSize.height - (inset * 2)
            sectionInset = UIEdgeInsets(top: inset, left: 0.0, bottom: inset, right: 0.0)
        } else {
            itemSize.width = itemSize.width - (inset * 2)
            sectionInset = UIEdgeInsets(top: 0.0, left: inset, bottom: 0.0, right: inset)
        }
        collectionView?.isPagingEnabled = true

        minimumLineSpacing = 0.0
        minimumInteritemSpacing = 0.0
        headerReferenceSize = .zero
        footerReferenceSize = .zero
    }
}
