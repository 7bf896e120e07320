import ChildProcesses
import Foundation
import LayoutKit
import PluginHost

/// The compiler, the LayoutKit this stk runs, and the source adapter.
public struct Toolchain {
    /// The version of the adapter's output stk expects (SourceAdapter.version):
    /// part of the cache key.
    static let adapterVersion = "77"

    /// `swift` and `swiftc`: from `$STK_SWIFT` / `$STK_SWIFTC`, else PATH.
    public var swift: String
    public var swiftc: String

    public static var current: Toolchain {
        let environment = ProcessInfo.processInfo.environment
        return Toolchain(swift: environment["STK_SWIFT"] ?? SpawnedProcess.which("swift") ?? "swift",
                         swiftc: environment["STK_SWIFTC"] ?? SpawnedProcess.which("swiftc") ?? "swiftc")
    }

    /// The loaded `libLayoutKit.so`: plugins compile against the module files
    /// beside it and link it.
    public var layoutKitLibrary: String {
        get throws {
            let address = unsafeBitCast(layoutKitRegistryAddress as @convention(c) () -> UnsafeMutableRawPointer, to: UnsafeRawPointer.self)
            guard let path = PluginLoader.imagePath(containing: address) else {
                throw PluginBuildError("cannot find the LayoutKit library this stk runs, so it cannot build plugins from source")
            }
            return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }
    }

    /// The build folder holding `libLayoutKit.so` and `Modules/`.
    var buildFolder: String {
        get throws { URL(fileURLWithPath: try layoutKitLibrary).deletingLastPathComponent().path }
    }

    /// What identifies the LayoutKit a plugin is compiled against: its path,
    /// size and modification time (a rebuilt LayoutKit gets a new key).
    func layoutKitIdentity() throws -> String {
        let path = try layoutKitLibrary
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let size = attributes[.size] as? Int ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        // The compiler flags are part of what a build is: "-g" (below) made
        // earlier builds without debug information stale.
        return "\(path)|\(size)|\(modified)|\(layoutKitVersion)|-Onone -g"
    }

    /// One `swiftc -emit-library` of the adapted files against this stk's
    /// LayoutKit. With debug information (`-g`): when the layout crashes at
    /// the REPL, the runtime's crash report names the user's file and line.
    func compileLibrary(_ files: [String], moduleName: some StringProtocol, output: String) throws {
        let build = try buildFolder
        let modules = build + "/Modules"
        guard FileManager.default.fileExists(atPath: modules) else {
            throw PluginBuildError("cannot build plugins from source: the module files of LayoutKit are not at \(modules)")
        }
        // LLVM's diagnostic style: each error as FILE:LINE:COL, the line and a
        // caret. Swift's own style numbers its snippet by the lines of the
        // adapted copy, one off from the user's after an added import.
        let arguments = ["-emit-library", "-parse-as-library", "-swift-version", "5", "-Onone", "-g", "-suppress-warnings",
                         "-diagnostic-style", "llvm",
                         "-module-name", String(moduleName), "-I", modules, "-L", build, "-lLayoutKit",
                         "-Xlinker", "-rpath", "-Xlinker", build, "-o", output] + files
        let result = try Subprocess.run(swiftc, arguments)
        guard result.status == 0 else {
            var error = PluginBuildError("the layout does not compile:\n" + Self.userDiagnostics(result.output))
            error.compilerErrors = Self.errorsAtPlaces(result.output)
            throw error
        }
    }

    /// The compiler's errors that name a place, `FILE:LINE:COL: error: MESSAGE`
    /// (LLVM's style), in order.
    static func errorsAtPlaces(_ output: String) -> [AdapterReport.Message] {
        output.split(separator: "\n").compactMap { line in
            guard let marker = line.range(of: ": error: ") else { return nil }
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let lineNumber = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else { return nil }
            let file = place.dropLast(2).joined(separator: ":")
            return AdapterReport.Message(position: .init(file: file, line: lineNumber, column: column),
                                         message: String(line[marker.upperBound...]))
        }
    }

    /// The compiler's output without the lines that only repeat the command.
    static func userDiagnostics(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("error: emit-module command failed") && !$0.hasPrefix("error: fatalError") }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: The adapter

    /// The `stk-adapt` executable, looked for in this order:
    /// 1. `$STK_ADAPTER`;
    /// 2. installed beside stk (`scripts/install` puts it there): `stk-adapt`
    ///    in the folder of the running executable, links resolved;
    /// 3. built (once, in debug mode) from the SourceAdapter package of the
    ///    checkout this stk was built in.
    func adapter() throws -> String {
        if let path = ProcessInfo.processInfo.environment["STK_ADAPTER"], !path.isEmpty { return path }
        if let installed = try Self.installedAdapter(besides: Self.runningExecutable) { return installed }
        let package = try adapterPackage()
        let binary = package + "/.build/debug/stk-adapt"
        if Self.isStale(binary, sources: [package + "/Package.swift", package + "/Sources"]) {
            FileHandle.standardError.write(Data("note: building stk's source adapter (swift-syntax), once; this takes a minute or two\n".utf8))
            let result = try Subprocess.run(swift, ["build", "--package-path", package, "--product", "stk-adapt"])
            guard result.status == 0 else {
                throw PluginBuildError("cannot build stk's source adapter (\(package)):\n" + result.output)
            }
        }
        return binary
    }

