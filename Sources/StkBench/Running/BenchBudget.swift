import Foundation

/// The time a run's timed phases may take (`BenchConfiguration.timeBudgetSeconds`),
/// shared among them: each phase stops when its share is used up, once it
/// has measured a few operations, and what it left out is noted for the report.
struct BenchBudget {
    enum Phase {
        case warmup, scroll, fullInvalidation, resize, batchUpdates, flings

        /// The phase's share of the budget (they add up to 1).
        var share: Double {
            switch self {
            case .warmup: return 0.05
            case .scroll: return 0.45
            case .fullInvalidation: return 0.2
            case .resize: return 0.05
            case .batchUpdates: return 0.2
            case .flings: return 0.05
            }
        }

        /// Operations measured whatever the time (none for the warm-up).
        var minimum: Int {
            switch self {
            case .warmup: return 0
            case .scroll: return 3
            default: return 1
            }
        }
    }

    let seconds: Double?
    private var phase = Phase.warmup
    private var deadline: UInt64 = .max
    /// What was left out: `37 of 1000 scroll steps`.
    private(set) var notes: [String] = []

    init(seconds: Double?) {
        self.seconds = seconds.flatMap { $0 > 0 ? $0 : nil }
    }

    mutating func begin(_ phase: Phase) {
        self.phase = phase
        guard let seconds else { return }
        deadline = MonotonicClock.nanoseconds() + UInt64(seconds * phase.share * 1e9)
    }

    /// Whether the phase should stop, with `done` operations measured.
    func isUsedUp(done: Int) -> Bool {
        seconds != nil && done >= phase.minimum && MonotonicClock.nanoseconds() >= deadline
    }

    /// Notes `done` of `asked` operations of a kind when the budget cut them.
    mutating func note(_ kind: String, _ done: Int, of asked: Int) {
        if done < asked { notes.append("\(done) of \(asked) \(kind)") }
    }
}
