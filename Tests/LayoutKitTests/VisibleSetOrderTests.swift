import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// A pass sorts the layout's answer by element key before it diffs it
/// (`VisibleSet.sortByKey`): the result is the answer's objects in key
/// order, with their keys, and an answer with a key twice is not sorted at
/// all (nil).
@Suite struct VisibleSetOrderTests {
    static func cell(_ s: Int, _ i: Int) -> CollectionViewLayoutAttributes {
        CollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: s))
    }
    static func header(_ s: Int) -> CollectionViewLayoutAttributes {
        CollectionViewLayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: s))
    }
    static func footer(_ s: Int) -> CollectionViewLayoutAttributes {
        CollectionViewLayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionFooter, with: IndexPath(item: 0, section: s))
    }

    /// Random answers, in a flow's order (categories interleaved, each in
    /// order), with its pinned headers appended last, or shuffled: the
    /// objects come out in key order, with their keys.
    @Test(arguments: Array(UInt64(1)...60))
    func anAnswerComesOutInKeyOrder(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 0x9E3779B97F4A7C15)
        var flowOrder: [CollectionViewLayoutAttributes] = []
        for s in 0..<Int.random(in: 1...6, using: &rng) {
            if rng.chance(0.8) { flowOrder.append(Self.header(s)) }
            for i in 0..<Int.random(in: 0...12, using: &rng) where rng.chance(0.9) { flowOrder.append(Self.cell(s, i)) }
            if rng.chance(0.3) { flowOrder.append(Self.footer(s)) }
        }
        var pinnedLast = flowOrder
        if let firstHeader = pinnedLast.firstIndex(where: { $0.representedElementCategory == .supplementaryView }) {
            pinnedLast.append(pinnedLast.remove(at: firstHeader))
        }
        let expected = flowOrder.map(\.key).sorted()
        for answer in [flowOrder, pinnedLast, flowOrder.shuffled(using: &rng)] {
            var sorted = answer
            let keys = try #require(VisibleSet.sortByKey(&sorted))
            #expect(sorted.map(\.key) == expected)
            #expect(keys.map(\.elementKey) == expected)
            #expect(Set(sorted.map { ObjectIdentifier($0) }) == Set(answer.map { ObjectIdentifier($0) }), "the same objects")
        }
    }

    @Test func categoriesComeInOrderAndAKeyTwiceIsNotSorted() {
        // Each category in order by itself, but one cell twice.
        var twice = [Self.header(0), Self.cell(0, 0), Self.cell(0, 1), Self.header(1), Self.cell(0, 1)]
        #expect(VisibleSet.sortByKey(&twice) == nil)
        // Cells, then supplementary views, each in key order.
        var mixed = [Self.header(1), Self.cell(0, 0), Self.header(0), Self.cell(0, 1), Self.footer(0)]
        let keys = VisibleSet.sortByKey(&mixed)
        #expect(mixed.map(\.key) == [Self.cell(0, 0), Self.cell(0, 1), Self.header(0), Self.footer(0), Self.header(1)].map(\.key))
        #expect(keys?.map(\.elementKey) == mixed.map(\.key))
    }
}
