import Foundation

/// UIKit's `UICollectionViewFlowLayout`, with the geometry of SEMANTICS.md,
/// "Flow layout geometry".
open class CollectionViewFlowLayout: CollectionViewLayout {
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    open var itemSize = CGSize(width: 50, height: 50) { didSet { metricsChanged() } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { metricsChanged() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { metricsChanged() } }
    open var sectionInset: EdgeInsets = .zero { didSet { metricsChanged() } }
    open var headerReferenceSize: CGSize = .zero { didSet { metricsChanged() } }
    open var footerReferenceSize: CGSize = .zero { didSet { metricsChanged() } }
    open var scrollDirection: ScrollDirection = .vertical { didSet { metricsChanged() } }
    open var sectionHeadersPinToVisibleBounds = false { didSet { metricsChanged() } }
    open var sectionFootersPinToVisibleBounds = false { didSet { metricsChanged() } }

    open override class var invalidationContextClass: CollectionViewLayoutInvalidationContext.Type {
        CollectionViewFlowLayoutInvalidationContext.self
    }

    /// A property change invalidates the layout, as in UIKit.
    func metricsChanged() {
        guard collectionView != nil else { return }
        invalidateLayout()
    }
}
