import Foundation

/// What the collection view noticed that UIKit would log or raise.
extension CollectionView {
    // MARK: Warnings


    /// Records what stk says of its own model that is not the layout's doing
    /// (a dynamic behaviour it does not simulate), once until the host takes
    /// the list: a note for the user, never one of `check`'s findings.
    public func note(_ message: String) { Self.recordOnce(message, in: &notes) }

    /// The notes so far, emptying the list.
    public func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    /// The warnings so far, emptying the list.
    public func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// Records a warning once until the host takes the list. Public for
    /// layouts' base classes (the flow layout's checks).
    public func warn(_ message: String) { Self.recordOnce(message, in: &warnings) }

    /// Appends `message` unless the list has it; a layout that misbehaves on
    /// every pass must not grow the list without bound.
    private static func recordOnce(_ message: String, in list: inout [String]) {
        if list.count < 100, !list.contains(message) { list.append(message) }
    }

    /// UIKit's checks on a rect query's answer: it raises an exception for a
    /// cell whose index path does not exist (and stk names the first one).
    func checkAnswer(_ answer: [CollectionViewLayoutAttributes]) {
        // One walk, reading each element's frame and identity once (every
        // pass checks every visible element). A cell that does not exist is
        // named before any frame that is not a number, wherever each is.
        var firstNotFinite: CollectionViewLayoutAttributes?
        for a in answer {
            if a.representedElementCategory == .cell, !isValidItem(a.indexPathIndexes) {
                warn("UICollectionView received layout attributes for a cell with an index path that does not exist: \(a.indexPath.stk) (layoutAttributesForElements(in:); UIKit raises an exception here)")
                return
            }
            if firstNotFinite == nil, !a.frame.hasFiniteNumbers { firstNotFinite = a }
        }
        // A frame that is not a number reaches the view's layer: Core Animation
        // throws CALayerInvalidGeometry. stk says so once per pass, rather
        // than printing `nan` later as if it were a place.
        if let a = firstNotFinite { warnIfFrameNotFinite(a, answeredBy: "layoutAttributesForElements(in:)") }
    }

    /// Warns when `a`'s frame is not finite; `query` names the layout's
    /// method that answered it. A NaN frame never meets a rect, so a rect
    /// query never shows it (a hole in the list): a single query (`attr`)
    /// may be the only place it is seen, as scrolling to the item or
    /// animating it would hand it to a view on iOS.
    public func warnIfFrameNotFinite(_ a: CollectionViewLayoutAttributes, answeredBy query: String) {
        guard !a.frame.hasFiniteNumbers else { return }
        warn("the layout gave \(a.key) a frame that is not finite (\(a.frame.stk)): UIKit raises CALayerInvalidGeometry (\"CALayer position contains NaN\") when the view takes it (\(query))")
    }
}
