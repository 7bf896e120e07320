import Foundation

/// A crash inside a layout while a script runs (`stk FILE`, `-e`, a script on
/// stdin) becomes a located error and exit status 2, instead of a bare
/// backtrace: before each command, the interpreter tells where the command
/// is (the host sets `Interpreter.willRunCommand` to `willRun`); a handler
/// for the signals a Swift trap or a bad memory access raises prints that
/// place and exits. The Swift runtime has already printed its own
/// reason ("Fatal error: Index out of range") above it.
///
/// The handler may only use async-signal-safe calls, so the message is
/// formatted before each command into a buffer allocated once.
public enum CrashReport {
    private static let capacity = 4096
    nonisolated(unsafe) private static let buffer: UnsafeMutablePointer<CChar> = {
        let b = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        b.initialize(repeating: 0, count: capacity)
        return b
    }()
    nonisolated(unsafe) private static var length = 0
    nonisolated(unsafe) private(set) static var isInstalled = false

    static let signals: [(Int32, String)] = [
        (SIGILL, "SIGILL, a Swift runtime trap"), (SIGTRAP, "SIGTRAP, a Swift runtime trap"),
        (SIGSEGV, "SIGSEGV, a bad memory access"), (SIGBUS, "SIGBUS, a bad memory access"),
        (SIGFPE, "SIGFPE, an arithmetic error"), (SIGABRT, "SIGABRT, an abort"),
    ]

    /// `SIGILL, a Swift runtime trap`: a signal that ended a process, for people.
    public static func describe(signal number: Int32) -> String {
        if let known = signals.first(where: { $0.0 == number }) { return known.1 }
        switch number {
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(number)"
        }
    }

