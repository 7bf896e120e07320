import Foundation
import LayoutKit

/// Runs a `DiffableWorkload` on a collection view of the layout, with the
/// snapshot API `snapshot edit ... apply` uses (DiffableSnapshot's edits,
/// `updates(to:)`, `performBatchUpdates`).
enum DiffableRun {
    static let boundsSize = CGSize(width: 390, height: 844)

    static func run(_ workload: DiffableWorkload, descriptor: LayoutDescriptor) throws -> DiffableBenchResult {
        let peakWasReset = ResidentMemory.resetPeak()
        let layout: CollectionViewLayout
        do { layout = try descriptor.makeLayout() } catch {
            throw BenchError("layout '\(descriptor.name)' could not be made: \(error)")
        }
        let counts = Array(repeating: workload.itemsPerSection, count: workload.sections)
        let cv = CollectionView(size: boundsSize, layout: layout)
        try cv.reloadData(itemCounts: counts)
        cv.layoutIfNeeded()
        var snapshot = DiffableSnapshot(itemCounts: counts)
        var random = SplitMix64(seed: workload.seed)
        var applyMillis: [Double] = [], diffMillis: [Double] = [], updateCounts: [Int] = []

        switch workload.kind {
        case .edits:
            // Names in use, to draw anchors from without asking the snapshot
            // for all its identifiers (untimed bookkeeping).
            var live = snapshot.itemIdentifiers.joined().map { $0 }
            var fresh = 0
            for _ in 0..<workload.runs {
                let edits = drawEdits(workload.edits, live: &live, fresh: &fresh, random: &random)
                let start = MonotonicClock.nanoseconds()
                var new = snapshot
                var reloaded = Set<String>()
                for edit in edits {
                    switch edit {
                    case .delete(let id): try new.deleteItems([id])
                    case let .insert(id, position, anchor): try new.insertItems([id], position, anchor)
                    case let .move(id, position, anchor): try new.moveItem(id, position, anchor)
                    case .reload(let id):
                        try new.checkItems([id], verb: "reload")
                        reloaded.insert(id)
                    }
                }
                new.reserveNumbersInUse()
                let diffStart = MonotonicClock.nanoseconds()
                let updates = snapshot.updates(to: new, reloaded: reloaded)
                let diffEnd = MonotonicClock.nanoseconds()
                try cv.performBatchUpdates(updates, expectedItemCounts: new.itemCounts)
                cv.layoutIfNeeded()
                let end = MonotonicClock.nanoseconds()
                snapshot = new
                applyMillis.append(Double(end - start) / 1e6)
                diffMillis.append(Double(diffEnd - diffStart) / 1e6)
                updateCounts.append(updates.count)
            }
        case .shuffled:
            var items = Array(snapshot.itemIdentifiers.joined())
            for _ in 0..<workload.runs {
                items.shuffle(using: &random)
                var next = items[...]
                let shuffled = DiffableSnapshot(sharingNamesWith: snapshot, sections: snapshot.sectionIdentifiers, items: counts.map { count in
                    defer { next = next.dropFirst(count) }
                    return Array(next.prefix(count))
                })
                let start = MonotonicClock.nanoseconds()
                let updates = snapshot.updates(to: shuffled)
                let end = MonotonicClock.nanoseconds()
                diffMillis.append(Double(end - start) / 1e6)
                updateCounts.append(updates.count)
            }
        }
        let memory = ResidentMemory.read(peakWasReset: peakWasReset)
        return DiffableBenchResult(label: workload.name, layout: descriptor.name, kind: workload.kind, sections: workload.sections,
                                   itemsPerSection: workload.itemsPerSection, edits: workload.edits, applyMillis: applyMillis,
                                   diffMillis: diffMillis, updateCounts: updateCounts, peakResidentMB: memory.peakMB,
                                   peakSource: memory.source)
    }

    enum Edit {
        case delete(String)
        case insert(String, DiffableSnapshot.Position, String)
        case move(String, DiffableSnapshot.Position, String)
        case reload(String)
    }

    /// `count` edits that the snapshot accepts in order: a third deletes, a
    /// third inserts of new items next to a random one, a quarter moves, the
    /// rest reloads. `live` follows them.
    static func drawEdits(_ count: Int, live: inout [String], fresh: inout Int, random: inout SplitMix64) -> [Edit] {
        var edits: [Edit] = []
        for _ in 0..<count where live.count >= 2 {
            let position: DiffableSnapshot.Position = random.next(below: 2) == 0 ? .before : .after
            let k = random.next(below: live.count)
            switch random.next(below: 12) {
            case 0..<4:
                edits.append(.delete(live[k]))
                live.swapAt(k, live.count - 1)
                live.removeLast()
            case 4..<8:
                let id = "N\(fresh)"
                fresh += 1
                edits.append(.insert(id, position, live[k]))
                live.append(id)
            case 8..<11:
                var anchor = random.next(below: live.count)
                if anchor == k { anchor = (anchor + 1) % live.count }
                edits.append(.move(live[k], position, live[anchor]))
            default:
                edits.append(.reload(live[k]))
            }
        }
        return edits
    }
}
