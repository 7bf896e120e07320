import Foundation

/// UIKit's `UICollectionViewDiffableDataSource`, as a layout reads it: a
/// section provider that asks `dataSource.sectionIdentifier(for:)` or
/// `dataSource.snapshot().sectionIdentifiers[sectionIndex]` which kind of
/// section it lays out.
///
/// The data is stk's, not the app's: the app's identifiers live in code stk
/// does not run (`applySnapshot()`), so this data source answers with stk's
/// identifiers (`snapshot` shows them), as values of the app's types
/// (`StkIdentifier`): stk's numbered `S2` is the third case of a
/// `CaseIterable` section type, the way apps append `Section.allCases`, and
/// `I7` the `Int` 7, the way Apple's samples append `Array(0..<n)`; a name
/// written in `snapshot edit` is the case of that name. They follow the data
/// as identifiers do: once section `S0` is deleted, section 0 is `S1`, the
/// second case. Identifiers of a type stk cannot make (a struct, a `UUID`)
/// are nil where UIKit's answer is optional, and a trap that says so where
/// it is not.
///
/// A view controller that declares one gets one made by stk, bound to the
/// collection view its layout is shown in (the source adapter does this);
/// `cellProvider` is kept and never called, since stk makes no cells.
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: CollectionViewDataSource {
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> CollectionReusableView?

    private weak var collectionView: CollectionView?
    public let cellProvider: CellProvider
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// As in UIKit, the data source becomes the collection view's.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
        collectionView.readsIdentifiers = true
        collectionView.sectionIdentifierCases = StkIdentifier.caseCount(of: SectionIdentifierType.self)
    }

    /// The one stk makes for a view controller's `dataSource` property.
    public convenience init(stkShowing collectionView: CollectionView) {
        self.init(collectionView: collectionView) { _, _, _ in nil }
    }

    /// The collection view's data now.
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        DiffableDataSourceSnapshot(stkData)
    }

    /// iOS 15: the identifier of the section at `index`, nil past the last
    /// section or when stk cannot make one of this type.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        let data = stkData
        guard index >= 0, index < data.counts.count else { return nil }
        return StkIdentifier.make(SectionIdentifierType.self, from: data.sectionName(at: index), of: .section)
    }

    /// iOS 15: the index of the section with this identifier.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        snapshot().indexOfSectionIdentifier(sectionIdentifier)
    }

    /// The identifier of the item at `indexPath`, nil outside the data or
    /// when stk cannot make one of this type.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        let data = stkData
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < data.counts.count,
              indexPath.item >= 0, indexPath.item < data.counts[indexPath.section] else { return nil }
        return StkIdentifier.make(ItemIdentifierType.self, from: data.itemName(section: indexPath.section, item: indexPath.item), of: .item)
    }

    /// The index path of the item with this identifier.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        snapshot().indexPath(of: itemIdentifier)
    }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView.numberOfItems(inSection: section)
    }

    public func numberOfSections(in collectionView: CollectionView) -> Int { collectionView.numberOfSections }

    /// The data of the collection view it is bound to (none once that is gone).
    private var stkData: StkData {
        guard let collectionView else { return StkData(counts: [], identifiers: nil) }
        let counts = collectionView.itemCounts
        return StkData(counts: counts, identifiers: collectionView.diffableIdentifiers(itemCounts: counts))
    }
}

/// stk's data as a data source reads it: the counts, and the identifiers
/// when the host keeps them (else stk's numbering: `S0`, `S1`... and `I0`,
/// `I1`... in order).
struct StkData {
    let counts: [Int]
    let identifiers: DiffableSnapshot?

    func sectionName(at index: Int) -> DiffableSnapshot.Name {
        identifiers?.sectionName(at: index) ?? .numbered(index)
    }

    func itemName(section: Int, item: Int) -> DiffableSnapshot.Name {
        identifiers?.itemName(section: section, item: item) ?? .numbered(counts[..<section].reduce(0, +) + item)
    }
}

