import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// A column layout on the base class with one decoration view per section:
/// items are full-width rows 100 tall, sections follow each other without
/// gaps, and a "background" decoration (index path S:0, zIndex -1) spans the
/// union of its section's items (empty sections have none). It registers the
/// kind, answers layoutAttributesForDecorationView, and gives initial and
/// final attributes for appearing and disappearing backgrounds:
/// - initial: the new frame moved one width to the left (sliding in), alpha 0;
/// - final: the frame before the update, alpha 0, scaled to half.
final class SectionBackgroundLayout: CollectionViewLayout {
    static let kind = "background"
    static let rowHeight: CGFloat = 100

    var calls: [String] = []
    /// What indexPathsToInsert/DeleteFor{Decoration,Supplementary}View answer, by kind.
    var extraDecorationInserts: [String: [IndexPath]] = [:]
    var extraDecorationDeletes: [String: [IndexPath]] = [:]
    var extraSupplementaryInserts: [String: [IndexPath]] = [:]
    /// Whether bounds changes invalidate (naming the backgrounds of the sections in the new bounds).
    var invalidatesOnBoundsChange = false
    var contexts: [CollectionViewLayoutInvalidationContext] = []

    private var width: CGFloat = 0
    private var starts: [CGFloat] = []
    private var counts: [Int] = []
    /// The section frames of the previous prepare (before a batch update: before the update).
    private var previousSectionFrames: [CGRect?] = []
    private(set) var sectionFrames: [CGRect?] = []

    override init() {
        super.init()
        register(CollectionReusableView.self, forDecorationViewOfKind: Self.kind)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func prepare() {
        calls.append("prepare()")
        previousSectionFrames = sectionFrames
        guard let cv = collectionView else { return }
        width = cv.bounds.width
        counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
        var y: CGFloat = 0
        starts = []
        sectionFrames = []
        for n in counts {
            starts.append(y)
            sectionFrames.append(n > 0 ? CGRect(x: 0, y: y, width: width, height: CGFloat(n) * Self.rowHeight) : nil)
            y += CGFloat(n) * Self.rowHeight
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: width, height: (starts.last ?? 0) + CGFloat(counts.last ?? 0) * Self.rowHeight)
    }

    private func item(_ s: Int, _ i: Int) -> CollectionViewLayoutAttributes {
        let a = makeAttributes(forCellAt: .ip(s, i))
        a.frame = CGRect(x: 0, y: starts[s] + CGFloat(i) * Self.rowHeight, width: width, height: Self.rowHeight)
        return a
    }

    private func background(_ s: Int) -> CollectionViewLayoutAttributes? {
        guard s >= 0, s < sectionFrames.count, let frame = sectionFrames[s] else { return nil }
        let a = makeAttributes(forDecorationOfKind: Self.kind, at: .ip(s, 0))
        a.frame = frame
        a.zIndex = -1
        return a
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        var result: [CollectionViewLayoutAttributes] = []
        for s in counts.indices {
            for i in 0..<counts[s] {
                let a = item(s, i)
                if a.frame.overlaps(rect) { result.append(a) }
            }
            if let b = background(s), b.frame.overlaps(rect) { result.append(b) }
        }
        return result
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < counts.count, indexPath.item >= 0, indexPath.item < counts[indexPath.section] else { return nil }
        return item(indexPath.section, indexPath.item)
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard elementKind == Self.kind, indexPath.item == 0 else { return nil }
        return background(indexPath.section)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { invalidatesOnBoundsChange }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> CollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        let paths = sectionFrames.indices.filter { sectionFrames[$0]?.overlaps(newBounds) == true }.map { IndexPath.ip($0, 0) }
        context.invalidateDecorationElements(ofKind: Self.kind, at: paths)
        return context
    }

    override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        contexts.append(context)
        super.invalidateLayout(with: context)
    }

