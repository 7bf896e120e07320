import Foundation
import StkTestSupport
import Testing

/// `stk --generate-completion-script bash|zsh|fish` (docs/language.md, "Shell
/// completion and the manual page"): layout names for `bench --layout` and
/// `verify LAYOUT` (asked of stk when Tab is pressed), files for `--plugin`,
/// `.stk` files for scripts, `run`'s options at the top level; bash's script
/// is also run, as bash runs it on Tab.
struct ShellCompletionTests {
    static let layouts = ["flow-sticky", "grid-sticky", "global-stretchy", "fading-first-header",
                          "compositional-list", "compositional-inset-grouped", "compositional-grid", "compositional-carousel"]

    static func script(_ shell: String) throws -> String {
        let result = try StkProcess.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        return result.stdout
    }

    @Test func everyScriptAsksStkForLayoutNamesAndOffersFilesAndTheTopLevelOptions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let text = try Self.script(shell)
            // The custom completions call stk back for `bench --layout`, `bench --set` and `verify LAYOUT`.
            #expect(text.contains("---completion bench -- --layout"), "\(shell)")
            #expect(text.contains("---completion bench -- --set"), "\(shell)")
            #expect(text.contains("---completion verify -- positional@0"), "\(shell)")
            // --suite's names, --color's values.
            #expect(text.contains("standard") && text.contains("quick"), "\(shell)")
            #expect(text.contains("always"), "\(shell)")
            // Not the workers' hidden subcommands.
            #expect(!text.contains("_worker") && !text.contains("_test-file"), "\(shell)")
        }
        // The top level: run's options, and .stk files where the subcommands are offered.
        let bash = try Self.script("bash")
        let root = try #require(bash.range(of: "\n_stk() {")).upperBound
        let rootFunction = String(bash[root..<(bash.range(of: "\n}\n", range: root..<bash.endIndex)?.lowerBound ?? bash.endIndex)])
        for option in ["--json", "--bail", "--echo", "--color", "--plugin", "-e", "--repl", "--init", "--no-init"] {
            #expect(rootFunction.contains(" \(option)") || rootFunction.contains("(\(option)"),
                    "the top level of the bash script does not offer \(option)")
        }
        #expect(rootFunction.contains("'--plugin')\n        __stk_add_completions -f"))
        #expect(rootFunction.contains(#"__stk_add_completions -o plusdirs -fX '!*.@(stk)'"#), "no .stk files at the top level")
        let zsh = try Self.script("zsh")
        #expect(zsh.contains("_describe -V subcommand subcommands && ret=0\n        _files -g '*.stk' && ret=0"))
        #expect(zsh.contains("'--echo[Print each command before its output.]'"))
        #expect(zsh.contains(":path:_files'"))
        let fish = try Self.script("fish")
        #expect(fish.contains(#"complete -c 'stk' -n '__stk_should_offer_completions_for_flags_or_options "stk" json' -l 'json'"#))
        #expect(fish.contains(#"complete -c 'stk' -n '__stk_should_offer_completions_for_positional "stk" -eq 1' -fa '(for p in"#))
        #expect(fish.contains("*.stk;"))
    }

    /// What the scripts run on Tab: the layout names, and a layout's options
    /// for `bench --set`, filtered by what is typed.
    @Test func theCallBackListsLayoutsAndOptions() throws {
        let all = try StkProcess.run(["---completion", "bench", "--", "--layout", "2", "0", "stk", "bench", "--layout", ""])
        #expect(all.status == 0, "\(all)")
        #expect(all.lines == Self.layouts, "\(all)")
        let typed = try StkProcess.run(["---completion", "verify", "--", "positional@0", "2", "2", "stk", "verify", "gr"])
        #expect(typed.lines == ["grid-sticky"], "\(typed)")
        let options = try StkProcess.run(["---completion", "bench", "--", "--set", "4", "0",
                                          "stk", "bench", "--layout", "grid-sticky", "--set", ""])
        #expect(options.lines == ["stickyRows=", "stickyColumns=", "itemSize="], "\(options)")
    }

    /// A plugin library named by `--plugin` on the line adds its layouts
    /// (the example package's: left-aligned, uikit-sticky).
    @Test func theCallBackLoadsThePluginLibrariesOnTheLine() throws {
        let plugin = try ExamplePackage.library()
        let words = ["stk", "bench", "--plugin", plugin, "--layout", ""]
        let result = try StkProcess.run(["---completion", "bench", "--", "--layout", "5", "0"] + words)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == Self.layouts + ["left-aligned", "uikit-sticky"], "\(result)")
        #expect(result.stderr == "")
    }

    /// bash's script as bash runs it: COMP_WORDS set as for a Tab at the
    /// end of the line, `_stk` called, COMPREPLY printed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletesLayoutsFilesAndOptions() throws {
        let folder = try ScratchFolder([
            "demo.stk": "",
            "notes.txt": "",
            "scripts/other.stk": "",
            "completion.bash": try Self.script("bash"),
        ])
        let stk = try StkExecutable.locate()
        func complete(_ line: String) throws -> [String] {
            let driver = """
                source completion.bash
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                read -ra COMP_WORDS <<< "$COMP_LINE"
                [[ "$COMP_LINE" == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMPREPLY=()
                _stk stk "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", driver]
            process.currentDirectoryURL = folder.url
            process.environment = ["PATH": stk.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": folder.url.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
        }
        #expect(try complete("stk bench --layout ") == Self.layouts.sorted())
        #expect(try complete("stk bench --layout gl") == ["global-stretchy"])
        #expect(try complete("stk verify f") == ["fading-first-header", "flow-sticky"])
        #expect(try complete("stk --plugin ") == ["completion.bash", "demo.stk", "notes.txt", "scripts"])
        #expect(try complete("stk --ec") == ["--echo"])
        #expect(try complete("stk --in") == ["--init"])
        #expect(try complete("stk te") == ["test"])
        #expect(try complete("stk de") == ["demo.stk"])
        #expect(try complete("stk test --e") == ["--explain"])
        #expect(try complete("stk bench --suite q") == ["quick"])
    }
}
