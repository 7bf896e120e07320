import Foundation
import LayoutKit

extension CollectionView {
    /// A collection view of `size` with `layout` installed and its data
    /// loaded: one section per count (reloadData).
    public convenience init(size: CGSize, layout: CollectionViewLayout, itemCounts: [Int]) throws {
        self.init(size: size, layout: layout)
        try reloadData(itemCounts: itemCounts)
    }

    /// A collection view of the default size with `layout` installed and its
    /// data loaded: one section per count (reloadData).
    public convenience init(layout: CollectionViewLayout, itemCounts: [Int]) throws {
        self.init(layout: layout)
        try reloadData(itemCounts: itemCounts)
    }
}
