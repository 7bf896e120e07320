import Foundation
import StkTestSupport
import Testing

/// `export svg|html [--force] PATH`: written atomically, never over a file
/// without --force (as `save`), errors at the path, not recorded by `save`.
@Suite struct ExportCommandTests {
    @Test func exportRefusesToOverwriteWithoutForce() throws {
        // The rect 10..854 holds sections 0 to 4 whole (154 points each: a
        // header and 7 items) and section 5's header (770) and first line
        // (814..864): 5 * 8 + 7 = 47 elements.
        let written = try expectOverwriteNeedsForce(
            "view.svg", refusing: ["scroll to 0,10; export svg view.svg"], column: 28,
            "view.svg already exists; use 'export svg --force view.svg' to overwrite it",
            forcing: "scroll to 0,10; export svg --force view.svg", printed: "exported the viewport (390x844, 47 elements) to view.svg\n")
        #expect(written.hasPrefix("<svg xmlns="))
    }

    @Test func exportIntoAMissingFolderOrOverAFolderIsAnError() throws {
        let folder = try ScratchFolder()
        let missing = try StkProcess.run(["-e", "export html nowhere/page.html"], in: folder.url)
        #expect(missing.stderr.hasPrefix("<command-line>:1:13: error: cannot write nowhere/page.html: no such folder "), "\(missing)")
        #expect(missing.status == 2)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("page.html"), withIntermediateDirectories: true)
        let overFolder = try StkProcess.run(["-e", "export html --force page.html"], in: folder.url)
        #expect(overFolder.stderr.hasPrefix("<command-line>:1:21: error: page.html is a folder; give a file path"), "\(overFolder)")
        #expect(overFolder.status == 2)
    }

    /// An export changes nothing: `save` does not record it, `undo` skips it.
    @Test func exportIsNotAStateChange() throws {
        let folder = try ScratchFolder()
        let result = try StkProcess.run(["-e", "scroll to 0,10; export svg a.svg; export html a.html; undo; save s.stk; contentsize"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        let saved = try folder.read("s.stk")
        #expect(!saved.contains("export"))
        #expect(!saved.contains("scroll"), "undo reverted the scroll, not an export")
    }

    /// The same state gives the same bytes, and --json prints nothing.
    @Test func theSameSessionExportsTheSameBytes() throws {
        let folder = try ScratchFolder()
        let script = "bounds 390x360; scroll by 0,130 steps=3; insert item 1:0"
        for name in ["a", "b"] {
            let result = try StkProcess.run(["--json", "-e", "\(script); export svg \(name).svg; export html \(name).html"], in: folder.url)
            #expect(result.stdout == "" && result.status == 0, "\(result)")
        }
        #expect(try folder.read("a.svg") == folder.read("b.svg"))
        #expect(try folder.read("a.html") == folder.read("b.html"))
        // Five frames: the bounds, three scroll steps and the batch update.
        #expect(try folder.read("a.html").contains("\"operations\":[\"bounds 390x360\",\"scroll by 0,130 steps=3\",\"insert item 1:0\"]"))
    }

    /// A layout loaded as a plugin films as the built-ins do: uikit-sticky
    /// (the example plugin, a UIKit-style sticky flow) with headers 40 high
    /// pins header 0 at the offset: y 50, then 100, in the two steps' frames.
    @Test func aPluginLayoutFilmsAsTheBuiltInsDo() throws {
        let plugin = try ExamplePackage.library()
        let folder = try ScratchFolder()
        let result = try StkProcess.run(script: """
            layout uikit-sticky headerSize=390x40 itemSize=100x50
            sections 3 items=9
            scroll by 0,100 steps=2
            export html page.html
            """, options: ["--plugin", plugin], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "exported 4 frames of 3 operations to page.html\n", "\(result)")
        let frames = try PageInBrowserTests.exportedFrames(try folder.read("page.html"))
        #expect(frames.map { $0.drawn["header 0"]?[1] } == [0, 0, 0, 0])
        #expect(try folder.read("page.html").contains("\"frames\":[{\"o\":0,"))
    }

    @Test func helpExplainsTheMarks() throws {
        let help = try StkProcess.run(["-e", "help render"])
        #expect(help.stdout.contains("!  a context of the last operation named the element (red)"), "\(help)")
        #expect(help.stdout.contains("usage: render [width=N] [height=N]"))
        let export = try StkProcess.run(["-e", "help export"])
        #expect(export.stdout.hasPrefix("usage: export svg [--force] PATH\n       export html [--force] PATH\n"), "\(export)")
    }
}
