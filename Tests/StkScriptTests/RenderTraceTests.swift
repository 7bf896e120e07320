import Foundation
import LayoutKit
import StkTestSupport
import Testing
@testable import StkRender

/// A layout whose elements are a function of the collection view (its bounds
/// and data), so that tests can drive the real layout cycle and read real events.
final class ScriptedLayout: CollectionViewLayout {
    var elements: (ScriptedLayout, CollectionView) -> [CollectionViewLayoutAttributes] = { _, _ in [] }

    convenience init(_ elements: @escaping (ScriptedLayout, CollectionView) -> [CollectionViewLayoutAttributes]) {
        self.init()
        self.elements = elements
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 1000) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        guard let cv = collectionView else { return nil }
        return elements(self, cv).filter { $0.frame.overlaps(rect) }
    }
}

extension EventRecorder {
    /// The recorded events as the trace prints them.
    var lines: [String] { events.flatMap(TraceFormat.lines(for:)) }
}

@Suite struct RenderTraceTests {
    static let phone = CGRect(x: 0, y: 0, width: 390, height: 844)
    static let scrolled = CGRect(x: 0, y: 300, width: 390, height: 844)

    static func flowSnapshot(_ configure: (CollectionViewFlowLayoutInvalidationContext) -> Void = { _ in }) -> InvalidationContextSnapshot {
        let context = CollectionViewFlowLayoutInvalidationContext()
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateFlowLayoutAttributes = false
        configure(context)
        return context.snapshot()
    }

    static func line(_ event: LayoutCycleEvent) -> String { TraceFormat.lines(for: event).joined(separator: "\n") }

