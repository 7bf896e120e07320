import Foundation
import StkTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `stk test` through the built executable: exit status, the printed report,
/// --update, --junit, -j and --shard, as CI sees them.
///
/// The transcripts use flow-sticky with items of 130x50 and no spacing on a
/// 390-point-wide view, so three items fill a line exactly, and headers 30
/// high (docs/semantics.md, "Flow layout geometry"): with `sections 2 items=6`,
/// section 0 is a header at y 0 and lines at y 30 and 80; section 1 starts at
/// 130; the content is 390 x 260.
@Suite("stk test")
struct StkTestCommandTests {
    static let setup = """
        layout flow-sticky itemSize=130x50 minimumInteritemSpacing=0 minimumLineSpacing=0 headerSize=390x30
        sections 2 items=6

        """

    /// item 0:4 is the middle of section 0's second line: x 130, y 30 + 50.
    static let passing = setup + """
        attr item 0:4
        #> item 0:4 frame=130,80,130,50 zIndex=0 alpha=1 hidden=false
        contentsize
        #> 390x260

        """

    /// header 1 is at 130 (section 0: 30 + 2 x 50), not 100.
    static let failing = setup + """
        attr header 1
        #> header 1 frame=0,100,390,30 zIndex=1 alpha=1 hidden=false

        """

    // MARK: Outcomes

    @Test func aPassingFileExitsZero() throws {
        let folder = try TranscriptCommandFolder(["pass.stk": Self.passing])
        let run = try folder.stk("test")
        #expect(run.status == 0)
        #expect(run.stdout == "PASS: pass.stk\n1 passed, 0 failed\n")
        #expect(run.stderr == "")
    }

