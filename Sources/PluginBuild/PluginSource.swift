import Foundation

/// The Swift files a plugin path names.
struct PluginSource {
    enum Kind {
        /// One file, or every `.swift` file under a folder.
        case files
        /// A package whose library depends on stk's Plugins package.
        case stkPackage(PackageDescription)
    }

    var kind: Kind
    /// Absolute paths, each with the path shown in messages (as the user wrote it).
    var files: [(path: String, shown: String)]

    /// Folders never searched for sources: build output, version control, tests.
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "Tests", "Pods", "Carthage", "DerivedData"]

    static func resolve(_ path: String) throws -> PluginSource {
        let expanded = NSString(string: path).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else {
            throw PluginBuildError("cannot load plugin \(path): no such file or folder")
        }
        let absolute = URL(fileURLWithPath: expanded).standardizedFileURL.path
        if !isDirectory.boolValue {
            return PluginSource(kind: .files, files: [(absolute, path)])
        }
        let manifest = URL(fileURLWithPath: absolute).appendingPathComponent("Package.swift").path
        if FileManager.default.fileExists(atPath: manifest) {
            let package = try PackageDescription.describe(absolute, shownAs: path)
            if package.dependsOnStkPlugins { return PluginSource(kind: .stkPackage(package), files: []) }
            let files = package.librarySources.map { ($0, display($0, under: absolute, shownAs: path)) }
            guard !files.isEmpty else { throw PluginBuildError("cannot load plugin \(path): its library targets have no Swift files") }
            return PluginSource(kind: .files, files: files)
        }
        let files = swiftFiles(under: absolute).map { ($0, display($0, under: absolute, shownAs: path)) }
        guard !files.isEmpty else {
            throw PluginBuildError("cannot load plugin \(path): the folder holds no .swift file (searched without \(skippedFolders.sorted().joined(separator: ", ")))")
        }
        return PluginSource(kind: .files, files: files)
    }

    /// Every `.swift` file under `folder`, sorted, outside the skipped folders.
    static func swiftFiles(under folder: String) -> [String] {
        var result: [String] = []
        let base = URL(fileURLWithPath: folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if skippedFolders.contains(name) || name.hasPrefix(".") { enumerator.skipDescendants() }
                continue
            }
            if name.hasSuffix(".swift") && name != "Package.swift" { result.append(url.standardizedFileURL.path) }
        }
        return result.sorted()
    }

    /// `file` as the user would name it: the folder as given, then the rest.
    static func display(_ file: String, under folder: String, shownAs shown: String) -> String {
        guard file.hasPrefix(folder + "/") else { return file }
        let rest = String(file.dropFirst(folder.count + 1))
        return shown.hasSuffix("/") ? shown + rest : shown + "/" + rest
    }
}

/// What `swift package describe --type json` says of a package, as far as stk needs it.
struct PackageDescription {
    var root: String
    var dependsOnStkPlugins: Bool
    var librarySources: [String]
    var dynamicLibraryProducts: [String]

    static func describe(_ root: String, shownAs shown: String) throws -> PackageDescription {
        let result = try Subprocess.run(Toolchain.current.swift, ["package", "--package-path", root, "describe", "--type", "json"])
        guard result.status == 0, let start = result.output.firstIndex(of: "{"),
              let json = try? JSONSerialization.jsonObject(with: Data(result.output[start...].utf8)) as? [String: Any] else {
            throw PluginBuildError("cannot load plugin \(shown): swift package describe failed:\n" + result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let products = json["products"] as? [[String: Any]] ?? []
        var libraryTargets: Set<String> = []
        var dynamic: [String] = []
        for product in products {
            guard let type = product["type"] as? [String: Any], let library = type["library"] as? [String] else { continue }
            for target in product["targets"] as? [String] ?? [] { libraryTargets.insert(target) }
            if library.contains("dynamic"), let name = product["name"] as? String { dynamic.append(name) }
        }
        guard !libraryTargets.isEmpty else {
            throw PluginBuildError("cannot load plugin \(shown): the package has no library product (declare `.library(name: ..., targets: [...])` in Package.swift)")
        }
        let dependencies = json["dependencies"] as? [[String: Any]] ?? []
        let stk = dependencies.contains { dependency in
            let location = (dependency["url"] as? String) ?? (dependency["path"] as? String) ?? ""
            return location.hasSuffix("/Plugins") || (dependency["identity"] as? String) == "plugins"
        }
        var sources: [String] = []
        for target in json["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String, libraryTargets.contains(name),
                  let path = target["path"] as? String else { continue }
            let folder = URL(fileURLWithPath: root).appendingPathComponent(path).path
            for file in target["sources"] as? [String] ?? [] where file.hasSuffix(".swift") {
                sources.append(URL(fileURLWithPath: folder).appendingPathComponent(file).standardizedFileURL.path)
            }
        }
        return PackageDescription(root: root, dependsOnStkPlugins: stk, librarySources: sources.sorted(), dynamicLibraryProducts: dynamic)
    }
}
