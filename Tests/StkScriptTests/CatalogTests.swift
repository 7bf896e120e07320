import Foundation
import StkScript
import Testing

@Suite("Command catalog")
struct CatalogTests {
    @Test(arguments: CommandCatalog.commands.map(\.name))
    func everyExampleParsesAsItsCommand(name: String) {
        let info = CommandCatalog.command(named: name)!
        #expect(!info.examples.isEmpty)
        #expect(!info.usages.isEmpty)
        #expect(!info.summary.isEmpty && !info.summary.contains("\n"))
        for example in info.examples {
            let script = Parser.parse(SourceFile(name: "example", text: example))
            #expect(script.diagnostics.isEmpty, "\(example): \(script.diagnostics.map(\.description))")
            #expect(script.commands.count == 1, "\(example)")
            // The canonical form starts with the command's name (aliases print as the name).
            #expect(script.commands.first?.description.hasPrefix(name) == true, "\(example)")
        }
    }

    @Test func everyVerbIsKnownToTheParser() {
        for verb in CommandCatalog.verbs {
            let messages = Parser.parse(SourceFile(name: "t", text: verb)).diagnostics.map(\.message)
            #expect(!messages.contains { $0.hasPrefix("unknown command") }, "\(verb): \(messages)")
        }
        #expect(CommandCatalog.verbs.contains("exit"))
        #expect(CommandCatalog.verbs.contains("end"))
        #expect(CommandCatalog.command(named: "exit")?.name == "quit")
        #expect(CommandCatalog.command(named: "end") == nil)
        #expect(CommandCatalog.command(named: "Layout") == nil)
    }

    @Test func namesAreUnique() {
        #expect(Set(CommandCatalog.verbs).count == CommandCatalog.verbs.count)
    }

    @Test func theFixedCoreIsAllThere() {
        // Every verb of docs/language.md's "Commands" section.
        let core = ["layout", "set", "options", "layouts", "sections", "insert", "delete", "move", "reload", "batch",
                    "snapshot", "size", "bounds", "inset", "safearea", "scroll", "attr", "visible", "contentsize", "context",
                    "render", "trace", "step", "next", "continue", "expect", "load", "include", "echo", "save",
                    "undo", "reset", "help", "quit"]
        // ... and the extensions stk adds to it (docs/language.md, [ext]).
        let extensions = ["check", "paging", "deceleration", "margins", "prefer", "export"]
        #expect(CommandCatalog.commands.map(\.name).filter { !extensions.contains($0) } == core)
        #expect(Set(CommandCatalog.commands.map(\.name)).subtracting(core) == Set(extensions))
    }

    @Test func didYouMeanForCommands() {
        #expect(CommandCatalog.suggestion(for: "contnue") == "continue")
        #expect(CommandCatalog.suggestion(for: "layuots") == "layouts")
        #expect(CommandCatalog.suggestion(for: "exti") == "exit")
        #expect(CommandCatalog.suggestion(for: "Visible") == "visible")
        #expect(CommandCatalog.suggestion(for: "xyzzy") == nil)
    }

    @Test func overviewHasOneLinePerCommand() {
        let lines = CommandCatalog.overview.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let commandLines = lines.filter { $0.hasPrefix("  ") }
        #expect(commandLines.count == CommandCatalog.commands.count)
        // The longest name is "deceleration" (12 characters): summaries start 2 + 12 + 2 = 16 characters in.
        #expect(lines[0] == "Layout and data")
        #expect(lines[1] == "  layout        choose a layout strategy, with options (resets options to defaults first)")
        #expect(lines.contains("  contentsize   print collectionViewContentSize"))
        #expect(lines.contains("The view"))
        #expect(lines.contains("Session"))
        #expect(lines.suffix(2) == ["Type 'help CMD' for a command's usage and examples, 'help LAYOUT' for a layout's options.", ""])
    }

    @Test func helpForOneCommand() {
        #expect(CommandCatalog.command(named: "scroll")?.helpText == """
        usage: scroll to X,Y
               scroll by DX,DY [steps=N]
               scroll to item S:I [top|center|bottom]
               scroll fling VX,VY [steps=N]
               scroll section S to X | by DX [steps=N] | fling VX [steps=N]
        scroll to an offset, by a distance (in N bounds changes), to an item, or lift the finger at a velocity
          negative and past-the-end offsets are allowed: they bounce
          section S: the row of an orthogonal section of a compositional layout, clamped to the row;
          a fling there comes to rest as the section's orthogonalScrollingBehavior says
          fling: VX,VY in points per second; the offset decelerates (or pages) to a resting place,
          the layout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:) picks the
          target, and the view moves there in N bounds changes (10 by default)
        example: scroll to 0,300
        example: scroll by 0,-120 steps=4
        example: scroll to item 2:0 top
        example: scroll fling 0,2000
        example: scroll section 1 fling 800

        """)
        #expect(CommandCatalog.command(named: "exit")?.helpText == """
        usage: quit
        leave stk
        alias: exit
        example: quit

