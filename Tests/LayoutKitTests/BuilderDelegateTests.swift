import Foundation
import LayoutKit
import StkTestSupport
import Testing

/// A view controller that builds a flow layout and sizes its items as the
/// collection view's flow delegate: on iOS it is the delegate of the
/// collection view it shows the layout in. stk keeps it with the layout
/// (`__stkRetainedBuilder`, set by the registration of a source plugin's
/// layout function) and installs it as the delegate with the layout.
@Suite struct BuilderDelegateTests {
    final class ProductsViewController: CollectionViewDelegateFlowLayout {
        func makeLayout() -> CollectionViewLayout {
            let layout = CollectionViewFlowLayout()
            layout.__stkRetainedBuilder = self
            return layout
        }

        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            CGSize(width: collectionView.bounds.width / 2 - 10, height: 80)
        }
    }

    final class OtherDelegate: CollectionViewDelegateFlowLayout {}

    /// A layout function's layout: the view controller that built it is the
    /// delegate, and its answer sizes the items (185 = 390 / 2 - 10).
    @Test func theViewControllerThatBuiltTheLayoutIsTheDelegate() throws {
        let cv = CollectionView(layout: ProductsViewController().makeLayout())
        try cv.reloadData(itemCounts: [2])
        cv.layoutIfNeeded()
        #expect(cv.installedDelegate is ProductsViewController)
        #expect(cv.installedDelegate === (cv.collectionViewLayout.__stkRetainedBuilder as? ProductsViewController))
        #expect(cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 205, y: 0, width: 185, height: 80))
    }

    /// Replaced by a layout built by no one, the view controller is no longer
    /// the delegate; a delegate someone else installed stays in both cases.
    @Test func anotherLayoutTakesTheBuildersDelegateAwayButNotAnInstalledOne() throws {
        let cv = CollectionView(layout: ProductsViewController().makeLayout())
        try cv.reloadData(itemCounts: [2])
        try cv.setCollectionViewLayout(CollectionViewFlowLayout())
        #expect(cv.installedDelegate == nil)
        try cv.setCollectionViewLayout(ProductsViewController().makeLayout())
        #expect(cv.installedDelegate is ProductsViewController)
        #expect(cv.installedDelegate === (cv.collectionViewLayout.__stkRetainedBuilder as? ProductsViewController))

        let other = OtherDelegate()
        let installed = CollectionView(layout: CollectionViewFlowLayout())
        installed.delegate = other
        try installed.setCollectionViewLayout(ProductsViewController().makeLayout())
        #expect(installed.installedDelegate === other)
        try installed.setCollectionViewLayout(CollectionViewFlowLayout())
        #expect(installed.installedDelegate === other)
    }
}
