import Builtins
import Foundation
import PluginHost

/// The layouts this process has loaded, and how: the built-ins, libraries
/// (`.so`), and plugins given as Swift source with the library built for
/// each. `--plugin PATH`, `load PATH` and `reload` come here; loading builds a
/// source plugin first (`SourcePluginBuilder`) and returns notes to show.
///
/// One per process (`shared`): the registry it fills (`PluginLoader.shared`,
/// `LayoutRegistry.shared`) is the process's, as a loaded library is.
public final class LoadedPlugins: @unchecked Sendable {
    /// The process's: every command of stk loads through it.
    public static let shared = LoadedPlugins()

    /// Whether to show every change the source adapter made (`--explain`).
    public var explain = false
    /// Source plugins loaded so far, by origin (the path as given), with the
    /// library built for them.
    private var sources: [(origin: String, library: String)] = []
    /// Builds to load instead of building, by origin: a REPL worker that
    /// replays a session loads what the lost one had loaded.
    public var pinnedLibraries: [String: String] = [:]
    /// Told of each source plugin about to load: the module it was compiled
    /// as and its origin (a script's crash handler names the user's file by
    /// it, for a crash as it loads or later).
    public var willLoadSource: ((_ moduleName: String, _ origin: String) -> Void)?

    public init() {}

    /// The library loaded for each source plugin, by origin.
    public var sourceLibraries: [String: String] {
        Dictionary(sources.map { ($0.origin, $0.library) }, uniquingKeysWith: { $1 })
    }

    /// Registers the built-in layouts, listed once in the Plugins package
    /// (`BuiltinLayouts`); an error says which could not be registered.
    public func registerBuiltins() throws {
        try BuiltinLayouts.register()
    }

    /// Loads the plugin at `path` (a library, or Swift source built first);
    /// returns the notes to show.
    public func load(_ path: String) throws -> [String] {
        guard SourcePluginBuilder.isSource(path) else {
            let result = try PluginLoader.shared.load(path: path)
            var notes = result.notes
            if !result.alreadyLoaded {
                notes.append("loaded \(result.layoutNames.joined(separator: ", ")) from \(path)")
            }
            return notes
        }
        // By any path: `--plugin Sources/Layout.swift` and a saved session's
        // `load /abs/Sources/Layout.swift` name one file (or folder).
        if let loaded = sources.first(where: { Self.samePlace($0.origin, path) }) {
            let named = loaded.origin == path ? "" : " (as \(loaded.origin))"
            return ["\(path) is already loaded\(named); 'reload' rebuilds it after a change"]
        }
        let pinned = pinnedLibraries[path].flatMap { SourcePluginBuilder.existing(libraryPath: $0, origin: path) }
        let (notes, library) = try loadSource(path, replacing: nil, built: pinned)
        sources.append((path, library))
        return notes
    }

    /// Whether two paths name the same file or folder: the same absolute
    /// path once `.`, `..` and symbolic links are resolved.
    static func samePlace(_ a: String, _ b: String) -> Bool {
        func canonical(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return a == b || canonical(a) == canonical(b)
    }

    /// Rebuilds every source plugin whose files changed and loads the new
    /// build in place of the old one. Returns notes and the origins reloaded.
    public func reload() throws -> (notes: [String], reloaded: Set<String>) {
        guard !sources.isEmpty else { return (["no plugin was loaded from source; nothing to reload"], []) }
        var notes: [String] = []
        var reloaded: Set<String> = []
        for (index, source) in sources.enumerated() {
            let built = try build(source.origin)
            notes += built.notes
            if built.libraryPath == source.library {
                notes.append("\(source.origin) is unchanged")
                continue
            }
            let (loadNotes, library) = try loadSource(source.origin, replacing: source.origin, built: built)
            notes += loadNotes
            sources[index].library = library
            reloaded.insert(source.origin)
        }
        return (notes, reloaded)
    }

    /// Builds a source plugin; a build the compiler refuses lists the
    /// adapter's changes with `--explain` (they often say why a name is missing).
    private func build(_ path: String) throws -> BuiltPlugin {
        do {
            return try SourcePluginBuilder().build(path)
        } catch var error as PluginBuildError {
            error.showsAdapterNotes = explain
            throw error
        }
    }

    private func loadSource(_ path: String, replacing: String?, built: BuiltPlugin? = nil) throws -> (notes: [String], library: String) {
        var built = try built ?? build(path)
        var notes = built.notes
        if let module = SourcePluginBuilder.moduleName(ofLibrary: built.libraryPath) { willLoadSource?(module, path) }
        let result: PluginLoadResult
        do {
            result = try PluginLoader.shared.load(path: built.libraryPath, origin: path, replacing: replacing)
        } catch let error as PluginLoadError where built.wasCached && [.notASharedLibrary, .openFailed, .unresolvedSymbol].contains(error.reason) {
            // A damaged cache entry: build it again, once.
            notes.append("the cached build of \(path) could not be loaded (\(error.reason)); built it again")
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: built.libraryPath).deletingLastPathComponent().path)
            built = try build(path)
            result = try PluginLoader.shared.load(path: built.libraryPath, origin: path, replacing: replacing)
        }
        // A screen left out is said every time: the user expects its layout.
        notes += (built.report.skipped ?? []).map { "\($0.position): \($0.message)" }
        // So is what a layout needs that the sources do not give it.
        notes += (built.report.advice ?? []).map { "\($0.position): \($0.message)" }
        if explain {
            notes += built.report.notes.map { "\($0.position): \($0.message)" }
        }
        let how = built.wasCached ? "cached build" : String(format: "built in %.1f s", built.seconds)
        let adapted = built.report.notes.isEmpty || explain ? "" : "; \(built.report.notes.count) source change(s) for Linux, shown by --explain"
        let names = result.layoutNames.map { name in
            built.report.layouts.first { $0.name == name }.map { "\(name) (\($0.className))" } ?? name
        }
        notes.append("\(replacing == nil ? "loaded" : "reloaded") \(names.joined(separator: ", ")) from \(path) (\(how)\(adapted))")
        return (notes, built.libraryPath)
    }
}
