import UIKit

/// Bug: the subclass indents every cell by adjusting the attributes
/// `super` returned, in place. On iOS the flow layout returns its own cached
/// objects, so this corrupts its cache: UIKit logs "UICollectionViewFlowLayout
/// has cached frame mismatch ... without copying them", and cells jump when
/// the cache is reused. stk's flow layout hands out fresh objects, so nothing
/// jumps here; stk reports what UIKit would. The fix: set `buggy` to false,
/// which copies first.
final class MutatingSuperLayout: UICollectionViewFlowLayout {
    let buggy = true

    override init() {
        super.init()
        itemSize = CGSize(width: 100, height: 40)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        let attributes = buggy ? original : original.map { $0.copy() as! UICollectionViewLayoutAttributes }
        for a in attributes where a.representedElementCategory == .cell {
            a.frame.origin.x += 8
        }
        return attributes
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let original = super.layoutAttributesForItem(at: indexPath) else { return nil }
        let a = buggy ? original : original.copy() as! UICollectionViewLayoutAttributes
        a.frame.origin.x += 8
        return a
    }
}
