import Foundation
import StkTestSupport
import Testing

/// The README's tour is a real session: its commands, run as a script, print
/// exactly what the tour shows, and its last command, `export svg tour.svg`,
/// writes the very bytes of the picture the README shows
/// (docs/images/tour.svg). Neither can drift from what stk does.
@Suite struct ReadmeTourTests {
    static let root = Repository.root
    static let prompt = "stk:flow-sticky> "

    /// The tour's commands and the output after each, from the README's
    /// first code block that starts with the banner.
    static func tour() throws -> [(command: String, output: [String])] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "```\nstk "), let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex) else {
            throw HeadlessBrowser.Failure(description: "no tour in README.md")
        }
        var steps: [(command: String, output: [String])] = []
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix(prompt) {
                steps.append((String(line.dropFirst(prompt.count)), []))
            } else if line.hasPrefix(prompt.trimmingCharacters(in: .whitespaces)) {
                continue // the last, empty prompt
            } else if !steps.isEmpty {
                steps[steps.count - 1].output.append(String(line))
            }
        }
        return steps
    }

    @Test func theTourPrintsWhatTheReadmeShowsAndDrawsItsPicture() throws {
        let steps = try Self.tour()
        #expect(steps.count >= 5)
        #expect(steps.last?.command == "export svg tour.svg")
        let folder = try ScratchFolder()
        let result = try StkProcess.run(script: steps.map(\.command).joined(separator: "\n") + "\n", in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.lines == steps.flatMap(\.output))
        let picture = try #require(FileManager.default.contents(atPath: folder.url.appendingPathComponent("tour.svg").path))
        let committed = try #require(FileManager.default.contents(atPath: Self.root.appendingPathComponent("docs/images/tour.svg").path))
        #expect(picture == committed, "docs/images/tour.svg differs from what the tour's commands draw now: run them and copy tour.svg over it")
    }
}
