import Foundation

/// Messages between stk's processes (the REPL's front end and its worker,
/// `stk test` and a file's child): one JSON object per line over a pipe.
/// JSONEncoder escapes every newline inside strings, so a line is a message.
public struct JSONLineWriter: Sendable {
    public let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// False when the message could not be written (the reader is gone).
    @discardableResult
    public func send<T: Encodable>(_ message: T) -> Bool {
        guard var data = try? JSONEncoder().encode(message) else { return false }
        data.append(0x0A)
        return StandardStreams.writeAll(Array(data), to: descriptor) == nil
    }
}

/// Reads the lines of a JSONLineWriter, while optionally watching a second
/// descriptor (an interrupt pipe) and a deadline.
public final class JSONLineReader {
    public let descriptor: Int32
    private var buffer: [UInt8] = []

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public enum Event<T> {
        case message(T)
        /// The other end closed, or sent something unreadable.
        case ended
        /// A byte arrived on the watched descriptor (and was taken).
        case interrupted
        /// The deadline came first.
        case timedOut
    }

    /// The next message.
    /// - watched: a descriptor whose readiness interrupts the wait.
    /// - deadline: `DispatchTime` uptime in nanoseconds.
    public func next<T: Decodable>(_ type: T.Type, watching watched: Int32? = nil, until deadline: UInt64? = nil) -> Event<T> {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let message = try? JSONDecoder().decode(T.self, from: line) else { return .ended }
                return .message(message)
            }
            var wait: Int32 = -1
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                if now >= deadline { return .timedOut }
                wait = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            }
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            if let watched { fds.append(pollfd(fd: watched, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            if ready == 0 { continue } // the loop head checks the deadline
            if let watched, fds[1].revents != 0 {
                var byte: UInt8 = 0
                _ = read(watched, &byte, 1)
                return .interrupted
            }
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            if count == 0 { return .ended }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
