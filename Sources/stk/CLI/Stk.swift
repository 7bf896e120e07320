import ArgumentParser
import CProcessControl
import Foundation
import PluginBuild
import LineEditor
import StkRender
import StkScript

/// `stk`: the command line. Commands only parse arguments and hand over to
/// StkScript; no logic lives here.
struct Stk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stk",
        abstract: "A layout lab for collection view layouts: a REPL and a scripting host for .stk files.",
        discussion: """
            Without files or -e, stk starts the REPL when stdin and stdout are terminals,
            and otherwise reads a script from stdin. Exit status: 0 all good, 1 an expect
            failed, 2 an error.

            As 'help CMD' does in a script, 'stk help CMD' shows the help of a .stk
            command or a built-in layout; 'stk help SUBCOMMAND' that of a subcommand.
            """,
        version: stkVersion,
        subcommands: [Run.self, TestCommand.self, BenchCommand.self, VerifyCommand.self, WorkerCommand.self, TestFileCommand.self],
        defaultSubcommand: Run.self
    )
}

let stkVersion = "stk 0.1.0 (LayoutKit \(layoutKitVersionString))"

/// Options every way of running layouts shares: `stk` (`run`), `stk test`,
/// `stk verify` and their worker processes: colour and plugins. `--json` is
/// each command's own (its help says what it prints), and `--echo` is `run`'s,
/// since `stk test` compares what commands print.
struct SharedOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Never use colour (also: NO_COLOR, TERM=dumb, output not a terminal).")
    var noColor = false

    @Option(name: .customLong("color"), help: ArgumentHelp("Colour: auto (each of stdout and stderr when it is a terminal, unless NO_COLOR or TERM=dumb), always or never.", valueName: "when"))
    var color: ColorPolicy.Mode = .auto

    @Option(name: .customLong("plugin"), help: ArgumentHelp("Load layouts first (repeatable): a plugin library (.so), or Swift source (a .swift file, a folder, a package) that stk builds and caches.", valueName: "path"),
            completion: .file())
    var plugins: [String] = []

    @Flag(name: .customLong("explain"), help: "Show every change stk made to a source plugin's files to compile them on Linux.")
    var explain = false
}

/// The options of the ways of running scripts (`run`, `stk test`, their
/// workers): the shared ones, `--json` and `--bail`. Not `stk verify`'s: it
/// runs no expectations.
struct GlobalOptions: ParsableArguments {
    @Flag(help: "Print query output as JSON Lines.")
    var json = false

    @Flag(help: "Stop at the first failed expectation.")
    var bail = false

    @OptionGroup var shared: SharedOptions

    var noColor: Bool { shared.noColor }
    var color: ColorPolicy.Mode { shared.color }
    var plugins: [String] { shared.plugins }
    var explain: Bool { shared.explain }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scripts (the default): -e commands first, then files, else stdin or the REPL."
    )

    @OptionGroup var options: RunOptions

    @Argument(help: ArgumentHelp("Scripts to run in order ('-': standard input).", valueName: "file.stk"),
              completion: .file(extensions: ["stk"]))
    var files: [String] = []

    func run() throws {
        let global = options.global
        let initFile = options.noInit ? nil : options.initFile
        if options.commands.isEmpty && files.isEmpty && (options.repl || Terminal.isInteractive) {
            let startup = options.noInit ? nil : (initFile ?? StartupFile.path(ProcessInfo.processInfo.environment))
            throw ExitCode(REPLFrontEnd(global: global, echo: options.echo, startupFile: startup).run().rawValue)
        }
        // `stk tset`: a subcommand misspelt reads as a script that does not
        // exist; say which subcommand was meant rather than "no such file".
        if let first = files.first, options.commands.isEmpty, !first.contains("/"), !first.hasSuffix(".stk"),
           !FileManager.default.fileExists(atPath: first),
           let meant = NearMiss.nearest(to: first, among: Array(Stk.subcommandNames)) {
            StandardStreams.write("error: no such file or subcommand: \(first); did you mean 'stk \(meant)'?\n", to: .error)
            throw ExitCode(ExitStatus.error.rawValue)
        }
        // The run is a supervised child's (ScriptSupervisor), whose parent
        // names the layout's own frames when a layout crashes.
        guard let messageFile = Self.becomeSupervisedChild() else {
            ScriptSupervisor.superviseThisRun()
            // The child could not be started: the run is this process's.
            CrashReport.install()
            return try runScripts(global: global, initFile: initFile)
        }
        // A layout that crashes as its plugin loads (stk makes each layout
        // once then) is a located error, as one that crashes in a command.
        CrashReport.install(supervisorFile: messageFile)
        try runScripts(global: global, initFile: initFile)
    }

    private func runScripts(global: GlobalOptions, initFile: String?) throws {
        let host = try Host(global: global, echo: options.echo)
        let status = host.runScripts(commands: options.commands, files: files, initFile: initFile)
        // The session lives until the process ends: freeing it object by
        // object (its film, undo states and history: a long script's are
        // large) would only delay the exit. Nothing is written on the way out.
        _ = Unmanaged.passRetained(host.interpreter)
        throw ExitCode(status.rawValue)
    }

    /// The file the crash handler writes to in a script's supervised child,
    /// after making the child end with its parent and keeping the runtime's
    /// crash banner off the terminal (the parent prints what matters of its
    /// report). Nil in the parent.
    private static func becomeSupervisedChild() -> String? {
        guard let role = ScriptSupervisor.childRole() else { return nil }
        _ = stk_die_with_parent()
        // The parent ended before that took effect: nobody is waiting.
        if getppid() != role.parent { Foundation.exit(ExitStatus.error.rawValue) }
        _ = stk_quiet_crash_banner()
        return role.messageFile
    }
}

