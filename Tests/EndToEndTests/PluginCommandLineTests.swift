import Foundation
import StkTestSupport
import Testing

/// Plugins through the command line: `stk --plugin PATH` and `load PATH` with
/// the example package Examples/LeftAlignedFlow (built once per test run, see
/// ExamplePackage), whose library registers `left-aligned` and `uikit-sticky`
/// (sticky headers written as a UICollectionViewFlowLayout subclass).
///
/// The numbers, for `layout uikit-sticky headerSize=390x40 itemSize=100x50`
/// over `sections 3 items=9` in the 390x844 viewport (spacings 10, no insets):
/// - a line holds 3 items (3x100 + 2x10 = 320 <= 390; 4 would need 430); the
///   90 points left are spread over the 2 gaps, 45 each: x = 0, 145, 290;
/// - a section is 40 (header) + 3 lines of 50 with 2 gaps of 10 = 210 high:
///   sections start at 0, 210, 420; in section s, line l is at y = 210s + 40 + 60l,
///   and the last item ends at 210s + 210.
/// - a header sticks at y = min(max(visible top, its place), last item's maxY - 40).
@Suite struct PluginCommandLineTests {
    /// `--plugin` with a path relative to the repository (stk started there):
    /// the path is the layouts' origin exactly as given.
    @Test func pluginOptionRegistersTheLayoutsAndTheyRun() throws {
        let plugin = try ExamplePackage.libraryRelativeToRepository()
        let result = try StkProcess.run(script: """
            layouts
            layout uikit-sticky headerSize=390x40 itemSize=100x50
            sections 3 items=9
            scroll to 0,100
            expect context contains header 0
            expect context contains header 2
            attr header 0
            attr header 1
            visible
            expect attr header 0 frame == 0,100,390,40
            expect visible count == 27
            layout left-aligned itemSize=100x50
            attr item 1:5
            """, options: ["--plugin", plugin], in: ExamplePackage.repositoryRoot)
        // What --plugin loaded is said once, on stderr, so stdout stays the script's.
        #expect(result.stderr == "note: loaded left-aligned, uikit-sticky from \(plugin)\n", "\(result)")
        #expect(result.status == 0, "\(result)")

        // `layouts`: the built-ins first, then the library's two, with its path as given.
        let listed = result.lines.prefix { !$0.hasPrefix("header 0 ") }
        let columns = listed.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        let pluginRows = columns.filter { $0.count > 1 && $0[1] == plugin }
        #expect(pluginRows.map { $0[0] } == ["left-aligned", "uikit-sticky"], "\(result)")
        #expect(listed.last?.hasSuffix("flow layout whose section headers stick to the top until the section's last item pushes them up") == true)
        #expect(columns.contains { $0.first == "flow-sticky" && $0.dropFirst().first == "built-in" })

        let answers = Array(result.lines.dropFirst(listed.count))
        // header 0 at offset 100: min(max(100, 0), 210 - 40 = 170) = 100, pinned
        // over the cells (zIndex 10); header 1: min(max(100, 210), 420 - 40) = 210,
        // its own place, the flow layout's zIndex for supplementary views (1).
        #expect(answers.first == "header 0 frame=0,100,390,40 zIndex=10 alpha=1 hidden=false")
        #expect(answers.dropFirst().first == "header 1 frame=0,210,390,40 zIndex=1 alpha=1 hidden=false")

        // visible, bounds 0,100,390,844 (y 100..944, the content ends at 630):
        // section 0 has lines 1 and 2 (y 100 and 160; line 0 ends at 90), its
        // header although its place 0..40 is off screen; sections 1 and 2 whole.
        // 6 + 9 + 9 cells and 3 headers = 27; cells first, in index path order.
        var visible: [String] = []
        for section in 0..<3 {
            for item in (section == 0 ? 3 : 0)..<9 {
                let x = [0, 145, 290][item % 3]
                let y = 210 * section + 40 + 60 * (item / 3)
                visible.append("item \(section):\(item) frame=\(x),\(y),100,50 zIndex=0 alpha=1 hidden=false")
            }
        }
        visible += [
            "header 0 frame=0,100,390,40 zIndex=10 alpha=1 hidden=false",
            "header 1 frame=0,210,390,40 zIndex=1 alpha=1 hidden=false",
            "header 2 frame=0,420,390,40 zIndex=1 alpha=1 hidden=false",
            "27 elements",
        ]
        #expect(Array(answers.dropFirst(2).prefix(visible.count)) == visible)

        // left-aligned (no headers by default): a section is 3 lines = 170 high,
        // section 1 starts at 170; item 1:5 is the third of line 1: y = 170 + 60
        // = 230, packed from the left: x = 2 x (100 + 10) = 220 (not 290).
        #expect(answers.dropFirst(2 + visible.count) == ["item 1:5 frame=220,230,100,50 zIndex=0 alpha=1 hidden=false"])
    }

