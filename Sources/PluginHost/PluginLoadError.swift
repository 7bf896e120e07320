import Foundation

/// Why a plugin library was refused. The registry is unchanged whenever one is
/// thrown. `message` names the library and the problem, and says what to do.
public struct PluginLoadError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public enum Reason: String, Equatable, Sendable {
        /// No file at the path.
        case fileNotFound
        /// The path names a directory or something else that is not a file.
        case notAFile
        /// dlopen refused the file: not a shared library for this system.
        case notASharedLibrary
        /// dlopen could not resolve a symbol the library needs.
        case unresolvedSymbol
        /// dlopen failed for another reason (a dependency missing, ...).
        case openFailed
        /// The library does not export `stk_plugin_register`.
        case noEntryPoint
        /// The library carries its own copy of LayoutKit.
        case secondLayoutKitCopy
        /// Built against another LayoutKit version.
        case versionMismatch
        /// The entry point broke the protocol or reported a failure.
        case entryPointFailed
        /// The entry point registered no layout.
        case noLayouts
        /// A descriptor is malformed (bad name, unknown option, a name twice).
        case invalidDescriptor
        /// A layout name is registered already.
        case nameTaken
        /// A layout's factory threw when called once at load.
        case factoryThrew
        /// The file changed after an earlier load put it in this process.
        case changedSinceLoaded
    }

    /// The path as it was given.
    public let path: String
    public let reason: Reason
    /// The whole message: `cannot load plugin PATH: PROBLEM`.
    public let message: String

    public init(path: String, reason: Reason, problem: String) {
        self.path = path
        self.reason = reason
        self.message = "cannot load plugin \(path): \(problem)"
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

/// What a successful `PluginLoader.load(path:)` did.
public struct PluginLoadResult: Equatable, Sendable {
    /// The path as it was given (the layouts' origin in the registry).
    public let path: String
    /// The absolute path with links resolved: how a library is recognised.
    public let resolvedPath: String
    /// The library's layouts, in the order it registered them.
    public let layoutNames: [String]
    /// True when the library had been loaded before: nothing was registered.
    public let alreadyLoaded: Bool
    /// Remarks for the user, e.g. "already loaded".
    public let notes: [String]

    public init(path: String, resolvedPath: String, layoutNames: [String], alreadyLoaded: Bool, notes: [String]) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.layoutNames = layoutNames
        self.alreadyLoaded = alreadyLoaded
        self.notes = notes
    }
}
