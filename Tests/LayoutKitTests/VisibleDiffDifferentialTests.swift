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
            let recorder = cv.startRecordingAfterFirstPass()
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
                // The values the pass took are the visible elements' (taken by
                // the pass for a sorted answer, on the read otherwise).
                #expect(cv.visibleSnapshots == cv.visibleElements.map { AttributesSnapshot($0) }, "seed \(seed)")
                let inKeyOrder = cv.visibleElementsInKeyOrder.map(ObjectIdentifier.init)
                #expect(inKeyOrder == after.values.sorted { $0.key < $1.key }.map(ObjectIdentifier.init), "seed \(seed)")
            }
        }
    }

    /// A batch update's diff by one merge of mapped keys is exactly the diff
    /// by lookups: the same elements appeared, disappeared and changed, in the
    /// same order, with the same old keys and attributes. Two collection views
    /// take the same seeded updates (items and sections inserted, deleted,
    /// moved, reloaded) and scrolls, one with the merge off. A flow with
    /// pinned headers and footers, and a layout that answers shuffled.
    @Test func aBatchUpdatesMergedDiffIsTheDiffByLookups() throws {
        var visibleChanges = 0
        for seed in 0..<40 {
            func make() throws -> CollectionView {
                let layout: CollectionViewLayout
                if seed % 2 == 0 {
                    let flow = CollectionViewFlowLayout()
                    flow.itemSize = CGSize(width: 50, height: 50)
                    flow.headerReferenceSize = CGSize(width: 390, height: 30)
                    flow.footerReferenceSize = CGSize(width: 390, height: 20)
                    flow.sectionHeadersPinToVisibleBounds = seed % 4 == 0
                    layout = flow
                } else {
                    let shuffled = ShuffledAnswerLayout()
                    shuffled.random = SplitMix64(seed: UInt64(seed))
                    layout = shuffled
                }
                let cv = try CollectionView(size: CGSize(width: 390, height: 600), layout: layout, itemCounts: [12, 30, 8, 20])
                cv.layoutIfNeeded()
                return cv
            }
            let merged = try make(), lookedUp = try make()
            lookedUp.mergesMappedDiffs = false
            let mergedEvents = merged.startRecording(), lookedUpEvents = lookedUp.startRecording()
            var random = SplitMix64(seed: UInt64(7_000 + seed))
            for step in 0..<30 {
                let updates = Self.randomUpdates(counts: (0..<merged.numberOfSections).map(merged.numberOfItems(inSection:)), using: &random)
                try merged.performBatchUpdates(updates)
                try lookedUp.performBatchUpdates(updates)
                let a = try #require(mergedEvents.lastDiff), b = try #require(lookedUpEvents.lastDiff)
                #expect(Self.text(a) == Self.text(b), "seed \(seed) step \(step): \(updates)")
                #expect(merged.visibleSnapshots == merged.visibleElements.map { AttributesSnapshot($0) }, "seed \(seed) step \(step)")
                if !a.changed.isEmpty || !a.appeared.isEmpty || !a.disappeared.isEmpty { visibleChanges += 1 }
                let y = CGFloat(Int.random(in: 0...1_200, using: &random))
                try merged.setContentOffset(CGPoint(x: 0, y: y))
                try lookedUp.setContentOffset(CGPoint(x: 0, y: y))
            }
        }
        // Many updates change what is visible (596 of the 1,200).
        #expect(visibleChanges > 400)
    }

    /// One to three updates valid together: items named by old index paths
    /// (deletes, reloads, move sources) and new ones (inserts, move
    /// destinations) in distinct sections, or one section update alone.
    static func randomUpdates(counts: [Int], using random: inout SplitMix64) -> [CollectionViewUpdate] {
        func item(in s: Int, count: Int) -> IndexPath { IndexPath(item: Int.random(in: 0..<count, using: &random), section: s) }
        let sections = counts.count
        if random.chance(0.2) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return [.insertSection(Int.random(in: 0...sections, using: &random), itemCount: Int.random(in: 0...10, using: &random))]
            case 1 where sections > 2: return [.deleteSection(Int.random(in: 0..<sections, using: &random))]
            case 2: return [.moveSection(Int.random(in: 0..<sections, using: &random), to: Int.random(in: 0..<sections, using: &random))]
            default: return [.reloadSection(Int.random(in: 0..<sections, using: &random))]
            }
        }
        var updates: [CollectionViewUpdate] = []
        // Each section takes at most one update, so that old and new indexes cannot clash.
        for s in (0..<sections).shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)) {
            let n = counts[s]
            switch Int.random(in: 0..<4, using: &random) {
            case 0: updates.append(.insertItem(IndexPath(item: Int.random(in: 0...n, using: &random), section: s)))
            case 1 where n > 0: updates.append(.deleteItem(item(in: s, count: n)))
            case 2 where n > 1: updates.append(.moveItem(item(in: s, count: n), to: item(in: s, count: n)))
            case 3 where n > 0: updates.append(.reloadItem(item(in: s, count: n)))
            default: updates.append(.insertItem(IndexPath(item: 0, section: s)))
            }
        }
        return updates
    }

    /// Every part of a diff, in order, as text.
    static func text(_ diff: VisibleDiff) -> [String] {
        diff.appeared.map { "+ \($0)" } + diff.disappeared.map { "- \($0)" }
            + diff.changed.map { "~ \($0.oldKey) -> \($0.key): \($0.from) / \($0.to)" }
    }
}
