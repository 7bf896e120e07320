/// What the adapter reads, and what it reports. The report is JSON on the
/// adapter's standard output; stk decodes the same types (it mirrors them in
/// PluginBuild, since stk itself does not link this package).

/// One Swift file as the user wrote it.
public struct SourceInput: Sendable {
    /// The path shown in messages and written into `#sourceLocation`, so that
    /// the compiler's diagnostics name the user's file, not the rewritten copy.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// A place in a user's file (1-based line and column, columns in UTF-8 bytes
/// as the Swift compiler counts them).
public struct SourcePosition: Codable, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// Something the adapter did to a file (`note`) or could not accept (`error`).
public struct AdapterMessage: Codable, Equatable, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String

    public init(_ position: SourcePosition, _ message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(position): \(message)" }
}

/// A layout found in the sources, as stk registers it: a layout class, or a
/// layout function (a function or property that builds a layout, such as a view
/// controller's `createLayout()`).
public struct FoundLayout: Codable, Equatable, Sendable {
    /// What the registration calls: a class's `init()`, or a layout function.
    public enum Source: String, Codable, Sendable {
        case layoutClass = "class"
        case function
    }

    /// The layout name (`StickyGridLayout` gives `sticky-grid-layout`).
    public var name: String
    /// The class name as written (also accepted by `layout NAME`); for a layout
    /// function, the type that declares it, or the function's own name when
    /// it is a free function.
    public var className: String
    /// Where the class or the function is declared.
    public var position: SourcePosition
    /// Whether it is a flow layout (a subclass of UICollectionViewFlowLayout).
    public var isFlow: Bool
    /// The options made from its settable properties, in declaration order.
    public var options: [String]
    public var source: Source
    /// The layout function as written after its type: `createLayout()`, or
    /// `layout` for a property. Nil for a layout class.
    public var function: String?

    public init(name: String, className: String, position: SourcePosition, isFlow: Bool, options: [String],
                source: Source = .layoutClass, function: String? = nil) {
        self.name = name
        self.className = className
        self.position = position
        self.isFlow = isFlow
        self.options = options
        self.source = source
        self.function = function
    }

    enum CodingKeys: String, CodingKey {
        case name, className, position, isFlow, options, source, function
    }

    // A report written before layout functions existed has neither `source`
    // nor `function`: every layout in it is a class.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        className = try container.decode(String.self, forKey: .className)
        position = try container.decode(SourcePosition.self, forKey: .position)
        isFlow = try container.decode(Bool.self, forKey: .isFlow)
        options = try container.decode([String].self, forKey: .options)
        source = try container.decodeIfPresent(Source.self, forKey: .source) ?? .layoutClass
        function = try container.decodeIfPresent(String.self, forKey: .function)
    }
}

/// Everything the adapter says about one set of sources.
public struct AdapterReport: Codable, Equatable, Sendable {
    public var layouts: [FoundLayout] = []
    /// What was rewritten, one message per change, at the user's position.
    public var notes: [AdapterMessage] = []
    /// Why the sources cannot become a plugin (empty when they can).
    public var errors: [AdapterMessage] = []
    /// Screens whose layouts were left out so that the others load (one of
    /// an app's view controllers that stk cannot compile), and why: shown
    /// whenever the sources load, not only with `--explain`.
    public var skipped: [AdapterMessage] = []
    /// What a user must give a layout for it to run, which the sources do
    /// not (a weak delegate no type of the sources conforms to): shown
    /// whenever the sources load, as `skipped` is.
    public var advice: [AdapterMessage] = []
    /// Whether the sources define `stk_plugin_register` themselves (a plugin
    /// written for stk): then nothing is registered by generated code.
    public var hasOwnEntryPoint = false

    public init() {}
}

/// The adapted files, ready to compile, and the report.
public struct AdapterOutput: Sendable {
    /// Rewritten files, in input order, then the generated entry point.
    public var files: [(name: String, text: String)]
    public var report: AdapterReport
}
