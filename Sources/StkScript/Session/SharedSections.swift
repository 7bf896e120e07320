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
///
/// A chunk of plain sections that differ only in their identities and
/// revisions, each one more than the section before (what `sections N
/// items=M` makes, and what no update has touched since), is a run: its
/// first section and a count. The state of a million such sections costs a
/// few thousand small objects, not a copy of the data; a chunk holds its
/// sections one by one only once one of them changed.
struct SharedSections {
    final class Chunk {
        /// The sections, unless the chunk is a run.
        let sections: [SectionData]
        /// The first section; in a run, the k-th is this one with identity
        /// and revision each k more.
        let first: SectionData
        let count: Int
        var isRun: Bool { sections.isEmpty }

        init(_ slice: ArraySlice<SectionData>) {
            first = slice.first!
            count = slice.count
            sections = Self.isRun(slice) ? [] : Array(slice)
        }

        /// Whether `slice` is a run: plain sections equal to the first but
        /// for identities and revisions that count up from it one by one.
        static func isRun(_ slice: ArraySlice<SectionData>) -> Bool {
            let first = slice.first!
            guard first.isPlain else { return false }
            var k = 0
            for section in slice.dropFirst() {
                k += 1
                guard section.identity == first.identity + k, section.revision == first.revision + k,
                      section.itemCount == first.itemCount, section.headerSize == first.headerSize,
                      section.footerSize == first.footerSize, section.isPlain else { return false }
            }
            return true
        }

        /// Whether the chunk holds exactly the sections of `slice`.
        func holds(_ slice: ArraySlice<SectionData>) -> Bool {
            guard slice.count == count else { return false }
            if !isRun { return sections.elementsEqual(slice) }
            return slice.first! == first && Self.isRun(slice)
        }

        func append(to result: inout [SectionData]) {
            if !isRun { return result.append(contentsOf: sections) }
            result.append(first)
            for k in 1..<count { result.append(first.renumbered(identity: first.identity + k, revision: first.revision + k)) }
        }
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
            reusable[chunk.first.identity, default: []].append(chunk)
        }
        var start = 0
        while start < sections.count {
            var end = start + 1
            while end < sections.count, end - start < Self.maximumChunk, !Self.endsChunk(sections[end - 1]) { end += 1 }
            let slice = sections[start..<end]
            if let same = reusable[slice.first!.identity]?.first(where: { $0.holds(slice) }) {
                chunks.append(same)
            } else {
                chunks.append(Chunk(slice))
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
        for chunk in chunks { chunk.append(to: &result) }
        return result
    }

    /// Whether these are exactly `sections`, compared without copying.
    func equals(_ sections: [SectionData]) -> Bool {
        guard sections.count == count else { return false }
        var i = 0
        for chunk in chunks {
            guard chunk.holds(sections[i..<(i + chunk.count)]) else { return false }
            i += chunk.count
        }
        return true
    }

    /// Whether these hold the same sections as `other`, taken from the same
    /// data or sharing with it (`init(_:sharingWith:)`): two takes of equal
    /// sections cut them at the same places and share every chunk, so equal
    /// data is the same chunk objects, compared without reading a section.
    func isSame(as other: SharedSections) -> Bool {
        count == other.count && chunks.count == other.chunks.count
            && zip(chunks, other.chunks).allSatisfy { $0 === $1 }
    }

    /// Turns `sections`, which hold exactly these sections, into exactly
    /// `target`'s, rewriting only where the two do not share chunks: what
    /// `undo` does to the data it restores, so it costs what the undone
    /// command changed, not a copy of every section (an insert or a delete of
    /// sections also moves the sections after it, one memory move).
    ///
    /// The chunks they share are found by identity, in order: every run of
    /// target chunks between two shared ones replaces what lies between the
    /// same two here. A chunk that moved (`move section`) is rewritten where
    /// it now is; the result is the target's sections either way.
    func patch(_ sections: inout [SectionData], into target: SharedSections) {
        precondition(sections.count == count, "patch: the sections are not these")
        var place: [ObjectIdentifier: Int] = [:]
        place.reserveCapacity(chunks.count)
        var starts: [Int] = []
        starts.reserveCapacity(chunks.count + 1)
        var start = 0
        for (k, chunk) in chunks.enumerated() {
            place[ObjectIdentifier(chunk)] = k
            starts.append(start)
            start += chunk.count
        }
        starts.append(start)
        var edits: [(range: Range<Int>, chunks: ArraySlice<Chunk>)] = []
        var next = 0           // the first chunk here not yet matched or replaced
        var pendingStart = 0   // the first target chunk not yet placed
        for (t, chunk) in target.chunks.enumerated() {
            guard let k = place[ObjectIdentifier(chunk)], k >= next else { continue }
            if next < k || pendingStart < t {
                edits.append((starts[next]..<starts[k], target.chunks[pendingStart..<t]))
            }
            next = k + 1
            pendingStart = t + 1
        }
        if next < chunks.count || pendingStart < target.chunks.count {
            edits.append((starts[next]..<starts[chunks.count], target.chunks[pendingStart...]))
        }
        // Back to front, so that each range is still where it was found.
        for edit in edits.reversed() {
            var replacement: [SectionData] = []
            replacement.reserveCapacity(edit.chunks.reduce(0) { $0 + $1.count })
            for chunk in edit.chunks { chunk.append(to: &replacement) }
            sections.replaceSubrange(edit.range, with: replacement)
        }
    }

    /// The chunk objects, for tests of sharing.
    var chunkIdentities: [ObjectIdentifier] { chunks.map(ObjectIdentifier.init) }

    /// How many sections the chunks hold one by one (runs hold one each):
    /// what the state costs beyond a pointer per chunk, for tests.
    var storedSections: Int { chunks.reduce(0) { $0 + ($1.isRun ? 1 : $1.count) } }
}
