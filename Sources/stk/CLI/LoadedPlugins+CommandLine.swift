import ArgumentParser
import PluginBuild
import StkScript

extension LoadedPlugins {
    /// Registers the built-in layouts, then loads the command line's
    /// `--plugin` paths in order, printing their notes on stderr (unless
    /// `showingNotes` is false). A plugin that cannot be loaded is an error:
    /// it is printed, and the run ends with status 2.
    func registerLayouts(_ global: SharedOptions, showingNotes: Bool = true) throws {
        try registerBuiltins()
        explain = global.explain
        for path in global.plugins {
            do {
                CrashReport.willLoad(plugin: path)
                let notes = try load(path)
                if showingNotes { for note in notes { StandardStreams.write("note: \(note)\n", to: .error) } }
            } catch {
                StandardStreams.write("error: \(error)\n", to: .error)
                throw ExitCode(ExitStatus.error.rawValue)
            }
        }
    }
}
