import Foundation
import LayoutKit

/// Option changes that move only floating elements (LayoutKit's floating rule:
/// for given bounds a layout names its candidates, which get adjusted
/// attributes, and everything else sits at its natural flow position).
///
/// Such a change (a fade distance, a stretch cap, whether the first header is
/// global) leaves the flow geometry alone, so invalidating everything would be
/// a waste: the elements whose attributes can differ are the candidates under
/// the old option value and those under the new one. The layout takes the
/// first set before the change (`floatingCandidates`, in `willSet`) and hands
/// it to `invalidateFloatingElements(candidatesBefore:)` after it (`didSet`).
extension CollectionViewFlowLayout {
    /// The candidates for the collection view's current bounds, exactly as the
    /// next `prepare()` will compute them; empty when the layout is not installed.
    public var floatingCandidates: Set<ElementKey> {
        guard let cv = collectionView else { return [] }
        return Set(boundsDependentElements(for: cv.bounds))
    }

    /// Invalidates after an option change that affected only candidates: a flow
    /// context with both flow flags off, naming the candidates from before the
    /// change and those after it. Those are all the elements whose attributes
    /// can have changed: anything adjusted before was a candidate then, anything
    /// adjusted now is a candidate now, and every other element sits at its
    /// natural position both times. Does nothing when neither set has an element
    /// or the layout is not installed.
    public func invalidateFloatingElements(candidatesBefore before: Set<ElementKey>) {
        guard collectionView != nil else { return }
        let keys = before.union(floatingCandidates)
        guard !keys.isEmpty else { return }
        let context = type(of: self).contextType.init()
        if let flow = context as? CollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutDelegateMetrics = false
            flow.invalidateFlowLayoutAttributes = false
        }
        CollectionViewFlowLayout.add(keys, to: context)
        invalidateLayout(with: context)
    }

    /// The offset along the scroll axis, measured from the resting position:
    /// `contentOffset.y + adjustedContentInset.top` (x and left when horizontal).
    /// 0 at rest, negative while bouncing past the start.
    public func restingOffset(for bounds: CGRect) -> CGFloat {
        scrollAxisRect(bounds).minY + scrollAxisInsets.top
    }
}
