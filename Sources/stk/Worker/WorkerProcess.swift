import Foundation
import StkScript

/// The front end's handle on one worker process: started with posix_spawn
/// (this same executable, `stk _worker`), the pipes, and how it ended.
///
/// posix_spawn, not fork: the front end has threads (Dispatch, Foundation), and
/// a forked child of a threaded process may only call async-signal-safe
/// functions until it execs. A fresh executable also loads the plugins anew,
/// which is what `reload` needs.
final class WorkerProcess {
    let pid: pid_t
    private let requests: JSONLineWriter
    private let requestDescriptor: Int32
    let messages: JSONLineReader
    /// Where the Swift runtime writes the worker's crash report (JSON).
    let backtraceFile: String
    private var reaped: Termination?

    /// How the process ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `stk _worker ARGUMENTS` with stdin from /dev/null and the
    /// terminal as stdout and stderr.
    init(arguments: [String]) throws {
        guard let requestPipe = makeClosedOnExecPipe(), let messagePipe = makeClosedOnExecPipe() else {
            throw SpawnError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        let toWorker = [requestPipe.read, requestPipe.write]
        let fromWorker = [messagePipe.read, messagePipe.write]
        backtraceFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("stk-crash-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], WorkerDescriptors.requests)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], WorkerDescriptors.messages)

        let executable = Self.executablePath
        let argv = [executable, WorkerCommand.configuration.commandName!] + arguments
        var environment = ProcessInfo.processInfo.environment
        // The Swift runtime's backtracer writes the crash report as JSON to a
        // file of ours: the front end shows the frames in the user's layout
        // (file and line), not the whole report.
        environment["SWIFT_BACKTRACE"] = CrashBacktrace.environmentValue(reportTo: backtraceFile)
        let envp = environment.map { "\($0.key)=\($0.value)" }

        var spawned: pid_t = 0
        let result = Self.withCStrings(argv) { cArgv in
            Self.withCStrings(envp) { cEnvp in
                posix_spawn(&spawned, executable, &actions, nil, cArgv, cEnvp)
            }
        }
        close(toWorker[0])
        close(fromWorker[1])
        guard result == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw SpawnError(description: "cannot start the session process \(executable): \(String(cString: strerror(result)))")
        }
        pid = spawned
        requestDescriptor = toWorker[1]
        requests = JSONLineWriter(descriptor: toWorker[1])
        messages = JSONLineReader(descriptor: fromWorker[0])
    }

    deinit {
        close(requestDescriptor)
        close(messages.descriptor)
        if reaped == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        unlink(backtraceFile)
    }

    /// False when the worker is gone.
    @discardableResult
    func send(_ request: WorkerRequest) -> Bool {
        requests.send(request)
    }

    /// Closes its requests (it leaves when it reads their end) and waits.
    func finish() {
        close(requestDescriptor)
        _ = wait()
    }

    /// Ends it (Ctrl-C, a hang) and waits. SIGABRT first, so that the
    /// runtime's backtracer writes where each thread was (`crashReport`
    /// names the layout's line a loop is stuck on); SIGKILL when it has not
    /// ended within `backtraceSeconds`.
    func terminate(backtraceSeconds: Double = 3) -> Termination {
        if reaped != nil { return wait() }
        kill(pid, SIGABRT)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(backtraceSeconds * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            var status: Int32 = 0
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid { return reap(status) }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        return wait()
    }

    /// Waits for it to end.
    @discardableResult
    func wait() -> Termination {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return reap(status)
    }

    /// Records how it ended from a wait status.
    private func reap(_ status: Int32) -> Termination {
        // WIFEXITED / WTERMSIG are macros, not imported into Swift.
        let termination: Termination = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        reaped = termination
        return termination
    }

    /// The crash report the runtime wrote, if it did.
    func crashReport() -> CrashBacktrace? {
        CrashBacktrace.read(from: backtraceFile)
    }

    /// This executable: the worker is the same build as the front end.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
