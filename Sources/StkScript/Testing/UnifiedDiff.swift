import Foundation

/// A unified diff (`diff -u` style) of a transcript block's expected lines
/// against the actual output, aware of `...` wildcards.
///
/// The alignment is a shortest edit script (a replaced line counting as one
/// change) in which a `...` line matches any run of actual lines for free. In the hunks, a `...` shows as a context line
/// ` ...` and the actual lines it matched are not repeated; the `@@` ranges
/// still count them on the `+` side, so each side's numbers stay true (lines
/// are numbered within the block, from 1).
public enum UnifiedDiff {
    /// Lines of context around each change, as `diff -u` has.
    public static let contextLines = 3

    /// The diff's lines: `--- expected`, `+++ actual`, then hunks. Empty when
    /// the output matches.
    public static func lines(expected: [ExpectedLine], actual: [String]) -> [String] {
        let ops = align(expected: expected, actual: actual)
        guard ops.contains(where: \.isChange) else { return [] }
        var result = ["--- expected", "+++ actual"]
        for hunk in hunks(ops) {
            result.append(header(ops, hunk))
            for op in ops[hunk] { result.append(op.line) }
        }
        return result
    }

    // MARK: Alignment

    struct Op {
        enum Kind { case same, wildcard, removed, added }
        var kind: Kind
        /// The text shown after the marker.
        var text: String
        /// Lines this op covers on each side.
        var oldCount: Int
        var newCount: Int

        var isChange: Bool { kind == .removed || kind == .added }
        var line: String {
            switch kind {
            case .same, .wildcard: return " " + text
            case .removed: return "-" + text
            case .added: return "+" + text
            }
        }
    }

    static func align(expected: [ExpectedLine], actual: [String]) -> [Op] {
        let p = expected.count, o = actual.count
        // cost[i][j]: fewest changed lines to turn expected[i...] into actual[j...],
        // a line replaced by another counting once (line-level Levenshtein). A
        // replacement costing one is what makes `-3 elements` / `+4 elements`
        // show as such after a `...`, rather than the `...` swallowing the new
        // line for free and the old one showing as removed alone.
        var cost = Array(repeating: Array(repeating: 0, count: o + 1), count: p + 1)
        for j in stride(from: o, through: 0, by: -1) { cost[p][j] = o - j }
        for i in stride(from: p - 1, through: 0, by: -1) {
            for j in stride(from: o, through: 0, by: -1) {
                if expected[i].isWildcard {
                    cost[i][j] = j < o ? min(cost[i + 1][j], cost[i][j + 1]) : cost[i + 1][j]
                } else {
                    var best = 1 + cost[i + 1][j]
                    if j < o {
                        best = min(best, 1 + cost[i][j + 1], (LinePattern.matches(expected[i].text, actual[j]) ? 0 : 1) + cost[i + 1][j + 1])
                    }
                    cost[i][j] = best
                }
            }
        }
        // Walk forward on a cheapest path: matches first, a wildcard taking as
        // few lines as it can, then removals, replacements, additions.
        var ops: [Op] = []
        var i = 0, j = 0
        while i < p || j < o {
            if i == p {
                ops.append(Op(kind: .added, text: actual[j], oldCount: 0, newCount: 1))
                j += 1
            } else if expected[i].isWildcard {
                let start = j
                while cost[i][j] != cost[i + 1][j] { j += 1 }
                ops.append(Op(kind: .wildcard, text: expected[i].text, oldCount: 1, newCount: j - start))
                i += 1
            } else if j < o && LinePattern.matches(expected[i].text, actual[j]) && cost[i][j] == cost[i + 1][j + 1] {
                ops.append(Op(kind: .same, text: actual[j], oldCount: 1, newCount: 1))
                i += 1
                j += 1
            } else if cost[i][j] == 1 + cost[i + 1][j] {
                ops.append(Op(kind: .removed, text: expected[i].text, oldCount: 1, newCount: 0))
                i += 1
            } else if j < o && cost[i][j] == 1 + cost[i + 1][j + 1] {
                ops.append(Op(kind: .removed, text: expected[i].text, oldCount: 1, newCount: 0))
                ops.append(Op(kind: .added, text: actual[j], oldCount: 0, newCount: 1))
                i += 1
                j += 1
            } else {
                ops.append(Op(kind: .added, text: actual[j], oldCount: 0, newCount: 1))
                j += 1
            }
        }
        return removalsFirst(ops)
    }

    /// Within each run of changes, the removed lines before the added ones,
    /// as `diff -u` shows a changed block.
    static func removalsFirst(_ ops: [Op]) -> [Op] {
        var result: [Op] = []
        var run: [Op] = []
        func flush() {
            result += run.filter { $0.kind == .removed } + run.filter { $0.kind == .added }
            run.removeAll()
        }
        for op in ops {
            if op.isChange {
                run.append(op)
            } else {
                flush()
                result.append(op)
            }
        }
        flush()
        return result
    }

    // MARK: Hunks

    /// Ranges of ops to show: each change with up to `contextLines` context
    /// ops on either side, merged when their context would touch.
    static func hunks(_ ops: [Op]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for index in ops.indices where ops[index].isChange {
            let start = max(0, index - contextLines)
            let end = min(ops.count, index + contextLines + 1)
            if let last = result.last, start <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                result.append(start..<end)
            }
        }
        return result
    }

    /// `@@ -START[,COUNT] +START[,COUNT] @@`, as `diff -u` writes it: a count
    /// of 1 is left out, and an empty side starts at the line before.
    static func header(_ ops: [Op], _ hunk: Range<Int>) -> String {
        let before = ops[..<hunk.lowerBound], inside = ops[hunk]
        let oldBefore = before.reduce(0) { $0 + $1.oldCount }, newBefore = before.reduce(0) { $0 + $1.newCount }
        let oldCount = inside.reduce(0) { $0 + $1.oldCount }, newCount = inside.reduce(0) { $0 + $1.newCount }
        func range(_ before: Int, _ count: Int) -> String {
            switch count {
            case 0: return "\(before),0"
            case 1: return "\(before + 1)"
            default: return "\(before + 1),\(count)"
            }
        }
        return "@@ -\(range(oldBefore, oldCount)) +\(range(newBefore, newCount)) @@"
    }
}
