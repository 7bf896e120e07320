import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// Orthogonal rows, visible-items handlers and the compositional layout's
/// invalidation (SEMANTICS.md, "Compositional layout": "Orthogonal sections",
/// the visible-items handler, "Invalidation").
///
/// The orthogonal layout: section 0 and 2 are rows of 50 (4 items: 200 high);
/// section 1 scrolls on its own: a group .fractionalWidth(0.85) x .absolute(200)
/// of one item, section insets leading/trailing 20, interGroupSpacing 10.
/// Its container is 390 - 40 = 350 wide: a group is 0.85 x 350 = 297.5 wide;
/// the pitch is 297.5 + 10 = 307.5; group g lies at x = 20 + 307.5 g - rowOffset,
/// y = 200 (section 1 starts after section 0's 200). With 5 items the row is
/// 20 + 5 x 297.5 + 4 x 10 + 20 = 1567.5 long: the offset ranges over
/// 0 ... 1567.5 - 390 = 1177.5.
@Suite struct CompositionalOrthogonalTests {

    static let pitch: CGFloat = 307.5
    static let maxOffset: CGFloat = 1177.5

    final class Box: @unchecked Sendable {
        var offsets: [CGPoint] = []
        var frames: [IndexPath: CGRect] = [:]
        var calls = 0
    }

