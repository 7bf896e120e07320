import Foundation

/// One element's attributes as plain values, taken once: what stk shows,
/// records and compares of an element, whichever class of attributes the
/// layout used. Layout passes reuse and mutate attribute objects (a layout
/// that caches them moves them in place); a snapshot never changes after it
/// is taken.
///
/// Every field stk knows is listed once, in `AttributesSnapshot.fields`: the
/// order, name and kind of value of each. `attr`'s text, the JSON output,
/// trace's change lines, `expect`, verify's comparisons and the pictures all
/// read that table, so a field added there is shown, exported, compared and
/// testable everywhere.
public struct AttributesSnapshot: Equatable, Sendable, CustomStringConvertible {
    public var key: ElementKey
    public var frame: CGRect
    public var zIndex: Int
    public var alpha: CGFloat
    public var isHidden: Bool
    /// stk's addition: the element sits away from its natural position
    /// because it is pinned or sticky.
    public var isPinned: Bool
    /// UIKit's `transform3D` (the identity for most elements).
    public var transform3D: CATransform3D {
        get { storedTransform?.value ?? .identity }
        set { storedTransform = newValue == .identity ? nil : .init(newValue) }
    }
    // Out of line and shared with the attributes it was read from: 128 bytes
    // inline made every snapshot twice the size, in every frame a film keeps.
    var storedTransform: CollectionViewLayoutAttributes.TransformStorage?
    /// The fields a subclass of the attributes adds (`stretchFactor`), by name.
    public var extraFields: [String: Double]

    public init(key: ElementKey, frame: CGRect, zIndex: Int = 0, alpha: CGFloat = 1, isHidden: Bool = false,
                isPinned: Bool = false, transform: CATransform3D? = nil, extraFields: [String: Double] = [:]) {
        self.key = key
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.isHidden = isHidden
        self.isPinned = isPinned
        self.storedTransform = transform.flatMap { $0 == .identity ? nil : .init($0) }
        self.extraFields = extraFields
    }

    /// The values of `attributes` now; `pinned` overrides `isPinned` (stk
    /// derives pinning from motion for layouts written for iOS). Without
    /// `includingExtraFields`, a subclass's own fields are not read (they are
    /// read by reflection, which a comparison of displayed fields on every
    /// operation need not pay for).
    public init(_ attributes: CollectionViewLayoutAttributes, pinned: Bool? = nil, includingExtraFields: Bool = true) {
        if type(of: attributes) == CollectionViewLayoutAttributes.self {
            self.init(storedValuesOf: attributes, pinned: pinned)
        } else {
            self.init(gettersOf: attributes, pinned: pinned, includingExtraFields: includingExtraFields)
        }
    }

    /// Through the getters, which a subclass may override.
    private init(gettersOf attributes: CollectionViewLayoutAttributes, pinned: Bool?, includingExtraFields: Bool) {
        // Each field set once (an init delegated to copied the whole value).
        key = attributes.key
        frame = attributes.frame
        zIndex = attributes.zIndex
        alpha = attributes.alpha
        isHidden = attributes.isHidden
        isPinned = pinned ?? attributes.isPinned
        storedTransform = attributes.transformForSnapshot
        extraFields = includingExtraFields ? attributes.extraFields : [:]
    }

    /// Every field equal (the transform by value, wherever it is kept).
    public static func == (a: AttributesSnapshot, b: AttributesSnapshot) -> Bool {
        a.key == b.key && a.frame == b.frame && a.zIndex == b.zIndex && a.alpha == b.alpha && a.isHidden == b.isHidden
            && a.isPinned == b.isPinned && a.transform3D == b.transform3D && a.extraFields == b.extraFields
    }

    // The names attribute objects answer to, so that code written against
    // them reads a snapshot unchanged.
    public var indexPath: IndexPath { key.indexPath }
    public var representedElementCategory: ElementCategory { key.category }
    public var representedElementKind: String? { key.kind }
    public var size: CGSize { frame.size }
    public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    /// UIKit's `transform`: the affine part of `transform3D`.
    public var transform: CGAffineTransform { transform3D.affine }
    public var hasTransform: Bool { storedTransform != nil }

    /// `header 1 frame=0,300,390,30 zIndex=2 alpha=1 hidden=false pinned`:
    /// the element's name, then `fieldsText`.
    public var description: String { "\(key) \(fieldsText)" }

    /// Each field shown, as `attr` prints it, space-separated:
    /// `frame=0,300,390,30 zIndex=2 alpha=1 hidden=false pinned stretchFactor=12`.
    public var fieldsText: String {
        shownFields.map { $0.text }.joined(separator: " ")
    }

    // MARK: The fields