/// UIKit's `NSDiffableDataSourceSnapshot`: the sections and items of a
/// collection view's data, by identifier.
///
/// One taken from stk's data source holds stk's data and makes each
/// identifier when it is read (a million items cost nothing until their
/// identifiers are asked for); one built in code (`appendSections`,
/// `appendItems`) holds what was appended.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// Taken from stk's data: identifiers made when read.
    private var stk: StkData?
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []

    public init() {}

    init(_ data: StkData) {
        stk = data
    }

    public var numberOfSections: Int { stk?.counts.count ?? sections.count }

    public var numberOfItems: Int { stk?.counts.reduce(0, +) ?? items.reduce(0) { $0 + $1.count } }

    public var sectionIdentifiers: [SectionIdentifierType] {
        guard let stk else { return sections }
        return stk.counts.indices.map { StkIdentifier.required(SectionIdentifierType.self, from: stk.sectionName(at: $0), of: .section) }
    }

    public var itemIdentifiers: [ItemIdentifierType] {
        guard let stk else { return items.flatMap { $0 } }
        return stk.counts.indices.flatMap { itemIdentifiers(ofSection: $0, in: stk) }
    }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        let index = requiredIndex(of: identifier)
        return stk?.counts[index] ?? items[index].count
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        let index = requiredIndex(of: identifier)
        guard let stk else { return items[index] }
        return itemIdentifiers(ofSection: index, in: stk)
    }

    public func indexOfSectionIdentifier(_ identifier: SectionIdentifierType) -> Int? {
        guard let stk else { return sections.firstIndex(of: identifier) }
        return stk.counts.indices.first { StkIdentifier.make(SectionIdentifierType.self, from: stk.sectionName(at: $0), of: .section) == identifier }
    }

    public func indexOfItemIdentifier(_ identifier: ItemIdentifierType) -> Int? {
        guard let path = indexPath(of: identifier) else { return nil }
        let counts = stk?.counts ?? items.map(\.count)
        return counts[..<path.section].reduce(0, +) + path.item
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        guard let section = indexPath(of: identifier)?.section else { return nil }
        return sectionIdentifiers[section]
    }

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        materialize()
        sections += identifiers
        items += identifiers.map { _ in [] }
    }

    /// To the last section when `identifier` is nil, as in UIKit.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection identifier: SectionIdentifierType? = nil) {
        materialize()
        guard let index = identifier.map(requiredIndex(of:)) ?? (sections.isEmpty ? nil : sections.count - 1) else {
            fatalError("NSDiffableDataSourceSnapshot: there are no sections to append items to")
        }
        items[index] += identifiers
    }

    public mutating func deleteAllItems() {
        self = DiffableDataSourceSnapshot()
    }

    /// Where an item is: its section and its place in it.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let stk else {
            for (section, list) in items.enumerated() {
                if let item = list.firstIndex(of: identifier) { return IndexPath(item: item, section: section) }
            }
            return nil
        }
        for (section, count) in stk.counts.enumerated() {
            for item in 0..<count where StkIdentifier.make(ItemIdentifierType.self, from: stk.itemName(section: section, item: item), of: .item) == identifier {
                return IndexPath(item: item, section: section)
            }
        }
        return nil
    }

    private func itemIdentifiers(ofSection section: Int, in stk: StkData) -> [ItemIdentifierType] {
        (0..<stk.counts[section]).map { StkIdentifier.required(ItemIdentifierType.self, from: stk.itemName(section: section, item: $0), of: .item) }
    }

    private func requiredIndex(of identifier: SectionIdentifierType) -> Int {
        guard let index = indexOfSectionIdentifier(identifier) else {
            fatalError("NSDiffableDataSourceSnapshot: no section \(identifier) in the snapshot")
        }
        return index
    }

    /// Identifiers made from stk's data become identifiers held, before an append.
    private mutating func materialize() {
        guard let stk else { return }
        sections = sectionIdentifiers
        items = stk.counts.indices.map { itemIdentifiers(ofSection: $0, in: stk) }
        self.stk = nil
    }
}

