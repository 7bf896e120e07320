import Foundation

/// A problem found while parsing one command, before it becomes a `Diagnostic`
/// (which needs the file).
struct ParseError: Error {
    var message: String
    var range: SourceRange
    var suggestion: String?
    /// Usage lines, shown as `note: usage: ...`.
    var usages: [String]
    /// Located notes: where a batch was opened, where an option was first given.
    var notes: [Note]

    struct Note {
        var message: String
        var range: SourceRange
    }

    init(_ message: String, at range: SourceRange, suggestion: String? = nil, usages: [String] = [], notes: [Note] = []) {
        self.message = message
        self.range = range
        self.suggestion = suggestion
        self.usages = usages
        self.notes = notes
    }

    func diagnostic(in file: SourceFile) -> Diagnostic {
        let located = notes.map { Diagnostic(.note, $0.message, at: $0.range, in: file) }
        let usageNotes = usages.map { Diagnostic(.note, "usage: \($0)") }
        return Diagnostic(.error, message, at: range, in: file, suggestion: suggestion, notes: located + usageNotes)
    }

    /// `unexpected extra argument 'x'`, with the command's usage.
    static func extraArgument(_ token: Token, verb: String, usages: [String]? = nil) -> ParseError {
        if let keyword = token.word, keyword == "end" || keyword == "batch" { return commandWordAsArgument(token, keyword) }
        return ParseError("unexpected extra argument '\(token.text)'", at: token.range,
                          usages: usages ?? CommandCatalog.command(named: verb)?.usages ?? [])
    }

    /// `batch; delete section 8 end`: `end` (or `batch`) written as an
    /// argument of the command before it.
    static func commandWordAsArgument(_ token: Token, _ keyword: String) -> ParseError {
        ParseError("'\(keyword)' is a command of its own, not an argument: put ';' or a new line before it", at: token.range)
    }
}
