import Testing
@testable import SourceAdapter

/// A list configuration's swipe actions and separator handler: a finger and
/// the drawing of cells use them, and stk has neither. Their assignments are
/// left out, with what only their closures name (a delete that applies a
/// snapshot, contextual actions, images).
@Suite struct ViewOnlySettingsTests {
    @Test func swipeActionsAndSeparatorHandlersAreLeftOut() {
        let output = adapt([("TasksViewController.swift", """
            import UIKit

            final class TasksViewController: UIViewController {
                private var dataSource: UICollectionViewDiffableDataSource<Int, String>!

                private func createLayout() -> UICollectionViewLayout {
                    var config = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                    config.backgroundColor = .systemGroupedBackground
                    config.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
                        guard let self, let task = self.dataSource.itemIdentifier(for: indexPath) else { return nil }
                        let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                            self.delete(task)
                            completion(true)
                        }
                        delete.image = UIImage(systemName: "trash")
                        return UISwipeActionsConfiguration(actions: [delete])
                    }
                    config.itemSeparatorHandler = { indexPath, separator in
                        var separator = separator
                        separator.bottomSeparatorVisibility = indexPath.item == 0 ? .hidden : .automatic
                        return separator
                    }
                    return UICollectionViewCompositionalLayout.list(using: config)
                }

                private func delete(_ task: String) {
                    var snapshot = dataSource.snapshot()
                    snapshot.deleteItems([task])
                    dataSource.apply(snapshot)
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let lines = body(output).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Blanked where they stand: the lines that follow keep their numbers.
        #expect(lines[7].trimmingTrailingSpaces == "        config.backgroundColor = .systemGroupedBackground")
        #expect(lines[8...21].allSatisfy { $0.allSatisfy { $0 == " " } }, "\(lines[8...21])")
        #expect(lines[22].trimmingTrailingSpaces == "        return UICollectionViewCompositionalLayout.list(using: config)")
        #expect(!body(output).contains("func delete"), "only the left-out closure named it")
        #expect(output.report.notes.map(\.description).contains(
            "TasksViewController.swift:9:9: left out the assignment of trailingSwipeActionsConfigurationProvider: stk swipes nothing, so it is never asked (its closure is view code)"))
        #expect(output.report.notes.map(\.description).contains(
            "TasksViewController.swift:18:9: left out the assignment of itemSeparatorHandler: stk draws no separators, so it is never asked (its closure is view code)"))
    }
}
