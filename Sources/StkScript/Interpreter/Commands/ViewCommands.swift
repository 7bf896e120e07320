import Foundation
import LayoutKit

// bounds, inset, safearea, scroll
extension Interpreter {
    /// `scroll by DX,DY steps=N`: N bounds changes of DX/N, DY/N each, as a
    /// scroll animation makes them. Step k lands exactly on start + k/N of the way.
    func runScrollBy(_ delta: Located<CGPoint>, _ steps: Located<Int>?, _ c: CommandContext) throws {
        let n = steps?.value ?? 1
        guard n >= 1 else { throw CommandError("steps must be at least 1, got \(n)", at: steps?.range) }
        let cv = session.collectionView
        let start = cv.contentOffset
        try mutate(c, blaming: delta.range) {
            for k in 1...n {
                let f = CGFloat(k) / CGFloat(n)
                try cv.setContentOffset(CGPoint(x: start.x + delta.value.x * f, y: start.y + delta.value.y * f))
            }
        }
    }

    /// `scroll fling VX,VY [steps=N]`: one operation however many bounds
    /// changes its animation takes.
    func runFling(_ velocity: Located<CGPoint>, _ steps: Located<Int>?, _ c: CommandContext) throws {
        let cv = session.collectionView
        // A refused targetContentOffset is noted for `check` (operationError).
        try mutate(c, blaming: velocity.range) {
            try cv.fling(velocity: velocity.value, steps: steps?.value ?? CollectionView.defaultAnimationSteps)
        }
    }

    /// `scroll section S to X | by DX [steps=N] | fling VX [steps=N]`: one
    /// operation, however many bounds changes of the row it takes.
    func runScrollSection(_ section: Located<Int>, _ verb: SectionScroll, _ amount: Located<CGFloat>, _ steps: Located<Int>?, _ c: CommandContext) throws {
        let cv = session.collectionView
        guard let layout = cv.collectionViewLayout as? CollectionViewCompositionalLayout else {
            throw CommandError("layout \(session.layoutName) has no orthogonal sections: 'scroll section' scrolls the rows of a compositional layout", at: c.command.range)
        }
        cv.layoutIfNeeded()
        do {
            _ = try layout.orthogonalOffsetRange(ofSection: section.value)
        } catch let error as CollectionViewError {
            throw CommandError(error.message, at: section.range)
        }
        let start = layout.orthogonalOffset(ofSection: section.value) ?? 0
        try mutate(c, blaming: amount.range) {
            switch verb {
            case .to: try cv.scrollOrthogonalSection(section.value, to: amount.value)
            case .by: try cv.scrollOrthogonalSection(section.value, to: start + amount.value, steps: steps?.value ?? 1)
            case .fling: try cv.flingOrthogonalSection(section.value, velocity: amount.value, steps: steps?.value ?? CollectionView.defaultAnimationSteps)
            }
        }
    }

    func runScrollToItem(_ indexPath: Located<IndexPath>, _ position: Located<CollectionView.ScrollPosition>?, _ c: CommandContext) throws {
        let cv = session.collectionView
        guard cv.isValidItem(indexPath.value) else {
            throw CommandError(itemDoesNotExist(indexPath.value), at: indexPath.range)
        }
        try mutate(c) { try cv.scrollToItem(at: indexPath.value, position: position?.value ?? .top) }
    }

    func itemDoesNotExist(_ indexPath: IndexPath) -> String {
        session.collectionView.itemOutOfRange(indexPath).message
    }
}