    /// A field's value.
    public enum Value: Equatable, Sendable {
        case rect(CGRect)
        case integer(Int)
        case number(Double)
        case flag(Bool)
        // Indirect: inline, its 128 bytes would be the size of every value
        // (a frame is 32), copied with each one as fields are read and compared.
        indirect case transform(CATransform3D)

        /// As stk prints it after `name=` (a transform prints its own name).
        public var text: String {
            switch self {
            case .rect(let r): return r.stk
            case .integer(let i): return "\(i)"
            case .number(let n): return n.stk
            case .flag(let b): return "\(b)"
            case .transform(let t): return t.stk
            }
        }

        /// Equal within `tolerance` for numbers and rects (layouts compute
        /// in floating point), exactly otherwise. A number that is not
        /// finite matches itself (infinity, and NaN, which equals nothing):
        /// inf - inf is NaN, which no tolerance admits.
        public func matches(_ other: Value, tolerance: Double) -> Bool {
            func near(_ x: Double, _ y: Double) -> Bool { x == y || (x.isNaN && y.isNaN) || abs(x - y) <= tolerance }
            switch (self, other) {
            case let (.rect(a), .rect(b)):
                return near(Double(a.minX), Double(b.minX)) && near(Double(a.minY), Double(b.minY))
                    && near(Double(a.width), Double(b.width)) && near(Double(a.height), Double(b.height))
            case let (.number(a), .number(b)): return near(a, b)
            case let (.transform(a), .transform(b)):
                // Most elements of both answers have none (the identity):
                // equal at once, without building the list below.
                if a == b { return true }
                // Translations in points, as frames; the other entries (scales,
                // rotations) are near 1, and a thousandth of those is visible.
                let fine = tolerance / 1000
                func close(_ x: CGFloat, _ y: CGFloat, _ limit: Double) -> Bool { x == y || abs(Double(x - y)) <= limit }
                let linear: [(CGFloat, CGFloat)] = [(a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14),
                                                    (a.m21, b.m21), (a.m22, b.m22), (a.m23, b.m23), (a.m24, b.m24),
                                                    (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34), (a.m44, b.m44)]
                return linear.allSatisfy { close($0.0, $0.1, fine) }
                    && close(a.m41, b.m41, tolerance) && close(a.m42, b.m42, tolerance) && close(a.m43, b.m43, tolerance)
            default: return self == other
            }
        }
    }

    /// When a field is listed.
    public enum Presence: Sendable {
        /// Always.
        case always
        /// Only when it is not the default (`pinned` when true, a transform
        /// other than the identity): layouts that never set it print as
        /// they always did.
        case whenSet
    }

    /// One field stk knows.
    public struct Field: Sendable {
        /// Its name in `attr`, JSON, trace and `expect` (`zIndex`).
        public let name: String
        /// Its name in the JSON output, when it differs (`transform3D`).
        public let jsonName: String
        /// When `attr` and trace list it.
        public let inText: Presence
        /// When the JSON output lists it.
        public let inJSON: Presence
        /// Whether verify compares it between a live answer and a fresh one
        /// (what UIKit displays of an element that an invalidation must redo).
        public let isComparedByVerify: Bool
        /// What an unset field compares as (the identity transform).
        public let unsetValue: Value?
        /// Its value, nil when not set (a transform that is the identity).
        public let read: @Sendable (AttributesSnapshot) -> Value?

        init(name: String, jsonName: String? = nil, inText: Presence = .always, inJSON: Presence = .always,
             isComparedByVerify: Bool, unsetValue: Value? = nil, read: @escaping @Sendable (AttributesSnapshot) -> Value?) {
            self.name = name
            self.jsonName = jsonName ?? name
            self.inText = inText
            self.inJSON = inJSON
            self.isComparedByVerify = isComparedByVerify
            self.unsetValue = unsetValue
            self.read = read
        }

        /// Its value, or the value an unset field stands for.
        func comparableValue(of snapshot: AttributesSnapshot) -> Value? { read(snapshot) ?? unsetValue }
    }

    /// Every field stk knows, in the order it lists them; the layout's own
    /// fields (`extraFields`) follow, sorted by name.
    public static let fields: [Field] = [
        Field(name: "frame", isComparedByVerify: true) { .rect($0.frame) },
        Field(name: "zIndex", isComparedByVerify: true) { .integer($0.zIndex) },
        Field(name: "alpha", isComparedByVerify: true) { .number(Double($0.alpha)) },
        Field(name: "hidden", isComparedByVerify: true) { .flag($0.isHidden) },
        // stk's own mark; JSON always says it, text only when true.
        Field(name: "pinned", inText: .whenSet, isComparedByVerify: false) { .flag($0.isPinned) },
        // Only when set, so the output of layouts without transforms is as it
        // always was. Compared: a carousel's scale is what the cell shows.
        Field(name: "transform", jsonName: "transform3D", inText: .whenSet, inJSON: .whenSet, isComparedByVerify: true,
              unsetValue: .transform(.identity)) { $0.hasTransform ? .transform($0.transform3D) : nil },
    ]

