import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// Self-sizing in compositional layouts beyond a list's rows
/// (docs/semantics.md, "Self-sizing"): a measured item moves the items after
/// it along its group's axis, an estimated group ends where its items end, an
/// orthogonal row's groups follow their measured widths and the row is as
/// thick as its thickest group. Numbers derived by hand in each test.
private extension CollectionView {
    /// Cell `indexPath` is displayed and measures `size`; the layout pass
    /// that follows places the measurement.
    func measure(_ indexPath: IndexPath, as size: CGSize) throws {
        try setPreferredSize(size, at: indexPath)
        layoutIfNeeded()
    }
}

@Suite struct CompositionalSelfSizingTests {
    /// Chips, as apps write them: items `.estimated(100)` wide and 32 high, one
    /// per group, the group estimated as wide; 8 between groups, section
    /// insets 8 / 16 / 8 / 16, a 30-high header. `estimatedHeight` makes the
    /// item and group heights `.estimated(32)` instead of `.absolute(32)`.
    static func chips(orthogonal: Bool, estimatedHeight: Bool = false,
                      behavior: OrthogonalScrollingBehavior = .continuous) -> CollectionViewCompositionalLayout {
        let height: CollectionLayoutDimension = estimatedHeight ? .estimated(32) : .absolute(32)
        let item = CL.item(.estimated(100), height)
        let groupWidth: CollectionLayoutDimension = orthogonal ? .estimated(100) : .fractionalWidth(1)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(groupWidth, height), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        if orthogonal { section.orthogonalScrollingBehavior = behavior }
        section.interGroupSpacing = 8
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let header = CollectionLayoutBoundarySupplementaryItem(layoutSize: CL.size(.fractionalWidth(1), .absolute(30)),
                                                               elementKind: ElementKind.sectionHeader, alignment: .topLeading)
        section.boundarySupplementaryItems = [header]
        return CollectionViewCompositionalLayout(section: section)
    }

