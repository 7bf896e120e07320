import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating-system side of loading a plugin: paths, file identity,
/// dlopen/dlsym, and which loaded image holds an address. No policy here.
enum DynamicLibrary {
    /// The identity of a file on disk: a rebuilt library is a new file even at the same path.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var modified: Double
    }

    /// The absolute path with symbolic links and `..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func identity(ofFileAt path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), modified: modified)
    }

    /// dlopen with RTLD_NOW | RTLD_LOCAL (see PluginLoader for why), or the
    /// text of dlerror.
    static func open(_ path: String) -> Result<UnsafeMutableRawPointer, OpenFailure> {
        _ = dlerror()  // clear a stale message
        if let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) { return .success(handle) }
        let text = dlerror().map { String(cString: $0) } ?? "unknown dlopen failure"
        return .failure(OpenFailure(text: text))
    }

    struct OpenFailure: Error { var text: String }

    /// The address of a symbol, searched in the library and its dependencies.
    static func symbol(_ name: String, in handle: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    /// The path of the loaded image (executable or shared library) whose mapping
    /// contains `address`, or nil when no mapped file holds it.
    static func imagePath(containing address: UnsafeRawPointer) -> String? {
        #if os(Linux)
        // dladdr is hidden behind _GNU_SOURCE in the Glibc module; the kernel's
        // map of this process says the same.
        // Read it with getline: procfs files report a size of 0, and a reader
        // that trusts the size stops after the first page.
        guard let file = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(file) }
        let target = UInt(bitPattern: address)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) > 0, let buffer {
            let line = String(cString: buffer).trimmingCharacters(in: .newlines)
            // start-end perms offset dev inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let low = UInt(range[0], radix: 16), let high = UInt(range[1], radix: 16),
                  target >= low, target < high else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            return path.hasPrefix("/") ? path : nil
        }
        return nil
        #else
        var info = Dl_info()
        guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
        return realPath(String(cString: name)) ?? String(cString: name)
        #endif
    }

    /// A Swift symbol name made readable with the runtime's demangler (the
    /// name itself when it is not a Swift symbol).
    static func demangle(_ symbol: String) -> String {
        typealias Demangle = @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32) -> UnsafeMutablePointer<CChar>?
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_demangle") else { return symbol }
        let demangle = unsafeBitCast(address, to: Demangle.self)
        let result = symbol.withCString { demangle($0, strlen($0), nil, nil, 0) }
        guard let result else { return symbol }
        defer { free(result) }
        return String(cString: result)
    }
}
