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
    /// One of a fixed set of words.
    case choice([String])

    public var description: String {
        switch self {
        case .bool: return "bool"
        case .number: return "number"
        case .integer: return "integer"
        case .size: return "size"
        case .insets: return "insets"
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
    case word(String)
    /// No value: the option's documented default applies (maxStretchHeight=auto).
    case automatic

    public var description: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.stk
        case .size(let s): return s.stk
        case .insets(let i): return i.description
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

    public init(name: String, type: LayoutOptionType, defaultValue: LayoutOptionValue, allowsAutomatic: Bool = false, help: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.allowsAutomatic = allowsAutomatic
        self.help = help
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
/// summary, its options and a factory.
public struct LayoutDescriptor {
    public let name: String
    public let summary: String
    public let options: [LayoutOption]
    public let makeLayout: () throws -> ConfigurableLayout

    public init(name: String, summary: String, options: [LayoutOption], makeLayout: @escaping () throws -> ConfigurableLayout) {
        self.name = name
        self.summary = summary
        self.options = options
        self.makeLayout = makeLayout
    }

    public func option(named name: String) -> LayoutOption? { options.first { $0.name == name } }
}
