import Foundation
import StkTestSupport
import Testing

/// A screen that builds its layout with a helper it hands its view, as a
/// widely forked course app writes it: `UIHelper.createThreeColumnFlowLayout(in:
/// view)` in the method viewDidLoad() calls. The helper needs an argument, so
/// stk cannot call it alone; the screen's call runs as its layout function,
/// with the screen's `view` the collection view the layout is made for.
extension ViewControllerSourceTests {
    static let uiHelper = """
        //
        //  UIHelper.swift
        //  GHFollowers
        //

        import UIKit

        struct UIHelper {
            static func createThreeColumnFlowLayout(in view: UIView) -> UICollectionViewFlowLayout {
                let width = view.bounds.width
                let padding: CGFloat = 12
                let minimumItemSpacing: CGFloat = 10
                let availableWidth = width - (padding * 2) - (minimumItemSpacing * 2)
                let itemWidth = availableWidth / 3

                let flowLayout = UICollectionViewFlowLayout()
                flowLayout.sectionInset = UIEdgeInsets(top: padding, left: padding, bottom: padding, right: padding)
                flowLayout.itemSize = CGSize(width: itemWidth, height: itemWidth + 40)
                return flowLayout
            }
        }
        """

    static let followerList = """
        //
        //  FollowerListVC.swift
        //  GHFollowers
        //

        import UIKit

        struct Follower: Codable, Hashable {
            var login: String
            var avatarUrl: String
        }

        class FollowerListVC: UIViewController {
            enum Section { case main }

            var username: String!
            var followers: [Follower] = []
            var collectionView: UICollectionView!
            var dataSource: UICollectionViewDiffableDataSource<Section, Follower>!

            override func viewDidLoad() {
                super.viewDidLoad()
                configureViewController()
                configureCollectionView()
                configureDataSource()
            }

            func configureViewController() {
                view.backgroundColor = .systemBackground
                navigationController?.navigationBar.prefersLargeTitles = true
            }

            func configureCollectionView() {
                collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UIHelper.createThreeColumnFlowLayout(in: view))
                view.addSubview(collectionView)
                collectionView.backgroundColor = .systemBackground
                collectionView.register(FollowerCell.self, forCellWithReuseIdentifier: FollowerCell.reuseID)
            }

            func configureDataSource() {
                dataSource = UICollectionViewDiffableDataSource<Section, Follower>(collectionView: collectionView) { collectionView, indexPath, follower in
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: FollowerCell.reuseID, for: indexPath) as! FollowerCell
                    cell.set(follower: follower)
                    return cell
                }
            }
        }

        class FollowerCell: UICollectionViewCell {
            static let reuseID = "FollowerCell"
            let usernameLabel = UILabel()

            func set(follower: Follower) {
                usernameLabel.text = follower.login
            }
        }
        """

    /// 390 wide: (390 - 24 - 20) / 3 = 115.33 a cell, 155.33 tall, three a
    /// row inside insets of 12 with 10 between them: x 12, 137.33, 262.67;
    /// the second row at 12 + 155.33 + 10 = 177.33 (the flow layout's line
    /// spacing). Four cells are two rows: 12 + 155.33 x 2 + 10 + 12 = 344.67.
    @Test func aScreenThatHandsItsViewToALayoutHelperRegisters() throws {
        let folder = try TranscriptCommandFolder(["GHFollowers/UIHelper.swift": Self.uiHelper,
                                                  "GHFollowers/FollowerListVC.swift": Self.followerList])
        try expectItems(of: "follower-list-vc", plugin: "GHFollowers", in: folder, at: [
            "12,12,115.333333,155.333333", "137.333333,12,115.333333,155.333333",
            "262.666667,12,115.333333,155.333333", "12,177.333333,115.333333,155.333333",
        ], contentSize: "390x344.666667")
    }
}