        """)
    }

    // MARK: Completion

    @Test(arguments: [
        ("", Completion(.words(CommandCatalog.verbs.sorted()), prefix: "")),
        ("la", Completion(.words(["layout", "layouts"]), prefix: "la")),
        ("visible; con", Completion(.words(["contentsize", "context", "continue"]), prefix: "con")),
        ("layout ", Completion(.layoutName, prefix: "")),
        ("layout flow-s", Completion(.layoutName, prefix: "flow-s")),
        ("layout flow-sticky pin", Completion(.optionName(layout: "flow-sticky"), prefix: "pin")),
        ("layout flow-sticky pinLimit=n", Completion(.nothing, prefix: "pinLimit=n")),
        ("set ", Completion(.optionName(layout: nil), prefix: "")),
        ("set itemSize=1x1 min", Completion(.optionName(layout: nil), prefix: "min")),
        ("sections 3 ", Completion(.words(["items="]), prefix: "")),
        ("insert ", Completion(.words(["section", "item"]), prefix: "")),
        ("delete s", Completion(.words(["section"]), prefix: "s")),
        ("move item 0:1 ", Completion(.words(["to"]), prefix: "")),
        ("size ", Completion(.words(["item", "header", "footer"]), prefix: "")),
        ("size header 0 d", Completion(.words(["default"]), prefix: "d")),
        ("scroll ", Completion(.words(["to", "by", "fling", "section"]), prefix: "")),
        ("snapshot ", Completion(.words(["edit"]), prefix: "")),
        ("scroll section 1 ", Completion(.words(["to", "by", "fling"]), prefix: "")),
        ("scroll fling 0,100 ", Completion(.words(["steps="]), prefix: "")),
        ("bounds 844x390 ", Completion(.words(["animated"]), prefix: "")),
        ("prefer ", Completion(.words(["item", "section", "header", "footer", "supplementary"]), prefix: "")),
        ("prefer header 0 ", Completion(.words(["none"]), prefix: "")),
        ("prefer supplementary badge 0:0 ", Completion(.words(["none"]), prefix: "")),
        ("prefer supplementary badge ", Completion(.nothing, prefix: "")),
        ("deceleration ", Completion(.words(["normal", "fast"]), prefix: "")),
        ("attr d", Completion(.words(["decoration"]), prefix: "d")),
        ("scroll to ", Completion(.words(["item"]), prefix: "")),
        ("scroll to item 0:1 ", Completion(.words(["top", "center", "bottom"]), prefix: "")),
        ("scroll by 0,10 ", Completion(.words(["steps="]), prefix: "")),
        ("attr h", Completion(.words(["header"]), prefix: "h")),
        ("trace o", Completion(.words(["on", "off"]), prefix: "o")),
        ("render ", Completion(.words(["width=", "height="]), prefix: "")),
        ("render h", Completion(.words(["height="]), prefix: "h")),
        ("export ", Completion(.words(["svg", "html"]), prefix: "")),
        ("export h", Completion(.words(["html"]), prefix: "h")),
        ("export svg ", Completion(.filePath, prefix: "")),
        ("export html --f", Completion(.words(["--force"]), prefix: "--f")),
        ("expect ", Completion(.words(["attr", "visible", "contentsize", "offset", "context"]), prefix: "")),
        ("expect attr item 0:1 ", Completion(.words(["frame", "x", "y", "width", "height", "zIndex", "alpha", "hidden", "pinned"]), prefix: "")),
        ("expect attr item 0:1 y ", Completion(.words(["==", "!=", "<", "<=", ">", ">=", "~="]), prefix: "")),
        ("expect attr item 0:1 hidden == ", Completion(.words(["true", "false"]), prefix: "")),
        ("expect visible ", Completion(.words(["count"]), prefix: "")),
        ("expect context ", Completion(.words(["contains", "count", "everything", "dataSourceCounts", "flowDelegateMetrics", "flowAttributes"]), prefix: "")),
        ("expect context flow", Completion(.words(["flowDelegateMetrics", "flowAttributes"]), prefix: "flow")),
        ("expect context everything == ", Completion(.words(["true", "false"]), prefix: "")),
        ("load ", Completion(.filePath, prefix: "")),
        ("include scripts/de", Completion(.filePath, prefix: "scripts/de")),
        ("save --", Completion(.words(["--force"]), prefix: "--")),
        ("save --force out", Completion(.filePath, prefix: "out")),
        ("help sc", Completion(.commandOrLayoutName, prefix: "sc")),
        ("help scroll ", Completion(.nothing, prefix: "")),
        ("options g", Completion(.layoutName, prefix: "g")),
        ("echo some", Completion(.nothing, prefix: "some")),
        ("include \"my fi", Completion(.nothing, prefix: "fi")),
        ("visible # com", Completion(.nothing, prefix: "com")),
        ("layout flow # a comment, not an opt", Completion(.nothing, prefix: "opt")),
        ("bounds ", Completion(.nothing, prefix: "")),
    ])
    func completion(line: String, expected: Completion) {
        #expect(CommandCatalog.completion(forLine: line) == expected)
    }
}