    override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        calls.append("prepare(forCollectionViewUpdates:)")
    }
    override func finalizeCollectionViewUpdates() {
        calls.append("finalizeCollectionViewUpdates()")
    }

    override func initialLayoutAttributesForAppearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        calls.append("initialLayoutAttributesForAppearingDecorationElement(ofKind: \(elementKind), at: \(decorationIndexPath.stk))")
        guard let a = layoutAttributesForDecorationView(ofKind: elementKind, at: decorationIndexPath) else { return nil }
        a.frame.origin.x -= width
        a.alpha = 0
        return a
    }

    override func finalLayoutAttributesForDisappearingDecorationElement(ofKind elementKind: String, at decorationIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        calls.append("finalLayoutAttributesForDisappearingDecorationElement(ofKind: \(elementKind), at: \(decorationIndexPath.stk))")
        let s = decorationIndexPath.section
        guard elementKind == Self.kind, s >= 0, s < previousSectionFrames.count, let frame = previousSectionFrames[s] else { return nil }
        let a = makeAttributes(forDecorationOfKind: elementKind, at: decorationIndexPath)
        a.frame = frame
        a.zIndex = -1
        a.alpha = 0
        a.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        return a
    }

    override func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] {
        calls.append("indexPathsToInsertForDecorationView(ofKind: \(elementKind))")
        return extraDecorationInserts[elementKind] ?? []
    }
    override func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] {
        calls.append("indexPathsToDeleteForDecorationView(ofKind: \(elementKind))")
        return extraDecorationDeletes[elementKind] ?? []
    }
    override func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] {
        calls.append("indexPathsToInsertForSupplementaryView(ofKind: \(elementKind))")
        return extraSupplementaryInserts[elementKind] ?? []
    }
}

extension ElementKey {
    static func background(_ section: Int) -> ElementKey {
        ElementKey(category: .decorationView, kind: SectionBackgroundLayout.kind, indexPath: .ip(section, 0))
    }
}

@Suite struct DecorationTests {
    func make(_ counts: [Int], size viewport: CGSize = size(390, 844)) throws -> (CollectionView, SectionBackgroundLayout) {
        let layout = SectionBackgroundLayout()
        let cv = try CollectionView(size: viewport, layout: layout, itemCounts: counts)
        layout.calls.removeAll()
        return (cv, layout)
    }

    /// The appearing and disappearing events, in order.
    func updateEvents(_ recorder: EventRecorder) -> [(String, ElementKey, AttributesSnapshot?)] {
        recorder.events.compactMap { e in
            switch e {
            case let .appearing(key, initial): return ("appearing", key, initial)
            case let .disappearing(key, final): return ("disappearing", key, final)
            default: return nil
            }
        }
    }

    @Test func registrationIsRecorded() throws {
        let layout = SectionBackgroundLayout()
        #expect(layout.registeredDecorationKinds == ["background"])
        layout.register(CollectionReusableView.self, forDecorationViewOfKind: "badge")
        #expect(layout.registeredDecorationKinds == ["background", "badge"])
        // nil unregisters, as in UIKit.
        layout.register(nil, forDecorationViewOfKind: "badge")
        #expect(layout.registeredDecorationKinds == ["background"])
    }

