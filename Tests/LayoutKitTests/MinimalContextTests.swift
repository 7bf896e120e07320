import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// docs/semantics.md, flow-sticky, "Minimal invalidation on a bounds change": an
/// origin-only change names exactly the pinning supplementary views of sections
/// that are candidates for the old or the new bounds; a cross-axis size change
/// sets both flow flags. And the context is correct: every element whose
/// attributes changed is named.
@Suite struct MinimalContextTests {

    /// 10 sections of 12 default items, 40-point headers (and 20-point footers
    /// when `footers`), pinning on, viewport 390 x 300.
    func pinned(_ direction: Direction, footers: Bool = false, counts: [Int] = Array(repeating: 12, count: 10)) throws -> (CollectionView, CollectionViewFlowLayout, EventRecorder) {
        let layout = CollectionViewFlowLayout()
        layout.scrollDirection = direction.flow
        layout.headerReferenceSize = direction.map(size(0, 40))
        layout.footerReferenceSize = direction.map(size(0, footers ? 20 : 0))
        layout.sectionHeadersPinToVisibleBounds = true
        layout.sectionFootersPinToVisibleBounds = footers
        let cv = try CollectionView(size: direction.map(size(390, 300)), layout: layout, itemCounts: counts)
        let recorder = cv.startRecording()
        return (cv, layout, recorder)
    }

    func scroll(_ cv: CollectionView, _ direction: Direction, to y: CGFloat) throws {
        try cv.setContentOffset(direction.map(CGPoint(x: 0, y: y)))
    }

    func sections(_ paths: [IndexPath]?) -> [Int] { (paths ?? []).map(\.section) }

