import Foundation
import LayoutKit

/// The sections of an undo state, stored so that states share what did not
/// change: the sections are cut into chunks, each an immutable object, and a
/// new state reuses every chunk of the state before it whose sections are
/// the same. A state then costs a pointer per chunk plus the chunks that
/// changed, not a copy of every section: a million sections and a hundred
/// inserts keep about one copy of the data, not a hundred.
///
/// Chunks end where a section's identity says so (about one section in
/// `averageChunk`, and at most `maximumChunk` sections), not at fixed
/// positions, so an insert or a delete near the start changes one chunk
/// instead of shifting every one after it.
struct SharedSections {
    final class Chunk {
        let sections: [SectionData]
        init(_ sections: [SectionData]) { self.sections = sections }
    }

    static let averageChunk = 256
    static let maximumChunk = 1024

    private(set) var chunks: [Chunk] = []
    let count: Int

    /// Chunks `sections`, reusing the equal chunks of `previous`.
    init(_ sections: [SectionData], sharingWith previous: SharedSections?) {
        count = sections.count
        var reusable: [Int: [Chunk]] = [:]
        for chunk in previous?.chunks ?? [] {
            reusable[chunk.sections[0].identity, default: []].append(chunk)
        }
        var start = 0
        while start < sections.count {
            var end = start + 1
            while end < sections.count, end - start < Self.maximumChunk, !Self.endsChunk(sections[end - 1]) { end += 1 }
            let slice = sections[start..<end]
            if let same = reusable[slice.first!.identity]?.first(where: { $0.sections.elementsEqual(slice) }) {
                chunks.append(same)
            } else {
                chunks.append(Chunk(Array(slice)))
            }
            start = end
        }
    }

    private static func endsChunk(_ section: SectionData) -> Bool {
        var z = UInt64(bitPattern: Int64(section.identity)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) % UInt64(averageChunk) == 0
    }

    /// Every section, in order.
    var array: [SectionData] {
        var result: [SectionData] = []
        result.reserveCapacity(count)
        for chunk in chunks { result.append(contentsOf: chunk.sections) }
        return result
    }

    /// Whether these are exactly `sections`, compared without copying.
    func equals(_ sections: [SectionData]) -> Bool {
        guard sections.count == count else { return false }
        var i = 0
        for chunk in chunks {
            guard chunk.sections.elementsEqual(sections[i..<(i + chunk.sections.count)]) else { return false }
            i += chunk.sections.count
        }
        return true
    }

    /// The chunk objects, for tests of sharing.
    var chunkIdentities: [ObjectIdentifier] { chunks.map(ObjectIdentifier.init) }
}
