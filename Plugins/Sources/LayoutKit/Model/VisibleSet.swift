import Foundation

/// The answer of the last layout pass, kept in the form that makes the next
/// visible diff cheapest.
///
/// Most layouts answer a rect query in key order (cells row by row, section by
/// section). When an answer is strictly sorted by key (which also means no key
/// twice) and has no kinds other than header and footer, it is kept as the
/// array it came in with its keys as plain integers (`ElementOrderKey`), and the next pass,
/// if its answer is sorted too, diffs the two by one merge: no hashing, and
/// the diff comes out in key order. The by-key dictionary that
/// `CollectionView.visibleAttributes` shows is then built only when someone
/// reads it. Any other answer is kept by key, as a dictionary (a key answered
/// twice keeps its last attributes), and diffed by lookups.
struct VisibleSet {
    /// The answer and its keys, when the answer was strictly sorted by key.
    private(set) var sorted: (attributes: [CollectionViewLayoutAttributes], keys: [ElementOrderKey])?
    /// The answer by key: always present for an unsorted answer, built on the
    /// first read for a sorted one.
    private var cachedByKey: [ElementKey: CollectionViewLayoutAttributes]?

    /// Nothing visible (before the first pass).
    init() {
        sorted = ([], [])
    }

    /// A strictly sorted answer; `byKey` when the pass built the dictionary anyway.
    init(sorted attributes: [CollectionViewLayoutAttributes], keys: [ElementOrderKey], byKey: [ElementKey: CollectionViewLayoutAttributes]?) {
        sorted = (attributes, keys)
        cachedByKey = byKey
    }

    /// Any answer, by key.
    init(byKey: [ElementKey: CollectionViewLayoutAttributes]) {
        sorted = nil
        cachedByKey = byKey
    }

    /// The visible elements (in key order when the answer came sorted),
    /// without building the dictionary.
    var elements: [CollectionViewLayoutAttributes] {
        sorted?.attributes ?? cachedByKey.map { Array($0.values) } ?? []
    }

    /// The visible elements in key order: the answer itself when it came
    /// sorted (as the pass makes it whenever its keys allow), else sorted.
    var elementsInKeyOrder: [CollectionViewLayoutAttributes] {
        if let sorted { return sorted.attributes }
        var list = elements
        Self.sortEntriesByKey(&list) { $0 }
        return list
    }

    /// How many elements are visible, without building the dictionary.
    var count: Int { sorted?.attributes.count ?? cachedByKey?.count ?? 0 }

    /// How many of them satisfy `condition`, without building the dictionary.
    func count(where condition: (CollectionViewLayoutAttributes) -> Bool) -> Int {
        if let sorted { return sorted.attributes.lazy.filter(condition).count }
        return cachedByKey?.values.lazy.filter(condition).count ?? 0
    }

    /// The answer by key, built once per pass on demand.
    mutating func byKey() -> [ElementKey: CollectionViewLayoutAttributes] {
        if let cachedByKey { return cachedByKey }
        var result: [ElementKey: CollectionViewLayoutAttributes] = [:]
        if let sorted {
            result.reserveCapacity(sorted.attributes.count)
            // The keys as they were when answered, as an eagerly built dictionary has them.
            for (key, a) in zip(sorted.keys, sorted.attributes) { result[key.elementKey] = a }
        }
        cachedByKey = result
        return result
    }

