import Testing
@testable import SourceAdapter

/// A view controller whose stored property gets its value in an initialiser
/// with default arguments (`init(columns: Int = 3)`), as iOS code often
/// writes one: `PhotosViewController()` calls it on iOS, and stk makes the
/// view controller with it too, keeping only the statements that give the
/// layout code's stored properties their values.
@Suite struct ArgumentFreeInitialiserTests {
    static let photos = """
        import UIKit
        import Foundation

        final class PhotosViewController: UIViewController {
            private let columns: Int
            private let spacing: CGFloat
            private let titleLabel = UILabel()

            init(columns: Int = 3, spacing: CGFloat = 2) {
                self.columns = columns
                self.spacing = spacing
                super.init(nibName: nil, bundle: nil)
                title = "Photos"
                titleLabel.text = title
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

            func createLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
                item.contentInsets = NSDirectionalEdgeInsets(top: spacing, leading: spacing, bottom: spacing, trailing: spacing)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / CGFloat(columns))), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
        }
        """

    @Test func theInitialiserWithDefaultArgumentsMakesTheViewController() {
        let output = adapt([("PhotosViewController.swift", Self.photos)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let lines = bodyLines(output)
        // Kept in place, with the assignments of the two stored properties;
        // the superclass's initialiser and the view set-up are left out.
        #expect(lines[8] == "    init(columns: Int = 3, spacing: CGFloat = 2) {")
        #expect(lines[9] == "        self.columns = columns")
        #expect(lines[10] == "        self.spacing = spacing")
        #expect(lines[11].allSatisfy { $0 == " " })
        #expect(lines[12].allSatisfy { $0 == " " })
        #expect(lines[13].allSatisfy { $0 == " " })
        #expect(lines[14] == "    }")
        // No second `init()`: `PhotosViewController()` is the user's.
        #expect(lines.last == ViewControllerShell.members(ownInitialiser: true))
        #expect(output.files[0].text.contains("let owner = PhotosViewController();"))
        #expect(output.report.notes.map(\.description).contains(
            "PhotosViewController.swift:9:5: made PhotosViewController with its init(columns:spacing:), which every parameter's default value lets stk call as PhotosViewController(), as iOS code can: it gives columns, spacing their values; left out its other statements (3), which set up what stk does not run"))
    }

    /// Without an assignment of the property, the initialiser is no help:
    /// the error names it, and it is left out as before.
    @Test func anInitialiserThatDoesNotAssignThePropertyIsNoHelp() {
        let output = adapt([("V.swift", columnsViewController("V", """
            init(title: String = "Grid") {
                columns = title.count
                super.init(nibName: nil, bundle: nil)
                self.title = title
            }
            required init?(coder: NSCoder) { fatalError() }
            """))])
        // `columns = title.count` assigns it (no parameter is named columns)...
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let other = adapt([("W.swift", columnsViewController("W", """
            init(columns: Int = 2, title: String = "Grid") {
                super.init(nibName: nil, bundle: nil)
                self.title = title
            }
            required init?(coder: NSCoder) { fatalError() }
            """))])
        // ...and an initialiser that does not (it would not compile on iOS
        // either) leaves the property without a value.
        #expect(other.report.errors.map(\.description) == [
            "W.swift:3:9: W.columns has no initial value (nor in init(columns:title:)'s top-level statements), and the layout code uses it: stk creates W with init(), without its own initialisers; give it one (`= ...`)",
        ])
    }

    /// Initialisers `V()` does not call on iOS are never kept: the property
    /// they assign stays without a value.
    @Test func onlyAnInitialiserCallableWithoutArgumentsCounts() {
        let initialisers = [
            ("init(columns: Int = 3) { self.columns = columns }", true),
            ("init() { columns = 3 }", true),
            ("init(columns: Int) { self.columns = columns }", false),
            ("init?(columns: Int = 3) { self.columns = columns }", false),
            ("init(columns: Int = 3) throws { self.columns = columns }", false),
            ("init<T>(columns: Int = 3, tag: T? = nil) { self.columns = columns }", false),
            ("convenience init(columns: Int = 3) { self.init(columns: columns, spacing: 0) }", false),
        ]
        for (text, callable) in initialisers {
            let output = adapt([("V.swift", columnsViewController("V", text))])
            #expect(output.report.errors.isEmpty == callable, "\(text): \(output.report.errors)")
            #expect(output.report.notes.contains { $0.description.contains("made V with its init") } == callable, "\(text)")
        }
    }
}
