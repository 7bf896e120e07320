import Foundation

/// The repository's folders, from this file's place in it.
public enum Repository {
    /// The repository root, three levels above this file (Tests/StkTestSupport).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // StkTestSupport
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()
}

/// Builds Examples/LeftAlignedFlow (the example plugin and the loader's test
/// fixtures) once per test run, in the package's own scratch directory
/// (Examples/LeftAlignedFlow/.build), and finds its libraries. When two test
/// targets run in one process, SwiftPM's lock on the package's .build makes
/// the second build wait for the first and then find nothing to do.
///
/// The first build compiles LayoutKit for the package, about a minute on two
/// cores; later ones only check that nothing changed (a second or two).
public enum ExamplePackage {
    public static var repositoryRoot: URL { Repository.root }

    public static let directory = Repository.root.appendingPathComponent("Examples/LeftAlignedFlow")

    public struct BuildFailure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The build products directory, or why the build failed. A `static let`
    /// runs once, and concurrent tests wait for it.
    public static let binPath: Result<URL, BuildFailure> = {
        do {
            let build = try ChildProcess.swift(["build", "--package-path", directory.path])
            guard build.status == 0 else {
                return .failure(BuildFailure(description: "swift build --package-path \(directory.path) failed (exit \(build.status)):\n\(build.output)"))
            }
            let show = try ChildProcess.swift(["build", "--package-path", directory.path, "--show-bin-path"])
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
    public static func library(_ product: String = "LeftAlignedFlow") throws -> String {
        let bin = try binPath.get()
        let path = bin.appendingPathComponent("lib\(product).so").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw BuildFailure(description: "the build did not produce \(path)")
        }
        return path
    }

    /// The library's path relative to the repository root, for runs of stk
    /// started there: what a user types, and so the origin `layouts` shows.
    public static func libraryRelativeToRepository(_ product: String = "LeftAlignedFlow") throws -> String {
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
}
