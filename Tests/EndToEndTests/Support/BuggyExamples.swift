import Foundation
import StkTestSupport

/// The layouts of Examples/Buggy: each has one bug, switched by `let buggy = true`.
enum BuggyExamples {
    static let folder = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/Buggy")

    /// `NAME.swift` as shipped, with its bug.
    static func source(_ name: String) -> URL { folder.appendingPathComponent("\(name).swift") }

    /// `NAME.swift` with its bug fixed (`let buggy = false`), written into `directory`.
    static func fixedCopy(of name: String, in directory: URL) throws -> URL {
        let fixed = directory.appendingPathComponent("\(name).swift")
        let text = try String(contentsOf: source(name), encoding: .utf8)
            .replacingOccurrences(of: "let buggy = true", with: "let buggy = false")
        try Data(text.utf8).write(to: fixed)
        return fixed
    }
}
