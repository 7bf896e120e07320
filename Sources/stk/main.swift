// Interim front end: the interactive loop with a stand-in evaluator, until the
// interpreter takes its place. `echo TEXT` prints TEXT; any other entry is
// echoed back as "ran: ENTRY"; `batch` ... `end` and a trailing `\` ask for
// more input; `quit` leaves.
import LineEditor

func evaluateStandIn(_ entry: String) -> REPLOutcome {
    let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.hasSuffix("\\") == true { return .needsMoreInput }
    if lines.first == "batch" && lines.last != "end" { return .needsMoreInput }
    if entry == "quit" { return .quit }
    print(entry.hasPrefix("echo ") ? String(entry.dropFirst(5)) : "ran: \(entry)")
    return .done
}

func completeStandIn(_ line: String, _ cursor: Int) -> [String] {
    let before = String(line.prefix(cursor))
    let word = before.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    let words = before.hasPrefix("set ") ? ["pinLimit=", "stickyFooters="] : ["render", "layout", "layouts"]
    return words.filter { $0.hasPrefix(word) }
}

REPLDriver(
    banner: "stk: interactive session (Ctrl-D to leave)",
    prompt: { "stk> " },
    continuationPrompt: "...> ",
    evaluate: evaluateStandIn,
    completer: completeStandIn
).run()
