/// Whether stk may colour its output (docs/language.md, "Global options").
///
/// Colour is opt-out four ways, any one of which wins: the `--no-color` flag,
/// `NO_COLOR` set to a non-empty value (no-color.org: an empty `NO_COLOR` is
/// treated as unset), `TERM=dumb`, and output that is not a terminal (a pipe or
/// a file, which is how golden transcripts are compared byte for byte).
public enum ColorPolicy {
    /// `--color`: `auto` decides per stream as below; `always` and `never`
    /// decide alone (an explicit choice beats the environment).
    public enum Mode: String, CaseIterable, Sendable {
        case auto, always, never
    }

    /// The decision for one stream: `--color`, then the rules of `auto`.
    /// `--no-color` is `--color never`.
    public static func shouldUseColor(mode: Mode, noColorFlag: Bool, environment: [String: String], isTerminal: Bool) -> Bool {
        switch mode {
        case .never: return false
        case .always: return !noColorFlag
        case .auto: return shouldUseColor(noColorFlag: noColorFlag, environment: environment, isTerminal: isTerminal)
        }
    }

    public static func shouldUseColor(noColorFlag: Bool, environment: [String: String], isTerminal: Bool) -> Bool {
        if noColorFlag { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isTerminal
    }
}
