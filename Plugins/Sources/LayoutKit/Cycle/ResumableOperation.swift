import Foundation

/// An operation of the collection view run as a resumable sequence of phases:
/// `advance()` runs it up to the next phase it reports and returns there, with
/// the layout, the collection view and the data exactly as they are at that
/// moment (a layout invalidated but not yet prepared still holds its stale
/// state). `step` is built on it.
///
/// It is the same code as a straight run, not a second driver to keep equal:
/// the operation's body runs on a thread of its own, and whoever observes the
/// collection view calls `pause(after:)` with each event it reports; there the
/// body's thread waits until the next `advance()`. Only one of the two threads
/// runs at any time, and each hand-over goes through a semaphore, which orders
/// every memory access before it: the paused state can be read, and the layout
/// asked, from the thread that called `advance()`, as long as it is not
/// changed there. A straight run (no ResumableOperation) pays nothing.
///
/// Swift has no coroutines that could suspend a synchronous call stack that
/// runs through a user's layout, and the cycle's phases are nested deep in it
/// (a fling's tenth bounds change, a self-sizing round inside a batch update):
/// a thread is the one faithful way to stop in the middle and resume.
public final class ResumableOperation: @unchecked Sendable {
    /// Where `advance()` returned.
    public enum Progress {
        /// Paused right after this phase was reported.
        case paused(LayoutCycleEvent)
        /// The operation returned (or threw).
        case finished(Result<Void, Error>)
    }

    /// The stack of the operation's thread: a layout may recurse as deep as on
    /// the main thread, whose stack is 8 MiB by default.
    public static let stackSize = 16 << 20

    private var body: (() throws -> Void)?
    private let resumeOperation = DispatchSemaphore(value: 0)
    private let resumeCaller = DispatchSemaphore(value: 0)
    private var thread: Thread?
    private var pausedAt: LayoutCycleEvent?
    private var outcome: Result<Void, Error>?
    private var pausing = true

    /// How many phases the operation has reported so far.
    public private(set) var phaseCount = 0

    public init(_ body: @escaping () throws -> Void) {
        self.body = body
    }

    /// Whether the operation returned.
    public var isFinished: Bool { outcome != nil }

    /// Runs the operation up to its next phase, or to its end.
    public func advance() -> Progress {
        if let outcome { return .finished(outcome) }
        if thread == nil { start() } else { resumeOperation.signal() }
        resumeCaller.wait()
        if let outcome { return .finished(outcome) }
        return .paused(pausedAt!)
    }

    /// Runs the operation to its end without pausing again.
    public func finish() -> Result<Void, Error> {
        pausing = false
        if case .finished(let result) = advance() { return result }
        preconditionFailure("an operation that no longer pauses ran to its end")
    }

    /// Called on the operation's thread, by the observer, after each event the
    /// collection view reports: waits there until the next `advance()`. Does
    /// nothing on any other thread (an observer shared with straight runs).
    public func pause(after event: LayoutCycleEvent) {
        guard pausing, Thread.current === thread else { return }
        phaseCount += 1
        pausedAt = event
        resumeCaller.signal()
        resumeOperation.wait()
    }

    private func start() {
        // The thread holds the operation until its body returned.
        let thread = Thread {
            let result: Result<Void, Error>
            do {
                try self.body?()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            self.body = nil
            self.pausedAt = nil
            self.outcome = result
            self.resumeCaller.signal()
        }
        thread.stackSize = Self.stackSize
        thread.name = "stk operation"
        self.thread = thread
        thread.start()
    }
}
