import Foundation
import LayoutKit

/// The per-item sizes of a `.random` workload, section by section, in order.
/// Section `s` draws from its own generator (seeded with the workload seed and
/// `s`), so a section's sizes do not depend on how many items other sections
/// have, and a section can be produced without producing the ones before it.
struct SeededSizes: Sendable {
    let seed: UInt64
    /// The least and the greatest width and height an item may get.
    let min: CGSize
    let max: CGSize

    /// The sizes of the `count` items of section `section`.
    func sizes(section: Int, count: Int) -> [CGSize] {
        // Mixing the section in through one SplitMix64 step keeps neighbouring
        // sections' streams unrelated.
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: section) &* 0xD1B5_4A32_D192_ED03))
        var generator = SplitMix64(seed: mixer.next())
        var result: [CGSize] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            let w = Self.draw(&generator, min.width, max.width)
            let h = Self.draw(&generator, min.height, max.height)
            result.append(CGSize(width: w, height: h))
        }
        return result
    }

    /// A uniform draw in [lo, hi], rounded to whole points and kept inside [lo, hi].
    private static func draw(_ generator: inout SplitMix64, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
        let u = generator.nextUnit()
        let value = (lo + CGFloat(u) * (hi - lo)).rounded()
        return Swift.min(Swift.max(value, lo), hi)
    }
}