    /// Puts an answer in key order when its keys are all orderable as integers
    /// and distinct, and returns its keys in that order; leaves it as
    /// answered and returns nil otherwise (a key answered twice keeps its last
    /// attributes, by key). Sorting by the integer keys once is cheap; every
    /// reader after it (the diff's merge, the frame log, the JSON) wants key
    /// order, and each would otherwise sort on its own. The keys returned are
    /// the visible set's, and the next pass's merge reads them.
    static func sortByKey(_ answer: inout [CollectionViewLayoutAttributes]) -> [ElementOrderKey]? {
        var keys: [ElementOrderKey] = []
        keys.reserveCapacity(answer.count)
        var isSorted = true
        let orderable = answer.withUnsafeBufferPointer { answer in
            for a in answer {
                guard let key = a.orderKey else { return false }
                if isSorted, let last = keys.last, !(last < key) { isSorted = false }
                keys.append(key)
            }
            return true
        }
        guard orderable else { return nil }
        guard !isSorted else { return keys }
        guard var order = categoryMajorOrder(of: keys) else { return nil }
        // The order applied in place, cycle by cycle: objects are swapped,
        // not copied into a new array (each copy retained an object, and
        // freeing the old array released it again).
        answer.withUnsafeMutableBufferPointer { answer in
            keys.withUnsafeMutableBufferPointer { keys in
                for start in order.indices where order[start] >= 0 {
                    var current = start
                    while true {
                        // `current` takes the element at `source`; what it
                        // held moves on along the cycle, back to `start`'s.
                        let source = order[current]
                        order[current] = -1
                        if source == start { break }
                        answer.swapAt(current, source)
                        keys.swapAt(current, source)
                        current = source
                    }
                }
            }
        }
        return keys
    }

    /// The indices of `keys` in key order, or nil when two keys are equal.
    /// The category leads the order, and most answers are already in order
    /// within each category (a flow's headers and footers come among its
    /// cells, section by section): a stable split by category is then the
    /// whole sort, in one pass, where a comparison sort of every index was a
    /// tenth of a scroll step. A part that is out of order (the pinned
    /// headers a flow appends last) is sorted by itself.
    static func categoryMajorOrder(of keys: [ElementOrderKey]) -> [Int]? {
        // cell, supplementary view, decoration view: (count, sorted so far, last key)
        var parts: [(count: Int, isSorted: Bool, last: ElementOrderKey?)] = Array(repeating: (0, true, nil), count: 3)
        for key in keys {
            guard parts.indices.contains(key.category) else {
                let order = keys.indices.sorted { keys[$0] < keys[$1] }
                return isStrictlyIncreasing(order[...], keys) ? order : nil
            }
            let c = key.category
            if parts[c].isSorted, let last = parts[c].last, !(last < key) { parts[c].isSorted = false }
            parts[c].count += 1
            parts[c].last = key
        }
        var order = [Int](repeating: 0, count: keys.count)
        var start = 0
        var next = parts.map { part in defer { start += part.count }; return start }
        for (i, key) in keys.enumerated() {
            order[next[key.category]] = i
            next[key.category] += 1
        }
        start = 0
        for part in parts {
            let range = start..<start + part.count
            start = range.upperBound
            guard !part.isSorted else { continue }
            order[range].sort { keys[$0] < keys[$1] }
            guard isStrictlyIncreasing(order[range], keys) else { return nil }
        }
        return order
    }

    private static func isStrictlyIncreasing(_ order: ArraySlice<Int>, _ keys: [ElementOrderKey]) -> Bool {
        zip(order, order.dropFirst()).allSatisfy { keys[$0] < keys[$1] }
    }

    /// Sorts `list` by the key of each entry's attributes, each key read once:
    /// as integers when every key allows (`ElementOrderKey`), else as
    /// `ElementKey`s. Comparing by `attributes.key` made the key again, an
    /// index path and a kind string, at every comparison.
    static func sortEntriesByKey<Entry>(_ list: inout [Entry], by attributes: (Entry) -> CollectionViewLayoutAttributes) {
        guard list.count > 1 else { return }
        var orderKeys: [ElementOrderKey] = []
        orderKeys.reserveCapacity(list.count)
        for entry in list {
            guard let key = attributes(entry).orderKey else { break }
            orderKeys.append(key)
        }
        let order: [Int]
        if orderKeys.count == list.count {
            order = list.indices.sorted { orderKeys[$0] < orderKeys[$1] || (!(orderKeys[$1] < orderKeys[$0]) && $0 < $1) }
        } else {
            let keys = list.map { attributes($0).key }
            order = list.indices.sorted { keys[$0] < keys[$1] || (!(keys[$1] < keys[$0]) && $0 < $1) }
        }
        list = order.map { list[$0] }
    }

