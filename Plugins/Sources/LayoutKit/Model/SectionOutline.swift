import Foundation

/// One section's items as a tree, as `NSDiffableDataSourceSectionSnapshot`
/// holds them for an outline (iOS 14): items with children, each parent
/// expanded or collapsed. The collection view shows only the visible items,
/// those whose every ancestor is expanded, in depth-first order: the
/// section's items are `visibleItems`, and expanding or collapsing a parent
/// is an apply that inserts or deletes its descendants' cells.
///
/// A plain value, edited by the section snapshot's methods; a refused edit
/// throws `SnapshotEditError` and leaves the outline as it was.
public struct SectionOutline: Equatable, Sendable {
    /// One item, where it stands in the tree.
    public struct Node: Equatable, Sendable {
        public var identifier: String
        /// 0 for a root item, its parent's plus one otherwise.
        public var level: Int
        /// `isExpanded(_:)`. A new item is collapsed, as UIKit's are: its
        /// children show once it is expanded.
        public var isExpanded: Bool
    }

    /// Every item, depth-first: a parent, then its descendants, then its
    /// next sibling.
    public private(set) var nodes: [Node]

    /// Root items only, in order (a section snapshot of a flat section).
    public init(rootItems: [String] = []) {
        nodes = rootItems.map { Node(identifier: $0, level: 0, isExpanded: false) }
    }

    /// `items`: every item, visible or not, depth-first.
    public var items: [String] { nodes.map(\.identifier) }

    /// `visibleItems`: the items whose ancestors are all expanded, in order:
    /// the section's items in the collection view.
    public var visibleItems: [String] {
        var visible: [String] = []
        visible.reserveCapacity(nodes.count)
        // Below a collapsed item, everything deeper is hidden until the tree
        // comes back up to its level.
        var hiddenBelow = Int.max
        for node in nodes {
            if node.level > hiddenBelow { continue }
            hiddenBelow = Int.max
            visible.append(node.identifier)
            if !node.isExpanded { hiddenBelow = node.level }
        }
        return visible
    }

    /// Whether any item has a child: an outline, not a flat list.
    public var hasChildren: Bool { nodes.contains { $0.level > 0 } }

    /// `level(of:)`.
    public func level(of id: String) -> Int? { nodes.first { $0.identifier == id }?.level }

    /// `parent(of:)`.
    public func parent(of id: String) -> String? {
        guard let i = index(of: id), nodes[i].level > 0 else { return nil }
        return nodes[..<i].last { $0.level == nodes[i].level - 1 }?.identifier
    }

    /// `isVisible(_:)`.
    public func isVisible(_ id: String) -> Bool {
        guard var i = index(of: id) else { return false }
        var level = nodes[i].level
        while level > 0 {
            i = nodes[..<i].lastIndex { $0.level == level - 1 }!
            guard nodes[i].isExpanded else { return false }
            level -= 1
        }
        return true
    }

    /// Whether the item has children (a parent the disclosure can open).
    public func hasChildren(_ id: String) -> Bool {
        guard let i = index(of: id), i + 1 < nodes.count else { return false }
        return nodes[i + 1].level > nodes[i].level
    }

    // MARK: Edits, NSDiffableDataSourceSectionSnapshot's methods

    /// `append(_:to:)`: after the parent's last descendant as its last
    /// children, or as the last root items.
    public mutating func append(_ ids: [String], to parent: String?, in section: String) throws {
        try checkNew(ids)
        guard let parent else {
            nodes += ids.map { Node(identifier: $0, level: 0, isExpanded: false) }
            return
        }
        let p = try existing(parent, verb: "append items to", in: section)
        let level = nodes[p].level + 1
        nodes.insert(contentsOf: ids.map { Node(identifier: $0, level: level, isExpanded: false) }, at: subtreeEnd(p))
    }

    /// `insert(_:before:)` and `insert(_:after:)`: siblings of the anchor,
    /// before it or after its last descendant.
    public mutating func insert(_ ids: [String], _ position: DiffableSnapshot.Position, _ anchor: String, in section: String) throws {
        let a = try existing(anchor, verb: "insert relative to", in: section)
        try checkNew(ids)
        let level = nodes[a].level
        let at = position == .before ? a : subtreeEnd(a)
        nodes.insert(contentsOf: ids.map { Node(identifier: $0, level: level, isExpanded: false) }, at: at)
    }

    /// `delete(_:)`: the items and their descendants.
    public mutating func delete(_ ids: [String], in section: String) throws {
        for id in ids {
            let i = try existing(id, verb: "delete", in: section)
            nodes.removeSubrange(i..<subtreeEnd(i))
        }
    }

    /// `deleteAll()`.
    public mutating func deleteAll() { nodes = [] }

    /// `expand(_:)` (`expanding: true`) and `collapse(_:)`. An item without
    /// children keeps the state for the children it may get.
    public mutating func setExpanded(_ ids: [String], _ expanding: Bool, in section: String) throws {
        for id in ids {
            let i = try existing(id, verb: expanding ? "expand" : "collapse", in: section)
            nodes[i].isExpanded = expanding
        }
    }

    // MARK: Helpers

    private func index(of id: String) -> Int? { nodes.firstIndex { $0.identifier == id } }

    /// Just past the last descendant of the item at `i`.
    private func subtreeEnd(_ i: Int) -> Int {
        let level = nodes[i].level
        var end = i + 1
        while end < nodes.count, nodes[end].level > level { end += 1 }
        return end
    }

    private func existing(_ id: String, verb: String, in section: String) throws -> Int {
        guard let i = index(of: id) else {
            throw SnapshotEditError(message: "attempted to \(verb) item identifier that does not exist in the section snapshot of \(section): \(id)", identifier: id)
        }
        return i
    }

    /// A duplicate among `ids` or with the outline, in UIKit's words.
    private func checkNew(_ ids: [String]) throws {
        var seen = Set(nodes.map(\.identifier))
        for id in ids where !seen.insert(id).inserted {
            throw SnapshotEditError.duplicate("item", id)
        }
    }
}
