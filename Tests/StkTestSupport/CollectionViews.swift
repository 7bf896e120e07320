import Foundation
import LayoutKit

extension CollectionView {
    /// A collection view of `size` with `layout` installed and its data
    /// loaded: one section per count (reloadData).
    public convenience init(size: CGSize, layout: CollectionViewLayout, itemCounts: [Int]) throws {
        self.init(size: size, layout: layout)
        try reloadData(itemCounts: itemCounts)
    }
}
