import Foundation
import Testing

/// `help LAYOUT`, `options LAYOUT` and `help context` (docs/language.md,
/// "help" and "options"): another layout's description without switching to it,
/// and what each line of `context` means.
struct HelpTopicsTests {
    @Test func helpOfALayoutShowsItsSummaryAndOptionsWithDefaults() throws {
        let lines = try StkProcess.quietLines(commands: "help grid-sticky")
        #expect(lines.first == "usage: layout grid-sticky [key=value ...]")
        #expect(lines.contains("  origin: built-in"))
        #expect(lines.contains { $0.hasPrefix("  name ") && $0.contains("default") && !$0.contains("value") })
        #expect(lines.contains { $0.hasPrefix("  stickyRows ") && $0.contains("integer  1 ") }, "\(lines)")
        // The same text from the command line.
        let fromCommandLine = try StkProcess.run(["help", "grid-sticky"])
        #expect(fromCommandLine.status == 0)
        #expect(fromCommandLine.lines == lines, "\(fromCommandLine)")
    }

    @Test func optionsOfAnotherLayoutListsItsDefaultsWithoutSwitching() throws {
        let lines = try StkProcess.quietLines(commands: "options grid-sticky; options")
        #expect(lines[0] == "grid-sticky options (defaults: not the current layout):")
        #expect(lines[1].hasPrefix("name ") && lines[1].hasSuffix("default  help"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("stickyColumns ") })
        // The session kept its layout: `options` then describes flow-sticky.
        #expect(lines.contains("flow-sticky options:"), "\(lines)")
        // The current layout named: its current values, as `options` alone.
        let current = try StkProcess.quietLines(commands: "set itemSize=80x80; options flow-sticky")
        #expect(current.first == "flow-sticky options:")
        #expect(current.contains { $0.hasPrefix("itemSize ") && $0.contains("80x80") }, "\(current)")
    }

    @Test func optionsOfAnotherLayoutInJSONHaveNoValues() throws {
        let result = try StkProcess.run(commands: "options grid-sticky", options: ["--json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"options":[{"name":"stickyRows","type":"integer","value":null,"default":1,"#), "\(result)")
    }

    @Test func unknownNamesGetALocatedErrorWithDidYouMean() throws {
        let layout = try StkProcess.run(commands: "help grid-stiky")
        #expect(layout.status == 2)
        #expect(layout.stderr == """
            <command-line>:1:6: error: no help for 'grid-stiky': it is neither a command nor a layout; did you mean 'grid-sticky'?
                help grid-stiky
                     ^~~~~~~~~~

            """, "\(layout)")
        let command = try StkProcess.run(commands: "help scrol")
        #expect(command.stderr.contains("did you mean 'scroll'?"), "\(command)")
        let options = try StkProcess.run(commands: "options flow-stiky")
        #expect(options.status == 2)
        #expect(options.stderr.hasPrefix("<command-line>:1:9: error: unknown layout 'flow-stiky'; did you mean 'flow-sticky'?"), "\(options)")
        let fromCommandLine = try StkProcess.run(["help", "grid-stiky"])
        #expect(fromCommandLine.stderr.hasSuffix("did you mean 'grid-sticky'?\n"), "\(fromCommandLine)")
    }

    /// Every field `context` prints, and every reason in parentheses, is
    /// explained by `help context`.
    @Test func helpContextExplainsEveryFieldAndReason() throws {
        let help = try StkProcess.quietLines(commands: "help context").joined(separator: "\n")
        let printed = try StkProcess.quietLines(commands: "scroll by 0,10; context")
        let fields = printed.dropFirst().map { line in
            String(line.trimmingCharacters(in: .whitespaces).prefix { $0 != "=" && $0 != " " })
        }
        #expect(fields == ["invalidateEverything", "invalidateDataSourceCounts", "items", "supplementary", "decoration",
                           "contentOffsetAdjustment", "contentSizeAdjustment",
                           "invalidateFlowLayoutDelegateMetrics", "invalidateFlowLayoutAttributes"])
        for field in fields {
            #expect(help.contains("\n  \(field)") || help.contains("\n    \(field)"), "help context does not explain \(field)")
        }
        // The reasons (LayoutKit's InvalidationReason) and how each comes about.
        for reason in ["bounds change", "reloadData", "batch updates", "insets change", "size change",
                       "layout change", "layout request", "preferred attributes"] {
            #expect(help.contains("\n    \(reason)  "), "help context does not explain the reason '\(reason)'")
        }
        #expect(help.contains("last of N contexts"))
        #expect(help.contains("no invalidation context"))
    }

    @Test func helpListsLayoutsAsTopics() throws {
        let lines = try StkProcess.quietLines(commands: "help help")
        #expect(lines.contains("       help LAYOUT"), "\(lines)")
        let options = try StkProcess.quietLines(commands: "help options")
        #expect(options.contains("       options LAYOUT"), "\(options)")
    }
}
