import Foundation
import LayoutKit
import StkTestSupport
import PluginHost
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Loading the separately built example plugin: its layouts reach the host's
/// registry, its classes are the host's classes, and its layout works.
@Suite struct PluginLoaderTests {

    @Test func exampleRegistersIntoTheSharedRegistryWithItsPathAsOrigin() throws {
        let path = try ExamplePackage.library("LeftAlignedFlow")
        let result = try PluginLoader.shared.load(path: path)

        #expect(result.layoutNames == ["left-aligned", "uikit-sticky"])
        #expect(result.path == path)
        #expect(result.resolvedPath == URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        // Other tests in this process may have loaded the example through the
        // shared loader first (then this load is a no-op): the origin is the
        // path of the load that registered it.
        let first = try #require(PluginLoader.shared.loadedPlugins.first { $0.resolvedPath == result.resolvedPath })
        #expect(first.alreadyLoaded == false)
        #expect(result.alreadyLoaded == !result.notes.isEmpty)
        let entry = try #require(LayoutRegistry.shared.entry(named: "left-aligned"))
        #expect(entry.origin == first.path)
        #expect(entry.descriptor.summary.hasPrefix("flow layout whose lines start at the left inset"))
    }

    @Test func loadingTheSameLibraryTwiceIsANoOpWithANote() throws {
        let path = try ExamplePackage.library("LeftAlignedFlow")
        let registry = LayoutRegistry()
        let loader = PluginLoader(registry: registry)

        let first = try loader.load(path: path)
        #expect(first.alreadyLoaded == false)
        #expect(first.notes.isEmpty)

        let second = try loader.load(path: path)
        #expect(second.alreadyLoaded)
        #expect(second.layoutNames == ["left-aligned", "uikit-sticky"])
        #expect(second.notes == ["\(path) is already loaded; nothing was registered again"])

        // The same file through another path (a symbolic link) is the same library.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("libAlias.so").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let third = try loader.load(path: link)
        #expect(third.alreadyLoaded)
        #expect(third.notes == ["\(link) is already loaded (as \(path)); nothing was registered again"])

        #expect(registry.names == ["left-aligned", "uikit-sticky"])
        #expect(loader.loadedPlugins.count == 1)
    }

    @Test func theLoadedLayoutIsAnInstanceOfTheHostsClasses() throws {
        let registry = LayoutRegistry()
        try PluginLoader(registry: registry).load(path: try ExamplePackage.library("LeftAlignedFlow"))
        let layout = try #require(registry.entry(named: "left-aligned")).descriptor.makeLayout() as! ConfigurableLayout

        // Casts from the host's side to the host's classes succeed only if the
        // plugin's superclass is the host's CollectionViewFlowLayout.
        let object: AnyObject = layout
        #expect(object is CollectionViewFlowLayout)
        #expect(object is CollectionViewLayout)
        #expect(String(describing: type(of: layout)) == "LeftAlignedFlowLayout")
        #expect(type(of: layout).contextType == CollectionViewFlowLayoutInvalidationContext.self)
    }

