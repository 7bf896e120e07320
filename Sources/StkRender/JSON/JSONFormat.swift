import Foundation
import LayoutKit

/// The `--json` output of the query commands (docs/language.md, "JSON output"):
/// each function returns one JSON object; the caller prints its `serialized`
/// form as one line. Field names and order are the documented contract.
public enum JSONFormat {
    // MARK: attr

    /// `attr`: `{"category":"supplementaryView","kind":"header","indexPath":[1,0],
    /// "frame":[0,300,390,30],"zIndex":2,"alpha":1,"hidden":false,"pinned":true, ...}`.
    /// `kind` is null for cells. `pinned` (stk's addition) is always present,
    /// `transform3D` (16 numbers, row by row) only for transformed elements, then
    /// the layout's extra fields sorted by name (`"stretchFactor":12`).
    public static func attributes(_ attributes: CollectionViewLayoutAttributes) -> JSONValue {
        self.attributes(AttributesSnapshot(attributes))
    }

    /// The same for attributes taken as values (the fields of
    /// `AttributesSnapshot.fields`, by their JSON names).
    public static func attributes(_ snapshot: AttributesSnapshot) -> JSONValue {
        .object(keyMembers(snapshot.key) + snapshot.jsonFields.map { ($0.name, value($0.value)) })
    }

    /// A field's value: a rect as 4 numbers, a transform as its 16 elements, row by row.
    static func value(_ value: AttributesSnapshot.Value) -> JSONValue {
        switch value {
        case .rect(let r): return rect(r)
        case .integer(let i): return .integer(i)
        case .number(let n): return .num(n)
        case .flag(let b): return .bool(b)
        case .transform(let t): return .array(t.elements.map { .num($0) })
        }
    }

    // MARK: visible

    /// `visible`: `{"elements":[...]}`, attr objects in `ElementKey` order (cells
    /// first, then supplementary views, then decoration views, each by index path).
    public static func visible(_ attributes: [CollectionViewLayoutAttributes]) -> JSONValue {
        .object([("elements", .array(attributes.sorted { $0.key < $1.key }.map(Self.attributes)))])
    }

    // MARK: contentsize

    /// `contentsize`: `{"contentSize":[390,4000]}`.
    public static func contentSize(_ size: CGSize) -> JSONValue {
        .object([("contentSize", self.size(size))])
    }

    // MARK: context

    /// `context`: exactly the documented fields in the documented order:
    /// `{"invalidateEverything":false,"invalidateDataSourceCounts":false,
    /// "items":[[0,3]],"supplementary":{"header":[[1,0]]},"decoration":{},
    /// "contentOffsetAdjustment":[0,0],"contentSizeAdjustment":[0,0],
    /// "invalidateFlowLayoutDelegateMetrics":false,"invalidateFlowLayoutAttributes":false}`.
    /// Kinds are sorted by name; the flow flags are false for a context that is
    /// not a flow context. The context's class and reason are not part of this
    /// contract; trace events carry them (`event(_:)`).
    public static func context(_ snapshot: InvalidationContextSnapshot) -> JSONValue {
        .object([
            ("invalidateEverything", .bool(snapshot.invalidateEverything)),
            ("invalidateDataSourceCounts", .bool(snapshot.invalidateDataSourceCounts)),
            ("items", .array(snapshot.items.map(indexPath))),
            ("supplementary", byKind(snapshot.supplementary)),
            ("decoration", byKind(snapshot.decoration)),
            ("contentOffsetAdjustment", point(snapshot.contentOffsetAdjustment)),
            ("contentSizeAdjustment", size(snapshot.contentSizeAdjustment)),
            ("invalidateFlowLayoutDelegateMetrics", .bool(snapshot.invalidateFlowLayoutDelegateMetrics ?? false)),
            ("invalidateFlowLayoutAttributes", .bool(snapshot.invalidateFlowLayoutAttributes ?? false)),
        ])
    }

    // MARK: options and layouts

    /// `options`: `{"options":[{"name":"pinLimit","type":"lastItem|sectionEnd|nextHeader",
    /// "value":"lastItem","default":"lastItem","allowsAutomatic":false,"help":"..."}]}`.
    /// Values by type: bool a JSON bool, number a number, size `[w,h]`, insets
    /// `[top,left,bottom,right]`, word a string, `auto` the string "auto"; a
    /// missing current value is null.
    public static func options(_ options: [LayoutOption], values: [String: LayoutOptionValue]) -> JSONValue {
        .object([("options", .array(options.map { option in
            .object([
                ("name", .string(option.name)),
                ("type", .string(option.type.description)),
                ("value", values[option.name].map(optionValue) ?? .null),
                ("default", optionValue(option.defaultValue)),
                ("allowsAutomatic", .bool(option.allowsAutomatic)),
                ("help", .string(option.help)),
            ])
        }))])
    }

    public static func optionValue(_ value: LayoutOptionValue) -> JSONValue {
        switch value {
        case .bool(let b): return .bool(b)
        case .number(let n): return .num(n)
        case .size(let s): return size(s)
        case .insets(let i): return .array([.num(i.top), .num(i.left), .num(i.bottom), .num(i.right)])
        case .point(let p): return .array([.num(p.x), .num(p.y)])
        case .word(let w): return .string(w)
        case .automatic: return .string("auto")
        }
    }

    /// `layouts`: `{"layouts":[{"name":"flow-sticky","origin":"built-in","summary":"..."}]}`.
    public static func layouts(_ entries: [LayoutRegistry.Entry]) -> JSONValue {
        layouts(entries.map { (name: $0.descriptor.name, origin: $0.origin, summary: $0.descriptor.summary) })
    }

    public static func layouts(_ rows: [(name: String, origin: String, summary: String)]) -> JSONValue {
        .object([("layouts", .array(rows.map {
            .object([("name", .string($0.name)), ("origin", .string($0.origin)), ("summary", .string($0.summary))])
        }))])
    }

    // MARK: render

    /// `render` in JSON mode: the data the drawing shows, not the drawing:
    /// `{"bounds":[0,300,390,844],"contentSize":[390,4000],"elements":[attr objects]}`.
    public static func viewport(attributes: [CollectionViewLayoutAttributes], bounds: CGRect, contentSize: CGSize) -> JSONValue {
        .object([
            ("bounds", rect(bounds)),
            ("contentSize", size(contentSize)),
            ("elements", .array(attributes.sorted { $0.key < $1.key }.map(Self.attributes))),
        ])
    }

    // MARK: Pieces

    /// `"category"`, `"kind"` (null for cells) and `"indexPath"`: how every
    /// object names an element.
    static func keyMembers(_ key: ElementKey) -> [(key: String, value: JSONValue)] {
        [
            ("category", .string(key.category.description)),
            ("kind", key.kind.map(JSONValue.string) ?? .null),
            ("indexPath", indexPath(key.indexPath)),
        ]
    }

    static func indexPath(_ path: IndexPath) -> JSONValue { .array(path.map { .integer($0) }) }
    static func rect(_ r: CGRect) -> JSONValue { .array([.num(r.origin.x), .num(r.origin.y), .num(r.size.width), .num(r.size.height)]) }
    static func size(_ s: CGSize) -> JSONValue { .array([.num(s.width), .num(s.height)]) }
    static func point(_ p: CGPoint) -> JSONValue { .array([.num(p.x), .num(p.y)]) }

    static func byKind(_ byKind: [String: [IndexPath]]) -> JSONValue {
        .object(byKind.keys.sorted().map { ($0, .array((byKind[$0] ?? []).map(indexPath))) })
    }
}
