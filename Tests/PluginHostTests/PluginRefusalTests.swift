import Foundation
import LayoutKit
import StkTestSupport
@testable import PluginHost
import Testing

/// Every refusal of the loader: its reason, its whole message, and a registry
/// left exactly as it was. Each test uses a registry of its own.
@Suite struct PluginRefusalTests {

    /// Loads `path` into a fresh loader over `registry`, expecting a refusal.
    private func refusal(loading path: String, into registry: LayoutRegistry = LayoutRegistry()) throws -> PluginLoadError {
        let before = registry.names
        let loader = PluginLoader(registry: registry)
        do {
            let result = try loader.load(path: path)
            Issue.record("expected a refusal, got \(result)")
            throw CollectionViewError("not refused")
        } catch let error as PluginLoadError {
            #expect(registry.names == before, "a refused load must leave the registry unchanged")
            #expect(loader.loadedPlugins.isEmpty)
            #expect(error.path == path)
            return error
        }
    }

    /// Loads `path` as `refusal` does and expects the refusal to be for
    /// `reason`, with the message "cannot load plugin PATH: " and `why`.
    private func expectRefusal(loading path: String, into registry: LayoutRegistry = LayoutRegistry(),
                               _ reason: PluginLoadError.Reason, why: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try refusal(loading: path, into: registry)
        #expect(error.reason == reason, sourceLocation: sourceLocation)
        #expect(error.message == "cannot load plugin \(path): \(why)", sourceLocation: sourceLocation)
    }

    @Test func aMissingFile() throws {
        let path = "/nonexistent/libNothing.so"
        try expectRefusal(loading: path, .fileNotFound, why: "no such file")
    }

    @Test func aDirectory() throws {
        let temporary = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let directory = temporary.path
        try expectRefusal(loading: directory, .notAFile, why: "it is a directory, expected a shared library (.so)")
    }