/// `run`'s options, all but its files: those of `stk` at the top level too
/// (CommandLineReference).
struct RunOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print each command before its output.")
    var echo = false

    @Option(name: .customShort("e"), help: ArgumentHelp("Run commands (repeatable; before files).", valueName: "commands"))
    var commands: [String] = []

    @Flag(help: "Run the REPL even when stdin or stdout is not a terminal (to drive stk from another program).")
    var repl = false

    @Option(name: .customLong("init"), help: ArgumentHelp("Run this file first (in the REPL: instead of the startup file $XDG_CONFIG_HOME/stk/stkrc).", valueName: "file"),
            completion: .file())
    var initFile: String?

    @Flag(name: .customLong("no-init"), help: "Read no startup file, and ignore --init.")
    var noInit = false
}

extension Stk {
    /// `Stk.main()` with stk's contract on top of ArgumentParser's:
    /// - a bad command line (unknown flag, missing value) exits with status 2,
    ///   as every other error does, not with ArgumentParser's EX_USAGE (64);
    /// - `stk --help` also lists the options of the default command (`run`),
    ///   which are the ones a user of `stk FILE` or `stk -e` needs;
    /// - `stk help CMD` shows the help of the `.stk` command CMD, where
    ///   ArgumentParser's own `help` would only know stk's subcommands.
    ///
    /// A first argument `help` never names a file, as with ArgumentParser's
    /// `help` before: a script called `help` runs as `stk ./help` or `stk run help`.
    static func runFromCommandLine() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if CommandLineReference.answers(arguments) { CommandLineReference.respond(arguments) }
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            StandardStreams.write(rootHelp(), to: .output)
            Foundation.exit(0)
        }
        // `--version` alone prints the version; with anything else it is a
        // mistake, not a success that silently ignores the rest.
        if arguments.contains("--version"), arguments.count > 1 {
            let others = arguments.filter { $0 != "--version" }.map { "'\($0)'" }.joined(separator: " ")
            StandardStreams.write("error: --version takes no other arguments, got \(others)\n", to: .error)
            Foundation.exit(ExitStatus.error.rawValue)
        }
        // Printed here rather than by the argument parser: a failed write
        // (`stk --version > /dev/full`) is an error (exit 2), not a success.
        if arguments == ["--version"] {
            StandardStreams.write(stkVersion + "\n", to: .output)
            Foundation.exit(0)
        }
        if arguments.count == 2, arguments[0] == "help", let topic = arguments.last,
           !topic.hasPrefix("-"), !subcommandNames.contains(topic) {
            Foundation.exit(printCommandHelp(topic).rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardStreams.write(fullMessage(for: error) + "\n", to: .error)
                Foundation.exit(ExitStatus.error.rawValue)
            }
            exit(withError: error)
        }
    }

    /// The names of stk's subcommands (`run`, `test`, `bench`): `stk help NAME`
    /// with one of these is ArgumentParser's help for it.
    static var subcommandNames: Set<String> {
        Set(configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName })
    }

    /// `stk help CMD`: the help `help CMD` prints in a script, on stdout, for
    /// a command or a built-in layout; an unknown name is an error (status 2)
    /// with a "did you mean".
    static func printCommandHelp(_ name: String) -> ExitStatus {
        do {
            try LoadedPlugins.shared.registerBuiltins()
        } catch {
            StandardStreams.write("error: \(error)\n", to: .error)
            return .error
        }
        guard let topic = HelpTopic.named(name, in: .shared) else {
            let subcommands = subcommandNames.sorted().joined(separator: ", ")
            var message = "error: no help for '\(name)': it is neither a command, a layout nor a subcommand (\(subcommands))"
            if let suggestion = HelpTopic.suggestion(for: name, in: .shared) { message += "; did you mean '\(suggestion)'?" }
            StandardStreams.write(message + "\n", to: .error)
            return .error
        }
        StandardStreams.write(topic.text, to: .output)
        return .success
    }

    /// The root help (overview, discussion, subcommands) with the usage,
    /// arguments and options of the default command in place of the root's
    /// bare usage; the root help alone if its shape is not the expected one.
    static func rootHelp() -> String {
        let root = helpMessage()
        let run = helpMessage(for: Run.self)
        guard let rootUsage = root.range(of: "USAGE:"),
              let subcommands = root.range(of: "SUBCOMMANDS:"),
              let runUsage = run.range(of: "USAGE: stk run"),
              let runUsageEnd = run[runUsage.upperBound...].firstIndex(of: "\n")
        else { return root.hasSuffix("\n") ? root : root + "\n" }
        let synopsis = "USAGE: stk" + run[runUsage.upperBound..<runUsageEnd] + "\n       stk <subcommand>\n"
        let details = run[runUsageEnd...].trimmingCharacters(in: .newlines)
        let text = root[..<rootUsage.lowerBound] + synopsis + "\n" + details + "\n\n" + root[subcommands.lowerBound...]
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}
