import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// LayoutKit's layouts make a pass's attributes from the objects the pass
/// before showed, when nothing else holds them (`CollectionViewLayout.reuseAttributes`).
/// No code may tell: an object anybody still holds is never touched, and an
/// object made again is as new.
@Suite struct AttributesReuseTests {
    /// A sticky flow of 20 sections of 30 items (100x44 cells, 3 to a line,
    /// 44-point headers) in a 390x844 view.
    private static func stickyFlow() throws -> CollectionView {
        let cv = try CollectionView(size: CGSize(width: 390, height: 844), layout: stickyFlowLayout(), itemCounts: Array(repeating: 30, count: 20))
        cv.layoutIfNeeded()
        return cv
    }

    /// The sticky flow's layout: 100x44 cells, 44-point headers, pinned.
    private static func stickyFlowLayout() -> CollectionViewFlowLayout {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 44)
        layout.headerReferenceSize = CGSize(width: 390, height: 44)
        layout.sectionHeadersPinToVisibleBounds = true
        return layout
    }

    private static func values(_ elements: [CollectionViewLayoutAttributes]) -> [AttributesSnapshot] {
        elements.map { AttributesSnapshot($0) }
    }

    @Test func objectsSomebodyHoldsAreNeverMadeAgain() throws {
        let cv = try Self.stickyFlow()
        try cv.setContentOffset(CGPoint(x: 0, y: 500))
        let held = cv.visibleElementsInKeyOrder
        let before = Self.values(held)
        #expect(before.count > 40)
        // Far away and back: every element of `held` leaves the view, and
        // each pass makes about as many as it shows.
        for step in 1...60 { try cv.setContentOffset(CGPoint(x: 0, y: 500 + CGFloat(step) * 97)) }
        #expect(Self.values(held) == before)
        let heldIDs = Set(held.map(ObjectIdentifier.init))
        #expect(cv.visibleElementsInKeyOrder.allSatisfy { !heldIDs.contains(ObjectIdentifier($0)) })
    }

    @Test func aScrollMakesItsAttributesFromThoseThePassBeforeShowed() throws {
        final class Weak {
            weak var object: CollectionViewLayoutAttributes?
            init(_ object: CollectionViewLayoutAttributes) { self.object = object }
        }
        let cv = try Self.stickyFlow()
        try cv.setContentOffset(CGPoint(x: 0, y: 500))
        // Watched without being held (a weak reference does not hold).
        let watched = cv.visibleElements.map(Weak.init)
        #expect(watched.count > 40)
        // The next pass lets go of them: waiting, they stay alive (freed,
        // every reference would be nil). The pass after makes its attributes
        // from them.
        try cv.setContentOffset(CGPoint(x: 0, y: 520))
        #expect(watched.allSatisfy { $0.object != nil })
        try cv.setContentOffset(CGPoint(x: 0, y: 540))
        let shown = Set(cv.visibleElements.map(ObjectIdentifier.init))
        let madeAgain = watched.filter { $0.object.map { shown.contains(ObjectIdentifier($0)) } ?? false }
        // All but a few: the pinned header is a copy of the layout's own
        // cached attributes, and prepare() takes some of the waiting objects
        // for that cache.
        #expect(madeAgain.count >= watched.count - 4, "\(madeAgain.count) of \(watched.count) made again")
    }

    /// Stepped == straight through: a view scrolled in many steps, its
    /// objects made again and again, shows exactly what a fresh view placed
    /// at the end shows.
    @Test(arguments: 1...5 as ClosedRange<UInt64>) func madeAgainEqualsMadeFresh(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let stepped = try Self.stickyFlow()
        for _ in 0..<80 {
            try stepped.setContentOffset(CGPoint(x: 0, y: CGFloat(Int.random(in: 0...8_000, using: &random))))
            // Some passes change more than the offset: a resize recomputes
            // the flow and every frame.
            if random.chance(0.3) { try stepped.setBoundsSize(CGSize(width: random.chance(0.5) ? 390 : 320, height: 844)) }
        }
        let fresh = try Self.stickyFlow()
        try fresh.setBoundsSize(stepped.bounds.size)
        try fresh.setContentOffset(stepped.contentOffset)
        #expect(Self.values(stepped.visibleElementsInKeyOrder) == Self.values(fresh.visibleElementsInKeyOrder))
    }

    /// A view rebuilt in another (as undo does): the old view's objects go to
    /// the new layout, whose first pass makes its attributes from them, and
    /// shows what a fresh view shows.
    @Test func aViewRebuiltMakesItsFirstPassFromTheObjectsTheOldOneShowed() throws {
        let old = try Self.stickyFlow()
        try old.setContentOffset(CGPoint(x: 0, y: 500))
        final class Weak {
            weak var object: CollectionViewLayoutAttributes?
            init(_ object: CollectionViewLayoutAttributes) { self.object = object }
        }
        // Watched without being held: freed, an object's reference is nil
        // (its address could come back for a new object).
        let shownBefore = old.visibleElements.map(Weak.init)
        #expect(shownBefore.count > 40)
        let layout = Self.stickyFlowLayout()
        let rebuilt = CollectionView(size: old.bounds.size, layout: layout)
        let data = old.takeSections()
        old.handOverAttributes(to: layout)
        #expect(old.visibleElements.isEmpty)
        rebuilt.restoreSections(data, continuingFrom: old)
        // The first pass (at the top: the offset comes after, as undo sets
        // it) takes the objects handed over last, those the old view showed.
        let shown = Set(rebuilt.visibleElements.map(ObjectIdentifier.init))
        let madeAgain = shownBefore.filter { $0.object.map { shown.contains(ObjectIdentifier($0)) } ?? false }
        #expect(madeAgain.count >= min(shownBefore.count, rebuilt.visibleElements.count) - 4,
                "\(madeAgain.count) of \(rebuilt.visibleElements.count) made again")
        try rebuilt.setContentOffset(CGPoint(x: 0, y: 500))
        let fresh = try Self.stickyFlow()
        try fresh.setContentOffset(CGPoint(x: 0, y: 500))
        #expect(Self.values(rebuilt.visibleElementsInKeyOrder) == Self.values(fresh.visibleElementsInKeyOrder))
    }
}
