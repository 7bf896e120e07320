// swift-tools-version:6.0
// An stk layout plugin: a left-aligned flow layout written with UIKit's names.
//
//     swift build --package-path Examples/LeftAlignedFlow
//     scripts/stk --plugin Examples/LeftAlignedFlow/.build/debug/libLeftAlignedFlow.so script.stk
//
// The rules of the plugin boundary (docs/write-your-own-layout.md):
// - the library product is `.dynamic`: stk loads it with dlopen;
// - it depends on the product LayoutKit of the Plugins package, which brings
//   the StkUIKit module too, and on nothing else that contains LayoutKit: the
//   host and every plugin must share the one libLayoutKit.so, or their classes
//   are different types;
// - never build with --static-swift-stdlib (one Swift runtime per process).
import PackageDescription

let package = Package(
    name: "LeftAlignedFlow",
    products: [
        .library(name: "LeftAlignedFlow", type: .dynamic, targets: ["LeftAlignedFlow"]),

        // Test fixtures for stk's plugin loader (Tests/PluginHostTests): broken
        // plugins it must refuse, and a probe of type identity. Not part of the
        // example; they live here so that one build serves every test.
        .library(name: "FixtureWrongVersion", type: .dynamic, targets: ["FixtureWrongVersion"]),
        .library(name: "FixtureThrowingFactory", type: .dynamic, targets: ["FixtureThrowingFactory"]),
        .library(name: "FixtureCollidingNames", type: .dynamic, targets: ["FixtureCollidingNames"]),
        .library(name: "FixtureNoEntryPoint", type: .dynamic, targets: ["FixtureNoEntryPoint"]),
        .library(name: "FixtureSkipsVersion", type: .dynamic, targets: ["FixtureSkipsVersion"]),
        .library(name: "FixtureSecondCopy", type: .dynamic, targets: ["FixtureSecondCopy"]),
        .library(name: "FixtureForeignLayoutClass", type: .dynamic, targets: ["FixtureForeignLayoutClass"]),
        .library(name: "FixtureIdentityProbe", type: .dynamic, targets: ["FixtureIdentityProbe"]),
        .library(name: "FixtureMissingSymbol", type: .dynamic, targets: ["FixtureMissingSymbol"]),
    ],
    dependencies: [
        .package(path: "../../Plugins"),
    ],
    targets: [
        .target(
            name: "LeftAlignedFlow",
            dependencies: [.product(name: "LayoutKit", package: "Plugins")]
        ),

        .target(name: "FixtureWrongVersion", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/WrongVersion"),
        .target(name: "FixtureThrowingFactory", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/ThrowingFactory"),
        .target(name: "FixtureCollidingNames", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/CollidingNames"),
        .target(name: "FixtureNoEntryPoint", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/NoEntryPoint"),
        .target(name: "FixtureSkipsVersion", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/SkipsVersion"),
        .target(name: "FixtureSecondCopy", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/SecondCopy"),
        .target(name: "FixtureForeignLayoutClass", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/ForeignLayoutClass"),
        .target(name: "FixtureIdentityProbe", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/IdentityProbe"),
        .target(name: "FixtureMissingSymbol", dependencies: [.product(name: "LayoutKit", package: "Plugins")],
                path: "Fixtures/MissingSymbol"),
    ],
    swiftLanguageModes: [.v5]
)
