import Foundation

/// Standard input run as it arrives: each entry (a line, or the lines of a
/// `\` continuation or a `batch ... end`) runs as soon as it is complete,
/// before the next line is read, so stk can be driven as a coprocess: write a
/// command, read its answer, write the next. Lines are numbered across the
/// whole input, as one script named `<stdin>` would number them.
public struct StreamingInput {
    public let descriptor: Int32
    public let name: String

    public init(descriptor: Int32 = STDIN_FILENO, name: String = SourceFile.stdinName) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Runs every entry in `interpreter` until the input ends, or the run
    /// must stop (an error, `quit`, a failed expectation with --bail).
    /// Returns false when the run must stop.
    @discardableResult
    public func run(in interpreter: Interpreter) -> Bool {
        var reader = LineReader(descriptor: descriptor)
        var pending: [String] = []
        // Made for the first line that may not be an entry alone (most lines
        // are), and made again after each entry it followed.
        var tracker: InputTracker?
        var firstLine = 1
        func runPending() -> Bool {
            defer { firstLine += pending.count; pending.removeAll(); tracker = nil }
            let text = pending.joined(separator: "\n")
            // Parsed as its lines came when it took more than one (the
            // tracker's parse is the entry's); a line alone is parsed here.
            // A byte order mark is set aside only at the start of the input
            // (LineReader did); later, it is a character, as in a file.
            let script = tracker?.script(of: text)
                ?? Parser.parse(SourceFile(name: name, text: text, firstLine: firstLine, setsAsideByteOrderMark: false))
            return interpreter.run(script)
        }
        while let bytes = reader.next() {
            // Bytes are checked as a file's are (SourceText): invalid UTF-8 or
            // a second byte order mark is a located error, and the run stops.
            var line = String(decoding: bytes, as: UTF8.self)
            if SourceText.firstInvalidByte(bytes) != nil || bytes.starts(with: SourceFile.byteOrderMark) {
                // Rare: decoded again behind as many line breaks as lines came
                // before, so that the diagnostic names this line.
                let before = firstLine + pending.count - 1
                switch SourceText.decode(Array(repeating: UInt8(ascii: "\n"), count: before) + bytes, name: name) {
                case .success(let text): line = String(text.dropFirst(before))
                case .failure(let diagnostic):
                    // Lines waiting for their end (an open batch) run first and
                    // say so, as the lines before the bad one in a file do.
                    if !pending.isEmpty, !runPending() { return false }
                    return ScriptRunner(interpreter: interpreter).refuse(diagnostic)
                }
            }
            // Expected output of a transcript (`#>`), which a plain run ignores
            // and which alone would follow no command, and, unless --echo
            // shows them, blank lines and comments between entries: nothing
            // to parse or run.
            if pending.isEmpty, Self.isBlankOrComment(line),
               !interpreter.options.echo || line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#>") {
                firstLine += 1
                continue
            }
            pending.append(line)
            if !(pending.count == 1 && Self.completesAlone(line)) {
                if tracker == nil { tracker = InputTracker(name: name, firstLine: firstLine) }
                if case .needsMoreInput = tracker!.add(line) { continue }
            }
            if !runPending() { return false }
        }
        // What is left is incomplete (an open batch, a last `\`): it runs, and
        // says what is missing.
        if !pending.isEmpty { return runPending() }
        return true
    }
}

extension StreamingInput {
    /// A line of blanks, a comment, or expected output (`#>`, which a plain
    /// run ignores, and which alone would follow no command).
    static func isBlankOrComment(_ line: String) -> Bool {
        for byte in line.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { continue }
            return byte == UInt8(ascii: "#")
        }
        return true
    }

    /// Whether a line is an entry on its own, without asking the tracker (a
    /// lex and parse of its own, before the entry's): it neither ends with a
    /// `\` nor names `batch` or `snapshot`, the only words that open a block.
    /// Conservative: a line it is unsure of (the word in a string or a
    /// comment) goes to the tracker. Most lines of a long script pass here.
    static func completesAlone(_ line: String) -> Bool {
        let utf8 = line.utf8
        if let last = utf8.lastIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }),
           utf8[last] == UInt8(ascii: "\\") {
            return false
        }
        var line = line
        return line.withUTF8 { bytes in
            !Self.occurs(Self.batchWord, in: bytes) && !Self.occurs(Self.snapshotWord, in: bytes)
        }
    }

    private static let batchWord = Array("batch".utf8)
    private static let snapshotWord = Array("snapshot".utf8)

    /// Whether `word` occurs in `bytes` (a plain scan: lines are short, and
    /// Foundation's `contains` costs more than the rest of the check).
    private static func occurs(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) where bytes[start] == word[0] {
            var index = 1
            while index < word.count, bytes[start + index] == word[index] { index += 1 }
            if index == word.count { return true }
        }
        return false
    }
}

/// Lines from a file descriptor, read as they come (no read-ahead beyond
/// what the descriptor already holds): `\n` and `\r\n` end a line, as in a
/// file (SourceFile); a lone `\r` is part of its line.
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start: lines are taken by moving it,
    /// not by removing bytes from the front (linear in the input, not quadratic).
    private var start = 0
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line's bytes, without its line break (and without the byte
    /// order mark that may begin the first line, but not a second one).
    mutating func next() -> [UInt8]? {
        while true {
            if let end = buffer[start...].firstIndex(of: 0x0A) {
                let contentEnd = end > start && buffer[end - 1] == 0x0D ? end - 1 : end
                var line = Array(buffer[start..<contentEnd])
                start = end + 1
                if isFirstLine && line.starts(with: SourceFile.byteOrderMark) && !line.dropFirst(3).starts(with: SourceFile.byteOrderMark) {
                    line.removeFirst(3)
                }
                isFirstLine = false
                return line
            }
            if ended || !fill() {
                guard start < buffer.count else { return nil }
                var line = Array(buffer[start...])
                buffer.removeAll()
                start = 0
                if isFirstLine && line.starts(with: SourceFile.byteOrderMark) && !line.dropFirst(3).starts(with: SourceFile.byteOrderMark) {
                    line.removeFirst(3)
                }
                isFirstLine = false
                return line
            }
        }
    }

    private var isFirstLine = true

    /// Reads what is available; false at the end of the input.
    private mutating func fill() -> Bool {
        // What was read already is dropped before more comes: at most the
        // start of one line stays.
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                ended = true
                return false
            }
            buffer += chunk[..<count]
            return true
        }
    }
}