    /// A field with its value, as listed.
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let value: Value
        /// A flag listed only when true, printed as its bare name (`pinned`).
        let isBare: Bool

        /// `zIndex=2`, `pinned`, `transform=0,1,-1,0,5,0`, `stretchFactor=12`.
        public var text: String {
            if isBare { return name }
            if case .transform(let t) = value { return t.stk }
            return "\(name)=\(value.text)"
        }
    }

    /// The fields `attr` and trace list, in order: the table's, then the layout's own.
    public var shownFields: [Entry] {
        listed(by: \.inText).map { field, value in
            Entry(name: field.name, value: value, isBare: field.inText == .whenSet && value == .flag(true))
        } + sortedExtraFields.map { Entry(name: $0.name, value: $0.value, isBare: false) }
    }

    /// The fields the JSON output lists, by their JSON names, in order.
    public var jsonFields: [(name: String, value: Value)] {
        listed(by: \.inJSON).map { ($0.field.jsonName, $0.value) } + sortedExtraFields
    }

    /// The table's fields with their values, in order, as `presence` lists
    /// them: a field not set is never listed, a `.whenSet` flag only when true.
    private func listed(by presence: KeyPath<Field, Presence>) -> [(field: Field, value: Value)] {
        Self.fields.compactMap { field in
            guard let value = field.read(self) else { return nil }
            if field[keyPath: presence] == .whenSet, value == .flag(false) { return nil }
            return (field, value)
        }
    }

    /// The layout's own fields, sorted by name.
    private var sortedExtraFields: [(name: String, value: Value)] {
        extraFields.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) }
    }

    /// The value of the field named `name` (a table field or the layout's
    /// own), nil when the element has no such field or it is not set (an
    /// element without a transform).
    public func value(named name: String) -> Value? {
        if let field = Self.fields.first(where: { $0.name == name }) { return field.read(self) }
        return extraFields[name].map(Value.number)
    }

    /// The names `value(named:)` answers to for this element, in listing
    /// order: the table's fields that are set, then the layout's own.
    public var fieldNames: [String] {
        Self.fields.filter { $0.read(self) != nil }.map(\.name) + extraFields.keys.sorted()
    }

    /// Every field whose value differs between `old` and `new`, in listing
    /// order, with the value before and after (nil where a layout's own field
    /// is missing on one side). `frame` included; an unset transform reads as
    /// the identity.
    public static func differences(from old: AttributesSnapshot, to new: AttributesSnapshot)
        -> [(name: String, old: Value?, new: Value?)] {
        var result: [(name: String, old: Value?, new: Value?)] = []
        for field in fields {
            let a = field.comparableValue(of: old), b = field.comparableValue(of: new)
            if a != b { result.append((field.name, a, b)) }
        }
        for name in Set(old.extraFields.keys).union(new.extraFields.keys).sorted() where old.extraFields[name] != new.extraFields[name] {
            result.append((name, old.extraFields[name].map(Value.number), new.extraFields[name].map(Value.number)))
        }
        return result
    }

    /// Equal, within `tolerance`, in every field verify compares.
    public func matchesInComparedFields(_ other: AttributesSnapshot, tolerance: Double) -> Bool {
        // verify compares every element of every answer it asks for: one
        // value of each side at a time, through the compared fields' readers
        // alone (a copy of a whole field is a copy of its names too, retained
        // and released). Two snapshots equal in every field match in the
        // compared ones: the usual case, settled without the readers.
        if self == other { return true }
        for (read, unset) in Self.verifyComparedReaders {
            guard let a = read(self) ?? unset else {
                if (read(other) ?? unset) != nil { return false }
                continue
            }
            guard let b = read(other) ?? unset, a.matches(b, tolerance: tolerance) else { return false }
        }
        return true
    }

    /// The reader and unset value of each field verify compares, in the table's order.
    private static let verifyComparedReaders = fields.filter(\.isComparedByVerify).map { ($0.read, $0.unsetValue) }

    /// The fields verify compares, as `attr` prints them:
    /// `frame=0,300,390,30 zIndex=2 alpha=1 hidden=false`, then a transform when set.
    public var comparedFieldsText: String {
        Self.fields.filter(\.isComparedByVerify).compactMap { field in
            field.read(self).map { Entry(name: field.name, value: $0, isBare: false).text }
        }.joined(separator: " ")
    }
}
