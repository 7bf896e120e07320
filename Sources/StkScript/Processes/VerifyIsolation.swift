import ChildProcesses
import Foundation

/// `stk verify` runs its random sessions in a child process, so that a layout
/// that crashes is a finding like any other instead of the end of verify: the
/// child (`stk verify` itself, told so by `logEnvironmentKey`) runs exactly as
/// verify always ran and records each operation before it runs
/// (`OperationLog`). When it dies of a signal, the parent reads the log: the
/// operation that was running crashed the layout. It shrinks that session by
/// replaying candidates in children of their own (`stk verify --replay FILE`),
/// each of which either crashes again or not, and reports the crash with its
/// reproducer.
public struct VerifyIsolation: Sendable {
    /// The environment variable that makes `stk verify` the session child,
    /// and names its operation log.
    public static let logEnvironmentKey = "STK_VERIFY_OPERATION_LOG"

    /// The environment variable that hands the session child the commands of
    /// `--setup` as the parent read them: a setup given as a pipe
    /// (`--setup <(...)`) can be read only once.
    public static let setupEnvironmentKey = "STK_VERIFY_SETUP"

    /// The environment variable that names the file a session child saves
    /// its report in (as JSON, after each failure and at its end) instead of
    /// printing it: the parent reports, once, what every child found.
    public static let reportEnvironmentKey = "STK_VERIFY_REPORT"

    /// The environment variable that starts a session child where an
    /// earlier one ended (`resumeValue`).
    public static let resumeEnvironmentKey = "STK_VERIFY_RESUME"

    /// How many session children a run starts at most: after a crash the
    /// run goes on in a new child, as it goes on in a new session after any
    /// other failure, until its operations are done.
    public static let maximumChildren = 20

    /// `OPERATIONS;SEED;CHECK,CHECK`: the operations run so far, the seed
    /// of the next child's operations, and the checks reported already.
    public static func resumeValue(operationsRun: Int, seed: UInt64, reported: Set<LayoutChecks.Finding.Check>) -> String {
        "\(operationsRun);\(seed);" + reported.map(\.rawValue).sorted().joined(separator: ",")
    }

    /// The options a resumed child runs with, from `resumeValue`'s text.
    public static func resume(_ value: String, into options: inout Verifier.Options) {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let operationsRun = Int(parts[0]), let seed = UInt64(parts[1]) else { return }
        options.operationsAlreadyRun = operationsRun
        options.seed = seed
        options.checksAlreadyReported = Set(parts[2].split(separator: ",").compactMap { LayoutChecks.Finding.Check(rawValue: String($0)) })
    }

    /// Saves a child's report where the parent reads it (whole or not at
    /// all); false when it could not be written.
    @discardableResult
    public static func save(_ report: Verifier.Report, to path: String) -> Bool {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(report) else { return false }
        return (try? data.write(to: URL(fileURLWithPath: path), options: .atomic)) != nil
    }

    /// The report a child saved, if any.
    public static func savedReport(at path: String) -> Verifier.Report? {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return FileManager.default.contents(atPath: path).flatMap { try? decoder.decode(Verifier.Report.self, from: $0) }
    }

    /// The exit status of a session child whose operation outlived
    /// `--timeout`: the parent shrinks the hang from the log and reports it.
    public static let hangStatus: Int32 = 125

    /// How a child ended.
    public enum Outcome: Equatable, Sendable {
        case exited(Int32)
        case crashed(signal: Int32)
        case timedOut
    }

    /// A replay child's arguments before `--replay FILE`:
    /// `verify LAYOUT --plugin P ...`.
    public let replayArguments: [String]
    /// Seconds one replay may take (a layout that also hangs); nil for none.
    public let replayTimeout: Double?

    public init(replayArguments: [String], replayTimeout: Double?) {
        self.replayArguments = replayArguments
        self.replayTimeout = replayTimeout
    }

