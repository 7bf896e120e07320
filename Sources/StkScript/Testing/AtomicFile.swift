import Foundation

/// Writes a file so that readers see either the old contents or the new,
/// never a part: the data goes to a temporary file in the same folder (a
/// rename is atomic only within one file system), which then replaces the
/// target. An existing file keeps its permissions.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func write(_ data: Data, to path: String) throws {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
        let fileManager = FileManager.default
        let permissions = (try? fileManager.attributesOfItem(atPath: path))?[.posixPermissions]
        guard fileManager.createFile(atPath: temporary.path, contents: data,
                                     attributes: permissions.map { [.posixPermissions: $0] }) else {
            throw WriteError(description: "cannot write \(path): cannot create a temporary file in \(folder.path)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(at: temporary)
            throw WriteError(description: "cannot write \(path): \(reason)")
        }
    }
}
