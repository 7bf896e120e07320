import ChildProcesses
import Foundation

/// The one way stk hears an interrupt (SIGINT, SIGTERM): a self-pipe. The
/// signal handler only writes the signal's number to a pipe (all a handler
/// may safely do); who waits reads it. The REPL's front end watches the pipe
/// while it waits for its worker (`descriptor`, with the worker's messages);
/// `stk test` and `stk verify` run a handler on a thread of their own
/// (`watch`), which writes the report of what finished before the run ends.
///
/// Handlers, unlike ignored signals, are reset in the children stk starts,
/// so a child still stops at Ctrl-C. While the REPL's line editor reads a
/// line it handles SIGINT itself and puts this handler back after.
public enum SignalPipe {
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private static let lock = NSLock()

    /// Sends `signals` to the pipe from now on (the pipe is made once per
    /// process). A parent may have started stk with them blocked (a blocked
    /// mask is inherited): they are unblocked, so they reach stk.
    public static func install(_ signals: [Int32]) {
        lock.lock()
        defer { lock.unlock() }
        if readEnd < 0 {
            guard let ends = SpawnedProcess.pipe(nonBlocking: true) else { return }
            (readEnd, writeEnd) = ends
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(SignalPipe.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals {
            sigaction(signal, &action, nil)
            sigaddset(&unblocked, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// The pipe's read end (non-blocking): readable once a signal came.
    public static var descriptor: Int32 { readEnd }

    /// Forgets the signals heard so far (a Ctrl-C pressed while nothing ran).
    public static func clear() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Set once `watch` heard a signal, before its handler runs.
    public static var wasInterrupted: Bool { interrupted.withValue { $0 } }
    private static let interrupted = Locked(false)

    /// For the thread that would go on after an interrupt: the handler ends
    /// the process (with the report of what finished before the signal), and
    /// this thread must not finish first on its own (a child the handler
    /// killed would read as a crash, and the run's normal end would race the
    /// handler's). Returns at once when no signal was heard.
    public static func yieldToInterrupt() {
        guard wasInterrupted else { return }
        while true { pause() }
    }

    /// Calls `handler` once, on a thread of its own, with the first signal
    /// heard after now; its handler ends the process.
    public static func watch(_ handler: @escaping @Sendable (Int32) -> Void) {
        let reading = readEnd
        guard reading >= 0 else { return }
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                var waiting = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
                _ = poll(&waiting, 1, -1)
                if read(reading, &byte, 1) == 1 { break }
            }
            interrupted.withValue { $0 = true }
            handler(Int32(byte))
        }
        thread.start()
    }
}
