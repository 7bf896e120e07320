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
