import Foundation
import LayoutKit

/// One picture of the viewport: the state after one layout pass (or after an
/// operation that ran none), with what the pass did. `export svg` draws one;
/// `export html` steps through many.
public struct PictureFrame: Sendable {
    /// The operation (a command as `save` writes it) whose pass this is.
    public var operation: String
    /// Which pass of the operation: 1...passes (a `scroll by 0,200 steps=10` has ten).
    public var pass: Int
    public var passes: Int
    public var bounds: CGRect
    public var contentSize: CGSize
    /// The visible elements after the pass, in key order.
    public var elements: [PictureElement]
    /// The pass's phases, one per event, as `trace on` prints them (lines
    /// joined by newlines when a phase takes several).
    public var phases: [String]
    /// The contexts the pass made, with their reasons.
    public var contexts: [(reason: String, snapshot: InvalidationContextSnapshot)]
    /// What the pass's contexts named and what it changed on screen.
    public var marks: CycleMarks
    /// The orthogonal rows on screen and where each is scrolled.
    public var rows: [OrthogonalRow] = []
    /// The class of the layout that made the frame (the frame log leaves
    /// out the work counters of a layout that never counts its work).
    public var layoutClass: ObjectIdentifier?

    public init(operation: String, pass: Int = 1, passes: Int = 1, bounds: CGRect, contentSize: CGSize,
                elements: [PictureElement], phases: [String] = [],
                contexts: [(reason: String, snapshot: InvalidationContextSnapshot)] = [], marks: CycleMarks = CycleMarks()) {
        self.operation = operation
        self.pass = pass
        self.passes = passes
        self.bounds = bounds
        self.contentSize = contentSize
        self.elements = elements
        self.phases = phases
        self.contexts = contexts
        self.marks = marks
    }
}
