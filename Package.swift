// swift-tools-version:6.0
// The host: REPL, the .stk language, rendering and the command line. The layout
// engine and the built-in layouts live in the separate package at Plugins/.
import PackageDescription

/// Tests are built with warnings as errors: an unused result or an
/// always-true comparison in a test is a test that cannot fail.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

/// Release builds of the interpreter and the renderer leave out the run-time
/// exclusivity checks, as the engine's do (Plugins/Package.swift says why);
/// debug builds and the tests keep them.
let releaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "stk",
    products: [
        .executable(name: "stk", targets: ["stk"]),
    ],
    dependencies: [
        .package(path: "Plugins"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libedit through a system-library target and a small C shim: el_set and
        // history are variadic and cannot be called from Swift.
        .systemLibrary(name: "CLibEdit", path: "Sources/CLibEdit"),
        .target(name: "CLineEdit", dependencies: ["CLibEdit"], path: "Sources/CLineEdit", linkerSettings: [.linkedLibrary("edit")]),
        .target(name: "LineEditor", dependencies: ["CLineEdit"], path: "Sources/LineEditor"),
        // prctl for the REPL's worker process (a variadic C function).
        .target(name: "CProcessControl", path: "Sources/CProcessControl"),
        // Starting a child process and hearing how it ended: stk's one way
        // (the REPL worker, transcript and verify children, the toolchain).
        .target(name: "ChildProcesses", path: "Sources/ChildProcesses"),
        .target(
            name: "StkScript",
            dependencies: [
                .product(name: "LayoutKit", package: "Plugins"),
                "StkRender", "StkBench", "ChildProcesses",
            ],
            path: "Sources/StkScript",
            swiftSettings: releaseSettings
        ),
        // dlopen of user layouts: the C entry point, version check, registration.
        .target(
            name: "PluginHost",
            dependencies: [.product(name: "LayoutKit", package: "Plugins")],
            path: "Sources/PluginHost"
        ),
        // Plugins given as Swift source: the build cache, the source adapter
        // (run as a separate executable, see SourceAdapter/), one swiftc call.
        .target(
            name: "PluginBuild",
            dependencies: ["PluginHost", "ChildProcesses", .product(name: "LayoutKit", package: "Plugins")],
            path: "Sources/PluginBuild"
        ),
        // `stk bench`: workloads, timing, the report (text and JSON).
        .target(
            name: "StkBench",
            dependencies: [
                .product(name: "LayoutKit", package: "Plugins"),
            ],
            path: "Sources/StkBench"
        ),
        .target(
            name: "StkRender",
            dependencies: [.product(name: "LayoutKit", package: "Plugins")],
            path: "Sources/StkRender",
            swiftSettings: releaseSettings
        ),
        .executableTarget(
            name: "stk",
            dependencies: [
                "StkScript", "StkRender", "StkBench", "LineEditor", "PluginHost", "PluginBuild", "CProcessControl", "ChildProcesses",
                // LayoutKit and the built-in layouts (Builtins), one dynamic product.
                .product(name: "LayoutKit", package: "Plugins"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/stk"
        ),
        // What the test targets share: the seeded generator (StkBench's,
        // re-exported), the event recorder, the example package's build, child
        // processes. A library, not a test target, so that tests can import it.
        .target(
            name: "StkTestSupport",
            dependencies: [.product(name: "LayoutKit", package: "Plugins"), "StkBench"],
            path: "Tests/StkTestSupport",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "LayoutKitTests",
            dependencies: [.product(name: "LayoutKit", package: "Plugins"), "StkTestSupport"],
            path: "Tests/LayoutKitTests",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "LayoutsTests",
            dependencies: [
                .product(name: "LayoutKit", package: "Plugins"), "StkTestSupport",
            ],
            path: "Tests/LayoutsTests",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "StkScriptTests",
            dependencies: ["StkScript", "StkRender", "StkBench", "StkTestSupport", "ChildProcesses", .product(name: "LayoutKit", package: "Plugins")],
            path: "Tests/StkScriptTests",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "PluginHostTests",
            dependencies: ["PluginHost", .product(name: "LayoutKit", package: "Plugins"), "StkTestSupport"],
            path: "Tests/PluginHostTests",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "StkBenchTests",
            dependencies: ["StkBench", .product(name: "LayoutKit", package: "Plugins")],
            path: "Tests/StkBenchTests",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            // ChildProcesses: to start stk as a shell would (its signals reset).
            dependencies: ["StkTestSupport", "ChildProcesses"],
            path: "Tests/EndToEndTests",
            swiftSettings: testSettings
        ),
    ],
    swiftLanguageModes: [.v5]
)
