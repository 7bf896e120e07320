import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// ARCHITECTURE.md, "Scale is part of the design": the layout's work counters
/// prove that cost follows the answer, not the number of items. No timing.
@Suite struct ScaleTests {

    /// 1,000 sections of 1,000 default items with 40-point headers.
    func big(sections: Int = 1000, items: Int = 1000, pinning: Bool = false) throws -> (CollectionView, CollectionViewFlowLayout, EventRecorder) {
        let layout = CollectionViewFlowLayout()
        layout.headerReferenceSize = size(0, 40)
        layout.sectionHeadersPinToVisibleBounds = pinning
        let cv = CollectionView(layout: layout)
        let recorder = cv.startRecording()
        try cv.reloadData(itemCounts: Array(repeating: items, count: sections))
        return (cv, layout, recorder)
    }

    func prepared(_ recorder: EventRecorder) -> (elementsTouched: Int, sectionsComputed: Int)? {
        for e in recorder.events.reversed() {
            if case let .prepared(touched, computed) = e { return (touched, computed) }
        }
        return nil
    }

    @Test func aMillionUniformItemsPrepareBySection() throws {
        let (cv, layout, recorder) = try big()
        let p = try #require(prepared(recorder))
        #expect(p.sectionsComputed == 1000)
        #expect(p.elementsTouched <= 1000, "preparing touched \(p.elementsTouched) elements for 1,000,000 items")
        // The arithmetic, checked at the far end. A section: header 40, 1000 items
        // 6 a line -> 167 lines: 167*50 + 166*10 = 10010; 10050 in all.
        // Item 999:999 is on line 166, column 3: x = 204,
        // y = 999*10050 + 40 + 166*60 = 10049950. Content height 1000*10050.
        #expect(layout.layoutAttributesForItem(at: .ip(999, 999))?.frame == rect(204, 10_049_950, 50, 50))
        #expect(layout.collectionViewContentSize == size(390, 10_050_000))
        #expect(cv.visibleAttributes.count == 1 + 84, "header 0 and lines 0-13 of section 0 (the 14th line starts at 820)")
    }

    @Test func aQueryCreatesOneAttributesObjectPerElementReturned() throws {
        let (cv, layout, recorder) = try big(pinning: true)
        for offset: CGFloat in [1, 5_000, 5_000_123.5, 10_049_000] {
            recorder.events.removeAll()
            try cv.setContentOffset(CGPoint(x: 0, y: offset))
            guard case let .elementsQueried(_, attributes, created)? = recorder.events.first(where: { EventRecorder.name($0) == "elementsQueried" }) else {
                Issue.record("no query at \(offset)"); continue
            }
            #expect(created == attributes.count, "offset \(offset)")
            #expect(attributes.count > 0 && attributes.count < 120)
            // Directly too, for a rect that is not the bounds.
            layout.counters.reset()
            let answer = layout.layoutAttributesForElements(in: rect(0, offset + 100, 390, 300)) ?? []
            #expect(layout.counters.attributesCreated == answer.count)
            #expect(layout.counters.elementsTouched <= answer.count + 4, "touched \(layout.counters.elementsTouched) for \(answer.count)")
        }
    }

    /// The same scroll steps over 10 x 1,000 and 1,000 x 1,000 items (pinned
    /// headers): the work per step must not depend on how many items lie elsewhere.
    @Test func scrollWorkDoesNotGrowWithTheItemCount() throws {
        let (small, smallLayout, _) = try big(sections: 10, pinning: true)
        let (large, largeLayout, _) = try big(sections: 1000, pinning: true)
        var rng = SplitMix64(seed: 77)
        let length = smallLayout.collectionViewContentSize.height
        for step in 0..<40 {
            let y = CGFloat.random(in: -100...(length - 400), using: &rng).rounded()
            smallLayout.counters.reset()
            largeLayout.counters.reset()
            try small.setContentOffset(CGPoint(x: 0, y: y))
            try large.setContentOffset(CGPoint(x: 0, y: y))
            let touched = largeLayout.counters.elementsTouched
            #expect(touched == smallLayout.counters.elementsTouched, "step \(step) at \(y)")
            #expect(touched <= large.visibleAttributes.count + 12, "step \(step): \(touched) touched for \(large.visibleAttributes.count) visible")
            #expect(largeLayout.counters.sectionsComputed == 0)
            #expect(largeLayout.counters.attributesCreated == large.visibleAttributes.count)
        }
    }

    @Test func insertingOneItemRecomputesOneSection() throws {
        let (cv, layout, recorder) = try big()
        recorder.events.removeAll()
        try cv.performBatchUpdates([.insertItem(.ip(500, 0))])
        let p = try #require(prepared(recorder))
        #expect(p.sectionsComputed == 1)
        #expect(p.elementsTouched <= 1000)
        #expect(cv.numberOfItems(inSection: 500) == 1001)
        #expect(cv.sections[500].isUniform)
        // Section 500 grew a line only if 1001 > 167 * 6 = 1002: it did not, so
        // section 999 has not moved: 999 * 10050 + 40.
        #expect(layout.layoutAttributesForItem(at: .ip(999, 0))?.frame == rect(0, 10_039_990, 50, 50))

        // A size override recomputes that section alone, in work proportional
        // to its overrides (one), not to its 1,000 items.
        recorder.events.removeAll()
        try cv.setItemSize(size(100, 100), at: .ip(3, 0))
        let q = try #require(prepared(recorder))
        #expect(q.sectionsComputed == 1)
        #expect(q.elementsTouched == 1)
    }

    @Test func aScrollStepNamesOnlyAFewHeaders() throws {
        let (cv, _, recorder) = try big(pinning: true)
        var rng = SplitMix64(seed: 5)
        for _ in 0..<30 {
            recorder.events.removeAll()
            let y = CGFloat.random(in: 0...10_000_000, using: &rng).rounded()
            try cv.setContentOffset(CGPoint(x: 0, y: y))
            let context = try #require(recorder.contexts.first)
            #expect(!context.isFullInvalidation)
            #expect(context.items.isEmpty)
            #expect((1...4).contains(context.elementCount), "offset \(y): \(context.elementCount) elements named")
        }
    }
}
