import Foundation

/// One section of the collection view's data: its item count and the sizes that
/// override the layout's defaults (the flow delegate's answers).
///
/// Each section has a stable `identity` (kept across moves) and a `revision`
/// that changes whenever anything about the section changes, so a layout can
/// keep per-section geometry and recompute only sections whose revision moved.
public struct SectionData: Equatable, Sendable {
    public internal(set) var itemCount: Int
    public internal(set) var identity: Int
    public internal(set) var revision: Int
    /// What most sections lack (sizes per item, preferred and measured
    /// sizes), out of line and shared until changed: a section without any is
    /// a few words with nothing to retain, so copying a million sections (a
    /// batch update, an undo state) is copying memory, and each costs about
    /// half of what the four fields inline would.
    private var extras: Extras?
    public internal(set) var headerSize: CGSize?
    public internal(set) var footerSize: CGSize?

    /// Per-item overrides, sparse and sorted by item: a section of a billion
    /// items with one override stores one entry. Empty when the section is
    /// uniform; an item without an entry takes the layout's default.
    public internal(set) var itemSizes: SparseSizes {
        get { extras?.values.itemSizes ?? SparseSizes() }
        set { updateExtras { $0.itemSizes = newValue } }
    }
    /// Self-sizing: the size each cell's content wants, as its
    /// `preferredLayoutAttributesFitting(_:)` would answer (`prefer item`).
    /// Sparse: a section of a million items stores only what was declared.
    /// Not layout input: the layout learns a size only when the cell is
    /// displayed and measured, so changing it does not change the revision.
    public internal(set) var preferredSizes: SparseSizes {
        get { extras?.values.preferredSizes ?? SparseSizes() }
        set { updateExtras { $0.preferredSizes = newValue } }
    }
    /// What every cell of the section without its own entry wants (`prefer section`).
    public internal(set) var sectionPreferredSize: CGSize? {
        get { extras?.values.sectionPreferredSize }
        set { updateExtras { $0.sectionPreferredSize = newValue } }
    }
    /// Self-sizing: the preferred sizes the layout accepted when the cells
    /// were displayed (`shouldInvalidateLayout(forPreferredLayoutAttributes:)`
    /// answered true). The collection view keeps the record so that a batch
    /// update carries it to the items' new index paths and a fresh layout can
    /// be told the same measurements; the built-in flow layout reads it as its
    /// own measured sizes. Layout input: a change bumps the revision.
    public internal(set) var measuredSizes: MeasuredSizes {
        get { extras?.values.measuredSizes ?? MeasuredSizes() }
        set { updateExtras { $0.measuredSizes = newValue } }
    }

    /// Self-sizing of the section's headers and footers: the size each one's
    /// content wants, by element kind (`prefer header`). Not layout input,
    /// as the cells' are not.
    public internal(set) var preferredSupplementarySizes: [String: CGSize] {
        get { extras?.values.preferredSupplementarySizes ?? [:] }
        set { updateExtras { $0.preferredSupplementarySizes = newValue } }
    }
    /// The preferred sizes of its headers and footers the layout accepted,
    /// by element kind. Layout input: a change bumps the revision.
    public internal(set) var measuredSupplementarySizes: [String: CGSize] {
        get { extras?.values.measuredSupplementarySizes ?? [:] }
        set { updateExtras { $0.measuredSupplementarySizes = newValue } }
    }

    /// The fields kept out of line; all empty is stored as no box at all.
    struct ExtraValues: Equatable, Sendable {
        var itemSizes = SparseSizes()
        var preferredSizes = SparseSizes()
        var sectionPreferredSize: CGSize?
        var measuredSizes = MeasuredSizes()
        var preferredSupplementarySizes: [String: CGSize] = [:]
        var measuredSupplementarySizes: [String: CGSize] = [:]
        var isEmpty: Bool {
            itemSizes.isEmpty && preferredSizes.isEmpty && sectionPreferredSize == nil && measuredSizes.isEmpty
                && preferredSupplementarySizes.isEmpty && measuredSupplementarySizes.isEmpty
        }
    }

    final class Extras: @unchecked Sendable {
        var values: ExtraValues
        init(_ values: ExtraValues) { self.values = values }
    }

