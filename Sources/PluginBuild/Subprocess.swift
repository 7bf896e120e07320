import Foundation

/// Runs a program to its end and captures what it printed.
enum Subprocess {
    struct Result {
        var status: Int32
        /// Standard output, and standard error too unless it was kept apart.
        var output: String
        var errorOutput: String
    }

    static func run(_ executable: String, _ arguments: [String], separateStandardError: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : (which(executable) ?? executable))
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        // Standard error kept apart goes to a file, so that only one pipe has
        // to be drained (two pipes read in turn could fill and block the child).
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("stk-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err")
        if separateStandardError {
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errorFile)
        } else {
            process.standardError = out
        }
        defer { if separateStandardError { try? FileManager.default.removeItem(at: errorFile) } }
        do {
            try process.run()
        } catch {
            throw PluginBuildError("cannot run \(executable): \(error.localizedDescription)")
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = separateStandardError ? (FileManager.default.contents(atPath: errorFile.path) ?? Data()) : Data()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errorOutput: String(decoding: errorData, as: UTF8.self))
    }

    /// The first executable named `name` on PATH.
    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
