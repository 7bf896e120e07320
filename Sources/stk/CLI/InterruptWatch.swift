import Foundation

/// Runs a handler, on a thread of its own, when the process gets SIGINT or
/// SIGTERM (Ctrl-C, a CI job cancelled): `stk test` writes its JUnit report
/// of the files finished so far before it exits. The signal handler only
/// writes the signal's number to a pipe (all a handler may safely do); the
/// thread reading the pipe does the work. Handlers, unlike ignored signals,
/// are reset in the children stk starts, so they still stop at Ctrl-C.
enum InterruptWatch {
    nonisolated(unsafe) private static var pipeEnds: [Int32] = [-1, -1]

    static func install(_ handler: @escaping @Sendable (Int32) -> Void) {
        guard pipe(&pipeEnds) == 0 else { return }
        let onSignal: @convention(c) (Int32) -> Void = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(InterruptWatch.pipeEnds[1], &byte, 1)
        }
        signal(SIGINT, onSignal)
        signal(SIGTERM, onSignal)
        // A parent may have started stk with them blocked (a blocked mask is
        // inherited): they must reach this process.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        let reading = pipeEnds[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while read(reading, &byte, 1) < 0 && errno == EINTR {}
            handler(Int32(byte))
        }
        thread.start()
    }
}
