import Foundation

/// A child process of stk, and the one way stk starts one: the REPL's
/// session worker (`stk _worker`), `stk test`'s file children
/// (`stk _test-file`), verify's session and replay children, and the
/// toolchain a source plugin is built with (`swift`, `swiftc`, the source
/// adapter: `run(_:_:separateStandardError:)`) all come from here, and end
/// the same ways (`Termination`).
///
/// posix_spawn, not fork: stk has threads (Dispatch, Foundation), and a forked
/// child of a threaded process may only call async-signal-safe functions until
/// it execs. The child's standard streams are what the caller asks
/// (`Stream`); other descriptors reach it only when given (`descriptors`),
/// so the pipes stk makes are closed on exec (`pipe()`).
public final class SpawnedProcess: @unchecked Sendable {
    /// What a standard stream of the child is.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// stk's own.
        case inherited
        /// This descriptor of stk (a pipe's end).
        case descriptor(Int32)
        /// This file, created or emptied.
        case file(String)
    }

    /// How it ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    public let pid: pid_t
    private let lock = NSLock()
    private var reaped: Termination?

    /// Starts `executable` with `arguments` (the program's name is added as
    /// argv[0]) and exactly `environment`. `descriptors` are dup2'd into the
    /// child (child descriptor: stk's descriptor), after the standard streams.
    /// `resetSignals`: the child starts with no signal blocked and every
    /// signal's default action, whatever stk blocks or ignores (as a shell
    /// starts a program); else it inherits them.
    public convenience init(executable: String, arguments: [String], environment: [String: String],
                            stdin: Stream = .null, stdout: Stream = .inherited, stderr: Stream = .inherited,
                            descriptors: [(child: Int32, parent: Int32)] = [], resetSignals: Bool = true) throws {
        try self.init(executable: executable, argumentBytes: arguments.map { Array($0.utf8) }, environment: environment,
                      stdin: stdin, stdout: stdout, stderr: stderr, descriptors: descriptors, resetSignals: resetSignals)
    }

    /// The same with each argument's bytes as they are: an argument that is
    /// not valid UTF-8 reaches the child unrepaired (a Swift `String` would
    /// hold U+FFFD in its place).
    public init(executable: String, argumentBytes: [[UInt8]], environment: [String: String],
                stdin: Stream = .null, stdout: Stream = .inherited, stderr: Stream = .inherited,
                descriptors: [(child: Int32, parent: Int32)] = [], resetSignals: Bool = true) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherited: break
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            }
        }
        for (child, parent) in descriptors { posix_spawn_file_actions_adddup2(&actions, parent, child) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if resetSignals {
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            sigdelset(&all, SIGKILL)
            sigdelset(&all, SIGSTOP)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }

        let argv = [Array(executable.utf8)] + argumentBytes
        let envp = environment.map { Array("\($0.key)=\($0.value)".utf8) }
        var spawned: pid_t = 0
        let result = Self.withCStrings(argv) { cArgv in
            Self.withCStrings(envp) { cEnvp in
                posix_spawn(&spawned, executable, &actions, &attributes, cArgv, cEnvp)
            }
        }
        guard result == 0 else {
            throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(result)))")
        }
        pid = spawned
    }

    /// Sends it `signal` (nothing once it has been waited for: its process
    /// id may belong to another process by then).
    public func signal(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if reaped == nil { Glibc.kill(pid, signal) }
    }

    /// Waits for it to end.
    @discardableResult
    public func wait() -> Termination {
        if let done = lock.withLock({ reaped }) { return done }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return reap(status)
    }

    /// Waits until it ends or `deadline` (uptime in nanoseconds) passes:
    /// nil when it still runs then. Nil deadline: no limit.
    public func wait(until deadline: UInt64?) -> Termination? {
        guard let deadline else { return wait() }
        while true {
            if let done = lock.withLock({ reaped }) { return done }
            var status: Int32 = 0
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid { return reap(status) }
            // Not our child any more (waited for elsewhere): nothing to wait for.
            if ended < 0 && errno != EINTR { return reap(0) }
            if DispatchTime.now().uptimeNanoseconds >= deadline { return nil }
            usleep(5_000)
        }
    }

    /// Ends it with SIGKILL and waits.
    @discardableResult
    public func kill() -> Termination {
        signal(SIGKILL)
        return wait()
    }

    /// The uptime deadline `seconds` from now (nil: none).
    public static func deadline(after seconds: Double?) -> UInt64? {
        seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
    }

    /// Records how it ended from a wait status.
    private func reap(_ status: Int32) -> Termination {
        // WIFEXITED / WTERMSIG are macros, not imported into Swift.
        let termination: Termination = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        lock.withLock { reaped = termination }
        return termination
    }

    /// A pipe whose ends are closed on exec (a child gets only the ends it is
    /// given), optionally non-blocking. Nil on failure, errno set.
    public static func pipe(nonBlocking: Bool = false) -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        return (fds[0], fds[1])
    }

    /// What a program run to its end printed, and how it ended.
    public struct Output: Sendable {
        public var termination: Termination
        /// Standard output, and standard error too unless it was kept apart.
        public var output: String
        /// Standard error when it was kept apart, else empty.
        public var errorOutput: String

        /// The exit status; for a signal, 128 plus its number, as a shell
        /// reports it.
        public var status: Int32 {
            switch termination {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// Runs `executable` (a name without a slash is looked up on PATH) with
    /// `arguments` and stk's environment to its end, standard input
    /// /dev/null, and captures what it printed. Standard error kept apart
    /// goes to a file while it runs, so that only one pipe has to be drained:
    /// two pipes read in turn could fill and block the child.
    public static func run(_ executable: String, _ arguments: [String], separateStandardError: Bool = false) throws -> Output {
        let path = executable.contains("/") ? executable : (which(executable) ?? executable)
        guard let pipe = pipe() else {
            throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(errno)))")
        }
        let errorFile = separateStandardError
            ? FileManager.default.temporaryDirectory.appendingPathComponent("stk-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err").path
            : nil
        defer { if let errorFile { try? FileManager.default.removeItem(atPath: errorFile) } }
        let child: SpawnedProcess
        do {
            child = try SpawnedProcess(executable: path, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                                       stdout: .descriptor(pipe.write), stderr: errorFile.map { .file($0) } ?? .descriptor(pipe.write))
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw error
        }
        // The child holds its own copy: the read below ends when it exits.
        close(pipe.write)
        let output = FileHandle(fileDescriptor: pipe.read, closeOnDealloc: true).readDataToEndOfFile()
        let termination = child.wait()
        let errorOutput = errorFile.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        return Output(termination: termination, output: String(decoding: output, as: UTF8.self),
                      errorOutput: String(decoding: errorOutput, as: UTF8.self))
    }

    /// The first executable named `name` on PATH.
    public static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// This executable: children are the same build as their parent.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    private static func withCStrings<R>(_ strings: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        pointers.append(nil)
        defer { for pointer in pointers { pointer?.deallocate() } }
        return body(pointers)
    }
}
