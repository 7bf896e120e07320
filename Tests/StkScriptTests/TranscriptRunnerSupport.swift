import Builtins
import Foundation
import StkTestSupport
@testable import StkScript

/// A throw-away folder of transcripts for one test.
final class TranscriptFolder {
    let scratch: ScratchFolder
    var root: URL { scratch.url }

    init() throws {
        scratch = try ScratchFolder(prefix: "stk-transcripts-")
        try BuiltinLayouts.register()
    }

    /// Writes `text` at `relative` (folders made as needed) and returns the
    /// file as discovery would name it from the folder's root.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> TranscriptFile {
        TranscriptFile(displayPath: relative, path: try scratch.write(relative, text).path)
    }

    func read(_ relative: String) throws -> String { try scratch.readDecoding(relative) }

    /// The file's inode: a rename-based rewrite gives the path a new one.
    func inode(_ relative: String) throws -> Int { try scratch.inode(relative) }
}

/// The layout every runner test uses, chosen so that each number can be
/// checked by hand (docs/semantics.md, "Flow layout geometry"): 390 points wide,
/// items 130x50 with no spacing, so exactly three fit a line (3 x 130 = 390)
/// and the justification rules have no leftover to spread; headers 30 high.
/// With `sections 2 items=6` each section is a 30-point header then two lines
/// of 50: section 0 spans y 0..<130, section 1 y 130..<260.
let gridSetup = """
    layout flow-sticky itemSize=130x50 minimumInteritemSpacing=0 minimumLineSpacing=0 headerSize=390x30
    sections 2 items=6
    """

/// Runs one file with default options (one job, no update).
func runTranscript(_ file: TranscriptFile, update: Bool = false, bail: Bool = false) -> TranscriptFileResult {
    TranscriptRunner(options: TranscriptRunner.Options(bail: bail, update: update, jobs: 1)).run(file)
}

/// Writes `text` as the one file `relative` of a fresh folder and runs it:
/// for the tests that check only how a file's run ends and what it reports.
func runTranscript(bail: Bool = false, writing relative: String, _ text: String) throws -> TranscriptFileResult {
    let folder = try TranscriptFolder()
    let file = try folder.write(relative, text)
    // The folder is removed with its last reference: keep it through the run.
    return withExtendedLifetime(folder) { runTranscript(file, bail: bail) }
}