    /// The diff across a batch update, by one merge when every key allows:
    /// each old key mapped to its new one (`BatchUpdatePlan.newOrderKey`), the
    /// mapped keys sorted (only moves unsort them), then merged with the new
    /// answer's. Matches what the lookups by key find: an element whose key
    /// changed is a change, one that maps nowhere or to a key not shown
    /// disappeared (in old key order), one no old element maps to appeared.
    /// False, with `diff` untouched, when two old elements map to one key.
    static func mergeMappedDiff(old: [CollectionViewLayoutAttributes], oldKeys: [ElementOrderKey], mapping: BatchUpdatePlan,
                                new: [CollectionViewLayoutAttributes], newKeys: [ElementOrderKey],
                                into diff: inout VisibleChanges) -> Bool {
        var mapped: [(key: ElementOrderKey, old: Int)] = []
        mapped.reserveCapacity(old.count)
        var gone: [Int] = []
        var isSorted = true
        for i in oldKeys.indices {
            guard let key = mapping.newOrderKey(for: oldKeys[i]) else {
                gone.append(i)
                continue
            }
            if isSorted, let last = mapped.last, !(last.key < key) { isSorted = false }
            mapped.append((key, i))
        }
        if !isSorted {
            mapped.sort { $0.key < $1.key }
            for (a, b) in zip(mapped, mapped.dropFirst()) where !(a.key < b.key) { return false }
        }
        var changes = VisibleChanges()
        var i = 0
        var j = 0
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                while i < mapped.count && j < new.count {
                    let (key, k) = mapped[i]
                    if key == newKeys[j] {
                        let same = oldKeys[k] == key && Unmanaged.passUnretained(old[k])._withUnsafeGuaranteedRef { before in
                            Unmanaged.passUnretained(new[j])._withUnsafeGuaranteedRef { after in before.hasSameAttributes(as: after) }
                        }
                        if !same { changes.changed.append(.init(from: old[k], to: new[j])) }
                        i += 1
                        j += 1
                    } else if key < newKeys[j] {
                        gone.append(k)
                        i += 1
                    } else {
                        changes.appeared.append(new[j])
                        j += 1
                    }
                }
                while i < mapped.count {
                    gone.append(mapped[i].old)
                    i += 1
                }
                if j < new.count { changes.appeared.append(contentsOf: new[j...]) }
                // Old keys are sorted: so are their indexes.
                gone.sort()
                changes.disappeared = gone.map { old[$0] }
            }
        }
        diff = changes
        return true
    }

    /// The visible diff of two strictly sorted answers, by one merge: keys in
    /// both are compared (`changed` when their attributes differ), keys only in
    /// the old answer disappeared, keys only in the new one appeared. Each list
    /// comes out in key order.
    static func mergeDiff(old: [CollectionViewLayoutAttributes], oldKeys: [ElementOrderKey],
                          new: [CollectionViewLayoutAttributes], newKeys: [ElementOrderKey], into diff: inout VisibleChanges) {
        var i = 0
        var j = 0
        // Through buffers: reading an element of an array parameter would
        // retain and release it around each comparison.
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                while i < old.count && j < new.count {
                    let oldKey = oldKeys[i], newKey = newKeys[j]
                    if oldKey == newKey {
                        let same = Unmanaged.passUnretained(old[i])._withUnsafeGuaranteedRef { before in
                            Unmanaged.passUnretained(new[j])._withUnsafeGuaranteedRef { after in before.hasSameAttributes(as: after) }
                        }
                        if !same {
                            diff.changed.append(.init(from: old[i], to: new[j]))
                        }
                        i += 1
                        j += 1
                    } else if oldKey < newKey {
                        diff.disappeared.append(old[i])
                        i += 1
                    } else {
                        diff.appeared.append(new[j])
                        j += 1
                    }
                }
            }
        }
        if i < old.count { diff.disappeared.append(contentsOf: old[i...]) }
        if j < new.count { diff.appeared.append(contentsOf: new[j...]) }
    }
}
