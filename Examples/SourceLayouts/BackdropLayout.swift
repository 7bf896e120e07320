import UIKit

/// A flow layout with a background behind all of its content, whose cells
/// are drawn at 80% of their size.
final class BackdropLayout: UICollectionViewFlowLayout {
    static let background = "background"

    override init() {
        super.init()
        register(UICollectionReusableView.self, forDecorationViewOfKind: Self.background)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        // Copies: on iOS the flow layout's own objects must not be changed.
        var answer = (super.layoutAttributesForElements(in: rect) ?? []).map { $0.copy() as! UICollectionViewLayoutAttributes }
        for cell in answer where cell.representedElementCategory == .cell {
            cell.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
        }
        let background = layoutAttributesForDecorationView(ofKind: Self.background, at: IndexPath(item: 0, section: 0))
        if let background, background.frame.intersects(rect) { answer.append(background) }
        return answer
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let cell = super.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes
        cell?.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
        return cell
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                    at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard elementKind == Self.background, indexPath == IndexPath(item: 0, section: 0) else { return nil }
        let background = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        background.frame = CGRect(origin: .zero, size: collectionViewContentSize)
        background.zIndex = -1
        return background
    }
}
