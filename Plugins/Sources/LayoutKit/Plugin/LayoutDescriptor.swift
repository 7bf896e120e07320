import Foundation

/// The version of LayoutKit, and so of the plugin boundary: bump it whenever a
/// public declaration changes, since plugins are compiled against the layout of
/// LayoutKit's classes. A plugin reports the version it was built against; the
/// host refuses a library whose version differs from `LayoutKitLibrary.version`.
///
/// `@_alwaysEmitIntoClient` copies the literal into every module that reads it:
/// a plugin carries the version of the LayoutKit it was *compiled* against, not
/// the version of the library it runs with (a plain `public let` would be read
/// from the loaded library at run time and always match).
@_alwaysEmitIntoClient
public var layoutKitVersion: String { "1.0.0" }

/// The LayoutKit library loaded in this process.
public enum LayoutKitLibrary {
    /// The version compiled into the library itself (not into its client): what
    /// a plugin's reported version is checked against.
    public static let version: String = layoutKitVersion
}

/// The type of a layout option's value.
public enum LayoutOptionType: Equatable, Sendable, CustomStringConvertible {
    case bool
    case number
    case integer
    case size
    case insets
    /// A point `X,Y`.
    case point
    /// One of a fixed set of words.
    case choice([String])

    public var description: String {
        switch self {
        case .bool: return "bool"
        case .number: return "number"
        case .integer: return "integer"
        case .size: return "size"
        case .insets: return "insets"
        case .point: return "point"
        case .choice(let words): return words.joined(separator: "|")
        }
    }
}

/// A value of a layout option.
public enum LayoutOptionValue: Equatable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    case size(CGSize)
    case insets(EdgeInsets)
    case point(CGPoint)
    case word(String)
    /// No value: the option's documented default applies (maxStretchHeight=auto).
    case automatic

    public var description: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.stk
        case .size(let s): return s.stk
        case .insets(let i): return i.description
        case .point(let p): return p.stk
        case .word(let w): return w
        case .automatic: return "auto"
        }
    }

    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var size: CGSize? { if case .size(let s) = self { return s } else { return nil } }
    public var insets: EdgeInsets? { if case .insets(let i) = self { return i } else { return nil } }
    public var word: String? { if case .word(let w) = self { return w } else { return nil } }
}

/// One documented option of a layout.
public struct LayoutOption: Sendable {
    public let name: String
    public let type: LayoutOptionType
    public let defaultValue: LayoutOptionValue
    /// Whether `auto` is accepted (the default is computed from other values).
    public let allowsAutomatic: Bool
    public let help: String
    /// Whether stk sets this option on the flow layout's own property (the flow
    /// options added by `LayoutDescriptor.completed(with:)`), not through the
    /// descriptor's option function.
    public let isFlowProperty: Bool

    public init(name: String, type: LayoutOptionType, defaultValue: LayoutOptionValue, allowsAutomatic: Bool = false,
                help: String, isFlowProperty: Bool = false) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.allowsAutomatic = allowsAutomatic
        self.help = help
        self.isFlowProperty = isFlowProperty
    }
}

/// A layout whose options stk can set and read by name.
public protocol ConfigurableLayout: CollectionViewLayout {
    /// Sets an option. Throws `CollectionViewError` naming the option and the
    /// expected value when the value is refused; nothing changes then. A change
    /// invalidates the layout with the smallest context that is correct.
    func setOption(_ name: String, to value: LayoutOptionValue) throws
    /// The option's current value.
    func optionValue(_ name: String) -> LayoutOptionValue?
}

