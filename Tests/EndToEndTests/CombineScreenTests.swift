import Foundation
import StkTestSupport
import Testing

/// A screen that imports Combine, as apps written since iOS 13 do: its view
/// model publishes the column count with `@Published`, and its layout's
/// visible-items handler sends the page it shows on a `PassthroughSubject`.
/// stk's Combine has those names, so the file loads as it is.
@Suite struct CombineScreenTests {
    static let gallery = """
        import Combine
        import UIKit

        final class GalleryViewModel {
            @Published var columns = 2
            let visiblePage = PassthroughSubject<Int, Never>()
        }

        final class GalleryViewController: UIViewController {
            private let viewModel: GalleryViewModel
            private var cancellables = Set<AnyCancellable>()
            private var page = 0

            init(viewModel: GalleryViewModel = GalleryViewModel()) {
                self.viewModel = viewModel
                super.init(nibName: nil, bundle: nil)
                viewModel.visiblePage
                    .sink { [weak self] page in self?.page = page }
                    .store(in: &cancellables)
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            func createLayout() -> UICollectionViewLayout {
                let fraction = 1.0 / CGFloat(viewModel.columns)
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(fraction),
                                                                                     heightDimension: .fractionalHeight(1.0)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                                                  heightDimension: .absolute(150)),
                                                               subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.visibleItemsInvalidationHandler = { [weak self] _, offset, environment in
                    self?.viewModel.visiblePage.send(Int(offset.y / environment.container.contentSize.height))
                }
                return UICollectionViewCompositionalLayout(section: section)
            }
        }

        """

    /// Two columns, the view model's: items 195 wide, two a row 150 high;
    /// item 0:3 on the second row. The handler sends as the view scrolls.
    @Test func aScreenThatImportsCombineLoadsAsItIs() throws {
        let result = try StkProcess.runSource(named: "GalleryViewController.swift", Self.gallery,
                                              script: "layout gallery-view-controller; sections 1 items=6; scroll to 0,100; attr item 0:3")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["item 0:3 frame=195,150,195,150 zIndex=0 alpha=1 hidden=false"], "\(result)")
        #expect(!result.stderr.contains("import Combine"), "\(result)")
    }
}
