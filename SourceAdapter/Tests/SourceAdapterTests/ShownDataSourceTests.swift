import Testing
@testable import SourceAdapter

/// A view controller's diffable data source that its section provider reads
/// (`dataSource.snapshot().sectionIdentifiers[sectionIndex]`): on iOS,
/// `configureDataSource()` makes it; stk leaves that view code out and makes
/// one bound to the collection view the layout is shown in.
@Suite struct ShownDataSourceTests {
    static let source = """
        import UIKit

        class SectionsViewController: UIViewController {
            enum Section: CaseIterable { case list, grid }
            typealias DataSource = UICollectionViewDiffableDataSource<Section, Int>

            var dataSource: UICollectionViewDiffableDataSource<Section, Int>! = nil
            private var otherSource: DataSource?
            var unreadSource: UICollectionViewDiffableDataSource<Section, Int>! = nil

            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { sectionIndex, _ in
                    let kind = self.dataSource.snapshot().sectionIdentifiers[sectionIndex]
                    let other = self.otherSource?.sectionIdentifier(for: sectionIndex)
                    let height: CGFloat = kind == .list && other == .list ? 44 : 100
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)))
                    return NSCollectionLayoutSection(group: .vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item]))
                }
            }

            private func configureDataSource() {
                dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) { cv, indexPath, item in
                    cv.dequeueConfiguredReusableCell(using: self.cellRegistration, for: indexPath, item: item)
                }
            }
        }
        """

    @Test func aDataSourceTheLayoutReadsIsMadeWhenTheLayoutIsShown() {
        let output = adapt([("SectionsViewController.swift", Self.source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = output.files[0].text
        // Both data sources the provider reads, the typealiased one by its alias.
        #expect(text.contains("; self.dataSource = UICollectionViewDiffableDataSource<Section, Int>(stkShowing: collectionView)"))
        #expect(text.contains("; self.otherSource = DataSource(stkShowing: collectionView)"))
        // One the layout code does not read is left out, and not made.
        #expect(!text.contains("self.unreadSource ="))
        // The view code that makes the app's own is left out.
        #expect(!text.contains("dequeueConfiguredReusableCell"))
    }
}
