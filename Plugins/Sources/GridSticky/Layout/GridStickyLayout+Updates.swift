import Foundation
import LayoutKit

/// Batch updates: appearing cells fade in where they land, disappearing cells
/// fade out where they were. The state from before the update is kept from the
/// `prepare()` of the update until `finalizeCollectionViewUpdates()`.
extension GridStickyLayout {
    /// The cell's attributes after the update, with alpha 0: it fades in in place.
    func appearingAttributes(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let a = attributes(at: itemIndexPath, in: state) else { return nil }
        a.alpha = 0
        return a
    }

    /// The cell's attributes before the update (it is named by its index path
    /// before the update, as in UIKit), with alpha 0: it fades out in place.
    func disappearingAttributes(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let a = attributes(at: itemIndexPath, in: stateBeforeUpdate ?? state) else { return nil }
        a.alpha = 0
        return a
    }
}