/// An identifier type of the app's that stk makes through the app's own
/// initialiser: a struct or class, used as a diffable data source's section
/// or item identifier type, whose initialiser takes one value stk can make
/// (`StkIdentifier.make`: an enum, a raw value, a `String`, an `Int`) and
/// gives every other parameter its default. The source adapter writes the
/// conformance: for
///
///     struct Section: Hashable {
///         let id = UUID()
///         let kind: Kind
///         init(kind: Kind, title: String = "", items: [Item] = []) { ... }
///     }
///
/// `S2` or `featured` is `Section(kind: <the Kind for that name>)`, made
/// once per name: the value for a name is always the same one (its `UUID`
/// too), so it is found again in a snapshot (`numberOfItems(inSection:)`,
/// `index(for:)`).
public protocol StkIdentifierInitialisable {
    static func __stkIdentifier(from name: DiffableSnapshot.Name, of element: StkIdentifier.Element) -> Self?
    /// The names of the only values stk can make, in order, when there are
    /// few (an enum some of whose cases carry values: its other cases, by
    /// name or place); nil when any name makes one.
    static var __stkIdentifierNames: [String]? { get }
    /// The cases with one value stk makes by name and value (`page(1)`), as
    /// `page(Int)`, for messages.
    static var __stkCasesWithAValue: [String] { get }
}

extension StkIdentifierInitialisable {
    public static var __stkIdentifierNames: [String]? { nil }
    public static var __stkCasesWithAValue: [String] { [] }
}

/// An identifier of stk's data as a value of the app's identifier type.
public enum StkIdentifier {
    /// The identifiers made with an app's initialiser, by type and name.
    /// Layouts run on one thread at a time (as `OptionalRequirements.swift`
    /// says), so one table serves.
    private struct MadeIdentifierKey: Hashable {
        let type: ObjectIdentifier
        let name: DiffableSnapshot.Name
        let element: Element
    }
    nonisolated(unsafe) private static var madeIdentifiers: [MadeIdentifierKey: AnyHashable] = [:]

    /// What is identified: a section or an item.
    public enum Element: String, Sendable {
        case section, item

        /// stk's numbered names: `S2`, `I7` (docs/language.md, "snapshot").
        var namePrefix: String { self == .section ? "S" : "I" }

        /// The numbered name `number` stands for: `S2` for a section.
        func numberedName(_ number: Int) -> String { namePrefix + String(number) }
    }

