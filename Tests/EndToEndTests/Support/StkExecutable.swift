import Foundation
import StkTestSupport

/// Finds the `stk` executable that end-to-end tests run, in this order:
/// 1. `$STK_EXECUTABLE`, when set (to test another build, e.g. a release one);
/// 2. next to the test bundle: SwiftPM puts the products of one build, the
///    test bundle and `stk` alike, in one folder (.build/<triple>/debug), and
///    `swift build --build-tests` and `swift test` build and link both;
/// 3. the folder `swift build --show-bin-path` names for this package.
enum StkExecutable {
    /// Looked up once per test run.
    static func locate() throws -> URL {
        try located.get()
    }

    private static let located = Result { try search() }

    private static func search() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["STK_EXECUTABLE"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw PseudoTerminal.Failure(description: "STK_EXECUTABLE=\(override) is not an executable file")
            }
            return url
        }
        let inBuildFolders = buildFolders().map { $0.appendingPathComponent("stk") }
        if let found = inBuildFolders.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        let fromSwiftPM = try? binPathFromSwiftPM().appendingPathComponent("stk")
        if let fromSwiftPM, FileManager.default.isExecutableFile(atPath: fromSwiftPM.path) {
            return fromSwiftPM
        }
        let searched = (inBuildFolders + [fromSwiftPM].compactMap { $0 }).map(\.path)
        throw PseudoTerminal.Failure(description: """
            cannot find the stk executable (looked for \(searched)); \
            build it with `swift build --build-tests` or point STK_EXECUTABLE at it
            """)
    }

    /// The folders holding the running test code: the test runner's own folder
    /// (Linux: .build/<triple>/debug/<name>PackageTests.xctest is the
    /// executable) and, for bundles loaded into a runner (macOS), their parents.
    private static func buildFolders() -> [URL] {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            folders.append(executable.deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return folders
    }

    /// Asks SwiftPM, from the package root. Only reached when the build folder
    /// holds no stk, so the short wait for SwiftPM is rare.
    private static func binPathFromSwiftPM() throws -> URL {
        let show = try ChildProcess.swift(["build", "--show-bin-path", "--package-path", Repository.root.path], errors: .discarded)
        let path = show.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard show.status == 0, !path.isEmpty else {
            throw PseudoTerminal.Failure(description: "swift build --show-bin-path failed")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
