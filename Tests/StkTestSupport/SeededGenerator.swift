// The tests' one seeded generator is the product's: StkBench's SplitMix64,
// re-exported here so that a test target needs only this module to use it.
@_exported import struct StkBench.SplitMix64
import Foundation

extension SplitMix64 {
    /// A multiple of `step` in `range` (multiples of 1/4 keep every sum exact in binary).
    public mutating func multiple(of step: CGFloat, in range: ClosedRange<CGFloat>) -> CGFloat {
        let lo = Int((range.lowerBound / step).rounded(.up))
        let hi = Int((range.upperBound / step).rounded(.down))
        return CGFloat(Int.random(in: lo...hi, using: &self)) * step
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
