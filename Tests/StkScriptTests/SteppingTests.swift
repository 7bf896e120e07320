import Builtins
import Foundation
import LayoutKit
@testable import StkScript
import StkBench
import StkRender
import Testing

/// `step on`: an operation really pauses inside the layout cycle, and queries
/// see that moment (Stepping.swift, ResumableOperation).
///
/// The default session: flow-sticky, 20 sections of 7 items of 50x50 in a
/// 390x844 view, headers 390x44. Six items fit a line (6 x 50 + 5 x 10 = 350
/// <= 390), so a section is a header and two lines: 44 + 50 + 10 + 50 = 154
/// points, and the content 20 x 154 = 3080 high.
@Suite struct SteppingTests {
    final class Harness {
        let session: Session
        let output = OutputBuffer()
        let interpreter: Interpreter
        init() throws {
            try BuiltinLayouts.register()
            session = try Session()
            interpreter = Interpreter(session: session, output: output)
        }
        /// Runs `text` and returns what it printed.
        @discardableResult
        func run(_ text: String) -> [String] {
            output.clear()
            ScriptRunner(interpreter: interpreter).run(text: text, name: "<test>")
            return output.lines
        }
        /// Runs `text` (commands that start a stepped operation, `next`,
        /// `continue`) and expects the operation then paused at the phase
        /// `tag`, or finished (nil): how each stepping test moves along.
        func step(_ text: String, pausesAt tag: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            run(text)
            #expect(interpreter.pausedOperationTag == tag, sourceLocation: sourceLocation)
        }
        /// The y of the frame `attr` prints (`header 0 frame=0,60,390,44 ...`).
        func frameY(_ element: String) -> Double? {
            let line = run("attr \(element)").first ?? ""
            guard let frame = line.split(separator: " ").first(where: { $0.hasPrefix("frame=") }) else { return nil }
            return Double(frame.dropFirst("frame=".count).split(separator: ",")[1])
        }
    }

    @Test func queriesSeeTheMomentTheOperationIsPausedAt() throws {
        let h = try Harness()
        // Paused after shouldInvalidateLayout(forBoundsChange:), asked while the
        // old bounds (offset 0) are current: the header is where it was.
        h.step("step on\nscroll to 0,60", pausesAt: "scroll should-invalidate")
        #expect(h.frameY("header 0") == 0)
        #expect(h.session.collectionView.contentOffset == .zero)
        #expect(h.run("context") == ["no invalidation context: 'scroll to 0,60' has not made one yet"])
        // The context, then invalidateLayout(with:): the context is there now.
        h.step("next 2", pausesAt: "scroll invalidate")
        #expect(h.run("context").first?.hasPrefix("CollectionViewFlowLayoutInvalidationContext (bounds change)") == true)
        // The bounds are set, then prepare(): pinned at the new top, y = 60.
        h.step("next 2", pausesAt: "scroll prepare")
        #expect(h.session.collectionView.contentOffset == CGPoint(x: 0, y: 60))
        #expect(h.frameY("header 0") == 60)
        h.step("continue", pausesAt: nil)
        #expect(h.frameY("header 0") == 60)

        // The same final state as without stepping.
        let straight = try Harness()
        straight.run("scroll to 0,60")
        #expect(straight.session.fingerprint == h.session.fingerprint)
        #expect(straight.run("visible") == h.run("visible"))
    }

    @Test func aLayoutInvalidatedButNotPreparedAnswersFromItsStaleState() throws {
        // 2 sections of 6 items: one line each, 44 + 50 = 94 points, content
        // 188. A 7th item in section 0 opens a second line: 94 + 10 + 50 =
        // 154, content 248. Paused after invalidateLayout(with:) the data
        // already has 7 items, but the layout has not prepared: it still
        // answers 188. Once prepared, 248.
        let h = try Harness()
        h.step("sections 2 items=6\nstep on\ninsert item 0:6", pausesAt: "insert context")
        h.step("next", pausesAt: "insert invalidate")
        #expect(h.session.collectionView.numberOfItems(inSection: 0) == 7)
        #expect(h.run("contentsize") == ["390x188"])
        h.step("next", pausesAt: "insert prepare")
        #expect(h.run("contentsize") == ["390x248"])
        h.run("continue")
        h.run("undo")
        #expect(h.session.collectionView.numberOfItems(inSection: 0) == 6, "undo reverts the insert")
        #expect(h.run("contentsize") == ["390x188"])
    }

    @Test func thePromptCountsTheBoundsChangesOfAMultiStepOperation() throws {
        let h = try Harness()
        h.step("step on\nscroll by 0,80 steps=8", pausesAt: "scroll 1/8 should-invalidate")
        // Each step of 10 points: should-invalidate, context, invalidate,
        // bounds set, prepare, content size, query, diff: 8 phases. The 9th
        // phase is the second step's should-invalidate.
        h.step("next 8", pausesAt: "scroll 2/8 should-invalidate")
        #expect(h.session.collectionView.contentOffset == CGPoint(x: 0, y: 10))
        h.step("next 1000", pausesAt: nil)
        #expect(h.output.lines.last == "step: end of operation")
        #expect(h.session.collectionView.contentOffset == CGPoint(x: 0, y: 80))
    }

