// swift-tools-version:6.0
// The source adapter: reads a layout written for iOS with swift-syntax, adapts
// what Linux Swift cannot compile (Objective-C attributes, optional protocol
// requirements, overrides in extensions, a missing import), finds the layout
// classes and their settable properties, and writes the registration code that
// turns them into stk layouts. stk runs the `stk-adapt` executable when a
// plugin is given as Swift source; it is a package of its own, built in debug
// mode on first use, so that building stk itself never waits for swift-syntax.
import PackageDescription

let package = Package(
    name: "SourceAdapter",
    products: [
        .executable(name: "stk-adapt", targets: ["stk-adapt"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        .target(
            name: "SourceAdapter",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Sources/SourceAdapter"
        ),
        .executableTarget(name: "stk-adapt", dependencies: ["SourceAdapter"], path: "Sources/stk-adapt"),
        .testTarget(name: "SourceAdapterTests", dependencies: ["SourceAdapter"], path: "Tests/SourceAdapterTests"),
    ],
    swiftLanguageModes: [.v5]
)
