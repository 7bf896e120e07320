import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// A data source with counts of its own (the model's are what stk lays out;
/// this is what a layout that asks the data source reads).
final class FixedDataSource: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 42 }
    func numberOfSections(in collectionView: CollectionView) -> Int { 5 }
}

/// A data source that leaves numberOfSections(in:) to the protocol's default.
final class OneSectionDataSource: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 7 }
}

/// The members of the scroll view and the collection view that layouts read:
/// visible index paths, hit testing, the data source, views (none), traits,
/// margins.
///
/// The flow scene: items 50x50, spacing 10, in a 390-point-wide view: six items
/// a line with 90 spare points, so the five gaps are 18 and item i of a line
/// sits at x = 68 i; lines are 60 apart.
@Suite struct CollectionViewMembersTests {
    func flow(_ counts: [Int], header: CGFloat = 0, layout: CollectionViewFlowLayout = CollectionViewFlowLayout()) throws -> CollectionView {
        layout.headerReferenceSize = size(0, header)
        let cv = try CollectionView(layout: layout, itemCounts: counts)
        return cv
    }

    // MARK: Visible index paths

    @Test func indexPathsForVisibleItemsAreSortedAndAreTheVisibleCells() throws {
        // Two sections of 100: section 0 is 17 lines (1010 tall), section 1 starts
        // at 1010. At offset 900, 900..1744 meets section 0's lines 15 and 16
        // (900..950, 960..1010: items 90-99) and section 1's lines 0 to 12
        // (1010 + 60 x 12 = 1730 < 1744: items 0-77).
        let cv = try flow([100, 100])
        try cv.setContentOffset(CGPoint(x: 0, y: 900))
        let paths = cv.indexPathsForVisibleItems
        #expect(paths == (90..<100).map { .ip(0, $0) } + (0..<78).map { .ip(1, $0) })
        #expect(paths == paths.sorted())
        let cells = cv.visibleAttributes.values.filter { $0.representedElementCategory == .cell }.map(\.indexPath)
        #expect(Set(paths) == Set(cells) && paths.count == cells.count)
    }

