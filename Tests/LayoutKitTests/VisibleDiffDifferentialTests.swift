import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// A layout that answers in a seeded, shuffled order: cells, headers and
/// footers (orderable as integers), sometimes a badge of a kind of its own
/// (not orderable so), sometimes a key twice. Elements move with the offset
/// by a seeded rule, so that scrolls change, keep, add and drop elements.
private final class ShuffledAnswerLayout: CollectionViewLayout {
    var random = SplitMix64(seed: 1)
    var withBadges = false
    var withDuplicates = false

    override var collectionViewContentSize: CGSize { CGSize(width: 390, height: 4_000) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        guard let cv = collectionView else { return nil }
        var answer: [CollectionViewLayoutAttributes] = []
        for section in 0..<cv.numberOfSections {
            let top = CGFloat(section) * 1_000
            let header = makeAttributes(forSupplementaryOfKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section))
            // Some headers follow the offset (sticky), others stay.
            header.frame = CGRect(x: 0, y: section % 2 == 0 ? max(top, cv.contentOffset.y) : top, width: 390, height: 40)
            answer.append(header)
            let footer = makeAttributes(forSupplementaryOfKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: section))
            footer.frame = CGRect(x: 0, y: top + 960, width: 390, height: 40)
            answer.append(footer)
            for item in 0..<cv.numberOfItems(inSection: section) {
                let a = makeAttributes(forCellAt: IndexPath(item: item, section: section))
                a.frame = CGRect(x: 0, y: top + 40 + CGFloat(item) * 46, width: 390, height: 46)
                a.alpha = Int(cv.contentOffset.y / 100) % 3 == item % 3 ? 0.5 : 1
                answer.append(a)
                if withBadges, item % 4 == 1 {
                    let badge = makeAttributes(forSupplementaryOfKind: "badge", at: IndexPath(item: item, section: section))
                    badge.frame = CGRect(x: 350, y: a.frame.minY, width: 20, height: 20)
                    answer.append(badge)
                }
            }
        }
        answer = answer.filter { $0.frame.intersects(rect) }
        if withDuplicates, let first = answer.first {
            let again = first.copied()
            again.frame.origin.x += 5
            answer.append(again)
        }
        answer.shuffle(using: &random)
        return answer
    }
}

@Suite struct VisibleDiffDifferentialTests {
    /// The pass's diff (a merge of two key-ordered answers when it can put
    /// them in key order, lookups by key otherwise) is the brute-force diff
    /// by key of the visible sets before and after; and the elements in key
    /// order are the visible set sorted by key. 120 seeded sessions of 8
    /// scrolls each, with and without badges and keys answered twice.
    @Test func thePassDiffIsTheDiffByKey() throws {
        for seed in 0..<120 {
            let layout = ShuffledAnswerLayout()
            layout.random = SplitMix64(seed: UInt64(seed))
            layout.withBadges = seed % 3 == 1
            layout.withDuplicates = seed % 4 == 2
            let cv = try CollectionView(size: CGSize(width: 390, height: 600), layout: layout, itemCounts: [20, 20, 20])
            cv.layoutIfNeeded()
            let recorder = cv.startRecording()
            var random = SplitMix64(seed: UInt64(1_000 + seed))
            for _ in 0..<8 {
                let before = cv.visibleAttributes
                try cv.setContentOffset(CGPoint(x: 0, y: CGFloat(Int.random(in: 0...3_400, using: &random))))
                let after = cv.visibleAttributes
                // Every element answered is visible (the pass's sort loses none).
                let answered = Set((layout.layoutAttributesForElements(in: cv.bounds) ?? []).map(\.key))
                #expect(Set(after.keys) == answered, "seed \(seed)")
                let diff = try #require(recorder.lastDiff)
                let appeared = Set(after.keys).subtracting(before.keys)
                let disappeared = Set(before.keys).subtracting(after.keys)
                let changed = Set(after.keys.filter { key in before[key].map { !$0.hasSameAttributes(as: after[key]!) } ?? false })
                #expect(Set(diff.appeared.map(\.key)) == appeared, "seed \(seed)")
                #expect(Set(diff.disappeared.map(\.key)) == disappeared, "seed \(seed)")
                #expect(Set(diff.changed.map(\.key)) == changed, "seed \(seed)")
                #expect(diff.appeared.count == appeared.count && diff.disappeared.count == disappeared.count
                        && diff.changed.count == changed.count, "seed \(seed): each key once")
                let inKeyOrder = cv.visibleElementsInKeyOrder.map(ObjectIdentifier.init)
                #expect(inKeyOrder == after.values.sorted { $0.key < $1.key }.map(ObjectIdentifier.init), "seed \(seed)")
            }
        }
    }
}
