// swift-tools-version:6.0
// The layout SDK and the built-in layouts. LayoutKit is a *dynamic* product of
// this separate package so that the host and every run-time plugin link the one
// shared copy of its classes (see ARCHITECTURE.md, "Plugins and type identity").
import PackageDescription

/// Release builds leave out the run-time exclusivity checks. A layout pass
/// reads the attributes' and layouts' class properties hundreds of times per
/// element, and each read paid for a dynamic access record (about a quarter
/// of a scroll's instructions, measured with callgrind). Debug builds, which
/// the tests use, keep every check, so an overlapping access is still caught
/// there; a user's plugin is compiled with its own settings.
let engineSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Plugins",
    products: [
        // The only product, and dynamic: the engine, StkUIKit (UIKit's names over
        // LayoutKit: a layout written for iOS compiles with `import StkUIKit` in
        // place of `import UIKit`) and the four built-in strategies (each built on
        // LayoutKit exactly as an external plugin would be).
        //
        // Every target here that depends on the LayoutKit *target* must ship in
        // this product. SwiftPM links a static product's whole target closure,
        // LayoutKit's objects included, into whatever uses it: a separate static
        // product for StkUIKit or the built-ins put a second copy of LayoutKit
        // into the stk executable and into every plugin using it, with classes
        // and a registry of its own, and code inside libLayoutKit.so then saw
        // other classes than the code that used the static copy.
        .library(
            name: "LayoutKit", type: .dynamic,
            targets: ["LayoutKit", "StkUIKit", "UIKit", "CoreGraphics", "QuartzCore", "CoreLocation", "AVFoundation", "Combine", "FlowSticky", "GridSticky", "GlobalStretchy", "FadingFirstHeader", "CompositionalLayouts", "Builtins"]
        ),
    ],
    targets: [
        .target(name: "LayoutKit", path: "Sources/LayoutKit", swiftSettings: engineSettings),
        .target(name: "StkUIKit", dependencies: ["LayoutKit"], path: "Sources/StkUIKit", swiftSettings: engineSettings),
        // The module names an iOS layout imports, each re-exporting StkUIKit, so
        // that a file from an app compiles with its imports as written.
        .target(name: "UIKit", dependencies: ["StkUIKit"], path: "Sources/UIKit", swiftSettings: engineSettings),
        .target(name: "CoreGraphics", dependencies: ["StkUIKit"], path: "Sources/CoreGraphics", swiftSettings: engineSettings),
        .target(name: "QuartzCore", dependencies: ["StkUIKit"], path: "Sources/QuartzCore", swiftSettings: engineSettings),
        // The values of CoreLocation an app's model holds (a coordinate), on their own.
        .target(name: "CoreLocation", path: "Sources/CoreLocation"),
        // AVMakeRect, which a Pinterest-style layout's delegate fits photos with.
        .target(name: "AVFoundation", path: "Sources/AVFoundation"),
        // The subjects a screen publishes what its layout sees with, and the
        // cancellables it keeps (Sources/Combine/Combine.swift says what is there).
        .target(name: "Combine", path: "Sources/Combine"),
        .target(name: "FlowSticky", dependencies: ["LayoutKit"], path: "Sources/FlowSticky", swiftSettings: engineSettings),
        .target(name: "GridSticky", dependencies: ["LayoutKit"], path: "Sources/GridSticky", swiftSettings: engineSettings),
        .target(name: "GlobalStretchy", dependencies: ["LayoutKit", "FlowSticky"], path: "Sources/GlobalStretchy", swiftSettings: engineSettings),
        .target(name: "FadingFirstHeader", dependencies: ["LayoutKit", "FlowSticky"], path: "Sources/FadingFirstHeader", swiftSettings: engineSettings),
        // Compositional layouts written with UIKit's names, as in an app.
        .target(name: "CompositionalLayouts", dependencies: ["LayoutKit", "UIKit"], path: "Sources/CompositionalLayouts", swiftSettings: engineSettings),
        // The list of the built-in layouts, the one place that names them all.
        .target(
            name: "Builtins",
            dependencies: ["LayoutKit", "FlowSticky", "GridSticky", "GlobalStretchy", "FadingFirstHeader", "CompositionalLayouts"],
            path: "Sources/Builtins"
        ),
    ],
    swiftLanguageModes: [.v5]
)
