import Testing
@testable import SourceAdapter

/// A view controller's `lazy var collectionView` that its layout code reads
/// (`self.collectionView.bounds` in a section provider) is, on iOS, the
/// collection view the layout is installed in: stk keeps it as
/// `var collectionView: UICollectionView!`, set when the layout is shown, and
/// leaves out the code that makes it.
@Suite struct ShownCollectionViewTests {
    static let source = """
        import UIKit

        final class LazyViewController: UIViewController {
            private lazy var collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
            private lazy var dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { cv, path, item in nil }

            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [unowned self] _, _ in
                    let columns = self.collectionView.bounds.width > 500 ? 4 : 2
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .absolute(80)))
                    return NSCollectionLayoutSection(group: .horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: [item]))
                }
            }
        }
        """

    @Test func aLazyCollectionViewIsTheOneTheLayoutIsShownIn() {
        let output = adapt([("LazyViewController.swift", Self.source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let lines = bodyLines(output)
        // `lazy` and the initialiser are blanked, the type written: every
        // column before it stays where the user wrote it.
        #expect(lines[3].trimmingTrailingSpaces == "    private      var collectionView : UICollectionView!")
        // The data source, which only the left-out initialiser's neighbour names, goes.
        #expect(lines[4].allSatisfy { $0 == " " })
        #expect(output.files[0].text.contains("__stkShownIn = collectionView; self.collectionView = collectionView }"))
        #expect(output.report.notes.map(\.description).contains(
            "LazyViewController.swift:4:22: LazyViewController.collectionView is the collection view the layout is installed in, as on iOS: the code that makes it is view code, left out"))
    }

    /// With its type written and a closure that makes and configures it.
    @Test func aTypedLazyCollectionViewMadeInAClosure() {
        let output = adapt([("V.swift", """
            import UIKit
            final class V: UIViewController {
                lazy var collectionView: UICollectionView = {
                    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: makeLayout())
                    collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
                    return collectionView
                }()
                func makeLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: collectionView.bounds.width / 2, height: 100)
                    return layout
                }
            }
            final class PhotoCell: UICollectionViewCell {
                let imageView = UIImageView()
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let lines = bodyLines(output)
        #expect(lines[2].trimmingTrailingSpaces == "         var collectionView: UICollectionView!")
        #expect(lines[3...6].allSatisfy { $0.allSatisfy { $0 == " " } })
        // The cell class only the left-out closure names is not kept.
        #expect(!body(output).contains("PhotoCell"))
    }

    /// A lazy property of another name or type is the view controller's own.
    @Test func otherLazyPropertiesAreNotTheCollectionView() {
        let output = adapt([("V.swift", """
            import UIKit
            final class V: UIViewController {
                lazy var spacing: CGFloat = 8
                func makeLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.minimumLineSpacing = spacing
                    return layout
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(body(output).contains("    lazy var spacing: CGFloat = 8"))
        #expect(!output.files[0].text.contains("self.collectionView = collectionView"))
    }

    /// A screen's only lazy collection view, whatever its name (Card Maker's
    /// `cardsView`), is the one its layout is shown in: its closure, which
    /// sets what stk's collection view does not have (`backgroundColor`), is
    /// left out. With two, neither named `collectionView`, stk cannot tell
    /// which shows the layout, and leaves both as they are.
    @Test func aLazyCollectionViewOfAnotherNameIsShownWhenItIsTheOnlyOne() {
        let screen = """
            import UIKit

            final class CardLayout: UICollectionViewFlowLayout {}

            class CardsViewController: UIViewController, UICollectionViewDelegateFlowLayout {
                private lazy var cardsView: UICollectionView = {
                    let layout = CardLayout()
                    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
                    collectionView.backgroundColor = .clear
                    return collectionView
                }()

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    CGSize(width: 150, height: cardsView.frame.width / 3)
                }
            }
            """
        let output = adapt([("CardsViewController.swift", screen)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.files[0].text.contains("__stkShownIn = collectionView; self.cardsView = collectionView }"), "\(output.files[0].text)")
        #expect(!output.files[0].text.contains("backgroundColor"), "\(output.files[0].text)")
        #expect(output.report.notes.map(\.description).contains(
            "CardsViewController.swift:6:22: CardsViewController.cardsView is the collection view the layout is installed in, as on iOS: the code that makes it is view code, left out"),
            "\(output.report.notes)")

        let two = screen.replacingOccurrences(of: "    func collectionView(", with: "    lazy var thumbnailsView = UICollectionView(frame: .zero, collectionViewLayout: CardLayout())\n\n    func collectionView(")
        let both = adapt([("CardsViewController.swift", two)])
        #expect(!both.report.notes.map(\.description).contains { $0.contains("is the collection view the layout is installed in") }, "\(both.report.notes)")

        // Beside an outlet named collectionView, the lazy one is another view.
        let outlet = screen.replacingOccurrences(of: "    private lazy var cardsView", with: "    @IBOutlet weak var collectionView: UICollectionView!\n    private lazy var cardsView")
            .replacingOccurrences(of: "cardsView.frame.width", with: "self.collectionView.frame.width")
        let withOutlet = adapt([("CardsViewController.swift", outlet)])
        #expect(withOutlet.files[0].text.contains("__stkShownIn = collectionView; self.collectionView = collectionView }"), "\(withOutlet.files[0].text)")
    }
}
