import Foundation

/// A list that only grows at its end, stored as a chain of immutable nodes:
/// copies share every node, so appending to one is O(1) and copies nothing,
/// however long the list and however many copies (undo states) hold it.
/// An array held by every undo state was copied whole at the next append,
/// and released whole when its state was dropped: each command then cost
/// the length of the list.
struct SharedList<Element> {
    /// One element and the list before it. Its release unlinks the chain
    /// iteratively (a recursive release of a million nodes would overflow
    /// the stack), stopping at a node another list still holds.
    private final class Node {
        let element: Element
        var previous: Node?

        init(_ element: Element, previous: Node?) {
            self.element = element
            self.previous = previous
        }

        deinit {
            var next = previous
            previous = nil
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

    mutating func append(_ element: Element) {
        last = Node(element, previous: last)
        count += 1
    }

    /// The elements, oldest first.
    var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        var node = last
        while let current = node {
            result.append(current.element)
            node = current.previous
        }
        result.reverse()
        return result
    }
}

extension SharedList: Equatable where Element: Equatable {
    static func == (a: SharedList, b: SharedList) -> Bool {
        a.count == b.count && (a.last === b.last || a.elements == b.elements)
    }
}
