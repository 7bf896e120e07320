import Foundation

/// One section of the collection view's data: its item count and the sizes that
/// override the layout's defaults (the flow delegate's answers).
///
/// Each section has a stable `identity` (kept across moves) and a `revision`
/// that changes whenever anything about the section changes, so a layout can
/// keep per-section geometry and recompute only sections whose revision moved.
public struct SectionData: Equatable, Sendable {
    public internal(set) var itemCount: Int
    /// Dense per-item overrides, or nil when the section is uniform. An entry
    /// equal to `SectionData.noOverride` means "the layout's default".
    public internal(set) var itemSizes: [CGSize]?
    public internal(set) var headerSize: CGSize?
    public internal(set) var footerSize: CGSize?
    public internal(set) var identity: Int
    public internal(set) var revision: Int

    /// The marker for "no override" inside `itemSizes`.
    public static let noOverride = CGSize(width: -1, height: -1)

    /// Whether every item uses the layout's default size (the arithmetic fast path).
    public var isUniform: Bool { itemSizes == nil }

    /// The override for one item, if any.
    public func itemSizeOverride(at item: Int) -> CGSize? {
        guard let sizes = itemSizes else { return nil }
        let s = sizes[item]
        return s == SectionData.noOverride ? nil : s
    }
}
