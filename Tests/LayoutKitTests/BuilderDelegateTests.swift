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
        let cv = try CollectionView(layout: ProductsViewController().makeLayout(), itemCounts: [2])
        cv.layoutIfNeeded()
        #expect(cv.installedDelegate is ProductsViewController)
        #expect(cv.installedDelegate === (cv.collectionViewLayout.__stkRetainedBuilder as? ProductsViewController))
        #expect(cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 205, y: 0, width: 185, height: 80))
    }

    /// Replaced by a layout built by no one, the view controller is no longer
    /// the delegate; a delegate someone else installed stays in both cases.
    @Test func anotherLayoutTakesTheBuildersDelegateAwayButNotAnInstalledOne() throws {
        let cv = try CollectionView(layout: ProductsViewController().makeLayout(), itemCounts: [2])
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

    /// A layout's own delegate protocol refining UICollectionViewDelegate, as
    /// waterfall libraries declare theirs, read through the collection view
    /// (`collectionView?.delegate as? MosaicLayoutDelegate`): the view
    /// controller that built the layout answers it, though it is no flow delegate.
    protocol MosaicLayoutDelegate: CollectionViewDelegate {
        func collectionView(_ collectionView: CollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat
    }

    final class MosaicLayout: CollectionViewLayout {
        var heights: [CGFloat] = []
        override func prepare() {
            guard let cv = collectionView, cv.numberOfSections > 0 else { return }
            let delegate = cv.delegate as? MosaicLayoutDelegate
            heights = (0..<cv.numberOfItems(inSection: 0)).map { delegate?.collectionView(cv, heightForItemAt: IndexPath(item: $0, section: 0)) ?? 44 }
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            var y: CGFloat = 0
            return heights.enumerated().map { item, height in
                let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                a.frame = CGRect(x: 0, y: y, width: 390, height: height)
                y += height
                return a
            }
        }
    }

    final class StoriesViewController: MosaicLayoutDelegate {
        func createLayout() -> CollectionViewLayout {
            let layout = MosaicLayout()
            layout.__stkRetainedBuilder = self
            return layout
        }
        func collectionView(_ collectionView: CollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat {
            indexPath.item % 2 == 0 ? 100 : 60
        }
    }

    /// Heights 100, 60, 100 from the view controller (44 each from no one).
    @Test func aLayoutAsksTheBuilderAsItsOwnDelegateProtocol() throws {
        let cv = try CollectionView(layout: StoriesViewController().createLayout(), itemCounts: [3])
        cv.layoutIfNeeded()
        #expect(cv.installedDelegate is StoriesViewController && cv.installedFlowDelegate == nil)
        #expect(cv.visibleAttributes[.cell(IndexPath(item: 2, section: 0))]?.frame == CGRect(x: 0, y: 160, width: 390, height: 100))
        // Asked as a flow delegate, the builder is none: flow layouts read stk's model for sizes.
        #expect(!(cv.delegate is CollectionViewDelegateFlowLayout))
    }
}
