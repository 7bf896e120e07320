import Foundation

// UIKit's `UIScrollViewDelegate` and `UICollectionViewDelegate`, which the
// classes beside a layout adopt (often with the flow delegate). UIKit's
// requirements are optional; here each has a default that does nothing (or
// answers UIKit's default), so a conformer implements what it wants. Each
// default stands for a missing method (`__stkOptionalDefault`, see
// Plugin/OptionalRequirements.swift): `delegate?.method?(...)` is nil when
// the conformer lacks it, as on iOS. stk calls none of them: it has no
// scrolling by touch and no views to select or display.
// `CollectionViewDelegateFlowLayout` refines `CollectionViewDelegate`, as in
// UIKit.

/// UIKit's `UIScrollViewDelegate` (the scroll view is the collection view).
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: CollectionView)
    func scrollViewDidZoom(_ scrollView: CollectionView)
    func scrollViewWillBeginDragging(_ scrollView: CollectionView)
    func scrollViewWillEndDragging(_ scrollView: CollectionView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: CollectionView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: CollectionView)
    func scrollViewDidEndDecelerating(_ scrollView: CollectionView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: CollectionView)
    func viewForZooming(in scrollView: CollectionView) -> View?
    func scrollViewWillBeginZooming(_ scrollView: CollectionView, with view: View?)
    func scrollViewDidEndZooming(_ scrollView: CollectionView, with view: View?, atScale scale: CGFloat)
    func scrollViewShouldScrollToTop(_ scrollView: CollectionView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: CollectionView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: CollectionView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: CollectionView) { __stkOptionalDefault() }
    public func scrollViewDidZoom(_ scrollView: CollectionView) { __stkOptionalDefault() }
    public func scrollViewWillBeginDragging(_ scrollView: CollectionView) { __stkOptionalDefault() }
    public func scrollViewWillEndDragging(_ scrollView: CollectionView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) { __stkOptionalDefault() }
    public func scrollViewDidEndDragging(_ scrollView: CollectionView, willDecelerate decelerate: Bool) { __stkOptionalDefault() }
    public func scrollViewWillBeginDecelerating(_ scrollView: CollectionView) { __stkOptionalDefault() }
    public func scrollViewDidEndDecelerating(_ scrollView: CollectionView) { __stkOptionalDefault() }
    public func scrollViewDidEndScrollingAnimation(_ scrollView: CollectionView) { __stkOptionalDefault() }
    public func viewForZooming(in scrollView: CollectionView) -> View? { __stkOptionalDefault(); return nil }
    public func scrollViewWillBeginZooming(_ scrollView: CollectionView, with view: View?) { __stkOptionalDefault() }
    public func scrollViewDidEndZooming(_ scrollView: CollectionView, with view: View?, atScale scale: CGFloat) { __stkOptionalDefault() }
    public func scrollViewShouldScrollToTop(_ scrollView: CollectionView) -> Bool { __stkOptionalDefault(); return true }
    public func scrollViewDidScrollToTop(_ scrollView: CollectionView) { __stkOptionalDefault() }
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: CollectionView) { __stkOptionalDefault() }
}

/// UIKit's `UICollectionViewDelegate`: selection, highlighting, display and
/// the target offset, with UIKit's answers when not implemented.
public protocol CollectionViewDelegate: ScrollViewDelegate {
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint
    func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
                        toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath
    func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath) -> Bool
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { __stkOptionalDefault(); return true }
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { __stkOptionalDefault(); return true }
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { __stkOptionalDefault(); return true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) { __stkOptionalDefault() }
    public func collectionView(_ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        __stkOptionalDefault()
        return proposedContentOffset
    }
    public func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
                               toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        __stkOptionalDefault()
        return proposedIndexPath
    }
    public func collectionView(_ collectionView: CollectionView, canFocusItemAt indexPath: IndexPath) -> Bool { __stkOptionalDefault(); return true }
}
