import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// Item size overrides are sparse: a section stores the items that have one,
/// batch updates carry them by rank arithmetic, and the flow lays a section
/// with overrides out in segments (the default size in arithmetic runs, lines
/// near an override explicit). Each is checked against the dense computation.
@Suite struct SparseOverrideTests {

    // MARK: Geometry: segments equal per-item sizes, bit for bit

    /// For random defaults, overrides (some wider than the line, some empty),
    /// spacings and widths, the segmented section equals the section laid
    /// out item by item with the same sizes: every frame, the extent, the
    /// first oversize item, and every rect query is the brute-force filter.
    @Test(arguments: Array(UInt64(1)...40))
    func segmentedOverridesEqualPerItemGeometry(seed: UInt64) {
        var rng = SplitMix64(seed: seed &* 0x2545F4914F6CDD1D)
        func q(_ range: ClosedRange<CGFloat>) -> CGFloat { rng.multiple(of: 0.25, in: range) }
        let width = q(150...500)
        let fallback = rng.chance(0.1) ? size(width + 10, 40) : size(q(0...140), q(0...90))
        let count = Int.random(in: 0...600, using: &rng)
        var sparse = SparseSizes()
        if count > 0 {
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                let s = rng.chance(0.05) ? size(width + q(0...50), q(0...60)) : (rng.chance(0.05) ? .zero : size(q(0...200), q(0...120)))
                let item = rng.chance(0.3) ? Int.random(in: 0..<min(count, 8), using: &rng) : Int.random(in: 0..<count, using: &rng)
                sparse[item] = s
                if rng.chance(0.2), item + 1 < count { sparse[item + 1] = s }   // runs of overrides
            }
        }
        var dense = [CGSize](repeating: fallback, count: count)
        for (i, s) in sparse.entries { dense[i] = s }
        let inset = EdgeInsets(top: q(0...20), left: q(0...20), bottom: q(0...20), right: q(0...20))
        let lineSpacing = q(0...20), interitemSpacing = q(0...20)
        func input(_ uniform: CGSize?, _ sizes: [CGSize], _ measured: SparseSizes) -> FlowSectionInput {
            var i = FlowSectionInput(itemCount: count, uniformItemSize: uniform, itemSizes: sizes, inset: inset,
                                     lineSpacing: lineSpacing, interitemSpacing: interitemSpacing, headerLength: 20, footerLength: 10)
            i.measured = measured
            return i
        }
        let perItemInput = input(nil, dense, SparseSizes())
        let segmentedInput = input(fallback, [], sparse)
        let perItem = FlowSectionGeometry.make(perItemInput, width: width)
        let segmented = FlowSectionGeometry.make(segmentedInput, width: width)
        if !sparse.isEmpty, case .segmented = segmented.items {} else if !sparse.isEmpty { Issue.record("not segmented") }
        #expect(segmented.itemsEnd == perItem.itemsEnd && segmented.length == perItem.length)
        #expect(segmented.firstOversizeItem == perItem.firstOversizeItem)
        var mismatches: [String] = []
        for i in 0..<count where segmented.itemFrame(i) != perItem.itemFrame(i) {
            mismatches.append("\(i): per item \(perItem.itemFrame(i).stk), segmented \(segmented.itemFrame(i).stk)")
        }
        #expect(mismatches.isEmpty, "\(sparse.count) overrides: \(mismatches.prefix(5).joined(separator: "; "))")
        let start = q(0...1000)
        for _ in 0..<12 {
            let r = CGRect(x: q(-50...(width + 50)), y: start + q(-50...(perItem.length + 50)), width: q(0...300), height: q(0...300))
            var answer: [Int] = []
            segmented.items(overlapping: r, sectionStart: start) { i, frame in
                if frame != perItem.itemFrame(i).offsetBy(dx: 0, dy: start) { mismatches.append("query frame \(i)") }
                answer.append(i)
                return true
            }
            let brute = (0..<count).filter { perItem.itemFrame($0).offsetBy(dx: 0, dy: start).overlaps(r) }
            #expect(answer == brute, "query \(r.stk)")
        }
        #expect(mismatches.isEmpty)
    }

    // MARK: The collection view: overrides equal the same sizes asked item by item

    final class DefaultDelegate: CollectionViewDelegateFlowLayout {}

    /// Overrides set on a flow layout's collection view (segmented) answer
    /// exactly as the same collection view asking a delegate for every item's
    /// size (the per-item path), in both directions.
    @Test func overridesEqualPerItemSizesMostlyInSegments() throws {
        var segmented = 0
        for seed in UInt64(1)...12 { try overridesEqualPerItemSizes(seed: seed, segmentedSections: &segmented) }
        #expect(segmented >= 6, "only \(segmented) sections took the segmented path")
    }

    func overridesEqualPerItemSizes(seed: UInt64, segmentedSections: inout Int) throws {
        var rng = SplitMix64(seed: seed &* 0x9E3779B97F4A7C15)
        let setUp = RandomFlowSetUp(seed: seed, maxItems: 600, rng: &rng)
        let counts = setUp.counts
        func q(_ range: ClosedRange<CGFloat>) -> CGFloat { rng.multiple(of: 0.25, in: range) }
        let (cv, sparse) = try setUp.makeView()
        let (reference, perItem) = try setUp.makeView()
        let delegate = DefaultDelegate()
        reference.delegate = delegate
        for (s, count) in counts.enumerated() where count > 0 {
            // Mostly a few overrides (segments); sometimes many (item by item).
            for _ in 0..<(rng.chance(0.25) ? count / 2 : Int.random(in: 0...25, using: &rng)) {
                let wanted = rng.chance(0.05) ? size(600, 30) : size(q(0...200), q(0...120))
                let p = IndexPath.ip(s, Int.random(in: 0..<count, using: &rng))
                try cv.setItemSize(wanted, at: p)
                try reference.setItemSize(wanted, at: p)
            }
        }
        #expect(cv.sections.map(\.itemSizes) == reference.sections.map(\.itemSizes))
        segmentedSections += cv.sections.filter { !$0.isUniform && !CollectionViewFlowLayout.laysOutItemByItem($0) }.count
        let live = attributesByElement(sparse, in: cv)
        let expected = attributesByElement(perItem, in: reference)
        #expect(live.count == expected.count)
        var mismatches: [String] = []
        for (key, a) in expected where live[key]?.frame != a.frame {
            mismatches.append("\(key): per item \(a.frame.stk), sparse \(live[key]?.frame.stk ?? "missing")")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).joined(separator: "; "))")
        let c = sparse.collectionViewContentSize
        #expect(c == perItem.collectionViewContentSize)
        #expect(sparse.layoutWarnings == perItem.layoutWarnings)
        for _ in 0..<8 {
            let r = CGRect(x: CGFloat.random(in: -50...(c.width + 50), using: &rng), y: CGFloat.random(in: -50...(c.height + 50), using: &rng),
                           width: CGFloat.random(in: 0...400, using: &rng), height: CGFloat.random(in: 0...400, using: &rng))
            let answer = byKey(sparse.layoutAttributesForElements(in: r) ?? [])
            #expect(differences(answer, bruteForce(live, in: r), names: ("query \(r.stk)", "brute force")).isEmpty)
        }
    }

    // MARK: Batch updates: item maps by rank, checked against lists

    /// Random item inserts, deletes, moves and reloads in sections with
    /// sparse overrides: the plan's counts, overrides and old-to-new map
    /// equal those of the section's items kept as plain lists.
    @Test(arguments: Array(UInt64(1)...60))
    func itemMapsEqualListsOfItems(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 0xD1B54A32D192ED03)
        let counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...12, using: &rng) }
        var old: [SectionData] = []
        var identity = 0, revision = 0
        for c in counts {
            identity += 1; revision += 1
            var section = SectionData(itemCount: c, headerSize: nil, footerSize: nil, identity: identity, revision: revision)
            for i in 0..<c where rng.chance(0.3) { section.itemSizes[i] = size(CGFloat(i + 1), CGFloat(identity)) }
            old.append(section)
        }
        // Old items leaving (deleted or moved) and, per new section, the slots taken.
        var updates: [CollectionViewUpdate] = []
        var leaving = Set<IndexPath>()
        var movesTo: [(IndexPath, Int)] = []   // source, target section
        var reloads: [IndexPath] = []
        for (s, c) in counts.enumerated() {
            for i in 0..<c {
                let p = IndexPath.ip(s, i)
                if rng.chance(0.15) { updates.append(.deleteItem(p)); leaving.insert(p) }
                else if rng.chance(0.15) { leaving.insert(p); movesTo.append((p, Int.random(in: 0..<counts.count, using: &rng))) }
                else if rng.chance(0.1) { updates.append(.reloadItem(p)); reloads.append(p) }
            }
        }
        var inserts: [Int: Int] = [:]   // section -> how many
        for s in counts.indices { inserts[s] = Int.random(in: 0...3, using: &rng) }
        // The new lists: every target section gets its staying items, then
        // the fixed slots are chosen at random among the final positions.
        enum Entry: Equatable { case old(IndexPath), new }
        var lists: [[Entry]] = []
        for (s, c) in counts.enumerated() {
            let staying = (0..<c).map { IndexPath.ip(s, $0) }.filter { !leaving.contains($0) }
            let incoming = movesTo.filter { $0.1 == s }.map { Entry.old($0.0) } + Array(repeating: Entry.new, count: inserts[s]!)
            let total = staying.count + incoming.count
            var slots = Array(0..<total).shuffled(using: &rng).prefix(incoming.count).sorted()
            slots.shuffle(using: &rng)
            var list = [Entry?](repeating: nil, count: total)
            for (slot, entry) in zip(slots, incoming) {
                list[slot] = entry
                switch entry {
                case .old(let p): updates.append(.moveItem(p, to: .ip(s, slot)))
                case .new: updates.append(.insertItem(.ip(s, slot)))
                }
            }
            var k = 0
            for i in list.indices where list[i] == nil { list[i] = .old(staying[k]); k += 1 }
            lists.append(list.map { $0! })
        }
        updates.shuffle(using: &rng)
        var nextIdentity = identity, nextRevision = revision
        let plan = try BatchUpdatePlan.make(old: old, updates: updates, nextIdentity: &nextIdentity, nextRevision: &nextRevision)
        #expect(plan.sections.map(\.itemCount) == lists.map(\.count))
        var where_: [IndexPath: IndexPath] = [:]
        for (t, list) in lists.enumerated() {
            for (j, entry) in list.enumerated() {
                let wanted: CGSize?
                if case .old(let p) = entry { where_[p] = .ip(t, j); wanted = old[p.section].itemSizeOverride(at: p.item) } else { wanted = nil }
                #expect(plan.sections[t].itemSizeOverride(at: j) == wanted, "\(t):\(j)")
            }
        }
        for (s, c) in counts.enumerated() {
            for i in 0..<c {
                let p = IndexPath.ip(s, i)
                let got = plan.newKey(for: ElementKey(category: .cell, kind: nil, indexPath: p))?.indexPath
                let wanted = reloads.contains(p) ? nil : where_[p]
                #expect(got == wanted, "\(p.stk) in \(updates)")
            }
        }
        for p in reloads {
            let item = plan.updateItems.first { $0.updateAction == .reload && $0.indexPathBeforeUpdate == p }
            #expect(item?.indexPathAfterUpdate == where_[p])
        }
    }

    // MARK: Huge sections: work and storage by the update, not by the items

    /// `sections 1 items=100000000; insert item 0:0` and a size for the last
    /// of a billion items: the data stays counts plus entries, and the layout
    /// answers at once (the dense computation wanted gigabytes).
    @Test func hugeSectionsTakeUpdatesAndOverridesSparsely() throws {
        let clock = ContinuousClock()
        let began = clock.now
        let layout = CollectionViewFlowLayout()
        let cv = try CollectionView(layout: layout, itemCounts: [100_000_000])
        try cv.performBatchUpdates([.insertItem(.ip(0, 0))])
        #expect(cv.numberOfItems(inSection: 0) == 100_000_001)
        #expect(cv.sections[0].isUniform)
        #expect(cv.layoutAttributesForItem(at: .ip(0, 100_000_000)) != nil)

        try cv.reloadData(itemCounts: [1_000_000_000])
        try cv.setItemSize(size(10, 10), at: .ip(0, 999_999_999))
        #expect(cv.sections[0].itemSizes.count == 1)
        #expect(cv.layoutAttributesForItem(at: .ip(0, 999_999_999))?.size == size(10, 10))
        // Item 999,999,999 loses two items before it and one lands before it: 999,999,998.
        try cv.performBatchUpdates([.sizeItem(.ip(0, 0), size(20, 20)), .deleteItem(.ip(0, 5)), .moveItem(.ip(0, 7), to: .ip(0, 999_999_997))])
        #expect(cv.numberOfItems(inSection: 0) == 999_999_999)
        #expect(cv.sections[0].itemSizes.items == [0, 999_999_998])
        #expect(cv.sections[0].itemSizes.sizes == [size(20, 20), size(10, 10)])
        #expect(cv.layoutAttributesForItem(at: .ip(0, 999_999_998))?.size == size(10, 10))
        #expect(cv.layoutAttributesForItem(at: .ip(0, 0))?.size == size(20, 20))
        #expect(clock.now - began < .seconds(20))

        var nextIdentity = 10, nextRevision = 10
        let plan = try BatchUpdatePlan.make(old: cv.sections, updates: [.insertItem(.ip(0, 0)), .deleteItem(.ip(0, 3))],
                                            nextIdentity: &nextIdentity, nextRevision: &nextRevision)
        let map = try #require(plan.itemMaps[0])
        #expect(map.removed == [3] && map.fixedSlots == [0] && map.moved.isEmpty)
        #expect(map.newIndexPath(ofOldItem: 2) == .ip(0, 3))
        #expect(map.newIndexPath(ofOldItem: 3) == nil)
        #expect(map.newIndexPath(ofOldItem: 999_999_998) == .ip(0, 999_999_998))
        #expect(plan.sections[0].itemSizes.items == [1, 999_999_998])
    }
}
