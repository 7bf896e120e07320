import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How stk writes every file it is asked to (`save`, `stk test --update`,
/// `--junit`, `stk verify --out`), as an editor would:
///
/// - readers see the old contents or the new, never a part: the data goes to
///   a temporary file in the target's folder (a rename is atomic only within
///   one file system), which then takes the target's name;
/// - `create` never replaces anything, even a file that appears while it
///   writes: the finished temporary file is hard-linked to the name, which
///   fails when the name exists (where the file system has no hard links,
///   the file is created exclusively and written in place);
/// - `replace` follows symbolic links to the file they name, so the link
///   stays a link; only a regular file is replaced by a rename, keeping its
///   permissions (and its owner, for root); a device, a FIFO or a socket is
///   written in place, and a failed write is an error (`/dev/full`); a
///   read-only file is refused, as an editor refuses it without `!`, even for
///   root and even when the folder is writable; a folder is refused.
///
/// Errors name the path as the user wrote it, and say what is wrong in words
/// (no `NSCocoaErrorDomain` numbers).
public enum SafeFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Writes a new file; refuses when `path` exists (as anything, a dangling link too).
    public static func create(_ data: Data, at path: String, as shown: String? = nil) throws {
        let shown = shown ?? path
        try checkName(path, shown)
        var info = stat()
        if lstat(path, &info) == 0 {
            throw WriteError(description: "\(shown) already exists")
        }
        try checkFolder(of: path, shown)
        let temporary = try writeTemporary(data, beside: path, shown, mode: nil)
        defer { unlink(temporary) }
        if link(temporary, path) == 0 { return }
        let reason = errno
        if reason == EEXIST { throw WriteError(description: "\(shown) already exists") }
        guard reason == EPERM || reason == ENOTSUP || reason == EOPNOTSUPP || reason == EXDEV || reason == EMLINK else {
            throw failure(shown, reason)
        }
        // No hard links here: create exclusively and write in place.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw errno == EEXIST ? WriteError(description: "\(shown) already exists") : failure(shown, errno)
        }
        defer { close(fd) }
        try writeAll(data, to: fd, shown)
    }

    /// Writes `path`, replacing what is there (see the rules above).
    public static func replace(_ data: Data, at path: String, as shown: String? = nil) throws {
        let shown = shown ?? path
        try checkName(path, shown)
        let target = try followLinks(path, shown)
        var info = stat()
        guard stat(target, &info) == 0 else {
            let reason = errno
            guard reason == ENOENT else { throw failure(shown, reason) }
            // Nothing there yet (or a link to nothing): a new file at the link's end.
            try checkFolder(of: target, shown)
            let temporary = try writeTemporary(data, beside: target, shown, mode: nil)
            try moveIntoPlace(temporary, target, shown)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw WriteError(description: "cannot write \(shown): it is a directory")
        case S_IFREG:
            if access(target, W_OK) != 0 || info.st_mode & 0o222 == 0 {
                throw WriteError(description: "cannot write \(shown): the file is read-only; make it writable first (chmod u+w) if you mean to replace it")
            }
            let temporary = try writeTemporary(data, beside: target, shown, mode: info.st_mode & 0o7777)
            if getuid() == 0 { _ = chown(temporary, info.st_uid, info.st_gid) }
            try moveIntoPlace(temporary, target, shown)
        default:
            // A device, a FIFO, a socket: written in place, never replaced.
            // Opened without waiting: a FIFO that no one reads would block
            // the run for ever (open waits for a reader). A reader gets a
            // second to come (one started beside stk); then it is refused.
            var fd = open(target, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            for _ in 0..<100 where fd < 0 && errno == ENXIO {
                usleep(10_000)
                fd = open(target, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            }
            guard fd >= 0 else {
                let reason = errno
                if reason == ENXIO, info.st_mode & S_IFMT == S_IFIFO {
                    throw WriteError(description: "cannot write \(shown): it is a FIFO that no process is reading")
                }
                throw failure(shown, reason)
            }
            defer { close(fd) }
            // Writes wait for a slow reader as usual.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            try writeAll(data, to: fd, shown)
        }
    }

    /// Checks, before a run, that `path` can take the run's output: never a
    /// file the run reads (`reading`: transcripts, scripts, plugin sources;
    /// the same file by another name or through a link counts), and a file
    /// whose folder exists (a missing folder is refused, not created). Called
    /// up front so that a bad path fails before any work, not after it.
    public static func checkOutput(_ path: String, as shown: String? = nil, notAnyOf reading: [String]) throws {
        let shown = shown ?? path
        try checkName(path, shown)
        let target = try followLinks(path, shown)
        var info = stat()
        if stat(target, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR {
                throw WriteError(description: "cannot write \(shown): it is a directory")
            }
            for read in reading {
                var other = stat()
                if stat(read, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino {
                    throw WriteError(description: "cannot write \(shown): it is \(read == shown ? "a file" : read + ",") this run reads; choose another path")
                }
            }
        } else {
            try checkFolder(of: target, shown)
        }
    }

    // MARK: Pieces

    private static func checkName(_ path: String, _ shown: String) throws {
        if path.isEmpty { throw WriteError(description: "no file name given: expected a path") }
        if path.hasSuffix("/") { throw WriteError(description: "cannot write \(shown): a file name cannot end with '/'") }
    }

    /// The folder must exist and be a folder: "no such folder", rather than "no such file".
    private static func checkFolder(of path: String, _ shown: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        var info = stat()
        guard stat(folderPath, &info) == 0 else {
            let shownFolder = (shown as NSString).deletingLastPathComponent
            if errno == ENOENT {
                throw WriteError(description: "cannot write \(shown): no such folder: \(shownFolder.isEmpty ? folderPath : shownFolder)")
            }
            throw failure(shown, errno)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw WriteError(description: "cannot write \(shown): \(folderPath) is not a folder")
        }
    }

    /// The file a chain of symbolic links ends at (the path itself when it is
    /// none); a link to nothing gives the path it names.
    private static func followLinks(_ path: String, _ shown: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw failure(shown, errno) }
            let destination = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw failure(shown, ELOOP)
    }

    /// A new file holding `data` in the folder of `path`, with `mode` (or the
    /// default one for new files); returns its path.
    private static func writeTemporary(_ data: Data, beside path: String, _ shown: String, mode: mode_t?) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = ".\((path as NSString).lastPathComponent).\(getpid()).\(UUID().uuidString).tmp"
        let temporary = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
        guard fd >= 0 else {
            let reason = errno
            throw WriteError(description: "cannot write \(shown): cannot create a file in \(folder.isEmpty ? "." : folder): \(String(cString: strerror(reason)))")
        }
        do {
            if let mode { fchmod(fd, mode) }   // umask aside: the file keeps its permissions
            try writeAll(data, to: fd, shown)
            guard fsync(fd) == 0 || errno == EINVAL else { throw failure(shown, errno) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        return temporary
    }

    /// Renames a temporary file of `writeTemporary` over `target` in one
    /// step; if that fails, removes it and throws.
    private static func moveIntoPlace(_ temporary: String, _ target: String, _ shown: String) throws {
        guard rename(temporary, target) == 0 else {
            let reason = errno
            unlink(temporary)
            throw failure(shown, reason)
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, _ shown: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure(shown, errno)
                }
                offset += n
            }
        }
    }

    private static func failure(_ shown: String, _ code: Int32) -> WriteError {
        WriteError(description: "cannot write \(shown): \(String(cString: strerror(code)))")
    }
}
