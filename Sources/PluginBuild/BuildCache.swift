import Foundation

/// Built source plugins, one folder per cache key:
///
///     <root>/<key>/libplugin.so     the plugin
///     <root>/<key>/report.json      the adapter's report (layouts, notes)
///     <root>/<key>/sources/         the adapted sources that were compiled
///
/// The root is `$STK_CACHE_DIR`, else `$XDG_CACHE_HOME/stk/plugins`, else
/// `~/.cache/stk/plugins`. An entry is built in a private folder and renamed
/// into place when complete, so a reader sees a whole entry or none.
public struct BuildCache {
    public static let libraryName = "libplugin.so"
    static let reportName = "report.json"

    public let root: URL

    public init(root: URL) { self.root = root }

    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> BuildCache {
        if let dir = environment["STK_CACHE_DIR"], !dir.isEmpty { return BuildCache(root: URL(fileURLWithPath: dir)) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
        return BuildCache(root: URL(fileURLWithPath: base).appendingPathComponent("stk/plugins"))
    }

    struct Entry {
        var library: String
        var report: AdapterReport
    }

    enum Lookup {
        case hit(Entry)
        case miss
        case corrupt(String)
    }

    /// The key: a hash of every file's shown path and bytes, the LayoutKit the
    /// plugin will be compiled against, and the adapter's version.
    func key(for files: [(path: String, shown: String)], layoutKit: String, adapterVersion: String) throws -> String {
        var hash = StableHash()
        hash.add("stk-source-plugin\u{0}\(layoutKit)\u{0}\(adapterVersion)\u{0}")
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw PluginBuildError("cannot read \(file.shown)")
            }
            hash.add(file.shown + "\u{0}")
            hash.add(data)
            hash.add("\u{0}")
        }
        return hash.hex
    }

    func lookup(_ key: String) -> Lookup {
        let folder = root.appendingPathComponent(key)
        guard FileManager.default.fileExists(atPath: folder.path) else { return .miss }
        let library = folder.appendingPathComponent(Self.libraryName).path
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.reportName).path),
              let report = try? JSONDecoder().decode(AdapterReport.self, from: data) else {
            return .corrupt("its report.json is missing or unreadable")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: library),
              (attributes[.size] as? Int ?? 0) > 0 else {
            return .corrupt("its library is missing or empty")
        }
        return .hit(Entry(library: library, report: report))
    }

    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(key))
    }

    /// Builds an entry with `body` in a private folder, then renames it into
    /// place. When another process committed the same key meanwhile, its entry
    /// is used and this one discarded.
    func create(_ key: String, _ body: (URL) throws -> AdapterReport) throws -> Entry {
        let scratch = root.appendingPathComponent(".building-\(key.prefix(16))-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw PluginBuildError("cannot write the plugin cache \(root.path): \(Self.reason(error)); set STK_CACHE_DIR to a writable folder")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let report = try body(scratch)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try encoder.encode(report).write(to: scratch.appendingPathComponent(Self.reportName))
        } catch {
            throw PluginBuildError("cannot write the plugin cache \(root.path): \(Self.reason(error)); set STK_CACHE_DIR to a writable folder")
        }
        let final = root.appendingPathComponent(key)
        if rename(scratch.path, final.path) != 0 && lookup(key).isHit == false {
            throw PluginBuildError("cannot write the plugin cache \(root.path): \(String(cString: strerror(errno))); set STK_CACHE_DIR to a writable folder")
        }
        guard case .hit(let entry) = lookup(key) else {
            throw PluginBuildError("the plugin cache entry \(final.path) is unusable after it was written")
        }
        return entry
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain, ns.code == NSFileWriteNoPermissionError { return "permission denied" }
        return ns.localizedDescription
    }
}

extension BuildCache.Lookup {
    var isHit: Bool { if case .hit = self { return true } else { return false } }
}

/// A 128-bit FNV-1a hash (two 64-bit lanes with different offsets): stable
/// across runs and machines, unlike Swift's seeded `Hasher`. It names cache
/// entries; it is not a defence against someone forging a collision.
struct StableHash {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x8422_2325_cbf2_9ce4

    mutating func add(_ string: String) { add(Data(string.utf8)) }

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for byte in bytes {
                a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
                b = (b ^ UInt64(byte ^ 0x5c)) &* 0x100_0000_01b3
            }
        }
    }

    var hex: String { String(format: "%016llx%016llx", a, b) }
}
