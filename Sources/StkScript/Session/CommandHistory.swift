import Foundation

/// The replayable commands of a session (what `save` writes), as a persistent
/// list: every undo state holds the history of its time, and they all share
/// one chain of commands. Appending is O(1) and copies nothing, whatever the
/// length, so a script of a million commands stays linear; an array copied
/// into each of 200 undo states made every command cost the whole history.
struct CommandHistory: Equatable {
    /// One command and the history before it. Immutable once linked, except
    /// that its release unlinks the chain iteratively (a recursive release of
    /// a million nodes would overflow the stack).
    private final class Node {
        let command: String
        var previous: Node?

        init(_ command: String, previous: Node?) {
            self.command = command
            self.previous = previous
        }

        deinit {
            var next = previous
            previous = nil
            // Each node no one else holds is unlinked before it goes, so its
            // release does not recurse; a shared one stops the walk.
            while next != nil, isKnownUniquelyReferenced(&next!) {
                let following = next!.previous
                next!.previous = nil
                next = following
            }
        }
    }

    private var last: Node?
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ command: String) {
        last = Node(command, previous: last)
        count += 1
    }

    /// The commands, oldest first.
    var commands: [String] {
        var result = [String](repeating: "", count: count)
        var node = last
        var index = count
        while let current = node {
            index -= 1
            result[index] = current.command
            node = current.previous
        }
        return result
    }

    static func == (a: CommandHistory, b: CommandHistory) -> Bool {
        a.count == b.count && (a.last === b.last || a.commands == b.commands)
    }
}