    /// The value of `type` that stk's identifier `name` stands for:
    /// - stk's numbered `S2` or `I7`: the case at that place of a
    ///   `CaseIterable` type (the third) or of an enum whose cases carry no
    ///   values (in the order declared), the value whose `Int` raw value it
    ///   is (or whose `String` raw value is `"S2"`, if it accepts it; an
    ///   enum with raw values none of which matches is its case at that
    ///   place), the `Int` itself, or the `String` `"S2"`;
    /// - a word written by hand (`featured`): the case whose name it is, the
    ///   value whose raw value it is, the `String` itself, or the `Int` it
    ///   spells (an `Int` of its own, below 0, when it spells none: `T37`).
    /// Nil for any other type (a struct, a `UUID`) or when no value matches.
    public static func make<Identifier: Hashable>(_ type: Identifier.Type, from name: DiffableSnapshot.Name, of element: Element) -> Identifier? {
        if let initialisable = type as? any StkIdentifierInitialisable.Type {
            // Made once per name: the same name is the same value (its UUID
            // included), so that the value is found again in the snapshot.
            let key = MadeIdentifierKey(type: ObjectIdentifier(type), name: name, element: element)
            if let made = madeIdentifiers[key] as? Identifier { return made }
            guard let made = initialisable.__stkIdentifier(from: name, of: element) as? Identifier else { return nil }
            madeIdentifiers[key] = made
            return made
        }
        switch name {
        case .numbered(let number):
            if let caseIterable = type as? any CaseIterable.Type { return nthCase(of: caseIterable, number) as? Identifier }
            // A raw value that matches; else, for an enum, its case at that place.
            if let rawRepresentable = type as? any RawRepresentable.Type,
               let made = (value(of: rawRepresentable, rawValue: number)
                           ?? value(of: rawRepresentable, rawValue: element.numberedName(number))) as? Identifier {
                return made
            }
            if type == Int.self { return number as? Identifier }
            if type == String.self { return element.numberedName(number) as? Identifier }
            if let cases = plainEnumCases(of: type) { return number >= 0 && number < cases.count ? cases[number] : nil }
        case .word(let word):
            if type == String.self { return word as? Identifier }
            if type == Int.self {
                if let number = Int(word) { return number as? Identifier }
                // A name that spells no number (`T37`, as `snapshot edit`
                // and verify name new sections) is an Int of its own, the
                // same each time, below every numbered one (`S2` is 2).
                let key = MadeIdentifierKey(type: ObjectIdentifier(type), name: name, element: element)
                if let made = madeIdentifiers[key] as? Identifier { return made }
                let made = -1 - madeIdentifiers.count
                madeIdentifiers[key] = made
                return made as? Identifier
            }
            if let caseIterable = type as? any CaseIterable.Type, let match = namedCase(of: caseIterable, word) as? Identifier { return match }
            if let rawRepresentable = type as? any RawRepresentable.Type {
                return (value(of: rawRepresentable, rawValue: word) ?? Int(word).flatMap { value(of: rawRepresentable, rawValue: $0) }) as? Identifier
            }
            if let cases = plainEnumCases(of: type) { return cases.first { String(describing: $0) == word } }
        }
        return nil
    }

    /// The cases, in the order declared, of an enum whose cases carry no
    /// values and that is not `CaseIterable` (`enum Section { case main,
    /// grid }`, as Apple's samples declare it): nil for any other type.
    ///
    /// Swift stores such an enum as its case's index in declaration order
    /// (a byte; nothing for a single case), and `Optional` marks nil with the
    /// first value past the last case (or a byte of its own): the cases are
    /// the bytes read as an optional of the type, from 0 until the first nil.
    /// Only a type whose optional is that one byte is read so, and only if
    /// its first value is an enum (a struct of one `Bool` is one byte too).
    static func plainEnumCases<Identifier>(of type: Identifier.Type) -> [Identifier]? {
        guard MemoryLayout<Identifier?>.size == 1 else { return nil }
        var cases: [Identifier] = []
        for byte in UInt8.min...UInt8.max {
            guard let value = withUnsafeBytes(of: byte, { $0.load(as: Identifier?.self) }) else { break }
            if cases.isEmpty, Mirror(reflecting: value).displayStyle != .enum { return nil }
            cases.append(value)
        }
        return cases
    }

