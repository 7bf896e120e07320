/// Shortens a long list for a trace line: as many entries as fit in a budget of
/// characters (at least one), then `… and N more`. Deterministic: it depends on
/// the entries only. The `context` command never summarises; only trace does.
enum ListSummary {
    static func join(_ entries: [String], separator: String, budget: Int) -> String {
        var shown: [String] = []
        var length = 0
        for entry in entries {
            let added = (shown.isEmpty ? 0 : separator.count) + entry.count
            if !shown.isEmpty && length + added > budget { break }
            shown.append(entry)
            length += added
        }
        let rest = entries.count - shown.count
        let joined = shown.joined(separator: separator)
        return rest > 0 ? "\(joined) … and \(rest) more" : joined
    }
}
