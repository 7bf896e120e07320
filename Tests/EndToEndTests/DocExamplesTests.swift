import Foundation
import StkTestSupport
import Testing

/// Every example of README.md and docs/*.md runs, and prints what the page
/// says it prints: the pages cannot drift from the binary (see DocExamples).
///
/// Each page's examples run in order, through bash, in one fresh folder that
/// holds the small scripts of Tests/DocExamples (the files the pages `cat`)
/// and a link to Examples/, with the `stk` under test first on PATH. A page
/// that changes a file (`sed -i`, `save`, `stk test --update`) sees its own
/// change in its later examples, as a reader following along would.
@Suite(.serialized) struct DocExamplesTests {
    static let root = ExamplePackage.repositoryRoot

    /// One plugin cache for every page: a layout built for one example is
    /// reused by the next (the pages' `built in` and `cached build` are one).
    static let cache = Result { try ScratchFolder() }

    @Test func everyPageWithExamplesIsFound() throws {
        let pages = DocExample.pages(root: Self.root)
        #expect(pages.contains("docs/language.md"))
        let examples = try pages.flatMap { page in
            DocExample.parse(page: page, text: try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8))
        }
        // The language reference alone has more than a hundred.
        #expect(examples.count > 100, "\(examples.count) examples")
    }

    @Test func theMatcherKeepsItsWildcardsHonest() {
        #expect(DocExample.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        #expect(DocExample.matches(["a", "...", "d"], ["a", "d"]))
        #expect(!DocExample.matches(["a", "...", "d"], ["a", "b", "c"]))
        #expect(!DocExample.matches(["a", "b"], ["a", "c"]))
        #expect(DocExample.normalized("from X.swift (built in 0.5 s)") == DocExample.normalized("from X.swift (cached build)"))
        // A bench example's figures vary, its words do not.
        #expect(DocExample.measurementsMasked("cold prepare 113x, scroll step 4.81 ms at 1,000")
                == DocExample.measurementsMasked("cold prepare 9x, scroll step 12 ms at 10,000"))
        #expect(DocExample.measurementsMasked("cold prepare 113x") != DocExample.measurementsMasked("scroll step 113x"))
        #expect(DocExample.measures("stk bench --plugin A.swift --compare grid-sticky"))
        #expect(!DocExample.measures("stk bench --help"))
    }

    @Test(arguments: DocExample.pages(root: root))
    func examplesPrintWhatThePageSays(page: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let examples = DocExample.parse(page: page, text: text)
        guard !examples.isEmpty else { return }

        let folder = try ScratchFolder()
        let work = folder.url.appendingPathComponent("demo")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/DocExamples"), to: work)
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("Examples"),
                                                   withDestinationURL: Self.root.appendingPathComponent("Examples"))
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Examples/SourceLayouts/MosaicLayout.swift"),
                                         to: work.appendingPathComponent("MosaicLayout.swift"))
        let home = folder.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

        // What the examples need built: the example plugin's library, which
        // the pages load from its package's build folder, and the source adapter.
        if examples.contains(where: { $0.command.contains("libLeftAlignedFlow.so") }) {
            _ = try ExamplePackage.library()
        }
        let stk = try StkExecutable.locate()
        var environment = [
            "PATH": stk.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
            "STK_CACHE_DIR": try Self.cache.get().url.path,
            "LANG": "C.UTF-8",
        ]
        if examples.contains(where: { $0.command.contains(".swift") }) {
            environment["STK_ADAPTER"] = try SourceAdapterTool.path()
        }

        for example in examples {
            let output = try Self.run(example.command, in: work, environment: environment)
            var actual = StkResult.lines(DocExample.normalized(
                output.replacingOccurrences(of: work.path, with: DocExample.folderInPages)))
            var expected = example.expected.map(DocExample.normalized)
            if DocExample.measures(example.command) {
                actual = actual.map(DocExample.measurementsMasked)
                expected = expected.map(DocExample.measurementsMasked)
            }
            if !DocExample.matches(expected[...], actual[...]) {
                Issue.record("""
                    \(example) prints something else than the page says.
                    --- the page
                    \(expected.joined(separator: "\n"))
                    --- stk
                    \(actual.joined(separator: "\n"))
                    ---
                    """)
            }
        }
    }

    /// Runs `command` through bash in `directory`, standard output and
    /// standard error into one file, as a terminal would interleave them.
    static func run(_ command: String, in directory: URL, environment: [String: String]) throws -> String {
        let scratch = try ScratchFolder()
        let outputFile = scratch.url.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        guard process.waitUntilExit(timeout: .seconds(300), checkingEvery: 5_000) else {
            throw PseudoTerminal.Failure(description: "\(command) still ran after 300 s")
        }
        return try String(contentsOf: outputFile, encoding: .utf8)
    }
}
