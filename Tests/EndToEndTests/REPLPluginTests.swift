import Foundation
import Testing

/// A plugin loaded at the REPL, through a real pseudo-terminal: `load PATH`
/// registers the example library's layouts (see ExamplePackage) in the running
/// session, and its `uikit-sticky` layout answers like a built-in one.
///
/// Serialized, as REPLTests: concurrent forks could hand one test's terminal
/// to another test's child.
@Suite(.serialized)
final class REPLPluginTests {
    let stateHome: URL

    init() throws {
        stateHome = try InteractiveSession.makeStateHome()
    }

    deinit {
        try? FileManager.default.removeItem(at: stateHome)
    }

    @Test func loadedLayoutPinsTheHeaderAtTheScrolledTop() throws {
        let plugin = try ExamplePackage.library()
        let session = try InteractiveSession(stateHome: stateHome)

        let loaded = InteractiveSession.visibleLines(try session.run("load \(plugin)"))
        #expect(loaded.contains { $0.contains("loaded left-aligned, uikit-sticky from \(plugin)") }, "load printed \(loaded)")

        // The prompt names the session's layout.
        let stickyPrompt = "stk:uikit-sticky> "
        try session.run("layout uikit-sticky", expectingPrompt: stickyPrompt)
        try session.run("scroll to 0,100", expectingPrompt: stickyPrompt)
        let answer = InteractiveSession.visibleLines(try session.run("attr header 0", expectingPrompt: stickyPrompt))

        // The default data, 20 sections of 7 items, with the layout's defaults
        // (items 50x50, spacings 10, headers 44): section 0 is 44 + 50 + 10 + 50
        // = 154 high, its last item ends at 154. At offset 100 its header sticks
        // at min(max(100, 0), 154 - 44 = 110) = 100, over the cells (zIndex 10).
        let line = try #require(answer.first { $0.hasPrefix("header 0 ") }, "attr printed \(answer)")
        let frame = try #require(line.split(separator: " ").first { $0.hasPrefix("frame=") })
        #expect(frame == "frame=0,100,390,44")
        #expect(line == "header 0 frame=0,100,390,44 zIndex=10 alpha=1 hidden=false")
    }
}
