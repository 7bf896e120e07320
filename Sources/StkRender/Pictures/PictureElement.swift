import Foundation
import LayoutKit

/// One element as a picture draws it: plain values taken when the frame was
/// recorded, so that later layout passes (which may reuse attribute objects)
/// cannot change a frame already taken.
public struct PictureElement: Equatable, Sendable {
    /// The element's attributes, as they were when the frame was taken.
    public var attributes: AttributesSnapshot

    public var key: ElementKey {
        get { attributes.key }
        set { attributes.key = newValue }
    }
    public var frame: CGRect {
        get { attributes.frame }
        set { attributes.frame = newValue }
    }
    public var zIndex: Int { attributes.zIndex }
    public var alpha: CGFloat { attributes.alpha }
    public var isHidden: Bool { attributes.isHidden }
    public var isPinned: Bool { attributes.isPinned }
    /// The element's `transform3D` when it is not the identity (pictures
    /// draw it about the element's centre, as UIKit does).
    public var transform: CATransform3D? { attributes.hasTransform ? attributes.transform3D : nil }

    /// The fields a picture draws itself (place, stacking, visibility, the
    /// pinned mark); every other field `attr` shows is written out as text.
    static let drawnFields: Set<String> = ["frame", "zIndex", "alpha", "hidden", "pinned"]

    /// What `attr` prints beyond the drawn fields: the transform and a
    /// layout's own fields (`stretchFactor=12`), space-separated; empty for
    /// most elements.
    public var extraText: String {
        attributes.shownFields.filter { !Self.drawnFields.contains($0.name) }.map(\.text).joined(separator: " ")
    }

    public init(key: ElementKey, frame: CGRect, zIndex: Int = 0, alpha: CGFloat = 1, isHidden: Bool = false,
                isPinned: Bool = false, transform: CATransform3D? = nil) {
        attributes = AttributesSnapshot(key: key, frame: frame, zIndex: zIndex, alpha: alpha, isHidden: isHidden,
                                        isPinned: isPinned, transform: transform)
    }

    public init(_ attributes: AttributesSnapshot) {
        self.attributes = attributes
    }

    /// The element of `attributes`; `pinned` overrides `isPinned` when stk
    /// derives pinning for a layout written for iOS (see `CollectionView.pinnedByMotion`).
    public init(_ attributes: CollectionViewLayoutAttributes, pinned: Bool? = nil) {
        self.attributes = AttributesSnapshot(attributes, pinned: pinned)
    }

    /// The elements of a collection view's visible set, with the pinning stk
    /// derives, in key order.
    public static func visible(in collectionView: CollectionView) -> [PictureElement] {
        collectionView.visibleElementsInKeyOrder.map { element(of: $0, in: collectionView) }
    }

    /// One element of `collectionView`, with the pinning stk derives.
    public static func element(of attributes: CollectionViewLayoutAttributes, in collectionView: CollectionView) -> PictureElement {
        element(of: AttributesSnapshot(attributes), in: collectionView)
    }

    /// The same for attributes taken as values (a pass's answer, as its event carries it).
    public static func element(of attributes: AttributesSnapshot, in collectionView: CollectionView) -> PictureElement {
        element(of: attributes, pinnedByMotion: collectionView.derivesPinnedFromMotion ? collectionView.pinnedByMotion : [])
    }

    /// The same with the elements stk marked pinned from their motion, as
    /// they were when the attributes were taken (a frame made later).
    public static func element(of attributes: AttributesSnapshot, pinnedByMotion: Set<ElementKey>) -> PictureElement {
        var attributes = attributes
        attributes.isPinned = attributes.isPinned || pinnedByMotion.contains(attributes.key)
        return PictureElement(attributes)
    }

    /// Not drawn: hidden, fully transparent, or placed at a coordinate that
    /// is not finite (as `render` treats them).
    public var isDrawn: Bool {
        !isHidden && alpha > 0
            && [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].allSatisfy(\.isFinite)
    }

    /// Drawing order: ascending zIndex, ties by key (later keys on top), as `render` draws.
    public static func drawingOrder(_ a: PictureElement, _ b: PictureElement) -> Bool {
        (a.zIndex, a.key) < (b.zIndex, b.key)
    }

    /// The `attr` line of the element: `header 0 frame=0,110,390,44 zIndex=2 alpha=1 hidden=false pinned`.
    public var attributesText: String { attributes.description }
}
