import Foundation
import GlobalStretchy
import LayoutKit
import Testing
@testable import StkRender

/// Parses one JSON object back (the output must be valid JSON for any reader).
func parseObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    return try #require(value as? [String: Any], "not a JSON object: \(text)", sourceLocation: sourceLocation)
}

func jsonNumbers(_ value: Any?) -> [Double]? { (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } }
func jsonNumber(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

@Suite struct RenderJSONTests {
    // MARK: The writer

    @Test func writerKeepsKeyOrderAndWritesCompactly() {
        let value = JSONValue.object([("z", .integer(1)), ("a", .array([.bool(true), .null])), ("m", .object([]))])
        #expect(value.serialized == #"{"z":1,"a":[true,null],"m":{}}"#)
    }

    /// Integral doubles without `.0`, others in `.stk` form (at most 6 decimals),
    /// NaN and infinities as null.
    @Test func numberFormatting() {
        #expect(JSONValue.number(390).serialized == "390")
        #expect(JSONValue.number(-0.0).serialized == "0")
        #expect(JSONValue.number(0.5).serialized == "0.5")
        #expect(JSONValue.number(1.0 / 3.0).serialized == "0.333333")
        #expect(JSONValue.number(.nan).serialized == "null")
        #expect(JSONValue.number(-.infinity).serialized == "null")
        #expect(JSONValue.integer(-42).serialized == "-42")
    }

    @Test func stringEscaping() throws {
        let tricky = "quote\" backslash\\ newline\n tab\t bell\u{07} é ✓"
        let text = JSONValue.object([("s", .string(tricky))]).serialized
        #expect(text == #"{"s":"quote\" backslash\\ newline\n tab\t bell\u0007 é ✓"}"#)
        #expect(try parseObject(text)["s"] as? String == tricky)
    }

    // MARK: attr

    @Test func attrOfAHeader() throws {
        let h = header(1, 0, 300, 390, 30, zIndex: 2, pinned: true)
        let text = JSONFormat.attributes(h).serialized
        #expect(text == #"{"category":"supplementaryView","kind":"header","indexPath":[1,0],"frame":[0,300,390,30],"zIndex":2,"alpha":1,"hidden":false,"pinned":true}"#)
        let object = try parseObject(text)
        #expect(object["category"] as? String == "supplementaryView")
        #expect(object["kind"] as? String == "header")
        #expect(jsonNumbers(object["indexPath"]) == [1, 0])
        #expect(jsonNumbers(object["frame"]) == [0, 300, 390, 30])
        #expect(jsonNumber(object["zIndex"]) == 2)
        #expect(jsonNumber(object["alpha"]) == 1)
        #expect(object["hidden"] as? Bool == false)
        #expect(object["pinned"] as? Bool == true)
        #expect(object.count == 8)
    }

    @Test func attrOfACellHasANullKindAndExtraFieldsLast() throws {
        // Global-stretchy's attributes add an extra field.
        let a = GlobalStretchyLayoutAttributes(forCellWith: IndexPath(item: 15, section: 2))
        a.frame = CGRect(x: 10.5, y: -20, width: 50, height: 50)
        a.alpha = 0.25
        a.isHidden = true
        a.stretchFactor = 12.5
        let text = JSONFormat.attributes(a).serialized
        #expect(text == #"{"category":"cell","kind":null,"indexPath":[2,15],"frame":[10.5,-20,50,50],"zIndex":0,"alpha":0.25,"hidden":true,"pinned":false,"stretchFactor":12.5}"#)
        let object = try parseObject(text)
        #expect(object["kind"] is NSNull)
        #expect(jsonNumber(object["stretchFactor"]) == 12.5)
        #expect(jsonNumbers(object["frame"]) == [10.5, -20, 50, 50])
    }

    // MARK: visible and contentsize

    /// Cells first, then supplementary views, each in index path order.
    @Test func visibleInKeyOrder() throws {
        let elements = [header(1, 0, 160, 100, 10), cell(1, 0, 0, 170, 50, 50), header(0, 0, 0, 100, 10), cell(0, 1, 50, 10, 50, 50)]
        let object = try parseObject(JSONFormat.visible(elements).serialized)
        let list = try #require(object["elements"] as? [[String: Any]])
        #expect(list.map { $0["category"] as? String } == ["cell", "cell", "supplementaryView", "supplementaryView"])
        #expect(list.map { jsonNumbers($0["indexPath"]) } == [[0, 1], [1, 0], [0, 0], [1, 0]])
        #expect(JSONFormat.visible([]).serialized == #"{"elements":[]}"#)
    }

    @Test func contentSize() {
        #expect(JSONFormat.contentSize(CGSize(width: 390, height: 4000)).serialized == #"{"contentSize":[390,4000]}"#)
    }

    // MARK: context

    /// The example of docs/language.md, byte for byte.
    @Test func contextAsDocumented() throws {
        let context = CollectionViewFlowLayoutInvalidationContext()
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateFlowLayoutAttributes = false
        context.invalidateItems(at: [IndexPath(item: 3, section: 0)])
        context.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(item: 0, section: 1)])
        let text = JSONFormat.context(context.snapshot()).serialized
        #expect(text == #"{"invalidateEverything":false,"invalidateDataSourceCounts":false,"items":[[0,3]],"supplementary":{"header":[[1,0]]},"decoration":{},"contentOffsetAdjustment":[0,0],"contentSizeAdjustment":[0,0],"invalidateFlowLayoutDelegateMetrics":false,"invalidateFlowLayoutAttributes":false}"#)
        let object = try parseObject(text)
        #expect((object["items"] as? [[Any]])?.map(jsonNumbers) == [[0, 3]])
        #expect(((object["supplementary"] as? [String: Any])?["header"] as? [[Any]])?.map(jsonNumbers) == [[1, 0]])
        #expect((object["decoration"] as? [String: Any])?.isEmpty == true)
    }

    /// A context that is not a flow context reports both flow flags false; kinds
    /// are sorted; adjustments are numbers.
    @Test func contextOfABaseLayout() throws {
        let context = CollectionViewLayoutInvalidationContext.everything(CollectionViewLayoutInvalidationContext.self)
        context.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(item: 0, section: 2), IndexPath(item: 0, section: 0)])
        context.invalidateSupplementaryElements(ofKind: "footer", at: [IndexPath(item: 0, section: 0)])
        context.contentOffsetAdjustment = CGPoint(x: 0, y: -12.5)
        let text = JSONFormat.context(context.snapshot()).serialized
        #expect(text.contains(#""supplementary":{"footer":[[0,0]],"header":[[0,0],[2,0]]}"#))
        let object = try parseObject(text)
        #expect(object["invalidateEverything"] as? Bool == true)
        #expect(object["invalidateFlowLayoutDelegateMetrics"] as? Bool == false)
        #expect(object["invalidateFlowLayoutAttributes"] as? Bool == false)
        #expect(jsonNumbers(object["contentOffsetAdjustment"]) == [0, -12.5])
        #expect(object.count == 9)
    }

    // MARK: options and layouts

    @Test func optionsJSON() throws {
        let values: [String: LayoutOptionValue] = ["pinLimit": .word("nextHeader"), "maxStretchHeight": .number(120)]
        let text = JSONFormat.options(RenderTextTests.sampleOptions, values: values).serialized
        #expect(text.hasPrefix(#"{"options":[{"name":"pinLimit","type":"lastItem|sectionEnd|nextHeader","value":"nextHeader","default":"lastItem","allowsAutomatic":false,"help":"where a pinned header stops"},"#))
        let list = try #require(try parseObject(text)["options"] as? [[String: Any]])
        #expect(list.count == 3)
        #expect(list[1]["value"] is NSNull)          // stickyFooters has no current value given
        #expect(list[1]["default"] as? Bool == false)
        #expect(jsonNumber(list[2]["value"]) == 120)
        #expect(list[2]["default"] as? String == "auto")
        #expect(list[2]["allowsAutomatic"] as? Bool == true)
    }

    @Test func optionValues() {
        #expect(JSONFormat.optionValue(.size(CGSize(width: 100, height: 44))).serialized == "[100,44]")
        #expect(JSONFormat.optionValue(.insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))).serialized == "[1,2,3,4]")
        #expect(JSONFormat.optionValue(.bool(true)).serialized == "true")
    }

    @Test func layoutsJSON() {
        let rows = [(name: "flow-sticky", origin: "built-in", summary: "sticky \"headers\"")]
        #expect(JSONFormat.layouts(rows).serialized == #"{"layouts":[{"name":"flow-sticky","origin":"built-in","summary":"sticky \"headers\""}]}"#)
    }

    @Test func viewportJSON() throws {
        let text = JSONFormat.viewport(attributes: [header(0, 0, 0, 100, 10), cell(0, 0, 0, 10, 50, 50)],
                                       bounds: CGRect(x: 0, y: 300, width: 390, height: 844), contentSize: CGSize(width: 390, height: 4000)).serialized
        #expect(text.hasPrefix(#"{"bounds":[0,300,390,844],"contentSize":[390,4000],"elements":[{"category":"cell""#))
    }

    // MARK: events

    @Test func eventsAsJSON() throws {
        let phone = CGRect(x: 0, y: 0, width: 390, height: 844), scrolled = CGRect(x: 0, y: 300, width: 390, height: 844)
        #expect(JSONFormat.event(.shouldInvalidateAsked(currentBounds: phone, newBounds: scrolled, answer: true)).serialized
                == #"{"event":"shouldInvalidateLayout","currentBounds":[0,0,390,844],"newBounds":[0,300,390,844],"answer":true}"#)
        #expect(JSONFormat.event(.boundsChanged(from: phone, to: scrolled)).serialized
                == #"{"event":"boundsChanged","from":[0,0,390,844],"to":[0,300,390,844]}"#)
        #expect(JSONFormat.event(.prepared(elementsTouched: 2, sectionsComputed: 1)).serialized
                == #"{"event":"prepare","elementsTouched":2,"sectionsComputed":1}"#)
        #expect(JSONFormat.event(.contentSize(CGSize(width: 390, height: 4000))).serialized
                == #"{"event":"collectionViewContentSize","contentSize":[390,4000]}"#)
        #expect(JSONFormat.event(.updatesFinalized).serialized == #"{"event":"finalizeCollectionViewUpdates"}"#)

        let reload = CollectionViewLayoutInvalidationContext.everything(CollectionViewLayoutInvalidationContext.self).snapshot()
        let created = try parseObject(JSONFormat.event(.contextCreated(reload, reason: .reloadData)).serialized)
        #expect(created["event"] as? String == "invalidationContext")
        #expect(created["reason"] as? String == "reloadData")
        #expect(created["class"] as? String == "CollectionViewLayoutInvalidationContext")
        #expect((created["context"] as? [String: Any])?["invalidateEverything"] as? Bool == true)

        let updates = [
            CollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(item: NSNotFound, section: 2)),
            CollectionViewUpdateItem(action: .move, before: IndexPath(item: 4, section: 0), after: IndexPath(item: 0, section: 1)),
        ]
        #expect(JSONFormat.event(.updatesPrepared(updates)).serialized
                == #"{"event":"prepareForCollectionViewUpdates","updates":[{"action":"insert","target":"section","before":null,"after":2},{"action":"move","target":"item","before":[0,4],"after":[1,0]}]}"#)

        let appearing = try parseObject(JSONFormat.event(.appearing(.header(1), initial: nil)).serialized)
        #expect(appearing["event"] as? String == "initialLayoutAttributesForAppearing")
        #expect(appearing["kind"] as? String == "header")
        #expect(jsonNumbers(appearing["indexPath"]) == [1, 0])
        #expect(appearing["attributes"] is NSNull)

        let queried = try parseObject(JSONFormat.event(.elementsQueried(rect: scrolled, attributes: [cell(0, 1, 0, 0, 1, 1), cell(0, 0, 0, 0, 1, 1)].map { AttributesSnapshot($0) }, attributesCreated: 1)).serialized)
        #expect(jsonNumber(queried["count"]) == 2)
        #expect(jsonNumber(queried["attributesCreated"]) == 1)
        #expect((queried["elements"] as? [[String: Any]])?.map { jsonNumbers($0["indexPath"]) } == [[0, 0], [0, 1]])
    }

    /// The visible diff of a real scroll (RenderTraceTests.stickyScene scrolled to
    /// 0,50): item 0:2 appeared, 0:0 disappeared, header 0 and footer 0 changed.
    @Test func visibleDiffAsJSON() throws {
        let (cv, recorder) = try RenderTraceTests.stickyScene(itemCounts: [3])
        recorder.events.removeAll()
        try cv.setContentOffset(CGPoint(x: 0, y: 50))
        guard case .visibleChanged(let diff)? = recorder.events.last else {
            Issue.record("the last event of a scroll is the visible diff, got \(String(describing: recorder.events.last))")
            return
        }
        let object = try parseObject(JSONFormat.event(.visibleChanged(diff)).serialized)
        #expect((object["appeared"] as? [[String: Any]])?.map { jsonNumbers($0["indexPath"]) } == [[0, 2]])
        #expect((object["disappeared"] as? [[String: Any]])?.map { jsonNumbers($0["indexPath"]) } == [[0, 0]])
        let changed = try #require(object["changed"] as? [[String: Any]])
        #expect(changed.map { $0["kind"] as? String } == ["header", "footer"])
        #expect(jsonNumbers((changed[0]["from"] as? [String: Any])?["frame"]) == [0, 0, 100, 20])
        #expect(jsonNumbers((changed[0]["to"] as? [String: Any])?["frame"]) == [0, 50, 100, 20])
        #expect(jsonNumber((changed[0]["to"] as? [String: Any])?["alpha"]) == 0.5)
        #expect(jsonNumbers(changed[1]["oldIndexPath"]) == [0, 0])
    }
}
