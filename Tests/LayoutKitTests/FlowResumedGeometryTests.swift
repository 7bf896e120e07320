import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// Self-sizing measures a cell at a time, and the flow lays its section out
/// again from the measured item on (`FlowSectionGeometry.make(_:width:resuming:changedItem:)`),
/// not from the top. A resumed section must be the section made fresh from
/// the same sizes: every frame, the extent, the first oversize item, and the
/// same blocks (where a block ends decides what the next measurement resumes
/// from, so a difference there would grow with every measurement).
@Suite struct FlowResumedGeometryTests {
    /// Measurements in the order a scroll makes them (down the section, a
    /// few cells at a time, now and then one measured again at another size)
    /// and in random order; sizes narrower, wider and taller than the
    /// estimate, some wider than the line.
    @Test(arguments: Array(UInt64(1)...30))
    func aResumedSectionIsTheSectionMadeFresh(seed: UInt64) {
        var rng = SplitMix64(seed: seed &* 0x9E3779B97F4A7C15)
        func q(_ range: ClosedRange<CGFloat>) -> CGFloat { rng.multiple(of: 0.5, in: range) }
        let width = q(200...500)
        let estimate = CGSize(width: q(40...160), height: q(20...60))
        let count = Int.random(in: 1...900, using: &rng)
        var input = FlowSectionInput(itemCount: count, uniformItemSize: estimate, itemSizes: [],
                                     inset: EdgeInsets(top: q(0...10), left: q(0...10), bottom: q(0...10), right: q(0...10)),
                                     lineSpacing: q(0...12), interitemSpacing: q(0...12), headerLength: 44, footerLength: 0)
        let inOrder = rng.chance(0.6)
        var frontier = 0
        var geometry = FlowSectionGeometry.make(input, width: width)
        for step in 0..<300 {
            let item: Int
            if inOrder, !rng.chance(0.1) {
                guard frontier < count else { break }
                item = frontier
                frontier += 1
            } else {
                item = Int.random(in: 0..<count, using: &rng)
            }
            let wide = rng.chance(0.03)
            input.measured[item] = CGSize(width: wide ? width + q(1...40) : q(20...180), height: q(10...90))
            let resumed = FlowSectionGeometry.make(input, width: width, resuming: geometry, changedItem: item)
            let fresh = FlowSectionGeometry.make(input, width: width)
            #expect(resumed.itemsEnd == fresh.itemsEnd && resumed.length == fresh.length, "step \(step), item \(item)")
            #expect(resumed.firstOversizeItem == fresh.firstOversizeItem, "step \(step), item \(item)")
            #expect(Self.blocks(resumed) == Self.blocks(fresh), "step \(step), item \(item)")
            let wrong = (0..<count).first { resumed.itemFrame($0) != fresh.itemFrame($0) }
            #expect(wrong == nil, "step \(step), item \(item): frame of \(wrong ?? -1)")
            guard wrong == nil, Self.blocks(resumed) == Self.blocks(fresh) else { return }
            geometry = resumed
        }
    }

    /// A section's blocks as text: extent, kind and lines.
    static func blocks(_ geometry: FlowSectionGeometry) -> [String] {
        guard case .segmented(let segmented) = geometry.items else { return ["not segmented"] }
        return segmented.blocks.map { block in
            let lines: String
            switch block.lines {
            case .uniform(let count): lines = "uniform \(count)"
            case .explicit(let explicit):
                lines = "explicit \(explicit.firstItem) \(explicit.lineFirstItem) \(explicit.lineMinY) \(explicit.lineMaxY) \(explicit.frames.map(\.stk))"
            }
            return "\(block.firstItem)..<\(block.endItem) \(block.minY)-\(block.maxY) \(lines)"
        }
    }
}
