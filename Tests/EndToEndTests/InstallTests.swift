import Foundation
import StkTestSupport
import Testing

/// `scripts/install PREFIX`: stk outside the checkout. The installed stk
/// finds its LayoutKit, LayoutKit's module files and its source adapter
/// beside its own executable, so a layout given as Swift source loads with
/// no checkout above it and no STK_ADAPTER. The script is run on the debug
/// builds the suite made (STK_INSTALL_CONFIGURATION=debug,
/// STK_INSTALL_NO_BUILD=1): a release build would take minutes.
@Suite(.serialized) struct InstallTests {
    static let root = ExamplePackage.repositoryRoot

    /// Installs into a scratch prefix (in /tmp: no SourceAdapter above it).
    func install() throws -> (ScratchFolder, URL) {
        let folder = try ScratchFolder()
        let prefix = folder.url.appendingPathComponent("prefix")
        var environment = ProcessInfo.processInfo.environment
        environment["STK_INSTALL_CONFIGURATION"] = "debug"
        environment["STK_INSTALL_NO_BUILD"] = "1"
        let result = try ChildProcess.run(Self.root.appendingPathComponent("scripts/install"), [prefix.path], environment: environment)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "installed stk in \(prefix.path)/lib/stk; run \(prefix.path)/bin/stk\n")
        return (folder, prefix)
    }

    @Test func anInstalledStkLoadsASourceLayoutWithoutTheCheckout() throws {
        let (folder, prefix) = try install()
        for file in ["bin/stk", "lib/stk/stk", "lib/stk/libLayoutKit.so", "lib/stk/stk-adapt", "lib/stk/Modules"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) not installed")
        }
        let layout = try folder.write("LeftAlignedFlowLayout.swift",
                                      String(contentsOf: Self.root.appendingPathComponent("Examples/SourceLayouts/LeftAlignedFlowLayout.swift"), encoding: .utf8))
        // Through the link in bin/, from a folder with no checkout above it;
        // the environment has no STK_ADAPTER (StkProcess passes PATH and HOME only).
        let result = try StkProcess.run(["--plugin", layout.path, "-e", "layout left-aligned-flow-layout; contentsize"], stdinBytes: Data(),
                                        in: folder.url, executable: prefix.appendingPathComponent("bin/stk"))
        #expect(result.status == 0, "\(result)")
        // The same answer as the stk of the checkout.
        let checkout = try StkProcess.run(["--plugin", layout.path, "-e", "layout left-aligned-flow-layout; contentsize"], stdinBytes: Data(),
                                          in: folder.url)
        #expect(checkout.status == 0 && !checkout.stdout.isEmpty, "\(checkout)")
        #expect(result.stdout == checkout.stdout)
    }

    /// An adapter of another version beside stk would write what this stk
    /// does not compile: it is refused with what to do.
    @Test func anInstalledAdapterOfAnotherVersionIsRefused() throws {
        let (folder, prefix) = try install()
        let adapter = prefix.appendingPathComponent("lib/stk/stk-adapt")
        try FileManager.default.removeItem(at: adapter)
        try "#!/bin/sh\necho 3\n".write(to: adapter, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: adapter.path)
        let layout = try folder.write("LeftAlignedFlowLayout.swift",
                                      String(contentsOf: Self.root.appendingPathComponent("Examples/SourceLayouts/LeftAlignedFlowLayout.swift"), encoding: .utf8))
        let result = try StkProcess.run(["--plugin", layout.path, "-e", "contentsize"], stdinBytes: Data(),
                                        in: folder.url, executable: prefix.appendingPathComponent("bin/stk"))
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("the source adapter installed beside stk (\(adapter.resolvingSymlinksInPath().path)) is version 3"), "\(result)")
        #expect(result.stderr.contains("install stk and its adapter together (scripts/install)"), "\(result)")
    }
}
