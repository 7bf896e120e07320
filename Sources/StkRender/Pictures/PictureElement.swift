import Foundation
import LayoutKit

/// One element as a picture draws it: plain values taken when the frame was
/// recorded, so that later layout passes (which may reuse attribute objects)
/// cannot change a frame already taken.
public struct PictureElement: Equatable, Sendable {
    public var key: ElementKey
    public var frame: CGRect
    public var zIndex: Int
    public var alpha: CGFloat
    public var isHidden: Bool
    public var isPinned: Bool
    /// What `attr` prints after `hidden=`: the transform and a layout's own
    /// fields (`stretchFactor=12`), space-separated; empty for most elements.
    public var extraText: String
    /// The element's `transform3D` when it is not the identity (pictures
    /// draw it about the element's centre, as UIKit does).
    public var transform: CATransform3D?

    public init(key: ElementKey, frame: CGRect, zIndex: Int = 0, alpha: CGFloat = 1, isHidden: Bool = false,
                isPinned: Bool = false, extraText: String = "", transform: CATransform3D? = nil) {
        self.key = key
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.isHidden = isHidden
        self.isPinned = isPinned
        self.transform = transform == .identity ? nil : transform
        var extra = extraText
        if let t = self.transform, !extra.contains("transform") {
            extra = extra.isEmpty ? t.stk : t.stk + " " + extra
        }
        self.extraText = extra
    }

    /// The element of `attributes`; `pinned` overrides `isPinned` when stk
    /// derives pinning for a layout written for iOS (see `CollectionView.pinnedByMotion`).
    public init(_ attributes: CollectionViewLayoutAttributes, pinned: Bool? = nil) {
        key = attributes.key
        frame = attributes.frame
        zIndex = attributes.zIndex
        alpha = attributes.alpha
        isHidden = attributes.isHidden
        isPinned = pinned ?? attributes.isPinned
        var extras: [String] = []
        transform = attributes.hasTransform ? attributes.transform3D : nil
        if attributes.hasTransform { extras.append(attributes.transform3D.stk) }
        for (name, value) in attributes.extraFields.sorted(by: { $0.key < $1.key }) {
            extras.append("\(name)=\(value.stk)")
        }
        extraText = extras.joined(separator: " ")
    }

    /// The elements of a collection view's visible set, with the pinning stk
    /// derives, in key order.
    public static func visible(in collectionView: CollectionView) -> [PictureElement] {
        collectionView.visibleAttributes.values.sorted { $0.key < $1.key }.map { element(of: $0, in: collectionView) }
    }

    /// One element of `collectionView`, with the pinning stk derives.
    public static func element(of attributes: CollectionViewLayoutAttributes, in collectionView: CollectionView) -> PictureElement {
        let derived = collectionView.derivesPinnedFromMotion && collectionView.pinnedByMotion.contains(attributes.key)
        return PictureElement(attributes, pinned: attributes.isPinned || derived)
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
    public var attributesText: String {
        var text = "\(key) frame=\(frame.stk) zIndex=\(zIndex) alpha=\(alpha.stk) hidden=\(isHidden)"
        if isPinned { text += " pinned" }
        if !extraText.isEmpty { text += " " + extraText }
        return text
    }
}
