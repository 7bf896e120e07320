import Foundation
import LayoutKit
import Testing
@testable import StkRender

@Suite struct RenderColorTests {
    static let esc = "\u{1B}["

    /// Removes SGR sequences (ESC [ ... m).
    static func strippingANSI(_ s: String) -> String {
        s.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    static func renderSample(color: Bool) -> String {
        ViewportRenderer.render(attributes: RenderViewportTests.sample(), bounds: RenderViewportTests.sampleBounds,
                                contentSize: CGSize(width: 100, height: 400), options: .init(width: 22, color: color))
    }

    @Test func noEscapesWithoutColor() {
        #expect(!Self.renderSample(color: false).contains("\u{1B}"))
    }

    /// Colour only wraps runs of glyphs: stripping it gives the plain drawing back.
    @Test func colourAddsNothingButEscapes() {
        #expect(Self.strippingANSI(Self.renderSample(color: true)) == Self.renderSample(color: false))
    }

    /// Rows of the sample (see RenderViewportTests.sample): the pinned header is
    /// bold yellow (1;33) in runs of glyphs, the blank inside stays plain; the
    /// faded header 2 is dim cyan (2;36); cells, frame and caption are plain.
    @Test func coloursByRoleAndState() {
        let lines = Self.renderSample(color: true).components(separatedBy: "\n")
        let e = Self.esc, reset = "\u{1B}[0m"
        #expect(lines[0] == "offset=0,100 bounds=100x80 content=100x400 elements=6 hidden=1")
        #expect(lines[1] == "╔════════════════════╗")
        #expect(lines[2] == "║\(e)1;33m┏━━━━━━━━━━━━━━━━━━┓\(reset)║")
        #expect(lines[3] == "║\(e)1;33m┃\(reset)       \(e)1;33mH1*\(reset)        \(e)1;33m┃\(reset)║")
        #expect(lines[5] == "║└────────┘└────────┘║")
        #expect(lines[6] == "║┌────────┐\(e)2;36m┌┄┄┄H2┄┄┄┐\(reset)║")
    }

    @Test func styleCodes() {
        #expect(ElementStyle(role: .cell).sgr == nil)
        #expect(ElementStyle(role: .cell, isFaded: true).sgr == "2")
        #expect(ElementStyle(role: .supplementary).sgr == "36")
        #expect(ElementStyle(role: .decoration).sgr == "35")
        #expect(ElementStyle(role: .cell, isPinned: true).sgr == "1;33")
        #expect(ElementStyle(role: .supplementary, isPinned: true, isFaded: true).sgr == "2;33")
        #expect(ElementStyle.chrome.sgr == nil)
    }

    // MARK: ColorPolicy

    @Test func colourOnlyOnATerminalWithNothingAgainstIt() {
        #expect(ColorPolicy.shouldUseColor(noColorFlag: false, environment: [:], isTerminal: true))
        #expect(ColorPolicy.shouldUseColor(noColorFlag: false, environment: ["TERM": "xterm-256color"], isTerminal: true))
        #expect(!ColorPolicy.shouldUseColor(noColorFlag: false, environment: [:], isTerminal: false))
    }

    @Test func eachOptOutWins() {
        #expect(!ColorPolicy.shouldUseColor(noColorFlag: true, environment: [:], isTerminal: true))
        #expect(!ColorPolicy.shouldUseColor(noColorFlag: false, environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(!ColorPolicy.shouldUseColor(noColorFlag: false, environment: ["TERM": "dumb"], isTerminal: true))
    }

    /// no-color.org: an empty NO_COLOR does not count.
    @Test func emptyNoColorIsIgnored() {
        #expect(ColorPolicy.shouldUseColor(noColorFlag: false, environment: ["NO_COLOR": ""], isTerminal: true))
    }
}
