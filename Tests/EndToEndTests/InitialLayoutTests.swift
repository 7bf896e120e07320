import Foundation
import StkTestSupport
import Testing

/// A published App Store clone: a base controller whose initialiser hands
/// its snapping flow layout to UIKit, and a screen that subclasses it and
/// turns that layout horizontal in viewDidLoad() through
/// `collectionViewLayout as! UICollectionViewFlowLayout`. On iOS the screen
/// snaps; stk registered a storyboard's plain flow layout for it instead, so
/// a fling came to rest wherever it was thrown, silently.
@Suite struct InitialLayoutTests {
    static let files = [
        "AppStore/SnappingCollectionViewLayout.swift": """
            import UIKit

            class SnappingCollectionViewLayout: UICollectionViewFlowLayout {
                override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
                    guard let collectionView = collectionView else { return super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity) }

                    let contentInsetLeft: CGFloat = 16
                    var offsetAdjustment = CGFloat.greatestFiniteMagnitude
                    let horizontalOffset = proposedContentOffset.x
                    let targetRect = CGRect(x: proposedContentOffset.x, y: 0, width: collectionView.bounds.size.width, height: collectionView.bounds.size.height)

                    let layoutAttributesArray = super.layoutAttributesForElements(in: targetRect)
                    layoutAttributesArray?.forEach({ (layoutAttributes) in
                        let itemOffset = layoutAttributes.frame.origin.x
                        if fabsf(Float(itemOffset - horizontalOffset)) < fabsf(Float(offsetAdjustment)) {
                            offsetAdjustment = itemOffset - horizontalOffset
                        }
                    })
                    return CGPoint(x: proposedContentOffset.x + offsetAdjustment - contentInsetLeft, y: proposedContentOffset.y)
                }
            }
            """,
        "AppStore/SnappingCollectionViewController.swift": """
            import UIKit

            class SnappingCollectionViewController: UICollectionViewController {
                init() {
                    super.init(collectionViewLayout: SnappingCollectionViewLayout())
                }

                required init?(coder aDecoder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """,
        "AppStore/AppsHorizontalController.swift": """
            import Foundation
            import UIKit

            class AppCell: UICollectionViewCell {
                let nameLabel = UILabel()
            }

            class AppsHorizontalController: SnappingCollectionViewController, UICollectionViewDelegateFlowLayout {
                private let cellIdentifier = "AppCell"
                private let verticalSpacing: CGFloat = 10
                private let horizontalSpacing: CGFloat = 16
                private let numRows: CGFloat = 3

                var appNames: [String] = []

                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.backgroundColor = .white
                    collectionView.decelerationRate = .fast
                    collectionView.register(AppCell.self, forCellWithReuseIdentifier: cellIdentifier)

                    let layout = collectionViewLayout as! UICollectionViewFlowLayout
                    layout.scrollDirection = .horizontal
                }

                override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                    return appNames.count
                }

                override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: cellIdentifier, for: indexPath) as! AppCell
                    cell.nameLabel.text = appNames[indexPath.item]
                    return cell
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    let height = (view.frame.height - verticalSpacing * (numRows + 1)) / numRows
                    return .init(width: view.frame.width - horizontalSpacing * 2, height: height)
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
                    return horizontalSpacing / 2
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
                    return .init(top: verticalSpacing, left: horizontalSpacing, bottom: verticalSpacing, right: horizontalSpacing)
                }
            }
            """,
    ]

    /// At 390x300, 15 items: each 358 wide (390 − 2 × 16) and (300 − 4 ×
    /// 10) / 3 high, three to a column, columns 358 + 8 apart from x = 16,
    /// so the content is 16 + 5 × 358 + 4 × 8 + 16 = 1854 wide. A fling of
    /// 1000 pt/s at the normal rate proposes 499; the columns in 499..889
    /// start at 382 and 748, the nearer is 382 (117 away), and the layout
    /// answers 499 − 117 − 16 = 366. A plain flow layout keeps 499. With
    /// `deceleration fast`, the command the note gives for the screen's
    /// rate, the fling proposes 99: the nearer column is 16 (83 away), and
    /// the answer is 99 − 83 − 16 = 0.
    @Test func theScreenShowsTheLayoutItsBaseInitialiserMakes() throws {
        let folder = try TranscriptCommandFolder(Self.files)
        let environment = try SourceAdapterTool.environment(cache: folder.url(".cache"))
        let setUp = "layout apps-horizontal-controller; sections 1 items=15; bounds 390x300"
        let run = try folder.stk("--plugin", "AppStore", "--explain", "-e", setUp + "; contentsize; scroll fling 1000,0; expect offset == 366,0",
                                 environment: environment)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "1854x300\n", "\(run)")
        #expect(run.stderr.contains(
            "registered layout 'apps-horizontal-controller' from the layout SnappingCollectionViewController.init() makes (SnappingCollectionViewLayout()), as AppsHorizontalController.viewDidLoad() sets it up"),
            "\(run)")
        #expect(run.stderr.contains("run it as a command (line 19: `deceleration fast`)"), "\(run)")
        let fast = try folder.stk("--plugin", "AppStore", "-e", setUp + "; deceleration fast; scroll fling 1000,0; expect offset == 0,0",
                                  environment: environment)
        #expect(fast.status == 0, "\(fast)")
    }
}
