import Foundation

/// The replayable commands of a session (what `save` writes), as a persistent
/// list (`SharedList`): every undo state holds the history of its time, and they all share
/// one chain of commands. Appending is O(1) and copies nothing, whatever the
/// length, so a script of a million commands stays linear; an array copied
/// into each of 200 undo states made every command cost the whole history.
struct CommandHistory: Equatable {
    private var list = SharedList<String>()

    var count: Int { list.count }
    var isEmpty: Bool { list.isEmpty }

    mutating func append(_ command: String) {
        list.append(command)
    }

    /// The commands, oldest first.
    var commands: [String] { list.elements }
}