    /// The live layout answers as a fresh one told the same measurements.
    /// A layout of one section of `group`, in a collection view of `counts`,
    /// and what makes it again (for expectSameAsFresh).
    func oneSection(_ group: CollectionLayoutGroup, _ counts: [Int]) throws
        -> (layout: CollectionViewCompositionalLayout, cv: CollectionView, make: () -> CollectionViewCompositionalLayout) {
        let make = { CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)) }
        let layout = make()
        return (layout, try compositionalView(layout, counts), make)
    }

    func expectSameAsFresh(_ cv: CollectionView, _ make: () -> CollectionViewLayout) throws {
        let replica = try cv.makeReplica(layout: make())
        let problems = differences(cv.visibleAttributes, replica.visibleAttributes)
        #expect(problems.isEmpty, "\(problems)")
        #expect(cv.collectionViewLayout.collectionViewContentSize == replica.collectionViewLayout.collectionViewContentSize)
    }

    @Test func aRowOfChipsFollowsTheMeasuredWidths() throws {
        // Header 0 ..< 30; the row at y = 30 + 8 = 38. Group g starts at
        // x = 16 + 108 g while nothing is measured. Chip 1 measures 60 wide and
        // chip 2 150: chip 1 at 124 (60 wide, ends 184), chip 2 at 184 + 8 = 192
        // (ends 342), chip 3 at 350, chip 4 at 350 + 108 = 458.
        let layout = Self.chips(orthogonal: true)
        let cv = try compositionalView(layout, [5])
        #expect(layout.cell(0, 2) == CGRect(x: 232, y: 38, width: 100, height: 32))
        try cv.setPreferredSize(CGSize(width: 60, height: 32), at: .ip(0, 1))
        try cv.setPreferredSize(CGSize(width: 150, height: 32), at: .ip(0, 2))
        cv.layoutIfNeeded()
        #expect(layout.cell(0, 0) == CGRect(x: 16, y: 38, width: 100, height: 32))
        #expect(layout.cell(0, 1) == CGRect(x: 124, y: 38, width: 60, height: 32))
        #expect(layout.cell(0, 2) == CGRect(x: 192, y: 38, width: 150, height: 32))
        #expect(layout.cell(0, 3) == CGRect(x: 350, y: 38, width: 100, height: 32))
        #expect(layout.cell(0, 4) == CGRect(x: 458, y: 38, width: 100, height: 32))
        // The row: 16 + (100 + 60 + 150 + 100 + 100) + 4 x 8 + 16 = 574 long.
        #expect(layout.orthogonalRow(ofSection: 0)?.contentLength == 574)
        try expectSameAsFresh(cv) { Self.chips(orthogonal: true) }
        // Scrolled to its end, 574 - 390 = 184 (asked for 200): chip 4
        // (458 ..< 558) shows at 458 - 184 = 274, and chip 0 is gone.
        try cv.scrollOrthogonalSection(0, to: 200)
        #expect(layout.cell(0, 4)?.minX == 274)
        #expect(cv.visibleAttributes[.cell(.ip(0, 4))] != nil)
        #expect(cv.visibleAttributes[.cell(.ip(0, 0))] == nil)
        try expectSameAsFresh(cv) { Self.chips(orthogonal: true) }
    }

    @Test func aRowIsAsThickAsItsThickestMeasuredChip() throws {
        // Heights estimated 32; chip 0:1 measures 100 x 50. Section 0: header
        // 0 ..< 30, the row from 38, now 50 thick, ends 88, inset 8: section 1's
        // header at 96, its row at 96 + 30 + 8 = 134 (32 thick), the content
        // 134 + 32 + 8 = 174 high. Chip 0:0, not measured, keeps 32.
        let layout = Self.chips(orthogonal: true, estimatedHeight: true)
        let cv = try compositionalView(layout, [5, 5])
        #expect(layout.collectionViewContentSize.height == 156)
        try cv.measure(.ip(0, 1), as: CGSize(width: 100, height: 50))
        #expect(layout.cell(0, 0) == CGRect(x: 16, y: 38, width: 100, height: 32))
        #expect(layout.cell(0, 1) == CGRect(x: 124, y: 38, width: 100, height: 50))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame.minY == 96)
        #expect(layout.cell(1, 0)?.minY == 134)
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 174))
        try expectSameAsFresh(cv) { Self.chips(orthogonal: true, estimatedHeight: true) }
    }

    @Test func aMeasuredItemMovesTheItemsBelowItInAVerticalGroup() throws {
        // A vertical group .estimated(88) high of items .estimated(44): two per
        // group. Item 0:0 measures 100 high: item 0:1 moves to y 100, the group
        // ends at 144, where group 1 (items 0:2, 0:3) starts.
        let item = CL.item(.fractionalWidth(1), .estimated(44))
        let group = CollectionLayoutGroup.vertical(layoutSize: CL.size(.fractionalWidth(1), .estimated(88)), subitems: [item])
        let (layout, cv, make) = try oneSection(group, [4])
        #expect(layout.cell(0, 1) == CGRect(x: 0, y: 44, width: 390, height: 44))
        try cv.measure(.ip(0, 0), as: CGSize(width: 390, height: 100))
        #expect(layout.cell(0, 1) == CGRect(x: 0, y: 100, width: 390, height: 44))
        #expect(layout.cell(0, 2) == CGRect(x: 0, y: 144, width: 390, height: 44))
        #expect(layout.collectionViewContentSize.height == 232)
        try expectSameAsFresh(cv, make)
    }

    @Test func aPartlyFilledEstimatedGroupIsAsLongAsWhatItHolds() throws {
        // A vertical group .estimated(1000) high of items .estimated(300):
        // three per group. Two items fill two slots: their group, unmeasured,
        // is 2 x 300 = 600 high, not 900; five items are a full group of 900
        // and one of 600, 1500 in all. Measured at 100 each, two items are 200,
        // as the measured path has it.
        let item = CL.item(.fractionalWidth(1), .estimated(300))
        let group = CollectionLayoutGroup.vertical(layoutSize: CL.size(.fractionalWidth(1), .estimated(1000)), subitems: [item])
        let (layout, cv, make) = try oneSection(group, [2])
        #expect(layout.collectionViewContentSize.height == 600)
        try expectSameAsFresh(cv, make)
        try cv.reloadData(itemCounts: [5])
        cv.layoutIfNeeded()
        #expect(layout.cell(0, 4) == CGRect(x: 0, y: 1200, width: 390, height: 300))
        #expect(layout.collectionViewContentSize.height == 1500)
        try cv.reloadData(itemCounts: [2])
        try cv.measure(.ip(0, 0), as: CGSize(width: 390, height: 100))
        try cv.measure(.ip(0, 1), as: CGSize(width: 390, height: 100))
        #expect(layout.collectionViewContentSize.height == 200)
    }

    @Test func aRowMeasuredShorterThanItsEstimateShrinks() throws {
        // A plain list, rows .estimated(44); row 1 measures 30: rows at 0, 44,
        // 74, 118; the content 162 high. The estimate is only an estimate.
        let layout = CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain))
        let cv = try compositionalView(layout, [4])
        try cv.measure(.ip(0, 1), as: CGSize(width: 390, height: 30))
        #expect(layout.cell(0, 1) == CGRect(x: 0, y: 44, width: 390, height: 30))
        #expect(layout.cell(0, 2) == CGRect(x: 0, y: 74, width: 390, height: 44))
        #expect(layout.collectionViewContentSize.height == 162)
    }

    @Test func aRowSnapsToTheGroupsWhereTheyNowStart() throws {
        // Nine chips; chip 1 measures 60 and chip 2 150: groups start (from the
        // leading inset) at 0, 108, 176, 334, 442, ... A row at rest at 200
        // snaps to the nearest leading boundary, 176 (uniform groups 108 apart
        // would give 216).
        let layout = Self.chips(orthogonal: true, behavior: .continuousGroupLeadingBoundary)
        let cv = try compositionalView(layout, [9])
        try cv.setPreferredSize(CGSize(width: 60, height: 32), at: .ip(0, 1))
        try cv.setPreferredSize(CGSize(width: 150, height: 32), at: .ip(0, 2))
        cv.layoutIfNeeded()
        try cv.scrollOrthogonalSection(0, to: 200)
        #expect(try layout.orthogonalRestingOffset(ofSection: 0, velocity: 0, decelerationRate: 0.998) == 176)
    }

    /// Tags: items `.estimated(100)` wide, 8 apart, in a group as wide as the
    /// section (390 - 2 x 16 = 358), 32 high; groups 8 apart, a 30-high header.
    static func tags(estimatedHeight: Bool = false) -> CollectionViewCompositionalLayout {
        let height: CollectionLayoutDimension = estimatedHeight ? .estimated(32) : .absolute(32)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), height), subitems: [CL.item(.estimated(100), height)])
        group.interItemSpacing = .fixed(8)
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        section.boundarySupplementaryItems = [CollectionLayoutBoundarySupplementaryItem(
            layoutSize: CL.size(.fractionalWidth(1), .absolute(30)), elementKind: ElementKind.sectionHeader, alignment: .top)]
        return CollectionViewCompositionalLayout(section: section)
    }

    /// A tag measured wider than its group (358) overflows it, as an item
    /// given that width does, with the solver's warning; one that fits, 358
    /// exactly, warns of nothing.
    @Test func aTagMeasuredWiderThanItsGroupWarns() throws {
        let layout = Self.tags()
        let cv = try compositionalView(layout, [3])
        try cv.measure(.ip(0, 0), as: CGSize(width: 358, height: 32))
        #expect(layout.layoutWarnings.isEmpty, "\(layout.layoutWarnings)")
        try cv.measure(.ip(0, 1), as: CGSize(width: 400, height: 32))
        #expect(layout.layoutWarnings == ["NSCollectionLayoutGroup: item 0:1 measured 400 long does not fit its group 358 long; the group holds it and overflows"])
        #expect(layout.cell(0, 1)?.width == 400)
    }

    /// Apple's news feed: rows `.fractionalWidth(1)` wide and `.estimated(100)`
    /// high, in a section inset 10 on each side (370 wide). A cell that
    /// prefers the screen's width, 390 x 180, keeps the row's 370 (its width
    /// is not estimated) and takes 180 high: nothing overflows, so nothing
    /// warns (it warned that 390 did not fit, and `check` failed on it).
    @Test func aPreferredWidthThatIsNotEstimatedIsIgnoredWithoutAWarning() throws {
        let size = CL.size(.fractionalWidth(1), .estimated(100))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size, subitems: [CL.item(.fractionalWidth(1), .estimated(100))])
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [3])
        try cv.measure(.ip(0, 0), as: CGSize(width: 390, height: 180))
        #expect(layout.layoutWarnings.isEmpty, "\(layout.layoutWarnings)")
        #expect(layout.cell(0, 0) == CGRect(x: 10, y: 10, width: 370, height: 180))
    }

    /// Two cards 0.45 x 390 = 175.5 wide, 10 apart, their heights
    /// `.uniformAcrossSiblings(estimate: 100)`, in a row estimated 100 high:
    /// both are as tall as the taller of them, measured or at its estimate.
    @Test func uniformSiblingsTakeTheLongestOfTheirLine() throws {
        let item = CL.item(.fractionalWidth(0.45), .uniformAcrossSiblings(estimate: 100))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .estimated(100)), subitems: [item])
        group.interItemSpacing = .fixed(10)
        let (layout, cv, make) = try oneSection(group, [4])
        // Card 1 measured 150: card 0 (still 100) grows to 150 too; the row is
        // 150 high and the next one starts there.
        try cv.measure(.ip(0, 1), as: CGSize(width: 175.5, height: 150))
        #expect(layout.cell(0, 0) == CGRect(x: 0, y: 0, width: 175.5, height: 150))
        #expect(layout.cell(0, 1) == CGRect(x: 185.5, y: 0, width: 175.5, height: 150))
        #expect(layout.cell(0, 2) == CGRect(x: 0, y: 150, width: 175.5, height: 100))
        try expectSameAsFresh(cv, make)
        // Card 1 measured 60: card 0, not measured, is still at its estimate,
        // 100, the taller; once it measures 70, both are 70.
        try cv.measure(.ip(0, 1), as: CGSize(width: 175.5, height: 60))
        #expect(layout.cell(0, 1) == CGRect(x: 185.5, y: 0, width: 175.5, height: 100))
        try cv.measure(.ip(0, 0), as: CGSize(width: 175.5, height: 70))
        #expect(layout.cell(0, 0) == CGRect(x: 0, y: 0, width: 175.5, height: 70))
        #expect(layout.cell(0, 1) == CGRect(x: 185.5, y: 0, width: 175.5, height: 70))
        #expect(layout.cell(0, 2) == CGRect(x: 0, y: 70, width: 175.5, height: 100))
        try expectSameAsFresh(cv, make)
    }

    /// Sections of 3 rows 50 high (10 in from each side: 370 wide) under a
    /// header `.estimated(44)` as wide as the collection view: section 0 is
    /// 44 + 150 = 194 long, section 1 starts there.
    /// Header 0 measured 80 high: its rows start at 80, the section is 230
    /// long and section 1 moves down 36. Header 1, declared while off the
    /// view (844 high: it is not, at 194), is measured as shown.
    @Test func anEstimatedHeaderTakesItsMeasuredHeight() throws {
        let make = {
            let section = CollectionLayoutSection(group: .vertical(layoutSize: CL.size(.fractionalWidth(1), .absolute(50)),
                                                                   subitems: [CL.item(.fractionalWidth(1), .absolute(50))]))
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
            section.supplementariesFollowContentInsets = false
            section.boundarySupplementaryItems = [CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CL.size(.fractionalWidth(1), .estimated(44)), elementKind: ElementKind.sectionHeader, alignment: .top)]
            return CollectionViewCompositionalLayout(section: section)
        }
        let layout = make()
        let cv = try compositionalView(layout, [3, 3, 3])
        #expect(layout.cell(1, 0) == CGRect(x: 10, y: 238, width: 370, height: 50))
        try cv.setPreferredSize(CGSize(width: 390, height: 80), ofSupplementary: ElementKind.sectionHeader, inSection: 0)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: .ip(0, 0))?.frame == CGRect(x: 0, y: 0, width: 390, height: 80))
        #expect(layout.cell(0, 0) == CGRect(x: 10, y: 80, width: 370, height: 50))
        #expect(layout.cell(1, 0) == CGRect(x: 10, y: 274, width: 370, height: 50))
        // A header is no item of a group: no warning that it overflows one.
        #expect(layout.layoutWarnings.isEmpty, "\(layout.layoutWarnings)")
        // Header 1 (at 230) is on screen: measured 20 high, at once.
        try cv.setPreferredSize(CGSize(width: 390, height: 20), ofSupplementary: ElementKind.sectionHeader, inSection: 1)
        #expect(layout.cell(1, 0) == CGRect(x: 10, y: 250, width: 370, height: 50))
        // 80 + 150 + 20 + 150 + 44 + 150 = 594.
        let height = layout.collectionViewContentSize.height
        #expect(height == 594, "\(height - 594)")
        try expectSameAsFresh(cv, make)
        // Its width is not estimated: the width it wants is not taken.
        try cv.setPreferredSize(CGSize(width: 200, height: 20), ofSupplementary: ElementKind.sectionHeader, inSection: 1)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: .ip(1, 0))?.frame.width == 390)
    }

    /// A header of an absolute height, and any in a flow layout, keeps its
    /// size: the layouts decline.
    @Test func aHeaderOfAFixedHeightKeepsIt() throws {
        let layout = Self.chips(orthogonal: false)
        let cv = try compositionalView(layout, [2])
        try cv.setPreferredSize(CGSize(width: 390, height: 80), ofSupplementary: ElementKind.sectionHeader, inSection: 0)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: .ip(0, 0))?.frame.height == 30)
        #expect(cv.sections[0].measuredSupplementarySizes.isEmpty)
    }

    @Test func measuredTagsFlowIntoAsManyPerGroupAsNowFit() throws {
        // Estimated: 100 + 8 + 100 + 8 + 100 = 316 fits 358, a fourth (424)
        // does not: three a group, tag 0:3 opens group 1 at y 38 + 32 + 8 = 78.
        let layout = Self.tags()
        let cv = try compositionalView(layout, [7])
        #expect(layout.cell(0, 3) == CGRect(x: 16, y: 78, width: 100, height: 32))
        // Measured 40, 50, 60, 70, 200, 150 (0:6 not measured, 100):
        // group 0 takes 40 + 8 + 50 + 8 + 60 + 8 + 70 = 244, and 0:4 would end
        // at 452: tags 0:0 ... 0:3 at x 16, 64, 122, 190. Group 1 (y 78) takes
        // 0:4 at 16 and 0:5 at 224 (200 + 8 + 150 = 358 exactly fits); group 2
        // (y 118) 0:6 at 16. The content still ends at 118 + 32 + 8 = 158.
        for (item, width) in [40, 50, 60, 70, 200, 150].enumerated() {
            try cv.setPreferredSize(CGSize(width: CGFloat(width), height: 32), at: .ip(0, item))
        }
        cv.layoutIfNeeded()
        #expect(layout.cell(0, 0) == CGRect(x: 16, y: 38, width: 40, height: 32))
        #expect(layout.cell(0, 2) == CGRect(x: 122, y: 38, width: 60, height: 32))
        #expect(layout.cell(0, 3) == CGRect(x: 190, y: 38, width: 70, height: 32))
        #expect(layout.cell(0, 4) == CGRect(x: 16, y: 78, width: 200, height: 32))
        #expect(layout.cell(0, 5) == CGRect(x: 224, y: 78, width: 150, height: 32))
        #expect(layout.cell(0, 6) == CGRect(x: 16, y: 118, width: 100, height: 32))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 158))
        // The rect query finds every tag where it now is.
        let shown = try #require(layout.layoutAttributesForElements(in: cv.bounds)).filter { $0.representedElementCategory == .cell }
        #expect(shown.count == 7)
        #expect(shown.allSatisfy { layout.cell(0, $0.indexPath.item) == $0.frame })
        try expectSameAsFresh(cv) { Self.tags() }
    }

    /// One measured item in a group as wide as the section, and where the
    /// items after it go.
    struct OneMeasurement: CustomTestStringConvertible, Sendable {
        let name: String
        let estimatedHeight: Bool
        let measured: CGSize
        let expected: [Int: CGRect]
        var testDescription: String { name }
    }

    static let oneMeasurement = [
        // The group is 390 - 32 = 358 wide: three chips of 100 fit (400 would
        // not). Chips at x = 16, 116, 216; chip 1 measures 60, so chip 2 starts
        // at 116 + 60 = 176. The second group (chips 3, 4) is 32 + 8 below.
        OneMeasurement(name: "chips", estimatedHeight: false, measured: CGSize(width: 60, height: 32), expected: [
            1: CGRect(x: 116, y: 38, width: 60, height: 32), 2: CGRect(x: 176, y: 38, width: 100, height: 32),
            3: CGRect(x: 16, y: 78, width: 100, height: 32)]),
        // Tags 8 apart, heights estimated: tag 0:1 measures 60 x 50. Group 0
        // (tags 0:0, 0:1, 0:2: 100 + 8 + 60 + 8 + 100 = 276, and 0:3 would end
        // at 384) is 50 thick, so group 1 starts at 38 + 50 + 8 = 96.
        OneMeasurement(name: "tags", estimatedHeight: true, measured: CGSize(width: 60, height: 50), expected: [
            1: CGRect(x: 124, y: 38, width: 60, height: 50), 2: CGRect(x: 192, y: 38, width: 100, height: 32),
            3: CGRect(x: 16, y: 96, width: 100, height: 32)]),
    ]

    @Test(arguments: oneMeasurement)
    func aMeasuredItemMovesTheItemsAfterIt(_ example: OneMeasurement) throws {
        let make = { example.name == "chips" ? Self.chips(orthogonal: false) : Self.tags(estimatedHeight: example.estimatedHeight) }
        let layout = make()
        let cv = try compositionalView(layout, [5])
        try cv.measure(.ip(0, 1), as: example.measured)
        for (item, frame) in example.expected { #expect(layout.cell(0, item) == frame, "item 0:\(item)") }
        try expectSameAsFresh(cv, make)
    }

    @Test func fixedEdgeSpacingSeparatesFlowingItems() throws {
        // Items .estimated(100) x .estimated(32) with 4 points of edge spacing
        // on every side, in a group 390 wide, .estimated(40) high. Measured
        // 80 x 30, each takes 88: four a group (352; a fifth would end at 440),
        // item k at x 4 + 88 k, y 4; the group 4 + 30 + 4 = 38 thick.
        let item = CL.item(.estimated(100), .estimated(32))
        item.edgeSpacing = .fixed(4)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .estimated(40)), subitems: [item])
        let (layout, cv, make) = try oneSection(group, [5])
        for i in 0..<5 { try cv.setPreferredSize(CGSize(width: 80, height: 30), at: .ip(0, i)) }
        cv.layoutIfNeeded()
        #expect(layout.cell(0, 3) == CGRect(x: 268, y: 4, width: 80, height: 30))
        #expect(layout.cell(0, 4) == CGRect(x: 4, y: 42, width: 80, height: 30))
        #expect(layout.collectionViewContentSize.height == 76)
        try expectSameAsFresh(cv, make)
    }

    /// Random measurements and scrolls of flowing tags: after every step the
    /// live layout answers as a fresh one told the same measurements, and its
    /// rect query is exactly the tags whose frames meet the rect.
    @Test(arguments: [UInt64(1), 2, 3])
    func flowingTagsAnswerAsAFreshLayoutAndTheirRectQueryIsExact(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9)
        let estimatedHeight = rng.chance(0.5)
        let layout = Self.tags(estimatedHeight: estimatedHeight)
        let count = Int.random(in: 20...120, using: &rng)
        let cv = try compositionalView(layout, [count])
        for step in 0..<40 {
            if rng.chance(0.7) {
                let size = CGSize(width: rng.multiple(of: 1, in: 10...358), height: estimatedHeight ? rng.multiple(of: 1, in: 20...60) : 32)
                try cv.setPreferredSize(size, at: .ip(0, Int.random(in: 0..<count, using: &rng)))
            } else {
                let y = CGFloat.random(in: 0...max(0, layout.collectionViewContentSize.height - 400), using: &rng).rounded()
                try cv.setContentOffset(CGPoint(x: 0, y: y))
            }
            cv.layoutIfNeeded()
            let rect = CGRect(x: 0, y: rng.multiple(of: 1, in: 0...max(1, layout.collectionViewContentSize.height)), width: 390, height: 200)
            let queried = Set((layout.layoutAttributesForElements(in: rect) ?? []).filter { $0.representedElementCategory == .cell }.map(\.indexPath.item))
            let meeting = Set((0..<count).filter { layout.cell(0, $0)?.overlaps(rect) == true })
            #expect(queried == meeting, "seed \(seed) step \(step)")
            try expectSameAsFresh(cv) { Self.tags(estimatedHeight: estimatedHeight) }
        }
    }

    /// Items `.estimated(100)` x `.estimated(40)` with 8 points of edge spacing
    /// on each side, in a group 390 wide and `.estimated(40)` high: each takes
    /// 8 + 100 + 8 = 116, three a row (a fourth would end at 464); a row is
    /// 8 + 40 + 8 = 56 high, its bottom edge spacing included, before and
    /// after any measurement. Item 0:3 opens row 1 at 8, 56 + 8; eight items
    /// are three rows, 168 high.
    @Test func anEstimatedGroupHoldsItsItemsBottomAndTrailingEdgeSpacing() throws {
        let item = CL.item(.estimated(100), .estimated(40))
        item.edgeSpacing = .fixed(8)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .estimated(40)), subitems: [item])
        let (layout, cv, make) = try oneSection(group, [8])
        #expect(layout.cell(0, 3) == CGRect(x: 8, y: 64, width: 100, height: 40))
        #expect(layout.collectionViewContentSize.height == 168)
        // A measurement one point wider moves nothing below it.
        try cv.measure(.ip(0, 0), as: CGSize(width: 101, height: 40))
        #expect(layout.cell(0, 3) == CGRect(x: 8, y: 64, width: 100, height: 40))
        #expect(layout.collectionViewContentSize.height == 168)
        try expectSameAsFresh(cv, make)
    }

    /// Orthogonal chips `.estimated(60)` x `.estimated(36)` with edge spacing 4
    /// leading and trailing, 6 top and bottom, in groups estimated as large:
    /// a group is 4 + 60 + 4 = 68 long and 6 + 36 + 6 = 48 thick. Chip 0:1 at
    /// x 68 + 4 = 72; section 1's row at 48, its chip 1:0 at y 54. An
    /// estimated group grows to its first chip: no "does not fit" warning.
    @Test func anOrthogonalRowOfEstimatedGroupsHoldsTheEdgeSpacing() throws {
        let item = CL.item(.estimated(60), .estimated(36))
        item.edgeSpacing = CollectionLayoutEdgeSpacing(leading: .fixed(4), top: .fixed(6), trailing: .fixed(4), bottom: .fixed(6))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.estimated(60), .estimated(36)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .continuous
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [4, 4])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.cell(0, 1) == CGRect(x: 72, y: 6, width: 60, height: 36))
        #expect(layout.cell(1, 0) == CGRect(x: 4, y: 54, width: 60, height: 36))
        #expect(layout.collectionViewContentSize.height == 96)
        #expect(!layout.layoutWarnings.contains { $0.contains("does not fit") })
    }

    /// Tags measured 100 wide, flexible spacing of at least 8, in a group 390
    /// wide: three fit (100 + 108 + 108 = 316; a fourth would end at 424) and
    /// the 74 left is shared by the two gaps: tags at x 0, 145, 290 (the last
    /// ends at 390). The next three form the next row alike, at y 32.
    @Test func flexiblySpacedTagsFlowAndShareWhatTheirRowLeaves() throws {
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .absolute(32)), subitems: [CL.item(.estimated(50), .absolute(32))])
        group.interItemSpacing = .flexible(8)
        let (layout, cv, make) = try oneSection(group, [6])
        try cv.setPreferredSize(CGSize(width: 100, height: 32), inSection: 0)
        cv.layoutIfNeeded()
        #expect((0..<3).map { layout.cell(0, $0)?.minX } == [0, 145, 290])
        #expect(layout.cell(0, 3) == CGRect(x: 0, y: 32, width: 100, height: 32))
        #expect(layout.cell(0, 5) == CGRect(x: 290, y: 32, width: 100, height: 32))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 64))
        try expectSameAsFresh(cv, make)
    }

    /// A row of two columns (`.vertical(... .estimated(150)), repeatingSubitem:
    /// count: 3`, 4 apart): items (150 - 2 x 4) / 3 = 47.33 high at y 0,
    /// 51.33, 102.67. Item 0:1 measures 120: item 0:2 moves to 51.33 + 120 + 4
    /// = 175.33, the column ends at 222.67, and so does the row, where the
    /// next group (item 0:6) starts.
    @Test func aMeasuredItemMovesTheItemsBelowItInItsColumn() throws {
        let column = CollectionLayoutGroup.vertical(layoutSize: CL.size(.fractionalWidth(0.5), .estimated(150)),
                                                    repeatingSubitem: CL.item(.fractionalWidth(1), .estimated(50)), count: 3)
        column.interItemSpacing = .fixed(4)
        let row = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .estimated(150)), subitems: [column])
        let (layout, cv, make) = try oneSection(row, [12])
        try cv.measure(.ip(0, 1), as: CGSize(width: 195, height: 120))
        let itemHeight = (150 - 2 * 4) / 3.0
        #expect(layout.cell(0, 2).map { abs($0.minY - (itemHeight + 4 + 120 + 4)) < 1e-9 } == true, "\(String(describing: layout.cell(0, 2)))")
        #expect(layout.cell(0, 3)?.minY == 0)
        #expect(layout.cell(0, 6).map { abs($0.minY - (itemHeight * 2 + 120 + 2 * 4)) < 1e-9 } == true, "\(String(describing: layout.cell(0, 6)))")
        try expectSameAsFresh(cv, make)
    }

    /// A column of two rows (each `.estimated(50)`, two items of half the
    /// width): item 0:0 measures 90 high, so row 0 is 90 high and row 1 (items
    /// 0:2, 0:3) moves to y 90; the column ends at 140, where the next group
    /// (item 0:4) starts.
    @Test func aMeasuredItemMovesTheRowsBelowItsRow() throws {
        let row = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .estimated(50)),
                                                   subitems: [CL.item(.fractionalWidth(0.5), .estimated(50))])
        let column = CollectionLayoutGroup.vertical(layoutSize: CL.size(.fractionalWidth(1), .estimated(100)), subitems: [row])
        let (layout, cv, make) = try oneSection(column, [8])
        try cv.measure(.ip(0, 0), as: CGSize(width: 195, height: 90))
        #expect(layout.cell(0, 1) == CGRect(x: 195, y: 0, width: 195, height: 50))
        #expect(layout.cell(0, 2) == CGRect(x: 0, y: 90, width: 195, height: 50))
        #expect(layout.cell(0, 3) == CGRect(x: 195, y: 90, width: 195, height: 50))
        #expect(layout.cell(0, 4)?.minY == 140)
        try expectSameAsFresh(cv, make)
    }

    /// Flowing in a horizontal layout: columns (`.vertical` groups 100 wide,
    /// the full 844 high) of items `.estimated(300)` high, 8 apart, with
    /// content insets 5 (kept across, ignored along the estimated height).
    /// Estimated, two a column (608; a third would end at 916). Measured 200
    /// high, items 0:0 ... 0:2 fill column 0 (616; 0:3 would end at 924) at
    /// y 0, 208, 416, x 5, 90 wide; 0:3 opens column 1 at x 100 + 5.
    @Test func itemsFlowDownTheColumnsOfAHorizontalLayout() throws {
        let item = CL.item(.absolute(100), .estimated(300), insets: 5)
        let group = CollectionLayoutGroup.vertical(layoutSize: CL.size(.absolute(100), .fractionalHeight(1)), subitems: [item])
        group.interItemSpacing = .fixed(8)
        let make = { CL.horizontal(CollectionLayoutSection(group: group)) }
        let layout = make()
        let cv = try compositionalView(layout, [6])
        for i in 0..<3 { try cv.setPreferredSize(CGSize(width: 90, height: 200), at: .ip(0, i)) }
        cv.layoutIfNeeded()
        #expect(layout.cell(0, 1) == CGRect(x: 5, y: 208, width: 90, height: 200))
        #expect(layout.cell(0, 2) == CGRect(x: 5, y: 416, width: 90, height: 200))
        #expect(layout.cell(0, 3) == CGRect(x: 105, y: 0, width: 90, height: 300))
        try expectSameAsFresh(cv, make)
    }
}

extension CollectionLayoutEdgeSpacing {
    /// The same fixed spacing on every side.
    static func fixed(_ length: CGFloat) -> CollectionLayoutEdgeSpacing {
        CollectionLayoutEdgeSpacing(leading: .fixed(length), top: .fixed(length), trailing: .fixed(length), bottom: .fixed(length))
    }
}
