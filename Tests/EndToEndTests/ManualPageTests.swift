import Foundation
import Testing

/// The manual page (scripts/man, docs/language.md "Shell completion and the
/// manual page"). swift-argument-parser's generate-manual tool makes it from
/// `stk --experimental-dump-help`; that description is checked here always,
/// and the page itself when the tool has been built next to stk (scripts/man
/// builds it, and scripts/test runs scripts/man before the tests): running the
/// tool takes a fraction of a second, where the package plugin cannot be run
/// from inside `swift test` (it would wait for the build folder's lock).
struct ManualPageTests {
    /// The description the manual is made from: `stk` with `run`'s options
    /// and files, and the subcommands users type (not the workers).
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

    static var tool: URL? {
        guard let stk = try? StkExecutable.locate() else { return nil }
        let tool = stk.deletingLastPathComponent().appendingPathComponent("generate-manual-tool")
        return FileManager.default.isExecutableFile(atPath: tool.path) ? tool : nil
    }

    static func generate(into folder: URL) throws -> String {
        let process = Process()
        guard let tool = Self.tool else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = tool
        process.arguments = [try StkExecutable.locate().path, "--date", "2025-01-01", "--output-directory", folder.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try String(contentsOf: folder.appendingPathComponent("stk.1"), encoding: .utf8)
    }

    @Test(.enabled(if: ManualPageTests.tool != nil, "run scripts/man once to build the manual tool"))
    func thePageDescribesTheCommandLineAndIsValidRoff() throws {
        let folder = try ScratchFolder()
        let page = try Self.generate(into: folder.url)
        #expect(page.contains(".Dt STK 1"))
        #expect(page.contains(".Dd January 1, 2025"))
        for synopsis in [".Op Fl -json", ".Op Fl -echo", ".Op Fl -plugin Ar path...", ".Op Fl e Ar commands...", ".Op Ar file.stk..."] {
            #expect(page.contains(synopsis), "the synopsis has no \(synopsis)")
        }
        for subcommand in ["run", "test", "bench", "verify"] {
            #expect(page.contains(".It Em \(subcommand)\n"), "no section for \(subcommand)")
        }
        #expect(page.contains(".It Fl -layout Ar layout"))
        #expect(!page.contains("_worker") && !page.contains("_test-file"))
        // roff reads a line that starts with ' or . as a request: a help text
        // whose line starts with a quote would vanish from the page.
        let stray = page.split(separator: "\n").filter { $0.hasPrefix("'") }
        #expect(stray.isEmpty, "lines roff would take as requests: \(stray)")
        // The same sources, the same date: the same bytes.
        let again = try ScratchFolder()
        #expect(try Self.generate(into: again.url) == page)
    }
}
