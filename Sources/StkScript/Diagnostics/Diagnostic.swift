import Foundation

/// An error, warning or note about a script, with where it is.
///
/// Rendered (see `rendered(colors:)`) as
///
///     FILE:LINE:COL: error: MESSAGE; did you mean 'X'?
///         the offending line
///             ^~~~
///     FILE:LINE:COL: note: a located note, with its own line and caret
///     note: a note without a location
///     note: included from OUTER.stk:3
///
/// Notes follow their diagnostic; `included from` lines come last, one per
/// level of `include`, innermost first (the file that included this one,
/// then the file that included that one), as a compiler prints them.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// Where a diagnostic points: the file's name, the range, and the text of
    /// the range's first line (kept so the diagnostic renders on its own).
    /// `Diagnostic(_:_:at:in:)` and its kind make them from a source file.
    public struct Location: Equatable, Sendable {
        public var fileName: String
        public var range: SourceRange
        public var lineText: String
    }

    /// One level of `include`: the file that included and the line of its
    /// `include` (made by the interpreter as it runs one).
    public struct IncludeSite: Equatable, Sendable {
        public var fileName: String
        public var line: Int
    }

    public var severity: Severity
    /// The message, lower-case first, naming the offending value and what was expected.
    public var message: String
    public var location: Location?
    /// A near name, rendered as `; did you mean 'X'?` after the message.
    public var suggestion: String?
    /// Further explanation: a usage line, where a batch was opened.
    public var notes: [Diagnostic]
    /// The `include` chain, innermost first.
    public var includeTrail: [IncludeSite]

    public init(_ severity: Severity, _ message: String, location: Location? = nil,
                suggestion: String? = nil, notes: [Diagnostic] = [], includeTrail: [IncludeSite] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.suggestion = suggestion
        self.notes = notes
        self.includeTrail = includeTrail
    }

    /// A diagnostic at `range` of `file`.
    public init(_ severity: Severity, _ message: String, at range: SourceRange, in file: SourceFile,
                suggestion: String? = nil, notes: [Diagnostic] = []) {
        let location = Location(fileName: file.name, range: range, lineText: file.line(range.start.line) ?? "")
        self.init(severity, message, location: location, suggestion: suggestion, notes: notes)
    }

    /// The same diagnostic seen through one more level of `include`: `site`
    /// is the outer file's `include` line. Call it as the error travels out,
    /// innermost level first.
    public func included(from site: IncludeSite) -> Diagnostic {
        var copy = self
        copy.includeTrail.append(site)
        return copy
    }

    /// The message with its suggestion: `unknown command 'lauout'; did you mean 'layout'?`.
    public var fullMessage: String {
        guard let suggestion else { return message }
        return "\(message); did you mean '\(suggestion)'?"
    }

    /// The rendered text without colours.
    public var description: String { rendered() }
}
