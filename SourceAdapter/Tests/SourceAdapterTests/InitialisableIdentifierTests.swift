import Testing
@testable import SourceAdapter

/// Identifier types that are structs of the app (`struct Section: Hashable {
/// let id = UUID(); let kind: Kind; ... }`, as a workshop's App Store clone
/// has them): stk makes them with their own initialiser, which takes one
/// value stk can make; the adapter writes the conformance that says how.
@Suite struct InitialisableIdentifierTests {
    static let section = """
        import Foundation

        struct Section: Hashable {
            let id = UUID()
            let kind: Kind
            let title: String

            init(kind: Kind, title: String = "", items: [Item] = []) {
                self.kind = kind
                self.title = title
            }

            struct Kind: RawRepresentable, Hashable {
                var rawValue: String
                static let featured = Kind(rawValue: "featured")
            }
        }

        struct Item: Hashable {
            let id = UUID()
            var title: String?
        }
        """
    static let viewController = """
        import UIKit

        final class GamesViewController: UIViewController {
            var dataSource: UICollectionViewDiffableDataSource<Section, Item>!

            lazy var collectionViewLayout: UICollectionViewLayout = {
                UICollectionViewCompositionalLayout { [weak self] sectionIndex, _ in
                    guard let self = self else { return nil }
                    let kind = self.dataSource.snapshot().sectionIdentifiers[sectionIndex].kind
                    let height: CGFloat = kind == .featured ? 300 : 86
                    let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height))
                    return NSCollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
                }
            }()
        }
        """

