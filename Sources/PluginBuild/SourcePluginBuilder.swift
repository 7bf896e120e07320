import Foundation
import LayoutKit
import PluginHost

/// Builds a plugin from Swift source: a `.swift` file, a folder of them, or a
/// Swift package folder, written for iOS or for stk. The steps:
///  1. the sources are read and hashed, with the identity of this stk's
///     LayoutKit and the adapter's version: the cache key;
///  2. a cached build with that key is used as it is (the second start costs a
///     hash of the sources and a dlopen);
///  3. otherwise the source adapter (`stk-adapt`, swift-syntax) rewrites what
///     Linux Swift cannot compile and writes the registration code, and
///     `swiftc -emit-library` compiles the result against the module files of
///     the LayoutKit this stk runs (one compiler call, about a second: no
///     package build);
///  4. the library and the adapter's report are committed to the cache by
///     renaming a finished folder into place, so a crash or a concurrent build
///     never leaves half an entry.
///
/// A package whose library depends on stk's own `Plugins` package is a plugin
/// written for stk: it is built with `swift build` and its library loaded.
public final class SourcePluginBuilder {
    public let toolchain: Toolchain
    public let cache: BuildCache

    public init(toolchain: Toolchain = .current, cache: BuildCache = .standard()) {
        self.toolchain = toolchain
        self.cache = cache
    }

    /// Whether stk treats `path` as source rather than as a shared library.
    public static func isSource(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        let expanded = NSString(string: path).expandingTildeInPath
        if FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory), isDirectory.boolValue { return true }
        return expanded.hasSuffix(".swift")
    }

    /// Builds (or finds in the cache) the plugin for the sources at `path`.
    public func build(_ path: String) throws -> BuiltPlugin {
        let started = Date()
        let source = try PluginSource.resolve(path)
        if case .stkPackage(let package) = source.kind {
            return try buildStkPackage(package, shownAs: path, started: started)
        }
        let key = try cache.key(for: source.files, layoutKit: toolchain.layoutKitIdentity(), adapterVersion: Toolchain.adapterVersion)
        var notes: [String] = []
        switch cache.lookup(key) {
        case .hit(let entry):
            return BuiltPlugin(libraryPath: entry.library, origin: path, wasCached: true,
                               seconds: Date().timeIntervalSince(started), report: entry.report, notes: [])
        case .corrupt(let why):
            notes.append("the cached build of \(path) was unusable (\(why)); built it again")
            cache.remove(key)
        case .miss:
            break
        }
        let entry = try cache.create(key) { folder in
            try adaptAndCompile(source.files, key: key, in: folder)
        }
        return BuiltPlugin(libraryPath: entry.library, origin: path, wasCached: false,
                           seconds: Date().timeIntervalSince(started), report: entry.report, notes: notes)
    }

    /// The sources adapted into `folder/sources` and compiled. When the
    /// compiler refuses code the adapter kept for one screen of an app (a
    /// view controller among others), they are adapted again without that
    /// screen and compiled again, a few times at most: the other screens
    /// load, and the report says which was left out and why.
    private func adaptAndCompile(_ files: [(path: String, shown: String)], key: String, in folder: URL) throws -> AdapterReport {
        let sources = folder.appendingPathComponent("sources")
        var compilerErrors: [AdapterReport.Message] = []
        var refused: (error: PluginBuildError, skipped: Int)?
        while true {
            try? FileManager.default.removeItem(at: sources)
            let report = try Adapter.run(toolchain: toolchain, files: files, into: sources, compilerErrors: compilerErrors)
            // Compiled again only when this adaptation left out a screen more:
            // errors the adapter cannot place in a screen stay errors.
            if let refused, (report.skipped?.count ?? 0) <= refused.skipped || compilerErrors.count > 64 { throw refused.error }
            let adapted = try FileManager.default.contentsOfDirectory(atPath: sources.path)
                .filter { $0.hasSuffix(".swift") }.sorted()
                .map { sources.appendingPathComponent($0).path }
            do {
                try toolchain.compileLibrary(adapted, moduleName: Self.moduleName(forKey: key),
                                             output: folder.appendingPathComponent(BuildCache.libraryName).path)
                return report
            } catch var error as PluginBuildError {
                error.adapterNotes = report.notes.map { "\($0.position): \($0.message)" }
                guard !error.compilerErrors.isEmpty else { throw error }
                refused = (error, report.skipped?.count ?? 0)
                compilerErrors += error.compilerErrors
            }
        }
    }

    /// `swift build` of a package written for stk (it depends on stk's Plugins).
    private func buildStkPackage(_ package: PackageDescription, shownAs path: String, started: Date) throws -> BuiltPlugin {
        guard let product = package.dynamicLibraryProducts.first else {
            throw PluginBuildError("\(path): the package has no dynamic library product; a plugin package declares `.library(name: ..., type: .dynamic, targets: [...])`")
        }
        let result = try Subprocess.run(toolchain.swift, ["build", "--package-path", package.root, "--product", product])
        guard result.status == 0 else {
            throw PluginBuildError("cannot build \(path) (swift build --product \(product)):\n" + result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let bin = try Subprocess.run(toolchain.swift, ["build", "--package-path", package.root, "--show-bin-path"])
        let library = bin.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/lib\(product).so"
        return BuiltPlugin(libraryPath: library, origin: path, wasCached: false,
                           seconds: Date().timeIntervalSince(started), report: AdapterReport(), notes: [])
    }
}

/// A plugin library ready to load, and what was done to make it.
extension SourcePluginBuilder {
    /// The Swift module a source plugin is compiled as: unique to its
    /// sources, so that two builds loaded in one process (`reload`) never
    /// share a type's name. The runtime names it where it says where a
    /// force-unwrap trapped (`StkSource_20fed2ccf3e21761/Layout.swift:8`).
    static func moduleName(forKey key: String) -> String { "StkSource_" + key.prefix(16) }

    /// The module of a library built by the cache (in the folder named by its
    /// key); nil for any other library.
    public static func moduleName(ofLibrary path: String) -> String? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        guard folder.count >= 16, folder.allSatisfy(\.isHexDigit) else { return nil }
        return moduleName(forKey: folder)
    }

    /// A build made earlier, found by its library: the REPL replays a session
    /// after a crash on the very builds it used, even if the sources changed
    /// since. Nil when the library is gone.
    public static func existing(libraryPath: String, origin: String) -> BuiltPlugin? {
        guard FileManager.default.fileExists(atPath: libraryPath) else { return nil }
        let reportPath = URL(fileURLWithPath: libraryPath).deletingLastPathComponent()
            .appendingPathComponent(BuildCache.reportName).path
        let report = FileManager.default.contents(atPath: reportPath)
            .flatMap { try? JSONDecoder().decode(AdapterReport.self, from: $0) } ?? AdapterReport()
        return BuiltPlugin(libraryPath: libraryPath, origin: origin, wasCached: true, seconds: 0, report: report, notes: [])
    }
}

