// swift-tools-version:6.0
// The layout SDK and the built-in layouts. LayoutKit is a *dynamic* product of
// this separate package so that the host and every run-time plugin link the one
// shared copy of its classes (see ARCHITECTURE.md, "Plugins and type identity").
import PackageDescription

let package = Package(
    name: "Plugins",
    products: [
        .library(name: "LayoutKit", type: .dynamic, targets: ["LayoutKit"]),
        // UIKit's names over LayoutKit: a layout written for iOS compiles with
        // `import StkUIKit` in place of `import UIKit`.
        .library(name: "StkUIKit", targets: ["StkUIKit"]),
        // The four built-in strategies, linked into the host. Each is built on
        // LayoutKit exactly as an external plugin would be.
        .library(name: "BuiltinLayouts", targets: ["FlowSticky", "GridSticky", "GlobalStretchy", "FadingFirstHeader"]),
    ],
    targets: [
        .target(name: "LayoutKit", path: "Sources/LayoutKit"),
        .target(name: "StkUIKit", dependencies: ["LayoutKit"], path: "Sources/StkUIKit"),
        .target(name: "FlowSticky", dependencies: ["LayoutKit"], path: "Sources/FlowSticky"),
        .target(name: "GridSticky", dependencies: ["LayoutKit"], path: "Sources/GridSticky"),
        .target(name: "GlobalStretchy", dependencies: ["LayoutKit", "FlowSticky"], path: "Sources/GlobalStretchy"),
        .target(name: "FadingFirstHeader", dependencies: ["LayoutKit", "FlowSticky"], path: "Sources/FadingFirstHeader"),
    ],
    swiftLanguageModes: [.v5]
)