    /// `--format json`: one object per file, then the summary; a failure
    /// carries its line (header 1 is asked on line 3), the summary and the
    /// lines the text report prints; the exit status is the text report's.
    @Test func theReportAsJSONLines() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing, "pass.stk": Self.passing,
                                                  "skip.stk": "# stk: skip not yet\n" + Self.passing])
        let run = try folder.stk("test", "--format", "json")
        #expect(run.status == 1)
        let objects = try run.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 4)
        #expect(objects[0]["file"] as? String == "fail.stk" && objects[0]["result"] as? String == "fail")
        #expect(objects[0]["line"] as? Int == 3)
        #expect(objects[0]["summary"] as? String == "output differs at fail.stk:3")
        let details = try #require(objects[0]["details"] as? [String])
        #expect(details.first == "fail.stk:3:1: error: the output of 'attr header 1' differs from its '#>' lines")
        #expect(details.contains("+header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false"))
        #expect(objects[1]["result"] as? String == "pass" && objects[1]["line"] == nil)
        #expect(objects[2]["result"] as? String == "skip" && objects[2]["reason"] as? String == "not yet")
        #expect((objects[1]["seconds"] as? Double ?? -1) >= 0)
        let summary = try #require(objects[3]["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 1 && summary["failed"] as? Int == 1 && summary["skipped"] as? Int == 1)
        #expect(summary["files"] as? Int == 3 && summary["status"] as? Int == 1)
        #expect(run.stderr == "")
    }

    @Test func aFailingFileExitsOneWithAUnifiedDiff() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing, "pass.stk": Self.passing])
        let run = try folder.stk("test")
        #expect(run.status == 1)
        #expect(run.stdout == """
            FAIL: fail.stk
            fail.stk:3:1: error: the output of 'attr header 1' differs from its '#>' lines
                attr header 1
                ^~~~~~~~~~~~~
            --- expected
            +++ actual
            @@ -1 +1 @@
            -header 1 frame=0,100,390,30 zIndex=1 alpha=1 hidden=false
            +header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false

            PASS: pass.stk
            1 passed, 1 failed

            """)
    }

    @Test func wildcardsMatchAnyNumberOfLines() throws {
        // 12 items and 2 headers are visible at offset 0, then the count.
        let folder = try TranscriptCommandFolder(["wild.stk": Self.setup + """
            visible
            #> item 0:0 frame=0,30,130,50 zIndex=0 alpha=1 hidden=false
            #> ...
            #> header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false
            #> ...
            #> 14 elements

            """])
        let run = try folder.stk("test", "wild.stk")
        #expect(run.status == 0)
        #expect(run.stdout == "PASS: wild.stk\n1 passed, 0 failed\n")
    }

    @Test func aSkippedFileIsCountedApart() throws {
        let folder = try TranscriptCommandFolder(["skip.stk": "# stk: skip grid-sticky is not registered yet\nlayout grid-sticky\n",
                                 "pass.stk": Self.passing])
        let run = try folder.stk("test")
        #expect(run.status == 0)
        #expect(run.stdout == "PASS: pass.stk\nSKIP: skip.stk (grid-sticky is not registered yet)\n1 passed, 0 failed, 1 skipped\n")
    }

    @Test func aFileWithAnErrorFailsAtTheErrorsLocation() throws {
        let folder = try TranscriptCommandFolder(["error.stk": Self.setup + "attr item 0:9\ncontentsize\n#> never compared\n"])
        let run = try folder.stk("test")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "FAIL: error.stk")
        // `attr item 0:9` on line 3: the index path starts at column 11.
        #expect(lines[1].hasPrefix("error.stk:3:11: error: "))
        #expect(lines[1].contains("0:9"))
        #expect(lines.last(where: { !$0.isEmpty }) == "0 passed, 1 failed")
        #expect(!run.stdout.contains("never compared"))
    }

    @Test func foldersAreSearchedRecursivelySkippingHiddenAndDependencyFolders() throws {
        let folder = try TranscriptCommandFolder([
            "b/two.stk": Self.passing, "a/one.stk": Self.passing, "a/deeper/three.stk": Self.passing,
            ".build/copy.stk": "bogus\n", ".git/x.stk": "bogus\n", "node_modules/m/x.stk": "bogus\n",
        ])
        let run = try folder.stk("test")
        #expect(run.stdout == "PASS: a/deeper/three.stk\nPASS: a/one.stk\nPASS: b/two.stk\n3 passed, 0 failed\n")
        let named = try folder.stk("test", "b", "a/one.stk")
        #expect(named.stdout == "PASS: a/one.stk\nPASS: b/two.stk\n2 passed, 0 failed\n")
    }

    @Test func aMissingPathIsAnErrorWithStatusTwo() throws {
        let folder = try TranscriptCommandFolder(["pass.stk": Self.passing])
        let run = try folder.stk("test", "pass.stk", "nowhere")
        #expect(run.status == 2)
        #expect(run.stderr == "error: no such file or folder: nowhere\n")
        #expect(run.stdout == "")
    }

    /// The help and the behaviour agree: `stk test --help` does not offer
    /// `--echo` (the echoed commands would be compared as output), and
    /// `stk test --echo` says why it is not an option; `run` has it.
    @Test func echoIsNotAnOptionOfStkTestAndItsHelpSaysSo() throws {
        let folder = try TranscriptCommandFolder(["pass.stk": Self.passing])
        let run = try folder.stk("test", "--echo")
        #expect(run.status == 2)
        #expect(run.stderr == "error: --echo is not an option of 'stk test': the echoed commands would be compared as output\n", "\(run)")
        let help = try StkProcess.run(["test", "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("--echo"), "\(help)")
        #expect(help.stdout.contains("--json"), "\(help)")
        for runHelp in [try StkProcess.run(["run", "--help"]), try StkProcess.run(["--help"])] {
            #expect(runHelp.stdout.contains("--echo"), "\(runHelp)")
        }
    }

    // MARK: --update

    @Test func updateRewritesOnlyExpectedLinesAndLeavesPassingFilesAlone() throws {
        // CRLF endings, comments and blank lines must come back byte for byte.
        let stale = [
            "# comment kept",
            "layout flow-sticky itemSize=130x50 minimumInteritemSpacing=0 minimumLineSpacing=0 headerSize=390x30",
            "",
            "sections 2 items=6   # trailing comment",
            "contentsize",
            "#> 1x1",
            "",
            "attr item 0:4",
            "",
        ].joined(separator: "\r\n")
        let folder = try TranscriptCommandFolder(["stale.stk": stale, "pass.stk": Self.passing])
        let passInode = try folder.inode("pass.stk")

        let run = try folder.stk("test", "--update")
        #expect(run.status == 0)
        #expect(run.stdout == "PASS: pass.stk\nUPDATED: stale.stk\n2 passed, 0 failed\n")
        #expect(try folder.read("stale.stk") == [
            "# comment kept",
            "layout flow-sticky itemSize=130x50 minimumInteritemSpacing=0 minimumLineSpacing=0 headerSize=390x30",
            "",
            "sections 2 items=6   # trailing comment",
            "contentsize",
            "#> 390x260",
            "",
            "attr item 0:4",
            "#> item 0:4 frame=130,80,130,50 zIndex=0 alpha=1 hidden=false",
            "",
        ].joined(separator: "\r\n"))
        #expect(try folder.inode("pass.stk") == passInode)
        #expect(try folder.read("pass.stk") == Self.passing)
        #expect(try folder.stk("test").stdout == "PASS: pass.stk\nPASS: stale.stk\n2 passed, 0 failed\n")
    }

    @Test func theEnvironmentVariableAsksForAnUpdateToo() throws {
        let folder = try TranscriptCommandFolder(["fail.stk": Self.failing])
        let run = try folder.stk("test", environment: ["STK_UPDATE": "1"])
        #expect(run.status == 0)
        #expect(run.stdout == "UPDATED: fail.stk\n1 passed, 0 failed\n")
        #expect(try folder.read("fail.stk").contains("#> header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false\n"))
    }

    @Test func updateLeavesAFileWithAnErrorAsItWas() throws {
        let text = Self.setup + "contentsize\n#> 1x1\nbogus\n"
        let folder = try TranscriptCommandFolder(["error.stk": text])
        let run = try folder.stk("test", "--update")
        #expect(run.status == 1)
        #expect(run.stdout.contains("note: not updated: the file has errors; fix them and run --update again\n"))
        #expect(try folder.read("error.stk") == text)
    }

    // MARK: --junit

    @Test func junitWritesAReportCIParses() throws {
        let folder = try TranscriptCommandFolder(["dir/fail.stk": Self.failing, "dir/pass.stk": Self.passing,
                                 "skip.stk": "# stk: skip later\n", "out/README": "reports\n"])
        let run = try folder.stk("test", "--junit", "out/report.xml")
        #expect(run.status == 1)
        // Timing lives in the XML only.
        #expect(!run.stdout.contains("time"))

        let document = try XMLDocument(contentsOf: folder.url("out/report.xml"), options: [])
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == "stk")
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == ["dir", "dir", "."])
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["fail.stk", "pass.stk", "skip.stk"])
        #expect(cases.allSatisfy { $0.attribute(forName: "time")?.stringValue.flatMap(Double.init) != nil })
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "output differs at dir/fail.stk:3")
        #expect(failure.stringValue?.contains("""
            -header 1 frame=0,100,390,30 zIndex=1 alpha=1 hidden=false
            +header 1 frame=0,130,390,30 zIndex=1 alpha=1 hidden=false
            """) == true)
        #expect(cases[2].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue == "later")
    }

    /// `--junit` naming a transcript of the run: refused before anything
    /// runs, the transcript untouched (it used to be replaced by the XML).
    @Test func junitNeverReplacesAFileTheRunReads() throws {
        let folder = try TranscriptCommandFolder(["tr/a.stk": Self.passing, "tr/b.stk": Self.failing])
        for (report, shown) in [("tr/a.stk", "a file this run reads"), ("./tr/../tr/b.stk", "tr/b.stk, this run reads")] {
            let run = try folder.stk("test", "--junit", report, "tr")
            #expect(run.status == 2)
            #expect(run.stderr.contains("cannot write the JUnit report \(report)"))
            #expect(run.stderr.contains(shown))
            #expect(!run.stdout.contains("PASS"))
        }
        #expect(try folder.read("tr/a.stk") == Self.passing)
        #expect(try folder.read("tr/b.stk") == Self.failing)
    }

    /// A report in a folder that does not exist is refused up front, as
    /// docs/language.md says (the folder used to be created).
    @Test func junitInAMissingFolderIsRefused() throws {
        let folder = try TranscriptCommandFolder(["a.stk": Self.passing])
        let run = try folder.stk("test", "--junit", "missing/dir/r.xml", "a.stk")
        #expect(run.status == 2)
        #expect(run.stderr.contains("no such folder: missing/dir"))
        #expect(!FileManager.default.fileExists(atPath: folder.url("missing").path))
    }

    // MARK: -j and --shard

    /// Ten files, every third failing.
    static func manyFiles() throws -> TranscriptCommandFolder {
        var files: [String: String] = [:]
        for index in 0..<10 {
            files["f\(index).stk"] = index % 3 == 0 ? failing : passing
        }
        return try TranscriptCommandFolder(files)
    }

    @Test func parallelRunsPrintWhatASerialRunPrints() throws {
        let folder = try Self.manyFiles()
        let serial = try folder.stk("test", "-j", "1")
        let parallel = try folder.stk("test", "-j", "4")
        #expect(serial.status == 1)
        #expect(parallel.status == serial.status)
        #expect(parallel.stdout == serial.stdout)
        #expect(serial.stdout.hasSuffix("6 passed, 4 failed\n"))
    }

    @Test func shardsRunEveryFileExactlyOnce() throws {
        let folder = try Self.manyFiles()
        var seen: [String] = []
        for k in 1...3 {
            let run = try folder.stk("test", "--shard", "\(k)/3")
            seen += run.stdout.split(separator: "\n").compactMap { line -> String? in
                for prefix in ["PASS: ", "FAIL: "] where line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
                return nil
            }
        }
        #expect(seen.sorted() == (0..<10).map { "f\($0).stk" }.sorted())
        // 1/3 holds files 0, 3, 6, 9 of the sorted list: f0 f3 f6 f9, all failing.
        #expect(try folder.stk("test", "--shard", "1/3").stdout.hasSuffix("0 passed, 4 failed\n"))
    }

    @Test func badShardsAndJobCountsAreErrors() throws {
        let folder = try Self.manyFiles()
        let zero = try folder.stk("test", "--shard", "0/3")
        #expect(zero.status == 2)
        #expect(zero.stderr == "error: --shard 0/3: the shard must be between 1 and 3 (shards count from 1)\n")
        let word = try folder.stk("test", "--shard", "half")
        #expect(word.status == 2)
        #expect(word.stderr == "error: --shard expects K/N, the K-th of N slices (for example 2/4), got 'half'\n")
        let jobs = try folder.stk("test", "-j", "0")
        #expect(jobs.status == 2)
        #expect(jobs.stderr == "error: -j 0: the number of files run at once must be at least 1\n")
    }
}

// MARK: - Support

/// A temporary folder of files, and `stk` run inside it.
final class TranscriptCommandFolder {
    let scratch: ScratchFolder
    var root: URL { scratch.url }

    init(_ files: [String: String]) throws {
        scratch = try ScratchFolder(files, prefix: "stk-test-command-")
    }

    func url(_ relative: String) -> URL { scratch.url(relative) }

    func read(_ relative: String) throws -> String { try scratch.readDecoding(relative) }

    func inode(_ relative: String) throws -> Int { try scratch.inode(relative) }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs stk in the folder, stdin empty, output to files (no pipe to fill
    /// up), STK_UPDATE and CI unset unless given.
    func stk(_ arguments: String..., environment extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = try StkExecutable.locate()
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["STK_UPDATE"] = nil
        environment["CI"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("stk-test-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let out = outputs.appendingPathComponent("stdout"), err = outputs.appendingPathComponent("stderr")
        try Data().write(to: out)
        try Data().write(to: err)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
