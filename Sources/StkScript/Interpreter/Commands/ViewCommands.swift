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
        do {
            try mutate(c, blaming: velocity.range) {
                try cv.fling(velocity: velocity.value, steps: steps?.value ?? CollectionView.defaultAnimationSteps)
            }
        } catch let error as CommandError where error.message.hasPrefix("targetContentOffset(") {
            // The layout's answer is at fault, not the command: the next
            // `check` (and stk verify, which takes the refusal for the model's
            // otherwise) reports it too.
            noteForCheck([error.message])
            throw error
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
