import Foundation
import Testing
@testable import StkScript
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Many transcripts: discovery, shards, parallel runs, the summary and JUnit.
@Suite("Transcript runner: many files")
struct TranscriptRunnerSuiteTests {
    /// A folder with passing, failing and skipped files in several folders,
    /// plus files discovery must not find.
    static func makeTree() throws -> TranscriptFolder {
        let folder = try TranscriptFolder()
        for (index, name) in ["b/two.stk", "a/one.stk", "a/z/deep.stk", "top.stk", "b/three.stk", "c.stk"].enumerated() {
            // Sections of index + 1 items of 50x50, 10 apart: a full line of 6
            // (6 x 50 + 5 x 10 = 350 <= 390; 7 would need 410). One header of
            // 44 (flow-sticky's default) then one line: 44 + 50 = 94 high.
            try folder.write(name, "sections 1 items=\(index + 1)\ncontentsize\n#> 390x94\n")
        }
        try folder.write("b/fails.stk", "contentsize\n#> 1x1\n")
        try folder.write("a/skipped.stk", "# stk: skip not ready\nvisible\n")
        try folder.write(".hidden/no.stk", "bogus\n")
        try folder.write(".build/debug/no.stk", "bogus\n")
        try folder.write("node_modules/pkg/no.stk", "bogus\n")
        try folder.write("a/notes.txt", "not a transcript\n")
        return folder
    }

    static let sortedNames = ["a/one.stk", "a/skipped.stk", "a/z/deep.stk", "b/fails.stk", "b/three.stk", "b/two.stk", "c.stk", "top.stk"]

    @Test func discoveryFindsStkFilesSortedAndSkipsHiddenAndBuildFolders() throws {
        let folder = try Self.makeTree()
        let files = try TranscriptDiscovery.files(under: [folder.root.path])
        let root = folder.root.path
        #expect(files.map(\.displayPath) == Self.sortedNames.map { root + "/" + $0 })
    }

    @Test func overlappingPathsFindEachFileOnceAndAFilePathIsTakenAsIs() throws {
        let folder = try Self.makeTree()
        let root = folder.root.path
        let files = try TranscriptDiscovery.files(under: [root + "/b", root + "/", root + "/c.stk", root + "/b/two.stk"])
        #expect(files.count == Self.sortedNames.count)
        #expect(Set(files.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path }).count == files.count)
        let single = try TranscriptDiscovery.files(under: [root + "/a/notes.txt"])
        #expect(single.map(\.displayPath) == [root + "/a/notes.txt"])
    }

