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

    /// Made lazily, as many apps do: `lazy var dataSource = makeDataSource()`
    /// (through a typealias), one with its type written made in a closure,
    /// and one made where it is declared. The making, cell registrations
    /// and all, is left out; the type stays, with what it names.
    @Test func lazyDataSourcesBecomeOnesStkMakes() {
        let output = adapt([("VideosViewController.swift", """
            import UIKit

            final class VideosViewController: UICollectionViewController {
                enum Section: CaseIterable { case featured, all }
                struct Video: Hashable { let title: String }
                typealias DataSource = UICollectionViewDiffableDataSource<Section, Video>

                private lazy var dataSource = makeDataSource()
                private lazy var typed: DataSource = {
                    DataSource(collectionView: collectionView) { cv, path, video in VideoCell.dequeue(cv, path) }
                }()
                private lazy var inline = UICollectionViewDiffableDataSource<Section, Video>(collectionView: collectionView) { cv, path, video in
                    VideoCell.dequeue(cv, path)
                }

                func makeDataSource() -> DataSource {
                    DataSource(collectionView: collectionView) { cv, path, video in VideoCell.dequeue(cv, path) }
                }

                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { index, _ in
                        let kinds = [self.dataSource.sectionIdentifier(for: index), self.typed.sectionIdentifier(for: index),
                                     self.inline.sectionIdentifier(for: index)]
                        let height: CGFloat = kinds.allSatisfy { $0 == .featured } ? 200 : 80
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)))
                        return NSCollectionLayoutSection(group: .vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item]))
                    }
                }
            }

            final class VideoCell: UICollectionViewCell {
                static func dequeue(_ cv: UICollectionView, _ path: IndexPath) -> UICollectionViewCell { VideoCell() }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let text = output.files[0].text
        let lines = bodyLines(output)
        // `lazy` and the making blanked, the type written: columns stay where they were.
        #expect(lines[7].trimmingTrailingSpaces == "    private      var dataSource : DataSource!")
        #expect(lines[8].trimmingTrailingSpaces == "    private      var typed: DataSource!")
        #expect(lines[11].trimmingTrailingSpaces == "    private      var inline : UICollectionViewDiffableDataSource<Section, Video>!")
        #expect(!text.contains("VideoCell"), "the cell the left-out code made goes")
        #expect(!text.contains("func makeDataSource"), "the function that made one goes")
        #expect(text.contains("struct Video: Hashable") && text.contains("typealias DataSource"))
        #expect(text.contains("; self.dataSource = DataSource(stkShowing: collectionView); self.typed = DataSource(stkShowing: collectionView); self.inline = UICollectionViewDiffableDataSource<Section, Video>(stkShowing: collectionView)"))
        #expect(output.report.notes.map(\.description).contains(
            "VideosViewController.swift:8:22: VideosViewController.dataSource is a data source stk makes, bound to the collection view the layout is installed in, with stk's identifiers: the code that makes it is view code, left out"))
    }
}
