import Foundation

/// Script text from bytes, the same way for files, stdin and `-e`: strict
/// UTF-8, so that invalid bytes are a located error wherever they come from
/// (never replaced by U+FFFD in one place and refused whole in another), and
/// one leading byte order mark, which `SourceFile` sets aside. A second mark
/// right after the first is refused, located, in all three.
public enum SourceText {
    /// The text of `bytes`, or the diagnostic refusing them, for a script named `name`.
    public static func decode<Bytes: Collection>(_ bytes: Bytes, name: String) -> Result<String, Diagnostic> where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        if let bad = firstInvalidByte(bytes) {
            return .failure(located("invalid UTF-8: byte 0x\(String(format: "%02X", bytes[bad])) is not part of a UTF-8 character; save the file as UTF-8",
                                    at: bad, in: bytes, name: name))
        }
        let mark = SourceFile.byteOrderMark
        if bytes.starts(with: mark), bytes.dropFirst(mark.count).starts(with: mark) {
            return .failure(located("a second byte order mark (U+FEFF) after the first: remove it",
                                    at: mark.count, in: bytes, name: name))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The text of `bytes` up to the first problem `decode` finds: all of it
    /// and no refusal, or the whole lines before the refused one and the
    /// refusal. A file, `-e` and an `include` run those lines, then refuse,
    /// as standard input, read line by line, does.
    public static func decodeUpToRefusal<Bytes: Collection>(_ bytes: Bytes, name: String) -> (text: String, refusal: Diagnostic?) where Bytes.Element == UInt8 {
        switch decode(bytes, name: name) {
        case .success(let text): return (text, nil)
        case .failure(let refusal):
            let before = leadingLines(bytes, count: (refusal.location?.range.start.line ?? 1) - 1)
            return (String(decoding: before, as: UTF8.self), refusal)
        }
    }

    /// The bytes of the first `count` lines, each with its `\n`.
    static func leadingLines<Bytes: Collection>(_ bytes: Bytes, count: Int) -> [UInt8] where Bytes.Element == UInt8 {
        guard count > 0 else { return [] }
        var seen = 0
        var end = bytes.startIndex
        while end != bytes.endIndex {
            let byte = bytes[end]
            end = bytes.index(after: end)
            if byte == UInt8(ascii: "\n") {
                seen += 1
                if seen == count { break }
            }
        }
        return Array(bytes[bytes.startIndex..<end])
    }

    /// What reading a script file says when it cannot: a folder, a missing file.
    public static func read(_ path: String, as shown: String? = nil) -> Result<Data, Diagnostic> {
        let shown = shown ?? path
        let descriptor: Int32
        switch open(path, as: shown) {
        case .success(let opened): descriptor = opened
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return .success(try handle.readToEnd() ?? Data())
        } catch {
            return .failure(Diagnostic(.error, "cannot read \(shown): \(error.localizedDescription)"))
        }
    }

    /// A script file opened for reading (the caller closes it), or what
    /// stops it: a missing file, a folder, no permission.
    public static func open(_ path: String, as shown: String? = nil) -> Result<Int32, Diagnostic> {
        let shown = shown ?? path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return .failure(Diagnostic(.error, "no such file: \(shown)"))
        }
        if isFolder.boolValue { return .failure(Diagnostic(.error, "\(shown) is a directory, not a script")) }
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            return .failure(Diagnostic(.error, "cannot read \(shown): \(reason)"))
        }
        return .success(descriptor)
    }

    /// The offset of the first byte that is not part of a valid UTF-8 sequence.
    public static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= bytes.count else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                let (lo, hi) = k == 1 ? (low, high) : (0x80, 0xBF)
                if c < lo || c > hi { return i }
            }
            i += length
        }
        return nil
    }

    /// A diagnostic at byte `offset`: its line, and its column in characters
    /// of the valid text before it on that line.
    private static func located(_ message: String, at offset: Int, in bytes: [UInt8], name: String) -> Diagnostic {
        let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        var before = Array(bytes[lineStart..<offset])
        if lineStart == 0, before.starts(with: SourceFile.byteOrderMark) { before.removeFirst(SourceFile.byteOrderMark.count) }
        let column = String(decoding: before, as: UTF8.self).count + 1
        let file = SourceFile(name: name, text: String(decoding: bytes, as: UTF8.self))
        return Diagnostic(.error, message, at: SourceRange(line: line, columns: column..<(column + 1)), in: file)
    }
}