    /// Installs the handler for this process (scripts only: the REPL and
    /// `stk test` keep the default behaviour).
    ///
    /// `supervisorFile`: the process runs a script for a supervisor
    /// (`ScriptSupervisor`). The handler then writes its message to that file
    /// instead of standard error, and hands the signal on to the handler
    /// installed before it (the runtime's backtracer, which writes the report
    /// the supervisor reads the layout's frames from). The supervisor prints
    /// the message with those frames and exits 2.
    public static func install(supervisorFile: String? = nil) {
        guard !isInstalled else { return }
        isInstalled = true
        if let supervisorFile { self.supervisorFile = strdup(supervisorFile) }
        let hint = Array(layoutCommandHint.utf8)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: hint.count)
        bytes.initialize(from: hint, count: hint.count)
        layoutCommandHintBytes = (bytes, hint.count)
        // The handler runs on a stack of its own: a layout that recursed
        // without end has used up the thread's, and the handler would fault
        // in turn (the script died with 139 and no message).
        let size = 256 * 1024
        var alternate = stack_t()
        alternate.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        alternate.ss_size = size
        alternate.ss_flags = 0
        sigaltstack(&alternate, nil)
        for (index, (signal, _)) in signals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in CrashReport.handle(number) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK)
            sigaction(signal, &action, previous + index)
        }
    }

    /// The supervisor's file for the message, as a C string; nil: standard error.
    nonisolated(unsafe) private static var supervisorFile: UnsafeMutablePointer<CChar>?
    /// The handlers before this one, by the index of their signal in `signals`.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signals.count)

    /// Where the buffer's `FILE:LINE:COL: error: ` ends and ` while running
    /// 'COMMAND'` begins.
    nonisolated(unsafe) private static var placeLength = 0

    /// Records the command about to run: `FILE:LINE:COL` and its text.
    ///
    /// It runs before every command of a script, so it writes the message's
    /// bytes straight into the buffer: `FILE:LINE:COL: error: ` (at most half
    /// the buffer), then ` while running 'FIRST LINE OF COMMAND'` (as much as
    /// fits, one byte kept free).
    ///
    /// `overDefaultData`: the data is still a new session's, so a crash in
    /// `layout` adds `layoutCommandHint`.
    public static func willRun(location: String, command: String, overDefaultData: Bool) {
        guard isInstalled else { return }
        // Most commands are one line; a command of several lines is cut at
        // its first line break, as a Character ("\r\n" is none).
        let firstLine = command.containsLineFeed
            ? command.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? command
            : command
        var written = 0
        store(location, upTo: capacity / 2, at: &written)
        store(": error: ", upTo: capacity / 2, at: &written)
        let place = written
        let limit = capacity - 1
        store(" while running '", upTo: limit, at: &written)
        store(firstLine, upTo: limit, at: &written)
        store("'", upTo: limit, at: &written)
        placeLength = place
        length = written
        isLayoutCommand = overDefaultData
            && firstLine.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).first == "layout"
    }

    /// Whether the command running is `layout` over a new session's data,
    /// which it lays the new layout out over at once: a crash then adds
    /// `layoutCommandHint`.
    nonisolated(unsafe) private static var isLayoutCommand = false

    /// A layout written for the app's fixed data (a section provider that
    /// indexes its own array of sections) traps when `layout` comes before
    /// the script's `sections`, over a new session's data.
    static let layoutCommandHint = "note: 'layout' laid the layout out at once, over a new session's data (\(SessionDefaults.sectionCount) sections of \(SessionDefaults.itemsPerSection) items, as `snapshot` lists them); if the layout was made for the app's own data, such as a section provider that indexes its own array, give the script's `sections` before `layout`\n"

    /// `layoutCommandHint`'s bytes, made before any crash (the handler
    /// cannot format or allocate).
    nonisolated(unsafe) private static var layoutCommandHintBytes: (pointer: UnsafeMutablePointer<UInt8>, count: Int)?

    /// Copies as much of `text` into the buffer at `written` as fits below
    /// `limit`, and moves `written` past it.
    private static func store(_ text: String, upTo limit: Int, at written: inout Int) {
        var text = text
        text.withUTF8 { bytes in
            let count = min(bytes.count, max(limit - written, 0))
            guard count > 0 else { return }
            UnsafeMutableRawPointer(buffer + written).copyMemory(from: bytes.baseAddress!, byteCount: count)
            written += count
        }
    }

    /// What the handler adds after its line, when source plugins are
    /// loaded: which of the user's files each plugin module is built from.
    /// The runtime names the file of a force-unwrap that trapped by module
    /// (`StkSource_20fed2ccf3e21761/Layout.swift:8`), in the line above.
    nonisolated(unsafe) private static let modules: UnsafeMutablePointer<CChar> = {
        let b = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        b.initialize(repeating: 0, count: capacity)
        return b
    }()
    nonisolated(unsafe) private static var modulesLength = 0

    /// Records that `moduleName` is stk's build of the source plugin `origin`
    /// (`note: StkSource_20fed2ccf3e21761 is stk's build of Layout.swift`),
    /// for the handler to print; as many as fit in its buffer.
    public static func noteSourceModule(_ moduleName: String, origin: String) {
        let line = "note: \(moduleName) is stk's build of \(origin)\n"
        guard modulesLength + line.utf8.count < capacity else { return }
        for byte in line.utf8 {
            modules[modulesLength] = CChar(bitPattern: byte)
            modulesLength += 1
        }
    }

    /// Records that the plugin at `path` is about to load (`--plugin`): stk
    /// makes each of its layouts once then, and a crash says so
    /// (`error: the layout crashed while loading the plugin PATH: SIGILL, ...`).
    public static func willLoad(plugin path: String) {
        guard isInstalled else { return }
        var written = 0
        store(" while loading the plugin \(path) (stk makes each of its layouts once as it loads)", upTo: capacity - 1, at: &written)
        placeLength = 0
        length = written
        isLayoutCommand = false
    }

    /// An allocation that failed (the Swift runtime then aborts, having said
    /// "failed to allocate N bytes") is stk's, not the layout's: a memory
    /// limit (`ulimit -v`) or the machine's memory is too small for the data.
    /// The failed `malloc` left ENOMEM in the thread's errno, and the abort
    /// that follows changes nothing that would set it again.
    static func isAllocationFailure(signal number: Int32, errno: Int32) -> Bool {
        allocationFailureSignals.contains(number) && errno == ENOMEM
    }

    /// The signals the runtime ends a process with when an allocation fails
    /// (an abort, or a trap).
    static let allocationFailureSignals: [Int32] = [SIGABRT, SIGILL, SIGTRAP]

    /// Why a process stopped when an allocation failed, after `out of memory`
    /// and the command (a script's handler, the REPL, `stk test`).
    public static let outOfMemoryReason: StaticString = ": an allocation failed: the data needs more memory than this process may have (its limit, `ulimit -v`, or the machine's); stk stopped, the layout did not crash"

    /// What the handler writes after the place: `the layout crashed` and the
    /// signal, or that memory ran out.
    static func message(signal number: Int32, errno: Int32) -> (head: StaticString, tail: StaticString) {
        if isAllocationFailure(signal: number, errno: errno) { return ("out of memory", outOfMemoryReason) }
        return ("the layout crashed", ": ")
    }

    private static func handle(_ number: Int32) {
        let error = errno
        let outOfMemory = isAllocationFailure(signal: number, errno: error)
        // For a supervisor, unless memory ran out: that is stk's, and there is
        // no frame of the layout's to find.
        var target = STDERR_FILENO
        if !outOfMemory, let supervisorFile {
            let file = open(supervisorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            if file >= 0 { target = file }
        }
        let (head, tail) = message(signal: number, errno: error)
        let place = length > 0 ? placeLength : 0
        if place > 0 { _ = write(target, buffer, place) } else { _ = "error: ".withCString { write(target, $0, strlen($0)) } }
        _ = write(target, head.utf8Start, head.utf8CodeUnitCount)
        if length > place { _ = write(target, buffer + place, length - place) }
        _ = write(target, tail.utf8Start, tail.utf8CodeUnitCount)
        if !outOfMemory {
            let name = signals.first { $0.0 == number }?.1 ?? "a signal"
            // A literal per signal: no allocation in the handler.
            name.withCString { _ = write(target, $0, strlen($0)) }
        }
        _ = "\n".withCString { write(target, $0, 1) }
        if modulesLength > 0 { _ = write(target, modules, modulesLength) }
        if isLayoutCommand && !outOfMemory {
            if let hint = layoutCommandHintBytes { _ = write(target, hint.pointer, hint.count) }
        }
        guard target != STDERR_FILENO else { _exit(ExitStatus.error.rawValue) }
        close(target)
        // The signal again, to the handler before (blocked while this one
        // runs, it is delivered as this one returns): the runtime's
        // backtracer writes its report, and the signal ends the process.
        if let index = signals.firstIndex(where: { $0.0 == number }) { sigaction(number, previous + index, nil) }
        raise(number)
    }
}
