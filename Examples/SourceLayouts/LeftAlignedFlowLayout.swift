// A flow layout whose items start at the left edge of each line instead of
// spreading across it (as "aligned flow" libraries do). This file has no
// import at all: in the app, UIKit comes from the framework's umbrella header.

class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let original = super.layoutAttributesForElements(in: rect) else { return nil }
        // Copies: the flow layout caches what it returns.
        let attributes = original.map { $0.copy() as! UICollectionViewLayoutAttributes }
        var x = sectionInset.left
        var lineY: CGFloat = -1
        for item in attributes where item.representedElementCategory == .cell {
            if item.frame.minY != lineY {
                // A new line starts at the section inset.
                lineY = item.frame.minY
                x = sectionInset.left
            }
            item.frame.origin.x = x
            x += item.frame.width + minimumInteritemSpacing
        }
        return attributes
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let line = super.layoutAttributesForItem(at: indexPath) else { return nil }
        let all = layoutAttributesForElements(in: CGRect(x: 0, y: line.frame.minY, width: collectionViewContentSize.width, height: line.frame.height))
        return all?.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }
}
