import Foundation

/// How one `#>` line matches a line of output (docs/language.md, "Golden
/// transcripts"):
///
/// - a line that is only `...` matches any number of lines (TranscriptEntry);
/// - `...` inside a line matches any run of characters, none included:
///   `#> item 1:0 frame=... zIndex=0` ;
/// - `{{REGEX}}` matches what the regular expression matches (ICU syntax, as
///   NSRegularExpression reads it), as FileCheck's `{{...}}`:
///   `#> saved {{[0-9]+}} commands to session.stk` ;
/// - anything else matches itself, character for character.
///
/// A line without `...` and `{{` is compared as plain text.
enum LinePattern {
    /// Whether the `#>` text `pattern` matches the output line `line`.
    static func matches(_ pattern: String, _ line: String) -> Bool {
        guard isPattern(pattern) else { return pattern == line }
        guard let regex = regex(for: pattern) else { return pattern == line }
        let range = NSRange(line.startIndex..., in: line)
        return regex.firstMatch(in: line, options: [.anchored], range: range)?.range == range
    }

    /// Whether `pattern` holds an inline `...` or a `{{...}}`.
    static func isPattern(_ pattern: String) -> Bool {
        pattern.contains("...") || (pattern.contains("{{") && pattern.contains("}}"))
    }

    /// Compiled patterns (nil: did not compile), shared by the files a run
    /// checks in parallel; emptied past 10,000 entries.
    private static let cache = Locked<[String: NSRegularExpression?]>([:])

    /// The whole-line regular expression of a pattern; nil when a `{{...}}`
    /// does not compile (the line then matches only itself).
    static func regex(for pattern: String) -> NSRegularExpression? {
        if let known = cache.withValue({ $0[pattern] }) { return known }
        var source = ""
        var rest = Substring(pattern)
        while !rest.isEmpty {
            if rest.hasPrefix("{{"), let close = rest.dropFirst(2).range(of: "}}") {
                source += "(?:" + rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound] + ")"
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("...") {
                source += ".*"
                rest = rest.dropFirst(3)
            } else {
                source += NSRegularExpression.escapedPattern(for: String(rest.first!))
                rest = rest.dropFirst()
            }
        }
        let regex = try? NSRegularExpression(pattern: "^(?:" + source + ")$", options: [])
        cache.withValue {
            if $0.count > 10_000 { $0.removeAll() }
            $0[pattern] = .some(regex)
        }
        return regex
    }
}

extension TranscriptEntry {
    /// The `#>` lines `--update` writes for `output`: the block as it is
    /// wherever it still matches, so that every `...` line, inline `...` and
    /// `{{regex}}` that still matches is kept, and the actual output where
    /// it does not (as snapbox keeps its wildcards). Falls back to the output
    /// as it is when the merge would not match it.
    public func updatedBlock(for output: [String]) -> [String] {
        var lines: [String] = []
        var o = 0
        var p = 0
        let pattern = expected
        while p < pattern.count {
            let current = pattern[p]
            if current.isWildcard {
                // Keep it if the next literal line is found further on (or
                // if it ends the block: it takes the rest).
                guard let nextLiteral = pattern[(p + 1)...].first(where: { !$0.isWildcard }) else {
                    lines.append(current.text)
                    o = output.count
                    p += 1
                    continue
                }
                if let found = (o..<output.count).first(where: { LinePattern.matches(nextLiteral.text, output[$0]) }) {
                    lines.append(current.text)
                    o = found
                } else if !pattern[(p + 1)...].contains(where: \.isWildcard) {
                    // The line after it changed (`#> 4 elements`, now 5): the
                    // block's last lines are compared with the output's last
                    // lines, and the wildcard keeps what lies between, when
                    // that is a line or more.
                    let tailStart = output.count - (pattern.count - p - 1)
                    if tailStart > o {
                        lines.append(current.text)
                        o = tailStart
                    }
                }
                p += 1
                continue
            }
            guard o < output.count else { break }
            lines.append(LinePattern.matches(current.text, output[o]) ? current.text : output[o])
            o += 1
            p += 1
        }
        lines += output[min(o, output.count)...]
        // The merge must describe the output; if it does not, the output does.
        var merged = self
        merged.expected = lines.enumerated().map {
            ExpectedLine(text: $0.element, line: $0.offset, isWildcard: $0.element.trimmingCharacters(in: .whitespaces) == "...")
        }
        return merged.matches(output) ? lines : output
    }
}
