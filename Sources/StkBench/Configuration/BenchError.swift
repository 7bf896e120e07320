import Foundation

/// A benchmark that cannot run as configured. The message names the offending
/// field or value and what was expected, so the command line can show it as is.
public struct BenchError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var errorDescription: String? { message }
}