/// What a plugin (built-in or loaded at run time) registers: a name, a one-line
/// summary, its options and a factory, with the two functions that set and read
/// an option on a layout the factory made.
///
/// A layout written for stk conforms to `ConfigurableLayout` and uses the
/// first initialiser. A layout written for iOS knows nothing of stk: the
/// registration code stk generates for it passes the option functions itself.
public struct LayoutDescriptor {
    public let name: String
    /// Other names `layout NAME` accepts (a source layout's class name).
    public let aliases: [String]
    public let summary: String
    public let options: [LayoutOption]
    /// Whether stk decides which elements are pinned (`isPinned`) from how they
    /// move: true for layouts written for iOS, whose attributes have no such
    /// field (CollectionView.derivesPinnedFromMotion).
    public let derivesPinned: Bool
    /// How many sections the app can have when its diffable data source
    /// names them with an enum's cases (`UICollectionViewDiffableDataSource<
    /// SectionKind, Int>`): the cases' count, known when the layout is
    /// registered, before any layout pass. A section provider written for that
    /// enum (`SectionKind(rawValue: sectionIndex)!`) never sees more
    /// sections on iOS. Nil for any other layout.
    public var sectionIdentifierCases: Int? = nil
    private let make: () throws -> CollectionViewLayout
    private let set: (CollectionViewLayout, String, LayoutOptionValue) throws -> Void
    private let get: (CollectionViewLayout, String) -> LayoutOptionValue?

    public init(name: String, summary: String, options: [LayoutOption], makeLayout: @escaping () throws -> ConfigurableLayout) {
        self.init(name: name, summary: summary, options: options, makeAnyLayout: makeLayout,
                  setOption: { layout, option, value in try (layout as! ConfigurableLayout).setOption(option, to: value) },
                  optionValue: { layout, option in (layout as! ConfigurableLayout).optionValue(option) })
    }

    /// A layout of any class, with its options set and read by the given functions.
    public init(name: String, aliases: [String] = [], summary: String, options: [LayoutOption], derivesPinned: Bool = false,
                makeAnyLayout: @escaping () throws -> CollectionViewLayout,
                setOption: @escaping (CollectionViewLayout, String, LayoutOptionValue) throws -> Void,
                optionValue: @escaping (CollectionViewLayout, String) -> LayoutOptionValue?) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.options = options
        self.derivesPinned = derivesPinned
        self.make = makeAnyLayout
        self.set = setOption
        self.get = optionValue
    }

    public func option(named name: String) -> LayoutOption? { options.first { $0.name == name } }

    /// A new layout.
    public func makeLayout() throws -> CollectionViewLayout { try make() }

    /// Sets an option on a layout this descriptor made. A flow option that the
    /// descriptor does not declare is set on the flow layout's own property
    /// (see `completed(with:)`). Throws `CollectionViewError`, changing nothing,
    /// when the value is refused.
    public func setOption(_ name: String, to value: LayoutOptionValue, on layout: CollectionViewLayout) throws {
        if option(named: name)?.isFlowProperty == true, let flow = layout as? CollectionViewFlowLayout {
            try FlowOptions.apply(name, value, to: flow)
        } else {
            try set(layout, name, value)
        }
    }

    /// The current value of an option of a layout this descriptor made.
    public func optionValue(_ name: String, of layout: CollectionViewLayout) -> LayoutOptionValue? {
        if option(named: name)?.isFlowProperty == true, let flow = layout as? CollectionViewFlowLayout {
            return FlowOptions.value(name, of: flow)
        }
        return get(layout, name)
    }

    /// This descriptor with the flow options it does not declare added, when
    /// `probe` (a layout it made) is a flow layout: `set itemSize=...` then works
    /// on every `UICollectionViewFlowLayout` subclass, with the values the
    /// subclass's `init()` gave as defaults. Registration calls it.
    public func completed(with probe: CollectionViewLayout) -> LayoutDescriptor {
        guard let flow = probe as? CollectionViewFlowLayout else { return self }
        let missing = FlowOptions.options(of: flow).filter { option(named: $0.name) == nil }
        guard !missing.isEmpty else { return self }
        return LayoutDescriptor(name: name, aliases: aliases, summary: summary, options: options + missing,
                                derivesPinned: derivesPinned, makeAnyLayout: make, setOption: set, optionValue: get)
    }
}
