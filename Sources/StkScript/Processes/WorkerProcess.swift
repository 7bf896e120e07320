import ChildProcesses
import Foundation

/// The front end's handle on one worker process: this same executable
/// (`stk _worker`) started as a `SpawnedProcess`, with two pipes as its fd 3
/// and 4, and how it ended. A fresh executable also loads the plugins anew,
/// which is what `reload` needs.
public final class WorkerProcess {
    private let process: SpawnedProcess
    public var pid: pid_t { process.pid }
    private let requests: JSONLineWriter
    private let requestDescriptor: Int32
    public let messages: JSONLineReader
    /// Where the Swift runtime writes the worker's crash report (JSON).
    public let backtraceFile: String

    public typealias Termination = SpawnedProcess.Termination

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts this executable as `stk COMMAND ARGUMENTS` (COMMAND: the
    /// worker's subcommand, `_worker`) with stdin from /dev/null and the
    /// terminal as stdout and stderr.
    public init(command: String, arguments: [String]) throws {
        guard let toWorker = SpawnedProcess.pipe(), let fromWorker = SpawnedProcess.pipe() else {
            throw SpawnError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        backtraceFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("stk-crash-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json").path
        var environment = ProcessInfo.processInfo.environment
        // The Swift runtime's backtracer writes the crash report as JSON to a
        // file of ours: the front end shows the frames in the user's layout
        // (file and line), not the whole report.
        environment["SWIFT_BACKTRACE"] = CrashBacktrace.environmentValue(reportTo: backtraceFile)
        let executable = SpawnedProcess.currentExecutable
        do {
            process = try SpawnedProcess(executable: executable, arguments: [command] + arguments,
                                         environment: environment, stdin: .null,
                                         descriptors: [(WorkerDescriptors.requests, toWorker.read), (WorkerDescriptors.messages, fromWorker.write)],
                                         // As the worker always started: with the front end's signal mask and ignored signals.
                                         resetSignals: false)
        } catch {
            for fd in [toWorker.read, toWorker.write, fromWorker.read, fromWorker.write] { close(fd) }
            throw SpawnError(description: "cannot start the session process \(executable): \(error)")
        }
        close(toWorker.read)
        close(fromWorker.write)
        requestDescriptor = toWorker.write
        requests = JSONLineWriter(descriptor: toWorker.write)
        messages = JSONLineReader(descriptor: fromWorker.read)
    }

    deinit {
        close(requestDescriptor)
        close(messages.descriptor)
        process.kill()
        unlink(backtraceFile)
    }

    /// False when the worker is gone.
    @discardableResult
    public func send(_ request: WorkerRequest) -> Bool {
        requests.send(request)
    }

    /// Closes its requests (it leaves when it reads their end) and waits.
    public func finish() {
        close(requestDescriptor)
        _ = wait()
    }

    /// Ends it (Ctrl-C, a hang) and waits. SIGABRT first, so that the
    /// runtime's backtracer writes where each thread was (`crashReport`
    /// names the layout's line a loop is stuck on); SIGKILL when it has not
    /// ended within `backtraceSeconds`. The backtracer takes well under a
    /// second on a quiet machine; on a loaded one it took more than 3, and
    /// the user lost the line their layout was stuck on.
    public func terminate(backtraceSeconds: Double = 10) -> Termination {
        process.signal(SIGABRT)
        return process.wait(until: SpawnedProcess.deadline(after: backtraceSeconds)) ?? process.kill()
    }

    /// Waits for it to end.
    @discardableResult
    public func wait() -> Termination {
        process.wait()
    }

    /// The crash report the runtime wrote, if it did.
    public func crashReport() -> CrashBacktrace? {
        CrashBacktrace.read(from: backtraceFile)
    }
}
