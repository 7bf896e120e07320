import Foundation
import StkTestSupport
import Testing

/// `--json` gives one JSON value per line of standard output, whatever
/// printed it: `echo`, `help`, the lines of `--echo`, and what a layout
/// prints itself, which also stays in order with stk's output in text mode.
@Suite struct JSONConventionsTests {
    @Test func echoHelpAndEchoedCommandsAreJSONObjects() throws {
        let result = try StkProcess.run(["--json", "--echo", "-"], stdin: "# a comment\necho hi\nhelp quit\n")
        #expect(result.status == 0, "\(result)")
        let lines = result.lines
        #expect(lines == [
            ##"{"comment":"# a comment"}"##,
            #"{"command":"echo hi"}"#,
            #"{"echo":"hi"}"#,
            #"{"command":"help quit"}"#,
            lines.last ?? "",
        ])
        let help = try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any]
        #expect((help?["help"] as? String)?.hasPrefix("usage: quit") == true, "\(result)")
        // The overview too: one object.
        let overview = try StkProcess.run(["--json", "-e", "help"])
        #expect(overview.lines.count == 1 && overview.lines[0].hasPrefix(#"{"help":"Layout and data\n"#), "\(overview)")
    }

    static let printingLayout = """
        import UIKit

        class PrintingLayout: UICollectionViewFlowLayout {
            override func prepare() {
                super.prepare()
                print("prepared \\"once\\"")
            }
        }

        """

    @Test func whatALayoutPrintsStaysInOrderAndIsWrappedInJSON() throws {
        let folder = try ScratchFolder(["Printing.swift": Self.printingLayout])
        let environment = try SourceAdapterTool.environment(cache: folder.url.appendingPathComponent("cache"))
        let commands = "layout printing-layout; contentsize; echo done"
        let text = try StkProcess.run(["--plugin", "Printing.swift", "-e", commands], environment: environment, in: folder.url)
        #expect(text.lines == ["prepared \"once\"", "390x2200", "done"], "\(text)")
        let json = try StkProcess.run(["--json", "--plugin", "Printing.swift", "-e", commands], environment: environment, in: folder.url)
        #expect(json.lines == [#"{"print":"prepared \"once\""}"#, #"{"contentSize":[390,2200]}"#, #"{"echo":"done"}"#], "\(json)")
    }
}