    @Test func visibleSupplementaryElementsByKind() throws {
        // Headers 40 tall: section s spans 1050 s .. 1050 (s + 1). The default 844
        // view at 0 shows header 0 only; at 1000 (1000..1844) header 1 (1050) too
        // appears, and header 0 is gone.
        let cv = try flow([100, 100, 100], header: 40)
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: ElementKind.sectionHeader) == [.ip(0, 0)])
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: ElementKind.sectionHeader) == [.ip(1, 0)])
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: ElementKind.sectionFooter).isEmpty)
        // Forwarded to the layout.
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: ElementKind.sectionHeader, at: .ip(1, 0))?.frame == rect(0, 1050, 390, 40))
        #expect(cv.layoutAttributesForItem(at: .ip(1, 7))?.frame == rect(68, 1150, 50, 50))
        #expect(cv.layoutAttributesForItem(at: .ip(1, 7))?.isEqual(cv.collectionViewLayout.layoutAttributesForItem(at: .ip(1, 7))) == true)
    }

    // MARK: Hit testing

    @Test func indexPathForItemAtAPoint() throws {
        let cv = try flow([20])
        #expect(cv.indexPathForItem(at: CGPoint(x: 25, y: 25)) == .ip(0, 0))
        // Line 1 (60..110), item 1 of the line (68..118): item 7.
        #expect(cv.indexPathForItem(at: CGPoint(x: 70, y: 70)) == .ip(0, 7))
        // The top-left corner belongs to the item.
        #expect(cv.indexPathForItem(at: CGPoint(x: 68, y: 60)) == .ip(0, 7))
        // In a gap between items (50..68) or between lines (50..60): none.
        #expect(cv.indexPathForItem(at: CGPoint(x: 59, y: 25)) == nil)
        #expect(cv.indexPathForItem(at: CGPoint(x: 25, y: 55)) == nil)
        // Past the content (20 items: 4 lines, 230 tall): none, even off screen.
        #expect(cv.indexPathForItem(at: CGPoint(x: 25, y: 5000)) == nil)
        // Items off screen are found too (as in UIKit, the point is in content coordinates).
        // 600 items: line 83 spans 60 x 83 = 4980 ..< 5030, far below the view;
        // its first item is 83 x 6 = 498. 5035 is in the gap after it.
        let many = try flow([600])
        #expect(many.indexPathForItem(at: CGPoint(x: 25, y: 5000)) == .ip(0, 498))
        #expect(many.indexPathForItem(at: CGPoint(x: 25, y: 5035)) == nil)
    }

    @Test func theTopmostItemWins() throws {
        // The first item sticks under the top while its section scrolls (zIndex 3):
        // at offset 120 it sits at 120..170, over item 12 (line 2: 120..170, x 0..50).
        let cv = try flow([100], layout: StickyFirstItemLayout())
        try cv.setContentOffset(CGPoint(x: 0, y: 120))
        #expect(cv.layoutAttributesForItem(at: .ip(0, 0))?.frame == rect(0, 120, 50, 50))
        #expect(cv.indexPathForItem(at: CGPoint(x: 25, y: 130)) == .ip(0, 0))
        // Beside it, item 13 (68..118) is alone.
        #expect(cv.indexPathForItem(at: CGPoint(x: 70, y: 130)) == .ip(0, 13))
    }

    @Test func headersAreNotItems() throws {
        // Header 0 spans 0..40; items start at 40.
        let cv = try flow([10], header: 40)
        #expect(cv.indexPathForItem(at: CGPoint(x: 25, y: 20)) == nil)
        #expect(cv.indexPathForItem(at: CGPoint(x: 25, y: 60)) == .ip(0, 0))
    }

    // MARK: The data source

    @Test func theModelDataSourceAnswersTheModelsCounts() throws {
        let cv = try flow([3, 0, 5])
        let dataSource = try #require(cv.dataSource)
        #expect(dataSource === ModelDataSource.shared)
        #expect(dataSource.numberOfSections(in: cv) == 3)
        #expect((0..<3).map { dataSource.collectionView(cv, numberOfItemsInSection: $0) } == [3, 0, 5])
        // It follows the data.
        try cv.performBatchUpdates([.insertItem(.ip(1, 0)), .deleteSection(2)])
        #expect(dataSource.numberOfSections(in: cv) == 2)
        #expect((0..<2).map { dataSource.collectionView(cv, numberOfItemsInSection: $0) } == [3, 1])
    }

    @Test func anInstalledDataSourceIsWhatLayoutsReadNotWhatStkLaysOut() throws {
        let cv = try flow([3])
        let installed = FixedDataSource()
        cv.dataSource = installed
        #expect(cv.dataSource === installed)
        #expect(cv.dataSource?.numberOfSections(in: cv) == 5)
        #expect(cv.numberOfSections == 1 && cv.numberOfItems(inSection: 0) == 3)
        // One that leaves numberOfSections(in:) out has one section, as in UIKit.
        let single = OneSectionDataSource()
        cv.dataSource = single
        #expect(cv.dataSource?.numberOfSections(in: cv) == 1)
        // Removed, the model's is back.
        cv.dataSource = nil
        #expect(cv.dataSource === ModelDataSource.shared)
    }

    // MARK: Views

    @Test func thereAreNoViews() throws {
        let cv = try flow([10], header: 40)
        #expect(!cv.indexPathsForVisibleItems.isEmpty)
        #expect(cv.cellForItem(at: .ip(0, 0)) == nil)
        #expect(cv.visibleCells.isEmpty)
        #expect(cv.supplementaryView(forElementKind: ElementKind.sectionHeader, at: .ip(0, 0)) == nil)
    }

    // MARK: Traits and margins

    @Test func sizeClassesFollowTheBounds() throws {
        let cv = try flow([10])
        // 390 wide (< 600): compact; 844 tall (>= 500): regular.
        #expect(cv.traitCollection.horizontalSizeClass == .compact)
        #expect(cv.traitCollection.verticalSizeClass == .regular)
        // Rotated, 844x390: compact both ways, as UIKit makes a 390x844 iPhone
        // in landscape (wide enough, but under 500 high).
        try cv.setBoundsSize(size(844, 390))
        #expect(cv.traitCollection.horizontalSizeClass == .compact)
        #expect(cv.traitCollection.verticalSizeClass == .compact)
        // An iPad, either way: regular both ways.
        try cv.setBoundsSize(size(1024, 768))
        #expect(cv.traitCollection.horizontalSizeClass == .regular && cv.traitCollection.verticalSizeClass == .regular)
        // The thresholds: 600 wide is regular, 599 compact; 500 tall is regular, 499 compact.
        try cv.setBoundsSize(size(600, 500))
        #expect(cv.traitCollection.horizontalSizeClass == .regular && cv.traitCollection.verticalSizeClass == .regular)
        try cv.setBoundsSize(size(599, 500))
        #expect(cv.traitCollection.horizontalSizeClass == .compact && cv.traitCollection.verticalSizeClass == .regular)
        try cv.setBoundsSize(size(600, 499))
        #expect(cv.traitCollection.horizontalSizeClass == .compact && cv.traitCollection.verticalSizeClass == .compact)
        #expect(cv.traitCollection.layoutDirection == .leftToRight)
        #expect(cv.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test func displayScale() throws {
        let cv = try flow([10])
        #expect(cv.displayScale == 3 && cv.traitCollection.displayScale == 3)
        cv.displayScale = 2
        #expect(cv.traitCollection.displayScale == 2)
        // A replica keeps it.
        #expect(try cv.makeReplica(layout: CollectionViewFlowLayout()).traitCollection.displayScale == 2)
    }

    @Test func layoutMargins() throws {
        let cv = try flow([10])
        #expect(cv.layoutMargins == EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        #expect(cv.directionalLayoutMargins == cv.layoutMargins)
        // Setting them does not invalidate the layout (as in UIKit).
        let recorder = cv.startRecording()
        cv.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        cv.layoutIfNeeded()
        #expect(recorder.events.isEmpty)
        #expect(cv.directionalLayoutMargins == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        cv.directionalLayoutMargins = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        #expect(cv.layoutMargins == EdgeInsets(top: 0, left: 20, bottom: 0, right: 20))
    }
}
