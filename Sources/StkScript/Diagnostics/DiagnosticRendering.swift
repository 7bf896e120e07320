import Foundation

extension Diagnostic {
    /// The diagnostic as stk prints it to stderr, ending with a newline.
    ///
    /// With `colors`, the location and message are bold, `error:` and the
    /// caret line bold red, `warning:` and `note:` bold; nothing else is
    /// coloured. Without it the text is plain, for byte-for-byte comparison.
    public func rendered(colors: Bool = false) -> String {
        var out = ""
        render(into: &out, colors: colors)
        for site in includeTrail {
            out += style("note:", .bold, colors) + " included from \(site.fileName):\(site.line)\n"
        }
        return out
    }

    private func render(into out: inout String, colors: Bool) {
        let label = style("\(severity.rawValue):", severity == .error ? .boldRed : .bold, colors)
        if let location {
            let position = "\(location.fileName):\(location.range.start.line):\(location.range.start.column):"
            out += style(position, .bold, colors) + " " + label + " " + style(fullMessage, .bold, colors) + "\n"
            out += "    " + location.lineText + "\n"
            out += "    " + style(Diagnostic.caretLine(for: location), severity == .error ? .boldRed : .bold, colors) + "\n"
        } else {
            out += label + " " + style(fullMessage, .bold, colors) + "\n"
        }
        for note in notes { note.render(into: &out, colors: colors) }
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
