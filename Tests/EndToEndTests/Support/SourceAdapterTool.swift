import Foundation
import StkTestSupport

/// Builds SourceAdapter's `stk-adapt` (swift-syntax) once per test run, and
/// passes its path to stk as STK_ADAPTER: a test never waits for stk to build
/// it on first use (that build takes minutes on two cores).
enum SourceAdapterTool {
    static let package = ExamplePackage.repositoryRoot.appendingPathComponent("SourceAdapter")

    static let built: Result<String, ExamplePackage.BuildFailure> = {
        // One built elsewhere, as stk itself accepts it.
        if let given = ProcessInfo.processInfo.environment["STK_ADAPTER"], !given.isEmpty,
           FileManager.default.isExecutableFile(atPath: given) {
            return .success(given)
        }
        let build: ChildProcess.Outcome
        do { build = try ChildProcess.swift(["build", "--package-path", package.path, "--product", "stk-adapt"]) } catch {
            return .failure(ExamplePackage.BuildFailure(description: "could not run swift: \(error)"))
        }
        guard build.status == 0 else {
            return .failure(ExamplePackage.BuildFailure(description: "building stk-adapt failed:\n\(build.output)"))
        }
        return .success(package.appendingPathComponent(".build/debug/stk-adapt").path)
    }()

    static func path() throws -> String { try built.get() }

    /// The environment of a run of stk that builds source plugins with this
    /// adapter into `cache` (STK_CACHE_DIR) instead of the user's cache.
    static func environment(cache: URL) throws -> [String: String] {
        ["STK_ADAPTER": try path(), "STK_CACHE_DIR": cache.path]
    }
}
