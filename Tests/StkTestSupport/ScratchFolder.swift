import Foundation

/// A temporary folder, removed with the value.
public final class ScratchFolder {
    public let url: URL

    /// A new folder in the temporary directory, named `prefix` and a UUID.
    /// The length of the path shows in what the REPL prints (a line it wraps
    /// at the terminal's width): REPLTests' completion of a long path counts on
    /// the default prefix's length.
    public init(prefix: String = "stk-e2e-") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)\(UUID().uuidString)", isDirectory: true)
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A folder holding `files` (relative path: text).
    public convenience init(_ files: [String: String], prefix: String = "stk-e2e-") throws {
        try self.init(prefix: prefix)
        for (path, text) in files { try write(path, text) }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `path`, relative to the folder.
    public func url(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Writes `text` to `path` (relative to the folder, subfolders created) and returns its URL.
    @discardableResult
    public func write(_ path: String, _ text: String) throws -> URL {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The file's text; throws when it is not UTF-8.
    public func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    /// The file's bytes as text, any byte that is not UTF-8 replaced.
    public func readDecoding(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: url(path)), as: UTF8.self)
    }

    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    /// The names in the folder, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The file's inode: a rename-based rewrite gives the path a new one.
    public func inode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url(path).path)
        return (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }
}