    @Test func aMissingPathIsAnError() throws {
        #expect(throws: TranscriptDiscoveryError(message: "no such file or folder: /no/such/place")) {
            try TranscriptDiscovery.files(under: ["/no/such/place"])
        }
    }

    @Test func shardsCoverEveryFileExactlyOnce() throws {
        let files = Array(0..<11)
        for count in 1...5 {
            let shards = try (1...count).map { try TranscriptShard(index: $0, count: count).select(files) }
            #expect(shards.flatMap { $0 }.sorted() == files)
            // Dealt in turn: sizes differ by at most one.
            let sizes = shards.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1)
        }
        #expect(try TranscriptShard(parsing: "2/3").select(files) == [1, 4, 7, 10])
    }

    @Test func badShardsAreRefusedWithTheirValue() {
        #expect(throws: TranscriptDiscoveryError(message: "--shard 0/3: the shard must be between 1 and 3 (shards count from 1)")) {
            try TranscriptShard(parsing: "0/3")
        }
        #expect(throws: TranscriptDiscoveryError(message: "--shard 4/3: the shard must be between 1 and 3 (shards count from 1)")) {
            try TranscriptShard(parsing: "4/3")
        }
        #expect(throws: TranscriptDiscoveryError(message: "--shard 1/0: the number of shards must be at least 1")) {
            try TranscriptShard(parsing: "1/0")
        }
        #expect(throws: TranscriptDiscoveryError(message: "--shard expects K/N, the K-th of N slices (for example 2/4), got '2'")) {
            try TranscriptShard(parsing: "2")
        }
    }

    @Test func parallelRunsReportInFileOrderLikeASerialRun() throws {
        let folder = try Self.makeTree()
        let files = try TranscriptDiscovery.files(under: [folder.root.path])
        var serialOrder: [String] = []
        let serial = TranscriptRunner(options: .init(jobs: 1)).run(files) { serialOrder.append($0.file.displayPath) }
        var parallelOrder: [String] = []
        let parallel = TranscriptRunner(options: .init(jobs: 4)).run(files) { parallelOrder.append($0.file.displayPath) }
        #expect(serialOrder == files.map(\.displayPath))
        #expect(parallelOrder == serialOrder)
        #expect(TranscriptReport.lines(for: parallel) == TranscriptReport.lines(for: serial))
        // 6 passing, b/fails.stk failing, a/skipped.stk skipped.
        #expect(serial.summaryLine == "6 passed, 1 failed, 1 skipped")
        #expect(serial.exitStatus == .expectationFailed)
    }

    @Test func theSummaryLeavesOutSkippedWhenThereAreNone() {
        let file = TranscriptFile(displayPath: "x.stk", path: "x.stk")
        let summary = TranscriptRunSummary(results: [TranscriptFileResult(file: file, outcome: .passed)], duration: 0)
        #expect(summary.summaryLine == "1 passed, 0 failed")
        #expect(summary.exitStatus == .success)
    }

    // MARK: JUnit

    @Test func theJUnitReportParsesBackWithItsCountsCasesAndFailureText() throws {
        let folder = try Self.makeTree()
        let files = try TranscriptDiscovery.files(under: [folder.root.path])
        let summary = TranscriptRunner(options: .init(jobs: 2)).run(files)
        // The folder must exist: a report never creates folders.
        try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("reports"), withIntermediateDirectories: true)
        let path = folder.root.appendingPathComponent("reports/junit.xml").path
        try JUnitReport.write(summary, to: path)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let suites = try #require(document.rootElement())
        #expect(suites.name == "testsuites")
        let suite = try #require(suites.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == "stk")
        #expect(suite.attribute(forName: "tests")?.stringValue == "8")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
        #expect(suite.attribute(forName: "time")?.stringValue.flatMap(Double.init) != nil)

        let cases = suite.elements(forName: "testcase")
        let root = folder.root.path
        #expect(cases.map { $0.attribute(forName: "classname")?.stringValue ?? "" }
                == Self.sortedNames.map { (root + "/" + $0 as NSString).deletingLastPathComponent })
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" }
                == Self.sortedNames.map { ($0 as NSString).lastPathComponent })

        // b/fails.stk runs on the default data: 20 sections of 7 items 50x50,
        // a 44 header, 6 items to a line (see makeTree), so 44 + 50 + 10 + 50
        // = 154 per section and 20 x 154 = 3080 in all.
        let failed = cases[3]
        let failure = try #require(failed.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "output differs at \(root)/b/fails.stk:1")
        #expect(failure.stringValue?.contains("-1x1\n+390x3080") == true)
        let skipped = try #require(cases[1].elements(forName: "skipped").first)
        #expect(skipped.attribute(forName: "message")?.stringValue == "not ready")
        #expect(cases[0].children?.isEmpty ?? true)
    }

    @Test func xmlEscapingSurvivesQuotesLineBreaksCdataEndsAndControlCharacters() throws {
        let file = TranscriptFile(displayPath: "we\"ird & <odd>/it's.stk", path: "unused")
        let nasty = "echo ]]> & <tag> \"q\"\nline two\u{1B}[31m"
        let failing = TranscriptFileResult(file: file, outcome: .failed,
                                           problems: [.diagnostic(severity: .error, text: "error: \(nasty)\n")])
        let skipped = TranscriptFileResult(file: file, outcome: .skipped(reason: "a \"reason\"\nover two lines"))
        let xml = JUnitReport.xml(TranscriptRunSummary(results: [failing, skipped], duration: 1.23456))

        let document = try XMLDocument(xmlString: xml, options: [])
        let cases = try #require(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase"))
        #expect(cases[0].attribute(forName: "classname")?.stringValue == "we\"ird & <odd>")
        #expect(cases[0].attribute(forName: "name")?.stringValue == "it's.stk")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        // The escape character is not allowed in XML 1.0: it becomes U+FFFD.
        #expect(failure.stringValue == "error: echo ]]> & <tag> \"q\"\nline two\u{FFFD}[31m\n")
        #expect(failure.attribute(forName: "message")?.stringValue == "error: echo ]]> & <tag> \"q\"")
        // Line breaks in attributes survive as character references.
        #expect(cases[1].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue == "a \"reason\"\nover two lines")
        #expect(document.rootElement()?.attribute(forName: "time")?.stringValue == "1.235")
    }
}
