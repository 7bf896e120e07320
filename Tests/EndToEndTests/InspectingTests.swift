import Foundation
import Testing

/// "Inspecting": attr, visible, contentsize, context, render, trace, step /
/// next / continue, in text mode.
@Suite struct InspectingTests {
    // MARK: attr, visible, contentsize

    @Test func attrOfAnItemAHeaderAndAFooter() throws {
        #expect(try output("set footerSize=0x20; attr item 2:3; attr header 2; attr footer 2") == [
            // Sections are 174 high with a 20-high footer; section 2 starts at 348.
            "item 2:3 frame=204,392,50,50 zIndex=0 alpha=1 hidden=false",
            "header 2 frame=0,348,390,44 zIndex=1 alpha=1 hidden=false",
            "footer 2 frame=0,502,390,20 zIndex=1 alpha=1 hidden=false",
        ])
    }

    @Test func attrOfAFooterThatIsNotLaidOutIsAnError() throws {
        try expectRefusal("attr footer 0", column: 13, length: 1,
                          "flow-sticky has no footer 0 (a header or footer of zero size is not laid out)")
    }

    @Test func visibleListsCellsThenHeadersThenACount() throws {
        let lines = try output("visible")
        // Bounds 0..<844: sections 0 to 4 whole (8 elements each) and section 5's
        // header (770) and first line (814..<864): 40 + 1 + 6 = 47.
        #expect(lines.count == 48)
        #expect(lines.last == "47 elements")
        #expect(lines.first == "item 0:0 frame=0,44,50,50 zIndex=0 alpha=1 hidden=false")
        #expect(lines[40] == "item 5:5 frame=340,814,50,50 zIndex=0 alpha=1 hidden=false")
        #expect(lines[41] == "header 0 frame=0,0,390,44 zIndex=1 alpha=1 hidden=false")
        #expect(lines[46] == "header 5 frame=0,770,390,44 zIndex=1 alpha=1 hidden=false")
        #expect(try output("sections 0; visible; contentsize") == ["0 elements", "390x0"])
        #expect(try output("sections 1 items=1; set headerSize=0x0; visible") == [
            "item 0:0 frame=0,0,50,50 zIndex=0 alpha=1 hidden=false", "1 element",
        ])
    }

    // MARK: context

    @Test func contextBeforeAnyInvalidationSaysSo() throws {
        #expect(try output("context") == ["no invalidation context: no operation has run yet"])
        // A grid with nothing sticky is not invalidated by a scroll.
        #expect(try output("layout grid-sticky stickyRows=0 stickyColumns=0; scroll to 0,10; context")
            .last == "no invalidation context: the last operation did not invalidate the layout")
    }

    @Test func contextOfAScroll() throws {
        // Headers of the sections meeting 0..<844 or 100..<944: 0 to 6.
        #expect(try output("scroll to 0,100; context") == [
            "CollectionViewFlowLayoutInvalidationContext (bounds change)",
            "  invalidateEverything=false",
            "  invalidateDataSourceCounts=false",
            "  items=none",
            "  supplementary header=0:0,1:0,2:0,3:0,4:0,5:0,6:0",
            "  decoration=none",
            "  contentOffsetAdjustment=0,0",
            "  contentSizeAdjustment=0x0",
            "  invalidateFlowLayoutDelegateMetrics=false",
            "  invalidateFlowLayoutAttributes=false",
        ])
    }

    @Test func contextAfterAScrollInStepsIsTheLastOne() throws {
        // The third step goes from 200 to 300: sections 1 (154..<308) to 7 (1078..<1232).
        let lines = try output("scroll by 0,300 steps=3; context")
        #expect(lines.prefix(2) == ["last of 3 contexts", "CollectionViewFlowLayoutInvalidationContext (bounds change)"])
        #expect(lines.contains("  supplementary header=1:0,2:0,3:0,4:0,5:0,6:0,7:0"))
    }

    @Test func queriesDoNotReplaceTheLastContext() throws {
        let lines = try output("scroll to 0,100; attr header 0; visible; contentsize; render; context")
        #expect(lines.contains("  supplementary header=0:0,1:0,2:0,3:0,4:0,5:0,6:0"))
    }

    // MARK: render

    @Test func renderDrawsTheViewportAtTheRequestedWidth() throws {
        let lines = try output("render width=40")
        #expect(lines.first == "offset=0,0 bounds=390x844 content=390x3080 elements=47")
        // 38 columns inside for 390 points; rows are half as dense: 844 x 38/390/2
        // = 41.1 -> 41 rows inside, plus the top and bottom of the frame.
        let box = Array(lines.dropFirst())
        #expect(box.count == 43)
        #expect(box.allSatisfy { $0.count == 40 }, "\(box.map(\.count))")
        #expect(box.first?.first == "╔")
        #expect(box.last?.first == "╚")
        // The default width is 80.
        let wide = try output("render")
        #expect(wide.dropFirst().allSatisfy { $0.count == 80 })
        #expect(wide.count == 1 + 84 + 2)
    }

    @Test func renderMarksPinnedElements() throws {
        let atRest = try output("render").joined(separator: "\n")
        #expect(atRest.contains("H0"))
        #expect(!atRest.contains("*"))
        #expect(!atRest.contains("┏"))
        // At 100 header 0 sticks: drawn in heavy lines with a star.
        let scrolled = try output("scroll to 0,100; render").joined(separator: "\n")
        #expect(scrolled.contains("H0*"))
        #expect(scrolled.contains("┏"))
        #expect(!scrolled.contains("H1*"))
        // Cells are labelled S:I, headers H<S>, footers F<S>.
        let labelled = try output("set footerSize=0x40; render").joined(separator: "\n")
        for label in ["0:0", "0:6", "H0", "F0", "H1"] {
            #expect(labelled.contains(label), "render lacks \(label)")
        }
    }

    @Test func renderRefusesATooNarrowWidth() throws {
        try expectRefusal("render width=3", column: 14, length: 1, "width must be at least 4 columns, got 3")
    }

    // MARK: trace

    /// The phase each trace line stands for, in docs/semantics.md's words.
    static func phase(of line: String) -> String? {
        let phases: [(prefix: String, name: String)] = [
            ("shouldInvalidateLayout(forBoundsChange:", "shouldInvalidate"),
            ("invalidationContext(forBoundsChange:)", "context"),
            ("context (", "context"),
            ("invalidateLayout(with:)", "invalidate"),
            ("bounds ", "bounds"),
            ("prepare(forCollectionViewUpdates:", "prepare updates"),
            ("prepare()", "prepare"),
            ("collectionViewContentSize", "content size"),
            ("layoutAttributesForElements(in:", "elements"),
            ("initialLayoutAttributesForAppearing", "initial"),
            ("finalLayoutAttributesForDisappearing", "final"),
            ("finalizeCollectionViewUpdates()", "finalize"),
            ("targetContentOffset(", "target offset"),
            ("appeared:", "visible diff"), ("disappeared:", "visible diff"), ("moved:", "visible diff"),
            ("changed:", "visible diff"), ("visible: unchanged", "visible diff"), ("…", "visible diff"),
        ]
        if line.hasPrefix("    -> ") { return nil }  // the second half of a wrapped line
        return phases.first { line.hasPrefix($0.prefix) }?.name ?? "?"
    }

    /// Consecutive repeats folded: the phases in the order they came.
    static func phases(_ lines: [String]) -> [String] {
        var result: [String] = []
        for phase in lines.compactMap(phase(of:)) where result.last != phase { result.append(phase) }
        return result
    }

    @Test func traceShowsTheBoundsChangePhasesInUIKitsOrder() throws {
        let lines = try output("trace on; scroll to 0,300")
        #expect(Self.phases(lines) == ["shouldInvalidate", "context", "invalidate", "bounds", "prepare", "content size",
                                       "elements", "visible diff"], "\(lines)")
        // Asked while the old bounds are still current; the header it pins moves.
        #expect(lines.first == "shouldInvalidateLayout(forBoundsChange: 0,300,390,844) -> true   [bounds still 0,0,390,844]")
        #expect(lines.contains("bounds 0,0,390,844 -> 0,300,390,844"))
        #expect(lines.contains("moved: header 1 0,154,390,44 -> 0,264,390,44; zIndex 1 -> 2; pinned false -> true"))
    }

    @Test func traceShowsTheDataChangePhases() throws {
        let lines = try output("trace on; delete item 0:0")
        #expect(Self.phases(lines) == ["context", "invalidate", "prepare", "content size", "prepare updates", "elements",
                                       "initial", "final", "finalize", "visible diff", "target offset"], "\(lines)")
        #expect(lines.contains("prepare(forCollectionViewUpdates: [delete item 0:0])"))
        // After the update the layout is asked where to rest; the default keeps the offset.
        #expect(lines.last == "targetContentOffset(forProposedContentOffset: 0,0) -> 0,0")
    }

    @Test func traceOffStopsTheTrace() throws {
        let lines = try output("trace on; scroll to 0,10; trace off; scroll to 0,20; bounds 390x800; sections 2")
        #expect(lines.filter { $0.hasPrefix("bounds ") } == ["bounds 0,0,390,844 -> 0,10,390,844"])
    }

    // MARK: step

    @Test func stepRevealsThePhasesOneByOne() throws {
        let result = try StkProcess.run(script: """
            step on
            scroll to 0,300
            echo -- next
            next
            echo -- next
            next
            echo -- continue
            continue
            echo -- unstepped
            step off
            scroll to 0,10
            """)
        #expect(result.status == 0, "\(result)")
        let lines = result.lines
        // The operation pauses after its first phase, and each `next` runs it to one more.
        #expect(lines.prefix(8) == [
            "step: 'scroll to 0,300' paused after each phase; 'next' runs to the next one, 'continue' to the end",
            "shouldInvalidateLayout(forBoundsChange: 0,300,390,844) -> true   [bounds still 0,0,390,844]",
            "-- next",
            "invalidationContext(forBoundsChange:)",
            "    -> CollectionViewFlowLayoutInvalidationContext: header=0:0,1:0,2:0,3:0,4:0,5:0,6:0,7:0",
            "-- next",
            "invalidateLayout(with:)",
            "-- continue",
        ])
        let rest = Array(lines.dropFirst(8))
        #expect(Self.phases(Array(rest.prefix { $0 != "step: end of operation" }))
                == ["bounds", "prepare", "content size", "elements", "visible diff"])
        #expect(rest.suffix(2) == ["step: end of operation", "-- unstepped"])
    }

    @Test func nextWithNothingToShowIsAnError() throws {
        try expectRefusal("step on; next", column: 10, length: 4,
                          "no phase to show: no operation is paused (run one: scroll, bounds, sections ...)")
    }
}