public struct BuiltPlugin {
    public let libraryPath: String
    /// The source path as the user gave it.
    public let origin: String
    public let wasCached: Bool
    public let seconds: Double
    public let report: AdapterReport
    public let notes: [String]
}

/// A source plugin that cannot be built: the message names the file and, for
/// the user's own code, carries the compiler's or the adapter's located
/// diagnostics.
public struct PluginBuildError: Error, CustomStringConvertible {
    public let message: String
    /// What the source adapter changed before a build the compiler refused
    /// (`FILE:LINE:COL: removed @objc ...`): often why a name is missing
    /// (view code left out). Said as a count, or listed when `showsAdapterNotes`.
    public var adapterNotes: [String] = []
    /// `--explain`: the adapter's changes are listed after the errors.
    public var showsAdapterNotes = false
    /// The compiler's errors at their places, for another try without the
    /// screens they are in (`SourcePluginBuilder.adaptAndCompile`).
    var compilerErrors: [AdapterReport.Message] = []

    public init(_ message: String) { self.message = message }

    public var description: String {
        guard !adapterNotes.isEmpty else { return message }
        if showsAdapterNotes { return message + "\n" + adapterNotes.map { "note: \($0)" }.joined(separator: "\n") }
        return message + "\nnote: stk changed the sources for Linux first (\(adapterNotes.count) change(s), shown by --explain); a name the compiler cannot find may be view code it left out"
    }
}
