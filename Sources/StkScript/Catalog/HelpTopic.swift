import LayoutKit
import StkRender

/// What `help TOPIC` (and `stk help TOPIC`) names: a command of the language,
/// or a registered layout. Commands come first: a layout whose name is also a
/// command's is described by `options NAME`.
public enum HelpTopic {
    case command(CommandInfo)
    case layout(LayoutRegistry.Entry)

    /// The command or layout `name` names (a name or an alias), or nil.
    public static func named(_ name: String, in registry: LayoutRegistry) -> HelpTopic? {
        if let info = CommandCatalog.command(named: name) { return .command(info) }
        if let entry = registry.entry(named: name) { return .layout(entry) }
        return nil
    }

    /// The help text, ending with a newline.
    public var text: String {
        switch self {
        case .command(let info): return info.helpText
        case .layout(let entry): return TextFormat.layoutHelp(entry.descriptor, origin: entry.origin)
        }
    }

    /// The command or layout nearest to an unknown topic, for "did you mean".
    public static func suggestion(for name: String, in registry: LayoutRegistry) -> String? {
        NearMiss.nearest(to: name, among: CommandCatalog.verbs.filter { $0 != "end" } + registry.names)
    }
}
