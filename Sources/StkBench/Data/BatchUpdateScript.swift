import Foundation
import LayoutKit

/// The seeded batch updates of a workload: each one inserts or deletes one item
/// at a random place. It keeps its own copy of the item counts so that every
/// update it proposes is valid for the data at that point.
public struct BatchUpdateScript: Sendable {
    private var generator: SplitMix64
    public private(set) var itemCounts: [Int]

    public init(seed: UInt64, itemCounts: [Int]) {
        generator = SplitMix64(seed: seed)
        self.itemCounts = itemCounts
    }

    /// The next update: a section uniformly, then a coin for insert or delete
    /// (always insert into an empty section), then a position in the section.
    public mutating func next() -> CollectionViewUpdate {
        let section = generator.next(below: itemCounts.count)
        let count = itemCounts[section]
        let insert = count == 0 || generator.next(below: 2) == 0
        if insert {
            let item = generator.next(below: count + 1)
            itemCounts[section] += 1
            return .insertItem(IndexPath(item: item, section: section))
        } else {
            let item = generator.next(below: count)
            itemCounts[section] -= 1
            return .deleteItem(IndexPath(item: item, section: section))
        }
    }
}
