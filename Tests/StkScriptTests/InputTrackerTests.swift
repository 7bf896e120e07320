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

    @Test(arguments: 1...300)
    func agreesWithParsingEverythingSoFar(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var tracker = InputTracker()
        var lines: [String] = []
        for _ in 0..<(1 + Int(random.next() % 12)) {
            let line = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))].replacingOccurrences(of: "\\\\", with: "\\")
            lines.append(line)
            let expected = Parser.inputStatus(of: lines.joined(separator: "\n"))
            let actual = tracker.add(line)
            #expect(actual == expected, "after \(lines)")
            if actual == .complete {
                lines.removeAll()
                tracker.reset()
            }
        }
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
