import Foundation
import StkTestSupport
import Testing

/// One script, three ways in: a file, `-e` and standard input run the same
/// lines and stop with the same errors at the same places, whatever the bytes
/// (invalid UTF-8, a lone carriage return, CRLF, byte order marks, an open
/// batch, a `\` continuation). Differential over seeded generated inputs; the
/// name in diagnostics (the path, `<command-line>`, `<stdin>`) is the only
/// difference allowed.
struct InputModesTests {
    /// Pieces of lines, some hostile.
    static let pieces: [[UInt8]] = [
        Array("echo one".utf8), Array("echo two".utf8), Array("# a comment".utf8), [],
        Array("bogus".utf8), Array("sections 2 items=3".utf8), Array("contentsize".utf8),
        Array("batch".utf8), Array("insert item 0:0".utf8), Array("end".utf8),
        Array("echo cont \\".utf8), Array("  visible count".utf8),
        Array("echo b".utf8) + [0xFF] + Array("ad".utf8),       // not UTF-8
        Array("#c".utf8) + [0x0D] + Array("echo hidden".utf8), // a lone CR inside a line
        [0xEF, 0xBB, 0xBF] + Array("echo marked".utf8),         // a byte order mark
        Array("echo caf".utf8) + [0xC3, 0xA9],                  // é, valid
        Array("expect contentsize == 390x0".utf8),
    ]

    static func script(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        let count = 1 + Int(random.next() % 8)
        for index in 0..<count {
            bytes += pieces[Int(random.next() % UInt64(pieces.count))]
            // The last line ends with `\n` alone: `$(cat)` below keeps a
            // final `\r`, which a file's last `\r\n` would not.
            bytes += random.next() % 4 == 0 && index < count - 1 ? [0x0D, 0x0A] : [0x0A]
        }
        return bytes
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func aFileCommandLineAndStandardInputAgree(seed: UInt64) throws {
        let bytes = Self.script(seed: seed)
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("s.stk")
        try Data(bytes).write(to: file)

        let fromFile = try StkProcess.run([file.path], stdinBytes: Data())
        let fromStdin = try StkProcess.run(["-"], stdinBytes: Data(bytes))
        // `-e` with the script's bytes as they are: the shell passes them raw
        // (Foundation's arguments would have to be valid UTF-8). `$(cat)`
        // drops the final line breaks, which end no command.
        let fromCommandLine = try StkProcess.run(["-c", "exec \"$0\" -e \"$(cat)\"", try StkExecutable.locate().path],
                                                 stdinBytes: Data(bytes), executable: URL(fileURLWithPath: "/bin/sh"))
        let shown = String(decoding: bytes, as: UTF8.self).debugDescription
        func normalized(_ result: StkResult, _ name: String) -> String {
            "status \(result.status)\n" + result.stdout + "--\n" + result.stderr.replacingOccurrences(of: name, with: "SCRIPT")
        }
        let expected = normalized(fromFile, file.path)
        #expect(normalized(fromStdin, "<stdin>") == expected, "stdin and a file differ on \(shown)")
        #expect(normalized(fromCommandLine, "<command-line>") == expected, "-e and a file differ on \(shown)")
    }

    /// The three findings as reported, each pinned.
    @Test func theReportedCasesRunTheSameLines() throws {
        let invalid = try StkProcess.run(["-"], stdinBytes: Data(Array("echo one\necho b".utf8) + [0xFF] + Array("ad\n".utf8)))
        #expect(invalid.stdout == "one\n", "\(invalid)")
        #expect(invalid.stderr.hasPrefix("<stdin>:2:7: error: invalid UTF-8: byte 0xFF"), "\(invalid)")
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("cr.stk")
        try Data(Array("#c".utf8) + [0x0D] + Array("echo two\n".utf8)).write(to: file)
        let carriageReturn = try StkProcess.run(["-"], stdinBytes: try Data(contentsOf: file))
        #expect(carriageReturn.stdout == "", "a lone CR does not end the comment: \(carriageReturn)")
        #expect(try StkProcess.run([file.path]).stdout == "")
        // A byte order mark on a later line is a character, said in words.
        let marked = try StkProcess.run(["-"], stdinBytes: Data(Array("echo one\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("echo two\n".utf8)))
        #expect(marked.stdout == "one\n", "\(marked)")
        #expect(marked.stderr.hasPrefix("<stdin>:2:1: error: a byte order mark (U+FEFF) before 'echo': it belongs only at the start of a file; remove it"), "\(marked)")
    }
}
