import LayoutKit

extension TextFormat {
    /// `options LAYOUT` for a layout that is not the current one: its options
    /// with their defaults, without the value column (the layout has no
    /// current values), in the descriptor's order:
    ///
    ///     name           type     default  help
    ///     stickyRows     integer  1        How many rows ...
    ///
    /// The type of an option that accepts `auto` ends in `|auto`. A layout
    /// without options prints `no options`.
    public static func optionDefaults(_ options: [LayoutOption]) -> String {
        guard !options.isEmpty else { return "no options" }
        let rows = options.map { option in
            [
                option.name,
                option.allowsAutomatic ? "\(option.type)|auto" : option.type.description,
                option.defaultValue.description,
                option.help,
            ]
        }
        return table([["name", "type", "default", "help"]] + rows)
    }

    /// `help LAYOUT`: shaped as a command's help: the usage, the summary, then
    /// indented, where the layout comes from, its other names and its options
    /// with their defaults.
    ///
    ///     usage: layout grid-sticky [key=value ...]
    ///     grid scrolling both ways (...) whose first rows and columns stick to the edges
    ///       origin: built-in
    ///       options, with their defaults (once it is the layout, 'options' shows the current values):
    ///       name           type     default  help
    ///       stickyRows     integer  1        How many rows ...
    public static func layoutHelp(_ descriptor: LayoutDescriptor, origin: String) -> String {
        var lines = ["usage: layout \(descriptor.name) [key=value ...]", descriptor.summary]
        var details = ["origin: \(origin)"]
        if !descriptor.aliases.isEmpty { details.append("alias: " + descriptor.aliases.joined(separator: ", ")) }
        if descriptor.options.isEmpty {
            details.append("no options")
        } else {
            details.append("options, with their defaults (once it is the layout, 'options' shows the current values):")
            details += optionDefaults(descriptor.options).split(separator: "\n").map(String.init)
        }
        lines += details.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
