import Foundation
import LayoutKit

/// Loads layout plugins: shared libraries built against LayoutKit that export
/// `stk_plugin_register` (see LayoutKit's PluginEntryPoint.swift for the
/// protocol, docs/write-your-own-layout.md for authors).
///
/// One load, in order; the first refusal throws `PluginLoadError` and leaves
/// the registry unchanged:
///  1. the file exists and is a file;
///  2. a library already loaded from the same real path is not loaded again:
///     the result says "already loaded" (or, if the file changed since, the
///     load is refused: a process cannot hold two builds of one library);
///  3. `dlopen(RTLD_NOW | RTLD_LOCAL)`:
///     - RTLD_NOW resolves every symbol the plugin needs before any of its code
///       runs, so a plugin built against a LayoutKit whose symbols differ is a
///       clear refusal here, not a crash at its first call;
///     - RTLD_LOCAL keeps the plugin's own symbols out of the global scope:
///       every plugin exports `stk_plugin_register`, and two plugins may define
///       Swift symbols with the same names; neither may interpose the other.
///       The plugin still binds to the host's LayoutKit: its `NEEDED
///       libLayoutKit.so` is matched by name to the copy the host already
///       loaded, and its undefined symbols are looked up in the global scope
///       (the host executable and its libraries) first;
///  4. the plugin must not contain LayoutKit itself: a library that defines
///     `stk_layoutkit_registry` in its own image has a second, static copy of
///     LayoutKit (classes that are not the host's, a registry of its own);
///  5. `stk_plugin_register` must be defined by the library itself;
///  6. the entry point runs with a `PluginRegistrar`: the version it reports
///     must equal this LayoutKit's, and `CollectionViewLayout` as its code sees
///     it must be the host's class (the decisive type-identity check);
///  7. the descriptors are checked: at least one, well-formed names (no space,
///     not empty, no name twice), no name already registered (by a built-in or
///     another library), and each factory is called once: a factory that
///     throws, or a layout that does not answer an option its descriptor
///     declares, refuses the whole library (better now than at `layout NAME`);
///  8. all layouts are registered at once, with the path as given as origin.
///
/// Libraries are never closed: the Swift runtime keeps pointers into every
/// image it saw (type metadata, conformances), so unmapping one, even a
/// refused one, could crash a later cast.
public final class PluginLoader {
    /// The loader of the process, registering into `LayoutRegistry.shared`.
    public static let shared = PluginLoader()

    public let registry: LayoutRegistry

    private struct Record {
        let identity: DynamicLibrary.FileIdentity
        /// What the first load returned or threw.
        let outcome: Result<PluginLoadResult, PluginLoadError>
    }

    private var records: [String: Record] = [:]
    private var loadOrder: [String] = []
    private let lock = NSLock()

    /// A loader registering into `registry` (tests use a registry of their own;
    /// the process-wide dlopen state is shared by every loader).
    public init(registry: LayoutRegistry = .shared) {
        self.registry = registry
    }

    /// The libraries this loader registered, in load order.
    public var loadedPlugins: [PluginLoadResult] {
        lock.lock()
        defer { lock.unlock() }
        return loadOrder.compactMap { try? records[$0]?.outcome.get() }
    }

