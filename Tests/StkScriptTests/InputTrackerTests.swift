import Foundation
import Testing
import StkBench
@testable import StkScript

/// Standard input asks after each line whether the entry can run
/// (`InputTracker`, linear); a file is parsed whole (`Parser.inputStatus`).
/// Over generated input the two agree line after line, so stdin and a file
/// run the same entries.
@Suite struct InputTrackerTests {
    static let pieces = [
        "batch", "end", "snapshot edit", "apply", "apply reload", "insert item 0:0", "delete item 0:1",
        "batch; insert item 0:0; end", "snapshot edit; delete items I0; apply", "# a comment \\\\", "scroll to 0,\\\\",
        "10", "echo \"a; b\"", "end # closes", "batch \\\\", "append items X", "  ", "#> 390x44", "bogus", "snapshot",
    ]

    /// After each line, the status of the whole parse of the entry so far; and
    /// a complete entry's script, from the parse its lines had one by one, is
    /// the whole parse of its text, at its lines.
    @Test(arguments: 1...300)
    func agreesWithParsingEverythingSoFar(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var tracker = InputTracker(name: "f.stk", firstLine: 3)
        var lines: [String] = []
        var entryStart = 3
        for _ in 0..<(1 + Int(random.next() % 12)) {
            let line = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))].replacingOccurrences(of: "\\\\", with: "\\")
            lines.append(line)
            let text = lines.joined(separator: "\n")
            let expected = Parser.inputStatus(of: text)
            let actual = tracker.add(line)
            #expect(actual == expected, "after \(lines)")
            if actual == .complete {
                if let script = tracker.script(of: text) {
                    let whole = Parser.parse(SourceFile(name: "f.stk", text: text, firstLine: entryStart, setsAsideByteOrderMark: false))
                    #expect(script.file == whole.file && script.commands == whole.commands && script.transcript == whole.transcript,
                            "\(lines): \(script.commands) \(script.transcript), whole \(whole.commands) \(whole.transcript)")
                    #expect(whole.diagnostics.isEmpty, "\(lines): \(whole.diagnostics)")
                }
                entryStart += lines.count
                lines.removeAll()
                tracker.reset()
            }
        }
    }

    /// A clean entry of several lines is parsed once, as its lines come, at
    /// its own lines; one with a problem is parsed again whole.
    @Test func aCleanEntryIsParsedOnceAndOneWithAProblemAgain() throws {
        let lines = ["batch", "insert item 0:0", "delete item 0:1 \\", "  ", "end"]
        var tracker = InputTracker(name: "s.stk", firstLine: 10)
        for line in lines { _ = tracker.add(line) }
        let text = lines.joined(separator: "\n")
        let script = try #require(tracker.script(of: text))
        #expect(script.commands == Parser.parse(SourceFile(name: "s.stk", text: text, firstLine: 10, setsAsideByteOrderMark: false)).commands)
        #expect(script.commands.first?.range.start == SourceLocation(line: 10, column: 1))
        #expect(script.file.name == "s.stk" && script.file.firstLine == 10)
        var bad = InputTracker(name: "s.stk", firstLine: 10)
        for line in ["batch", "bogus", "end"] { _ = bad.add(line) }
        #expect(bad.script(of: "batch\nbogus\nend") == nil)
        var open = InputTracker()
        _ = open.add("batch")
        #expect(open.script(of: "batch") == nil)
    }

    /// The shortcut streaming input takes for most lines never calls complete
    /// a line the parser would continue: over every piece, and pairs of them
    /// joined by `;`, a line it passes is complete alone.
    @Test func aLineThatCompletesAloneIsComplete() {
        let lines = Self.pieces.map { $0.replacingOccurrences(of: "\\\\", with: "\\") }
        var passed = 0
        for first in lines {
            for line in [first] + lines.map({ first + "; " + $0 }) where StreamingInput.completesAlone(line) {
                passed += 1
                #expect(Parser.inputStatus(of: line) == .complete, "\(line.debugDescription)")
            }
        }
        #expect(passed > 100, "the shortcut is taken for ordinary lines")
        #expect(!StreamingInput.completesAlone("scroll to 0,\\  "))
        #expect(!StreamingInput.completesAlone("insert item 0:0; batch"))
    }

    /// The case: a batch of 2,000 lines asks 2,000 times; each answer
    /// lexes one line (the count of lexed characters is linear).
    @Test func aLongBatchIsTrackedLineByLine() {
        var tracker = InputTracker()
        #expect(tracker.add("batch") == .needsMoreInput(.openBatch))
        for _ in 0..<2_000 { #expect(tracker.add("insert item 0:0") == .needsMoreInput(.openBatch)) }
        #expect(tracker.add("end") == .complete)
    }
}
