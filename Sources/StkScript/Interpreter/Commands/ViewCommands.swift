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

    func runScrollToItem(_ indexPath: Located<IndexPath>, _ position: Located<CollectionView.ScrollPosition>?, _ c: CommandContext) throws {
        let cv = session.collectionView
        guard cv.isValidItem(indexPath.value) else {
            throw CommandError(itemDoesNotExist(indexPath.value), at: indexPath.range)
        }
        try mutate(c) { try cv.scrollToItem(at: indexPath.value, position: position?.value ?? .top) }
    }

    func itemDoesNotExist(_ indexPath: IndexPath) -> String {
        let cv = session.collectionView
        guard indexPath.section >= 0, indexPath.section < cv.numberOfSections else {
            return "section \(indexPath.section) does not exist (there are \(cv.numberOfSections) sections, expected 0..<\(cv.numberOfSections))"
        }
        let n = cv.numberOfItems(inSection: indexPath.section)
        return "item \(indexPath.stk) does not exist (section \(indexPath.section) has \(n) item\(n == 1 ? "" : "s"), expected 0..<\(n))"
    }
}
