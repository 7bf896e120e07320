import Foundation
import StkTestSupport
import Testing

/// `scroll fling`, `paging`, `deceleration`, `margins`, `bounds WxH animated`,
/// through the stk binary, on the default session (flow-sticky, 20 sections of
/// 7 items, 390x844). Geometry, as in ViewTests: a section is a 44-point header
/// and 7 items of 50 in lines of 6 (44..94 and 104..154): 154 tall, so the
/// content is 20 x 154 = 3080 and the largest offset 3080 - 844 = 2236.
///
/// The fling rule: proposed = offset + v / 1000 x r / (1 - r); normal
/// r = 0.998: r / (1 - r) = 499; fast r = 0.99: 99.
@Suite struct FlingCommandTests {
    /// The caption of `render`: `offset=X,Y bounds=WxH content=WxH elements=N`.
    func offset(after commands: String) throws -> String? {
        let caption = try output(commands + "; render width=10").last { $0.hasPrefix("offset=") }
        return caption?.split(separator: " ").first.map(String.init)
    }

    // MARK: scroll fling

    @Test func aFlingDeceleratesToItsProjection() throws {
        // 3000 pt/s = 3 pt/ms; 3 x 499 = 1497.
        let lines = try output("trace on; scroll fling 0,3000; trace off; attr header 9")
        #expect(lines.first == "fling 0,3000 pt/s from 0,0, deceleration 0.998 -> proposed 0,1497")
        #expect(lines.dropFirst().first == "targetContentOffset(forProposedContentOffset: 0,1497, withScrollingVelocity: 0,3) -> 0,1497")
        // Ten bounds changes (the default), the last to the target.
        let moves = lines.filter { $0.hasPrefix("bounds ") }
        #expect(moves.count == 10)
        #expect(moves.last?.hasSuffix(" -> 0,1497,390,844") == true, "\(moves)")
        // Section 9 spans 1386..1540: its header is pinned at min(1497, 1540 - 44) = 1496.
        #expect(lines.last == "header 9 frame=0,1496,390,44 zIndex=2 alpha=1 hidden=false pinned")
        #expect(try offset(after: "scroll fling 0,3000") == "offset=0,1497")
    }

    @Test func theStepsOfAFlingFollowAnEaseOut() throws {
        // steps=2: f(1/2) = 1 - (1/2)^3 = 7/8 of 1497 = 1309.875, then 1497.
        let moves = try output("trace on; scroll fling 0,3000 steps=2").filter { $0.hasPrefix("bounds ") }
        #expect(moves == ["bounds 0,0,390,844 -> 0,1309.875,390,844", "bounds 0,1309.875,390,844 -> 0,1497,390,844"])
    }

    @Test func aFlingIsClampedToTheContent() throws {
        // From 2000: 2000 + 1497 > 2236. From 100 upwards: 100 - 1497 < 0.
        #expect(try offset(after: "scroll to 0,2000; scroll fling 0,3000") == "offset=0,2236")
        #expect(try offset(after: "scroll to 0,100; scroll fling 0,-3000") == "offset=0,0")
        // With a top inset of 20 the top is -20.
        #expect(try offset(after: "inset 20,0,0,0; scroll fling 0,-3000") == "offset=0,-20")
    }

