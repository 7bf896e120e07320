import Foundation
import Testing

/// `expect` with every operator (== != < <= > >= ~=) and every field (frame,
/// x, y, width, height, zIndex, alpha, hidden, a layout's own stretchFactor),
/// visible count, contentsize, context contains and context flags. A holding
/// expectation prints nothing; a failing one is reported and sets status 1.
@Suite struct ExpectTests {
    @Test func expectationsThatHoldPrintNothing() throws {
        let result = try StkProcess.run(script: """
            # Item 0:1: x = 50 + 18 = 68 (see LayoutAndDataTests), y = 44 (below header 0).
            expect attr item 0:1 frame == 68,44,50,50
            expect attr item 0:1 frame != 68,44,50,51
            expect attr item 0:1 frame ~= 68.005,44,50,49.995
            expect attr item 0:1 x == 68
            expect attr item 0:1 x != 67
            expect attr item 0:1 x < 69
            expect attr item 0:1 x <= 68
            expect attr item 0:1 x > 67
            expect attr item 0:1 x >= 68
            expect attr item 0:1 x ~= 68.009
            expect attr item 0:1 y == 44
            expect attr item 0:1 width == 50
            expect attr item 0:1 height <= 50
            expect attr item 0:1 zIndex == 0
            expect attr item 0:1 alpha == 1
            expect attr item 0:1 hidden == false
            expect attr item 0:1 hidden != true
            expect attr header 0 zIndex < 2
            # 47 elements at rest (see InspectingTests); 20 sections of 154.
            expect visible count == 47
            expect visible count > 46
            expect visible count != 0
            expect contentsize == 390,3080
            expect contentsize == 390x3080
            expect contentsize != 390,3081
            expect contentsize ~= 390.004,3079.996
            # A scroll to 100 pins header 0 (zIndex 2) and names headers 0 to 6.
            scroll to 0,100
            expect attr header 0 zIndex == 2
            expect attr header 0 y == 100
            expect context contains header 6
            expect context everything == false
            expect context everything != true
            sections 3 items=2
            expect context everything == true
            # Pulled down by 20, the global header stretches to 44 + 20 = 64.
            layout global-stretchy
            scroll to 0,-20
            expect attr header 0 stretchFactor == 20
            expect attr header 0 stretchFactor > 19.5
            expect attr header 0 stretchFactor ~= 20.004
            expect attr header 0 height == 64
            expect attr header 0 y == -20
            # Half-way through fading in: alpha = 22 / 44.
            layout fading-first-header
            scroll to 0,22
            expect attr header 0 alpha ~= 0.5
            expect attr header 0 hidden == false
            # At rest it is hidden: alpha = 0 / 44.
            scroll to 0,0
            expect attr header 0 alpha == 0
            expect attr header 0 hidden == true
            # A compositional layout names its own kinds: the grid's pinned
            # header of section 0 (kind "header"), by kind as `context` prints it.
            layout compositional-grid
            sections 3 items=9
            scroll to 0,300
            expect context contains supplementary header 0:0
            echo all held
            """)
        expectOutcome(result, stdout: "all held\n", stderr: "", status: 0)
    }

    @Test func eachFailingExpectationNamesTheActualValue() throws {
        let cases: [(setup: String, expectation: String, message: String)] = [
            ("", "expect attr item 0:1 frame == 68,44,50,51", "attr item 0:1 frame is 68,44,50,50, expected == 68,44,50,51"),
            ("", "expect attr item 0:1 frame != 68,44,50,50", "attr item 0:1 frame is 68,44,50,50, expected != 68,44,50,50"),
            ("", "expect attr item 0:1 frame ~= 68.02,44,50,50", "attr item 0:1 frame is 68,44,50,50, expected ~= 68.02,44,50,50"),
            ("", "expect attr item 0:1 x == 67", "attr item 0:1 x is 68, expected == 67"),
            ("", "expect attr item 0:1 x != 68", "attr item 0:1 x is 68, expected != 68"),
            ("", "expect attr item 0:1 x < 68", "attr item 0:1 x is 68, expected < 68"),
            ("", "expect attr item 0:1 x <= 67.5", "attr item 0:1 x is 68, expected <= 67.5"),
            ("", "expect attr item 0:1 x > 68", "attr item 0:1 x is 68, expected > 68"),
            ("", "expect attr item 0:1 x >= 68.5", "attr item 0:1 x is 68, expected >= 68.5"),
            ("", "expect attr item 0:1 x ~= 68.02", "attr item 0:1 x is 68, expected ~= 68.02"),
            ("", "expect attr item 0:1 y == 45", "attr item 0:1 y is 44, expected == 45"),
            ("", "expect attr item 0:1 width == 60", "attr item 0:1 width is 50, expected == 60"),
            ("", "expect attr item 0:1 height == 60", "attr item 0:1 height is 50, expected == 60"),
            ("", "expect attr header 0 zIndex == 2", "attr header 0 zIndex is 1, expected == 2"),
            ("", "expect attr header 0 alpha < 1", "attr header 0 alpha is 1, expected < 1"),
            ("", "expect attr header 0 hidden == true", "attr header 0 hidden is false, expected == true"),
            ("layout global-stretchy; ", "expect attr header 0 stretchFactor > 0", "attr header 0 stretchFactor is 0, expected > 0"),
            ("", "expect visible count == 24", "visible count is 47, expected == 24"),
            ("", "expect contentsize == 390,4000", "contentsize is 390x3080, expected == 390x4000"),
            ("scroll to 0,100; ", "expect context contains header 7",
             "the last context does not name header 7 (it is CollectionViewFlowLayoutInvalidationContext: header=0:0,1:0,2:0,3:0,4:0,5:0,6:0)"),
            ("scroll to 0,100; ", "expect context everything == true", "context everything is false, expected == true"),
            ("layout compositional-grid; sections 3 items=9; scroll to 0,300; ", "expect context contains decoration background 0:0",
             "the last context does not name decoration background 0:0 (it is CollectionViewLayoutInvalidationContext: header=0:0)"),
        ]
        for c in cases {
            let commands = c.setup + c.expectation
            let result = try StkProcess.run(commands: commands)
            let column = c.setup.count + 1
            #expect(result.stderr == diagnostic("<command-line>:1:\(column)", "expectation failed: \(c.message)",
                                                line: commands, caretColumn: column, length: c.expectation.count),
                    "\(commands): \(result)")
            #expect(result.stdout == "")
            #expect(result.status == 1, "\(commands)")
        }
    }

    @Test func expectingAContextWhenThereIsNoneFails() throws {
        let result = try StkProcess.run(commands: "expect context contains header 1")
        #expect(result.stderr.hasPrefix(
            "<command-line>:1:1: error: expectation failed: the last operation made no invalidation context, expected one naming header 1\n"),
                "\(result)")
        #expect(result.status == 1)
    }

    @Test func aFieldTheLayoutDoesNotHaveIsAnErrorNotAFailure() throws {
        try expectRefusal("expect attr header 0 stretchFactor == 0", column: 22, length: 13,
                          "header 0 has no field 'stretchFactor' (fields: frame, x, y, width, height, zIndex, alpha, hidden, pinned)")
    }

    @Test func anOrderingOperatorCannotCompareRects() throws {
        try expectRefusal("expect attr header 0 frame < 0,0,1,1", column: 28, length: 1,
                          "operator '<' cannot compare rects; use '==', '!=' or '~='")
    }
}
