import Foundation

extension Diagnostic {
    /// The diagnostic as stk prints it to stderr, ending with a newline.
    ///
    /// With `colors`, the location and message are bold, `error:` and the
    /// caret line bold red, `warning:` and `note:` bold; nothing else is
    /// coloured. Without it the text is plain, for byte-for-byte comparison.
    ///
    /// `typedEntry` names the input the user just typed at the REPL: a
    /// diagnostic in it leaves out `FILE:LINE:COL:` (the line and the caret
    /// say where), and a note of its own about it (`loaded ...`, `... is
    /// unchanged`) is its message alone, as an interactive shell prints them.
    /// Notes under an error keep their line and caret (`'batch' opened here`
    /// means nothing without them). Other files keep their location.
    public func rendered(colors: Bool = false, typedEntry: String? = nil) -> String {
        var out = ""
        render(into: &out, colors: colors, typedEntry: typedEntry, underAnother: false)
        for site in includeTrail {
            out += style("note:", .bold, colors) + " included from \(site.fileName):\(site.line)\n"
        }
        return out
    }

    private func render(into out: inout String, colors: Bool, typedEntry: String?, underAnother: Bool) {
        let label = style("\(severity.rawValue):", severity == .error ? .boldRed : .bold, colors)
        let typed = location != nil && location?.fileName == typedEntry
        if let location, !typed {
            let position = "\(location.fileName):\(location.range.start.line):\(location.range.start.column):"
            out += style(position, .bold, colors) + " "
        }
        out += label + " " + style(Diagnostic.abbreviatingLongWords(fullMessage), .bold, colors) + "\n"
        if let location, !(typed && severity == .note && !underAnother) {
            let shown = Diagnostic.window(of: location)
            out += "    " + shown.lineText + "\n"
            out += "    " + style(Diagnostic.caretLine(for: shown), severity == .error ? .boldRed : .bold, colors) + "\n"
        }
        for note in notes { note.render(into: &out, colors: colors, typedEntry: typedEntry, underAnother: true) }
    }

    /// The most characters of a line a diagnostic shows, and of one word of
    /// its message: a 10 MB token is quoted by its start, not copied whole
    /// three times (message, line, caret).
    static let longestShownLine = 300
    static let longestShownWord = 200

    /// The location with its line cut to `longestShownLine` characters around
    /// the start of the range (`...` where it was cut), the range moved to match.
    static func window(of location: Location) -> Location {
        let line = location.lineText
        guard line.utf8.count > longestShownLine, line.count > longestShownLine else { return location }
        let start = max(location.range.start.column, 1) - 1
        let first = max(0, min(start - 80, line.count - longestShownLine))
        let last = min(line.count, first + longestShownLine)
        let lower = line.index(line.startIndex, offsetBy: first)
        let upper = line.index(lower, offsetBy: last - first)
        let lead = first > 0 ? "..." : ""
        var cut = location
        cut.lineText = lead + line[lower..<upper] + (last < line.count ? "..." : "")
        let shift = lead.count - first
        let end = location.range.end.line == location.range.start.line
            ? min(location.range.end.column + shift, lead.count + (last - first) + 1)
            : lead.count + (last - first) + 1
        cut.range = SourceRange(start: SourceLocation(line: location.range.start.line, column: location.range.start.column + shift),
                                end: SourceLocation(line: location.range.start.line, column: max(end, location.range.start.column + shift)))
        return cut
    }

    /// The message with each word (a run without blanks) longer than
    /// `longestShownWord` cut to its start and a count of what was left out.
    static func abbreviatingLongWords(_ message: String) -> String {
        guard message.utf8.count > longestShownWord else { return message }
        var result = ""
        var word = Substring()
        func flush() {
            if word.count > longestShownWord {
                // A closing quote or comma stays, so the sentence still reads.
                let closing = word.last.map { $0.isLetter || $0.isNumber ? "" : String($0) } ?? ""
                result += word.prefix(longestShownWord / 2) + "...(\(word.count) characters)" + closing
            } else {
                result += word
            }
        }
        var rest = Substring(message)
        while let blank = rest.firstIndex(where: { $0 == " " || $0 == "\n" }) {
            word = rest[..<blank]
            flush()
            result.append(rest[blank])
            rest = rest[rest.index(after: blank)...]
        }
        word = rest
        flush()
        return result
    }

    /// `^~~~` under the range, on the range's first line. Blanks before the
    /// caret copy the line's tabs so the caret lines up whatever the tab width.
    /// A range running onto later lines is underlined to the end of the first;
    /// an empty range (a missing argument) gets a lone `^`.
    static func caretLine(for location: Location) -> String {
        let line = Array(location.lineText)
        let start = max(location.range.start.column, 1)
        var prefix = ""
        for i in 0..<(start - 1) {
            prefix.append(i < line.count && line[i] == "\t" ? "\t" : " ")
        }
        let endColumn = location.range.end.line == location.range.start.line
            ? location.range.end.column
            : line.count + 1
        let length = max(endColumn - start, 1)
        return prefix + "^" + String(repeating: "~", count: length - 1)
    }

    private enum Style: String {
        case bold = "\u{1B}[1m"
        case boldRed = "\u{1B}[1;31m"
    }

    private func style(_ text: String, _ style: Style, _ enabled: Bool) -> String {
        enabled ? style.rawValue + text + "\u{1B}[0m" : text
    }
}
