import Foundation
import StkTestSupport
import Testing

/// Screens that inherit their layout from the app's base view controller,
/// as many apps write them: `class MusicController: BaseListController,
/// UICollectionViewDelegateFlowLayout`, whose base builds a flow layout in
/// `init()`. Each screen is registered under its own name, sized by its own
/// delegate methods.
extension ViewControllerSourceTests {
    static let baseListController = """
        //
        //  BaseListController.swift
        //  AppStore
        //

        import UIKit

        class BaseListController: UICollectionViewController {
            init() {
                super.init(collectionViewLayout: UICollectionViewFlowLayout())
            }

            required init?(coder aDecoder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }
        }
        """

    static let musicController = """
        //
        //  MusicController.swift
        //  AppStore
        //

        import UIKit
        import Foundation

        class MusicController: BaseListController, UICollectionViewDelegateFlowLayout {
            fileprivate let cellId = "cellId"
            fileprivate let footerId = "footerId"
            var results = [String]()

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.backgroundColor = .white
                collectionView.register(TrackCell.self, forCellWithReuseIdentifier: cellId)
                collectionView.register(MusicLoadingFooter.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: footerId)
            }

            override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
                let footer = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: footerId, for: indexPath)
                return footer
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
                return .init(width: view.frame.width, height: 100)
            }

            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                return results.count
            }

            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: cellId, for: indexPath) as! TrackCell
                cell.nameLabel.text = results[indexPath.item]
                return cell
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                return .init(width: view.frame.width, height: 100)
            }
        }

        class TrackCell: UICollectionViewCell {
            let nameLabel = UILabel()
        }

        class MusicLoadingFooter: UICollectionReusableView {}
        """

    static let horizontalSnappingController = """
        //
        //  HorizontalSnappingController.swift
        //  AppStore
        //

        import UIKit

        class HorizontalSnappingController: UICollectionViewController {
            init() {
                let layout = BetterSnappingLayout()
                layout.scrollDirection = .horizontal
                super.init(collectionViewLayout: layout)
                collectionView.decelerationRate = .fast
            }

            required init?(coder aDecoder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }
        }

        class BetterSnappingLayout: UICollectionViewFlowLayout {
            override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
                guard let collectionView = collectionView else {
                    return super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
                }
                let targetRect = CGRect(x: proposedContentOffset.x, y: 0, width: collectionView.bounds.size.width, height: collectionView.bounds.height)
                var offsetAdjustment = CGFloat.greatestFiniteMagnitude
                let horizontalOffset = proposedContentOffset.x + collectionView.contentInset.left
                super.layoutAttributesForElements(in: targetRect)?.forEach { attributes in
                    let itemOffset = attributes.frame.origin.x
                    if abs(itemOffset - horizontalOffset) < abs(offsetAdjustment) {
                        offsetAdjustment = itemOffset - horizontalOffset
                    }
                }
                return CGPoint(x: proposedContentOffset.x + offsetAdjustment, y: proposedContentOffset.y)
            }
        }
        """

    static let reviewsController = """
        //
        //  ReviewsController.swift
        //  AppStore
        //

        import UIKit

        class ReviewsController: HorizontalSnappingController, UICollectionViewDelegateFlowLayout {
            var reviews: [String]? {
                didSet {
                    collectionView.reloadData()
                }
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(ReviewCell.self, forCellWithReuseIdentifier: "cellId")
                collectionView.contentInset = .init(top: 0, left: 16, bottom: 0, right: 16)
            }

            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                return reviews?.count ?? 0
            }

            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cellId", for: indexPath) as! ReviewCell
                cell.bodyLabel.text = reviews?[indexPath.item]
                return cell
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                return .init(width: view.frame.width - 48, height: view.frame.height)
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
                return 16
            }
        }

        class ReviewCell: UICollectionViewCell {
            let bodyLabel = UILabel()
        }
        """

    static let appStore = [
        "AppStore/BaseListController.swift": baseListController,
        "AppStore/MusicController.swift": musicController,
        "AppStore/HorizontalSnappingController.swift": horizontalSnappingController,
        "AppStore/ReviewsController.swift": reviewsController,
    ]

    /// The music screen: rows as wide as the view (390) and 100 tall, 10
    /// apart (the flow layout's default line spacing), then the footer of
    /// 100: items at y 0, 110, 220, the footer at 320, 420 in all.
    @Test func aScreenInheritsItsBaseControllersLayoutSizedByItsOwnDelegate() throws {
        let folder = try TranscriptCommandFolder(Self.appStore)
        try expectRun("sections 1 items=3; layout music-controller; visible; contentsize", plugin: "AppStore", in: folder, prints: """
            item 0:0 frame=0,0,390,100 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=0,110,390,100 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=0,220,390,100 zIndex=0 alpha=1 hidden=false
            footer 0 frame=0,320,390,100 zIndex=1 alpha=1 hidden=false
            4 elements
            390x420

            """)
    }

    /// The reviews screen inherits a layout of the sources' own class
    /// (`BetterSnappingLayout()`, horizontal) that its base builds in
    /// `init()`: cards 390 - 48 = 342 wide and as tall as the view (844),
    /// 16 apart, so the second starts at 358 and three need 3 x 342 + 2 x 16
    /// = 1058. (The content inset is set in viewDidLoad(), view code.)
    @Test func aScreenInheritsALayoutClassOfTheSourcesItsBaseBuilds() throws {
        let folder = try TranscriptCommandFolder(Self.appStore)
        let run = try run("sections 1 items=3; layout reviews-controller; visible; contentsize", plugin: "AppStore", in: folder)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            item 0:0 frame=0,0,342,844 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=358,0,342,844 zIndex=0 alpha=1 hidden=false
            2 elements
            1058x844

            """, "\(run)")
        #expect(run.stderr.contains("loaded base-list-controller (BaseListController), better-snapping-layout (BetterSnappingLayout), horizontal-snapping-controller (HorizontalSnappingController), music-controller (MusicController), reviews-controller (ReviewsController) from AppStore"), "\(run.stderr)")
    }
}
