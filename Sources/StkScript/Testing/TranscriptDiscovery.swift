import Foundation

/// A `.stk` file that `stk test` runs.
public struct TranscriptFile: Hashable, Sendable {
    /// The path as the report prints it: under the path the user gave, as
    /// given (`Tests/Transcripts/flow-sticky/pinning.stk`); without a leading
    /// `./` when the search started at the current directory.
    public let displayPath: String
    /// The path to open.
    public let path: String

    public init(displayPath: String, path: String) {
        self.displayPath = displayPath
        self.path = path
    }

    /// The folder part of `displayPath` (`.` for a file in the current
    /// directory): JUnit's classname.
    public var folder: String {
        guard let slash = displayPath.lastIndex(of: "/") else { return "." }
        let folder = String(displayPath[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The file's name: JUnit's test case name.
    public var fileName: String {
        guard let slash = displayPath.lastIndex(of: "/") else { return displayPath }
        return String(displayPath[displayPath.index(after: slash)...])
    }
}

/// A path given to `stk test` that cannot be searched.
public struct TranscriptDiscoveryError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Finds the `.stk` files under the paths given to `stk test`.
///
/// A folder is searched recursively, skipping hidden folders (`.git`,
/// `.build`, `.swiftpm` ...) and folders of build products and dependencies
/// (`node_modules`, `DerivedData`, `Pods`, `Carthage`): transcripts never
/// live there, and copies of the project's own transcripts sometimes do.
/// Symbolic links to folders are not followed (they can make cycles); links
/// to files are. A path naming a file is taken as it is, whatever its
/// extension. The result is sorted by path, component by component, and
/// holds each file once even when two given paths overlap.
public enum TranscriptDiscovery {
    /// The extension of transcript files.
    public static let fileExtension = "stk"

    /// Folder names never searched (besides hidden ones).
    public static let skippedFolderNames: Set<String> = ["node_modules", "DerivedData", "Pods", "Carthage"]

    public static func files(under paths: [String], fileManager: FileManager = .default) throws -> [TranscriptFile] {
        var found: [TranscriptFile] = []
        for given in paths.isEmpty ? ["."] : paths {
            guard !given.isEmpty else {
                throw TranscriptDiscoveryError(message: "an empty path was given; expected a .stk file or a folder")
            }
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: given, isDirectory: &isFolder) else {
                throw TranscriptDiscoveryError(message: "no such file or folder: \(given)")
            }
            if isFolder.boolValue {
                try search(folder: given, shownAs: displayRoot(given), into: &found, fileManager: fileManager)
            } else {
                found.append(TranscriptFile(displayPath: given, path: given))
            }
        }
        return sortedRemovingDuplicates(found)
    }

    /// `.` shows as nothing, so that files under it print as `a/b.stk`; a
    /// trailing slash is dropped so that it is not doubled.
    private static func displayRoot(_ path: String) -> String {
        if path == "." || path == "./" { return "" }
        var root = path
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        return root
    }

    private static func search(folder: String, shownAs shown: String, into found: inout [TranscriptFile],
                               fileManager: FileManager) throws {
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: folder)
        } catch {
            throw TranscriptDiscoveryError(message: "cannot list the folder \(folder): \(error.localizedDescription)")
        }
        for name in names {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let display = shown.isEmpty ? name : (shown == "/" ? "/" + name : shown + "/" + name)
            let attributes = try? fileManager.attributesOfItem(atPath: path)
            let type = attributes?[.type] as? FileAttributeType
            if type == .typeDirectory {
                if name.hasPrefix(".") || skippedFolderNames.contains(name) { continue }
                try search(folder: path, shownAs: display, into: &found, fileManager: fileManager)
            } else if (name as NSString).pathExtension == fileExtension {
                // A link to a folder named x.stk is not a transcript.
                var isFolder: ObjCBool = false
                if fileManager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(TranscriptFile(displayPath: display, path: path))
                }
            }
        }
    }

    private static func sortedRemovingDuplicates(_ files: [TranscriptFile]) -> [TranscriptFile] {
        let sorted = files.sorted { a, b in
            let (x, y) = (a.displayPath.split(separator: "/", omittingEmptySubsequences: false),
                          b.displayPath.split(separator: "/", omittingEmptySubsequences: false))
            // Byte order, not the locale's: the same list on every machine.
            for (p, q) in zip(x, y) where p != q { return Array(p.utf8).lexicographicallyPrecedes(Array(q.utf8)) }
            return x.count < y.count
        }
        var seen: Set<String> = []
        return sorted.filter { file in
            let identity = URL(fileURLWithPath: file.path).standardizedFileURL.resolvingSymlinksInPath().path
            return seen.insert(identity).inserted
        }
    }
}

/// One of N deterministic slices of the sorted file list (`--shard K/N`):
/// file i (counting from 0) belongs to shard `i % N + 1`. Dealing the files
/// out in turn keeps the shards within one file of each other in size and
/// spreads each folder over all of them; every file is in exactly one shard.
public struct TranscriptShard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1 else {
            throw TranscriptDiscoveryError(message: "--shard \(index)/\(count): the number of shards must be at least 1")
        }
        guard (1...count).contains(index) else {
            throw TranscriptDiscoveryError(message: "--shard \(index)/\(count): the shard must be between 1 and \(count) (shards count from 1)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw TranscriptDiscoveryError(message: "--shard expects K/N, the K-th of N slices (for example 2/4), got '\(text)'")
        }
        try self.init(index: k, count: n)
    }

    public func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    public var description: String { "\(index)/\(count)" }
}