    /// `configure` sets what else the row's section needs.
    func orthogonalLayout(_ behavior: OrthogonalScrollingBehavior = .groupPaging,
                          handler: CollectionLayoutSectionVisibleItemsInvalidationHandler? = nil,
                          configure: @escaping (CollectionLayoutSection) -> Void = { _ in }) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout(sectionProvider: { s, _ in
            guard s == 1 else { return CL.rows(50) }
            let item = CL.item(.fractionalWidth(1), .fractionalHeight(1))
            let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(0.85), .absolute(200)), subitems: [item])
            let section = CollectionLayoutSection(group: group)
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = behavior
            section.visibleItemsInvalidationHandler = handler
            configure(section)
            return section
        })
    }

    func row(_ layout: CollectionViewCompositionalLayout, _ item: Int) -> CGRect? { layout.cell(1, item) }

    @Test func groupsLieInOneRowShiftedByTheRowsOffset() throws {
        let layout = orthogonalLayout()
        let cv = try compositionalView(layout, [4, 5, 4])
        // Offset 0: x = 20 + 307.5 g.
        #expect(near(row(layout, 0), rect(20, 200, 297.5, 200)))
        #expect(near(row(layout, 1), rect(327.5, 200, 297.5, 200)))
        #expect(near(row(layout, 4), rect(1250, 200, 297.5, 200)))
        // The section is as high as its group: section 2 starts at 400.
        #expect(layout.cell(2, 0) == rect(0, 400, 390, 50))
        #expect(layout.collectionViewContentSize == size(390, 600))
        #expect(layout.orthogonalOffset(ofSection: 1) == 0)
        #expect(layout.orthogonalOffset(ofSection: 0) == nil)
        #expect(near(try layout.orthogonalOffsetRange(ofSection: 1).upperBound, Self.maxOffset))

        // Scrolled to 100: every frame of the row moves by -100 along x.
        try cv.scrollOrthogonalSection(1, to: 100)
        #expect(layout.orthogonalOffset(ofSection: 1) == 100)
        #expect(near(row(layout, 0), rect(-80, 200, 297.5, 200)))
        #expect(near(row(layout, 1), rect(227.5, 200, 297.5, 200)))
        #expect(near(row(layout, 2), rect(535, 200, 297.5, 200)))
        // The other sections do not move.
        #expect(layout.cell(0, 0) == rect(0, 0, 390, 50) && layout.cell(2, 0) == rect(0, 400, 390, 50))
        // What is visible of the row: items 0 (-80 ..< 217.5) and 1 (227.5 ..< 525).
        let visibleRow = cv.visibleAttributes.keys.filter { $0.section == 1 }.map(\.item).sorted()
        #expect(visibleRow == [0, 1])
        #expect(near(cv.visibleAttributes[.cell(.ip(1, 1))]?.frame, rect(227.5, 200, 297.5, 200)))

        // Clamped to [0, 1177.5]: item 4 then ends at 1250 + 297.5 - 1177.5 = 370 (the trailing inset 20 to 390).
        try cv.scrollOrthogonalSection(1, to: 5000)
        #expect(near(layout.orthogonalOffset(ofSection: 1), Self.maxOffset))
        #expect(near(row(layout, 4), rect(72.5, 200, 297.5, 200)))
        try cv.scrollOrthogonalSection(1, to: -50)
        #expect(layout.orthogonalOffset(ofSection: 1) == 0)

        // A section that does not scroll orthogonally is refused, naming why.
        let error = collectionViewError { try cv.scrollOrthogonalSection(0, to: 10) }
        #expect(error?.message.contains("does not scroll orthogonally") == true)
    }

    /// `scrollToItem` brings an item of a row into view in the row too, as
    /// UIKit scrolls the section's embedded scroll view (a carousel opened at
    /// its second card). Item 2 lies at 20 + 2 x 307.5 = 635 in the row:
    /// leading edge (top) offset 635; centred 635 + 297.5 / 2 - 195 = 588.75;
    /// trailing edge (bottom) 635 + 297.5 - 390 = 542.5. Item 4 centred
    /// would be 1250 + 148.75 - 195 = 1203.75, clamped to 1177.5. The view
    /// scrolls to the row as for any item: clamped to its range of 0 ... 0
    /// (600 of content in 844), it stays at 0.
    @Test func scrollingToAnItemOfARowScrollsTheRow() throws {
        let layout = orthogonalLayout()
        let cv = try compositionalView(layout, [4, 5, 4])
        try cv.scrollToItem(at: .ip(1, 2), position: .top)
        #expect(near(layout.orthogonalOffset(ofSection: 1), 635))
        #expect(near(row(layout, 2), rect(0, 200, 297.5, 200)))
        try cv.scrollToItem(at: .ip(1, 2), position: .center)
        #expect(near(layout.orthogonalOffset(ofSection: 1), 588.75))
        try cv.scrollToItem(at: .ip(1, 2), position: .bottom)
        #expect(near(layout.orthogonalOffset(ofSection: 1), 542.5))
        try cv.scrollToItem(at: .ip(1, 4), position: .center)
        #expect(near(layout.orthogonalOffset(ofSection: 1), Self.maxOffset))
        #expect(cv.contentOffset == .zero)
        // An item of a section that scrolls with the view leaves the rows alone.
        try cv.scrollToItem(at: .ip(2, 0), position: .top)
        #expect(near(layout.orthogonalOffset(ofSection: 1), Self.maxOffset))
    }

    @Test func theRowKeepsItsOffsetAcrossAVerticalScrollAndAResize() throws {
        let layout = orthogonalLayout()
        let cv = try compositionalView(layout, [4, 5, 4])
        try cv.scrollOrthogonalSection(1, to: 100)
        try cv.setContentOffset(CGPoint(x: 0, y: 50))
        #expect(near(row(layout, 1), rect(227.5, 200, 297.5, 200)))
        // A size change rebuilds; the row keeps its offset (clamped to the new range).
        try cv.setBoundsSize(size(390, 700))
        #expect(layout.orthogonalOffset(ofSection: 1) == 100)
        #expect(near(row(layout, 1), rect(227.5, 200, 297.5, 200)))
    }

    @Test func anOrthogonalSectionsHeaderDoesNotScrollWithItsRow() throws {
        // The row with a 30 header: the section is 30 + 200 high (section 2 at 430);
        // the header follows the section's insets: (20, 200, 350, 30); the groups
        // start at y 230. Scrolling the row by 100 moves the groups, not the header.
        let layout = CollectionViewCompositionalLayout(sectionProvider: { s, _ in
            guard s == 1 else { return CL.rows(50) }
            let item = CL.item(.fractionalWidth(1), .fractionalHeight(1))
            let section = CollectionLayoutSection(group: .horizontal(layoutSize: CL.size(.fractionalWidth(0.85), .absolute(200)), subitems: [item]))
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = .continuous
            section.boundarySupplementaryItems = [CL.header(30)]
            return section
        })
        let cv = try compositionalView(layout, [4, 5, 4])
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(20, 200, 350, 30))
        #expect(near(row(layout, 1), rect(327.5, 230, 297.5, 200)))
        #expect(layout.cell(2, 0) == rect(0, 430, 390, 50))
        try cv.scrollOrthogonalSection(1, to: 100)
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(20, 200, 350, 30))
        #expect(near(row(layout, 1), rect(227.5, 230, 297.5, 200)))
    }

    struct FlingCase: Sendable, CustomTestStringConvertible {
        var behavior: OrthogonalScrollingBehavior
        var from: CGFloat
        var velocity: CGFloat
        var rest: CGFloat
        var testDescription: String { "\(behavior.name) from \(from) at \(velocity)" }
    }

    // r = 0.998: the projection is from + v / 1000 x 0.998 / 0.002 = from + 0.499 v.
    // Pitch 307.5; visible width 390; the largest offset 1177.5.
    // Centred paging adds (350 - 297.5) / 2 = 26.25 at each end of the row (UIKit:
    // "additional leading and trailing content insets to center each group"), so
    // group g is centred at 20 + 26.25 + 307.5 g + 297.5 / 2 - 390 / 2 = 307.5 g,
    // and the row is 20 + 26.25 + 1527.5 + 26.25 + 20 = 1620 long: the last group
    // centres at 1230, the largest offset.
    static let flingCases: [FlingCase] = [
        FlingCase(behavior: .continuous, from: 0, velocity: 1000, rest: 499),          // 0 + 499
        FlingCase(behavior: .continuous, from: 100, velocity: 1000, rest: 599),        // 100 + 499
        FlingCase(behavior: .continuous, from: 0, velocity: 5000, rest: 1177.5),       // 2495, clamped
        FlingCase(behavior: .continuous, from: 300, velocity: -1000, rest: 0),         // -199, clamped
        FlingCase(behavior: .continuousGroupLeadingBoundary, from: 0, velocity: 1000, rest: 615),  // 499 / 307.5 = 1.62 -> 2 x 307.5
        FlingCase(behavior: .continuousGroupLeadingBoundary, from: 0, velocity: 400, rest: 307.5), // 199.6 -> 0.65 -> 1
        FlingCase(behavior: .continuousGroupLeadingBoundary, from: 0, velocity: 3000, rest: 1177.5), // 1497 -> 4.87 -> 5 (last group 4: 1230), clamped
        FlingCase(behavior: .paging, from: 0, velocity: 500, rest: 390),               // the next page
        FlingCase(behavior: .paging, from: 390, velocity: 500, rest: 780),
        FlingCase(behavior: .paging, from: 500, velocity: -500, rest: 390),            // the page before 500
        FlingCase(behavior: .paging, from: 1000, velocity: 500, rest: 1170),           // 3 x 390 <= 1177.5
        FlingCase(behavior: .groupPaging, from: 0, velocity: 500, rest: 307.5),        // the next group
        FlingCase(behavior: .groupPaging, from: 100, velocity: 500, rest: 307.5),
        FlingCase(behavior: .groupPaging, from: 307.5, velocity: 500, rest: 615),
        FlingCase(behavior: .groupPaging, from: 400, velocity: -500, rest: 307.5),     // the group before 400
        FlingCase(behavior: .groupPaging, from: 200, velocity: 0, rest: 307.5),        // the nearest (0.65 -> 1)
        FlingCase(behavior: .groupPagingCentered, from: 0, velocity: 500, rest: 307.5),    // group 1 centred
        FlingCase(behavior: .groupPagingCentered, from: 307.5, velocity: 500, rest: 615),  // group 2
        FlingCase(behavior: .groupPagingCentered, from: 307.5, velocity: -500, rest: 0),   // group 0, centred too
        FlingCase(behavior: .groupPagingCentered, from: 922.5, velocity: 500, rest: 1230), // group 4, the last, centred
    ]

    @Test(arguments: flingCases)
    func aFlungRowRestsWhereItsBehaviourSays(_ c: FlingCase) throws {
        let layout = orthogonalLayout(c.behavior)
        let cv = try compositionalView(layout, [4, 5, 4])
        if c.from != 0 { try cv.scrollOrthogonalSection(1, to: c.from) }
        #expect(near(layout.orthogonalOffset(ofSection: 1), c.from))
        #expect(near(try layout.orthogonalRestingOffset(ofSection: 1, velocity: c.velocity, decelerationRate: 0.998), c.rest, tolerance: 1e-6))
        try cv.flingOrthogonalSection(1, velocity: c.velocity, steps: 4)
        #expect(near(layout.orthogonalOffset(ofSection: 1), c.rest, tolerance: 1e-6))
        // The frames follow: group 1 at 327.5 - rest (353.75 - rest with centred paging's inset).
        let start: CGFloat = c.behavior == .groupPagingCentered ? 353.75 : 327.5
        #expect(near(row(layout, 1), rect(start - c.rest, 200, 297.5, 200), tolerance: 1e-6))
        // The row in centred paging: the group rests with its centre at the middle of the view.
        if c.behavior == .groupPagingCentered {
            let g = Int((c.rest / Self.pitch).rounded())
            #expect(near(row(layout, g)?.midX, 195))
        }
    }

    /// iOS 17: a section's own deceleration rate decides a fling of its row.
    /// Continuous, from 0 at 1000 points a second: at the collection view's
    /// 0.998, 0 + 1000 / 1000 x 0.998 / 0.002 = 499; at the section's .fast
    /// (0.99), 1000 / 1000 x 0.99 / 0.01 = 99. Bounce changes nothing.
    @Test func aSectionsOwnDecelerationRateDecidesWhereItsRowRests() throws {
        let layout = orthogonalLayout(.continuous, configure: { section in
            section.orthogonalScrollingProperties.decelerationRate = .fast
            section.orthogonalScrollingProperties.bounce = .never
        })
        let cv = try compositionalView(layout, [4, 5, 4])
        try cv.flingOrthogonalSection(1, velocity: 1000, steps: 4)
        #expect(near(layout.orthogonalOffset(ofSection: 1), 99, tolerance: 1e-6))
        let automatic = orthogonalLayout(.continuous)
        let cv2 = try compositionalView(automatic, [4, 5, 4])
        try cv2.flingOrthogonalSection(1, velocity: 1000, steps: 4)
        #expect(near(automatic.orthogonalOffset(ofSection: 1), 499, tolerance: 1e-6))
    }

    @Test func anOrthogonalScrollWithoutAHandlerInvalidatesNothing() throws {
        let layout = orthogonalLayout()
        let cv = try compositionalView(layout, [4, 5, 4])
        let recorder = cv.startRecording()
        try cv.scrollOrthogonalSection(1, to: 100)
        // No context, no invalidation, no prepare: only the query, which sees the moved row.
        #expect(!recorder.names.contains("contextCreated"))
        #expect(!recorder.names.contains("invalidated"))
        #expect(!recorder.names.contains("prepared"))
        #expect(recorder.names.contains("elementsQueried"))
        #expect(near(cv.visibleAttributes[.cell(.ip(1, 0))]?.frame, rect(-80, 200, 297.5, 200)))
    }

    @Test func anOrthogonalScrollWithAHandlerNamesExactlyThatSectionsVisibleItems() throws {
        let layout = orthogonalLayout(handler: { _, _, _ in })
        let cv = try compositionalView(layout, [4, 5, 4])
        let recorder = cv.startRecording()
        try cv.scrollOrthogonalSection(1, to: 100)
        // Visible after the move: items 0 (-80 ..< 217.5) and 1 (227.5 ..< 525) of section 1.
        #expect(recorder.contexts.count == 1)
        let context = try #require(recorder.contexts.first)
        #expect(!context.isFullInvalidation)
        #expect(context.items == [.ip(1, 0), .ip(1, 1)])
        #expect(context.supplementary.isEmpty && context.decoration.isEmpty)
    }

    /// A rect query of a row must return a badge that hangs before its item's
    /// leading edge. Was an engine bug (fixed): the row's group range for a rect is computed from
    /// the groups' extents along the row, without the reach of their supplementaries
    /// before a group's start, so the badge is missed.
    @Test func aRowsQueryFindsABadgeHangingBeforeItsGroup() throws {
        // The carousel with a badge anchored [.top, .leading], offset (-0.3, -0.3) of
        // 20 x 20: on item 1 at (327.5, 200) it lies at (327.5 - 6, 200 - 6) = (321.5, 194).
        let badge = CollectionLayoutSupplementaryItem(layoutSize: CL.size(.absolute(20), .absolute(20)), elementKind: "badge",
                                                      containerAnchor: CollectionLayoutAnchor(edges: [.top, .leading], fractionalOffset: CGPoint(x: -0.3, y: -0.3)))
        let layout = CollectionViewCompositionalLayout(sectionProvider: { s, _ in
            guard s == 1 else { return CL.rows(50) }
            let item = CL.item(.fractionalWidth(1), .fractionalHeight(1), supplementaries: [badge])
            let section = CollectionLayoutSection(group: .horizontal(layoutSize: CL.size(.fractionalWidth(0.85), .absolute(200)), subitems: [item]))
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = .continuous
            return section
        })
        let cv = try compositionalView(layout, [4, 5, 4])
        defer { withExtendedLifetime(cv) {} }
        #expect(near(layout.supplementary("badge", 1, 1)?.frame, rect(321.5, 194, 20, 20)))
        // x 322 ..< 325, y 202 ..< 207: only that badge (item 0 ends at 317.5, item 1 starts at 327.5).
        let answer = byKey(layout.layoutAttributesForElements(in: rect(322, 202, 3, 5)) ?? [])
        #expect(Set(answer.keys) == [.supplementary("badge", .ip(1, 1))])
    }

    // MARK: Visible-items handlers

    /// A handler that fades and shifts each item by where it is on screen:
    /// alpha = (midX - offset.x) / 1000, translation x = (midX - offset.x) / 10.
    func fadingHandler(_ box: Box) -> CollectionLayoutSectionVisibleItemsInvalidationHandler {
        { items, offset, _ in
            box.calls += 1
            box.offsets.append(offset)
            for item in items where item.representedElementCategory == .cell {
                box.frames[item.indexPath] = item.frame
                let d = item.frame.midX - offset.x
                item.alpha = d / 1000
                item.transform = CGAffineTransform(translationX: d / 10, y: 0)
            }
        }
    }

    @Test func whatTheHandlerSetsIsWhatTheLayoutAnswers() throws {
        let box = Box()
        let layout = orthogonalLayout(handler: fadingHandler(box))
        let cv = try compositionalView(layout, [4, 5, 4])
        // Offset 0: item 0's centre on screen is 20 + 297.5 / 2 = 168.75 -> alpha 0.16875;
        // item 1's is 327.5 + 148.75 = 476.25 -> 0.47625.
        #expect(box.offsets.last == CGPoint(x: 0, y: 0))
        let a0 = try #require(cv.visibleAttributes[.cell(.ip(1, 0))])
        #expect(near(a0.alpha, 0.16875) && near(a0.transform.tx, 16.875))
        #expect(near(cv.visibleAttributes[.cell(.ip(1, 1))]?.alpha, 0.47625))
        #expect(near(layout.layoutAttributesForItem(at: .ip(1, 0))?.alpha, 0.16875))

        // Scrolled to 100: the handler gets the row's offset (100, 0); the centres on
        // screen are 68.75 and 376.25 (what frame.midX - offset.x gives).
        try cv.scrollOrthogonalSection(1, to: 100)
        #expect(box.offsets.last == CGPoint(x: 100, y: 0))
        let b0 = try #require(cv.visibleAttributes[.cell(.ip(1, 0))])
        let b1 = try #require(cv.visibleAttributes[.cell(.ip(1, 1))])
        #expect(near(b0.alpha, 0.06875) && near(b1.alpha, 0.37625))
        #expect(near(b1.transform.tx, 37.625))
        // frame.midX - offset.x is where the item is on screen: the frame the layout answers.
        let handed = try #require(box.frames[.ip(1, 1)])
        #expect(near(handed.midX - 100, b1.frame.midX))
        #expect(near(b1.frame, rect(227.5, 200, 297.5, 200)))
        // The single-element answer carries what the handler set.
        let single = try #require(layout.layoutAttributesForItem(at: .ip(1, 1)))
        #expect(single.isEqual(b1), "\(single) vs \(b1)")
        // The other sections are untouched (no handler there).
        #expect(cv.visibleAttributes[.cell(.ip(0, 0))]?.alpha == 1)
    }

    @Test func aHandlerOfASectionThatScrollsWithTheViewGetsTheContentOffset() throws {
        // The grid with a handler: alpha = (midY - offset.y) / 1000.
        // Offset 50: item 0's centre y is 15 + 41.25 = 56.25 -> 0.00625.
        let box = Box()
        let section = CL.grid()
        section.visibleItemsInvalidationHandler = { items, offset, _ in
            box.offsets.append(offset)
            for item in items { item.alpha = (item.frame.midY - offset.y) / 1000 }
        }
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [20])
        let calls = box.offsets.count
        try cv.setContentOffset(CGPoint(x: 0, y: 50))
        // Called once in the pass (its visible query), with the collection view's offset.
        #expect(box.offsets.count == calls + 1)
        #expect(box.offsets.last == CGPoint(x: 0, y: 50))
        #expect(near(cv.visibleAttributes[.cell(.ip(0, 0))]?.alpha, 0.00625))
        #expect(near(layout.layoutAttributesForItem(at: .ip(0, 0))?.alpha, 0.00625))
        // Item 4 (group 1): centre y 115.5 + 41.25 = 156.75 -> 0.10675.
        #expect(near(cv.visibleAttributes[.cell(.ip(0, 4))]?.alpha, 0.10675))
    }

    /// The rule: "what the handler sets on them is what the layout answers". The
    /// single-element answer of a visible item must not depend on which rect was
    /// queried last: after the layout pass (the handler ran for the visible items),
    /// a query of a rect elsewhere must not take back what the handler set.
    /// Was an engine bug (fixed): the layout keeps what handlers set in one table that every rect
    /// query empties and refills with that query's elements, and
    /// layoutAttributesForItem answers from it, so the answer for a visible item
    /// falls back to the unhandled attributes (alpha 1) after any query of a rect
    /// that does not contain it.
    @Test func theSingleElementAnswerDoesNotDependOnTheLastQuery() throws {
        let box = Box()
        let layout = orthogonalLayout(handler: fadingHandler(box))
        let cv = try compositionalView(layout, [4, 5, 4])
        #expect(near(layout.layoutAttributesForItem(at: .ip(1, 0))?.alpha, 0.16875))
        // Section 0's band only (0 ..< 100): the row is not in it.
        _ = layout.layoutAttributesForElements(in: rect(0, 0, 390, 100))
        // Item (1, 0) is still visible (20 ..< 317.5 x 200 ..< 400): alpha 0.16875.
        #expect(cv.visibleAttributes[.cell(.ip(1, 0))] != nil)
        #expect(near(layout.layoutAttributesForItem(at: .ip(1, 0))?.alpha, 0.16875))
    }
}