    @Test func theOperationIsOneUnitForUndoSaveAndTheNextCommand() throws {
        let h = try Harness()
        h.run("step on\nscroll by 0,80 steps=4\nnext 5")
        #expect(h.session.collectionView.contentOffset == CGPoint(x: 0, y: 20))
        #expect(h.session.history.isEmpty, "not history until it ends")
        // A state-changing command runs it to its end first, and says so.
        h.run("inset 0,0,0,0")
        // 4 steps of 8 phases = 32; the first and 5 more shown -> 26 more.
        #expect(h.output.diagnostics.contains { $0.contains("note: 'scroll by 0,80 steps=4' ran to its end first (26 more phases, not shown)") },
                "\(h.output.diagnostics)")
        #expect(h.session.collectionView.contentOffset == CGPoint(x: 0, y: 80))
        #expect(h.session.history == ["scroll by 0,80 steps=4"], "`inset` to the current insets changed nothing")
        h.run("scroll to 0,10\nnext")
        h.run("undo")
        #expect(h.session.collectionView.contentOffset == CGPoint(x: 0, y: 80), "undo reverted the whole paused scroll")
        h.run("undo")
        #expect(h.session.collectionView.contentOffset == .zero, "and then the whole 4-step scroll")
        #expect(h.session.history.isEmpty)

        h.run("scroll by 0,40 steps=2")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stepping-\(UUID().uuidString).stk").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        h.run("save \(path)")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.components(separatedBy: "\n").filter { $0 == "scroll by 0,40 steps=2" }.count == 1, "saved: \(saved)")
    }

    @Test func aPictureShowsThePausedMomentAPageEndsTheOperation() throws {
        let h = try Harness()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stepping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        h.run("step on\nscroll to 0,60")
        h.run("export svg \(folder.path)/paused.svg")
        #expect(h.interpreter.pausedOperationTag == "scroll should-invalidate", "a picture does not end the operation")
        h.run("continue\nexport svg \(folder.path)/after.svg\nstep off\nundo\nexport svg \(folder.path)/before.svg")
        let paused = try String(contentsOfFile: folder.path + "/paused.svg", encoding: .utf8)
        let after = try String(contentsOfFile: folder.path + "/after.svg", encoding: .utf8)
        // At should-invalidate nothing moved yet: the header is drawn where it
        // was before the scroll (y 0 of the content, the top of the view).
        #expect(paused != after)
        #expect(paused.contains("H0"))
        h.run("step on\nscroll to 0,60\nexport html \(folder.path)/page.html")
        #expect(h.interpreter.pausedOperationTag == nil, "a page holds finished operations: the scroll ran to its end first")
        #expect(h.output.diagnostics.contains { $0.contains("'scroll to 0,60' ran to its end first") })
    }

    @Test func nextWithoutAPausedOperationIsAnError() throws {
        let h = try Harness()
        h.run("next")
        #expect(h.output.diagnostics.first?.contains("no phase to show: 'step on' first") == true)
        let h2 = try Harness()
        h2.run("step on\nnext")
        #expect(h2.output.diagnostics.first?.contains("no operation is paused") == true)
    }

    @Test func jsonModeFramesThePhasesAsTraceEvents() throws {
        let h = try Harness()
        h.interpreter.options.json = true
        var lines = h.run("step on\nscroll to 0,60")
        #expect(lines == [#"{"step":"start","command":"scroll to 0,60"}"#,
                          #"{"event":"shouldInvalidateLayout","currentBounds":[0,0,390,844],"newBounds":[0,60,390,844],"answer":true}"#])
        lines = h.run("continue")
        #expect(lines.last == #"{"step":"end"}"#)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix(#"{"event":""#) })
    }

    /// Stepping through to the end gives exactly the state, the events and
    /// the warnings of running straight through, whatever the operation and
    /// however the phases are walked (`next N`, `continue`, queries between
    /// them, a later command that ends it). Random operations of every
    /// built-in layout, drawn by `stk verify`'s generator.
    @Test(arguments: 1...12) func steppingThroughIsRunningStraightThrough(seed: UInt64) throws {
        let straight = try Harness()
        let stepped = try Harness()
        var random = SplitMix64(seed: seed)
        let layouts = ["flow-sticky", "grid-sticky", "global-stretchy", "fading-first-header"]
        let layout = layouts[Int(random.below(UInt64(layouts.count)))]
        straight.run("layout \(layout)")
        stepped.run("layout \(layout)")
        stepped.run("step on")
        var pausedOperations = 0
        for _ in 0..<25 {
            let command = OperationGenerator.next(for: straight.session, using: &random)
            straight.run(command)
            let straightEvents = straight.session.currentEvents.flatMap(TraceFormat.lines(for:))
            let straightWarnings = straight.output.diagnostics

            stepped.run(command)
            var diagnostics = stepped.output.diagnostics
            if stepped.interpreter.pausedOperationTag != nil { pausedOperations += 1 }
            while stepped.interpreter.pausedOperationTag != nil {
                switch random.below(6) {
                case 0: stepped.run("continue")
                case 1: stepped.run("visible")
                case 2: stepped.run("contentsize")
                case 3: stepped.run("attr header 0")
                case 4: stepped.run("render")
                default: stepped.run("next \(1 + random.below(5))")
                }
                diagnostics += stepped.output.diagnostics.filter { !$0.contains("error: section 0 does not exist") && !$0.contains("has no header 0") }
            }
            let steppedEvents = stepped.session.currentEvents.flatMap(TraceFormat.lines(for:))
            #expect(steppedEvents == straightEvents, "seed \(seed) \(layout): '\(command)'")
            #expect(stepped.session.fingerprint == straight.session.fingerprint, "seed \(seed) \(layout): '\(command)'")
            #expect(stepped.run("visible") == straight.run("visible"), "seed \(seed) \(layout): '\(command)'")
            #expect(stepped.run("context") == straight.run("context"), "seed \(seed) \(layout): '\(command)'")
            #expect(diagnostics == straightWarnings, "seed \(seed) \(layout): '\(command)'")
        }
        #expect(pausedOperations >= 15, "most operations run a layout cycle")
    }
}
