import LayoutKit

extension TextFormat {
    /// `options`: a table of the current layout's options with a header row,
    /// columns aligned, in the descriptor's order:
    ///
    ///     name           type                            value     default   help
    ///     pinLimit       lastItem|sectionEnd|nextHeader  lastItem  lastItem  where a pinned header stops
    ///     stickyFooters  bool                            true      false     footers stick to the bottom
    ///
    /// The type of an option that accepts `auto` ends in `|auto`. `values` holds
    /// current values by option name; an option without one shows `-`. A layout
    /// without options prints `no options`.
    public static func options(_ options: [LayoutOption], values: [String: LayoutOptionValue]) -> String {
        guard !options.isEmpty else { return "no options" }
        let rows = options.map { option in
            [
                option.name,
                option.allowsAutomatic ? "\(option.type)|auto" : option.type.description,
                values[option.name]?.description ?? "-",
                option.defaultValue.description,
                option.help,
            ]
        }
        return table([["name", "type", "value", "default", "help"]] + rows)
    }

    /// `layouts`: one line per registered layout, in registration order:
    /// name, origin (`built-in` or the library's path) and summary, columns aligned.
    public static func layouts(_ entries: [LayoutRegistry.Entry]) -> String {
        layouts(entries.map { (name: $0.descriptor.name, origin: $0.origin, summary: $0.descriptor.summary) })
    }

    /// `layouts` from plain rows (the same format as `layouts(_: [LayoutRegistry.Entry])`).
    public static func layouts(_ rows: [(name: String, origin: String, summary: String)]) -> String {
        guard !rows.isEmpty else { return "no layouts" }
        return table(rows.map { [$0.name, $0.origin, $0.summary] })
    }

    /// Left-aligned columns separated by two spaces; the last column is not padded
    /// and no line ends in spaces.
    static func table(_ rows: [[String]]) -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columnCount)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                line += cell
                if i < row.count - 1 { line += String(repeating: " ", count: widths[i] - cell.count + 2) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
