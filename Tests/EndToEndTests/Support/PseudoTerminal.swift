import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program on a pseudo-terminal, as a user at a terminal would: the
/// program sees a TTY on stdin, stdout and stderr (its controlling terminal,
/// so Ctrl-C written as byte 0x03 becomes SIGINT), and everything it prints is
/// collected in `transcript`.
///
/// Reading is cursor-based: `waitFor(text:)` searches only the output after the
/// previous match, so a test reads like a conversation.
final class PseudoTerminal {
    enum ExitStatus: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let executable: URL
    let processID: pid_t
    /// Every byte the program wrote so far (terminal escapes included).
    private(set) var transcript: [UInt8] = []
    /// `transcript` as text.
    var text: String { String(decoding: transcript, as: UTF8.self) }
    /// Where the next `waitFor` starts searching.
    private var searchStart = 0
    private var master: Int32
    private var inputClosed = false
    private var exitStatus: ExitStatus?

    /// Starts `executable` with exactly `arguments` and `environment` on a new
    /// terminal of `rows` x `columns`.
    init(
        executable: URL, arguments: [String] = [], environment: [String: String],
        rows: UInt16 = 24, columns: UInt16 = 80
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "cannot start \(executable.path): not an executable file")
        }
        self.executable = executable
        // Everything the child needs is prepared before fork: after it, the
        // child may only call async-signal-safe functions (the test process
        // has other threads), so no Swift allocation there.
        guard let path = strdup(executable.path) else {
            throw Failure(description: "out of memory starting \(executable.path)")
        }
        let argv = Self.cStringArray([executable.path] + arguments)
        let envp = Self.cStringArray(environment.map { "\($0.key)=\($0.value)" }.sorted())
        defer {
            free(path)
            Self.freeCStringArray(argv)
            Self.freeCStringArray(envp)
        }
        var noSignalsBlocked = sigset_t()
        sigemptyset(&noSignalsBlocked)
        // Every descriptor above the standard streams the test process may
        // have open at the fork (other tests' pipes and terminals, opened by
        // their threads at the same moment and not yet close-on-exec).
        let descriptorLimit = Int32(clamping: max(256, sysconf(Int32(_SC_OPEN_MAX))))

        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var masterDescriptor: Int32 = -1
        let pid = forkpty(&masterDescriptor, nil, nil, &size)
        if pid == 0 {
            // The child: a test runner may block or ignore SIGINT; a user's
            // terminal session does not.
            sigprocmask(SIG_SETMASK, &noSignalsBlocked, nil)
            signal(SIGINT, SIG_DFL)
            // The program starts with the terminal alone, as a user's shell
            // does: no descriptor of another test reaches it (a pipe whose
            // end it held open would keep that test waiting, and the
            // reverse), whatever the other threads had open at the fork.
            var descriptor: Int32 = 3
            while descriptor < descriptorLimit {
                close(descriptor)
                descriptor += 1
            }
            execve(path, argv, envp)
            _exit(127)
        }
        guard pid > 0 else {
            throw Failure(description: "forkpty failed: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(masterDescriptor, F_SETFD, FD_CLOEXEC) // keep it out of later children
        self.master = masterDescriptor
        self.processID = pid
    }

    /// The processes of the terminal's session, with their state, what
    /// they wait in, and their descriptors: what a failure that hangs says,
    /// for the engineer who reads it from a CI log.
    func sessionReport() -> String {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-s", "\(processID)", "-o", "pid,ppid,pgid,tpgid,stat,wchan:24,args"]
        let output = Pipe()
        ps.standardOutput = output
        ps.standardError = output
        guard (try? ps.run()) != nil else { return "(ps could not run)" }
        let table = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ps.waitUntilExit()
        var report = table
        for line in table.split(separator: "\n").dropFirst() {
            guard let pid = line.split(separator: " ").first else { continue }
            let folder = "/proc/\(pid)/fd"
            let descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
            let targets = descriptors.map { "\($0)->\((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) ?? "?")" }
            report += "fds of \(pid): \(targets.joined(separator: " "))\n"
        }
        return report
    }

    deinit {
        terminate()
        if master >= 0 {
            close(master)
        }
    }

    // MARK: Talking to the program

    /// Types `text` (UTF-8). Control keys are characters: "\r" Enter,
    /// "\u{03}" Ctrl-C, "\u{04}" Ctrl-D, "\t" Tab, "\u{1b}[A" Up arrow.
    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { posixWrite(master, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure(description: "writing to the terminal of \(executable.lastPathComponent) failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Waits up to `timeout` for output and returns what arrived (empty when
    /// nothing did, or when the program closed the terminal).
    @discardableResult
    func read(timeout: Duration) -> [UInt8] {
        guard !inputClosed else { return [] }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: max(0, timeout.milliseconds))
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { posixRead(master, $0.baseAddress, $0.count) }
        guard count > 0 else {
            // EIO on Linux once every process holding the terminal is gone.
            if count == 0 || (errno != EINTR && errno != EAGAIN) { inputClosed = true }
            return []
        }
        let chunk = Array(buffer[..<count])
        transcript += chunk
        return chunk
    }

    /// How long a wait lasts by default. A wait that succeeds returns as soon
    /// as the text arrives, so this bounds only a failure; the full suite runs
    /// its suites in parallel on two cores, where a REPL's start (a worker
    /// process and its layouts) has taken more than 10 s.
    static let patience: Duration = .seconds(60)

    /// Reads until `text` appears after the previous match, then returns the
    /// output from the previous match up to and including this one. Throws,
    /// showing what was seen instead, when `timeout` passes or the program
    /// closes its terminal first.
    @discardableResult
    func waitFor(text: String, timeout: Duration = PseudoTerminal.patience) throws -> String {
        try waitFor(allOf: [text], timeout: timeout)
    }

    /// Reads until every one of `texts` appears after the previous match, in
    /// any order (output that reaches the terminal by two paths, such as a
    /// program's answers through a pipe and its prompt straight to the
    /// terminal, arrives in either order), then moves past the last of them
    /// and returns the output up to there. Throws, naming the texts missing,
    /// as `waitFor(text:)` does.
    @discardableResult
    func waitFor(allOf texts: [String], timeout: Duration = PseudoTerminal.patience) throws -> String {
        let needles = texts.map { Array($0.utf8) }
        let deadline = ContinuousClock.now + timeout
        while true {
            let ranges = needles.map { Self.firstRange(of: $0, in: transcript, from: searchStart) }
            let ends = ranges.compactMap { $0?.upperBound }
            if ends.count == needles.count {
                let end = ends.max() ?? searchStart
                let seen = String(decoding: transcript[searchStart..<end], as: UTF8.self)
                searchStart = end
                return seen
            }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero || inputClosed {
                let unmatched = String(decoding: transcript[searchStart...], as: UTF8.self)
                let missing = zip(texts, ranges).filter { $0.1 == nil }.map(\.0.debugDescription)
                throw Failure(description: """
                    \(executable.lastPathComponent) did not print \(missing.joined(separator: " and ")) \
                    \(inputClosed ? "before closing its terminal" : "within \(timeout)"); \
                    it printed since the last match: \(unmatched.debugDescription)
                    """)
            }
            read(timeout: remaining)
        }
    }

    /// The output after the last match, as text, after reading what is pending.
    func unmatchedOutput() -> String {
        while !read(timeout: .milliseconds(0)).isEmpty {}
        return String(decoding: transcript[searchStart...], as: UTF8.self)
    }

    /// Closes the terminal, as when its window is closed: the kernel sends
    /// SIGHUP to the program, and nothing more is read from it.
    func hangUp() {
        guard master >= 0 else { return }
        close(master)
        master = -1
        inputClosed = true
    }

    // MARK: The process

    /// Waits for the program to end, reading its output meanwhile (a full
    /// terminal buffer would otherwise block it).
    func waitForExit(timeout: Duration = PseudoTerminal.patience) throws -> ExitStatus {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = reap(blocking: false) { return status }
            if ContinuousClock.now >= deadline {
                throw Failure(description: "\(executable.lastPathComponent) still runs after \(timeout); it printed: \(unmatchedOutput().debugDescription)")
            }
            // Output wakes this up early; otherwise look again after 20 ms.
            if read(timeout: .milliseconds(20)).isEmpty && inputClosed {
                usleep(5_000)
            }
        }
    }

    /// Ends the program if it still runs (SIGTERM, then SIGKILL) and reaps it.
    func terminate() {
        guard reap(blocking: false) == nil else { return }
        kill(processID, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            if reap(blocking: false) != nil { return }
            usleep(10_000)
        }
        kill(processID, SIGKILL)
        _ = reap(blocking: true)
    }

    private func reap(blocking: Bool) -> ExitStatus? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = waitpid(processID, &status, blocking ? 0 : WNOHANG)
        guard result == processID else { return nil }
        // The <sys/wait.h> macros are not imported into Swift: decode by hand.
        let signal = status & 0x7f
        exitStatus = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        return exitStatus
    }

    // MARK: Helpers

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty else { return start..<start }
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index..<(index + needle.count)
        }
        return nil
    }

    private static func cStringArray(_ strings: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() {
            array[index] = strdup(string)
        }
        array[strings.count] = nil
        return array
    }

    private static func freeCStringArray(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        var index = 0
        while let string = array[index] {
            free(string)
            index += 1
        }
        array.deallocate()
    }
}

extension Duration {
    fileprivate var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

// The methods above are named read and write; these reach the system calls.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
