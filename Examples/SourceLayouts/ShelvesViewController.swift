//
//  ShelvesViewController.swift
//
//  A games store's shelves: a featured carousel, then shelves of small
//  tiles, each section a model value with its own identity. The section
//  provider asks the data source which kind of section it lays out.
//

import UIKit
import Foundation

struct Shelf: Hashable {
    let id = UUID()
    let kind: Kind
    let title: String
    let games: [Game]

    init(kind: Kind, title: String = "", games: [Game] = []) {
        self.kind = kind
        self.title = title
        self.games = games
    }

    enum Kind: String {
        case featured
        case tiles
    }
}

struct Game: Hashable {
    let id = UUID()
    var name: String
    var price: Decimal?
}

final class ShelfHeaderView: UICollectionReusableView {
    static let kind = "shelf-header"
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .preferredFont(forTextStyle: .title2)
        addSubview(label)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class ShelvesViewController: UIViewController {

    private var dataSource: UICollectionViewDiffableDataSource<Shelf, Game>!
    private var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        configureDataSource()
    }
}

extension ShelvesViewController {
    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [weak self] sectionIndex, environment in
            guard let self = self else { return nil }
            let shelf = self.dataSource.snapshot().sectionIdentifiers[sectionIndex]

            switch shelf.kind {
            case .featured:
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                     heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.9),
                                                                                                  heightDimension: .absolute(250)),
                                                               subitems: [item])
                group.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5)
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                return section
            case .tiles:
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                     heightDimension: .absolute(80)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.9),
                                                                                                heightDimension: .absolute(240)),
                                                             subitem: item, count: 3)
                group.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5)
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                let header = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                    elementKind: ShelfHeaderView.kind, alignment: .top)
                section.boundarySupplementaryItems = [header]
                return section
            }
        }
    }

    private func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Game> { cell, _, game in
            var content = cell.defaultContentConfiguration()
            content.text = game.name
            cell.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource<Shelf, Game>(collectionView: collectionView) { collectionView, indexPath, game in
            collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: game)
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<ShelfHeaderView>(elementKind: ShelfHeaderView.kind) { [weak self] header, _, indexPath in
            header.label.text = self?.dataSource.snapshot().sectionIdentifiers[indexPath.section].title
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }

        let shelves = [
            Shelf(kind: .featured, games: (1...4).map { Game(name: "Featured \($0)") }),
            Shelf(kind: .tiles, title: "New This Week", games: (1...9).map { Game(name: "Game \($0)") }),
        ]
        var snapshot = NSDiffableDataSourceSnapshot<Shelf, Game>()
        snapshot.appendSections(shelves)
        shelves.forEach { snapshot.appendItems($0.games, toSection: $0) }
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