    @Test func thePluginsCodeSeesTheHostsRegistryAndClasses() throws {
        let path = try ExamplePackage.library("FixtureIdentityProbe")
        let registry = LayoutRegistry()
        try PluginLoader(registry: registry).load(path: path)
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))

        // One registry: the plugin's LayoutRegistry.shared is the host's.
        typealias Probe = @convention(c) () -> UnsafeMutableRawPointer
        let probeRegistry = unsafeBitCast(try #require(dlsym(handle, "probe_registry")), to: Probe.self)
        #expect(probeRegistry() == Unmanaged.passUnretained(LayoutRegistry.shared).toOpaque())

        // One class per name, seen from the plugin: a host-made flow context is a
        // flow context to the plugin's code; a plain one is not.
        typealias IsFlow = @convention(c) (UnsafeMutableRawPointer) -> Int32
        let isFlowContext = unsafeBitCast(try #require(dlsym(handle, "probe_is_flow_context")), to: IsFlow.self)
        let flowContext = CollectionViewFlowLayoutInvalidationContext()
        let plainContext = CollectionViewLayoutInvalidationContext()
        #expect(withExtendedLifetime(flowContext) { isFlowContext(Unmanaged.passUnretained(flowContext).toOpaque()) } == 1)
        #expect(withExtendedLifetime(plainContext) { isFlowContext(Unmanaged.passUnretained(plainContext).toOpaque()) } == 0)

        // Seen from the host: the plugin's attributes subclass is a
        // CollectionViewLayoutAttributes, copies keep its class and its field.
        let layout = try #require(registry.entry(named: "identity-probe")).descriptor.makeLayout() as! ConfigurableLayout
        let collectionView = try CollectionView(size: CGSize(width: 200, height: 100), layout: layout, itemCounts: [3])
        // itemSize 50x50, spacing 10, width 200: three items on one line, so
        // all three are visible in 200x100, each tagged with the default 7.
        let attributes = try #require(layout.layoutAttributesForElements(in: collectionView.bounds))
        #expect(attributes.count == 3)
        for a in attributes {
            #expect(String(describing: type(of: a)) == "ProbeAttributes")
            #expect(a.extraFields == ["tag": 7])
            let copy = a.copied()
            #expect(type(of: copy) == type(of: a))
            #expect(copy.isEqual(a))
        }
        try layout.setOption("tag", to: .number(3))
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleAttributes.values.map { $0.extraFields["tag"] } == [3, 3, 3])
    }

    @Test func theLeftAlignedLayoutPacksEachLineFromTheLeftInset() throws {
        let registry = LayoutRegistry()
        try PluginLoader(registry: registry).load(path: try ExamplePackage.library("LeftAlignedFlow"))
        let layout = try #require(registry.entry(named: "left-aligned")).descriptor.makeLayout() as! ConfigurableLayout
        try layout.setOption("sectionInset", to: .insets(EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)))
        let collectionView = try CollectionView(size: CGSize(width: 320, height: 600), layout: layout, itemCounts: [5])
        let sizes = [CGSize(width: 100, height: 40), CGSize(width: 60, height: 40), CGSize(width: 80, height: 60),
                     CGSize(width: 120, height: 40), CGSize(width: 50, height: 40)]
        for (item, size) in sizes.enumerated() {
            try collectionView.setItemSize(size, at: IndexPath(item: item, section: 0))
        }

        // Available width 320 - 20 - 20 = 280, spacing 10. Line 1: 100 + 10 + 60
        // + 10 + 80 = 260 fits, + 10 + 120 does not: items 0, 1, 2, packed at
        // x = 20, 20+100+10 = 130, 130+60+10 = 200. Line 1 is 60 tall (item 2):
        // the 40-tall items are centred at y = 10. Line 2 (items 3, 4) starts at
        // 60 + 10 = 70: x = 20, 20+120+10 = 150. (The flow itself would spread
        // line 1's 20 points of leftover: x = 20, 140, 220.)
        let expected = [CGRect(x: 20, y: 10, width: 100, height: 40), CGRect(x: 130, y: 10, width: 60, height: 40),
                        CGRect(x: 200, y: 0, width: 80, height: 60), CGRect(x: 20, y: 70, width: 120, height: 40),
                        CGRect(x: 150, y: 70, width: 50, height: 40)]
        for (item, frame) in expected.enumerated() {
            let key = ElementKey.cell(IndexPath(item: item, section: 0))
            #expect(collectionView.visibleAttributes[key]?.frame == frame, "item 0:\(item) (visible)")
            #expect(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame == frame, "item 0:\(item) (attr)")
        }
        #expect(collectionView.contentSize == CGSize(width: 320, height: 110))

        // A rect query follows the packed frames, not the flow's: x 190..230 on
        // line 1 meets item 2 (packed 200..280) but not item 1 (packed 130..190,
        // touching only), although the flow puts item 1 at 140..200.
        let strip = try #require(layout.layoutAttributesForElements(in: CGRect(x: 190, y: 0, width: 40, height: 60)))
        #expect(strip.map(\.indexPath) == [IndexPath(item: 2, section: 0)])
    }

    @Test func horizontallyTheLayoutPacksEachColumnFromTheTopInset() throws {
        let registry = LayoutRegistry()
        try PluginLoader(registry: registry).load(path: try ExamplePackage.library("LeftAlignedFlow"))
        let layout = try #require(registry.entry(named: "left-aligned")).descriptor.makeLayout() as! ConfigurableLayout
        try layout.setOption("scrollDirection", to: .word("horizontal"))
        try layout.setOption("sectionInset", to: .insets(EdgeInsets(top: 20, left: 0, bottom: 20, right: 0)))
        let collectionView = try CollectionView(size: CGSize(width: 600, height: 320), layout: layout, itemCounts: [3])
        // The transpose of the vertical case: available height 280; column 1 is
        // items 0 and 1 (100 + 10 + 60 = 170; + 10 + 120 = 300 does not fit),
        // packed at y = 20 and 130; it is 60 wide (item 1), so the 40-wide
        // item 0 is centred at x = 10. Column 2 starts at x = 60 + 10 = 70.
        let sizes = [CGSize(width: 40, height: 100), CGSize(width: 60, height: 60), CGSize(width: 40, height: 120)]
        for (item, size) in sizes.enumerated() {
            try collectionView.setItemSize(size, at: IndexPath(item: item, section: 0))
        }
        let frames = (0..<3).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames == [CGRect(x: 10, y: 20, width: 40, height: 100), CGRect(x: 0, y: 130, width: 60, height: 60),
                           CGRect(x: 70, y: 20, width: 40, height: 120)])
    }

    @Test func theExamplesOptionsStartAtTheirDeclaredDefaultsAndRefuseBadValues() throws {
        let registry = LayoutRegistry()
        try PluginLoader(registry: registry).load(path: try ExamplePackage.library("LeftAlignedFlow"))
        let descriptor = try #require(registry.entry(named: "left-aligned")).descriptor
        let layout = try descriptor.makeLayout() as! ConfigurableLayout
        // The flow options the example does not declare (footerSize) were
        // added at registration, read from the flow layout's own properties.
        #expect(descriptor.options.map(\.name) == ["itemSize", "minimumInteritemSpacing", "minimumLineSpacing", "sectionInset", "headerSize", "scrollDirection", "footerSize", "estimatedItemSize"])
        for option in descriptor.options {
            #expect(descriptor.optionValue(option.name, of: layout) == option.defaultValue, "option \(option.name)")
        }
        #expect(throws: CollectionViewError("option itemSize expects a size WxH, got 3")) {
            try layout.setOption("itemSize", to: .number(3))
        }
        #expect(throws: CollectionViewError("minimumLineSpacing must not be negative, got -1")) {
            try layout.setOption("minimumLineSpacing", to: .number(-1))
        }
        #expect(throws: CollectionViewError("left-aligned has no option 'columns' (expected one of itemSize, minimumInteritemSpacing, minimumLineSpacing, sectionInset, headerSize, scrollDirection)")) {
            try layout.setOption("columns", to: .number(2))
        }
    }
}

/// A fresh directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stk-plugin-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
