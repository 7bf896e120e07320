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

/// Test fixtures for stk's plugin loader (Tests/PluginHostTests): broken
/// plugins it must refuse, and a probe of type identity. Not part of the
/// example; they live here so that one build serves every test. Each is a
/// dynamic library `FixtureNAME` of its own, built from `Fixtures/NAME`.
let fixtures = [
    "WrongVersion", "ThrowingFactory", "CollidingNames", "NoEntryPoint", "SkipsVersion",
    "SecondCopy", "ForeignLayoutClass", "IdentityProbe", "MissingSymbol",
]

let layoutKit: Target.Dependency = .product(name: "LayoutKit", package: "Plugins")

let package = Package(
    name: "LeftAlignedFlow",
    products: [
        .library(name: "LeftAlignedFlow", type: .dynamic, targets: ["LeftAlignedFlow"]),
    ] + fixtures.map { .library(name: "Fixture\($0)", type: .dynamic, targets: ["Fixture\($0)"]) },
    dependencies: [
        .package(path: "../../Plugins"),
    ],
    targets: [
        .target(name: "LeftAlignedFlow", dependencies: [layoutKit]),
    ] + fixtures.map { .target(name: "Fixture\($0)", dependencies: [layoutKit], path: "Fixtures/\($0)") },
    swiftLanguageModes: [.v5]
)
