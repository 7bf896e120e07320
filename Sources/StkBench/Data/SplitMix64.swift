import Foundation

/// SplitMix64 (Steele, Lea and Flood; the reference code is Vigna's): a tiny
/// generator whose output depends only on the seed, the same on every platform
/// and in every run, so seeded workloads are reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1) from the top 53 bits (every value exactly representable).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A whole number in 0..<bound (bound > 0), by multiply-shift: no modulo bias
    /// worth speaking of at the bounds a workload uses, and no retry loop, so the
    /// sequence of draws is fixed by the seed alone.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