    /// A case and its value, as a name writes them (`page(1)`, quoted in a
    /// script: `"page(1)"`): the case's name (a Swift identifier) and the
    /// text between the parentheses, which makes the value as an
    /// identifier's name makes one (`1` the `Int`, `a` the `String`). Nil
    /// for a name of any other shape.
    public static func caseAndValue(in name: String) -> (name: String, value: String)? {
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "(") else { return nil }
        let caseName = name[..<open]
        let value = name[name.index(after: open)..<name.index(before: name.endIndex)]
        guard let first = caseName.first, first == "_" || first.isLetter,
              caseName.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }), !value.isEmpty else { return nil }
        return (String(caseName), String(value))
    }

    /// `make`, or a trap that says why stk has no identifier to give.
    static func required<Identifier: Hashable>(_ type: Identifier.Type, from name: DiffableSnapshot.Name, of element: Element) -> Identifier {
        if let identifier = make(type, from: name, of: element) { return identifier }
        let shown: String
        switch name {
        case .numbered(let number): shown = element.numberedName(number)
        case .word(let word): shown = word
        }
        if let initialisable = type as? any StkIdentifierInitialisable.Type, let names = initialisable.__stkIdentifierNames {
            fatalError(casesMessage(type, element, shown, plain: names, withAValue: initialisable.__stkCasesWithAValue))
        }
        if let cases = caseCount(of: type) {
            fatalError("stk has no \(type) for \(element) \(shown): its \(element) \(element.namePrefix)<n> is the case at place n of \(type)'s \(cases) cases, a name the case of that name")
        }
        if type is any StkIdentifierInitialisable.Type {
            fatalError("stk has no \(type) for \(element) \(shown): it makes one with the initialiser of \(type) that takes one value, and there is no such value for \(shown)")
        }
        fatalError("stk cannot make a \(type) for \(element) \(shown): it makes identifiers only of enums whose cases carry no values, types with Int or String raw values, Int and String, and of a struct or class whose initialiser takes one such value (the others defaulted)")
    }

    /// Why an enum some of whose cases carry values has no identifier for
    /// `shown`, and what to write: the cases without a value (`plain`) are
    /// made by name or place, and those with one (`withAValue`, written
    /// `page(Int)`) by name and value, quoted (`"page(1)"`, `"page(a)"` for a
    /// String, `"page(<Kind>)"` for another type).
    static func casesMessage(_ type: Any.Type, _ element: Element, _ shown: String,
                                     plain: [String], withAValue: [String]) -> String {
        let head = "stk has no \(type) for \(element) \(shown): "
        let tail = "or make no more than \(plain.count)"
        guard let first = withAValue.first.flatMap(caseAndValue(in:)) else {
            return head + "it makes only the cases of \(type) that carry no value (\(plain.joined(separator: ", "))), by name or by place, and \(shown) is neither: "
                + "name the \(element)s by case (`append \(element)s \(plain.first ?? "")`), " + tail
        }
        let value = first.value == "Int" ? "1" : first.value == "String" ? "a" : "<\(first.value)>"
        let example = "\"\(first.name)(\(value))\""
        return head + "it makes the cases of \(type) that carry no value (\(plain.joined(separator: ", "))) by name or by place, "
            + "and those that carry one (\(withAValue.joined(separator: ", "))) by name and value, quoted (\(example)), and \(shown) is none of these: "
            + "name the \(element)s by case (`append \(element)s \(plain.first ?? "") \(example)`), " + tail
    }

    private static func nthCase<Cases: CaseIterable>(of type: Cases.Type, _ n: Int) -> Cases? {
        guard n >= 0 else { return nil }
        return type.allCases.dropFirst(n).first
    }

    private static func namedCase<Cases: CaseIterable>(of type: Cases.Type, _ name: String) -> Cases? {
        type.allCases.first { String(describing: $0) == name }
    }

    private static func caseCount<Cases: CaseIterable>(of type: Cases.Type) -> Int { type.allCases.count }

    /// How many cases `type` has when it is an enum whose cases carry no
    /// values (`CaseIterable` or not), or how many of its cases stk makes
    /// when some carry values (those without); nil for any other type.
    public static func caseCount<Identifier>(of type: Identifier.Type) -> Int? {
        if let names = (type as? any StkIdentifierInitialisable.Type)?.__stkIdentifierNames { return names.count }
        return (type as? any CaseIterable.Type).map { caseCount(of: $0) } ?? plainEnumCases(of: type)?.count
    }

    private static func value<Raw: RawRepresentable, Value>(of type: Raw.Type, rawValue: Value) -> Raw? {
        (rawValue as? Raw.RawValue).flatMap(Raw.init(rawValue:))
    }
}
