import Foundation
import Testing

/// Builds Examples/LeftAlignedFlow (the example plugin and the loader's test
/// fixtures) once per test run, and finds its libraries.
///
/// The package keeps its own scratch directory (Examples/LeftAlignedFlow/.build),
/// so after the first run a build only checks that nothing changed (a second or
/// two); the first build compiles LayoutKit for the package, about a minute on
/// two cores.
enum ExamplePackage {
    /// The repository root, from this file's place in Tests/PluginHostTests.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

    /// The path of `lib<product>.so`, building the package first if needed.
    static func library(_ product: String) throws -> String {
        let bin = try binPath.get()
        let path = bin.appendingPathComponent("lib\(product).so").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw BuildFailure(description: "the build did not produce \(path)")
        }
        return path
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
