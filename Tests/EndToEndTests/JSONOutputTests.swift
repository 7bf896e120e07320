import Foundation
import StkTestSupport
import Testing

/// `--json` (docs/language.md, "JSON output"): each query command prints
/// exactly one JSON object on one line, read here with JSONSerialization as a
/// consumer would and checked field by field; commands that only change state
/// print nothing.
@Suite struct JSONOutputTests {
    static let attributeKeys = ["category", "kind", "indexPath", "frame", "zIndex", "alpha", "hidden"]
    static let contextKeys = [
        "invalidateEverything", "invalidateDataSourceCounts", "items", "supplementary", "decoration",
        "contentOffsetAdjustment", "contentSizeAdjustment", "invalidateFlowLayoutDelegateMetrics",
        "invalidateFlowLayoutAttributes",
    ]

    func json(_ commands: String) throws -> (result: StkResult, objects: [[String: Any]]) {
        let result = try StkProcess.run(commands: commands, options: ["--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        return (result, try JSONLines.objects(result.stdout))
    }

    // MARK: attr

    @Test func attrOfAPinnedHeader() throws {
        let (result, objects) = try json("scroll to 0,300; attr header 1")
        try #require(objects.count == 1)
        let header = objects[0]
        // At offset 300 header 1 would stick at y = 300, but its limit is the end of
        // its section's last line (154 + 154 = 308) minus its height: 308 - 44 = 264.
        #expect(header["category"] as? String == "supplementaryView")
        #expect(header["kind"] as? String == "header")
        #expect(numbers(header["indexPath"]) == [1, 0])
        #expect(numbers(header["frame"]) == [0, 264, 390, 44])
        // Pinned headers are raised above the cells (0) and unpinned headers (1).
        #expect(number(header["zIndex"]) == 2)
        #expect(number(header["alpha"]) == 1)
        #expect(header["hidden"] as? Bool == false)
        #expect(result.stdout.contains("\"hidden\":false"), "hidden is a JSON boolean")
        #expect(Array(try JSONLines.keyOrder(result.lines[0]).prefix(7)) == Self.attributeKeys)
    }

    @Test func attrOfACellHasANullKind() throws {
        let (result, objects) = try json("attr item 0:6")
        // 0:6 is alone on section 0's second line: x = 0, y = 44 + 50 + 10 = 104.
        let cell = try #require(objects.first)
        #expect(cell["category"] as? String == "cell")
        #expect(cell["kind"] is NSNull, "kind must be null for a cell: \(result.stdout)")
        #expect(result.stdout.contains("\"kind\":null"))
        #expect(numbers(cell["indexPath"]) == [0, 6])
        #expect(numbers(cell["frame"]) == [0, 104, 50, 50])
        #expect(number(cell["zIndex"]) == 0)
    }

    @Test func attrCarriesTheFieldsALayoutAdds() throws {
        let (_, objects) = try json("layout global-stretchy; scroll to 0,-20; attr header 0; scroll to 0,100; attr header 0")
        try #require(objects.count == 2)
        // Pulled down by 20: the global header stretches to min(44 + 20, 88) = 64
        // and its top follows the top of the visible area: y = 0 + (-20).
        #expect(numbers(objects[0]["frame"]) == [0, -20, 390, 64])
        #expect(number(objects[0]["stretchFactor"]) == 20)
        // Scrolled up: it keeps its height and rides at y = 0 + max(100, 0).
        #expect(numbers(objects[1]["frame"]) == [0, 100, 390, 44])
        #expect(number(objects[1]["stretchFactor"]) == 0)
    }

    @Test func fractionalNumbersArePlainJSONNumbers() throws {
        let (result, objects) = try json("layout fading-first-header; scroll to 0,11; attr header 0")
        // alpha = offset / fadeDistance = 11 / 44 (the header's height) = 0.25.
        #expect(number(objects.first?["alpha"]) == 0.25)
        #expect(result.stdout.contains("\"alpha\":0.25,"), "\(result.stdout)")
    }

    // MARK: visible

    @Test func visibleListsCellsFirstThenSupplementaryViewsEachInIndexPathOrder() throws {
        let (_, objects) = try json("scroll to 0,300; visible")
        let visible = try #require(objects.first)
        let elements = try #require(visible["elements"] as? [[String: Any]])
        // Bounds 300..<1144. Cells: 1:6 (its line spans 258..308), all of sections
        // 2 to 6 (308..<1078): 35, and the first line of section 7 (1122..1172):
        // 6 -> 42. Headers 1 (pinned at 264) to 7 (at 1078): 7. In all 49.
        #expect(elements.count == 49)
        let categories = elements.map { $0["category"] as? String ?? "?" }
        #expect(categories == Array(repeating: "cell", count: 42) + Array(repeating: "supplementaryView", count: 7))
        let cellPaths = elements.prefix(42).compactMap { numbers($0["indexPath"]) }
        let expectedCells: [[Double]] = [[1, 6]] + (2...6).flatMap { s in (0...6).map { [Double(s), Double($0)] } }
            + (0...5).map { [7, Double($0)] }
        #expect(cellPaths == expectedCells)
        let headerPaths = elements.suffix(7).compactMap { numbers($0["indexPath"]) }
        #expect(headerPaths == (1...7).map { [Double($0), 0] })
        #expect(elements.suffix(7).allSatisfy { $0["kind"] as? String == "header" })
        #expect(elements.prefix(42).allSatisfy { $0["kind"] is NSNull })
    }

    // MARK: contentsize

    @Test func contentSize() throws {
        let (_, objects) = try json("contentsize; sections 2,13")
        // 20 sections of 154: 3080.
        #expect(objects.count == 1)
        #expect(numbers(objects.first?["contentSize"]) == [390, 3080])
        #expect(objects.first?.count == 1)
    }

    // MARK: context

    @Test func contextHasEveryDocumentedField() throws {
        let (result, objects) = try json("scroll to 0,100; context")
        let context = try #require(objects.first)
        #expect(try JSONLines.keyOrder(result.lines[0]) == Self.contextKeys)
        // A scroll from 0 to 100 asks to redo the headers of the sections that
        // meet the old bounds 0..<844 or the new 100..<944: sections 0 to 6
        // (section 6 spans 924..<1078).
        #expect(context["invalidateEverything"] as? Bool == false)
        #expect(context["invalidateDataSourceCounts"] as? Bool == false)
        #expect(indexPaths(context["items"]) == [])
        let supplementary = try #require(context["supplementary"] as? [String: Any])
        #expect(Array(supplementary.keys) == ["header"])
        #expect(indexPaths(supplementary["header"]) == (0...6).map { [Double($0), 0] })
        #expect((context["decoration"] as? [String: Any])?.isEmpty == true)
        #expect(numbers(context["contentOffsetAdjustment"]) == [0, 0])
        #expect(numbers(context["contentSizeAdjustment"]) == [0, 0])
        #expect(context["invalidateFlowLayoutDelegateMetrics"] as? Bool == false)
        #expect(context["invalidateFlowLayoutAttributes"] as? Bool == false)
    }

    /// "No context" is `null`, which a consumer tells from a context that
    /// names nothing (an object whose flags are all false).
    @Test func contextWithoutAnInvalidationIsNull() throws {
        for commands in ["context", "margins 0,20,0,20; context",
                         "layout grid-sticky stickyRows=0 stickyColumns=0; scroll to 0,10; context"] {
            let result = try StkProcess.run(commands: commands, options: ["--json"])
            #expect(result.stdout == "null\n", "\(commands): \(result)")
            #expect(result.status == 0)
        }
        let named = try StkProcess.run(commands: "scroll to 0,10; context", options: ["--json"])
        #expect(named.stdout.hasPrefix("{\"invalidateEverything\":false"), "\(named)")
    }

    @Test func contextPrintsTheLastOfSeveral() throws {
        let (_, objects) = try json("scroll by 0,300 steps=3; context")
        // Three bounds changes: 0->100, 100->200, 200->300. The last one meets the
        // sections intersecting 200..<1044 or 300..<1144: 1 (154..<308) to 7
        // (1078..<1232). The first one would have named sections 0 to 6.
        #expect(objects.count == 1)
        let supplementary = objects.first?["supplementary"] as? [String: Any]
        #expect(indexPaths(supplementary?["header"]) == (1...7).map { [Double($0), 0] })
    }

    @Test func contextOfDataChanges() throws {
        let (_, objects) = try json("sections 3 items=2; context; insert item 0:0; context")
        try #require(objects.count == 2)
        // reloadData invalidates everything; a batch update the data source counts.
        #expect(objects[0]["invalidateEverything"] as? Bool == true)
        #expect(objects[0]["invalidateDataSourceCounts"] as? Bool == false)
        #expect(objects[1]["invalidateEverything"] as? Bool == false)
        #expect(objects[1]["invalidateDataSourceCounts"] as? Bool == true)
    }

    // MARK: What prints nothing

    @Test func stateChangingCommandsPrintNothing() throws {
        let folder = try ScratchFolder()
        let result = try StkProcess.run(["--json", "-e", """
            layout global-stretchy maxStretchHeight=100; set itemSize=60x60; sections 4 items=5; \
            insert section 1 items=2; delete section 0; move section 0 to 1; reload section 2; \
            insert item 0:0; delete item 0:1; move item 0:0 to 1:0; reload item 1:1; \
            batch; insert item 2:0; delete item 3:0; end; \
            size item 0:0 80x80; size header 1 390x60; size footer 0 390x20; \
            bounds 375x600; inset 10,0,0,0; safearea 20,0,0,0; \
            scroll to 0,50; scroll by 0,20 steps=2; scroll to item 1:0 center; \
            trace off; step off; undo; reset; save session.stk
            """], in: folder.url)
        expectOutcome(result, stdout: "", stderr: "", status: 0)
        #expect(folder.exists("session.stk"))
    }

    @Test func everyLineOfATraceIsAJSONObject() throws {
        let (_, objects) = try json("trace on; scroll to 0,100; trace off; step on; scroll to 0,200; next; continue")
        // trace: 8 phases. step: a start marker, 8 phases, an end marker.
        #expect(objects.count == 8 + 10)
        let events = objects.compactMap { $0["event"] as? String }
        let phases = ["shouldInvalidateLayout", "invalidationContext", "invalidateLayout", "boundsChanged",
                      "prepare", "collectionViewContentSize", "layoutAttributesForElements", "visibleChanged"]
        #expect(events == phases + phases)
        #expect(objects[8]["step"] as? String == "start")
        #expect(objects[8]["command"] as? String == "scroll to 0,200")
        #expect(objects[17]["step"] as? String == "end")
    }

    @Test func otherQueriesAreJSONObjectsToo() throws {
        let (_, objects) = try json("layouts; options; render")
        try #require(objects.count == 3)
        let layouts = try #require(objects[0]["layouts"] as? [[String: Any]])
        #expect(layouts.compactMap { $0["name"] as? String } == ["flow-sticky", "grid-sticky", "global-stretchy", "fading-first-header",
                                                                 "compositional-list", "compositional-inset-grouped", "compositional-grid", "compositional-carousel"])
        let options = try #require(objects[1]["options"] as? [[String: Any]])
        let pinLimit = try #require(options.first { $0["name"] as? String == "pinLimit" })
        #expect(pinLimit["value"] as? String == "lastItem")
        #expect(pinLimit["default"] as? String == "lastItem")
        #expect(numbers(objects[2]["bounds"]) == [0, 0, 390, 844])
        #expect(numbers(objects[2]["contentSize"]) == [390, 3080])
        // Offset 0: 47 elements (see CommandLineTests and InspectingTests).
        #expect((objects[2]["elements"] as? [Any])?.count == 47)
    }
}