    /// `load PATH` in a script, then the layout's defaults (items 50x50,
    /// headers 44) over the default data, 20 sections of 7 items: a line holds
    /// 6 items, so a section is 44 + 50 + 10 + 50 = 154 high and section s
    /// starts at 154s, its last item ending at 154s + 154.
    @Test func loadInAScriptRegistersTheLayoutsForTheRestOfTheScript() throws {
        let plugin = try ExamplePackage.library()
        let result = try StkProcess.run(script: """
            load \(plugin)
            layout uikit-sticky
            scroll to 0,300
            attr header 1
            attr header 2
            attr header 0
            expect attr header 1 y == 264
            """)
        // header 1 at offset 300: min(max(300, 154), 308 - 44 = 264) = 264: the
        // last item pushes it up. header 2: its place, 308 > 300.
        // header 0, asked directly although off screen: min(max(300, 0), 110) = 110.
        #expect(result.stdout == """
            header 1 frame=0,264,390,44 zIndex=10 alpha=1 hidden=false
            header 2 frame=0,308,390,44 zIndex=1 alpha=1 hidden=false
            header 0 frame=0,110,390,44 zIndex=10 alpha=1 hidden=false

            """, "\(result)")
        // The note is at the path, as a diagnostic is.
        let caret = "     ^" + String(repeating: "~", count: plugin.count - 1)
        #expect(result.stderr == """
            <stdin>:1:6: note: loaded left-aligned, uikit-sticky from \(plugin)
                load \(plugin)
                \(caret)

            """, "\(result)")
        #expect(result.status == 0)
    }

    /// `stk bench` measures a loaded layout like a built-in one.
    @Test func benchMeasuresALoadedLayout() throws {
        let plugin = try ExamplePackage.library()
        let result = try StkProcess.run(["bench", "--plugin", plugin, "--layout", "left-aligned",
                                         "--sections", "5", "--items", "50", "--steps", "5", "--batches", "2", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try #require((object["results"] as? [[String: Any]])?.first)
        #expect((run["configuration"] as? [String: Any])?["layout"] as? String == "left-aligned")
        // 5 x 50 items.
        #expect(run["totalItems"] as? Int == 250)
        #expect((run["scroll"] as? [String: Any])?["count"] as? Int == 5)
    }

    @Test func loadingAMissingLibraryInAScriptIsAnErrorAtThePath() throws {
        let folder = try ScratchFolder()
        let result = try StkProcess.run(script: """
            echo before
            load plugins/libMissing.so
            echo after
            """, in: folder.url)
        // `load` resolves a relative path against the current directory; the
        // caret is under the path (column 6, 21 characters).
        expectOutcome(result, stdout: "before\n",
                      stderr: diagnostic(
                          "<stdin>:2:6", "cannot load plugin \(folder.url.path)/plugins/libMissing.so: no such file",
                          line: "load plugins/libMissing.so", caretColumn: 6, length: 21), status: 2)
    }

    @Test func aMissingPluginOnTheCommandLineStopsBeforeAnyScript() throws {
        let result = try StkProcess.run(commands: "echo never", options: ["--plugin", "libMissing.so"])
        expectOutcome(result, stdout: "", stderr: "error: cannot load plugin libMissing.so: no such file\n", status: 2)
    }
}
