import Foundation
import LayoutKit
import Testing
@testable import StkBench

/// The seeded data and the scroll path: pure functions of their input.
@Suite struct BenchDataTests {
    /// The first outputs of SplitMix64 for seed 0, as published with the
    /// reference implementation: 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f.
    @Test func splitMixMatchesTheReference() {
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(g.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func boundedDrawsStayInRange() {
        var g = SplitMix64(seed: 99)
        let draws = (0..<1_000).map { _ in g.next(below: 7) }
        #expect(draws.allSatisfy { (0..<7).contains($0) })
        // 1000 draws over 7 values: each one shows up.
        #expect(Set(draws).count == 7)
        var unit = SplitMix64(seed: 99)
        #expect((0..<1_000).allSatisfy { _ in (0..<1).contains(unit.nextUnit()) })
    }

    /// Seed 7, 40x20...180x90. By the algorithm (an independent re-implementation
    /// gave the raw draws): section 0 starts 141.01 x 65.48, 116.91 x 62.30,
    /// 88.73 x 32.76, rounded 141x65, 117x62, 89x33; section 1 starts
    /// 140.77 x 21.75, 165.48 x 63.86, rounded 141x22, 165x64.
    @Test func seededSizesAreKnownValues() {
        let sizes = SeededSizes(seed: 7, min: CGSize(width: 40, height: 20), max: CGSize(width: 180, height: 90))
        #expect(sizes.sizes(section: 0, count: 3) == [CGSize(width: 141, height: 65), CGSize(width: 117, height: 62), CGSize(width: 89, height: 33)])
        #expect(sizes.sizes(section: 1, count: 2) == [CGSize(width: 141, height: 22), CGSize(width: 165, height: 64)])
    }

    @Test func seededSizesAreDeterministicAndInRange() {
        let a = SeededSizes(seed: 11, min: CGSize(width: 10, height: 5), max: CGSize(width: 20, height: 8))
        let b = SeededSizes(seed: 11, min: CGSize(width: 10, height: 5), max: CGSize(width: 20, height: 8))
        let c = SeededSizes(seed: 12, min: CGSize(width: 10, height: 5), max: CGSize(width: 20, height: 8))
        let first = a.sizes(section: 3, count: 200)
        #expect(first == b.sizes(section: 3, count: 200))
        #expect(first != c.sizes(section: 3, count: 200))
        #expect(first != a.sizes(section: 4, count: 200))
        // A section's sizes do not depend on how many are asked for.
        #expect(Array(first.prefix(50)) == a.sizes(section: 3, count: 50))
        #expect(first.allSatisfy { (10...20).contains($0.width) && (5...8).contains($0.height) })
        #expect(first.allSatisfy { $0.width == $0.width.rounded() && $0.height == $0.height.rounded() })
        // Both ends of the range are reachable.
        #expect(first.contains { $0.width == 10 } && first.contains { $0.width == 20 })
    }

    @Test func equalMinAndMaxGiveThatSize() {
        let sizes = SeededSizes(seed: 1, min: CGSize(width: 33.5, height: 12), max: CGSize(width: 33.5, height: 12))
        #expect(sizes.sizes(section: 0, count: 4) == Array(repeating: CGSize(width: 33.5, height: 12), count: 4))
    }

    /// Seed 42 on counts [3, 0, 5]; the draws of SplitMix64(42) give, in order:
    /// insert 2:1, insert 1:0 (section 1 is empty: no coin), insert 2:5,
    /// delete 1:0, insert 1:0, delete 1:0, leaving [3, 0, 7].
    @Test func batchScriptIsKnownAndValid() {
        var script = BatchUpdateScript(seed: 42, itemCounts: [3, 0, 5])
        let updates = (0..<6).map { _ in script.next() }
        #expect(updates == [
            .insertItem(IndexPath(item: 1, section: 2)), .insertItem(IndexPath(item: 0, section: 1)),
            .insertItem(IndexPath(item: 5, section: 2)), .deleteItem(IndexPath(item: 0, section: 1)),
            .insertItem(IndexPath(item: 0, section: 1)), .deleteItem(IndexPath(item: 0, section: 1)),
        ])
        #expect(script.itemCounts == [3, 0, 7])
    }

