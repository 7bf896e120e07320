import ArgumentParser
import Foundation
import LayoutKit
import PluginBuild
import PluginHost
import StkScript

/// stk's command line as shells see it.
///
/// `stk FILE` and `stk -e ...` run `run`, the default subcommand, so at the top
/// level a shell should complete `run`'s options and arguments. ArgumentParser's
/// completion scripts only offer a root command's own options, and they list
/// the hidden worker subcommands too. So those requests are answered from this
/// command instead of `Stk`: its own options are `run`'s (its files are added
/// to each script, see TopLevelScripts), its subcommands the ones users type.
/// `--experimental-dump-help`, which the manual page is made from, is
/// answered by ManualReference. Only requests reach them: they never run.
struct CommandLineReference: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stk",
        abstract: Stk.configuration.abstract,
        discussion: Stk.configuration.discussion,
        version: stkVersion,
        subcommands: [Run.self, TestCommand.self, BenchCommand.self, VerifyCommand.self],
        defaultSubcommand: Run.self
    )

    @OptionGroup var run: RunOptions

    /// `--generate-completion-script SHELL` (anywhere at the top level), a
    /// completion script's call back `---completion ...` for a custom
    /// completion, or `--experimental-dump-help` (ManualReference's).
    static func answers(_ arguments: [String]) -> Bool {
        if let first = arguments.first, first == "---completion" || first == "--experimental-dump-help" { return true }
        return arguments.contains { $0 == "--generate-completion-script" || $0.hasPrefix("--generate-completion-script=") }
    }

    /// Prints the answer and exits; returns only when `arguments` turn out
    /// not to be such a request, for `Stk` to handle.
    static func respond(_ arguments: [String]) {
        if arguments.first == "--experimental-dump-help" { ManualReference.respond(arguments) }
        do {
            _ = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) == .success, let script = TopLevelScripts.adding(to: fullMessage(for: error)) {
                StandardStreams.write(script.hasSuffix("\n") ? script : script + "\n", to: .output)
                Foundation.exit(0)
            }
            exit(withError: error)
        }
    }
}

/// stk's command line as the manual page shows it (scripts/man reads
/// `stk --experimental-dump-help`): the synopsis is `run`'s, options and files,
/// and the subcommands are those users type. A root with arguments and
/// subcommands is fine on paper, where it would confuse a completion script.
struct ManualReference: ParsableCommand {
    static let configuration = CommandLineReference.configuration

    @OptionGroup var run: Run

    /// The description of the tool, as `--experimental-dump-help` prints it.
    /// Asked of the type itself: parsing the flag with a root that has
    /// arguments and a default subcommand describes it as a subcommand of `run`.
    static func respond(_ arguments: [String]) -> Never {
        StandardStreams.write(_dumpHelp() + "\n", to: .output)
        Foundation.exit(0)
    }
}

/// Script files at the top level (`stk FILE.stk`). ArgumentParser's scripts
/// cannot complete a top-level argument and subcommands both (an argument of
/// the root swallows the subcommands), so the root takes `run`'s options only,
/// and each script gets one addition that offers `.stk` files (and folders)
/// where it offers the subcommands. The additions are anchored on the text
/// ArgumentParser generates; ShellCompletionTests checks that they apply.
enum TopLevelScripts {
    /// The script with the addition, or nil when `text` is not a completion
    /// script (or its shell's anchor is missing: the script then goes out as
    /// ArgumentParser made it).
    static func adding(to text: String) -> String? {
        if text.hasPrefix("#!/bin/bash") {
            let subcommands = CommandLineReference.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
            let anchor = #"COMPREPLY+=($(compgen -W '"# + subcommands.joined(separator: " ") + #"' -- "${cur}"))"#
            return inserting(#"__stk_add_completions -o plusdirs -fX '!*.@(stk)'"#, after: anchor, in: text)
        }
        if text.hasPrefix("#compdef") {
            return inserting("_files -g '*.stk' && ret=0", after: "_describe -V subcommand subcommands && ret=0", in: text)
        }
        if text.contains("complete -c 'stk'") {
            let files = #"(for p in (string match -e -- '*/' (commandline -t);or printf \n)*.stk;printf %s\n $p;end;__fish_complete_directories (commandline -t) '')"#
            let line = "complete -c 'stk' -n '__stk_should_offer_completions_for_positional \"stk\" -eq 1' -fa '\(files.replacingOccurrences(of: "'", with: "\\'"))'"
            return text.hasSuffix("\n") ? text + line + "\n" : text + "\n" + line + "\n"
        }
        return nil
    }

    /// `line` on a line of its own after the first line containing `anchor`,
    /// with the same indentation.
    private static func inserting(_ line: String, after anchor: String, in text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(anchor) }) else { return text }
        let indentation = String(lines[index].prefix { $0 == " " })
        lines.insert(indentation + line, at: index + 1)
        return lines.joined(separator: "\n")
    }
}

/// The custom completions of the shell scripts: run when the user presses
/// Tab, by the script calling `stk ---completion ...` (see CompletionKind).
enum ShellCompletion {
    /// Layout names (`bench --layout`, `verify LAYOUT`): the built-in layouts,
    /// and those of the plugin libraries (`.so`) named by `--plugin` on the
    /// line. A plugin given as Swift source is not built for a completion
    /// (that can take a minute): its layouts are not offered.
    @Sendable static func layoutNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        registerLayouts(words)
        return LayoutRegistry.shared.names.filter { $0.hasPrefix(prefix) }
    }

    /// `bench --set`: the options of the `--layout` on the line (flow-sticky
    /// by default), as `name=`.
    @Sendable static func optionAssignments(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        registerLayouts(words)
        let layout = values(of: "--layout", in: words).last ?? BenchCommand.defaultLayout
        guard let descriptor = LayoutRegistry.shared.entry(named: layout)?.descriptor else { return [] }
        return descriptor.options.map { $0.name + "=" }.filter { $0.hasPrefix(prefix) }
    }

    static func registerLayouts(_ words: [String]) {
        // Completion prints candidates and nothing else (a message would land
        // in the middle of the typed line): what does not register is not
        // offered, and any run of stk reports why.
        try? LoadedPlugins.shared.registerBuiltins()
        for path in values(of: "--plugin", in: words) where !SourcePluginBuilder.isSource(path) {
            _ = try? PluginLoader.shared.load(path: path)
        }
    }

    /// The values given to `option` among shell words (`--plugin X` or
    /// `--plugin=X`), quotes removed and `~` expanded.
    static func values(of option: String, in words: [String]) -> [String] {
        var found: [String] = []
        for (i, word) in words.enumerated() {
            if word == option, i + 1 < words.count {
                found.append(words[i + 1])
            } else if word.hasPrefix(option + "=") {
                found.append(String(word.dropFirst(option.count + 1)))
            }
        }
        return found.map { word in
            var text = word
            if text.count >= 2, let first = text.first, first == text.last, first == "'" || first == "\"" {
                text = String(text.dropFirst().dropLast())
            }
            return (text as NSString).expandingTildeInPath
        }
    }
}
