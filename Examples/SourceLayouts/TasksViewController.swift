//
//  TasksViewController.swift
//
//  An inset-grouped list of tasks, today's and later ones, that swipe to
//  delete or to flag, with no separator under a section's last row: a
//  list configuration, as apps build their list screens since iOS 14.
//

import UIKit
import Foundation

final class TasksViewController: UIViewController {

    enum Section: Int, CaseIterable {
        case today, later
    }

    struct Task: Hashable {
        let id = UUID()
        var title: String
        var isFlagged = false
    }

    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, Task>!
    private var tasks: [Section: [Task]] = [:]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Tasks"
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        configureDataSource()
        applySnapshot()
    }

    private func createLayout() -> UICollectionViewLayout {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.backgroundColor = .systemGroupedBackground
        configuration.headerMode = .supplementary
        configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
            guard let self, let task = self.dataSource.itemIdentifier(for: indexPath) else { return nil }
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                self.delete(task)
                completion(true)
            }
            delete.image = UIImage(systemName: "trash")
            let flag = UIContextualAction(style: .normal, title: task.isFlagged ? "Unflag" : "Flag") { _, _, completion in
                self.toggleFlag(of: task)
                completion(true)
            }
            flag.backgroundColor = .systemOrange
            return UISwipeActionsConfiguration(actions: [delete, flag])
        }
        configuration.itemSeparatorHandler = { [weak self] indexPath, separatorConfiguration in
            var configuration = separatorConfiguration
            let lastRow = (self?.collectionView.numberOfItems(inSection: indexPath.section) ?? 0) - 1
            configuration.bottomSeparatorVisibility = indexPath.item == lastRow ? .hidden : .automatic
            return configuration
        }
        return UICollectionViewCompositionalLayout.list(using: configuration)
    }

    private func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Task> { cell, _, task in
            var content = cell.defaultContentConfiguration()
            content.text = task.title
            content.image = task.isFlagged ? UIImage(systemName: "flag.fill") : nil
            cell.contentConfiguration = content
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader) { header, _, indexPath in
            var content = header.defaultContentConfiguration()
            content.text = indexPath.section == Section.today.rawValue ? "Today" : "Later"
            header.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Task>(collectionView: collectionView) { collectionView, indexPath, task in
            collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: task)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }
    }

    private func applySnapshot(animatingDifferences: Bool = false) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Task>()
        snapshot.appendSections(Section.allCases)
        for section in Section.allCases {
            snapshot.appendItems(tasks[section] ?? [], toSection: section)
        }
        dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    private func delete(_ task: Task) {
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([task])
        dataSource.apply(snapshot)
    }

    private func toggleFlag(of task: Task) {
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([task])
        dataSource.apply(snapshot)
    }
}
