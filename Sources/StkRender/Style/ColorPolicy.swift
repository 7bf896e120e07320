/// Whether stk may colour its output (docs/language.md, "Global options").
///
/// Colour is opt-out four ways, any one of which wins: the `--no-color` flag,
/// `NO_COLOR` set to a non-empty value (no-color.org: an empty `NO_COLOR` is
/// treated as unset), `TERM=dumb`, and output that is not a terminal (a pipe or
/// a file, which is how golden transcripts are compared byte for byte).
public enum ColorPolicy {
    public static func shouldUseColor(noColorFlag: Bool, environment: [String: String], isTerminal: Bool) -> Bool {
        if noColorFlag { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isTerminal
    }
}
