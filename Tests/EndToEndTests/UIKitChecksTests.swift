import Foundation
import StkTestSupport
import Testing

/// UIKit's run-time checks, in every run (here a script through `-e`): where
/// UIKit raises an exception or logs a warning about a layout's answers, stk
/// warns at the command that ran into it, quoting UIKit's words so they can be
/// searched for. Each buggy example (Examples/Buggy) triggers its warning; the
/// same file with `let buggy = false` does not.
@Suite struct UIKitChecksTests {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("stk-uikit-checks-cache")

    func stk(_ arguments: [String], in directory: URL? = nil) throws -> StkResult {
        try StkProcess.run(arguments, environment: try SourceAdapterTool.environment(cache: cache), in: directory)
    }

    /// The fixture as written and with its bug fixed, each run with `script`.
    func runBothWays(_ file: String, _ script: String) throws -> (buggy: StkResult, fixed: StkResult) {
        let folder = try ScratchFolder()
        let fixed = try BuggyExamples.fixedCopy(of: file, in: folder.url)
        return (try stk(["--plugin", BuggyExamples.source(file).path, "-e", script], in: folder.url),
                try stk(["--plugin", fixed.path, "-e", script], in: folder.url))
    }

    @Test func aFlowSubclassAdjustingSupersAttributesInPlaceIsACachedFrameMismatch() throws {
        // MutatingSuperLayout moves every cell 8 points right in the objects
        // super returned: item 0:0's frame 0,0,100,40 becomes 8,0,100,40.
        let (buggy, fixed) = try runBothWays("MutatingSuperLayout", "layout mutating-super-layout; attr item 0:0")
        #expect(buggy.status == 0, "\(buggy)")
        #expect(buggy.stderr.contains("<command-line>:1:1: warning: UICollectionViewFlowLayout has cached frame mismatch for index path 0:0 (item 0:0) - cached value: 8,0,100,40; expected value: 0,0,100,40. This is likely occurring because the flow layout subclass MutatingSuperLayout is modifying attributes returned by UICollectionViewFlowLayout without copying them"), "\(buggy)")
        // Said once per layout, not on every pass.
        #expect(buggy.stderr.components(separatedBy: "cached frame mismatch").count == 2, "\(buggy)")
        #expect(fixed.status == 0 && !fixed.stderr.contains("warning:"), "\(fixed)")
        // The layout's answer is the same either way: stk's objects are fresh.
        #expect(buggy.stdout == fixed.stdout)
        #expect(buggy.lines.last == "item 0:0 frame=8,0,100,40 zIndex=0 alpha=1 hidden=false", "\(buggy)")
    }

    @Test func attributesForACellThatDoesNotExistAreUIKitsException() throws {
        // StaleCacheLayout keeps its cache across a batch update: after deleting
        // section 0 (20 sections of 7 -> 19) and then item 0:0, the cache still
        // has the old section 0's 7 cells while section 0 now has 6: 0:6 does not exist.
        let (buggy, fixed) = try runBothWays("StaleCacheLayout", "layout stale-cache-layout; delete section 0; delete item 0:0")
        #expect(buggy.stderr.contains("<command-line>:1:46: warning: UICollectionView received layout attributes for a cell with an index path that does not exist: 0:6 (layoutAttributesForElements(in:); UIKit raises an exception here)"), "\(buggy)")
        #expect(!fixed.stderr.contains("warning:"), "\(fixed)")
    }

    @Test func aSingleQueryAnsweringForAnotherElementIsSaid() throws {
        // WrongIndexPathLayout answers item 0:3's attributes when asked for 1:3.
        let (buggy, fixed) = try runBothWays("WrongIndexPathLayout", "layout wrong-index-path-layout; attr item 1:3")
        #expect(buggy.stderr.contains("<command-line>:1:33: warning: layoutAttributesForItem(at: 1:3) answered for item 0:3, not for item 1:3"), "\(buggy)")
        #expect(fixed.lines.last?.hasPrefix("item 1:3 ") == true && !fixed.stderr.contains("warning:"), "\(fixed)")
    }
}