    @Test func aStructSectionIsMadeWithItsInitialiserAndAStructItemMemberwise() {
        let output = adapt([("Section.swift", Self.section), ("GamesViewController.swift", Self.viewController)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output, 0)
        // After the file's last line, so every line of it stays where it
        // was; Item's one property without a value is an optional var,
        // which defaults to nil: nothing to make it from.
        #expect(text.contains("\nextension Section: StkIdentifierInitialisable { static func __stkIdentifier(from name: DiffableSnapshot.Name, of element: StkIdentifier.Element) -> Section? { StkIdentifier.make(Section.Kind.self, from: name, of: element).map { Section(kind: $0) } } }\n"), "\(text)")
        #expect(!text.contains("extension Item"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "Section.swift:3:8: stk makes Section identifiers with Section(kind: ...), from a Section.Kind made as an identifier (the other parameters defaulted)"))
    }

    @Test func theMemberwiseInitialiserCountsWhenItTakesOneValue() {
        let output = adapt([("Models.swift", """
            import UIKit
            enum Category: String { case games, apps }
            struct Shelf: Hashable {
                let id = UUID()
                let category: Category
                var title = ""
            }
            struct Tile: Hashable {
                let name: String
                let size: Int
            }
            final class ShelvesViewController: UIViewController {
                var dataSource: UICollectionViewDiffableDataSource<Shelf, Tile>!
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { index, _ in
                        let height: CGFloat = self.dataSource.snapshot().sectionIdentifiers[index].category == .games ? 200 : 100
                        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height))
                        return NSCollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
                    }
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(text.contains("StkIdentifier.make(Category.self, from: name, of: element).map { Shelf(category: $0) }"), "\(text)")
        // Two values to give: stk makes no Tile.
        #expect(!text.contains("extension Tile"), "\(text)")
    }

    /// A class that is not final (the requirement returns Self) and a
    /// private type nested in the view controller (the top of the file
    /// cannot extend it) get no conformance: stk traps, saying why, if the
    /// layout asks for one.
    @Test func aClassThatIsNotFinalAndAPrivateNestedTypeAreLeftAsTheyAre() {
        let output = adapt([("Feed.swift", """
            import UIKit
            class Topic: Hashable {
                let name: String
                init(name: String) { self.name = name }
                static func == (a: Topic, b: Topic) -> Bool { a.name == b.name }
                func hash(into hasher: inout Hasher) { hasher.combine(name) }
            }
            final class Tag: Hashable {
                let name: String
                init(name: String) { self.name = name }
                static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
                func hash(into hasher: inout Hasher) { hasher.combine(name) }
            }
            final class FeedViewController: UIViewController {
                private struct Row: Hashable { let id = UUID(); let title: String }
                var topics: UICollectionViewDiffableDataSource<Topic, Int>!
                var tags: UICollectionViewDiffableDataSource<Tag, Int>!
                private var rows: UICollectionViewDiffableDataSource<Int, Row>!
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { index, _ in
                        let tall = self.topics.sectionIdentifier(for: index)?.name == self.tags.sectionIdentifier(for: index)?.name
                            && self.rows.snapshot().numberOfItems > 0
                        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(tall ? 88 : 44))
                        return NSCollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
                    }
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(text.contains("extension Tag: StkIdentifierInitialisable"), "\(text)")
        #expect(!text.contains("extension Topic:") && !text.contains("Row: StkIdentifierInitialisable"), "\(text)")
    }

    /// A public type (of a data source declared through a typealias) gets a
    /// public witness; a property with observers is stored (a memberwise
    /// parameter); two initialisers that take the one value by the same
    /// label would make the call ambiguous: none.
    @Test func publicTypesObserversAndAmbiguousInitialisers() {
        let output = adapt([("Models.swift", """
            import UIKit
            public enum Kind: String { case featured, tiles }
            public struct Shelf: Hashable {
                public let kind: Kind
                var count: Int = 0 { didSet { print(count) } }
            }
            struct Counted: Hashable {
                let kind: Kind
                var count: Int { didSet { print(count) } }
            }
            struct Twice: Hashable {
                let kind: Kind
                init(kind: Kind, title: String = "") { self.kind = kind }
                init(kind: Kind, games: [Int] = []) { self.kind = kind }
            }
            final class ShelvesViewController: UIViewController {
                typealias ShelfSource = UICollectionViewDiffableDataSource<Shelf, Int>
                var shelves: ShelfSource!
                var counted: UICollectionViewDiffableDataSource<Counted, Int>!
                var twice: UICollectionViewDiffableDataSource<Twice, Int>!
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { index, _ in
                        let tall = self.shelves.sectionIdentifier(for: index)?.kind == .featured
                            || self.counted.sectionIdentifier(for: index)?.kind == .featured
                            || self.twice.sectionIdentifier(for: index)?.kind == .featured
                        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(tall ? 88 : 44))
                        return NSCollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
                    }
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(text.contains("extension Shelf: StkIdentifierInitialisable { public static func __stkIdentifier("), "\(text)")
        #expect(text.contains("StkIdentifier.make(Kind.self, from: name, of: element).map { Shelf(kind: $0) }"), "\(text)")
        // count has observers and no value: a second parameter, so none.
        #expect(!text.contains("extension Counted"), "\(text)")
        #expect(!text.contains("extension Twice"), "\(text)")
    }

    /// An enum whose cases carry values: those without one are made by name
    /// or place; one with a single value stk makes (an `Int`, a `String`, a
    /// plain enum of the sources, labelled or not) by name and value
    /// (`page(1)`); one with two values never.
    @Test func anEnumsCasesWithOneValueAreMadeByNameAndValue() {
        let output = adapt([("FeedViewController.swift", """
            import UIKit

            final class FeedViewController: UIViewController {
                enum Kind { case large, small }
                enum Section: Hashable {
                    case list
                    case page(Int)
                    case tagged(name: String)
                    case sized(Kind)
                    case pair(Int, Int)
                }
                var dataSource: UICollectionViewDiffableDataSource<Section, Int>!

                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { [weak self] sectionIndex, _ in
                        guard let section = self?.dataSource.sectionIdentifier(for: sectionIndex) else { return nil }
                        let height: CGFloat = section == .list ? 44 : 200
                        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height))
                        return NSCollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
                    }
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output, 0)
        let type = "FeedViewController.Section"
        let expected: [String] = [
            "\nextension \(type): StkIdentifierInitialisable { static func __stkIdentifier(from name: DiffableSnapshot.Name, of element: StkIdentifier.Element) -> \(type)? { ",
            "switch name { case .word(let word): switch word { case \"list\": return .list; default: break }; ",
            "guard let named = StkIdentifier.caseAndValue(in: word) else { return nil }; switch named.name { ",
            "case \"page\": return StkIdentifier.make(Int.self, from: .word(named.value), of: element).map { .page($0) }; ",
            "case \"tagged\": return StkIdentifier.make(String.self, from: .word(named.value), of: element).map { .tagged(name: $0) }; ",
            "case \"sized\": return StkIdentifier.make(FeedViewController.Kind.self, from: .word(named.value), of: element).map { .sized($0) }; default: return nil }; ",
            "case .numbered(let number): let cases: [\(type)] = [.list]; return cases.indices.contains(number) ? cases[number] : nil } }; ",
            "static var __stkIdentifierNames: [String]? { [\"list\"] }; ",
            "static var __stkCasesWithAValue: [String] { [\"page(Int)\", \"tagged(String)\", \"sized(FeedViewController.Kind)\"] } }\n",
        ]
        #expect(text.contains(expected.joined()), "\(text)")
        #expect(output.report.notes.map(\.description).contains {
            $0.contains("and of its cases with one value by name and value, quoted (`append sections \"page(1)\"`: page(Int), tagged(String), sized(FeedViewController.Kind)); pair carries values stk cannot make and is never made")
        }, "\(output.report.notes)")
        // The example as stk's trap writes it, for each kind of value.
        let examples = [("page", "Int"), ("tagged", "String"), ("sized", "FeedViewController.Kind")].map {
            InitialisableIdentifiers.Conformance.CaseWithAValue(name: $0.0, label: nil, valueType: $0.1).example
        }
        #expect(examples == ["page(1)", "tagged(a)", "sized(<FeedViewController.Kind>)"])
    }
}

/// A section struct that carries its items (`struct Section: Hashable { var
/// id: ID; var items: [Item] }`, a published list demo): its memberwise
/// initialiser is called with the one value stk makes and the collections
/// empty, in declaration order; two values without defaults still make none.
@Suite struct CollectionCarryingIdentifierTests {
    @Test func collectionsWithoutValuesAreGivenEmpty() {
        let output = adapt([("List.swift", """
            import UIKit
            struct Section: Hashable {
                var tags: [String: Int]
                var id: ID
                var items: [Item]
                enum ID: String { case primary, secondary }
            }
            struct Pair: Hashable {
                var id: Section.ID
                var title: String
                var items: [Item]
            }
            struct Item: Hashable { var title: String }
            class ListViewController: UIViewController {
                private var sections: UICollectionViewDiffableDataSource<Section, Item>!
                private var pairs: UICollectionViewDiffableDataSource<Pair, Item>!
                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { [unowned self] index, environment in
                        let plain = self.sections.sectionIdentifier(for: index)?.id == .primary || self.pairs.sectionIdentifier(for: index)?.id == .primary
                        return NSCollectionLayoutSection.list(using: UICollectionLayoutListConfiguration(appearance: plain ? .plain : .insetGrouped), layoutEnvironment: environment)
                    }
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = body(output)
        #expect(text.contains("StkIdentifier.make(Section.ID.self, from: name, of: element).map { Section(tags: [:], id: $0, items: []) }"), "\(text)")
        #expect(!text.contains("extension Pair:"), "\(text)")
        #expect(output.report.notes.map(\.description).contains(
            "List.swift:2:8: stk makes Section identifiers with Section(id: ...), from a Section.ID made as an identifier (tags, items given empty, the other parameters defaulted)"),
            "\(output.report.notes)")
    }
}
