import Foundation

/// The measured sizes of a section's items (self-sizing): sparse sizes.
public typealias MeasuredSizes = SparseSizes

/// Sizes of some items of a section, sorted by item: sparse, so that a
/// million-item section stores only the cells that were measured or given a
/// size, and in order, so that a layout walks them without sorting.
///
/// The entries are kept in chunks of at most `maximumChunk`, each shared
/// between copies of the table until one of them changes it. A copy that
/// changes one entry copies the list of chunks and the one chunk it
/// changes, not the table: a host that keeps the state before every command
/// (stk's undo) while a long script measures cell after cell would otherwise
/// copy every measurement so far at every command, in time and in memory
/// (a script scrolling a self-sizing section: 20,000 lines took 2 minutes
/// and 2 GB).
public struct SparseSizes: Equatable, Sendable {
    /// A run of entries, sorted by item; never empty in a table.
    final class Chunk: @unchecked Sendable {
        // Changed only through a reference known to be unique (`uniqueChunk`).
        var items: [Int]
        var sizes: [CGSize]
        init(items: [Int], sizes: [CGSize]) {
            self.items = items
            self.sizes = sizes
        }
    }

    /// How many entries a chunk holds at most: a change copies one chunk,
    /// and a copy of the table one reference per chunk.
    static let maximumChunk = 1024

    private var chunks: [Chunk] = []
    /// `ends[c]`: the entries in chunks `0...c` (the index after chunk c's last).
    private var ends: [Int] = []

    public init() {}

    public var isEmpty: Bool { chunks.isEmpty }
    public var count: Int { ends.last ?? 0 }

    /// The items, in order (made on each call: walks that read them all).
    public var items: [Int] { chunks.flatMap(\.items) }
    /// The sizes, in the items' order (made on each call).
    public var sizes: [CGSize] { chunks.flatMap(\.sizes) }
    /// The entries as (item, size) pairs, in item order (made on each call).
    public var entries: Zip2Sequence<[Int], [CGSize]> { zip(items, sizes) }

    /// The item of the entry at `index` (0..<count), in entry order.
    public func item(at index: Int) -> Int {
        let (c, offset) = position(of: index)
        return chunks[c].items[offset]
    }

    /// The size of the entry at `index` (0..<count), in entry order.
    public func size(at index: Int) -> CGSize {
        let (c, offset) = position(of: index)
        return chunks[c].sizes[offset]
    }

    /// The index of the first entry at or after `item` (`count` when none is).
    public func firstIndex(atOrAfter item: Int) -> Int {
        let place = locate(item)
        return start(of: place.chunk) + place.offset
    }

    public subscript(item: Int) -> CGSize? {
        get {
            let place = locate(item)
            guard place.isPresent else { return nil }
            return chunks[place.chunk].sizes[place.offset]
        }
        set {
            let place = locate(item)
            switch (place.isPresent, newValue) {
            case (true, let size?): uniqueChunk(place.chunk).sizes[place.offset] = size
            case (true, nil): remove(at: place)
            case (false, let size?): insert(item, size, at: place)
            case (false, nil): break
            }
        }
    }

    /// Builds from pairs in any order (a later pair for the same item wins).
    init<S: Sequence>(pairs: S) where S.Element == (Int, CGSize) {
        var byItem: [Int: CGSize] = [:]
        for (i, s) in pairs { byItem[i] = s }
        let items = byItem.keys.sorted()
        self.init(sortedItems: items, sizes: items.map { byItem[$0]! })
    }

    /// Builds from entries already sorted by item, without repeats.
    init(sortedItems: [Int], sizes: [CGSize]) {
        precondition(sortedItems.count == sizes.count)
        // Chunks three quarters full: the next entries go in without a split.
        let step = Self.maximumChunk * 3 / 4
        var start = 0
        while start < sortedItems.count {
            let end = min(start + step, sortedItems.count)
            chunks.append(Chunk(items: Array(sortedItems[start..<end]), sizes: Array(sizes[start..<end])))
            ends.append(end)
            start = end
        }
    }

    /// The same items with every size transformed.
    func mapSizes(_ transform: (CGSize) -> CGSize) -> SparseSizes {
        var result = self
        result.chunks = chunks.map { Chunk(items: $0.items, sizes: $0.sizes.map(transform)) }
        return result
    }

