import Foundation
import StkTestSupport
import Testing

/// A view controller that makes its collection view in a `lazy var`, as most
/// programmatic ones do, and whose section provider reads it: the provider
/// sees the collection view its layout is shown in, at its current size.
extension ViewControllerSourceTests {
    static let lazyCollectionView = """
        import UIKit

        final class LazyGridViewController: UIViewController {
            private lazy var collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.backgroundColor = .systemBackground
                view.addSubview(collectionView)
            }

            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [unowned self] _, _ in
                    let columns = self.collectionView.bounds.width > 500 ? 4 : 2
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .absolute(80)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
        }
        """

    /// 390 wide: two columns of 195, item 0:1 at x 195. Resized to 600: four
    /// columns of 150, item 0:1 at x 150.
    @Test func aLazyCollectionViewReadByTheProviderIsTheOneShown() throws {
        try expectRun("""
            layout lazy-grid-view-controller
            sections 1 items=4
            attr item 0:1
            bounds 600x800
            attr item 0:1
            """, loading: "LazyGridViewController.swift", from: Self.lazyCollectionView, prints: """
            item 0:1 frame=195,0,195,80 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=150,0,150,80 zIndex=0 alpha=1 hidden=false

            """)
    }

    /// Its only lazy collection view, named otherwise (Card Maker's
    /// `cardsView`), is the one shown too: the layout's delegate reads its
    /// width, 390 / 3 = 130 high cards of 150, two a row (x 0 and 240);
    /// before, a second collection view of size zero made them 0 high.
    @Test func aLazyCollectionViewOfAnotherNameIsTheOneShown() throws {
        let folder = try TranscriptCommandFolder(["CardsViewController.swift": """
            import UIKit

            protocol CardLayoutDelegate: AnyObject {
                func cardHeight() -> CGFloat
            }

            final class CardLayout: UICollectionViewFlowLayout {
                weak var delegate: CardLayoutDelegate?

                override func prepare() {
                    itemSize = CGSize(width: 150, height: delegate?.cardHeight() ?? 50)
                    super.prepare()
                }
            }

            class CardsViewController: UIViewController {
                private lazy var cardsView: UICollectionView = {
                    let layout = CardLayout()
                    layout.delegate = self
                    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
                    collectionView.backgroundColor = .clear
                    return collectionView
                }()
            }

            extension CardsViewController: CardLayoutDelegate {
                func cardHeight() -> CGFloat {
                    return cardsView.frame.width / 3
                }
            }
            """])
        try expectRun("layout cards-view-controller; sections 1 items=3; attr item 0:1", plugin: "CardsViewController.swift", in: folder, prints: """
            item 0:1 frame=240,0,150,130 zIndex=0 alpha=1 hidden=false

            """)
    }
}
