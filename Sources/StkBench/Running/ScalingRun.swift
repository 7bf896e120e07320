import Foundation
import LayoutKit

/// The scaling verdict's measurements: the same workload at a hundredth, a
/// tenth and all of the data asked for (sections scaled when there are many,
/// else items), with few steps, growing only while the time left allows a
/// run ten times longer than the last (about `budgetSeconds` in all).
public enum ScalingRun {
    public static func run(_ base: BenchConfiguration, descriptor: LayoutDescriptor, budgetSeconds: Double = 10) -> ScalingReport? {
        var step: [(items: Int, micros: Double)] = []
        var prepare: [(items: Int, micros: Double)] = []
        var batch: [(items: Int, micros: Double)] = []
        var largest: BenchResult?
        let started = Date()
        let scalesSections = base.sections >= 100
        for fraction in [0.01, 0.1, 1.0] {
            var c = base
            if scalesSections {
                c.sections = max(1, Int((Double(base.sections) * fraction).rounded()))
            } else {
                c.itemsPerSection = max(1, Int((Double(base.itemsPerSection) * fraction).rounded()))
            }
            c.steps = 30
            c.warmupSteps = 3
            c.batchCount = min(base.batchCount, 10)
            c.resizeCount = 1
            c.flingCount = 0
            c.fullInvalidation = false
            c.recordSamples = false
            c.label = nil
            let items = c.sections * c.itemsPerSection
            if let last = step.last, last.items == items { continue }
            let runStarted = Date()
            guard let result = try? BenchRunner.run(c, descriptor: descriptor) else { continue }
            let elapsed = Date().timeIntervalSince(runStarted)
            step.append((items, result.scroll.medianMicros))
            prepare.append((items, max(result.coldPrepareMillis * 1000, 0.001)))
            if let b = result.batchUpdates { batch.append((items, b.medianMicros)) }
            largest = result
            // The next size costs about ten times this one.
            if Date().timeIntervalSince(started) + elapsed * 10 > budgetSeconds { break }
        }
        guard let largest, step.count >= 2 else { return nil }
        var report = ScalingReport(
            step: ScalingVerdict(points: step), prepare: ScalingVerdict(points: prepare),
            batch: ScalingVerdict(points: batch),
            attributesPerStep: largest.scroll.attributesCreatedMedian, visiblePerStep: largest.scroll.visibleMedian,
            stepInvalidatesEverything: largest.scroll.count > 0 && largest.scroll.invalidatingEverything == largest.scroll.count)
        report.prepareCallsPerStep = largest.scroll.prepareCallsMedian
        report.prepareMicrosPerStep = largest.scroll.phaseMicrosMedian.prepare
        report.stepMicros = largest.scroll.medianMicros
        return report
    }
}