    @Test func aFlingInJSON() throws {
        let result = try StkProcess.run(commands: "trace on; scroll fling 0,3000 steps=1", options: ["--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == #"{"event":"fling","velocity":[0,3000],"decelerationRate":0.998,"paging":false,"from":[0,0],"proposed":[0,1497]}"#)
        #expect(result.lines.dropFirst().first == #"{"event":"targetContentOffset","proposed":[0,1497],"velocity":[0,3],"answer":[0,1497]}"#)
    }

    // MARK: paging and deceleration

    @Test func pagingStopsOnTheNextPage() throws {
        // Pages are 844 apart: forward from 0 to 844, whatever the speed.
        let lines = try output("paging on; trace on; scroll fling 0,100; trace off")
        #expect(lines.first == "fling 0,100 pt/s from 0,0, paging -> proposed 0,844")
        #expect(try offset(after: "paging on; scroll fling 0,100") == "offset=0,844")
        #expect(try offset(after: "paging on; scroll fling 0,100000") == "offset=0,844")
        // From 1000 (1.18 pages) backward: page 1 = 844; off again: 1000 - 0.1 x 499 = 950.1.
        #expect(try offset(after: "paging on; scroll to 0,1000; scroll fling 0,-100") == "offset=0,844")
        #expect(try offset(after: "paging on; paging off; scroll to 0,1000; scroll fling 0,-100") == "offset=0,950.1")
    }

    @Test func decelerationFastNormalAndARate() throws {
        // fast: 3 x 99 = 297. normal again: 1497. 0.995 / 0.005 = 199: 2 x 199 = 398.
        #expect(try offset(after: "deceleration fast; scroll fling 0,3000") == "offset=0,297")
        #expect(try offset(after: "deceleration fast; deceleration normal; scroll fling 0,3000") == "offset=0,1497")
        #expect(try offset(after: "deceleration 0.995; scroll fling 0,2000") == "offset=0,398")
    }

    @Test func aRateOfOneIsAnErrorUnderTheRate() throws {
        let result = try expectRefusal("deceleration 1", column: 14, length: 1,
                                       "a deceleration rate is between 0 and 1 (exclusive), got '1' (normal is 0.998, fast 0.99)")
        #expect(result.stdout == "")
        let zero = try StkProcess.run(commands: "deceleration 0")
        #expect(zero.stderr.hasPrefix("<command-line>:1:14: error: a deceleration rate is between 0 and 1 (exclusive), got '0'"), "\(zero)")
        try expectRefusal("deceleration slow", column: 14, length: 4,
                          "expected 'normal', 'fast' or a rate between 0 and 1, got 'slow'")
    }

    // MARK: bounds animated

    @Test func anAnimatedBoundsChangeIsWrapped() throws {
        let lines = try output("trace on; bounds 844x390 animated; trace off; contentsize")
        #expect(lines.first == "prepare(forAnimatedBoundsChange: 0,0,390,844)")
        // The trace ends with finalize; contentsize follows it.
        #expect(lines.dropLast().last == "finalizeAnimatedBoundsChange()")
        #expect(lines.contains("bounds 0,0,390,844 -> 0,0,844,390"))
        // 844 wide: 14 items a line (14 x 50 + 13 x 10 = 830), so 7 items are one
        // line: a section is 44 + 50 = 94, the content 20 x 94 = 1880.
        #expect(lines.last == "844x1880")
        // A plain bounds change has neither call.
        let plain = try output("trace on; bounds 844x390")
        #expect(!plain.contains { $0.contains("AnimatedBoundsChange") }, "\(plain)")
    }

    // MARK: undo and save

    @Test func undoTakesBackAWholeFlingInOneStep() throws {
        // From 100: 100 + 1497 = 1597.
        #expect(try offset(after: "scroll to 0,100; scroll fling 0,3000") == "offset=0,1597")
        #expect(try offset(after: "scroll to 0,100; scroll fling 0,3000; undo") == "offset=0,100")
        #expect(try offset(after: "scroll to 0,100; scroll fling 0,3000; undo; undo") == "offset=0,0")
        // Paging and deceleration are undone too: after undoing `paging on` the
        // fling decelerates (0.1 x 499 = 49.9) instead of paging.
        #expect(try offset(after: "paging on; undo; scroll fling 0,100") == "offset=0,49.9")
        #expect(try offset(after: "deceleration fast; undo; scroll fling 0,3000") == "offset=0,1497")
    }

    @Test func saveRecordsTheFlingOnce() throws {
        let folder = try ScratchFolder()
        let result = try StkProcess.run(["-e", "paging on; scroll fling 0,3000; paging off; scroll fling 0,-500 steps=3; save s.stk"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        let saved = try folder.read("s.stk").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(saved == ["paging on", "scroll fling 0,3000", "paging off", "scroll fling 0,-500 steps=3"], "\(saved)")
        // Replayed: paged to 844, then 844 - 0.5 x 499 = 594.5.
        // (-e runs before the files: the query goes in a second file.)
        try folder.write("q.stk", "render width=10\n")
        let replayed = try StkProcess.run(["s.stk", "q.stk"], in: folder.url)
        #expect(replayed.lines.first { $0.hasPrefix("offset=") }?.hasPrefix("offset=0,594.5 ") == true, "\(replayed)")
    }

    @Test func marginsAreUndoneAndSaved() throws {
        // margins was the only change: the first undo takes it, the second has nothing.
        try expectRefusal("margins 0,20,0,20; undo; undo", column: 26, length: 4, "nothing to undo")
        // The default margins (0,16,0,16) change nothing: nothing to undo.
        try expectRefusal("margins 0,16,0,16; undo", column: 20, length: 4, "nothing to undo")
        let folder = try ScratchFolder()
        _ = try StkProcess.run(["-e", "margins 1,2,3,4; save m.stk"], in: folder.url)
        #expect(try folder.read("m.stk").split(separator: "\n").filter { !$0.hasPrefix("#") } == ["margins 1,2,3,4"])
        // Negative margins are refused.
        let negative = try StkProcess.run(commands: "margins -1,0,0,0")
        #expect(negative.status == 2, "\(negative)")
    }

    // MARK: The pin formula off screen

    @Test func aHeaderScrolledAwayAboveSitsAtItsLimit() throws {
        // Section 0: header 0..44, items 44..94 and 104..154: limit 154, so the
        // header's place is min(max(300, 0), 154 - 44) = 110, pinned.
        #expect(try output("scroll to 0,300; attr header 0") == ["header 0 frame=0,110,390,44 zIndex=2 alpha=1 hidden=false pinned"])
        // Section 3 (462..616) is below the view at 0: its header stays at its natural 462.
        #expect(try output("attr header 3") == ["header 3 frame=0,462,390,44 zIndex=1 alpha=1 hidden=false"])
    }
}
