import Foundation
import Testing

/// The "Layout and data" commands of the fixed core, each with its observable
/// effect: layout, set, options, layouts, sections, insert/delete/move/reload
/// of sections and items, batch ... end, size.
///
/// Geometry of the default session (docs/semantics.md, "Flow layout geometry"): a
/// line holds 6 items of 50 (6x50 + 5x10 = 350 <= 390); its 40 spare points
/// go to its 5 gaps (18 each): x = 0, 68, 136, 204, 272, 340. The last line of
/// a section packs its items with the same gap. A section of 7 items is
/// header 44 + line 50 + spacing 10 + line 50 = 154 high; one of 1 to 6 items
/// is 44 + 50 = 94; an empty one is its header, 44.
@Suite struct LayoutAndDataTests {
    /// stdout of `stk -e COMMANDS`, which must succeed silently on stderr.
    // MARK: layout, set, options, layouts

    @Test func pinLimitOptionDecidesWhereAHeaderIsPushedOff() throws {
        // With a bottom section inset of 20 and 30-high footers a section is
        // 44 + 50 + 10 + 50 + 20 + 30 = 204 high. Section 1 spans 204..<408: its
        // last line ends at 204 + 154 = 358, its bottom inset at 378, the next
        // header starts at 408. At offset 400 header 1 wants y = 400 but stops
        // at limit - 44: lastItem 314, sectionEnd 334, nextHeader 364.
        let setup = "set sectionInset=0,0,20,0 footerSize=0x30; scroll to 0,400"
        #expect(try output("\(setup); attr header 1") == ["header 1 frame=0,314,390,44 zIndex=2 alpha=1 hidden=false pinned"])
        #expect(try output("layout flow-sticky pinLimit=sectionEnd sectionInset=0,0,20,0 footerSize=0x30; scroll to 0,400; attr header 1")
                == ["header 1 frame=0,334,390,44 zIndex=2 alpha=1 hidden=false pinned"])
        #expect(try output("\(setup); set pinLimit=nextHeader; attr header 1; contentsize")
                == ["header 1 frame=0,364,390,44 zIndex=2 alpha=1 hidden=false pinned", "390x4080"])
    }

    @Test func layoutResetsTheOptionsToTheirDefaults() throws {
        let lines = try output("set pinLimit=nextHeader sectionInset=0,0,20,0; layout flow-sticky; options; contentsize")
        let rows = lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.first == "flow-sticky options:")
        #expect(rows.dropFirst().first?.prefix(5) == ["name", "type", "value", "default", "help"])
        #expect(rows.first { $0.first == "pinLimit" }?.prefix(4) == ["pinLimit", "lastItem|sectionEnd|nextHeader", "lastItem", "lastItem"])
        #expect(rows.first { $0.first == "sectionInset" }?.prefix(4) == ["sectionInset", "insets", "0,0,0,0", "0,0,0,0"])
        #expect(lines.last == "390x3080")
    }

    @Test func optionsShowsTheCurrentValues() throws {
        let lines = try output("set pinLimit=nextHeader itemSize=100x44 stickyFooters=true; options")
        let rows = lines.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.first { $0.first == "pinLimit" }?.prefix(4) == ["pinLimit", "lastItem|sectionEnd|nextHeader", "nextHeader", "lastItem"])
        #expect(rows.first { $0.first == "itemSize" }?.prefix(4) == ["itemSize", "size", "100x44", "50x50"])
        #expect(rows.first { $0.first == "stickyFooters" }?.prefix(4) == ["stickyFooters", "bool", "true", "false"])
        // Every flow option of docs/language.md's `set` is listed.
        let names = Set(rows.dropFirst(2).compactMap(\.first))
        for option in ["itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset", "headerSize",
                       "footerSize", "scrollDirection"] {
            #expect(names.contains(option), "options lacks \(option): \(lines)")
        }
    }

    @Test func layoutsListsEveryBuiltInLayoutOnALineEach() throws {
        let lines = try output("layouts")
        #expect(lines.count == 8, "\(lines)")
        let columns = lines.map { $0.split(separator: " ").prefix(2).map(String.init) }
        #expect(columns == [["flow-sticky", "built-in"], ["grid-sticky", "built-in"],
                            ["global-stretchy", "built-in"], ["fading-first-header", "built-in"],
                            ["compositional-list", "built-in"], ["compositional-inset-grouped", "built-in"],
                            ["compositional-grid", "built-in"], ["compositional-carousel", "built-in"]])
    }

    @Test func setChangesTheFlowOptions() throws {
        let lines = try output("""
            set itemSize=100x44 minimumLineSpacing=4 minimumInteritemSpacing=20 sectionInset=8,16,8,16 \
            headerSize=390x30 footerSize=390x10; \
            contentsize; attr item 0:2; attr item 0:3; attr item 0:6; attr footer 0; attr header 1
            """)
        // avail = 390 - 16 - 16 = 358. Three items of 100 need 300 + 2x20 = 340;
        // the 18 left widen the 2 gaps to 29: x = 16, 145, 274. Lines of 3, 3, 1,
        // 44 high, 4 apart, from y = 30 (header) + 8 (inset) = 38: 38, 86, 134.
        // Section: 30 + 8 + 3x44 + 2x4 + 8 + 10 (footer) = 196; 20 of them: 3920.
        #expect(lines == [
            "390x3920",
            "item 0:2 frame=274,38,100,44 zIndex=0 alpha=1 hidden=false",
            "item 0:3 frame=16,86,100,44 zIndex=0 alpha=1 hidden=false",
            "item 0:6 frame=16,134,100,44 zIndex=0 alpha=1 hidden=false",
            "footer 0 frame=0,186,390,10 zIndex=1 alpha=1 hidden=false",
            "header 1 frame=0,196,390,30 zIndex=1 alpha=1 hidden=false",
        ])
    }

    @Test func scrollDirectionHorizontalIsTheTranspose() throws {
        let lines = try output("sections 2 items=1; set scrollDirection=horizontal; contentsize; attr header 1; attr item 1:0")
        // Sections side by side: header 44 wide + a column of one item 50 wide = 94.
        #expect(lines == [
            "188x844",
            "header 1 frame=94,0,44,844 zIndex=1 alpha=1 hidden=false",
            "item 1:0 frame=138,0,50,50 zIndex=0 alpha=1 hidden=false",
        ])
    }

    // MARK: sections

    @Test func sectionsReplacesAllData() throws {
        #expect(try output("sections 3 items=2; contentsize") == ["390x282"])  // 3 x 94
        #expect(try output("sections 5; contentsize") == ["390x220"])          // 5 empty: 5 x 44
        // 1, 0 and 3 items: 94 + 44 + 94; section 2 starts at 138, its items at 182.
        #expect(try output("sections 1,0,3; contentsize; attr item 2:2; visible") == [
            "390x232",
            "item 2:2 frame=136,182,50,50 zIndex=0 alpha=1 hidden=false",
            "item 0:0 frame=0,44,50,50 zIndex=0 alpha=1 hidden=false",
            "item 2:0 frame=0,182,50,50 zIndex=0 alpha=1 hidden=false",
            "item 2:1 frame=68,182,50,50 zIndex=0 alpha=1 hidden=false",
            "item 2:2 frame=136,182,50,50 zIndex=0 alpha=1 hidden=false",
            "header 0 frame=0,0,390,44 zIndex=1 alpha=1 hidden=false",
            "header 1 frame=0,94,390,44 zIndex=1 alpha=1 hidden=false",
            "header 2 frame=0,138,390,44 zIndex=1 alpha=1 hidden=false",
            "7 elements",
        ])
    }

    // MARK: Sections: insert, delete, move, reload

    @Test func insertSectionsWithItems() throws {
        // Sections 0 and 2 of the result are new, with 3 items: 94 high each.
        // 22 sections: 20 x 154 + 2 x 94 = 3268. New section 2 starts at 94 + 154.
        #expect(try output("insert section 0 2 items=3; contentsize; attr item 0:2; attr header 2; attr header 3") == [
            "390x3268",
            "item 0:2 frame=136,44,50,50 zIndex=0 alpha=1 hidden=false",
            "header 2 frame=0,248,390,44 zIndex=1 alpha=1 hidden=false",
            "header 3 frame=0,342,390,44 zIndex=1 alpha=1 hidden=false",
        ])
        // Without items= the new section is empty: its header only.
        #expect(try output("insert section 20; contentsize") == ["390x3124"])
    }

    @Test func deleteSeveralSections() throws {
        // 18 sections of 154.
        #expect(try output("delete section 1 2; contentsize") == ["390x2772"])
    }

    @Test func moveASection() throws {
        // 1, 8, 0 items -> 8, 0, 1: 154 + 44 + 94 = 292. Item 0:7 is the second
        // of the second line: x = 68, y = 104. Section 2 starts at 198.
        #expect(try output("sections 1,8,0; move section 0 to 2; contentsize; attr item 0:7; attr item 2:0") == [
            "390x292",
            "item 0:7 frame=68,104,50,50 zIndex=0 alpha=1 hidden=false",
            "item 2:0 frame=0,242,50,50 zIndex=0 alpha=1 hidden=false",
        ])
    }

    @Test func reloadSectionAndItemAreBatchUpdatesThatKeepTheGeometry() throws {
        let lines = try output("trace on; reload section 2; reload item 0:3 0:4; trace off; attr item 0:3")
        #expect(lines.filter { $0.hasPrefix("prepare(forCollectionViewUpdates:") } == [
            "prepare(forCollectionViewUpdates: [reload section 2])",
            "prepare(forCollectionViewUpdates: [reload item 0:3, reload item 0:4])",
        ])
        #expect(lines.last == "item 0:3 frame=204,44,50,50 zIndex=0 alpha=1 hidden=false")
    }

    // MARK: Items: insert, delete, move

    @Test func insertSeveralItems() throws {
        // Section 0 gets 9 items: lines of 6 and 3, still 154 high; 0:8 is the
        // third of the second line.
        #expect(try output("insert item 0:0 0:1; contentsize; attr item 0:8") == [
            "390x3080", "item 0:8 frame=136,104,50,50 zIndex=0 alpha=1 hidden=false",
        ])
    }

    @Test func deleteSeveralItems() throws {
        // Section 0 keeps 5 items: one line, 94 high: 3080 - 60.
        #expect(try output("delete item 0:1 0:2; contentsize; attr item 0:4; attr header 1") == [
            "390x3020",
            "item 0:4 frame=272,44,50,50 zIndex=0 alpha=1 hidden=false",
            "header 1 frame=0,94,390,44 zIndex=1 alpha=1 hidden=false",
        ])
    }

    @Test func aMovedItemKeepsItsSize() throws {
        // 0:0 is 100x80 and moves to 1:0. Section 0 keeps six 50x50 items: 94.
        // Section 1 (from 94): its first line holds 100 + 4 x (10 + 50) = 340, so
        // 5 items, 80 high at y = 138; the spare 50 make the 4 gaps 22.5; the
        // 50-high items are centred: y = 138 + 15. Second line at 138 + 90.
        // Section 1: 44 + 80 + 10 + 50 = 184. Content: 94 + 184 + 18 x 154 = 3050.
        #expect(try output("size item 0:0 100x80; move item 0:0 to 1:0; attr item 1:0; attr item 1:1; attr item 1:5; contentsize") == [
            "item 1:0 frame=0,138,100,80 zIndex=0 alpha=1 hidden=false",
            "item 1:1 frame=122.5,153,50,50 zIndex=0 alpha=1 hidden=false",
            "item 1:5 frame=0,228,50,50 zIndex=0 alpha=1 hidden=false",
            "390x3050",
        ])
    }

    // MARK: batch

    @Test func aBatchIsOnePerformBatchUpdates() throws {
        let lines = try output("trace on; batch; delete item 0:0; insert item 1:0; end; trace off; context; contentsize")
        // One update pass for the whole batch, updates in UIKit's order (deletes, then inserts).
        #expect(lines.filter { $0.hasPrefix("prepare(forCollectionViewUpdates:") }
                == ["prepare(forCollectionViewUpdates: [delete item 0:0, insert item 1:0])"])
        #expect(lines.filter { $0 == "invalidateLayout(with:)" }.count == 1)
        #expect(lines.filter { $0 == "finalizeCollectionViewUpdates()" }.count == 1)
        // `context` names the one context, made for the batch.
        let context = Array(lines.drop { !$0.hasPrefix("CollectionViewFlowLayoutInvalidationContext") })
        #expect(context.first == "CollectionViewFlowLayoutInvalidationContext (batch updates)", "\(lines)")
        #expect(context.contains("  invalidateDataSourceCounts=true"))
        // Section 0 keeps 6 items (94), section 1 has 8 (154): 3080 - 60.
        #expect(lines.last == "390x3020")
    }

    @Test func sizesInABatchApplyToTheIndexPathsAfterItsUpdates() throws {
        // The inserted 1:0 is 50x100. Section 0: 6 items, 94. Section 1: 8 items,
        // its first line 100 high: 44 + 100 + 10 + 50 = 204. 94 + 204 + 18 x 154 = 3070.
        #expect(try output("batch; delete item 0:0; insert item 1:0; size item 1:0 50x100; end; contentsize; attr item 1:0")
                == ["390x3070", "item 1:0 frame=0,138,50,100 zIndex=0 alpha=1 hidden=false"])
    }

    @Test func aBatchWithSizesIsOneUpdateWithOneContext() throws {
        // The size is part of the batch's performBatchUpdates: one context, with
        // invalidateDataSourceCounts, and no second one for the size.
        let lines = try output("batch; insert item 1:0; size item 1:0 50x100; end; context")
        #expect(lines.first == "CollectionViewFlowLayoutInvalidationContext (batch updates)")
        #expect(!lines.contains { $0.hasPrefix("last of") })
        #expect(lines.contains("  invalidateDataSourceCounts=true"))
    }

    @Test func aBatchMaySpanLines() throws {
        let result = try StkProcess.run(script: """
            batch
              delete section 0
              insert item 0:0
            end
            contentsize
            """)
        // The old section 1 becomes section 0 and gains an item: 8 items, 154.
        // 19 sections: 2926.
        #expect(result.stdout == "390x2926\n", "\(result)")
        #expect(result.status == 0)
    }

    // MARK: size

    @Test func sizeOfAnItem() throws {
        // 0:0 is 100x80: the first line holds 100 + 4 x 60 = 340 (5 items), 80 high;
        // 90 spare points make 4 gaps of 22.5; 0:1 is centred: y = 44 + 15. The
        // second line (0:5, 0:6) at 44 + 80 + 10 = 134. Section 0: 184: +30 in all.
        #expect(try output("size item 0:0 100x80; attr item 0:0; attr item 0:1; attr item 0:6; contentsize") == [
            "item 0:0 frame=0,44,100,80 zIndex=0 alpha=1 hidden=false",
            "item 0:1 frame=122.5,59,50,50 zIndex=0 alpha=1 hidden=false",
            "item 0:6 frame=68,134,50,50 zIndex=0 alpha=1 hidden=false",
            "390x3110",
        ])
        #expect(try output("size item 0:0 100x80; size item 0:0 default; contentsize") == ["390x3080"])
    }

    /// A layout that never asks the flow delegate (a compositional list)
    /// ignores `size`: the note says so, with the `prefer` command a
    /// self-sizing cell's size is given by, and item 0:2 stays at 72 + 44 =
    /// 116. A layout that reads the sizes itself (grid-sticky) gets no note.
    @Test func sizeOnALayoutThatDoesNotAskForItSaysSo() throws {
        let list = try StkProcess.run(commands: "layout compositional-list; sections 1 items=3; size item 0:1 390x100; attr item 0:2")
        #expect(list.status == 0)
        #expect(list.stdout == "item 0:2 frame=0,116,390,44 zIndex=0 alpha=1 hidden=false\n")
        #expect(list.stderr.hasPrefix(
            "<command-line>:1:48: note: compositional-list did not ask for this size: only a layout that asks the flow delegate (sizeForItemAt, referenceSizeForHeaderInSection) reads it; the size a self-sizing cell's content wants is 'prefer item 0:1 390x100'\n"),
            "\(list.stderr)")
        #expect(try output("layout grid-sticky; sections 2 items=3; size item 0:1 30x30; attr item 0:1").count == 1)
    }

    @Test func sizeOfAHeaderAndAFooter() throws {
        // Header 1 60 high: +16. Footer 0 30 high (footers are off by default):
        // +30, at the end of section 0's last line (154); header 1 follows it.
        #expect(try output("size header 1 390x60; attr header 1; attr item 1:0; contentsize") == [
            "header 1 frame=0,154,390,60 zIndex=1 alpha=1 hidden=false",
            "item 1:0 frame=0,214,50,50 zIndex=0 alpha=1 hidden=false",
            "390x3096",
        ])
        #expect(try output("size footer 0 390x30; attr footer 0; attr header 1; contentsize") == [
            "footer 0 frame=0,154,390,30 zIndex=1 alpha=1 hidden=false",
            "header 1 frame=0,184,390,44 zIndex=1 alpha=1 hidden=false",
            "390x3110",
        ])
    }
}
