import Foundation
import StkTestSupport

/// Debian's `chromium`, headless: one start loads a page, runs its scripts,
/// then writes a screenshot and prints the DOM as it stands (`--dump-dom`).
/// scripts/test installs the browser when it is missing.
enum HeadlessBrowser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How long one start may take.
    static let timeout: Duration = .seconds(90)

    static func executable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("chromium")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Loads `page`, then returns the DOM after its scripts ran and the screenshot.
    static func load(_ page: URL, fragment: String? = nil, width: Int = 1280, height: Int = 900) throws -> (dom: String, screenshot: PNGImage) {
        guard let chromium = executable() else {
            throw Failure(description: "chromium is not installed: scripts/test installs it (apt-get install chromium)")
        }
        let scratch = try ScratchFolder()
        let screenshot = scratch.url.appendingPathComponent("screenshot.png")
        let stdoutFile = scratch.url.appendingPathComponent("dom.html")
        let stderrFile = scratch.url.appendingPathComponent("stderr")
        try Data().write(to: stdoutFile)
        try Data().write(to: stderrFile)
        let process = Process()
        process.executableURL = chromium
        var arguments = [
            "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--mute-audio",
            "--user-data-dir=\(scratch.url.appendingPathComponent("profile").path)",
            "--window-size=\(width),\(height)", "--screenshot=\(screenshot.path)", "--dump-dom", page.absoluteString + (fragment.map { "#" + $0 } ?? ""),
        ]
        // Chromium refuses to run as root inside its sandbox.
        if getuid() == 0 { arguments.insert("--no-sandbox", at: 1) }
        process.arguments = arguments
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": scratch.url.path]
        let output = try FileHandle(forWritingTo: stdoutFile)
        let errors = try FileHandle(forWritingTo: stderrFile)
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard process.waitUntilExit(timeout: timeout, checkingEvery: 10_000) else {
            throw Failure(description: "chromium still ran after \(timeout)")
        }
        let dom = (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0, let png = FileManager.default.contents(atPath: screenshot.path) else {
            let stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            throw Failure(description: "chromium exited with status \(process.terminationStatus); stderr:\n\(stderr.suffix(2000))")
        }
        return (dom, try PNGImage(data: png))
    }
}
