import Foundation

/// Builds Examples/LeftAlignedFlow (the example plugin) once per test run, in
/// the package's own scratch directory, and finds its libraries. The same
/// helper as PluginHostTests' (test targets cannot share sources): when both
/// suites run in one process, SwiftPM's lock on the package's .build makes the
/// second build wait for the first and then find nothing to do.
///
/// The first build compiles LayoutKit for the package, about a minute on two
/// cores; later ones only check that nothing changed (a second or two).
enum ExamplePackage {
    /// The repository root, four levels above this file (Tests/EndToEndTests/Support).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // EndToEndTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static let directory = repositoryRoot.appendingPathComponent("Examples/LeftAlignedFlow")

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The build products directory, or why the build failed. A `static let`
    /// runs once, and concurrent tests wait for it.
    static let binPath: Result<URL, BuildFailure> = {
        do {
            let build = try run(["build", "--package-path", directory.path])
            guard build.status == 0 else {
                return .failure(BuildFailure(description: "swift build --package-path \(directory.path) failed (exit \(build.status)):\n\(build.output)"))
            }
            let show = try run(["build", "--package-path", directory.path, "--show-bin-path"])
            let path = show.output.split(separator: "\n").last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
            guard show.status == 0, !path.isEmpty else {
                return .failure(BuildFailure(description: "swift build --show-bin-path failed:\n\(show.output)"))
            }
            return .success(URL(fileURLWithPath: path))
        } catch {
            return .failure(BuildFailure(description: "could not run swift: \(error)"))
        }
    }()

    /// The absolute path of `lib<product>.so`, building the package first if needed.
    static func library(_ product: String = "LeftAlignedFlow") throws -> String {
        let bin = try binPath.get()
        let path = bin.appendingPathComponent("lib\(product).so").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw BuildFailure(description: "the build did not produce \(path)")
        }
        return path
    }

    /// The library's path relative to the repository root, for runs of stk
    /// started there: what a user types, and so the origin `layouts` shows.
    static func libraryRelativeToRepository(_ product: String = "LeftAlignedFlow") throws -> String {
        // Both sides with links resolved: a checkout reached through a symbolic
        // link has two spellings of one folder.
        let path = URL(fileURLWithPath: try library(product)).resolvingSymlinksInPath().path
        let rootPath = repositoryRoot.resolvingSymlinksInPath().path
        let root = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        guard path.hasPrefix(root) else {
            throw BuildFailure(description: "\(path) is not inside the repository \(root)")
        }
        return String(path.dropFirst(root.count))
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
