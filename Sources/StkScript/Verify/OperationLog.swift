import Foundation

/// What a verify session in a child process has run, kept in a file the
/// parent reads when the child dies (`VerifyIsolation`): the count of random
/// operations run so far, then the session's commands up to and including the
/// one running now. Rewritten before each operation with one write, so that
/// it is whole whatever kills the process after it.
public final class OperationLog {
    private let descriptor: Int32
    /// The length of what the log holds: it is cut only when the next
    /// record is shorter (a new session), not on every operation.
    private var length = 0

    /// Opens (creating or emptying) the log at `path`; nil when it cannot.
    public init?(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Records the operation about to run.
    public func record(operations: [String], operationsRun: Int) {
        let text = ([String(operationsRun)] + operations).joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        if bytes.count < length { _ = ftruncate(descriptor, off_t(bytes.count)) }
        length = bytes.count
    }

    /// What a log holds: the count of operations run before the last one,
    /// and the session's commands; nil for a log never written.
    public static func read(path: String) -> (operationsRun: Int, operations: [String])? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, let count = Int(first), lines.count > 1 else { return nil }
        return (count, Array(lines.dropFirst()))
    }
}
