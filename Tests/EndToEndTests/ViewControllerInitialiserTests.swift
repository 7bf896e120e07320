import Foundation
import StkTestSupport
import Testing

/// A view controller whose layout reads stored properties that its
/// initialiser with default arguments sets, as many apps write one
/// (`init(columns: Int = 3)`): stk makes it as `PhotosViewController()`
/// does on iOS, through that initialiser.
extension ViewControllerSourceTests {
    static let photosWithDefaultArguments = """
        import UIKit
        import Foundation

        final class PhotosViewController: UIViewController {
            private lazy var collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
            private let columns: Int
            private let spacing: CGFloat

            init(columns: Int = 3, spacing: CGFloat = 2) {
                self.columns = columns
                self.spacing = spacing
                super.init(nibName: nil, bundle: nil)
                title = "Photos"
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                view.addSubview(collectionView)
            }
        }

        extension PhotosViewController {
            func createLayout() -> UICollectionViewLayout {
                let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)),
                                                      heightDimension: .fractionalHeight(1.0))
                let item = NSCollectionLayoutItem(layoutSize: itemSize)
                item.contentInsets = NSDirectionalEdgeInsets(top: spacing, leading: spacing, bottom: spacing, trailing: spacing)
                let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                       heightDimension: .fractionalWidth(1.0 / CGFloat(columns)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
        }
        """

    /// The default arguments give three columns of 390 / 3 = 130 with 2
    /// points inset on each side: the fourth item starts the second row,
    /// 130 down, at 2,132, 126 square.
    @Test func aViewControllerMadeWithItsDefaultArgumentsLoads() throws {
        try expectRun("""
            sections 1 items=4
            layout photos-view-controller
            attr item 0:2
            attr item 0:3
            """, loading: "PhotosViewController.swift", from: Self.photosWithDefaultArguments, prints: """
            item 0:2 frame=262,2,126,126 zIndex=0 alpha=1 hidden=false
            item 0:3 frame=2,132,126,126 zIndex=0 alpha=1 hidden=false

            """)
    }
}