    @Test func aFileThatIsNotASharedLibrary() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("libNotes.so").path
        try String(repeating: "these are notes, not machine code\n", count: 10).write(toFile: path, atomically: true, encoding: .utf8)
        try expectRefusal(loading: path, .notASharedLibrary, why: "not a shared library for this system (dlopen: invalid ELF header); a plugin is the lib<Name>.so a `.dynamic` library product builds")
    }

    /// A library of the fixture package that the loader must refuse: the
    /// reason, and the message after "cannot load plugin PATH: ".
    struct RefusedFixture: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var product: String
        var reason: PluginLoadError.Reason
        var why: String
    }

    /// Both ways a library can hold LayoutKit classes that are not stk's.
    static let secondCopy = "it contains its own copy of LayoutKit, so its classes are not the ones stk uses and its layouts would never be recognised: link LayoutKit dynamically (depend only on the product LayoutKit of the Plugins package, which brings StkUIKit too, and on no static product that contains LayoutKit) and rebuild"

    @Test(arguments: [
        RefusedFixture(testDescription: "a library without the entry point", product: "FixtureNoEntryPoint", reason: .noEntryPoint,
                       why: "no entry point: the library does not export the C symbol 'stk_plugin_register' (declare `@_cdecl(\"stk_plugin_register\") public func ...(_ registrar: UnsafeMutableRawPointer?) -> Int32` calling stkRegisterPlugin)"),
        RefusedFixture(testDescription: "a library built against another LayoutKit version", product: "FixtureWrongVersion", reason: .versionMismatch,
                       why: "it was built against LayoutKit 0.9.0, but this stk has LayoutKit \(LayoutKitLibrary.version): rebuild the plugin against LayoutKit \(LayoutKitLibrary.version)"),
        RefusedFixture(testDescription: "a library needing a symbol this LayoutKit lacks", product: "FixtureMissingSymbol", reason: .unresolvedSymbol,
                       why: "it needs the symbol LayoutKit.removedInThisVersion() -> () ($s9LayoutKit20removedInThisVersionyyF), which this stk does not define: it was built against another version of LayoutKit (or of a library it uses); rebuild it against this one"),
        RefusedFixture(testDescription: "a library that registers before reporting its version", product: "FixtureSkipsVersion", reason: .entryPointFailed,
                       why: "its entry point 'stk_plugin_register' returned 0 without reporting the LayoutKit version it was built against: it registered layout 'too-eager' before reporting its LayoutKit version (its body must be `stkRegisterPlugin(registrar, layouts: [...])`)"),
        RefusedFixture(testDescription: "a library carrying its own copy of LayoutKit", product: "FixtureSecondCopy", reason: .secondLayoutKitCopy,
                       why: PluginRefusalTests.secondCopy),
        RefusedFixture(testDescription: "a library whose code sees another CollectionViewLayout", product: "FixtureForeignLayoutClass", reason: .secondLayoutKitCopy,
                       why: PluginRefusalTests.secondCopy),
    ])
    func aFixtureLibraryIsRefused(_ fixture: RefusedFixture) throws {
        let path = try ExamplePackage.library(fixture.product)
        try expectRefusal(loading: path, fixture.reason, why: fixture.why)
    }

    @Test func aNameABuiltInLayoutHas() throws {
        let registry = LayoutRegistry()
        try registry.register(LayoutDescriptor(name: "flow-sticky", summary: "built in", options: []) { BuiltInStandIn() },
                              origin: LayoutRegistry.builtInOrigin)
        let path = try ExamplePackage.library("FixtureCollidingNames")
        try expectRefusal(loading: path, into: registry, .nameTaken, why: "the layout name 'flow-sticky' is already registered by a built-in layout; none of its layouts (flow-sticky, left-aligned) were registered")
        #expect(registry.entry(named: "flow-sticky")?.origin == LayoutRegistry.builtInOrigin)
    }

    @Test func aNameAnotherLibraryHas() throws {
        let registry = LayoutRegistry()
        let example = try ExamplePackage.library("LeftAlignedFlow")
        try PluginLoader(registry: registry).load(path: example)
        let path = try ExamplePackage.library("FixtureCollidingNames")
        try expectRefusal(loading: path, into: registry, .nameTaken, why: "the layout name 'left-aligned' is already registered by \(example); none of its layouts (flow-sticky, left-aligned) were registered")
        #expect(registry.names == ["left-aligned", "uikit-sticky"])
    }

    @Test func aFactoryThatThrows() throws {
        let path = try ExamplePackage.library("FixtureThrowingFactory")
        try expectRefusal(loading: path, .factoryThrew, why: "the factory of layout 'throws-at-birth' threw: the cache file layout.cache is missing; none of its layouts (fine-before-the-throw, throws-at-birth) were registered")
    }

    @Test func aRefusedLibraryIsRefusedAgainTheSameWay() throws {
        let path = try ExamplePackage.library("FixtureThrowingFactory")
        let loader = PluginLoader(registry: LayoutRegistry())
        let first = #expect(throws: PluginLoadError.self) { try loader.load(path: path) }
        let second = #expect(throws: PluginLoadError.self) { try loader.load(path: path) }
        #expect(first == second)
    }

    @Test func aLibraryThatChangedAfterItWasLoaded() throws {
        let original = try ExamplePackage.library("LeftAlignedFlow")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("libRebuilt.so").path
        try FileManager.default.copyItem(atPath: original, toPath: path)
        let registry = LayoutRegistry()
        let loader = PluginLoader(registry: registry)
        try loader.load(path: path)

        // A rebuild writes a new file: the process still holds the old one.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: original, toPath: path)
        let error = #expect(throws: PluginLoadError.self) { try loader.load(path: path) }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        #expect(error?.reason == .changedSinceLoaded)
        #expect(error?.message == "cannot load plugin \(path): the file changed after it was loaded into this process (\(real)); a running stk cannot load a second build of a library: start stk again to load the new one")
        #expect(registry.names == ["left-aligned", "uikit-sticky"])
    }

    // MARK: The pieces, directly

    @Test func theRegistrarRefusesAnotherVersionOrAnotherLayoutClass() {
        let registrar = PluginRegistrar(expectedVersion: "2.0.0")
        #expect(registrar.begin(builtAgainst: "1.0.0", layoutBaseClass: ObjectIdentifier(CollectionViewLayout.self)) == false)
        registrar.add(LayoutDescriptor(name: "late", summary: "", options: []) { BuiltInStandIn() })
        #expect(registrar.descriptors.isEmpty)
        #expect(registrar.problems == ["it registered layout 'late' after the host refused it"])

        // A plugin whose code sees another CollectionViewLayout (a second copy of
        // LayoutKit) is refused although its version matches.
        let copy = PluginRegistrar(expectedVersion: "2.0.0")
        #expect(copy.begin(builtAgainst: "2.0.0", layoutBaseClass: ObjectIdentifier(NSObject.self)) == false)

        let good = PluginRegistrar(expectedVersion: "2.0.0")
        #expect(good.begin(builtAgainst: "2.0.0", layoutBaseClass: ObjectIdentifier(CollectionViewLayout.self)))
        #expect(good.begin(builtAgainst: "2.0.0", layoutBaseClass: ObjectIdentifier(CollectionViewLayout.self)) == false)
        #expect(good.problems == ["it reported its LayoutKit version twice"])
    }

    @Test func layoutNamesMustBeOneWord() {
        #expect(PluginLoader.nameProblem("left-aligned") == nil)
        #expect(PluginLoader.nameProblem("") == "it registers a layout with an empty name")
        #expect(PluginLoader.nameProblem("left aligned") == "the layout name 'left aligned' contains a space or control character (a name must be one word, e.g. 'left-aligned')")
        #expect(PluginLoader.nameProblem("a=b") == "the layout name 'a=b' contains one of = ; # \" (a name must be one word, e.g. 'left-aligned')")
    }

    @Test func theRegistryRegistersAllOrNothing() throws {
        let registry = LayoutRegistry()
        let a = LayoutDescriptor(name: "a", summary: "", options: []) { BuiltInStandIn() }
        let b = LayoutDescriptor(name: "b", summary: "", options: []) { BuiltInStandIn() }
        try registry.register(b, origin: "first")
        #expect(throws: CollectionViewError("a layout named 'b' is already registered by first")) {
            try registry.register([a, b], origin: "second")
        }
        #expect(throws: CollectionViewError("the layout name 'a' appears twice in second")) {
            try registry.register([a, a], origin: "second")
        }
        #expect(registry.names == ["b"])
        try registry.register([a], origin: "second")
        #expect(registry.names == ["b", "a"])
    }
}

/// A layout standing in for a built-in one.
final class BuiltInStandIn: CollectionViewFlowLayout, ConfigurableLayout {
    func setOption(_ name: String, to value: LayoutOptionValue) throws { throw CollectionViewError("no options") }
    func optionValue(_ name: String) -> LayoutOptionValue? { nil }
}
