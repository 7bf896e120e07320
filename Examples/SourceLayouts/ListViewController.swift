//
//  ListViewController.swift
//
//  An inset grouped list with section headers, the list configuration of a
//  compositional layout, in a collection view controller as an app writes it.
//

import UIKit

class ListViewController: UICollectionViewController {

    struct Item: Hashable {
        let title: String
        private let identifier = UUID()
    }

    private let sections: [(title: String, items: [Item])] = [
        ("Fruit", ["Apple", "Banana", "Cherry", "Kiwi"].map { Item(title: $0) }),
        ("Vegetables", ["Carrot", "Leek", "Pea"].map { Item(title: $0) }),
    ]

    private var dataSource: UICollectionViewDiffableDataSource<Int, Item>!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "List"
        collectionView.collectionViewLayout = createLayout()
        configureDataSource()
    }

    private func createLayout() -> UICollectionViewLayout {
        var config = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        config.headerMode = .supplementary
        return UICollectionViewCompositionalLayout.list(using: config)
    }

    private func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Item> { cell, indexPath, item in
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader) { [unowned self] header, _, indexPath in
            var content = header.defaultContentConfiguration()
            content.text = self.sections[indexPath.section].title
            header.contentConfiguration = content
        }

        dataSource = UICollectionViewDiffableDataSource<Int, Item>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }

        var snapshot = NSDiffableDataSourceSnapshot<Int, Item>()
        for (index, section) in sections.enumerated() {
            snapshot.appendSections([index])
            snapshot.appendItems(section.items, toSection: index)
        }
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
    }
}

@available(iOS 17.0, *)
#Preview("Inset grouped list") {
    UINavigationController(rootViewController: ListViewController(collectionViewLayout: UICollectionViewFlowLayout()))
}