    @Test func decorationsAreVisibleAndAnswerRectQueries() throws {
        // Sections of 2, 3, 0 and 2 rows: 0..200, 200..500, (none), 500..700; all
        // inside 844. Section 2 is empty: no background.
        let (cv, layout) = try make([2, 3, 0, 2])
        let visible = cv.visibleAttributes
        #expect(visible.count == 7 + 3)
        #expect(visible[.background(0)]?.frame == rect(0, 0, 390, 200))
        #expect(visible[.background(1)]?.frame == rect(0, 200, 390, 300))
        #expect(visible[.background(2)] == nil)
        #expect(visible[.background(3)]?.frame == rect(0, 500, 390, 200))
        #expect(visible.values.filter { $0.representedElementCategory == .decorationView }.allSatisfy {
            $0.zIndex == -1 && $0.representedElementKind == "background"
        })
        // Items only in the visible items.
        #expect(cv.indexPathsForVisibleItems.count == 7)
        // A thin rect at y 250 meets item 1:0 (200..300) and section 1's background.
        let hits = (layout.layoutAttributesForElements(in: rect(0, 250, 390, 10)) ?? []).map(\.key)
        #expect(Set(hits) == [.cell(.ip(1, 0)), .background(1)])
        // Asked one by one.
        #expect(layout.layoutAttributes(for: .background(3))?.frame == rect(0, 500, 390, 200))
        #expect(layout.layoutAttributes(for: .background(2)) == nil)
        // A point covered by a background and an item is the item's.
        #expect(cv.indexPathForItem(at: CGPoint(x: 10, y: 250)) == .ip(1, 0))
    }

    @Test func decorationsComeAndGoWithScrolling() throws {
        // A view 100 tall at 450: 450..550 meets item 1:2 (400..500), item 3:0
        // (500..600) and the backgrounds of sections 1 (200..500) and 3 (500..700).
        let (cv, _) = try make([2, 3, 0, 2], size: size(390, 100))
        let recorder = cv.startRecording()
        try cv.setContentOffset(CGPoint(x: 0, y: 450))
        #expect(Set(cv.visibleAttributes.keys) == [.cell(.ip(1, 2)), .cell(.ip(3, 0)), .background(1), .background(3)])
        // Before: 0..100 met item 0:0 and background 0.
        let diff = try #require(recorder.lastDiff)
        #expect(Set(diff.appeared.map(\.key)) == [.cell(.ip(1, 2)), .cell(.ip(3, 0)), .background(1), .background(3)])
        #expect(Set(diff.disappeared.map(\.key)) == [.cell(.ip(0, 0)), .background(0)])
    }

    @Test func aContextNamingADecorationIsReported() throws {
        let (cv, layout) = try make([2, 3, 0, 2], size: size(390, 100))
        layout.invalidatesOnBoundsChange = true
        let recorder = cv.startRecording()
        try cv.setContentOffset(CGPoint(x: 0, y: 450))
        // The new bounds 450..550 meet the backgrounds of sections 1 and 3.
        let snapshot = try #require(recorder.contexts.first)
        #expect(snapshot.decoration == ["background": [.ip(1, 0), .ip(3, 0)]])
        #expect(snapshot.contains(.background(1)) && snapshot.contains(.background(3)))
        #expect(!snapshot.contains(.background(0)))
        #expect(snapshot.elementCount == 2 && !snapshot.isFullInvalidation)
        #expect(layout.contexts.last?.invalidatedDecorationIndexPaths == ["background": [.ip(1, 0), .ip(3, 0)]])
    }

    @Test func anInsertedSectionsBackgroundAppearsWithTheLayoutsInitialAttributes() throws {
        // Sections of 2 rows: 0..200, 200..400, 400..600. Insert a section of 2 at 1:
        // it takes 200..400; old sections 1 and 2 move down 200.
        let (cv, layout) = try make([2, 2, 2])
        let recorder = cv.startRecording()
        try cv.performBatchUpdates([.insertSection(1, itemCount: 2)])
        let events = updateEvents(recorder)
        #expect(events.map { "\($0.0) \($0.1)" } == [
            "appearing item 1:0", "appearing item 1:1", "appearing decoration background 1:0",
        ])
        // Initial: the new frame 0,200,390,200 one width to the left, transparent.
        let initial = try #require(events.last?.2)
        #expect(initial.frame == rect(-390, 200, 390, 200) && initial.alpha == 0 && initial.zIndex == -1)
        #expect(initial.key == .background(1))
        #expect(layout.calls.filter { $0.hasPrefix("initialLayoutAttributesForAppearingDecorationElement") }
                == ["initialLayoutAttributesForAppearingDecorationElement(ofKind: background, at: 1:0)"])
        // The old backgrounds of sections 1 and 2 are the same elements, moved.
        let diff = try #require(recorder.lastDiff)
        let moved = diff.changed.filter { $0.to.representedElementCategory == .decorationView }
        #expect(moved.map { "\($0.oldKey) -> \($0.key)" }.sorted() == [
            "decoration background 1:0 -> decoration background 2:0",
            "decoration background 2:0 -> decoration background 3:0",
        ])
        #expect(moved.allSatisfy { $0.to.frame.minY == $0.from.frame.minY + 200 })
    }

    @Test func aDeletedSectionsBackgroundDisappearsWithTheLayoutsFinalAttributes() throws {
        let (cv, layout) = try make([2, 2, 2])
        let recorder = cv.startRecording()
        try cv.performBatchUpdates([.deleteSection(1)])
        let events = updateEvents(recorder)
        #expect(events.map { "\($0.0) \($0.1)" } == [
            "disappearing item 1:0", "disappearing item 1:1", "disappearing decoration background 1:0",
        ])
        // Final: where section 1 was (200..400), transparent, at half scale.
        let final = try #require(events.last?.2)
        #expect(final.frame == rect(0, 200, 390, 200) && final.alpha == 0)
        #expect(final.transform == CGAffineTransform(scaleX: 0.5, y: 0.5))
        #expect(layout.calls.filter { $0.hasPrefix("finalLayoutAttributesForDisappearingDecorationElement") }
                == ["finalLayoutAttributesForDisappearingDecorationElement(ofKind: background, at: 1:0)"])
        #expect(cv.visibleAttributes[.background(1)]?.frame == rect(0, 200, 390, 200), "old section 2 is section 1 now")
        #expect(cv.visibleAttributes[.background(2)] == nil)
    }

    @Test func extraIndexPathsAreReportedOnce() throws {
        let (cv, layout) = try make([2, 2, 2])
        // Background 1:0 appears anyway (the inserted section): reported once.
        // Background 5:0 and badge 0:0 are extras; badge is registered, with
        // nothing on screen. Background 4:0 is an extra delete. Header 0 is an
        // extra supplementary insert.
        layout.register(CollectionReusableView.self, forDecorationViewOfKind: "badge")
        layout.extraDecorationInserts = ["background": [.ip(5, 0), .ip(1, 0)], "badge": [.ip(0, 0)]]
        layout.extraDecorationDeletes = ["background": [.ip(4, 0)]]
        layout.extraSupplementaryInserts = [ElementKind.sectionHeader: [.ip(0, 0)]]
        let recorder = cv.startRecording()
        try cv.performBatchUpdates([.insertSection(1, itemCount: 2)])
        let events = updateEvents(recorder)
        let badge = ElementKey(category: .decorationView, kind: "badge", indexPath: .ip(0, 0))
        #expect(events.map { "\($0.0) \($0.1)" } == [
            // The visible diff's, in key order.
            "appearing item 1:0", "appearing item 1:1", "appearing decoration background 1:0",
            // The extras, in key order: supplementary before decoration, then by index path.
            "appearing header 0", "appearing \(badge)", "appearing decoration background 5:0",
            "disappearing decoration background 4:0",
        ])
        // The layout has no section 5 or 4: no initial or final attributes.
        #expect(events.first { $0.1 == .background(5) }?.2 == nil)
        #expect(events.first { $0.1 == .background(4) }?.2 == nil)
        // Asked for every registered kind, after prepare(forCollectionViewUpdates:)
        // and before finalizeCollectionViewUpdates().
        let calls = layout.calls
        for kind in ["background", "badge"] {
            _ = try firstIndices(inOrder: ["prepare(forCollectionViewUpdates:)", "indexPathsToInsertForDecorationView(ofKind: \(kind))",
                                           "finalizeCollectionViewUpdates()"], of: calls)
            #expect(calls.contains("indexPathsToDeleteForDecorationView(ofKind: \(kind))"))
        }
        // Headers and footers are always asked, though this layout has none.
        #expect(calls.contains("indexPathsToInsertForSupplementaryView(ofKind: header)"))
        #expect(calls.contains("indexPathsToInsertForSupplementaryView(ofKind: footer)"))
    }

    @Test func anUnregisteredKindWithNothingOnScreenIsNotAsked() throws {
        let (cv, layout) = try make([2, 2, 2])
        layout.register(nil, forDecorationViewOfKind: "background")
        layout.extraDecorationInserts = ["badge": [.ip(0, 0)]]
        // Background is still on screen, so it is asked; badge never was registered.
        try cv.performBatchUpdates([.insertItem(.ip(0, 0))])
        #expect(layout.calls.contains("indexPathsToInsertForDecorationView(ofKind: background)"))
        #expect(!layout.calls.contains("indexPathsToInsertForDecorationView(ofKind: badge)"))
    }
}
