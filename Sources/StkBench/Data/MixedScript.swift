import Foundation

/// A long script of every kind of entry a script holds, seeded: scrolls,
/// queries (`contentsize`, `attr`), expectations, data changes and their
/// `undo`, batches, snapshot edits applied, `\` continuations and comments,
/// over a flow of 4 sections of 30 items (taller than the view, so that every
/// scroll shows some). Every entry runs without an error on flow-sticky, and
/// the data stays that size however long the script: each snapshot edit
/// appends an item and deletes the one the previous edit appended. (A script
/// that only appended would grow its first section by an item per edit, and
/// since an apply diffs the whole snapshot, as UIKit's does, its time would
/// grow with its length by construction: it would measure the data, not the
/// script.) The same seed gives the same script, on every platform (SplitMix64). `stk bench`'s script workload (`ScriptWorkload`)
/// runs it, and so does the test that time per line does not grow with the
/// script.
public enum MixedScript {
    /// At least `count` lines (an entry of several lines may end up to three
    /// past it), each ending in a newline; at least one line.
    public static func text(lines count: Int, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines = ["sections 4 items=30"]
        var y = 0
        var names = 0
        while lines.count < count {
            switch random.next() % 10 {
            case 0, 1:
                y = (y + 1 + Int(random.next() % 100)) % 400
                lines.append("scroll to 0,\(y)")
            case 2: lines.append("contentsize")
            case 3: lines.append("expect visible count >= 1")
            case 4: lines.append("insert item 1:0; undo")
            case 5: lines.append("# a comment between entries")
            case 6: lines += ["batch", "insert item 2:0", "delete item 2:1", "end"]
            case 7:
                names += 1
                let previous = names > 1 ? ["delete items N\(names - 1)"] : []
                lines += ["snapshot edit", "append items N\(names) to S0"] + previous + ["apply"]
            case 8: lines += ["scroll by 0,10 \\", "steps=2"]
            default: lines.append("attr item 0:0")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of a text that ends in a newline (of `text(lines:seed:)`).
    public static func lineCount(of text: String) -> Int {
        text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
