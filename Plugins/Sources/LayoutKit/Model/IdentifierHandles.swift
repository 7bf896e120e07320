import Foundation

/// The names of one kind of identifier (sections or items) and the integer
/// handles snapshots store instead. stk's own names (`I42`, `S3`: the prefix,
/// then a number written without leading zeros) are their number; any other
/// word gets a negative handle the first time it is seen. The table only
/// grows and is shared by every snapshot copied from one another, so the
/// handles of related snapshots compare directly, and a name always has the
/// same handle.
final class IdentifierNames: @unchecked Sendable {
    let prefix: String
    private let prefixByte: UInt8
    /// Guards `handles` and `words`: snapshots are values, and copies in
    /// other threads share this table.
    private let lock = NSLock()
    private var handles: [String: Int] = [:]
    private var words: [String] = []

    init(prefix: Character) {
        self.prefix = String(prefix)
        prefixByte = prefix.asciiValue!
    }

    /// The handle of `name`, given one if it has none yet.
    func handle(_ name: String) -> Int {
        if let number = number(of: name) { return number }
        return lock.withLock {
            if let h = handles[name] { return h }
            words.append(name)
            handles[name] = -words.count
            return -words.count
        }
    }

    /// The handle of `name` if it has one (an unknown word has none, and is in
    /// no snapshot).
    func existingHandle(_ name: String) -> Int? {
        if let number = number(of: name) { return number }
        return lock.withLock { handles[name] }
    }

    func name(_ handle: Int) -> String {
        if handle >= 0 { return prefix + String(handle) }
        return lock.withLock { words[-handle - 1] }
    }

    /// How many words have negative handles (-1 ... -count).
    var wordCount: Int { lock.withLock { words.count } }

    /// `I42` → 42 for prefix I; nil for anything else (`I042`, `I`, `N1`).
    /// At most 15 digits, far from overflow.
    private func number(of name: String) -> Int? {
        let utf8 = name.utf8
        guard utf8.count >= 2, utf8.count <= 16, utf8.first == prefixByte else { return nil }
        var value = 0
        for (k, byte) in utf8.dropFirst().enumerated() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            // A leading zero makes another word: I07 is not I7.
            if k == 0 && byte == UInt8(ascii: "0") && utf8.count > 2 { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A set of handles: a bit per number, a hash set for words.
struct HandleSet: Sendable {
    private var bits: [UInt64] = []
    private var words: Set<Int> = []

    init() {}

    init<S: Sequence>(_ handles: S) where S.Element == Int {
        for h in handles { insert(h) }
    }

    func contains(_ h: Int) -> Bool {
        if h < 0 { return words.contains(h) }
        let word = h >> 6
        return word < bits.count && bits[word] & (1 << UInt64(h & 63)) != 0
    }

    mutating func insert(_ h: Int) {
        if h < 0 { words.insert(h); return }
        let word = h >> 6
        if word >= bits.count { bits += repeatElement(0, count: max(word + 1 - bits.count, bits.count)) }
        bits[word] |= 1 << UInt64(h & 63)
    }

    mutating func remove(_ h: Int) {
        if h < 0 { words.remove(h); return }
        let word = h >> 6
        if word < bits.count { bits[word] &= ~(1 << UInt64(h & 63)) }
    }
}

/// A map from handles to small values (positions), as flat arrays: numbers
/// index one array, words (negative handles) another. Absent is `nil`.
struct HandleMap {
    private var numbers: [Int] = []
    private var words: [Int] = []

    /// Room for numbers below `numberBound` and `wordCount` words without growing.
    init(numberBound: Int = 0, wordCount: Int = 0) {
        numbers = Array(repeating: -1, count: max(0, numberBound))
        words = Array(repeating: -1, count: max(0, wordCount))
    }

    subscript(h: Int) -> Int? {
        get {
            let value: Int
            if h >= 0 { value = h < numbers.count ? numbers[h] : -1 } else { value = -h - 1 < words.count ? words[-h - 1] : -1 }
            return value < 0 ? nil : value
        }
        set {
            let value = newValue ?? -1
            if h >= 0 {
                if h >= numbers.count { numbers += repeatElement(-1, count: h + 1 - numbers.count) }
                numbers[h] = value
            } else {
                let w = -h - 1
                if w >= words.count { words += repeatElement(-1, count: w + 1 - words.count) }
                words[w] = value
            }
        }
    }
}
