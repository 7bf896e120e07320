import Foundation
import StkTestSupport
import Testing

/// The manual page, docs/man/stk.1 (docs/language.md, "Shell completion and
/// the manual page"): checked in so that it installs without a build, and made
/// by scripts/man from what the stk under test says of itself
/// (`--experimental-dump-help`, the language's `help`, `--version`) and the
/// hand-written docs/man/stk.1.template. These tests keep the checked-in page
/// equal to a fresh one, free of roff warnings, with working examples and an
/// ENVIRONMENT that names every variable stk reads.
struct ManualPageTests {
    static let root = ExamplePackage.repositoryRoot
    static let page = root.appendingPathComponent("docs/man/stk.1")

    /// The description the page is made from: `stk` with `run`'s options and
    /// files, and the subcommands users type (not the workers).
    @Test func theToolsDescriptionIsStkWithRunsOptionsAndTheVisibleSubcommands() throws {
        let result = try StkProcess.run(["--experimental-dump-help"])
        #expect(result.status == 0, "\(result)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        #expect(command["commandName"] as? String == "stk")
        #expect(command["superCommands"] == nil)
        let arguments = (command["arguments"] as? [[String: Any]] ?? []).compactMap { $0["valueName"] as? String }
        for name in ["json", "echo", "path", "commands", "file.stk", "repl"] {
            #expect(arguments.contains(name), "\(arguments)")
        }
        let subcommands = (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        #expect(subcommands == ["run", "test", "bench", "verify", "help"], "\(subcommands)")
    }

    /// scripts/man run into a scratch folder, for the stk under test: the page
    /// it makes there must be docs/man/stk.1, byte for byte.
    @Test func theCheckedInPageIsCurrent() throws {
        let folder = try ScratchFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["STK_EXECUTABLE"] = try StkExecutable.locate().path
        let output = try DocExamplesTests.run(
            "scripts/man \(folder.url.path); echo \"status $?\"", in: Self.root, environment: environment)
        #expect(output.hasSuffix("status 0\n"), "scripts/man failed:\n\(output)")
        let fresh = try String(contentsOf: folder.url.appendingPathComponent("man1/stk.1"), encoding: .utf8)
        let checkedIn = try String(contentsOf: Self.page, encoding: .utf8)
        // Not #expect(fresh == checkedIn): that would print both pages whole.
        if fresh != checkedIn {
            Issue.record("""
                docs/man/stk.1 is stale: run scripts/man and commit docs/man/stk.1 \
                (\(Self.firstDifference(checkedIn, fresh)))
                """)
        }
    }

    /// The line where two pages part, for the message of a stale page.
    static func firstDifference(_ old: String, _ new: String) -> String {
        let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
        for i in 0..<max(a.count, b.count) where a.indices.contains(i) != b.indices.contains(i) || (a.indices.contains(i) && a[i] != b[i]) {
            let was = a.indices.contains(i) ? a[i] : "(end of file)"
            let now = b.indices.contains(i) ? b[i] : "(end of file)"
            return "line \(i + 1) is\n  \(was)\nand would be\n  \(now)"
        }
        return "the pages are equal"
    }

    /// The roff checker of this machine, best first, as a shell command that
    /// prints only its complaints: mandoc's linter, groff with every warning,
    /// man-db's --warnings. A page without problems (an empty line, a macro
    /// roff cannot read, ...) gets nothing from any of them.
    static let checker: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        func found(_ name: String) -> Bool {
            path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
        }
        if found("mandoc") { return "mandoc -T lint -W warning" }
        if found("groff") { return "groff -mdoc -ww -z" }
        if found("man") { return "MANWIDTH=80 man --warnings -l" }
        return nil
    }()

    @Test(.enabled(if: ManualPageTests.checker != nil,
                   "no mandoc, groff or man on this machine: the page's roff cannot be checked"))
    func thePageHasNoWarnings() throws {
        let checker = try #require(Self.checker)
        // Standard output and error together; man's page itself goes nowhere.
        let discard = checker.hasPrefix("MANWIDTH") ? " >/dev/null" : ""
        let output = try DocExamplesTests.run("\(checker) '\(Self.page.path)'\(discard); echo \"status $?\"",
                                              in: Self.root, environment: ProcessInfo.processInfo.environment)
        #expect(output == "status 0\n", "\(checker) docs/man/stk.1 warns:\n\(output)")
    }

    /// The examples of EXAMPLES that show output (a `$ ` line, then what it
    /// prints) run as written, in a scratch folder with the stk under test
    /// first on PATH, and print what the page says.
    @Test func theExamplesPrintWhatThePageSays() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 3, "\(examples)")
        let folder = try ScratchFolder()
        let stk = try StkExecutable.locate()
        let environment = [
            "PATH": stk.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "HOME": folder.url.path,
            "LANG": "C.UTF-8",
        ]
        for (command, expected) in examples {
            let output = try DocExamplesTests.run(command, in: folder.url, environment: environment)
            #expect(StkResult.lines(output) == expected, "$ \(command)\n--- the page\n\(expected.joined(separator: "\n"))\n--- stk\n\(output)")
        }
    }

    /// The `$ ` lines of EXAMPLES's literal blocks that have output under them,
    /// unescaped from roff.
    static func examples() throws -> [(command: String, output: [String])] {
        let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
        var examples: [(command: String, output: [String])] = []
        var section = "", literal = false
        for line in lines {
            if line.hasPrefix(".Sh ") { section = String(line.dropFirst(4)) }
            guard section == "EXAMPLES" else { continue }
            if line.hasPrefix(".Bd -literal") { literal = true; continue }
            if line == ".Ed" { literal = false; continue }
            guard literal else { continue }
            let text = line.replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
            if text.hasPrefix("$ ") {
                examples.append((String(text.dropFirst(2)), []))
            } else if !examples.isEmpty {
                examples[examples.count - 1].output.append(text)
            }
        }
        return examples.filter { !$0.output.isEmpty }
    }

    /// Every environment variable the sources read (`environment["NAME"]`,
    /// `getenv("NAME")`, not those stk only sets for its children) is an item
    /// of ENVIRONMENT, and every item names a variable the sources read (or
    /// one libedit or the C library reads for stk: the REPL's locale and
    /// EDITRC).
    @Test func theEnvironmentSectionNamesEveryVariableStkReads() throws {
        var read = Set<String>()
        let sources = Self.root.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: #"(?:environment\["|getenv\(")([A-Z_][A-Z0-9_]*)"(?:\](?!\s*=[^=])|\))"#)
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard ["swift", "c", "h"].contains(file.pathExtension),
                  let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                read.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        #expect(read.contains("STK_CACHE_DIR") && read.contains("NO_COLOR"), "the scan found \(read.sorted())")
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let environment = page.components(separatedBy: ".Sh ENVIRONMENT\n").last?.components(separatedBy: "\n.Sh ").first ?? ""
        let documented = Set(environment.split(separator: "\n").filter { $0.hasPrefix(".It Ev ") }
            .flatMap { $0.dropFirst(7).split(separator: " ").filter { $0 != "," }.map(String.init) })
        #expect(read.subtracting(documented).isEmpty,
                "read but not in docs/man/stk.1.template's ENVIRONMENT: \(read.subtracting(documented).sorted())")
        let readForStk: Set = ["EDITRC", "LC_ALL", "LC_CTYPE", "LANG"]
        #expect(documented.subtracting(read).subtracting(readForStk).isEmpty,
                "in ENVIRONMENT but read nowhere: \(documented.subtracting(read).subtracting(readForStk).sorted())")
    }
}
