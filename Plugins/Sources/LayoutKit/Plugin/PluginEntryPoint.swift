import Foundation

// The plugin boundary (ARCHITECTURE.md, "Plugins and type identity").
//
// A plugin is a shared library that exports one C function,
//
//     int32_t stk_plugin_register(void *registrar);
//
// written in Swift as
//
//     @_cdecl("stk_plugin_register")
//     public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
//         stkRegisterPlugin(registrar, layouts: [LayoutDescriptor(...), ...])
//     }
//
// `registrar` is an opaque pointer to a `PluginRegistrar` the host owns for the
// duration of the call. The protocol, in order:
//   1. the plugin reports the LayoutKit version it was compiled against and the
//      identity of `CollectionViewLayout` as its own code sees it (`begin`);
//      when the host refuses, the plugin returns at once, having built nothing;
//   2. only then does it build and hand over its descriptors (`add`).
// The host validates the descriptors and registers them itself, all or none, in
// `LayoutRegistry.shared` with the library's path as their origin.

/// Names and codes of the plugin boundary.
public enum PluginBoundary {
    /// The C symbol every plugin library exports.
    public static let entryPointSymbol = "stk_plugin_register"

    /// The C type of the entry point.
    public typealias EntryPoint = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// A C symbol defined by LayoutKit itself (see `layoutKitRegistryAddress`).
    /// The loader looks it up in a plugin's own image: a plugin that defines it
    /// carries a second, static copy of LayoutKit, whose classes are not the host's.
    public static let layoutKitMarkerSymbol = "stk_layoutkit_registry"

    /// What the entry point returns. `stkRegisterPlugin` returns these numbers
    /// as literals, so that nothing of LayoutKit but `PluginRegistrar.begin` is
    /// touched before the host accepted the plugin's version.
    public enum Status: Int32, Sendable {
        /// The descriptors were handed over.
        case registered = 0
        /// The host refused the version or the copy of LayoutKit (see `begin`).
        case refused = 1
        /// Building the descriptors threw (see `PluginRegistrar.fail`).
        case failed = 2
        /// The registrar pointer was null.
        case noRegistrar = 3
    }
}

/// The host's side of one call of a plugin's entry point. The host makes one,
/// passes it as an opaque pointer and reads what the plugin reported once the
/// entry point returns. Plugins call only `begin`, `add` and `fail`.
///
/// The expectations are stored when the host creates the registrar, and `begin`
/// compares against those stored values: even a plugin carrying its own copy of
/// LayoutKit (whose code would run `begin`) is judged by the host's values.
public final class PluginRegistrar {
    /// The version the host's LayoutKit was built as.
    public let expectedVersion: String
    /// `CollectionViewLayout` as the host sees it.
    public let expectedLayoutClass: ObjectIdentifier

    /// What the plugin reported in `begin` (nil: it never called it).
    public private(set) var reportedVersion: String?
    public private(set) var reportedLayoutClass: ObjectIdentifier?
    /// Whether `begin` accepted the plugin.
    public private(set) var isAccepted = false
    /// The descriptors handed over after an accepted `begin`, in order.
    public private(set) var descriptors: [LayoutDescriptor] = []
    /// Breaches of the protocol and failures the plugin reported, in order.
    public private(set) var problems: [String] = []

    public init(expectedVersion: String = LayoutKitLibrary.version) {
        self.expectedVersion = expectedVersion
        self.expectedLayoutClass = ObjectIdentifier(CollectionViewLayout.self)
    }

    /// Step 1: the LayoutKit version the plugin was compiled against, and
    /// `ObjectIdentifier(CollectionViewLayout.self)` as the plugin's code sees
    /// it. Returns whether the host accepts the plugin; a plugin that is refused
    /// must return without building anything.
    public func begin(builtAgainst version: String, layoutBaseClass: ObjectIdentifier) -> Bool {
        guard reportedVersion == nil else {
            problems.append("it reported its LayoutKit version twice")
            return false
        }
        reportedVersion = version
        reportedLayoutClass = layoutBaseClass
        isAccepted = version == expectedVersion && layoutBaseClass == expectedLayoutClass
        return isAccepted
    }

    /// Step 2: one layout. Ignored, and recorded as a problem, unless `begin`
    /// accepted the plugin first.
    public func add(_ descriptor: LayoutDescriptor) {
        guard isAccepted else {
            problems.append(reportedVersion == nil
                ? "it registered layout '\(descriptor.name)' before reporting its LayoutKit version"
                : "it registered layout '\(descriptor.name)' after the host refused it")
            return
        }
        descriptors.append(descriptor)
    }

    /// The plugin could not produce its descriptors.
    public func fail(_ message: String) {
        problems.append(message)
    }
}

/// The whole body of a plugin's entry point: reports the LayoutKit version this
/// plugin is compiled against, and only when the host accepts it evaluates
/// `layouts` and hands the descriptors over. Returns the code the entry point
/// must return (`PluginBoundary.Status`).
///
///     @_cdecl("stk_plugin_register")
///     public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
///         stkRegisterPlugin(registrar, layouts: [
///             LayoutDescriptor(name: "left-aligned", summary: "...", options: [...]) { LeftAlignedFlowLayout() },
///         ])
///     }
///
/// `@_alwaysEmitIntoClient` compiles this function into the plugin, so the
/// version it reports and the `CollectionViewLayout` it names are the plugin's
/// own, fixed when the plugin was built.
@_alwaysEmitIntoClient
public func stkRegisterPlugin(_ registrar: UnsafeMutableRawPointer?, layouts: @autoclosure () throws -> [LayoutDescriptor]) -> Int32 {
    guard let registrar else { return 3 /* PluginBoundary.Status.noRegistrar */ }
    let host = Unmanaged<PluginRegistrar>.fromOpaque(registrar).takeUnretainedValue()
    guard host.begin(builtAgainst: layoutKitVersion, layoutBaseClass: ObjectIdentifier(CollectionViewLayout.self)) else {
        return 1 /* PluginBoundary.Status.refused */
    }
    let descriptors: [LayoutDescriptor]
    do {
        descriptors = try layouts()
    } catch {
        host.fail("building its layout descriptors threw: \(error)")
        return 2 /* PluginBoundary.Status.failed */
    }
    for descriptor in descriptors { host.add(descriptor) }
    return 0 /* PluginBoundary.Status.registered */
}

/// The registry this copy of LayoutKit's code uses, exported as a C symbol
/// (`PluginBoundary.layoutKitMarkerSymbol`). There must be exactly one copy of
/// LayoutKit in a process; the loader uses this symbol to find plugins that
/// bring a second one.
@_cdecl("stk_layoutkit_registry")
public func layoutKitRegistryAddress() -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(LayoutRegistry.shared).toOpaque()
}