    /// Every update the script proposes is accepted by the collection view, and
    /// its counts follow the collection view's.
    @Test func batchScriptStaysValidAgainstTheCollectionView() throws {
        let cv = CollectionView(size: CGSize(width: 100, height: 100), layout: PlaceholderLayout())
        try cv.reloadData(itemCounts: [1, 0, 2, 1])
        var script = BatchUpdateScript(seed: 5, itemCounts: [1, 0, 2, 1])
        for _ in 0..<200 {
            try cv.performBatchUpdates([script.next()])
            #expect(cv.sections.map(\.itemCount) == script.itemCounts)
        }
    }

    // MARK: Scroll path

    /// Content 300x1000 in 300x400: y moves in [0, 600]. Steps of 250 from 0:
    /// 250, 500, 600 (stops at the end), then back 350, 100, 0, then 250 again.
    @Test func verticalPathTurnsBackAtTheEnds() throws {
        let path = try ScrollPath(axis: .auto, contentSize: CGSize(width: 300, height: 1000), viewport: CGSize(width: 300, height: 400),
                                  startFraction: 0, distance: 250)
        #expect(path.axis == .vertical)
        #expect(path.offsets(count: 7).map(\.y) == [250, 500, 600, 350, 100, 0, 250])
        #expect(path.offsets(count: 7).allSatisfy { $0.x == 0 })
    }

    /// Content 1000x500 in 300x400: x in [0, 700], y in [0, 100]; steps of 60
    /// from the middle (350, 50): x 410, 470, 530; y 100 (stops), 40, 0.
    @Test func diagonalPathMovesBothAxesIndependently() throws {
        let path = try ScrollPath(axis: .auto, contentSize: CGSize(width: 1000, height: 500), viewport: CGSize(width: 300, height: 400),
                                  startFraction: 0.5, distance: 60)
        #expect(path.axis == .diagonal)
        #expect(path.start == CGPoint(x: 350, y: 50))
        #expect(path.offsets(count: 3) == [CGPoint(x: 410, y: 100), CGPoint(x: 470, y: 40), CGPoint(x: 530, y: 0)])
    }

    @Test func horizontalContentGivesAHorizontalPath() throws {
        let path = try ScrollPath(axis: .auto, contentSize: CGSize(width: 900, height: 400), viewport: CGSize(width: 300, height: 400),
                                  startFraction: 1, distance: 100)
        #expect(path.axis == .horizontal)
        #expect(path.start == CGPoint(x: 600, y: 0))
        // At the end already: the first step goes back.
        #expect(path.offsets(count: 2) == [CGPoint(x: 500, y: 0), CGPoint(x: 400, y: 0)])
    }

    @Test func contentThatDoesNotScrollIsRefused() {
        #expect(throws: BenchError("the content (300x200) does not scroll in a 300x400 viewport: use more sections or items, or a smaller bounds size")) {
            try ScrollPath(axis: .auto, contentSize: CGSize(width: 300, height: 200), viewport: CGSize(width: 300, height: 400), startFraction: 0, distance: 10)
        }
        #expect(throws: BenchError("the content (300x1000) does not scroll both ways in a 300x400 viewport (scroll axis diagonal requested)")) {
            try ScrollPath(axis: .diagonal, contentSize: CGSize(width: 300, height: 1000), viewport: CGSize(width: 300, height: 400), startFraction: 0, distance: 10)
        }
        #expect(throws: BenchError("the content (300x1000) does not scroll horizontally in a 300x400 viewport (scroll axis horizontal requested)")) {
            try ScrollPath(axis: .horizontal, contentSize: CGSize(width: 300, height: 1000), viewport: CGSize(width: 300, height: 400), startFraction: 0, distance: 10)
        }
    }

    // MARK: Statistics

    /// Nearest rank: rank = ceil(p/100 * n). For 1...10: p50 -> rank 5 -> 5;
    /// p90 -> 9; p99 -> ceil(9.9) = 10; p0 -> rank 1 (the minimum). For
    /// [3, 1, 2]: p50 -> ceil(1.5) = 2 -> 2.
    @Test func percentilesByNearestRank() {
        let values = Array(1...10).shuffled()
        #expect(Statistics.percentile(50, of: values) == 5)
        #expect(Statistics.percentile(90, of: values) == 9)
        #expect(Statistics.percentile(99, of: values) == 10)
        #expect(Statistics.percentile(0, of: values) == 1)
        #expect(Statistics.percentile(50, of: [3, 1, 2]) == 2)
        #expect(Statistics.percentile(50, of: [Int]()) == nil)
        #expect(Statistics.mean([1, 2, 6]) == 3)
    }
}
