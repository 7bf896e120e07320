import Foundation
@testable import StkScript

/// A throw-away folder of transcripts for one test.
final class TranscriptFolder {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stk-transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        BuiltinLayouts.register()
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `text` at `relative` (folders made as needed) and returns the
    /// file as discovery would name it from the folder's root.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> TranscriptFile {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return TranscriptFile(displayPath: relative, path: url.path)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// The file's inode: a rename-based rewrite gives the path a new one.
    func inode(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)
        return (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }
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
