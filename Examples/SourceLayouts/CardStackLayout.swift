//
//  CardStackLayout.swift
//
//  A stack of cards. As the list scrolls, each card that reaches the top
//  stops there and shrinks a little while the next one slides over it. Each
//  section starts with a header, a pill as wide as its title, measured with
//  the title's font. CardCell draws a card: a rounded view with an outline,
//  dimmed as the next card covers it, that only takes touches inside its
//  rounded shape.
//

import UIKit
import Foundation

/// The header's title and how big it is drawn.
enum CardStackMetrics {
    static let headerTitle = "Saved cards"
    static let headerPadding = UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16)

    /// The title on one line, in the header's font.
    static func titleSize(_ title: String) -> CGSize {
        (title as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)])
    }

    /// The pill around the title, in whole points, no wider than `maxWidth`.
    static func headerSize(for title: String, maxWidth: CGFloat) -> CGSize {
        let text = titleSize(title)
        let width = ceil(text.width) + headerPadding.left + headerPadding.right
        let height = ceil(text.height) + headerPadding.top + headerPadding.bottom
        return CGSize(width: min(width, maxWidth), height: height)
    }
}

/// A card's attributes, with how far the next card covers it.
final class CardStackLayoutAttributes: UICollectionViewLayoutAttributes {
    /// 0 while the card scrolls with the list, 1 once the next card covers it.
    var stackProgress: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CardStackLayoutAttributes
        copy.stackProgress = stackProgress
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CardStackLayoutAttributes, other.stackProgress == stackProgress else {
            return false
        }
        return super.isEqual(object)
    }
}

final class CardStackLayout: UICollectionViewLayout {
    var cardHeight: CGFloat = 180
    var spacing: CGFloat = 16
    var sideInset: CGFloat = 16
    /// Where a card stops, below the top of the visible area.
    var stackTop: CGFloat = 8
    /// A card's scale once the next one covers it.
    var coveredScale: CGFloat = 0.9

    private var cards: [[CardStackLayoutAttributes]] = []
    private var headers: [CardStackLayoutAttributes] = []
    private var contentHeight: CGFloat = 0

    override class var layoutAttributesClass: AnyClass {
        CardStackLayoutAttributes.self
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        cards = []
        headers = []
        contentHeight = 0
        guard let collectionView = collectionView else { return }

        let cardWidth = max(collectionView.bounds.width - 2 * sideInset, 0)
        let header = CardStackMetrics.headerSize(for: CardStackMetrics.headerTitle, maxWidth: cardWidth)
        var y = spacing
        var zIndex = 0
        for section in 0..<collectionView.numberOfSections {
            let headerAttributes = CardStackLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                with: IndexPath(item: 0, section: section))
            headerAttributes.frame = CGRect(x: sideInset, y: y, width: header.width, height: header.height)
            headers.append(headerAttributes)
            y += header.height + spacing

            var sectionCards: [CardStackLayoutAttributes] = []
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let attributes = CardStackLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = CGRect(x: sideInset, y: y, width: cardWidth, height: cardHeight)
                // Each card above the ones before it.
                zIndex += 1
                attributes.zIndex = zIndex
                sectionCards.append(attributes)
                y += cardHeight + spacing
            }
            cards.append(sectionCards)
        }
        contentHeight = y
    }

    /// A card as shown: once it reaches the top it stays there, shrinking as
    /// the next card slides over it.
    private func stacked(_ card: CardStackLayoutAttributes) -> CardStackLayoutAttributes {
        let shown = card.copy() as! CardStackLayoutAttributes
        guard let collectionView = collectionView else { return shown }
        let top = collectionView.contentOffset.y + collectionView.adjustedContentInset.top + stackTop
        guard card.frame.minY < top else { return shown }
        let progress = min((top - card.frame.minY) / max(cardHeight + spacing, 1), 1)
        let scale = 1 - (1 - coveredScale) * progress
        shown.frame.origin.y = top
        shown.transform = CGAffineTransform(scaleX: scale, y: scale)
        shown.stackProgress = progress
        return shown
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var answer: [UICollectionViewLayoutAttributes] = []
        for header in headers where header.frame.intersects(rect) {
            answer.append(header.copy() as! CardStackLayoutAttributes)
        }
        for section in cards {
            for card in section {
                let shown = stacked(card)
                if shown.frame.intersects(rect) {
                    answer.append(shown)
                }
            }
        }
        return answer
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard cards.indices.contains(indexPath.section),
              cards[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return stacked(cards[indexPath.section][indexPath.item])
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                       at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard elementKind == UICollectionView.elementKindSectionHeader,
              headers.indices.contains(indexPath.section) else { return nil }
        return headers[indexPath.section].copy() as? UICollectionViewLayoutAttributes
    }

    // The stack follows the scroll position: every scroll lays the cards out again.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }
}

/// A card: a rounded view with an outline and an accent bar, dimmed as the
/// next card covers it.
final class CardCell: UICollectionViewCell {
    static let reuseIdentifier = "CardCell"
    static let cornerRadius: CGFloat = 16

    private let cardView = UIView()
    private let accentBar = UIView()
    private let dimmingView = UIView()
    private let outline = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        cardView.backgroundColor = .secondarySystemBackground
        cardView.layer.cornerRadius = Self.cornerRadius
        cardView.layer.masksToBounds = true
        contentView.addSubview(cardView)

        accentBar.backgroundColor = .systemBlue
        cardView.addSubview(accentBar)

        dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.4)
        dimmingView.alpha = 0
        dimmingView.isUserInteractionEnabled = false
        cardView.addSubview(dimmingView)

        outline.fillColor = UIColor.clear.cgColor
        outline.strokeColor = UIColor.separator.cgColor
        outline.lineWidth = 1
        contentView.layer.addSublayer(outline)

        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.15
        layer.shadowRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 4)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// The card's shape, in the content view's coordinates.
    private var cardPath: UIBezierPath {
        UIBezierPath(roundedRect: contentView.bounds, cornerRadius: Self.cornerRadius)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        cardView.frame = contentView.bounds
        accentBar.frame = CGRect(x: 0, y: 0, width: cardView.bounds.width, height: 6)
        dimmingView.frame = cardView.bounds
        outline.frame = contentView.bounds
        outline.path = cardPath.cgPath
        layer.shadowPath = cardPath.cgPath
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        dimmingView.alpha = 0
    }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let attributes = layoutAttributes as? CardStackLayoutAttributes else { return }
        dimmingView.alpha = attributes.stackProgress
    }

    // Touches in the cut-off corners go to whatever is behind the card.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        cardPath.contains(convert(point, to: contentView))
    }

    override var isHighlighted: Bool {
        didSet {
            UIView.animate(withDuration: 0.15) {
                self.cardView.transform = self.isHighlighted ? CGAffineTransform(scaleX: 0.97, y: 0.97) : .identity
            }
        }
    }
}
