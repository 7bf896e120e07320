import Foundation

/// How a cost grows with the data, from measurements at sizes ten times
/// apart: the exponent k of time ∝ n^k, fitted between the smallest and the
/// largest size, named as a complexity class. Noisy machines move single
/// timings by a third, so the classes are wide: k below 0.15 is constant,
/// below 0.5 logarithmic (log n grows by a third per decade at these sizes),
/// below 1.15 linear, below 1.6 n log n, above that quadratic.
public struct ScalingVerdict: Equatable, Sendable {
    public enum Growth: String, Sendable, CaseIterable {
        case constant = "O(1)"
        case logarithmic = "O(log n)"
        case linear = "O(n)"
        case linearithmic = "O(n log n)"
        case quadratic = "O(n^2)"
    }

    public let growth: Growth
    public let exponent: Double
    /// The evidence: items and the measured median, in microseconds.
    public let points: [(items: Int, micros: Double)]

    public static func == (a: ScalingVerdict, b: ScalingVerdict) -> Bool {
        a.growth == b.growth && a.exponent == b.exponent && a.points.map(\.items) == b.points.map(\.items)
            && a.points.map(\.micros) == b.points.map(\.micros)
    }

    /// Nil with fewer than two sizes.
    public init?(points: [(items: Int, micros: Double)]) {
        guard points.count >= 2, let first = points.first, let last = points.last,
              last.items > first.items, first.micros > 0, last.micros > 0 else { return nil }
        self.points = points
        exponent = log(last.micros / first.micros) / log(Double(last.items) / Double(first.items))
        switch exponent {
        case ..<0.15: growth = .constant
        case ..<0.5: growth = .logarithmic
        case ..<1.15: growth = .linear
        case ..<1.6: growth = .linearithmic
        default: growth = .quadratic
        }
    }

    /// The most items whose cost stays within `budgetMicros`, extrapolated
    /// from the largest measurement along the fitted growth; nil when the cost
    /// does not grow (any size fits, or none does).
    public func itemsWithin(budgetMicros: Double) -> Int? {
        guard let last = points.last, exponent >= 0.15 else { return nil }
        let n = Double(last.items) * pow(budgetMicros / last.micros, 1 / exponent)
        guard n.isFinite, n >= 1 else { return 0 }
        return Int(min(n, 1e12))
    }

    /// `O(n): 12.0 µs at 1,000 items, 118 µs at 10,000, 1.21 ms at 100,000`.
    public var evidence: String {
        points.enumerated().map { index, point in
            "\(BenchFormat.micros(point.micros)) at \(BenchFormat.count(point.items))\(index == 0 ? " items" : "")"
        }.joined(separator: ", ")
    }
}

/// The verdict of `stk bench` on one layout: the growth of its scroll step,
/// prepare and batch update with the data, a likely cause in words, and the
/// largest data a frame can afford.
public struct ScalingReport: Sendable {
    public var step: ScalingVerdict?
    public var prepare: ScalingVerdict?
    public var batch: ScalingVerdict?
    /// Attribute objects made per scroll step and elements visible, at the largest size.
    public var attributesPerStep: Int
    public var visiblePerStep: Int
    /// Whether scroll steps ran prepare() with work growing with the data.
    public var stepInvalidatesEverything: Bool
    /// `prepare()` calls per scroll step, and the step's time in prepare and
    /// in all (medians, microseconds), at the largest size; nil when not measured.
    public var prepareCallsPerStep: Int?
    public var prepareMicrosPerStep: Double?
    public var stepMicros: Double?

    public init(step: ScalingVerdict?, prepare: ScalingVerdict?, batch: ScalingVerdict?,
                attributesPerStep: Int, visiblePerStep: Int, stepInvalidatesEverything: Bool) {
        self.step = step
        self.prepare = prepare
        self.batch = batch
        self.attributesPerStep = attributesPerStep
        self.visiblePerStep = visiblePerStep
        self.stepInvalidatesEverything = stepInvalidatesEverything
    }

    /// What the counters say of a step that grows with the data.
    public var likelyCause: String? {
        guard let step, step.growth != .constant, step.growth != .logarithmic else { return nil }
        let inPrepare = prepareMicrosPerStep.flatMap { p in stepMicros.map { (p, $0) } }
        if let calls = prepareCallsPerStep, calls > 0, let (prepare, total) = inPrepare, prepare > total / 2 {
            let share = "\(BenchFormat.micros(prepare)) of its \(BenchFormat.micros(total))"
            if attributesPerStep > max(4 * visiblePerStep, visiblePerStep + 50) {
                return "every scroll step calls prepare() (\(share)), and it creates about \(attributesPerStep) attributes objects for \(visiblePerStep) visible elements: a full recompute on each scroll; cache the attributes and make the scroll's invalidation context name only what moves"
            }
            return "every scroll step calls prepare() (\(share)), whose work grows with the data: recompute in prepare() only what the invalidation context names"
        }
        if attributesPerStep > max(4 * visiblePerStep, visiblePerStep + 50) {
            return "every scroll step creates about \(attributesPerStep) attributes objects for \(visiblePerStep) visible elements: prepare() recomputes every item on each scroll (a full recompute); cache the attributes and make the scroll's invalidation context name only what moves"
        }
        if stepInvalidatesEverything {
            return "every scroll step invalidates everything: shouldInvalidateLayout(forBoundsChange:) answers true and the context redoes the whole layout; name only what moves"
        }
        return "the scroll step's work grows with the data though few objects are made: a search over every item (filter over a cache, say) where a binary search or arithmetic would do"
    }

    /// The report's lines, after the table.
    public var lines: [String] {
        var lines: [String] = []
        func line(_ title: String, _ verdict: ScalingVerdict?) {
            guard let verdict else { return }
            lines.append("scaling  \(verdict.growth.rawValue) per \(title): \(verdict.evidence)")
        }
        line("scroll step", step)
        line("prepare", prepare)
        line("batch update", batch)
        if let cause = likelyCause { lines.append("likely cause  \(cause)") }
        if let step {
            let fast = step.itemsWithin(budgetMicros: 8_333)
            let slow = step.itemsWithin(budgetMicros: 16_667)
            if let fast, let slow {
                lines.append("frame budget  a scroll step fits 8.3 ms (120 Hz) up to about \(BenchFormat.count(fast)) items and 16.7 ms (60 Hz) up to about \(BenchFormat.count(slow)) (an estimate, extrapolated from the growth above)")
            } else {
                lines.append("frame budget  the scroll step does not grow with the data: any data size fits a 120 Hz frame as far as these sizes show (an estimate)")
            }
        }
        return lines
    }
}
