import Foundation

/// An array whose copies share their elements in chunks: a copy cut short
/// (`prefix(_:)`) and grown again shares every full chunk before the cut
/// with the original and copies at most one chunk. A self-sizing section's
/// line blocks are kept this way: each measurement keeps the blocks before
/// the measured item and lays out the rest again, and with a plain array the
/// blocks kept were copied at every measurement, so a list scrolled through
/// cell by cell took time in the square of the cells measured.
///
/// Every chunk but the last is full, so an index is a chunk and an offset.
struct ChunkedArray<Element>: RandomAccessCollection {
    final class Chunk {
        // Changed only through a reference known to be unique (`uniqueLast`).
        var elements: [Element]
        init(_ elements: [Element]) {
            self.elements = elements
            self.elements.reserveCapacity(chunkSize)
        }
    }

    /// Elements per chunk: a power of two, so an index splits by shifting.
    static var chunkShift: Int { 6 }
    private static var chunkSize: Int { 1 << chunkShift }
    private static var offsetMask: Int { chunkSize - 1 }

    private var chunks: [Chunk] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index \(index) of \(count)")
        return chunks[index >> Self.chunkShift].elements[index & Self.offsetMask]
    }

    mutating func append(_ element: Element) {
        if count & Self.offsetMask == 0 {
            chunks.append(Chunk([element]))
        } else {
            uniqueLast().elements.append(element)
        }
        count += 1
    }

    mutating func removeLast() {
        precondition(count > 0, "removeLast of an empty ChunkedArray")
        count -= 1
        if count & Self.offsetMask == 0 {
            chunks.removeLast()
        } else {
            uniqueLast().elements.removeLast()
        }
    }

    /// The first `length` elements, sharing every full chunk among them.
    func prefix(_ length: Int) -> ChunkedArray {
        precondition(length >= 0 && length <= count, "prefix \(length) of \(count)")
        var result = ChunkedArray()
        let full = length >> Self.chunkShift, rest = length & Self.offsetMask
        result.chunks = Array(chunks[..<full])
        if rest > 0 { result.chunks.append(Chunk(Array(chunks[full].elements[..<rest]))) }
        result.count = length
        return result
    }

    /// The last chunk, copied first when another array shares it.
    private mutating func uniqueLast() -> Chunk {
        let last = chunks.count - 1
        if !isKnownUniquelyReferenced(&chunks[last]) { chunks[last] = Chunk(chunks[last].elements) }
        return chunks[last]
    }

    /// How many chunks this array shares with `other` (the same objects).
    func chunksShared(with other: ChunkedArray) -> Int { countShared(chunks, with: other.chunks) }
}

/// How many of `mine` are in `theirs` too, the same objects: what a copy
/// shares with the storage it came from (the chunked containers' tests).
func countShared<Object: AnyObject>(_ mine: [Object], with theirs: [Object]) -> Int {
    let theirs = Set(theirs.map(ObjectIdentifier.init))
    return mine.filter { theirs.contains(ObjectIdentifier($0)) }.count
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) {
        self.init()
        for element in elements { append(element) }
    }
}

extension ChunkedArray: Equatable where Element: Equatable {
    static func == (a: ChunkedArray, b: ChunkedArray) -> Bool { a.elementsEqual(b) }
}
