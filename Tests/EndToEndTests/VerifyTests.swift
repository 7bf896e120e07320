import Foundation
import Testing

/// `stk verify` and `check` through the executable: the built-in layouts pass,
/// each buggy example layout (Examples/Buggy, built from source by the suite)
/// is caught with the check that names its bug, and the reproducer fails with
/// `stk` while the bug is there and passes once it is fixed (the same file with
/// `let buggy = false`).
@Suite struct VerifyTests {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("stk-verify-cache")

    func stk(_ arguments: [String], in directory: URL? = nil) throws -> StkResult {
        try StkProcess.run(arguments, environment: ["STK_ADAPTER": try SourceAdapterTool.path(), "STK_CACHE_DIR": cache.path],
                           in: directory)
    }

    @Test(arguments: ["flow-sticky", "grid-sticky", "global-stretchy", "fading-first-header"])
    func theBuiltInLayoutsPass(layout: String) throws {
        let result = try stk(["verify", layout, "--operations", "1500", "--seed", "3"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "PASS: \(layout): 1500 operations (seed 3), no findings", "\(result)")
    }

    /// Each fixture, the check that must catch it (the start of its first
    /// finding), and a reproducer that fails with the same finding and passes
    /// with the fix.
    @Test(arguments: [
        ("RectOnlyLayout", "rect-only-layout", "[single query]"),
        ("WrongIndexPathLayout", "wrong-index-path-layout", "[single query] asked for item 1:0, the single query answered for item 0:0"),
        ("FrozenStickyLayout", "frozen-sticky-layout", "[context] header "),
        ("StaleCacheLayout", "stale-cache-layout", "[fresh layout]"),
        ("ForgetfulHeadersLayout", "forgetful-headers-layout", "[context] header 0 changed from frame=0,0,390,40 zIndex=10 alpha=1 hidden=false to frame=0,"),
        ("MutatingSuperLayout", "mutating-super-layout", "[warning] UICollectionViewFlowLayout has cached frame mismatch for index path 0:0 (item 0:0)"),
    ])
    func aBuggyLayoutIsCaughtWithAReproducer(file: String, layout: String, finding: String) throws {
        let folder = try ScratchFolder()
        let source = BuggyExamples.source(file)
        let result = try stk(["verify", "--plugin", source.path, layout, "--out", "repro.stk"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.first?.hasPrefix("FAIL: \(layout): the checks failed after '") == true, "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("  \(finding)") }, "\(result)")
        let reproducer = try String(contentsOf: folder.url.appendingPathComponent("repro.stk"), encoding: .utf8)
        #expect(reproducer.hasSuffix("\ncheck\n"), "\(reproducer)")

        let withBug = try stk(["--plugin", source.path, "repro.stk"], in: folder.url)
        #expect(withBug.status == 1, "\(withBug)")
        #expect(withBug.stderr.contains("error: check failed: \(finding)"), "\(withBug)")

        let fixed = try BuggyExamples.fixedCopy(of: file, in: folder.url)
        let withFix = try stk(["--plugin", fixed.path, "repro.stk"], in: folder.url)
        #expect(withFix.status == 0, "\(withFix)")
        let verifiedFix = try stk(["verify", "--plugin", fixed.path, layout], in: folder.url)
        #expect(verifiedFix.status == 0, "\(verifiedFix)")
    }

    @Test func theSameSeedGivesTheSameRun() throws {
        let source = BuggyExamples.source("StaleCacheLayout").path
        let first = try stk(["verify", "--plugin", source, "stale-cache-layout", "--seed", "11"])
        let second = try stk(["verify", "--plugin", source, "stale-cache-layout", "--seed", "11"])
        #expect(first.status == 1 && first.stdout == second.stdout, "\(first)\n\(second)")
    }

    @Test func aReproducerIsNeverWrittenOverAnExistingFile() throws {
        let folder = try ScratchFolder()
        try Data("keep\n".utf8).write(to: folder.url.appendingPathComponent("repro.stk"))
        let result = try stk(["verify", "flow-sticky", "--out", "repro.stk"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "error: repro.stk already exists; add --force to overwrite it\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("repro.stk"), encoding: .utf8) == "keep\n")
    }

    @Test func anUnknownLayoutIsAnError() throws {
        let result = try stk(["verify", "flow-stiky"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: unknown layout 'flow-stiky'"), "\(result)")
    }

    @Test func theJUnitReportHasOneCasePerRun() throws {
        let folder = try ScratchFolder()
        let source = BuggyExamples.source("RectOnlyLayout").path
        let result = try stk(["verify", "--plugin", source, "rect-only-layout", "--junit", "verify.xml"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        let xml = try String(contentsOf: folder.url.appendingPathComponent("verify.xml"), encoding: .utf8)
        #expect(xml.contains("<testcase classname=\"verify\" name=\"rect-only-layout\""), "\(xml)")
        #expect(xml.contains("<failure message=\"[single query] the rect query returns item 0:0"), "\(xml)")
    }

    /// `check` in a script: silent when the layout is right, a failed
    /// expectation (status 1) naming the element when it is not.
    @Test func checkInAScript() throws {
        let good = try stk(["-e", "scroll to 0,130; check; bounds 300x500; check; insert item 0:0; check"])
        #expect(good.status == 0 && good.stdout.isEmpty && good.stderr.isEmpty, "\(good)")
        let source = BuggyExamples.source("RectOnlyLayout").path
        let bad = try stk(["--plugin", source, "-e", "layout rect-only-layout; sections 1 items=2; check; echo still running"])
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stdout == "still running\n", "\(bad)")
        #expect(bad.stderr.contains("<command-line>:1:46: error: check failed: [single query] the rect query returns item 0:0 with frame=0,0,390,50 zIndex=0 alpha=1 hidden=false, but the single query for it answers nil"), "\(bad)")
    }
}
