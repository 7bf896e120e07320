import Foundation
import StkTestSupport
import Testing

/// A plugin loaded at the REPL, through a real pseudo-terminal: `load PATH`
/// registers the example library's layouts (see ExamplePackage) in the running
/// session, and its `uikit-sticky` layout answers like a built-in one.
///
/// Serialized, as REPLTests: concurrent forks could hand one test's terminal
/// to another test's child.
@Suite(.serialized)
final class REPLPluginTests {
    /// HOME and XDG_STATE_HOME of the sessions of one test, removed with it.
    let home: ScratchFolder
    init() throws { home = try .terminalHome() }

    @Test func loadedLayoutPinsTheHeaderAtTheScrolledTop() throws {
        let plugin = try ExamplePackage.library()
        let session = try InteractiveSession(stateHome: home.url)

        try session.expect("load \(plugin)", showsLineContaining: "loaded left-aligned, uikit-sticky from \(plugin)")

        // The prompt names the session's layout.
        let stickyPrompt = try session.useLayout("uikit-sticky")
        try session.run("scroll to 0,100", expectingPrompt: stickyPrompt)
        let answer = try session.lines("attr header 0", expectingPrompt: stickyPrompt)

        // The default data, 20 sections of 7 items, with the layout's defaults
        // (items 50x50, spacings 10, headers 44): section 0 is 44 + 50 + 10 + 50
        // = 154 high, its last item ends at 154. At offset 100 its header sticks
        // at min(max(100, 0), 154 - 44 = 110) = 100, over the cells (zIndex 10).
        let line = try #require(answer.first { $0.hasPrefix("header 0 ") }, "attr printed \(answer)")
        let frame = try #require(line.split(separator: " ").first { $0.hasPrefix("frame=") })
        #expect(frame == "frame=0,100,390,44")
        #expect(line == "header 0 frame=0,100,390,44 zIndex=10 alpha=1 hidden=false")
    }

    /// Edit, save, `reload`: the session goes on with the new code over the
    /// same state. `undo` after the reload makes the layout again from the new
    /// class too: the items stay 60 wide.
    @Test func reloadContinuesTheSessionOnTheEditedSource() throws {
        let sources = home.url.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let file = sources.appendingPathComponent("Tiny.swift")
        try Data(SourcePluginTests.tinyLayout(width: 100).utf8).write(to: file)
        let session = try InteractiveSession(stateHome: home.url,
                                             extraEnvironment: try SourceAdapterTool.environment(cache: home.url.appendingPathComponent("cache")))
        try session.expect("load \(file.path)", showsLineContaining: "loaded tiny-layout (TinyLayout) from \(file.path)")
        let prompt = try session.useLayout("tiny-layout")
        try session.run("scroll to 10,0", expectingPrompt: prompt)
        try session.expect("attr item 0:1", showsLine: "item 0:1 frame=100,0,100,10 zIndex=0 alpha=1 hidden=false", expectingPrompt: prompt)

        try session.expect("reload", showsLineContaining: "\(file.path) is unchanged", expectingPrompt: prompt)

        try Data(SourcePluginTests.tinyLayout(width: 60).utf8).write(to: file)
        try session.expect("reload", showsLineContaining: "reloaded tiny-layout (TinyLayout) from \(file.path) (built in ",
                           expectingPrompt: prompt)
        try session.expect("attr item 0:1", showsLine: "item 0:1 frame=60,0,60,10 zIndex=0 alpha=1 hidden=false", expectingPrompt: prompt)
        // The offset survived the reload; undo reverts the scroll, with the new code.
        let offset = try session.lines("expect attr item 0:1 x == 60; render width=20", expectingPrompt: prompt)
        #expect(offset.contains { $0.hasPrefix("offset=10,0 ") }, "\(offset)")
        try session.run("undo", expectingPrompt: prompt)
        try session.expectRendered(offset: "0,0", expectingPrompt: prompt)
        try session.expect("attr item 0:1", showsLine: "item 0:1 frame=60,0,60,10 zIndex=0 alpha=1 hidden=false", expectingPrompt: prompt)
    }
}
