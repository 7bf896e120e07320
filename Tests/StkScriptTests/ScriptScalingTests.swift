import Builtins
import Foundation
import StkBench
import Testing
@testable import StkScript

/// Long scripts cost what their lines cost, no more: a seeded mix of every
/// kind of entry (scrolls, queries, data changes, undo, batches, snapshot
/// edits, `\` continuations, comments; StkBench's `MixedScript`, which
/// `stk bench`'s script workload runs too) run through the reader files and
/// standard input share, at two lengths. The time per line of the long one
/// must stay within a small factor of the short one's: a cost that grows with
/// what came before (an array copied per command into 200 undo states, the
/// pending input parsed again per line) makes it eight times as long and fails.
/// Ratios of one run, each length's best of two: the machine's speed cancels.
@Suite(.serialized) struct ScriptScalingTests {
    /// Seconds per line of `text`, run as a file is (StreamingInput).
    static func secondsPerLine(_ text: String) throws -> Double {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stk-scaling-\(UUID().uuidString).stk").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var best = Double.infinity
        for _ in 0..<2 {
            let output = OutputBuffer()
            let interpreter = Interpreter(session: try Session(), output: output)
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            let start = DispatchTime.now().uptimeNanoseconds
            StreamingInput(descriptor: descriptor, name: "<scaling>").run(in: interpreter)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            #expect(interpreter.status == .success, "the generated script runs without an error: \(output.diagnostics.prefix(1))")
            best = min(best, seconds)
        }
        return best / Double(text.split(separator: "\n").count)
    }

    @Test func timePerLineDoesNotGrowWithTheScript() throws {
        try BuiltinLayouts.register()
        let short = try Self.secondsPerLine(MixedScript.text(lines: 1_000, seed: 11))
        let long = try Self.secondsPerLine(MixedScript.text(lines: 8_000, seed: 11))
        // Linear: a ratio near 1. Quadratic: near 8. The bound leaves room for
        // a machine busy with other tests while one length runs.
        #expect(long / short < 4, "per line: \(short * 1e6) µs at 1,000 lines, \(long * 1e6) µs at 8,000")
    }

    /// The mixed script measures the script, not its data: however long it
    /// is, it ends with the 4 sections of 30 items it starts with, plus the one
    /// item its last snapshot edit appended (each edit deletes the one before).
    /// A first section that grew by an item per edit would make every apply
    /// diff a longer snapshot, and time per line grow with the script.
    @Test func theMixedScriptKeepsItsDataTheSameSize() throws {
        try BuiltinLayouts.register()
        let text = MixedScript.text(lines: 3_000, seed: 11)
        // A script of this length has snapshot edits: their item is the one extra.
        #expect(text.contains("snapshot edit"))
        let output = OutputBuffer()
        let interpreter = Interpreter(session: try Session(), output: output)
        ScriptRunner(interpreter: interpreter).run(text: text, name: "<mixed>")
        #expect(interpreter.status == .success, "\(output.diagnostics.prefix(1))")
        let collectionView = interpreter.session.collectionView
        #expect(collectionView.numberOfSections == 4)
        #expect((0..<4).map { collectionView.numberOfItems(inSection: $0) } == [31, 30, 30, 30])
    }

    /// The reader alone: the case, one batch of a great many lines
    /// (each waits for the `end`, so each asks whether the entry is complete),
    /// and entries that cost next to nothing (`echo`, comments, `\`
    /// continuations). A check that parses the pending lines again per line
    /// is quadratic here and shows at once.
    @Test func theReaderIsLinearInItsLines() throws {
        func cheap(_ count: Int) -> String {
            var lines = ["batch"] + (0..<(count / 2)).map { "insert item 0:\($0)" } + ["end"]
            while lines.count < count {
                lines += ["echo a", "# note", "echo b \\", "c", ""]
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let short = try Self.secondsPerLine(cheap(2_000))
        let long = try Self.secondsPerLine(cheap(16_000))
        #expect(long / short < 4, "per line: \(short * 1e6) µs at 2,000 lines, \(long * 1e6) µs at 16,000")
    }

    /// The history every undo state holds: appending costs the same at any
    /// length, with 200 states (the undo limit) keeping their own.
    @Test func theHistoryAppendsInConstantTime() {
        func secondsPerAppend(_ count: Int) -> Double {
            var history = CommandHistory()
            var states: [CommandHistory] = []
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<count {
                states.append(history)
                if states.count > 200 { states.removeFirst() }
                history.append("scroll to 0,\(index)")
            }
            #expect(history.count == count && history.commands.last == "scroll to 0,\(count - 1)")
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(count)
        }
        let short = (0..<3).map { _ in secondsPerAppend(5_000) }.min()!
        let long = (0..<3).map { _ in secondsPerAppend(40_000) }.min()!
        #expect(long / short < 4, "per append: \(short * 1e9) ns at 5,000, \(long * 1e9) ns at 40,000")
    }
}
