import Foundation

/// Reading `stk --json` output with JSONSerialization, as a consumer would.
enum JSONLines {
    struct NotAnObject: Error, CustomStringConvertible {
        let line: String
        var description: String { "not a JSON object on one line: \(line.debugDescription)" }
    }

    /// Every line of `text` as a JSON object; throws at the first line that is not one.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try StkResult.lines(text).map(object)
    }

    static func object(_ line: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
        guard let object = value as? [String: Any] else { throw NotAnObject(line: line) }
        return object
    }

    /// The keys of a one-line JSON object in the order they are written
    /// (JSONSerialization forgets the order; the contract fixes it).
    static func keyOrder(_ line: String) throws -> [String] {
        let object = try object(line)
        return object.keys
            .map { key in (key, line.range(of: "\"\(key)\":")!.lowerBound) }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }
}

/// A JSON number as a Double, whatever type JSONSerialization chose for it.
func number(_ value: Any?) -> Double? {
    switch value {
    case let n as Int: return Double(n)
    case let n as Double: return n
    case let n as NSNumber: return n.doubleValue
    default: return nil
    }
}

/// A JSON array of numbers.
func numbers(_ value: Any?) -> [Double]? {
    guard let array = value as? [Any] else { return nil }
    let converted = array.compactMap(number)
    return converted.count == array.count ? converted : nil
}

/// A JSON array of index paths: `[[0,3],[1,0]]`.
func indexPaths(_ value: Any?) -> [[Double]]? {
    guard let array = value as? [Any] else { return nil }
    let converted = array.compactMap(numbers)
    return converted.count == array.count ? converted : nil
}
