import Foundation

/// What the last layout pass shows, as the collection view's readers want
/// it: by key, as a list, as values, in key order, or counted. Each reads
/// the pass's answer (`visible`) without a copy where it can.
extension CollectionView {
    /// What `layoutAttributesForElements(in: bounds)` returned after the last layout pass, by key.
    /// Built on first read after a pass whose answer came sorted (see `VisibleSet`).
    public var visibleAttributes: [ElementKey: CollectionViewLayoutAttributes] {
        visible.byKey()
    }

    /// The same elements as a list (cheaper than `visibleAttributes`: no dictionary is built).
    public var visibleElements: [CollectionViewLayoutAttributes] { visible.elements }

    /// The visible elements as values, one per element of `visibleElements`
    /// and in its order: the values the last pass took of its answer when an
    /// observer wanted them and the answer came in key order, else taken now,
    /// once.
    public var visibleSnapshots: [AttributesSnapshot] {
        if let visibleValues { return visibleValues }
        let values = visible.elements.map { AttributesSnapshot($0) }
        visibleValues = values
        return values
    }

    /// The same in key order (no dictionary built, and no sort when the
    /// last answer came in key order or could be put in it).
    public var visibleElementsInKeyOrder: [CollectionViewLayoutAttributes] { visible.elementsInKeyOrder }

    /// How many elements are visible (cheaper than `visibleAttributes.count`).
    public var visibleCount: Int { visible.count }
}
