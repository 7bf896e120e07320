import Foundation
import StkTestSupport
import Testing

/// Output that cannot be written is an error, said on a stream that works;
/// a refusal suggests only what would work.
@Suite struct OutputRefusalTests {
    @Test func versionOnAFullDeviceExitsTwo() throws {
        let process = Process()
        process.executableURL = try StkExecutable.locate()
        process.arguments = ["--version"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(message == "stk: error: cannot write to standard output: No space left on device\n")
    }

    @Test func saveOntoAFolderDoesNotSuggestForce() throws {
        let folder = try ScratchFolder()
        let target = folder.url.appendingPathComponent("sessions")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let result = try StkProcess.run(commands: "save \(target.path)")
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write \(target.path): it is a folder; give a file name"), "\(result)")
        #expect(!result.stderr.contains("--force"), "\(result)")
    }
}