    /// Changes the out-of-line fields: in place when this section is the
    /// only one holding them, else on a copy (copy on write).
    private mutating func updateExtras(_ change: (inout ExtraValues) -> Void) {
        // Asked of the stored reference itself: a copy bound first (`if let
        // box = extras`) would be a second reference, and the box would never
        // look unique.
        if isKnownUniquelyReferenced(&extras) {
            change(&extras!.values)
            if extras!.values.isEmpty { extras = nil }
            return
        }
        var values = extras?.values ?? ExtraValues()
        change(&values)
        extras = values.isEmpty ? nil : Extras(values)
    }

    public static func == (a: SectionData, b: SectionData) -> Bool {
        guard a.itemCount == b.itemCount, a.identity == b.identity, a.revision == b.revision,
              a.headerSize == b.headerSize, a.footerSize == b.footerSize else { return false }
        switch (a.extras, b.extras) {
        case (nil, nil): return true
        case let (x?, y?): return x === y || x.values == y.values
        default: return false  // a box is never empty
        }
    }

    init(itemCount: Int, itemSizes: SparseSizes = SparseSizes(), headerSize: CGSize?, footerSize: CGSize?, identity: Int, revision: Int) {
        self.itemCount = itemCount
        self.headerSize = headerSize
        self.footerSize = footerSize
        self.identity = identity
        self.revision = revision
        if !itemSizes.isEmpty { self.itemSizes = itemSizes }
    }

    /// What older callers used for "no override" in a dense list of sizes;
    /// `itemSizes` is sparse now and never holds it.
    public static let noOverride = CGSize(width: -1, height: -1)

    /// Whether every item uses the layout's default size (the arithmetic fast path).
    public var isUniform: Bool { extras?.values.itemSizes.isEmpty ?? true }

    /// How many times a layout has asked for the size `size item`,
    /// `size header` or `size footer` gives (through the flow delegate, or
    /// directly): `size` tells a user whose layout never asks (a
    /// compositional one) that it changed nothing. One count for the
    /// process: stk runs one session a process, and a count another
    /// thread's layout adds only keeps the note from being shown.
    public nonisolated(unsafe) static var sizesAsked = 0

    /// The override for one item, if any.
    public func itemSizeOverride(at item: Int) -> CGSize? {
        Self.sizesAsked &+= 1
        return itemSizes.isEmpty ? nil : itemSizes[item]
    }

    /// The size one cell's content wants, if any was declared.
    public func preferredSize(at item: Int) -> CGSize? {
        preferredSizes[item] ?? sectionPreferredSize
    }

    // One item's entry of a per-item table, changed in place: through the
    // table's getter and setter (`itemSizes[item] = size`), the whole table
    // would be copied for every entry changed, and a batch or a script that
    // changes many entries would take time in their number times the table's.

    /// Writes a size the layout took to the record, as one change of the section.
    mutating func recordMeasurement(_ size: CGSize, at item: Int, revision: Int) {
        updateExtras { $0.measuredSizes[item] = size }
        self.revision = revision
    }

    /// Writes a header's or footer's size the layout took to the record.
    mutating func recordSupplementaryMeasurement(_ size: CGSize, ofKind kind: String, revision: Int) {
        updateExtras { $0.measuredSupplementarySizes[kind] = size }
        self.revision = revision
    }

    /// Sets (nil: clears) the size a header's or footer's content wants.
    mutating func setPreferredSupplementarySize(_ size: CGSize?, ofKind kind: String) {
        updateExtras { $0.preferredSupplementarySizes[kind] = size }
    }

    /// Sets (nil: clears) one item's size override.
    mutating func setItemSize(_ size: CGSize?, at item: Int) {
        updateExtras { $0.itemSizes[item] = size }
    }

    /// Sets (nil: clears) the size one cell's content wants.
    mutating func setPreferredSize(_ size: CGSize?, at item: Int) {
        updateExtras { $0.preferredSizes[item] = size }
    }

    /// Whether the section has nothing but counts, sizes of its header and
    /// footer, identity and revision: no per-item sizes, preferred or measured.
    public var isPlain: Bool { extras == nil }

    /// The same section under another identity and revision: a host that
    /// stores a run of sections differing only in those (stk's undo states,
    /// over the sections `reloadData` numbers one by one) as one section and
    /// a count gives each back with this.
    public func renumbered(identity: Int, revision: Int) -> SectionData {
        var copy = self
        copy.identity = identity
        copy.revision = revision
        return copy
    }

    /// Whether any cell, header or footer of the section declares a preferred size.
    public var hasPreferredSizes: Bool {
        guard let values = extras?.values else { return false }
        return values.sectionPreferredSize != nil || !values.preferredSizes.isEmpty || !values.preferredSupplementarySizes.isEmpty
    }
}