// MARK: Invalidation

/// The compositional layout's contexts (SEMANTICS.md, "Invalidation").
@Suite struct CompositionalInvalidationTests {

    /// The headerGrid of the geometry tests: three 20-item grid sections with a
    /// 44 header; sections 0 ..< 558.5, 558.5 ..< 1117, 1117 ..< 1675.5.
    /// Pinned header 0 stops at 514.5, header 1 at 1073.
    func headerGrid(pinned: Bool, handler: CollectionLayoutSectionVisibleItemsInvalidationHandler? = nil) throws -> (CollectionView, CollectionViewCompositionalLayout, EventRecorder) {
        let section = CL.grid()
        section.boundarySupplementaryItems = [CL.header(44, pinned: pinned)]
        section.visibleItemsInvalidationHandler = handler
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [20, 20, 20])
        let recorder = cv.startRecording()
        return (cv, layout, recorder)
    }

    func bounds(_ y: CGFloat) -> CGRect { rect(0, y, 390, 844) }

    func headers(_ context: CollectionViewLayoutInvalidationContext) -> [Int] {
        (context.invalidatedSupplementaryIndexPaths?[ElementKind.sectionHeader] ?? []).map(\.section).sorted()
    }

    @Test func aScrollNamesExactlyThePinnedHeadersThatMove() throws {
        let (cv, layout, recorder) = try headerGrid(pinned: true)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: bounds(100)))
        // 0 -> 100: header 0 moves 0 -> 100; header 1 stays at 558.5 (the top 100 is above it).
        let c1 = layout.invalidationContext(forBoundsChange: bounds(100))
        #expect(headers(c1) == [0])
        #expect((c1.invalidatedItemIndexPaths ?? []).isEmpty && !c1.invalidateEverything)
        try cv.setContentOffset(CGPoint(x: 0, y: 500))
        // 500 -> 540: header 0 moves 500 -> 514.5 (its limit); header 1 stays natural.
        #expect(headers(layout.invalidationContext(forBoundsChange: bounds(540))) == [0])
        try cv.setContentOffset(CGPoint(x: 0, y: 600))
        // 600 -> 700: header 0 stays at 514.5; header 1 moves 600 -> 700; header 2 stays at 1117.
        #expect(headers(layout.invalidationContext(forBoundsChange: bounds(700))) == [1])
        // 1000 -> 1050: header 1 moves 1000 -> 1050; header 2 stays at 1117 (the tops are above it).
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        #expect(headers(layout.invalidationContext(forBoundsChange: bounds(1050))) == [1])
        // 1100 -> 1110: header 1 rests at its limit 1073 both times; header 2 stays at
        // its natural 1117 (both tops are above it). Nothing moves: an empty context.
        try cv.setContentOffset(CGPoint(x: 0, y: 1100))
        let still = layout.invalidationContext(forBoundsChange: bounds(1110))
        #expect(headers(still).isEmpty && (still.invalidatedItemIndexPaths ?? []).isEmpty)

        // Through the collection view: the context the scroll built.
        recorder.events.removeAll()
        try cv.setContentOffset(CGPoint(x: 0, y: 1200))
        let context = try #require(recorder.contexts.first)
        // 1100 -> 1200: header 2 moves 1117 -> 1200; header 1 stays at 1073.
        #expect(context.supplementary[ElementKind.sectionHeader] == [.ip(2, 0)])
        #expect(context.items.isEmpty && !context.isFullInvalidation)
    }

    @Test func nothingPinnedAndNoHandlerMeansNoInvalidationOnAScroll() throws {
        let (cv, layout, recorder) = try headerGrid(pinned: false)
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: bounds(100)))
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(recorder.contexts.isEmpty)
        #expect(!recorder.names.contains("prepared"))
        // The header scrolled away with its section.
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(10, 0, 370, 44))
    }

    @Test func aSizeChangeInvalidatesEverything() throws {
        let (cv, layout, recorder) = try headerGrid(pinned: false)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: rect(0, 0, 300, 844)))
        #expect(layout.invalidationContext(forBoundsChange: rect(0, 0, 300, 844)).invalidateEverything)
        try cv.setBoundsSize(size(300, 844))
        let context = try #require(recorder.contexts.first)
        #expect(context.invalidateEverything)
        // The sections were resolved again against 300: the grid's container is 280,
        // a group 280 x 70, items 70 x 70 inset 5: item 1 at x = 10 + 70 + 5 = 85,
        // y = 44 + 10 + 5 = 59, 60 x 60.
        #expect(layout.cell(0, 1) == rect(85, 59, 60, 60))
        for e in recorder.events { if case let .prepared(_, computed) = e { #expect(computed == 3) } }
    }

    @Test func aHandledSectionsVisibleItemsAreNamedOnAScroll() throws {
        // No pins; a handler on every section. 0 -> 100: the new bounds 100 ..< 944
        // meet items whose frames do: group 0's frames span 59 ..< 141.5 (44 header):
        // all of section 0 (items 0-19 up to 54 + 4 x 100.5 + 5 + 82.5 = 543.5) and
        // section 1 (558.5 ..< 1117) items of groups whose frames start before 944:
        // group g at 558.5 + 54 + 100.5 g + 5 < 944 -> g <= 3: items 0-15.
        let (cv, layout, recorder) = try headerGrid(pinned: false, handler: { _, _, _ in })
        #expect(layout.shouldInvalidateLayout(forBoundsChange: bounds(100)))
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        let context = try #require(recorder.contexts.first)
        let expected = (0..<20).map { IndexPath.ip(0, $0) } + (0..<16).map { IndexPath.ip(1, $0) }
        #expect(context.items == expected)
        #expect(context.supplementary.isEmpty)
    }

    @Test func anOrthogonalRowsHandlerIsNotNamedByAVerticalScroll() throws {
        // Only the orthogonal row has a handler: a vertical scroll does not change
        // what it is given (its row's offset and frames), so nothing is invalidated.
        let layout = CompositionalOrthogonalTests().orthogonalLayout(handler: { _, _, _ in })
        let cv = try compositionalView(layout, [4, 5, 4])
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: bounds(30)))
        let recorder = cv.startRecording()
        try cv.setContentOffset(CGPoint(x: 0, y: 30))
        #expect(recorder.contexts.isEmpty)
    }
}

/// A handler is given its own section's elements only, whatever sections lie
/// between two handled ones (the elements of a section without a handler
/// were handed to the handled section before it).
@Suite struct HandlerSectionBoundaryTests {
    @Test func aHandlerSeesOnlyItsOwnSection() throws {
        var seen: [Int: Set<Int>] = [:]
        let layout = CollectionViewCompositionalLayout(sectionProvider: { index, _ in
            let section = CL.rows(44)
            guard index != 1 else { return section } // section 1: no handler
            section.visibleItemsInvalidationHandler = { items, _, _ in
                for item in items {
                    seen[index, default: []].insert(item.indexPath.section)
                    item.alpha = 0.5
                }
            }
            return section
        })
        // Three sections of 3 rows (132 points each): all visible in 844.
        let cv = try compositionalView(layout, [3, 3, 3])
        #expect(seen[0] == [0])
        #expect(seen[2] == [2])
        #expect(cv.visibleAttributes.values.filter { $0.indexPath.section == 1 }.allSatisfy { $0.alpha == 1 })
        #expect(cv.visibleAttributes.values.filter { $0.indexPath.section == 0 }.allSatisfy { $0.alpha == 0.5 })
    }
}