    /// Loads the plugin at `path` (absolute, relative to the current directory,
    /// or starting with `~`) and registers its layouts, or throws
    /// `PluginLoadError` and registers nothing.
    ///
    /// `origin` is what the registry records as the layouts' origin (the path
    /// as given when nil): a plugin built from source names its source. Layouts
    /// registered before with the origin `replacing` give way to the new ones,
    /// all at once, when the load succeeds (`reload` of a rebuilt source).
    @discardableResult
    public func load(path: String, origin: String? = nil, replacing: String? = nil) throws -> PluginLoadResult {
        lock.lock()
        defer { lock.unlock() }

        let expanded = NSString(string: path).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else {
            throw PluginLoadError(path: path, reason: .fileNotFound, problem: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw PluginLoadError(path: path, reason: .notAFile, problem: "it is a directory, expected a shared library (.so)")
        }
        guard let real = DynamicLibrary.realPath(expanded), let identity = DynamicLibrary.identity(ofFileAt: real) else {
            throw PluginLoadError(path: path, reason: .notAFile, problem: "it cannot be examined (\(String(cString: strerror(errno))))")
        }

        if let earlier = records[real] {
            guard earlier.identity == identity else {
                throw PluginLoadError(path: path, reason: .changedSinceLoaded,
                    problem: "the file changed after it was loaded into this process (\(real)); a running stk cannot load a second build of a library: start stk again to load the new one")
            }
            switch earlier.outcome {
            case .success(let first):
                let note = first.path == path ? "\(path) is already loaded; nothing was registered again"
                                              : "\(path) is already loaded (as \(first.path)); nothing was registered again"
                return PluginLoadResult(path: path, resolvedPath: real, layoutNames: first.layoutNames,
                                        alreadyLoaded: true, notes: [note])
            case .failure(let refusal):
                // The refused image is still mapped (see above); it would refuse again.
                throw PluginLoadError(path: path, reason: refusal.reason, problem: Self.problem(of: refusal))
            }
        }

        let outcome: Result<PluginLoadResult, PluginLoadError>
        do {
            outcome = .success(try open(path: path, real: real, origin: origin ?? path, replacing: replacing))
        } catch let error as PluginLoadError {
            outcome = .failure(error)
        }
        if case .failure(let error) = outcome, Self.refusedBeforeMapping.contains(error.reason) {
            // dlopen failed, so nothing stayed mapped: a later attempt (after a rebuild) may succeed.
        } else {
            records[real] = Record(identity: identity, outcome: outcome)
            if case .success = outcome { loadOrder.append(real) }
        }
        return try outcome.get()
    }

    /// The path of the loaded image (executable or library) holding `address`.
    public static func imagePath(containing address: UnsafeRawPointer) -> String? {
        DynamicLibrary.imagePath(containing: address)
    }

    // MARK: Steps

    /// Builds a refusal of one load; the steps below take it so that every
    /// refusal names the path as the user gave it.
    private typealias Refuse = (PluginLoadError.Reason, String) -> PluginLoadError

    private func open(path: String, real: String, origin: String, replacing: String?) throws -> PluginLoadResult {
        func refuse(_ reason: PluginLoadError.Reason, _ problem: String) -> PluginLoadError {
            PluginLoadError(path: path, reason: reason, problem: problem)
        }

        let handle: UnsafeMutableRawPointer
        switch DynamicLibrary.open(real) {
        case .success(let h): handle = h
        case .failure(let failure): throw Self.openRefusal(failure.text, path: path, real: real)
        }
        let entryPoint = try Self.ownEntryPoint(in: handle, real: real, refuse: refuse)
        let descriptors = try Self.descriptors(reportedBy: entryPoint, refuse: refuse)

        guard !descriptors.isEmpty else {
            throw refuse(.noLayouts, "it registered no layout (pass at least one LayoutDescriptor to stkRegisterPlugin)")
        }
        let names = descriptors.map(\.name)
        let none = "none of its layouts (\(names.joined(separator: ", "))) were registered"
        // From here on the library is refused whole: every refusal says that none of its layouts was registered.
        func refuseAll(_ reason: PluginLoadError.Reason, _ problem: String) -> PluginLoadError {
            refuse(reason, "\(problem); \(none)")
        }
        try Self.checkWellFormed(descriptors, refuse: refuseAll)
        try checkNamesFree(descriptors, replacing: replacing, refuse: refuseAll)
        let completed = try Self.completedByTheirFactories(descriptors, refuse: refuseAll)

        do {
            try registry.register(completed, origin: origin, replacing: replacing)
        } catch {
            // Only a registration made by someone else since the checks above can get here.
            throw refuseAll(.nameTaken, "\(error)")
        }
        return PluginLoadResult(path: path, resolvedPath: real, layoutNames: names, alreadyLoaded: false, notes: [])
    }

    /// Steps 4 and 5: the library's own `stk_plugin_register`, provided it does
    /// not bring a LayoutKit of its own.
    private static func ownEntryPoint(in handle: UnsafeMutableRawPointer, real: String,
                                      refuse: Refuse) throws -> PluginBoundary.EntryPoint {
        // A symbol counts as the plugin's only if the plugin's own image defines it:
        // dlsym on a handle also searches the libraries the plugin depends on.
        func ownSymbol(_ name: String) -> UnsafeMutableRawPointer? {
            guard let address = DynamicLibrary.symbol(name, in: handle),
                  DynamicLibrary.imagePath(containing: address) == real else { return nil }
            return address
        }

        if let marker = ownSymbol(PluginBoundary.layoutKitMarkerSymbol) {
            // stk's own LayoutKit, already loaded, opens as the same image.
            let theirs = unsafeBitCast(marker, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
            if theirs() == layoutKitRegistryAddress() {
                throw refuse(.secondLayoutKitCopy,
                    "it is stk's own LayoutKit library, not a plugin: give the library your layouts are built into (it links this one)")
            }
            throw refuse(.secondLayoutKitCopy, Self.secondCopyProblem)
        }
        guard let entryAddress = ownSymbol(PluginBoundary.entryPointSymbol) else {
            throw refuse(.noEntryPoint,
                "no entry point: the library does not export the C symbol '\(PluginBoundary.entryPointSymbol)' (declare `@_cdecl(\"\(PluginBoundary.entryPointSymbol)\") public func ...(_ registrar: UnsafeMutableRawPointer?) -> Int32` calling stkRegisterPlugin)")
        }
        return unsafeBitCast(entryAddress, to: PluginBoundary.EntryPoint.self)
    }

    /// Step 6: runs the plugin's code for the first time, and takes what it
    /// registered only if it was built against this very LayoutKit (its
    /// version, and the class its code sees as `CollectionViewLayout`).
    private static func descriptors(reportedBy entryPoint: PluginBoundary.EntryPoint,
                                    refuse: Refuse) throws -> [LayoutDescriptor] {
        let registrar = PluginRegistrar()
        let status = withExtendedLifetime(registrar) {
            entryPoint(Unmanaged.passUnretained(registrar).toOpaque())
        }

        guard let version = registrar.reportedVersion else {
            let detail = registrar.problems.first.map { ": \($0)" } ?? ""
            throw refuse(.entryPointFailed,
                "its entry point '\(PluginBoundary.entryPointSymbol)' returned \(status) without reporting the LayoutKit version it was built against\(detail) (its body must be `stkRegisterPlugin(registrar, layouts: [...])`)")
        }
        guard version == registrar.expectedVersion else {
            throw refuse(.versionMismatch,
                "it was built against LayoutKit \(version), but this stk has LayoutKit \(registrar.expectedVersion): rebuild the plugin against LayoutKit \(registrar.expectedVersion)")
        }
        guard registrar.reportedLayoutClass == registrar.expectedLayoutClass else {
            throw refuse(.secondLayoutKitCopy, Self.secondCopyProblem)
        }
        if let problem = registrar.problems.first {
            throw refuse(.entryPointFailed, problem)
        }
        guard status == PluginBoundary.Status.registered.rawValue else {
            throw refuse(.entryPointFailed, "its entry point '\(PluginBoundary.entryPointSymbol)' returned \(status), expected 0")
        }
        return registrar.descriptors
    }

    /// Step 7, within the library: names that can be typed at the REPL, no
    /// layout name twice, and no option twice in one layout.
    private static func checkWellFormed(_ descriptors: [LayoutDescriptor], refuse: Refuse) throws {
        var seen = Set<String>()
        for descriptor in descriptors {
            if let problem = Self.nameProblem(descriptor.name) {
                throw refuse(.invalidDescriptor, problem)
            }
            guard seen.insert(descriptor.name).inserted else {
                throw refuse(.invalidDescriptor, "it registers the layout name '\(descriptor.name)' twice")
            }
            var optionNames = Set<String>()
            for option in descriptor.options where !optionNames.insert(option.name).inserted {
                throw refuse(.invalidDescriptor, "layout '\(descriptor.name)' declares the option '\(option.name)' twice")
            }
        }
    }

    /// Step 7, against the registry: no name or alias already registered,
    /// except by the origin this load replaces.
    private func checkNamesFree(_ descriptors: [LayoutDescriptor], replacing: String?, refuse: Refuse) throws {
        for descriptor in descriptors {
            for name in [descriptor.name] + descriptor.aliases {
                if let problem = Self.nameProblem(name) { throw refuse(.invalidDescriptor, problem) }
            }
            if let first = registry.entry(named: descriptor.name) ?? descriptor.aliases.lazy.compactMap(registry.entry(named:)).first,
               replacing == nil || first.origin != replacing {
                let owner = first.origin == LayoutRegistry.builtInOrigin ? "a built-in layout" : "\(first.origin)"
                throw refuse(.nameTaken, "the layout name '\(descriptor.name)' is already registered by \(owner)")
            }
        }
    }

    /// Step 7's last check: each factory is called once, now rather than at
    /// `layout NAME`, and must make a layout that answers every option its
    /// descriptor declares; the descriptors come back completed with it.
    /// The layout is made for a collection view of LayoutKit's default size,
    /// as a session's is, so that code that reads the view it is made for
    /// (`view.frame.width` in a view controller's set-up) has one to read.
    private static func completedByTheirFactories(_ descriptors: [LayoutDescriptor], refuse: Refuse) throws -> [LayoutDescriptor] {
        var completed: [LayoutDescriptor] = []
        let scratch = CollectionView(layout: CollectionViewLayout())
        for descriptor in descriptors {
            let layout: CollectionViewLayout
            do {
                layout = try scratch.receivingLayout { try descriptor.makeLayout() }
            } catch {
                throw refuse(.factoryThrew, "the factory of layout '\(descriptor.name)' threw: \(error)")
            }
            for option in descriptor.options where descriptor.optionValue(option.name, of: layout) == nil {
                throw refuse(.invalidDescriptor,
                    "layout '\(descriptor.name)' declares the option '\(option.name)' but a new \(type(of: layout)) has no value for it (optionValue(\"\(option.name)\") returned nil)")
            }
            completed.append(descriptor.completed(with: layout))
        }
        return completed
    }

    /// Refusals by dlopen itself: the library was not left in the process.
    static let refusedBeforeMapping: Set<PluginLoadError.Reason> = [.notASharedLibrary, .unresolvedSymbol, .openFailed]

    // MARK: Messages

    static let secondCopyProblem =
        "it contains its own copy of LayoutKit, so its classes are not the ones stk uses and its layouts would never be recognised: link LayoutKit dynamically (depend only on the product LayoutKit of the Plugins package, which brings StkUIKit too, and on no static product that contains LayoutKit) and rebuild"

    /// Why a layout name cannot be typed at the REPL, or nil when it is fine.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "it registers a layout with an empty name" }
        if name.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) }) {
            return "the layout name '\(name)' contains a space or control character (a name must be one word, e.g. 'left-aligned')"
        }
        if name.contains("=") || name.contains(";") || name.contains("#") || name.contains("\"") {
            return "the layout name '\(name)' contains one of = ; # \" (a name must be one word, e.g. 'left-aligned')"
        }
        return nil
    }

    /// A summary of dlopen's message, without the path it starts with.
    static func openRefusal(_ text: String, path: String, real: String) -> PluginLoadError {
        var detail = text
        for prefix in [real + ": ", path + ": "] where detail.hasPrefix(prefix) {
            detail.removeFirst(prefix.count)
        }
        let lower = detail.lowercased()
        if lower.contains("invalid elf header") || lower.contains("file too short") || lower.contains("not an elf")
            || lower.contains("only et_dyn and et_exec") || lower.contains("wrong elf class") || lower.contains("cannot dynamically load") {
            return PluginLoadError(path: path, reason: .notASharedLibrary,
                                   problem: "not a shared library for this system (dlopen: \(detail)); a plugin is the lib<Name>.so a `.dynamic` library product builds")
        }
        if let range = detail.range(of: "undefined symbol: ") {
            let symbol = String(detail[range.upperBound...]).split(separator: " ").first.map(String.init) ?? ""
            let readable = DynamicLibrary.demangle(symbol)
            let shown = readable == symbol ? symbol : "\(readable) (\(symbol))"
            return PluginLoadError(path: path, reason: .unresolvedSymbol,
                                   problem: "it needs the symbol \(shown), which this stk does not define: it was built against another version of LayoutKit (or of a library it uses); rebuild it against this one")
        }
        return PluginLoadError(path: path, reason: .openFailed, problem: "dlopen failed: \(detail)")
    }

    /// The problem part of an earlier refusal's message.
    static func problem(of error: PluginLoadError) -> String {
        let prefix = "cannot load plugin \(error.path): "
        return error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
    }
}
