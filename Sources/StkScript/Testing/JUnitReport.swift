import Foundation

/// The JUnit XML report of a `stk test` run (`--junit FILE`), in the shape
/// CI systems read (Jenkins, GitLab, GitHub actions' reporters, Azure):
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <testsuites name="stk" tests="3" failures="1" errors="0" skipped="1" time="0.120">
///       <testsuite name="stk" tests="3" failures="1" errors="0" skipped="1" time="0.120">
///         <testcase classname="Tests/Transcripts/flow-sticky" name="pinning.stk" time="0.031"/>
///         <testcase classname="..." name="..." time="...">
///           <failure message="output differs at ...:7" type="transcript"><![CDATA[...diff...]]></failure>
///         </testcase>
///         <testcase classname="..." name="..." time="0.000">
///           <skipped message="REASON"/>
///         </testcase>
///       </testsuite>
///     </testsuites>
///
/// Every file is one test case: its folder is the class name, its file name
/// the test name, `file` its path and, when it failed, `line` the line of the
/// first command that failed. A file that could not run to its end is an
/// `<error>`: a script error (type `error`), a crash or a timeout (type
/// `crash` or `timeout`), a run interrupted before it finished (type
/// `interrupted`). A file whose output differs or whose `expect` failed is a
/// `<failure>` (type `transcript`). The summary line counts both as failed.
/// The suite's `timestamp` is when the run started (UTC, ISO 8601). Times are
/// seconds with three decimals; they and the timestamp appear only here,
/// never in the printed report.
public enum JUnitReport {
    public static func xml(_ summary: TranscriptRunSummary, started: Date? = nil) -> String {
        let errors = summary.results.filter(isError).count
        let counts = "tests=\"\(summary.results.count)\" failures=\"\(summary.failedCount - errors)\" "
            + "errors=\"\(errors)\" "
            + "skipped=\"\(summary.skippedCount)\" time=\"\(seconds(summary.duration))\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"stk\" \(counts)>\n"
        xml += "  <testsuite name=\"stk\" \(counts)\(started.map { " timestamp=\"\(timestamp($0))\"" } ?? "")>\n"
        for result in summary.results {
            var open = "    <testcase classname=\"\(attribute(result.file.folder))\" name=\"\(attribute(result.file.fileName))\" "
                + "file=\"\(attribute(result.file.displayPath))\""
            if result.failed, let line = result.failureLine { open += " line=\"\(line)\"" }
            open += " time=\"\(seconds(result.duration))\""
            switch result.outcome {
            case .passed:
                xml += open + "/>\n"
            case .skipped(let reason):
                xml += open + ">\n      <skipped message=\"\(attribute(reason))\"/>\n    </testcase>\n"
            case .failed:
                let body = (result.warnings.flatMap(TranscriptFileResult.split) + result.failureLines).joined(separator: "\n")
                // A file that could not run to its end is an error of the test, not a wrong answer.
                let element = isError(result) ? "error" : "failure"
                let type = result.abnormalEnd?.rawValue ?? (result.hadError ? "error" : "transcript")
                xml += open + ">\n"
                xml += "      <\(element) message=\"\(attribute(result.failureSummary))\" type=\"\(type)\">\(cdata(body + "\n"))</\(element)>\n"
                xml += "    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Writes the report atomically; a folder that does not exist is refused
    /// (SafeFile), as for every file stk writes.
    public static func write(_ summary: TranscriptRunSummary, started: Date? = nil, to path: String) throws {
        try SafeFile.replace(Data(xml(summary, started: started).utf8), at: path)
    }

    /// A failed file that did not run to its end: a script error, a crash,
    /// a timeout, an interruption.
    static func isError(_ result: TranscriptFileResult) -> Bool {
        result.failed && (result.abnormalEnd != nil || result.hadError)
    }

    /// `2026-11-25T10:04:05` in UTC, as JUnit's schema has it (no zone).
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }

    // MARK: Escaping

    static func seconds(_ value: Double) -> String {
        // Not String(format:): its decimal separator must never follow a locale.
        let millis = Int((max(0, value) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an attribute value between double quotes. Line breaks and tabs
    /// are written as character references, or a parser would turn them into
    /// spaces (attribute-value normalisation).
    public static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(allowed(scalar))
            }
        }
        return out
    }

    /// A CDATA section; `]]>` inside is split across two sections, the only
    /// way to carry it.
    public static func cdata(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { clean.append(allowed(scalar)) }
        return "<![CDATA[" + String(clean).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }

    /// XML 1.0 allows only tab, line feed, carriage return and the characters
    /// from U+0020 up (less the surrogates and U+FFFE, U+FFFF), even in CDATA:
    /// others (an escape character in echoed text) become U+FFFD.
    static func allowed(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return scalar
        default: return "\u{FFFD}"
        }
    }
}
