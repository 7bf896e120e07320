import Foundation
import LayoutKit

/// The offsets of a scroll path: from a start, `distance` points per step along
/// each moving axis, turning back at either end of the scrollable range (so a
/// long path over short content keeps scrolling instead of stopping at the end).
/// The range is [0, content size - viewport] on each axis: the bench sets no insets.
struct ScrollPath {
    /// The axis actually used (never `.auto`).
    let axis: BenchScrollAxis
    let start: CGPoint
    private let distance: CGFloat
    /// The scrollable range: offsets from 0 to content size - viewport.
    private let maxOffset: CGPoint

    /// Resolves `.auto` from the content: diagonal when it scrolls both ways,
    /// else the axis it scrolls along. Refuses a path along an axis that does
    /// not scroll (every step would be a no-op and time nothing).
    init(axis requested: BenchScrollAxis, contentSize: CGSize, viewport: CGSize, startFraction: Double, distance: Double) throws {
        let range = CGPoint(x: max(0, contentSize.width - viewport.width), y: max(0, contentSize.height - viewport.height))
        let scrollsX = range.x > 0
        let scrollsY = range.y > 0
        let resolved: BenchScrollAxis
        switch requested {
        case .auto:
            switch (scrollsX, scrollsY) {
            case (true, true): resolved = .diagonal
            case (false, true): resolved = .vertical
            case (true, false): resolved = .horizontal
            case (false, false):
                throw BenchError("the content (\(contentSize.stk)) does not scroll in a \(viewport.stk) viewport: use more sections or items, or a smaller bounds size")
            }
        case .vertical, .horizontal, .diagonal:
            resolved = requested
            let needsX = requested != .vertical
            let needsY = requested != .horizontal
            if (needsX && !scrollsX) || (needsY && !scrollsY) {
                throw BenchError("the content (\(contentSize.stk)) does not scroll \(requested == .diagonal ? "both ways" : requested.rawValue + "ly") in a \(viewport.stk) viewport (scroll axis \(requested.rawValue) requested)")
            }
        }
        axis = resolved
        maxOffset = range
        self.distance = CGFloat(distance)
        let movesX = resolved != .vertical
        let movesY = resolved != .horizontal
        start = CGPoint(x: movesX ? (range.x * CGFloat(startFraction)).rounded(.down) : 0,
                        y: movesY ? (range.y * CGFloat(startFraction)).rounded(.down) : 0)
    }

    /// The first `count` offsets after the start.
    func offsets(count: Int) -> [CGPoint] {
        var result: [CGPoint] = []
        result.reserveCapacity(count)
        var x = Walker(position: start.x, limit: maxOffset.x, step: axis == .vertical ? 0 : distance)
        var y = Walker(position: start.y, limit: maxOffset.y, step: axis == .horizontal ? 0 : distance)
        for _ in 0..<count {
            result.append(CGPoint(x: x.advance(), y: y.advance()))
        }
        return result
    }

    /// One axis of the path: moves by `step`, stopping at 0 and at `limit` and
    /// turning back there, so every step moves when the range is not empty.
    private struct Walker {
        var position: CGFloat
        let limit: CGFloat
        let step: CGFloat
        var forward = true

        mutating func advance() -> CGFloat {
            guard step > 0, limit > 0 else { return position }
            if forward, position >= limit { forward = false }
            if !forward, position <= 0 { forward = true }
            position = forward ? min(position + step, limit) : max(position - step, 0)
            return position
        }
    }
}
