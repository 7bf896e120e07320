import ChildProcesses
import Foundation

/// A script (`stk FILE`, `-e`, standard input) runs in a child process of
/// stk, with the same arguments, environment and standard streams: the
/// child is the run, and the parent only waits for it. When a layout crashes,
/// the child's handler (CrashReport) writes its located error to a file, and
/// the runtime's backtracer writes the crash report; the parent prints the
/// error with the frames of the user's own code under it, as the REPL and
/// `stk test` do, and exits 2:
///
///     crash.stk:4:1: error: the layout crashed while running 'set crashes=true': SIGILL, a Swift runtime trap
///       at CrashingLayout.layoutAttributesForElements(in:) (CrashingLayout.swift:13:20)
///
/// Why a second process: the runtime's backtracer is configured by the
/// environment a process starts with (SWIFT_BACKTRACE), and the report it
/// writes can only be read once the crashed process has ended.
///
/// Everything else is the child's: its exit status is the parent's; a signal
/// that ended it ends the parent the same way; Ctrl-C and the terminal's
/// other signals reach both (the parent ignores them), and SIGTERM or SIGHUP
/// sent to the parent alone is passed on. The child ends with its parent.
public enum ScriptSupervisor {
    /// In the child's environment: `PARENT_PID:FILE`, FILE being where its
    /// crash handler writes the message.
    static let childVariable = "STK_SCRIPT_SUPERVISOR"

    /// In the child (the variable is set): the parent's process id and the
    /// file for the crash handler's message. The variables the parent set
    /// are taken out of the environment, so that the processes the run
    /// starts (a plugin's build) are not children of a supervisor. Nil in any
    /// other process.
    public static func childRole() -> (parent: pid_t, messageFile: String)? {
        guard let value = ProcessInfo.processInfo.environment[childVariable] else { return nil }
        unsetenv(childVariable)
        unsetenv("SWIFT_BACKTRACE")
        let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let parent = pid_t(parts[0]) else { return nil }
        return (parent, parts[1])
    }

    /// In the parent: runs this process's command line in a child and ends as
    /// it ends. Returns only when the child cannot be started (the caller
    /// then runs the script itself, without the layout's frames on a crash).
    public static func superviseThisRun() {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("stk-script-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let messageFile = scratch + ".crash.txt"
        let reportFile = scratch + ".crash.json"
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = CrashBacktrace.environmentValue(reportTo: reportFile)
        environment[childVariable] = "\(getpid()):\(messageFile)"
        let arguments = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(argument)))
        }
        // The child starts with the signal dispositions stk started with
        // (`nohup stk …` ignores SIGHUP in both); the parent's own are set after.
        guard let child = try? SpawnedProcess(executable: SpawnedProcess.currentExecutable, argumentBytes: arguments,
                                              environment: environment, stdin: .inherited, resetSignals: false)
        else { return }
        forwardSignals(to: child.pid)
        let termination = child.wait()
        let message = FileManager.default.contents(atPath: messageFile)
        let report = CrashBacktrace.read(from: reportFile)
        unlink(messageFile)
        unlink(reportFile)
        switch termination {
        case .exited(let status):
            exit(status)
        case .signalled(let signal):
            if let message, !message.isEmpty {
                let frames = report?.userFrameLines() ?? []
                StandardStreams.write(withFrames(String(decoding: message, as: UTF8.self), frames), to: .error)
                exit(ExitStatus.error.rawValue)
            }
            endAsTheChildEnded(signal)
        }
    }

    /// The handler's message with the frames under its first line (the
    /// error), before its notes.
    static func withFrames(_ message: String, _ frames: [String]) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lines.insert(contentsOf: frames, at: min(1, lines.count))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The child, for the handler that passes SIGTERM and SIGHUP on.
    nonisolated(unsafe) private static var childPID: pid_t = 0

    private static func forwardSignals(to pid: pid_t) {
        childPID = pid
        // The terminal sends these to both: the child decides.
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        for number in [SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(number, nil, &current)
            // Ignored when stk started (`nohup`): the child ignores it too.
            if unsafeBitCast(current.__sigaction_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in _ = kill(ScriptSupervisor.childPID, number) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_RESTART)
            sigaction(number, &action, nil)
        }
    }

    /// Ends this process with `signal`, as the child ended: what a shell or
    /// `timeout` reports is the same as without a supervisor.
    private static func endAsTheChildEnded(_ signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        exit(128 + signal)
    }
}