    @Test func boundsChangePhases() {
        #expect(Self.line(.shouldInvalidateAsked(currentBounds: Self.phone, newBounds: Self.scrolled, answer: true))
                == "shouldInvalidateLayout(forBoundsChange: 0,300,390,844) -> true   [bounds still 0,0,390,844]")
        let headers = Self.flowSnapshot { $0.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 0)]) }
        #expect(Self.line(.contextCreated(headers, reason: .boundsChange))
                == "invalidationContext(forBoundsChange:) -> CollectionViewFlowLayoutInvalidationContext: header=0:0,1:0")
        #expect(Self.line(.invalidated(headers)) == "invalidateLayout(with:)")
        #expect(Self.line(.boundsChanged(from: Self.phone, to: Self.scrolled)) == "bounds 0,0,390,844 -> 0,300,390,844")
        #expect(Self.line(.prepared(elementsTouched: 2, sectionsComputed: 0)) == "prepare()  (touched 2, sections 0)")
        #expect(Self.line(.contentSize(CGSize(width: 390, height: 4000))) == "collectionViewContentSize -> 390x4000")
        let three = [cell(0, 0, 0, 0, 50, 50), cell(0, 1, 60, 0, 50, 50), header(0, 0, 0, 390, 30)]
        #expect(Self.line(.elementsQueried(rect: Self.scrolled, attributes: three.map { AttributesSnapshot($0) }, attributesCreated: 2))
                == "layoutAttributesForElements(in: 0,300,390,844) -> 3 elements (2 created)")
        #expect(Self.line(.elementsQueried(rect: Self.scrolled, attributes: [AttributesSnapshot(three[0])], attributesCreated: 0))
                == "layoutAttributesForElements(in: 0,300,390,844) -> 1 element (0 created)")
    }

    /// A measured element is a cell by its index path, a header or footer by its name.
    @Test func measuredElementsAreNamed() {
        let small = CGRect(x: 0, y: 0, width: 100, height: 50), large = CGRect(x: 0, y: 0, width: 100, height: 80)
        #expect(Self.line(.preferredAttributesAsked(.cell(IndexPath(item: 1, section: 0)), original: small, preferred: large, answer: true))
                == "cell 0:1 wants 100x80 (has 100x50): shouldInvalidateLayout(forPreferredLayoutAttributes:) -> true")
        #expect(Self.line(.preferredAttributesAsked(.header(2), original: small, preferred: large, answer: false))
                == "header 2 wants 100x80 (has 100x50): shouldInvalidateLayout(forPreferredLayoutAttributes:) -> false")
    }

    /// Every part of a context summary, and the reasons other than a bounds change.
    @Test func contextSummaries() {
        let everything = CollectionViewLayoutInvalidationContext.everything(CollectionViewFlowLayoutInvalidationContext.self)
        #expect(Self.line(.contextCreated(everything.snapshot(), reason: .reloadData))
                == "context (reloadData) -> CollectionViewFlowLayoutInvalidationContext: everything flowDelegateMetrics flowAttributes")
        let mixed = Self.flowSnapshot {
            $0.invalidateItems(at: [IndexPath(item: 3, section: 0)])
            $0.invalidateDecorationElements(ofKind: "background", at: [IndexPath(item: 0, section: 2)])
            $0.contentOffsetAdjustment = CGPoint(x: 0, y: 10)
            $0.contentSizeAdjustment = CGSize(width: 0, height: -20)
        }
        #expect(TraceFormat.contextSummary(mixed)
                == "CollectionViewFlowLayoutInvalidationContext: items=0:3 decoration:background=2:0 offsetAdjustment=0,10 sizeAdjustment=0x-20")
        let empty = CollectionViewLayoutInvalidationContext()
        #expect(Self.line(.contextCreated(empty.snapshot(), reason: .layoutRequest))
                == "context (layout request) -> CollectionViewLayoutInvalidationContext: nothing")
    }

    /// A list is cut at 48 characters: 0:0..0:9 take 10*3 + 9 commas = 39, ",0:10"
    /// makes 44, ",0:11" would make 49; so 11 shown, 89 more. The whole line
    /// would be 150 characters, so it breaks before ` -> `.
    @Test func longListsAreSummarisedAndLongLinesBroken() {
        let many = Self.flowSnapshot { $0.invalidateItems(at: (0..<100).map { IndexPath(item: $0, section: 0) }) }
        let shown = (0...10).map { "0:\($0)" }.joined(separator: ",")
        #expect(TraceFormat.lines(for: .contextCreated(many, reason: .boundsChange)) == [
            "invalidationContext(forBoundsChange:)",
            "    -> CollectionViewFlowLayoutInvalidationContext: items=\(shown) … and 89 more",
        ])
        for line in TraceFormat.lines(for: .contextCreated(many, reason: .boundsChange)) {
            #expect(line.count <= TraceFormat.lineLimit)
        }
    }

    /// Updates in the order given (the driver passes UIKit's order); cut at 64
    /// characters: "delete item 0:3" (15) + ", insert item 0:1" (17) + ", insert
    /// section 2" (18) = 50; adding ", move item 0:4 to 1:0" (22) would make 72.
    @Test func batchUpdatePhases() {
        let updates = [
            CollectionViewUpdateItem(action: .delete, before: IndexPath(item: 3, section: 0), after: nil),
            CollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(item: 1, section: 0)),
            CollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(item: NSNotFound, section: 2)),
            CollectionViewUpdateItem(action: .move, before: IndexPath(item: 4, section: 0), after: IndexPath(item: 0, section: 1)),
        ]
        #expect(Self.line(.updatesPrepared(updates))
                == "prepare(forCollectionViewUpdates: [delete item 0:3, insert item 0:1, insert section 2 … and 1 more])")
        #expect(Self.line(.updatesPrepared(Array(updates.prefix(3))))
                == "prepare(forCollectionViewUpdates: [delete item 0:3, insert item 0:1, insert section 2])")

        let initial = cell(0, 3, 0, 150, 50, 50)
        initial.alpha = 0
        #expect(Self.line(.appearing(.cell(IndexPath(item: 3, section: 0)), initial: AttributesSnapshot(initial)))
                == "initialLayoutAttributesForAppearingItem(at: 0:3) -> frame=0,150,50,50 zIndex=0 alpha=0 hidden=false")
        #expect(Self.line(.disappearing(.cell(IndexPath(item: 3, section: 0)), final: nil))
                == "finalLayoutAttributesForDisappearingItem(at: 0:3) -> nil")
        #expect(Self.line(.appearing(.header(1), initial: nil))
                == "initialLayoutAttributesForAppearingSupplementaryElement(ofKind: header, at: 1:0) -> nil")
        // 81 + 4 + 50 = 135 characters in one line: broken in two.
        #expect(TraceFormat.lines(for: .disappearing(.header(1), final: AttributesSnapshot(header(1, 0, 300, 390, 30)))) == [
            "finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: header, at: 1:0)",
            "    -> frame=0,300,390,30 zIndex=1 alpha=1 hidden=false",
        ])
        let decoration = ElementKey(category: .decorationView, kind: "background", indexPath: IndexPath(item: 0, section: 2))
        #expect(Self.line(.appearing(decoration, initial: nil))
                == "initialLayoutAttributesForAppearingDecorationElement(ofKind: background, at: 2:0) -> nil")
        #expect(Self.line(.updatesFinalized) == "finalizeCollectionViewUpdates()")
    }

    /// Three items 50x50 at y = 60*i, a header that follows the offset and fades in
    /// over 100 points (pinned once scrolled), a footer at 0,90,100,10 whose
    /// zIndex rises once scrolled. Viewport 100x100.
    static func stickyScene(itemCounts: [Int]) throws -> (CollectionView, EventRecorder) {
        let layout = ScriptedLayout { layout, cv in
            let offset = cv.contentOffset.y
            let itemCount = cv.numberOfSections > 0 ? cv.numberOfItems(inSection: 0) : 0
            var elements = (0..<itemCount).map { i -> CollectionViewLayoutAttributes in
                let a = layout.makeAttributes(forCellAt: IndexPath(item: i, section: 0))
                a.frame = CGRect(x: 0, y: CGFloat(60 * i), width: 50, height: 50)
                return a
            }
            let h = layout.makeAttributes(forSupplementaryOfKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))
            h.frame = CGRect(x: 0, y: max(0, offset), width: 100, height: 20)
            h.alpha = min(max(offset / 100, 0), 1)
            h.isHidden = h.alpha == 0
            h.isPinned = offset > 0
            h.zIndex = 1
            let f = layout.makeAttributes(forSupplementaryOfKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: 0))
            f.frame = CGRect(x: 0, y: 90, width: 100, height: 10)
            f.zIndex = offset > 0 ? 2 : 1
            elements += [h, f]
            return elements
        }
        return try scene(layout, itemCounts: itemCounts)
    }

    /// `layout` in a 100x100 collection view holding `itemCounts`, and a
    /// recorder that has seen it load.
    static func scene(_ layout: CollectionViewLayout, itemCounts: [Int]) throws -> (CollectionView, EventRecorder) {
        let cv = CollectionView(size: CGSize(width: 100, height: 100), layout: layout)
        let recorder = cv.startRecording()
        try cv.reloadData(itemCounts: itemCounts)
        return (cv, recorder)
    }

    /// The trace lines of `change` alone: what `recorder` saw before is dropped.
    static func traceLines(_ recorder: EventRecorder, of change: () throws -> Void) rethrows -> [String] {
        recorder.events.removeAll()
        try change()
        return recorder.lines
    }

    /// A change to the sticky scene of three items, and the trace it reads as.
    struct CycleCase: Sendable, CustomTestStringConvertible {
        var name: String
        var change: @Sendable (CollectionView) throws -> Void
        var lines: [String]
        var testDescription: String { name }
    }

    static let cycleCases: [CycleCase] = [
        // Scrolling to 0,50: item 0:0 (y 0..50) leaves (touching is not overlapping),
        // item 0:2 (y 120..170) arrives, the header moves to y 50 with alpha 50/100,
        // and the footer only changes zIndex. 3 cells + 2 supplementary views are
        // made per query: 5 created; 4 are visible (0:1, 0:2, header, footer).
        CycleCase(name: "a real scroll", change: { try $0.setContentOffset(CGPoint(x: 0, y: 50)) }, lines: [
            "shouldInvalidateLayout(forBoundsChange: 0,50,100,100) -> true   [bounds still 0,0,100,100]",
            "invalidationContext(forBoundsChange:) -> CollectionViewLayoutInvalidationContext: nothing",
            "invalidateLayout(with:)",
            "bounds 0,0,100,100 -> 0,50,100,100",
            "prepare()  (touched 0, sections 0)",
            "collectionViewContentSize -> 100x1000",
            "layoutAttributesForElements(in: 0,50,100,100) -> 4 elements (5 created)",
            "appeared: item 0:2",
            "disappeared: item 0:0",
            "moved: header 0 0,0,100,20 -> 0,50,100,20; alpha 0 -> 0.5; hidden true -> false; pinned false -> true",
            "changed: footer 0 zIndex 1 -> 2",
        ]),
        // Inserting item 0:0: the old 0:0 is now 0:1 at y 60 (moved, and named by
        // both keys), the old 0:1 is now 0:2 at y 120, outside the 100-point
        // viewport (disappeared, under its old key); the new 0:0 appeared. The base
        // layout gives no initial or final attributes (nil).
        CycleCase(name: "a real batch update", change: { try $0.performBatchUpdates([.insertItem(IndexPath(item: 0, section: 0))]) }, lines: [
            "context (batch updates) -> CollectionViewLayoutInvalidationContext: dataSourceCounts",
            "invalidateLayout(with:)",
            "prepare()  (touched 0, sections 0)",
            "collectionViewContentSize -> 100x1000",
            "prepare(forCollectionViewUpdates: [insert item 0:0])",
            "layoutAttributesForElements(in: 0,0,100,100) -> 4 elements (6 created)",
            "initialLayoutAttributesForAppearingItem(at: 0:0) -> nil",
            "finalLayoutAttributesForDisappearingItem(at: 0:1) -> nil",
            "finalizeCollectionViewUpdates()",
            "appeared: item 0:0",
            "disappeared: item 0:1",
            "moved: item 0:1 (was item 0:0) 0,0,50,50 -> 0,60,50,50",
            "targetContentOffset(forProposedContentOffset: 0,0) -> 0,0",
        ]),
    ]

    /// A real change of the scene reads as the layout cycle it ran.
    @Test(arguments: cycleCases)
    func aRealChangeReadsAsTheLayoutCycle(_ cycleCase: CycleCase) throws {
        let (cv, recorder) = try Self.stickyScene(itemCounts: [3])
        #expect(try Self.traceLines(recorder) { try cycleCase.change(cv) } == cycleCase.lines)
    }

    @Test func anUnchangedVisibleSet() throws {
        let (cv, recorder) = try Self.stickyScene(itemCounts: [1])
        try cv.setContentOffset(CGPoint(x: 0, y: 50))
        // This layout places everything by the vertical offset only: a sideways
        // scroll changes nothing visible.
        #expect(try Self.traceLines(recorder) { try cv.setContentOffset(CGPoint(x: 1, y: 50)) }.last == "visible: unchanged")
    }

    /// 12 cells that all follow the offset: 10 change lines, then a count of the rest.
    @Test func manyChangesAreCapped() throws {
        let layout = ScriptedLayout { layout, cv in
            (0..<12).map { i in
                let a = layout.makeAttributes(forCellAt: IndexPath(item: i, section: 0))
                a.frame = CGRect(x: CGFloat(8 * i), y: cv.contentOffset.y, width: 8, height: 8)
                return a
            }
        }
        let (cv, recorder) = try Self.scene(layout, itemCounts: [12])
        let diffLines = Array(try Self.traceLines(recorder) { try cv.setContentOffset(CGPoint(x: 0, y: 10)) }.suffix(11))
        #expect(diffLines.first == "moved: item 0:0 0,0,8,8 -> 0,10,8,8")
        #expect(diffLines[9] == "moved: item 0:9 72,0,8,8 -> 72,10,8,8")
        #expect(diffLines.last == "… and 2 more changed")
    }

    /// 30 full-width cells 10 points tall in a 100-point viewport: 0:0..0:9 are
    /// visible; at offset 200, 0:20..0:29 are. "item 0:20" is 9 characters, so n
    /// names with ", " between take 11n - 2: 8 fit in 90 (86), 9 would take 97.
    /// "item 0:0" is 8: 10n - 2, so 9 fit (88) and 10 would take 98.
    @Test func longElementListsAreSummarised() throws {
        let layout = ScriptedLayout { layout, _ in
            (0..<30).map { i in
                let a = layout.makeAttributes(forCellAt: IndexPath(item: i, section: 0))
                a.frame = CGRect(x: 0, y: CGFloat(10 * i), width: 100, height: 10)
                return a
            }
        }
        let (cv, recorder) = try Self.scene(layout, itemCounts: [30])
        let lines = try Self.traceLines(recorder) { try cv.setContentOffset(CGPoint(x: 0, y: 200)) }
        #expect(Array(lines.suffix(2)) == [
            "appeared: " + (20...27).map { "item 0:\($0)" }.joined(separator: ", ") + " … and 2 more",
            "disappeared: item 0:0, item 0:1, item 0:2, item 0:3, item 0:4, item 0:5, item 0:6, item 0:7, item 0:8 … and 1 more",
        ])
        for line in lines { #expect(line.count <= TraceFormat.lineLimit) }
    }
}
