import Testing
@testable import StkScript

/// The unified diffs `stk test` prints for a mismatch.
@Suite("Transcript runner: unified diffs")
struct TranscriptRunnerDiffTests {
    func expected(_ lines: [String]) -> [ExpectedLine] {
        lines.enumerated().map { ExpectedLine(text: $0.element, line: $0.offset + 1, isWildcard: $0.element == "...") }
    }

    @Test func matchingOutputHasNoDiff() {
        #expect(UnifiedDiff.lines(expected: expected(["a", "...", "z"]), actual: ["a", "b", "c", "z"]).isEmpty)
        #expect(UnifiedDiff.lines(expected: [], actual: []).isEmpty)
    }

    @Test func aReplacedLineShowsRemovedThenAdded() {
        #expect(UnifiedDiff.lines(expected: expected(["a", "b", "c"]), actual: ["a", "B", "c"]) == [
            "--- expected", "+++ actual", "@@ -1,3 +1,3 @@", " a", "-b", "+B", " c",
        ])
    }

    @Test func aBlockOfChangesListsItsRemovalsBeforeItsAdditions() {
        #expect(UnifiedDiff.lines(expected: expected(["a", "b", "c", "d"]), actual: ["a", "B", "C", "d"]) == [
            "--- expected", "+++ actual", "@@ -1,4 +1,4 @@", " a", "-b", "-c", "+B", "+C", " d",
        ])
    }

    @Test func distantChangesMakeSeparateHunksWithThreeLinesOfContext() {
        // Lines 1...12; line 2 and line 11 change. Hunk 1: lines 1...5 (the
        // change and 3 after), hunk 2: lines 8...12 (3 before and the change).
        let old = (1...12).map(String.init)
        var new = old
        new[1] = "two"
        new[10] = "eleven"
        #expect(UnifiedDiff.lines(expected: expected(old), actual: new) == [
            "--- expected", "+++ actual",
            "@@ -1,5 +1,5 @@", " 1", "-2", "+two", " 3", " 4", " 5",
            "@@ -8,5 +8,5 @@", " 8", " 9", " 10", "-11", "+eleven", " 12",
        ])
    }

    @Test func changesSixLinesApartShareOneHunk() {
        // Changes at lines 1 and 8: 6 lines between, the 3 + 3 of context touch.
        let old = (1...8).map(String.init)
        var new = old
        new[0] = "one"
        new[7] = "eight"
        let diff = UnifiedDiff.lines(expected: expected(old), actual: new)
        #expect(diff.filter { $0.hasPrefix("@@") } == ["@@ -1,8 +1,8 @@"])
    }

    @Test func anEmptySideStartsAtTheLineBefore() {
        #expect(UnifiedDiff.lines(expected: [], actual: ["x", "y"]) == ["--- expected", "+++ actual", "@@ -0,0 +1,2 @@", "+x", "+y"])
        #expect(UnifiedDiff.lines(expected: expected(["x"]), actual: []) == ["--- expected", "+++ actual", "@@ -1 +0,0 @@", "-x"])
    }

    @Test func aWildcardShowsOnceAndItsLinesCountOnThePlusSide() {
        // `...` takes b and c; the last line changes.
        #expect(UnifiedDiff.lines(expected: expected(["a", "...", "z"]), actual: ["a", "b", "c", "y"]) == [
            "--- expected", "+++ actual", "@@ -1,3 +1,4 @@", " a", " ...", "-z", "+y",
        ])
        // Nothing can match the literal line after a trailing wildcard that has taken all.
        #expect(UnifiedDiff.lines(expected: expected(["...", "end"]), actual: []) == [
            "--- expected", "+++ actual", "@@ -1,2 +0,0 @@", " ...", "-end",
        ])
    }
}
