import Foundation
import LayoutKit

/// The plain-text output of the query commands. These lines are what golden
/// transcripts hold, so they are compact and stable: one fact per line where
/// possible, `name=value` fields, every number in stk's `.stk` form, elements
/// named as users type them (`ElementKey.description`: `item 0:3`, `header 1`).
///
/// Every function returns its lines joined by `\n`, without a trailing newline
/// and without trailing spaces.
public enum TextFormat {
    // MARK: attr

    /// `attr`: one line, the element's name then its fields:
    /// `header 1 frame=0,300,390,30 zIndex=2 alpha=1 hidden=false pinned stretchFactor=12`.
    /// `pinned` appears only for pinned elements, `transform=` (or `transform3D=`)
    /// only for transformed ones; a layout's extra fields follow,
    /// sorted by name.
    public static func attributes(_ attributes: CollectionViewLayoutAttributes) -> String {
        AttributesSnapshot(attributes).description
    }

    /// The fields of `attributes(_:)` without the element's name
    /// (`frame=0,300,390,30 zIndex=2 alpha=1 hidden=false pinned`), for lines that
    /// name the element otherwise.
    public static func attributeFields(_ attributes: CollectionViewLayoutAttributes) -> String {
        AttributesSnapshot(attributes).fieldsText
    }

    // MARK: visible

    /// `visible`: one `attr` line per element in `ElementKey` order (cells, then
    /// supplementary views, then decoration views, each by index path), then a
    /// count line: `24 elements` (`1 element`, `0 elements`).
    public static func visible(_ attributes: [CollectionViewLayoutAttributes]) -> String {
        let lines = attributes.sorted { $0.key < $1.key }.map { Self.attributes($0) }
        return (lines + [count(attributes.count, "element")]).joined(separator: "\n")
    }

    // MARK: contentsize

    /// `contentsize`: `390x4000`.
    public static func contentSize(_ size: CGSize) -> String { size.stk }

    // MARK: Helpers

    /// `1 element`, `3 elements`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Index paths as `S:I`, comma-separated, without spaces (`0:3,0:4`).
    static func indexPathList(_ paths: [IndexPath]) -> String { paths.map(\.stk).joined(separator: ",") }
}
