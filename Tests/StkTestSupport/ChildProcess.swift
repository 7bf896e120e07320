import Foundation

/// A program run to its end with its output read through a pipe: for the
/// tools the tests start (swift, a shell, stk under a shell) whose output is
/// small. Standard input is the test's own unless `input` says otherwise.
public enum ChildProcess {
    public struct Outcome: Sendable {
        public var status: Int32
        public var reason: Process.TerminationReason
        /// Standard output, with standard error interleaved when it was merged.
        public var output: String
    }

    /// Where the child's standard error goes.
    public enum Errors: Sendable {
        /// Into the same pipe as standard output, as a terminal interleaves them.
        case merged
        /// Nowhere.
        case discarded
        /// The test's own standard error.
        case inherited
    }

    public static func run(_ executable: URL, _ arguments: [String], errors: Errors = .merged,
                           environment: [String: String]? = nil, in directory: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        switch errors {
        case .merged: process.standardError = pipe
        case .discarded: process.standardError = FileHandle.nullDevice
        case .inherited: break
        }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, reason: process.terminationReason,
                       output: String(decoding: data, as: UTF8.self))
    }

    /// Starts `executable` as a shell starts a program: no signal blocked and
    /// every signal's default action (Foundation's `Process` passes on what
    /// the test runner's thread blocks, SIGTERM among them), standard input
    /// `stdin`, output and errors to /dev/null, `environment` alone. Wait
    /// for it with `waitStatus(of:timeout:)`.
    public static func startAsAShellWould(_ executable: URL, _ arguments: [String], stdin: Int32,
                                          environment: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let strings = [executable.path] + arguments
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var argv = strings.map { strdup($0) } + [nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, &argv, &envp)
        guard result == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(result))]) }
        return pid
    }

    /// The wait status of a child started by `startAsAShellWould`, or nil if
    /// it still runs after `timeout` (it is then killed and waited for).
    public static func waitStatus(of pid: pid_t, timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            usleep(5_000)
        }
        return status
    }

    /// `swift ARGUMENTS` through /usr/bin/env, standard error merged.
    public static func swift(_ arguments: [String], errors: Errors = .merged) throws -> Outcome {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, errors: errors)
    }
}

extension Process {
    /// Waits for the process to end, looking every `interval` microseconds;
    /// one still running after `timeout` is terminated (and waited for) and
    /// the answer is false.
    public func waitUntilExit(timeout: Duration, checkingEvery interval: useconds_t) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            if ContinuousClock.now > deadline {
                terminate()
                waitUntilExit()
                return false
            }
            usleep(interval)
        }
        waitUntilExit()
        return true
    }
}