    /// The running stk, links resolved (`/proc/self/exe`).
    static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }

    /// An `stk-adapt` installed in the folder of `executable`, nil when there
    /// is none. One of another version is refused: its output would not be
    /// what this stk compiles.
    static func installedAdapter(besides executable: String) throws -> String? {
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("stk-adapt").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else { return nil }
        let answer = try Subprocess.run(candidate, ["--version"], separateStandardError: true)
        let version = answer.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard answer.status == 0, version == adapterVersion else {
            throw PluginBuildError("the source adapter installed beside stk (\(candidate)) is version \(version.isEmpty ? "unknown" : version), "
                                   + "this stk needs version \(adapterVersion): install stk and its adapter together (scripts/install)")
        }
        return candidate
    }

    /// The SourceAdapter package: found by walking up from LayoutKit's build folder.
    func adapterPackage() throws -> String {
        var folder = URL(fileURLWithPath: try buildFolder)
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("SourceAdapter/Package.swift").path
            if FileManager.default.fileExists(atPath: candidate) { return folder.appendingPathComponent("SourceAdapter").path }
            folder.deleteLastPathComponent()
        }
        throw PluginBuildError("cannot find stk's SourceAdapter package above \(try buildFolder); set STK_ADAPTER to a built stk-adapt")
    }

    /// Whether `binary` is missing or older than any file under `sources`.
    static func isStale(_ binary: String, sources: [String]) -> Bool {
        guard let built = (try? FileManager.default.attributesOfItem(atPath: binary))?[.modificationDate] as? Date else { return true }
        for source in sources {
            let enumerator = FileManager.default.enumerator(atPath: source)
            let paths = enumerator.map { $0.compactMap { $0 as? String }.map { source + "/" + $0 } } ?? [source]
            for path in paths {
                if let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, date > built {
                    return true
                }
            }
        }
        return false
    }
}

/// Runs `stk-adapt` over the files and reads its report.
enum Adapter {
    /// `compilerErrors`: the errors the compiler gave an earlier adaptation
    /// of the same files, written beside `folder` for the adapter to read.
    static func run(toolchain: Toolchain, files: [(path: String, shown: String)], into folder: URL,
                    compilerErrors: [AdapterReport.Message] = []) throws -> AdapterReport {
        let adapter = try toolchain.adapter()
        var arguments = ["--out", folder.path]
        for file in files { arguments += ["--label", "\(file.path)=\(file.shown)"] }
        if !compilerErrors.isEmpty {
            let errorsFile = folder.deletingLastPathComponent().appendingPathComponent("compiler-errors.json")
            try JSONEncoder().encode(compilerErrors).write(to: errorsFile)
            arguments += ["--compiler-errors", errorsFile.path]
        }
        arguments += files.map(\.path)
        let result = try Subprocess.run(adapter, arguments, separateStandardError: true)
        guard result.status == 0 || result.status == 1,
              let line = result.output.split(separator: "\n").last,
              let report = try? JSONDecoder().decode(AdapterReport.self, from: Data(line.utf8)) else {
            throw PluginBuildError("stk's source adapter failed (\(adapter), exit \(result.status)):\n\(result.errorOutput)\(result.output)")
        }
        if !report.errors.isEmpty {
            // As the compiler's errors are shown: a line saying what failed,
            // then each error at its place (no `error: FILE: error:`).
            throw PluginBuildError("the sources cannot be loaded as a layout:\n"
                + report.errors.map { "\($0.position): error: \($0.message)" }.joined(separator: "\n"))
        }
        return report
    }
}

/// The adapter's report, as `stk-adapt` prints it (SourceAdapter's AdapterReport).
public struct AdapterReport: Codable, Equatable {
    public struct Position: Codable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public var description: String { "\(file):\(line):\(column)" }
    }

    public struct Message: Codable, Equatable {
        public var position: Position
        public var message: String
    }

    public struct Layout: Codable, Equatable {
        public var name: String
        public var className: String
        public var position: Position
        public var isFlow: Bool
        public var options: [String]
    }

    public var layouts: [Layout] = []
    public var notes: [Message] = []
    public var errors: [Message] = []
    /// Screens left out so that the others load, and why (absent from a
    /// report of an adapter that never left one out).
    public var skipped: [Message]?
    /// What a layout needs that the sources do not give it (absent from a
    /// report of an older adapter).
    public var advice: [Message]?
    public var hasOwnEntryPoint = false

    public init() {}
}
