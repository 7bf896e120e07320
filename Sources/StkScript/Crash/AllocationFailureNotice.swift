import Foundation

/// In a child process (the REPL's worker, the child that runs one file of
/// `stk test`): an allocation that fails is told to the parent before the
/// process dies, so that the parent says "out of memory" and not "the layout
/// crashed" (the parent sees only a signal, and SIGABRT or a trap is what a
/// layout's crash looks like too). A script reports it itself (CrashReport).
///
/// The handler writes one message, encoded when installed, to the parent's
/// message pipe (one JSON line, as every message), then hands the signal to
/// the handler that was there before (the runtime's backtracer, or the
/// default), which ends the process as it would have.
public enum AllocationFailureNotice {
    private static let signals = CrashReport.allocationFailureSignals
    nonisolated(unsafe) private static var line: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    /// The handlers before this one, by the index of their signal in `signals`:
    /// allocated once, read in the handler without allocating.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signals.count)

    /// Installs the handler: `message` goes to `descriptor` if an allocation fails.
    public static func install<Message: Encodable>(_ message: Message, on descriptor: Int32) {
        guard line == nil, var data = try? JSONEncoder().encode(message) else { return }
        data.append(0x0A)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: data.count)
        _ = buffer.initialize(from: data)
        line = buffer
        self.descriptor = descriptor
        for (index, number) in signals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in AllocationFailureNotice.handle(number) }
            sigemptyset(&action.sa_mask)
            // On the alternate stack when there is one (a failure deep in a recursion).
            action.sa_flags = Int32(SA_ONSTACK)
            sigaction(number, &action, previous + index)
        }
    }

    private static func handle(_ number: Int32) {
        let error = errno
        if CrashReport.isAllocationFailure(signal: number, errno: error), let line {
            _ = write(descriptor, line.baseAddress, line.count)
        }
        // The signal again, to the handler before: blocked while this one
        // runs, it is delivered as this one returns (a trap's instruction
        // or abort()'s second raise would also bring it back).
        guard let index = signals.firstIndex(of: number) else { return }
        sigaction(number, previous + index, nil)
        raise(number)
    }
}
