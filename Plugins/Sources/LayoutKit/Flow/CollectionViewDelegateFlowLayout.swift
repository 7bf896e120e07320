import Foundation

/// UIKit's `UICollectionViewDelegateFlowLayout`. UIKit's requirements are
/// optional (`delegate?.collectionView?(...)`); Linux has no optional protocol
/// requirements, so every one has a default here that returns the layout's own
/// value, and layouts call them without the `?`. As in UIKit, it refines the
/// collection view delegate (Views/Delegates.swift).
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

// stk's model plays the app's delegate: it answers item sizes (`size item`,
// else the layout's item size) and header and footer sizes (`size header`,
// `size footer`, else the layout's), as an app implementing those methods
// would. It has no insets or spacings of its own: for a layout that is not a
// flow layout (which has no such properties to fall back on) those defaults
// say that the method is not implemented (`__stkOptionalDefault`), so that a
// layout's `delegate?.collectionView?(...) ?? fallback` takes its fallback, as
// on iOS with a delegate that lacks the method.
extension CollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        // An index path the model does not have (a layout asking past the end)
        // gets the layout's value, not a crash.
        (collectionView.isValidItem(indexPath) ? collectionView.sections[indexPath.section].itemSizeOverride(at: indexPath.item) : nil)
            ?? (collectionViewLayout as? CollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        guard let flow = collectionViewLayout as? CollectionViewFlowLayout else { __stkOptionalDefault(); return .zero }
        return flow.sectionInset
    }
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        guard let flow = collectionViewLayout as? CollectionViewFlowLayout else { __stkOptionalDefault(); return 0 }
        return flow.minimumLineSpacing
    }
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        guard let flow = collectionViewLayout as? CollectionViewFlowLayout else { __stkOptionalDefault(); return 0 }
        return flow.minimumInteritemSpacing
    }
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        SectionData.sizesAsked &+= 1
        return (collectionView.sections.indices.contains(section) ? collectionView.sections[section].headerSize : nil)
            ?? (collectionViewLayout as? CollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        SectionData.sizesAsked &+= 1
        return (collectionView.sections.indices.contains(section) ? collectionView.sections[section].footerSize : nil)
            ?? (collectionViewLayout as? CollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

/// The flow delegate stk plays when none is installed: every answer is the
/// protocol's default, which reads the collection view's data (`size item`,
/// `size header`, `size footer`) and falls back to the flow layout's values.
public final class ModelFlowDelegate: CollectionViewDelegateFlowLayout {
    public static let shared = ModelFlowDelegate()
    public init() {}
}