    /// The entries of both, those of `other` winning for an item in both: a
    /// merge of two sorted lists, in time proportional to their entries.
    func overlaid(with other: SparseSizes) -> SparseSizes {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let (items, sizes) = (self.items, self.sizes), (otherItems, otherSizes) = (other.items, other.sizes)
        var resultItems: [Int] = [], resultSizes: [CGSize] = []
        resultItems.reserveCapacity(items.count + otherItems.count)
        resultSizes.reserveCapacity(items.count + otherItems.count)
        var a = 0, b = 0
        while a < items.count || b < otherItems.count {
            if b == otherItems.count || (a < items.count && items[a] < otherItems[b]) {
                resultItems.append(items[a]); resultSizes.append(sizes[a]); a += 1
            } else {
                if a < items.count && items[a] == otherItems[b] { a += 1 }
                resultItems.append(otherItems[b]); resultSizes.append(otherSizes[b]); b += 1
            }
        }
        return SparseSizes(sortedItems: resultItems, sizes: resultSizes)
    }

    /// The same entries, however they are chunked: a table and its unchanged
    /// copy share their chunks and compare by reference, chunk by chunk.
    public static func == (a: SparseSizes, b: SparseSizes) -> Bool {
        guard a.ends == b.ends else { return a.count == b.count && a.items == b.items && a.sizes == b.sizes }
        for (x, y) in zip(a.chunks, b.chunks) where x !== y {
            guard x.items == y.items, x.sizes == y.sizes else { return false }
        }
        return true
    }

    /// How many chunks this table shares with `other` (the same objects):
    /// what a copy has not had to copy.
    func chunksShared(with other: SparseSizes) -> Int { countShared(chunks, with: other.chunks) }

    /// How many chunks hold the entries.
    var chunkCount: Int { chunks.count }

    // MARK: Finding and changing entries

    /// Where `item`'s entry is, or would go: its chunk, and its offset there.
    private struct Place {
        var chunk: Int
        var offset: Int
        var isPresent: Bool
    }

    private func locate(_ item: Int) -> Place {
        // The first chunk whose last item is at or after `item`; past them
        // all, the end of the last chunk.
        let c = LayoutKit.firstIndex(in: chunks.indices) { chunks[$0].items[chunks[$0].items.count - 1] >= item }
        guard c < chunks.count else {
            return Place(chunk: max(0, chunks.count - 1), offset: chunks.last?.items.count ?? 0, isPresent: false)
        }
        let items = chunks[c].items
        let offset = LayoutKit.firstIndex(in: items.indices) { items[$0] >= item }
        return Place(chunk: c, offset: offset, isPresent: items[offset] == item)
    }

    /// The chunk holding the entry at `index`, and the entry's offset there.
    private func position(of index: Int) -> (chunk: Int, offset: Int) {
        precondition(index >= 0 && index < count, "entry \(index) of \(count)")
        let c = LayoutKit.firstIndex(in: ends.indices) { ends[$0] > index }
        return (c, index - start(of: c))
    }

    /// The index of chunk c's first entry.
    private func start(of c: Int) -> Int { c > 0 ? ends[c - 1] : 0 }

    /// Chunk c, copied first when another table shares it.
    private mutating func uniqueChunk(_ c: Int) -> Chunk {
        if !isKnownUniquelyReferenced(&chunks[c]) {
            chunks[c] = Chunk(items: chunks[c].items, sizes: chunks[c].sizes)
        }
        return chunks[c]
    }

    private mutating func insert(_ item: Int, _ size: CGSize, at place: Place) {
        guard !chunks.isEmpty else {
            chunks = [Chunk(items: [item], sizes: [size])]
            ends = [1]
            return
        }
        let chunk = uniqueChunk(place.chunk)
        chunk.items.insert(item, at: place.offset)
        chunk.sizes.insert(size, at: place.offset)
        for c in place.chunk..<ends.count { ends[c] += 1 }
        guard chunk.items.count > Self.maximumChunk else { return }
        // Full: its second half becomes a chunk of its own.
        let half = chunk.items.count / 2
        let second = Chunk(items: Array(chunk.items[half...]), sizes: Array(chunk.sizes[half...]))
        chunk.items.removeSubrange(half...)
        chunk.sizes.removeSubrange(half...)
        chunks.insert(second, at: place.chunk + 1)
        ends.insert(ends[place.chunk], at: place.chunk + 1)
        ends[place.chunk] -= second.items.count
    }

    private mutating func remove(at place: Place) {
        if chunks[place.chunk].items.count == 1 {
            chunks.remove(at: place.chunk)
            ends.remove(at: place.chunk)
            for c in place.chunk..<ends.count { ends[c] -= 1 }
            return
        }
        let chunk = uniqueChunk(place.chunk)
        chunk.items.remove(at: place.offset)
        chunk.sizes.remove(at: place.offset)
        for c in place.chunk..<ends.count { ends[c] -= 1 }
    }
}
