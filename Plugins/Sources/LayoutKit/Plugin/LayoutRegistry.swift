import Foundation

/// Every layout stk knows, built-in and loaded. There is one registry per
/// process, inside the one shared copy of LayoutKit: the host and every plugin
/// library see the same one (ARCHITECTURE.md, "Plugins and type identity").
public final class LayoutRegistry {
    public static let shared = LayoutRegistry()

    /// The origin of the layouts compiled into stk.
    public static let builtInOrigin = "built-in"

    public struct Entry {
        public let descriptor: LayoutDescriptor
        /// "built-in", or the path of the library that registered it.
        public let origin: String

        func answers(to name: String) -> Bool { descriptor.name == name || descriptor.aliases.contains(name) }
    }

    public private(set) var entries: [Entry] = []
    private let lock = NSLock()

    public init() {}

    /// Registers a descriptor. A name already taken is refused, naming who took it.
    public func register(_ descriptor: LayoutDescriptor, origin: String) throws {
        lock.lock()
        defer { lock.unlock() }
        if let existing = entries.first(where: { $0.descriptor.name == descriptor.name }) {
            throw CollectionViewError("a layout named '\(descriptor.name)' is already registered by \(existing.origin)")
        }
        entries.append(Entry(descriptor: descriptor, origin: origin))
    }

    /// Registers several descriptors as one: either all of them or, when a name
    /// or an alias is taken (by an earlier registration or twice in
    /// `descriptors`), none. This is how a plugin library's layouts are
    /// registered, so a refused library leaves the registry exactly as it was.
    ///
    /// With `replacing`, the entries of that origin are removed in the same
    /// step and their names may be taken again: a rebuilt plugin replaces the
    /// layouts of its previous build.
    public func register(_ descriptors: [LayoutDescriptor], origin: String, replacing: String? = nil) throws {
        lock.lock()
        defer { lock.unlock() }
        let kept = entries.filter { replacing == nil || $0.origin != replacing }
        var seen = Set<String>()
        for descriptor in descriptors {
            for name in [descriptor.name] + descriptor.aliases {
                if let existing = kept.first(where: { $0.answers(to: name) }) {
                    throw CollectionViewError("a layout named '\(name)' is already registered by \(existing.origin)")
                }
                guard seen.insert(name).inserted else {
                    throw CollectionViewError("the layout name '\(name)' appears twice in \(origin)")
                }
            }
        }
        entries = kept + descriptors.map { Entry(descriptor: $0, origin: origin) }
    }

    /// The entry registered under `name`, or under it as an alias.
    public func entry(named name: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries.first { $0.descriptor.name == name } ?? entries.first { $0.descriptor.aliases.contains(name) }
    }

    public var names: [String] { entries.map(\.descriptor.name) }
}