    @Test(arguments: Direction.allCases)
    func aScrollNamesTheCandidateHeadersOfTheOldAndTheNewBounds(_ direction: Direction) throws {
        // Each section: header 40 + two lines (50 + 10 + 50) = 150 long; starts at
        // 0, 150, 300, 450, ...
        // Old bounds y in [100, 400): sections 0 [0,150), 1 [150,300), 2 [300,450)
        //   overlap; the pin line 100 lies in section 0 -> headers 0, 1, 2.
        // New bounds y in [250, 550): sections 1 (ends 300 > 250), 2, 3 (starts
        //   450 < 550); the pin line 250 lies in section 1 -> headers 1, 2, 3.
        // The context names headers 0-3, no items, and neither flow flag.
        let (cv, layout, recorder) = try pinned(direction)
        try scroll(cv, direction, to: 100)
        recorder.events.removeAll()
        try scroll(cv, direction, to: 250)
        #expect(recorder.contexts.count == 1)
        let context = try #require(recorder.contexts.first)
        #expect(context.invalidateFlowLayoutAttributes == false && context.invalidateFlowLayoutDelegateMetrics == false)
        #expect(!context.invalidateEverything && !context.invalidateDataSourceCounts)
        #expect(context.items.isEmpty)
        #expect(Set(context.supplementary.keys) == [ElementKind.sectionHeader])
        #expect(sections(context.supplementary[ElementKind.sectionHeader]) == [0, 1, 2, 3])

        // What that context bought: header 1 is pinned at the pin line 250 (its limit,
        // the last line's end 300, minus 40 = 260, is not reached); header 0, whose
        // section (0..150, last line ending at 150) is above the view, sits at its
        // limit: min(max(250, 0), 150 - 40) = 110, pinned; header 2 sits at its natural 300.
        let header = { (s: Int) in layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: .ip(s, 0)) }
        #expect(header(1).map { direction.map($0.frame) } == rect(0, 250, 390, 40))
        #expect(header(1)?.isPinned == true && header(1)?.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        #expect(header(0).map { direction.map($0.frame) } == rect(0, 110, 390, 40))
        #expect(header(0)?.isPinned == true && header(0)?.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        #expect(header(2).map { direction.map($0.frame) } == rect(0, 300, 390, 40))
    }

    @Test(arguments: Direction.allCases)
    func pinnedFootersAreNamedToo(_ direction: Direction) throws {
        // With 20-point footers a section is 170 long: starts 0, 170, 340, 510.
        // Old [100, 400): sections 0, 1, 2; pin line 100 in 0, bottom line 400 in 2.
        // New [250, 550): sections 1 (ends 340), 2, 3 (starts 510); pin line 250 in
        // 1, bottom line 550 in 3. Headers and footers 0-3.
        let (cv, _, recorder) = try pinned(direction, footers: true)
        try scroll(cv, direction, to: 100)
        recorder.events.removeAll()
        try scroll(cv, direction, to: 250)
        let context = try #require(recorder.contexts.first)
        #expect(!context.isFullInvalidation)
        #expect(sections(context.supplementary[ElementKind.sectionHeader]) == [0, 1, 2, 3])
        #expect(sections(context.supplementary[ElementKind.sectionFooter]) == [0, 1, 2, 3])
    }

    @Test func headersOfEmptySectionsAreNeverNamed() throws {
        // Sections 1 and 2 are empty (header only, 40 long): starts 0, 150, 190, 230, 380.
        // The empty ones do not pin, so they are never candidates.
        let (cv, _, recorder) = try pinned(.vertical, counts: [12, 0, 0, 12, 12])
        try scroll(cv, .vertical, to: 100)
        let context = try #require(recorder.contexts.first)
        // Old [0, 300): sections 0, 1, 2, 3 (starts 230 < 300) -> 0, 3. New [100, 400): 0, 3, 4 (starts 380).
        #expect(sections(context.supplementary[ElementKind.sectionHeader]) == [0, 3, 4])
    }

    @Test(arguments: Direction.allCases)
    func aCrossAxisSizeChangeSetsBothFlowFlags(_ direction: Direction) throws {
        let (cv, _, recorder) = try pinned(direction)
        try cv.setBoundsSize(direction.map(size(300, 300)))
        let context = try #require(recorder.contexts.first)
        #expect(context.invalidateFlowLayoutAttributes == true && context.invalidateFlowLayoutDelegateMetrics == true)
        #expect(!context.invalidateEverything)
    }

    @Test(arguments: Direction.allCases)
    func aScrollAxisSizeChangeStaysMinimal(_ direction: Direction) throws {
        // Only the length along the scroll axis changes: the flow does not re-flow.
        // Bounds [0, 300) -> [0, 500): sections 0, 1 -> 0-3 (starts 450 < 500).
        let (cv, _, recorder) = try pinned(direction)
        try cv.setBoundsSize(direction.map(size(390, 500)))
        let context = try #require(recorder.contexts.first)
        #expect(!context.isFullInvalidation)
        #expect(sections(context.supplementary[ElementKind.sectionHeader]) == [0, 1, 2, 3])
    }

    /// Correctness of the contexts over a random walk: every element of the
    /// old or the new visible set whose attributes changed across a bounds
    /// change is named by its context (or the context is a full one), an
    /// origin-only change is never full, and every element, on screen or off,
    /// answers exactly as a layout prepared from scratch on the same state
    /// (the formula applies off screen too: a header whose section jumped
    /// from below the view to above it moved without being named, and a
    /// fresh layout agrees on where).
    @Test(arguments: Direction.allCases)
    func everyChangedElementIsNamed(_ direction: Direction) throws {
        let (cv, layout, recorder) = try pinned(direction, footers: true, counts: [12, 0, 7, 30, 1, 12])
        layout.sectionHeadersPinLimit = .sectionEnd
        try cv.setContentInset(direction.map(EdgeInsets(top: 24, left: 0, bottom: 16, right: 0)))
        var rng = SplitMix64(seed: 99)
        let length = direction.map(layout.collectionViewContentSize).height
        var offScreenMoves = 0
        for step in 0..<200 {
            let before = attributesByElement(layout, in: cv)
            let visibleBefore = Set(cv.visibleAttributes.keys)
            recorder.events.removeAll()
            let resize = rng.chance(0.15)
            var target = direction.map(cv.bounds)
            target.origin.y = CGFloat.random(in: -200...(length + 100), using: &rng).rounded()
            if resize { target.size.height = CGFloat.random(in: 100...600, using: &rng).rounded() }
            try cv.setBounds(direction.map(target))
            let after = attributesByElement(layout, in: cv)
            let fresh = try cv.makeReplica(layout: freshCopy(of: layout))
            for difference in differences(after, attributesByElement(fresh.collectionViewLayout, in: fresh)) {
                Issue.record("step \(step): unlike a fresh layout: \(difference)")
            }
            let visible = visibleBefore.union(cv.visibleAttributes.keys)
            let everyChange = Set(after.keys).union(before.keys).filter { key in
                guard let a = before[key], let b = after[key] else { return true }
                return !a.isEqual(b)
            }
            let changed = everyChange.intersection(visible)
            offScreenMoves += everyChange.count - changed.count
            guard let context = recorder.contexts.first else {
                #expect(changed.isEmpty, "step \(step): no context, yet \(changed.sorted()) changed")
                continue
            }
            #expect(!context.isFullInvalidation, "step \(step): a bounds change along the scroll axis re-flowed")
            for key in changed.sorted() where !context.contains(key) {
                Issue.record("step \(step): \(key) changed but the context does not name it")
            }
        }
        // The walk did jump over whole sections (else the fresh comparison
        // above proved nothing about elements off screen).
        #expect(offScreenMoves > 0)
    }
}
