import ArgumentParser
import Foundation
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
            """,
        version: stkVersion,
        subcommands: [Run.self, TestCommand.self, BenchCommand.self],
        defaultSubcommand: Run.self
    )
}

let stkVersion = "stk 0.1.0 (LayoutKit \(layoutKitVersionString))"

/// Options every way of running scripts shares.
struct GlobalOptions: ParsableArguments {
    @Flag(help: "Print query output as JSON Lines.")
    var json = false

    @Flag(help: "Stop at the first failed expectation.")
    var bail = false

    @Flag(help: "Print each command before its output.")
    var echo = false

    @Flag(name: .customLong("no-color"), help: "Never use colour (also: NO_COLOR, TERM=dumb, output not a terminal).")
    var noColor = false

    @Option(name: .customLong("plugin"), help: ArgumentHelp("Load a layout plugin library first (repeatable).", valueName: "path"))
    var plugins: [String] = []
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scripts (the default): -e commands first, then files, else stdin or the REPL."
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customShort("e"), help: ArgumentHelp("Run commands (repeatable; before files).", valueName: "commands"))
    var commands: [String] = []

    @Argument(help: ArgumentHelp("Scripts to run in order.", valueName: "file.stk"))
    var files: [String] = []

    func run() throws {
        let host = try Host(global: global)
        let status = host.runScripts(commands: commands, files: files)
        throw ExitCode(status.rawValue)
    }
}
