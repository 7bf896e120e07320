import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// The data-source boundary: a layout reads the data source and the delegate
/// and gets the model's answers, and a layout that hands out index paths the
/// model does not have (too short, too long, past the end) is warned about as
/// UIKit would, never a crash of the host.
@Suite struct DataSourceBoundaryTests {
    /// Answers its rect query with whatever index paths it was given, each a
    /// 10x10 cell at the origin.
    final class HostileLayout: CollectionViewLayout {
        var paths: [IndexPath] = []
        override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 100) }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            paths.map {
                let a = CollectionViewLayoutAttributes(forCellWith: $0)
                a.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                return a
            }
        }
    }

    @Test func indexPathsTheModelDoesNotHaveAreWarnedAboutNotFatal() throws {
        let layout = HostileLayout()
        let cv = try CollectionView(size: CGSize(width: 100, height: 100), layout: layout, itemCounts: [2])
        _ = cv.takeWarnings()
        layout.paths = [IndexPath(), IndexPath(indexes: [0, 1, 2]), IndexPath(item: 5, section: 9), IndexPath(item: 1, section: 0)]
        let recorder = EventRecorder()
        cv.observer = recorder
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        // The first that does not exist is named, in UIKit's words; only one.
        #expect(cv.takeWarnings() == ["UICollectionView received layout attributes for a cell with an index path that does not exist: () (layoutAttributesForElements(in:); UIKit raises an exception here)"])
        // The visible set keys elements by section and item (missing indexes
        // are 0, extra ones ignored): [] is 0:0, [0, 1, 2] is 0:1 like 0:1
        // itself, so three elements, and the host goes on.
        #expect(cv.visibleCount == 3)
        #expect(cv.indexPathsForVisibleItems.map(\.stk) == ["0:0", "0:1", "9:5"])
        #expect(IndexPath(indexes: [0, 1, 2]).stk == "0:1:2")
    }

    /// A frame that is not a number (a division by a zero count in a user's
    /// layout) is warned about, as Core Animation would throw, once per pass.
    @Test func aFrameThatIsNotFiniteIsWarnedAbout() throws {
        final class NaNLayout: CollectionViewLayout {
            override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 100) }
            override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
                (0..<2).map {
                    let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: $0, section: 0))
                    a.frame = CGRect(x: 0, y: CGFloat(0) / CGFloat(0), width: 10, height: .infinity)
                    return a
                }
            }
        }
        let layout = NaNLayout()
        let cv = try CollectionView(size: CGSize(width: 100, height: 100), layout: layout, itemCounts: [2])
        _ = cv.takeWarnings()
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(cv.takeWarnings() == ["the layout gave item 0:0 a frame that is not finite (0,nan,10,inf): UIKit raises CALayerInvalidGeometry (\"CALayer position contains NaN\") when the view takes it (layoutAttributesForElements(in:))"])
    }

    /// A layout that ignores the visible-element limit (a plugin answering
    /// with everything) is cut at it, and the pass is said to be over it.
    @Test func anAnswerPastTheVisibleLimitIsCutAndSaid() throws {
        let layout = HostileLayout()
        let cv = try CollectionView(size: CGSize(width: 100, height: 100), layout: layout, itemCounts: [10])
        _ = cv.takeVisibleLimitExceeded()
        cv.maximumVisibleElements = 5
        layout.paths = (0..<10).map { IndexPath(item: $0, section: 0) }
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(cv.takeVisibleLimitExceeded())
        #expect(cv.visibleCount == 5)
        // Within the limit: nothing said.
        cv.maximumVisibleElements = 10
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(!cv.takeVisibleLimitExceeded())
        #expect(cv.visibleCount == 10)
    }

    @Test func theDataSourceAndTheDelegateAnswerFromTheModel() throws {
        let layout = CollectionViewFlowLayout()
        let cv = try CollectionView(size: CGSize(width: 390, height: 844), layout: layout, itemCounts: [3, 0, 7])
        try cv.setItemSize(CGSize(width: 80, height: 20), at: IndexPath(item: 2, section: 2))
        let dataSource = try #require(cv.dataSource)
        #expect(dataSource.numberOfSections(in: cv) == 3)
        #expect((0..<3).map { dataSource.collectionView(cv, numberOfItemsInSection: $0) } == [3, 0, 7])
        let delegate = try #require(cv.delegate as? CollectionViewDelegateFlowLayout)
        #expect(delegate.collectionView(cv, layout: layout, sizeForItemAt: IndexPath(item: 2, section: 2)) == CGSize(width: 80, height: 20))
        // Past the end: the layout's own value (50x50 by default), not a crash.
        #expect(delegate.collectionView(cv, layout: layout, sizeForItemAt: IndexPath(item: 40, section: 7)) == CGSize(width: 50, height: 50))
        #expect(delegate.collectionView(cv, layout: layout, referenceSizeForHeaderInSection: 99) == layout.headerReferenceSize)
    }
}