    /// Runs a child, this executable as a worker is, to its end. `quiet`:
    /// its standard output and error are discarded (a replay), else they are
    /// the parent's. `started` is told its process id (to stop it on an
    /// interrupt).
    public static func run(_ arguments: [String], environment extra: [String: String] = [:],
                           quiet: Bool = false, timeout: Double? = nil, started: (pid_t) -> Void = { _ in }) -> Outcome {
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(executable: SpawnedProcess.currentExecutable, arguments: arguments,
                                         environment: ProcessInfo.processInfo.environment.merging(extra) { $1 },
                                         stdin: .null, stdout: quiet ? .null : .inherited, stderr: quiet ? .null : .inherited)
        } catch {
            return .exited(ExitStatus.error.rawValue)
        }
        started(process.pid)
        guard let termination = process.wait(until: SpawnedProcess.deadline(after: timeout)) else {
            process.kill()
            return .timedOut
        }
        switch termination {
        case .signalled(let signal): return .crashed(signal: signal)
        case .exited(let status): return .exited(status)
        }
    }

    /// Whether running `operations` from a fresh session (then the checks)
    /// crashes the layout.
    public func crashes(_ operations: [String]) -> Bool {
        if case .crashed = replay(operations) { return true }
        return false
    }

    /// Whether `operations`, which crash with the checks after them, crash
    /// only in those checks: run without them, they finish. stk's checks ask
    /// what UIKit asks elsewhere (a single query, for `scrollToItem`, updates
    /// and animations), so the operation is not to blame for the crash.
    public func crashesOnlyInTheChecks(_ operations: [String]) -> Bool {
        replay(operations, skippingChecks: true) == .exited(ExitStatus.success.rawValue)
    }

    /// Whether running `operations` from a fresh session does not finish
    /// within the replay timeout (each such try costs the whole timeout).
    public func hangs(_ operations: [String]) -> Bool {
        replay(operations) == .timedOut
    }

    private func replay(_ operations: [String], skippingChecks: Bool = false) -> Outcome {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("stk-verify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).stk")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? Data((operations.joined(separator: "\n") + "\n").utf8).write(to: file)) != nil else { return .exited(ExitStatus.error.rawValue) }
        // The runtime's backtracer is slow and says nothing the parent reads here.
        return Self.run(replayArguments + ["--replay", file.path] + (skippingChecks ? ["--replay-skips-checks"] : []),
                        environment: ["SWIFT_BACKTRACE": "enable=no"],
                        quiet: true, timeout: replayTimeout)
    }

    /// `DeltaDebugging` with `stillFails` (`crashes` or `hangs`) as the
    /// test; at most `maximumTries` replays, each a process.
    public func shrink(_ operations: [String], fixedPrefix: Int, while stillFails: ([String]) -> Bool,
                       maximumTries: Int = 150) -> (operations: [String], tries: Int) {
        DeltaDebugging.shrink(operations, fixedPrefix: fixedPrefix, maximumTries: maximumTries, while: stillFails)
    }
}

extension Verifier.Report {
    /// This report followed by what a later child of the same run found:
    /// its failures after these, its count of operations run (which includes
    /// the earlier ones), its other counts added.
    public func followed(by later: Verifier.Report) -> Verifier.Report {
        var merged = self
        for failure in later.failures {
            if merged.failure == nil { merged.failure = failure } else { merged.otherFailures.append(failure) }
        }
        merged.operationsRun = max(operationsRun, later.operationsRun)
        merged.operationsRefused += later.operationsRefused
        merged.namedByContexts += later.namedByContexts
        merged.namedButUnchanged += later.namedButUnchanged
        merged.operationMicros += later.operationMicros
        return merged
    }

    /// A crash: the session's operations (shrunk), the last of which crashed
    /// the layout, or the checks after it (`inTheChecks`); `operationsRun`
    /// random operations had run before it.
    public static func crash(layout: String, seed: UInt64, operations: [String], originalCount: Int,
                             operationsRun: Int, signal: Int32, backtrace: CrashBacktrace?, inTheChecks: Bool = false) -> Verifier.Report {
        var report = Verifier.Report(layout: layout, seed: seed)
        report.operationsRun = operationsRun + 1
        var message = inTheChecks
            ? "the checks after '\(operations.last ?? "")' crashed the layout, in a query the operation itself does not ask (UIKit asks it too: a single query for scrollToItem, updates and animations): \(CrashReport.describe(signal: signal))"
            : "'\(operations.last ?? "")' crashed the layout: \(CrashReport.describe(signal: signal))"
        if let frame = backtrace?.userFrameLines(limit: 1).first {
            message += ", " + frame.trimmingCharacters(in: .whitespaces)
        }
        report.failure = Verifier.Failure(operations: operations, originalCount: originalCount,
                                          findings: [LayoutChecks.Finding(check: .crash, element: nil, message: message)])
        report.failure?.atOperation = operationsRun + 1
        report.failure?.crashedInTheChecks = inTheChecks
        return report
    }
}
