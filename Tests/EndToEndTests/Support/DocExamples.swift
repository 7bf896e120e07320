import Foundation

/// The examples of the documentation, as rustdoc finds a crate's: every
/// ```` ```console ```` block of README.md and docs/*.md holds commands, each on
/// a line starting `$ `, and under each the output it prints (standard output
/// and standard error together, as a terminal shows them).
///
/// In the expected output, a line that is only `...` stands for any number of
/// lines (none included), as in a transcript's `#>` lines. Two things that
/// legitimately vary from run to run are compared loosely: how long a plugin
/// took to build (`built in 0.5 s` and `cached build` are one), and the folder
/// the examples run in, which the pages call `/tmp/demo`.
struct DocExample: CustomStringConvertible {
    /// The page, relative to the repository root.
    let page: String
    /// The line of the `$ ` command, from 1.
    let line: Int
    let command: String
    let expected: [String]

    var description: String { "\(page):\(line): $ \(command)" }

    /// Every example of `text`, in order.
    static func parse(page: String, text: String) -> [DocExample] {
        var examples: [DocExample] = []
        var inConsole = false
        var current: (line: Int, command: String, expected: [String])?
        func finish() {
            if let current {
                examples.append(DocExample(page: page, line: current.line, command: current.command,
                                           expected: current.expected))
            }
            current = nil
        }
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if inConsole { finish(); inConsole = false } else { inConsole = trimmed == "```console" }
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                finish()
                current = (index + 1, String(line.dropFirst(2)), [])
            } else {
                current?.expected.append(line)
            }
        }
        return examples
    }

    /// The pages that hold examples: README.md and docs/*.md.
    static func pages(root: URL) -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    /// The folder name the pages give the examples' folder.
    static let folderInPages = "/tmp/demo"

    /// `text` with what varies between runs put in one form.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"\((built in [0-9.]+ s|cached build)"#, with: "(built or cached",
                                  options: .regularExpression)
    }

    /// Whether `command` measures time: `stk bench` prints figures that
    /// differ in every run (its `--help` does not), so its examples are
    /// compared with every number masked (`measurementsMasked`): the words,
    /// the rows and the order still have to match.
    static func measures(_ command: String) -> Bool {
        command.hasPrefix("stk bench ") && !command.contains("--help")
    }

    /// `line` with every number in it (`113x`, `4.81 ms`, `1,000`) replaced by `#`.
    static func measurementsMasked(_ line: String) -> String {
        line.replacingOccurrences(of: #"[0-9][0-9.,]*"#, with: "#", options: .regularExpression)
    }

    /// Whether `actual` matches `expected`, where a line `...` matches any
    /// number of lines.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "..." {
            let rest = expected.dropFirst()
            var candidate = actual
            while true {
                if matches(rest, candidate) { return true }
                guard !candidate.isEmpty else { return false }
                candidate = candidate.dropFirst()
            }
        }
        guard let line = actual.first, line == first else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }
}
