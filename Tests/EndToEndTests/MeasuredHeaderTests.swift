import Foundation
import StkTestSupport
import Testing

/// A screen that sizes its headers by asking its own data source for the
/// header and measuring it (`self.collectionView(collectionView,
/// viewForSupplementaryElementOfKind: ..., at: ...)`, then
/// `systemLayoutSizeFitting`): stk makes no views, so that delegate method
/// is left out, as one that dequeues the view itself is, and the rest of
/// the layout runs. It crashed the layout before.
extension ViewControllerSourceTests {
    static let lettersScreen = """
        import UIKit

        class HomeVC: UIViewController {
            let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            private let reuseCellIdentifier = "cell"
            private let reuseHeaderIdentifier = "header"
            private let letters = ["A", "B", "C", "D", "E", "F"]

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(LetterCollectionViewCell.self, forCellWithReuseIdentifier: reuseCellIdentifier)
                collectionView.register(SupplementaryView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: reuseHeaderIdentifier)
                collectionView.delegate = self
                collectionView.dataSource = self
                view.addSubview(collectionView)
            }
        }

        extension HomeVC: UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                letters.count
            }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseCellIdentifier, for: indexPath) as! LetterCollectionViewCell
                cell.titleLabel.text = letters[indexPath.item]
                return cell
            }

            func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
                let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: reuseHeaderIdentifier, for: indexPath) as! SupplementaryView
                view.titleLabel.text = "Letters"
                return view
            }
        }

        extension HomeVC: UICollectionViewDelegateFlowLayout {
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
                let indexPath = IndexPath(row: 0, section: section)
                let headerView = self.collectionView(collectionView, viewForSupplementaryElementOfKind: UICollectionView.elementKindSectionHeader, at: indexPath)
                return headerView.systemLayoutSizeFitting(CGSize(width: collectionView.frame.width, height: UIView.layoutFittingExpandedSize.height),
                                                          withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                return CGSize(width: collectionView.bounds.width / 2, height: 50)
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
                return 0
            }
        }

        extension HomeVC: UICollectionViewDelegate {
            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                guard let cell = collectionView.cellForItem(at: indexPath) as? LetterCollectionViewCell else { return }
                cell.titleLabel.textColor = .blue
            }
        }

        final class LetterCollectionViewCell: UICollectionViewCell {
            let titleLabel = UILabel()
        }

        final class SupplementaryView: UICollectionReusableView {
            let titleLabel = UILabel()
        }
        """

    /// Two cells a row, 195 x 50 with no space between them, rows 10 apart
    /// (the flow layout's line spacing); no header (its size is left out,
    /// so the flow layout's own, zero, is used): three cells end at 110.
    @Test func aHeaderMeasuredThroughTheDataSourceIsLeftOutAndTheLayoutRuns() throws {
        let folder = try TranscriptCommandFolder(["Alphabet/HomeVC.swift": Self.lettersScreen])
        try expectRun("sections 1 items=3; layout home-vc; visible; contentsize", plugin: "Alphabet", in: folder, prints: """
            item 0:0 frame=0,0,195,50 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=195,0,195,50 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=0,60,195,50 zIndex=0 alpha=1 hidden=false
            3 elements
            390x110

            """)
    }
}
