import Foundation
import Testing
@testable import LayoutKit

// The compositional layout's geometry (docs/semantics.md and
// /work/shared/design/SEMANTICS.md, "Compositional layout"), every number
// derived by hand from the rules in a comment. The collection view is
// 390 x 844 with no safe area, so the layout's container is 390 x 844.

// MARK: Shorthands shared by the compositional tests

/// Builders for compositional descriptions, so that a test reads as the rule does.
enum CL {
    static func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> CollectionLayoutSize {
        CollectionLayoutSize(widthDimension: w, heightDimension: h)
    }

    static func insets(_ all: CGFloat) -> DirectionalEdgeInsets {
        DirectionalEdgeInsets(top: all, leading: all, bottom: all, trailing: all)
    }

    static func item(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension, insets: CGFloat = 0,
                     supplementaries: [CollectionLayoutSupplementaryItem] = []) -> CollectionLayoutItem {
        let item = CollectionLayoutItem(layoutSize: size(w, h), supplementaryItems: supplementaries)
        item.contentInsets = Self.insets(insets)
        return item
    }

    /// The brief's badge: 20 x 20 on the item's top trailing corner, pushed out by 0.3 of its size.
    static func badge(kind: String = "badge") -> CollectionLayoutSupplementaryItem {
        CollectionLayoutSupplementaryItem(layoutSize: size(.absolute(20), .absolute(20)), elementKind: kind,
                                          containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
    }

    static func header(_ height: CGFloat, kind: String = ElementKind.sectionHeader, pinned: Bool = false) -> CollectionLayoutBoundarySupplementaryItem {
        let h = CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(height)), elementKind: kind, alignment: .top)
        h.pinToVisibleBounds = pinned
        return h
    }

    static func footer(_ height: CGFloat, kind: String = ElementKind.sectionFooter, pinned: Bool = false) -> CollectionLayoutBoundarySupplementaryItem {
        let f = CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(height)), elementKind: kind, alignment: .bottom)
        f.pinToVisibleBounds = pinned
        return f
    }

    /// The brief's grid: items .fractionalWidth(0.25) x .fractionalHeight(1) with
    /// content insets 5, a horizontal group .fractionalWidth(1) x
    /// .fractionalWidth(0.25), section insets 10, interGroupSpacing 8.
    ///
    /// In a 390-wide container: the section's container is 370 x 824; a group is
    /// 370 x 92.5 (0.25 x 370); an item's slot 92.5 x 92.5, its frame the slot
    /// inset by 5: 82.5 x 82.5. Groups are 92.5 + 8 = 100.5 apart; item k of a
    /// group sits at x = 10 + 92.5 k + 5, y = contentStart + 100.5 g + 5.
    static func grid(badge: Bool = false) -> CollectionLayoutSection {
        let item = Self.item(.fractionalWidth(0.25), .fractionalHeight(1), insets: 5, supplementaries: badge ? [Self.badge()] : [])
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = insets(10)
        section.interGroupSpacing = 8
        return section
    }

    /// The grid transposed: items .fractionalWidth(1) x .fractionalHeight(0.25)
    /// with insets 5 in a vertical group .fractionalHeight(0.25) x
    /// .fractionalHeight(1); section insets 10, interGroupSpacing 8.
    static func transposedGrid() -> CollectionLayoutSection {
        let item = Self.item(.fractionalWidth(1), .fractionalHeight(0.25), insets: 5)
        let group = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalHeight(0.25), .fractionalHeight(1)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = insets(10)
        section.interGroupSpacing = 8
        return section
    }

    /// A layout of `section` that scrolls horizontally.
    static func horizontal(_ section: CollectionLayoutSection) -> CollectionViewCompositionalLayout {
        let configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        return CollectionViewCompositionalLayout(section: section, configuration: configuration)
    }

    /// A section of full-width rows `height` high (one item per group).
    static func rows(_ height: CGFloat) -> CollectionLayoutSection {
        let item = Self.item(.fractionalWidth(1), .absolute(height))
        return CollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(height)), subitems: [item]))
    }
}

/// A collection view of the default size driving `layout`, with `counts` items,
/// laid out. Keep it: the layout holds its collection view weakly.
func compositionalView(_ layout: CollectionViewLayout, _ counts: [Int], size: CGSize = CGSize(width: 390, height: 844)) throws -> CollectionView {
    let cv = try CollectionView(size: size, layout: layout, itemCounts: counts)
    cv.layoutIfNeeded()
    return cv
}

/// Equal within `tolerance` (fractions such as 0.85 are not exact in binary).
func near(_ a: CGRect?, _ b: CGRect, tolerance: CGFloat = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

func near(_ a: CGFloat?, _ b: CGFloat, tolerance: CGFloat = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

extension CollectionViewCompositionalLayout {
    func cell(_ section: Int, _ item: Int) -> CGRect? { layoutAttributesForItem(at: .ip(section, item))?.frame }
    /// The frames of `items` of `section`, in order (nil where an item has none).
    func cells(_ section: Int, _ items: [Int]) -> [CGRect?] { items.map { cell(section, $0) } }
    func supplementary(_ kind: String, _ section: Int, _ item: Int = 0) -> CollectionViewLayoutAttributes? {
        layoutAttributesForSupplementaryView(ofKind: kind, at: .ip(section, item))
    }
}

// MARK: Items, groups, sections

@Suite struct CompositionalGeometryTests {

    @Test func aGridPlacesItemsGroupsAndTheLastPartialGroup() throws {
        let layout = CollectionViewCompositionalLayout(section: CL.grid())
        let cv = try compositionalView(layout, [10])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        // contentStart = section inset top 10.
        // Item 0: group 0, column 0: x = 10 + 0 + 5 = 15, y = 10 + 5 = 15, 82.5 x 82.5.
        #expect(layout.cell(0, 0) == rect(15, 15, 82.5, 82.5))
        // Item 3: column 3: x = 10 + 3 x 92.5 + 5 = 292.5.
        #expect(layout.cell(0, 3) == rect(292.5, 15, 82.5, 82.5))
        // Item 5: group 1, column 1: x = 10 + 92.5 + 5 = 107.5, y = 10 + 100.5 + 5 = 115.5.
        #expect(layout.cell(0, 5) == rect(107.5, 115.5, 82.5, 82.5))
        // 10 items: groups of 4, 4, 2. Items 8 and 9 open group 2: y = 10 + 201 + 5 = 216.
        #expect(layout.cell(0, 8) == rect(15, 216, 82.5, 82.5))
        #expect(layout.cell(0, 9) == rect(107.5, 216, 82.5, 82.5))
        #expect(layout.cell(0, 10) == nil)
        // Height: 10 + 3 groups (3 x 100.5 - 8 = 293.5) + 10 = 313.5; width: the bounds'.
        #expect(layout.collectionViewContentSize == size(390, 313.5))
        // The rect query of the whole content returns the ten cells and nothing else.
        let all = layout.layoutAttributesForElements(in: rect(0, 0, 390, 313.5)) ?? []
        #expect(all.count == 10 && all.allSatisfy { $0.representedElementCategory == .cell })
        // The third group's band (y 210.5 ..< 303) holds items 8 and 9 only.
        let band = (layout.layoutAttributesForElements(in: rect(0, 210.5, 390, 92.5)) ?? []).map(\.indexPath.item).sorted()
        #expect(band == [8, 9])
    }

    /// docs/semantics.md, "In a rect is CGRectIntersectsRect": extents overlap with
    /// strict inequalities; an element that only touches the rect's edge is not in it.
    ///
    /// Was an engine bug (fixed): the engine filters with Foundation's `CGRect.intersects`, which
    /// on Linux counts rects that share an edge (or a corner) as intersecting;
    /// docs/semantics.md names `CGRect.overlaps` (strict) as the rule.
    @Test func anElementThatOnlyTouchesTheRectIsNotInIt() throws {
        // Rows of 44 in a view 440 high: row 10 spans 440 ..< 484 and only touches
        // the bounds' bottom edge: the visible rows are 0-9.
        let rows = CollectionViewCompositionalLayout(section: CL.rows(44))
        let cv = try compositionalView(rows, [20], size: size(390, 440))
        #expect(cv.visibleAttributes.keys.map(\.item).sorted() == Array(0...9))
        // The grid: group 2's frames end at 216 + 82.5 = 298.5; the band 298.5 ..< 308.5
        // below them holds nothing; a rect ending at item 0's top (y 15) neither.
        let grid = CollectionViewCompositionalLayout(section: CL.grid())
        let gridView = try compositionalView(grid, [10])
        defer { withExtendedLifetime(gridView) {} }  // the layout holds its collection view weakly
        #expect((grid.layoutAttributesForElements(in: rect(0, 298.5, 390, 10)) ?? []).isEmpty)
        #expect((grid.layoutAttributesForElements(in: rect(0, 5, 390, 10)) ?? []).isEmpty)
        // A rect ending at item 1's left edge (x 107.5) holds item 0 only.
        #expect((grid.layoutAttributesForElements(in: rect(0, 0, 107.5, 50)) ?? []).map(\.indexPath.item) == [0])
    }

    @Test func aCountGroupSizesItsItemsToFillWhateverTheItemSays() throws {
        // Section insets leading/trailing 5: the container is 380 wide. The group
        // .fractionalWidth(1) x .absolute(100) is 380 x 100; count 3 with fixed 10
        // spacing: each item is (380 - 2 x 10) / 3 = 120 wide, although the item
        // says .absolute(50); its height .fractionalHeight(1) of 100 is 100.
        // x = 5, 5 + 120 + 10 = 135, 135 + 130 = 265.
        let item = CL.item(.absolute(50), .fractionalHeight(1))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .absolute(100)), subitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5)
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [7])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.cells(0, [0, 1, 2, 3, 6]) == [
            rect(5, 0, 120, 100), rect(135, 0, 120, 100), rect(265, 0, 120, 100),
            // Item 3 opens group 1 at y = 100; item 6 is alone in group 2 at y = 200.
            rect(5, 100, 120, 100), rect(5, 200, 120, 100),
        ])
        // 3 groups of 100: 300 high.
        #expect(layout.collectionViewContentSize == size(390, 300))
    }

    @Test func nestedGroupsConsumeItemsDepthFirst() throws {
        // A horizontal group 390 x 200 holds a big item (.fractionalWidth(0.5) x
        // .fractionalHeight(1): 195 x 200) and a vertical count:2 group
        // (.fractionalWidth(0.5) x .fractionalHeight(1): 195 x 200, fixed 10
        // spacing: items (200 - 10) / 2 = 95 high, 195 wide). 195 + 195 = 390 fills
        // the group, so each group holds 3 items: 0 the big one, 1 and 2 the pair.
        let big = CL.item(.fractionalWidth(0.5), .fractionalHeight(1))
        let small = CL.item(.fractionalWidth(1), .fractionalHeight(0.5))
        let pair = CollectionLayoutGroup.vertical(layoutSize: CL.size(.fractionalWidth(0.5), .fractionalHeight(1)), subitem: small, count: 2)
        pair.interItemSpacing = .fixed(10)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .absolute(200)), subitems: [big, pair])
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        let cv = try compositionalView(layout, [7])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.cells(0, [0, 1, 2, 3, 5, 6]) == [
            rect(0, 0, 195, 200), rect(195, 0, 195, 95),
            // The pair's second item: y = 95 + 10 = 105.
            rect(195, 105, 195, 95),
            // Group 1 at y = 200.
            rect(0, 200, 195, 200), rect(195, 305, 195, 95),
            // 7 items: item 6 alone in group 2 (y = 400); 3 groups: 600 high.
            rect(0, 400, 195, 200),
        ])
        #expect(layout.collectionViewContentSize == size(390, 600))
    }

    @Test func flexibleInterItemSpacingSpreadsTheItems() throws {
        // Items 75 wide, .flexible(10): 75, +10+75 = 160, 245, 330 fit in 390; a
        // fifth (415) does not. 4 x 75 + 3 x 10 = 330 leave 60, shared by the 3 gaps:
        // each gap 10 + 20 = 30. x = 0, 105, 210, 315 (the last ends at 390).
        let item = CL.item(.absolute(75), .absolute(50))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        group.interItemSpacing = .flexible(10)
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        let cv = try compositionalView(layout, [6])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect((0..<4).map { layout.cell(0, $0) } == [rect(0, 0, 75, 50), rect(105, 0, 75, 50), rect(210, 0, 75, 50), rect(315, 0, 75, 50)])
        // The second group (y = 50) has the same shape: item 5 is its second.
        #expect(layout.cell(0, 5) == rect(105, 50, 75, 50))
    }

    @Test func fixedEdgeSpacingPushesNeighboursApartAndOffsetsAcross() throws {
        // Items 100 x 50 with leading .fixed(20) and top .fixed(5) in a 390 x 60
        // group: each takes 20 + 100 = 120: three fit (360), a fourth (480) does not.
        // x = 20, 120 + 20 = 140, 240 + 20 = 260; y = 5 (the top edge spacing).
        let item = CL.item(.absolute(100), .absolute(50))
        item.edgeSpacing = CollectionLayoutEdgeSpacing(leading: .fixed(20), top: .fixed(5), trailing: nil, bottom: nil)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .absolute(60)), subitems: [item])
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        let cv = try compositionalView(layout, [4])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect((0..<3).map { layout.cell(0, $0) } == [rect(20, 5, 100, 50), rect(140, 5, 100, 50), rect(260, 5, 100, 50)])
        // Item 3 opens group 1 (y = 60 + 5).
        #expect(layout.cell(0, 3) == rect(20, 65, 100, 50))
    }

    @Test func flexibleEdgeSpacingSpreadsAndCentres() throws {
        // Items 100 x 50 with .flexible(0) on all four edges in a 390 x 70 group:
        // three fit (300). 6 flexible spaces (leading and trailing of each) share
        // 390 - 300 = 90: 15 each. x = 15, 15 + 100 + 15 + 15 = 145, 275.
        // Across: flexible above and below centres it: (70 - 50) / 2 = 10.
        let item = CL.item(.absolute(100), .absolute(50))
        item.edgeSpacing = CollectionLayoutEdgeSpacing(leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .absolute(70)), subitems: [item])
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        let cv = try compositionalView(layout, [3])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect((0..<3).map { layout.cell(0, $0) } == [rect(15, 10, 100, 50), rect(145, 10, 100, 50), rect(275, 10, 100, 50)])

        // Leading .flexible(0) alone: the 3 leading spaces share 90: 30 each;
        // x = 30, 100 + 30 + 30 = 160, 290 (the last one ends at 390).
        let leadingOnly = CL.item(.absolute(100), .absolute(50))
        leadingOnly.edgeSpacing = CollectionLayoutEdgeSpacing(leading: .flexible(0), top: nil, trailing: nil, bottom: nil)
        let layout2 = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
            layoutSize: CL.size(.fractionalWidth(1), .absolute(50)), subitems: [leadingOnly])))
        let cv2 = try compositionalView(layout2, [3])
        defer { withExtendedLifetime(cv2) {} }  // the layout holds its collection view weakly
        #expect((0..<3).map { layout2.cell(0, $0) } == [rect(30, 0, 100, 50), rect(160, 0, 100, 50), rect(290, 0, 100, 50)])
    }

    @Test func aCustomGroupPlacesWhatItsProviderSays() throws {
        // Section insets leading/trailing 10: the group .fractionalWidth(1) x
        // .absolute(120) is 370 x 120, which is the container its provider sees.
        // Frames relative to the group's origin (10, 0); interGroupSpacing 5.
        final class Box: @unchecked Sendable { var containers: [CGSize] = [] }
        let box = Box()
        let group = CollectionLayoutGroup.custom(layoutSize: CL.size(.fractionalWidth(1), .absolute(120))) { environment in
            box.containers.append(environment.container.contentSize)
            return [CollectionLayoutGroupCustomItem(frame: rect(0, 0, 100, 120)),
                    CollectionLayoutGroupCustomItem(frame: rect(110, 0, 50, 50), zIndex: 3),
                    CollectionLayoutGroupCustomItem(frame: rect(110, 60, 50, 60))]
        }
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        section.interGroupSpacing = 5
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [5])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(box.containers.first == size(370, 120))
        #expect(layout.cell(0, 0) == rect(10, 0, 100, 120))
        #expect(layout.cell(0, 1) == rect(120, 0, 50, 50))
        #expect(layout.layoutAttributesForItem(at: .ip(0, 1))?.zIndex == 3)
        #expect(layout.cell(0, 2) == rect(120, 60, 50, 60))
        // Item 3 opens group 1 at y = 120 + 5 = 125; item 4 is its second frame.
        #expect(layout.cell(0, 3) == rect(10, 125, 100, 120))
        #expect(layout.cell(0, 4) == rect(120, 125, 50, 50))
        // Two groups: 120 + 5 + 120 = 245.
        #expect(layout.collectionViewContentSize == size(390, 245))
    }

    // MARK: Boundary items

    /// Three grid sections of 20 items with a 44-point header (pinned when asked).
    /// A section: header 44, contentStart = start + 44 + 10, 5 groups (5 x 100.5 - 8
    /// = 494.5), inset 10: 44 + 10 + 494.5 + 10 = 558.5 long. Sections start at
    /// 0, 558.5, 1117; the content is 1675.5 high.
    /// The header follows the section's insets: x = 10, width 1.0 x 370 = 370.
    func headerGrid(pinned: Bool, zIndex: Int? = nil) throws -> (CollectionView, CollectionViewCompositionalLayout) {
        let section = CL.grid()
        let header = CL.header(44, pinned: pinned)
        if let zIndex { header.zIndex = zIndex }
        section.boundarySupplementaryItems = [header]
        let layout = CollectionViewCompositionalLayout(section: section)
        return (try compositionalView(layout, [20, 20, 20]), layout)
    }

    @Test func aHeaderTakesSpaceBeforeTheSectionsInset() throws {
        let (cv, layout) = try headerGrid(pinned: false)
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(10, 0, 370, 44))
        // Item 0: y = 44 + 10 + 5 = 59.
        #expect(layout.cell(0, 0) == rect(15, 59, 82.5, 82.5))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(10, 558.5, 370, 44))
        // Section 1's item 5: y = 558.5 + 54 + 100.5 + 5 = 718.
        #expect(layout.cell(1, 5) == rect(107.5, 718, 82.5, 82.5))
        #expect(layout.collectionViewContentSize == size(390, 1675.5))
        // A header is not returned for its category wrongly, nor twice.
        let answer = byKey(layout.layoutAttributesForElements(in: rect(0, 0, 390, 60)) ?? [])
        #expect(answer[.header(0)]?.representedElementCategory == .supplementaryView)
    }

    struct PinCase: Sendable, CustomTestStringConvertible {
        var offset: CGFloat
        var insetTop: CGFloat
        /// Where headers 0 and 1 stand (their y).
        var headers: [CGFloat]
        var testDescription: String { "offset \(offset), inset top \(insetTop)" }
    }

    /// Where headers 0 and 1 stand when they are not pinned.
    static let naturalHeaderY: [CGFloat] = [0, 558.5]

    // y = min(max(visibleTop, naturalY), sectionEnd - 44), visibleTop = offset + inset top.
    // Header 0: natural 0, section end 558.5 -> at most 514.5.
    // Header 1: natural 558.5, section end 1117 -> at most 1073.
    static let pinCases: [PinCase] = [
        PinCase(offset: 0, insetTop: 0, headers: [0, 558.5]),         // top 0: natural
        PinCase(offset: 100, insetTop: 0, headers: [100, 558.5]),     // top 100
        PinCase(offset: 514.5, insetTop: 0, headers: [514.5, 558.5]), // exactly its limit
        PinCase(offset: 600, insetTop: 0, headers: [514.5, 600]),     // header 0 pushed up, header 1 pins
        PinCase(offset: 1100, insetTop: 0, headers: [514.5, 1073]),   // header 1 at its limit
        PinCase(offset: -50, insetTop: 50, headers: [0, 558.5]),      // top -50 + 50 = 0
        PinCase(offset: 100, insetTop: 50, headers: [150, 558.5]),    // top 150
        PinCase(offset: 500, insetTop: 50, headers: [514.5, 558.5]),  // top 550: 0 at its limit, 1 still natural
        PinCase(offset: 540, insetTop: 50, headers: [514.5, 590]),    // top 590
    ]

    @Test(arguments: pinCases)
    func aPinnedHeaderFollowsTheVisibleTopWithinItsSection(_ c: PinCase) throws {
        let (cv, layout) = try headerGrid(pinned: true, zIndex: 7)
        try cv.setContentInset(EdgeInsets(top: c.insetTop, left: 0, bottom: 0, right: 0))
        try cv.setContentOffset(CGPoint(x: 0, y: c.offset))
        for (section, y) in c.headers.enumerated() {
            let header = try #require(layout.supplementary(ElementKind.sectionHeader, section))
            #expect(header.frame == rect(10, y, 370, 44), "header \(section)")
            // Pinned exactly when away from its natural place; its zIndex is kept.
            #expect(header.isPinned == (y != Self.naturalHeaderY[section]), "header \(section)")
            #expect(header.zIndex == 7, "header \(section)")
        }
        // The rect query agrees with the single-element answer.
        let visible = byKey(layout.layoutAttributesForElements(in: cv.bounds) ?? [])
        for key in [ElementKey.header(0), .header(1)] {
            if let v = visible[key] { #expect(v.isEqual(layout.layoutAttributes(for: key)), "\(key)") }
        }
        // Header 0 is in the visible set exactly when it meets the bounds.
        #expect((cv.visibleAttributes[.header(0)] != nil) == rect(10, c.headers[0], 370, 44).intersects(cv.bounds))
    }

    /// Three grid sections of 40 items with a 30-point footer pinned.
    /// A section: contentStart 10, 10 groups (10 x 100.5 - 8 = 997), inset 10:
    /// the footer lies at 1017, the section ends at 1047. Sections start at 0,
    /// 1047, 2094; footers' natural y: 1017, 2064, 3111.
    @Test func aPinnedFooterFollowsTheVisibleBottomWithinItsSection() throws {
        let section = CL.grid()
        section.boundarySupplementaryItems = [CL.footer(30, pinned: true)]
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [40, 40, 40])
        let footer = { (s: Int) in layout.supplementary(ElementKind.sectionFooter, s) }
        #expect(layout.collectionViewContentSize == size(390, 3141))
        // y = max(min(visibleBottom - 30, naturalY), sectionStart).
        // Offset 0: bottom 844: footer 0 at min(814, 1017) = 814, pinned.
        #expect(footer(0)?.frame == rect(10, 814, 370, 30) && footer(0)?.isPinned == true)
        // Offset 500: bottom 1344: footer 0 natural (1017); footer 1 at min(1314, 2064) = 1314.
        try cv.setContentOffset(CGPoint(x: 0, y: 500))
        #expect(footer(0)?.frame == rect(10, 1017, 370, 30) && footer(0)?.isPinned == false)
        #expect(footer(1)?.frame == rect(10, 1314, 370, 30) && footer(1)?.isPinned == true)
        // Content inset bottom 34: bottom = 500 + 844 - 34 = 1310: footer 1 at 1280.
        try cv.setContentInset(EdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        #expect(footer(1)?.frame == rect(10, 1280, 370, 30))
        // Offset 100: bottom 910: footer 1 at max(min(880, 2064), 1047) = 1047, its section's start.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(footer(0)?.frame == rect(10, 880, 370, 30))
        #expect(footer(1)?.frame == rect(10, 1047, 370, 30))
    }

    @Test func boundaryItemsThatDoNotExtendTheBoundaryOverlayTheContent() throws {
        // Header 44 and footer 30 with extendsBoundary = false on the 10-item grid:
        // the content is laid out as without them (contentStart 10, item 0 at 15,
        // content end 313.5); the header lies at the section's top, the footer
        // ends where the content does: y = 313.5 - 30 = 283.5.
        let section = CL.grid()
        let header = CL.header(44), footer = CL.footer(30)
        header.extendsBoundary = false
        footer.extendsBoundary = false
        section.boundarySupplementaryItems = [header, footer]
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [10])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(10, 0, 370, 44))
        #expect(layout.cell(0, 0) == rect(15, 15, 82.5, 82.5))
        #expect(layout.supplementary(ElementKind.sectionFooter, 0)?.frame == rect(10, 283.5, 370, 30))
        #expect(layout.collectionViewContentSize == size(390, 313.5))
    }

    @Test func boundaryItemsSpanTheContainerWhenTheyDoNotFollowTheInsets() throws {
        // supplementariesFollowContentInsets = false: the header spans the layout's
        // container: x = 0, width 1.0 x 390. The footer after inset bottom 10:
        // 44 + 10 + 293.5 + 10 = 357.5.
        for useReference in [false, true] {
            let section = CL.grid()
            section.boundarySupplementaryItems = [CL.header(44), CL.footer(30)]
            if useReference { section.supplementaryContentInsetsReference = .none } else { section.supplementariesFollowContentInsets = false }
            let layout = CollectionViewCompositionalLayout(section: section)
            let cv = try compositionalView(layout, [10])
            defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
            #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(0, 0, 390, 44))
            #expect(layout.supplementary(ElementKind.sectionFooter, 0)?.frame == rect(0, 357.5, 390, 30))
            #expect(layout.cell(0, 0) == rect(15, 59, 82.5, 82.5))
        }
    }

    // MARK: Badges and backgrounds

    @Test func aBadgeIsAnchoredToItsItem() throws {
        // Item 0 at (15, 59, 82.5, 82.5) (44 header + 10 + 5). Anchor [.top, .trailing]:
        // the container's top trailing point (97.5, 59) meets the badge's own
        // (20, 0); the fractional offset (0.3, -0.3) of 20 x 20 is (6, -6):
        // x = 97.5 - 20 + 6 = 83.5, y = 59 - 6 = 53.
        let section = CL.grid(badge: true)
        section.boundarySupplementaryItems = [CL.header(44)]
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [10])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        let badge = try #require(layout.supplementary("badge", 0, 0))
        #expect(badge.frame == rect(83.5, 53, 20, 20))
        #expect(badge.representedElementCategory == .supplementaryView && badge.representedElementKind == "badge")
        #expect(badge.indexPath == .ip(0, 0))
        // Item 5 at (107.5, 159.5): x = 190 - 20 + 6 = 176, y = 159.5 - 6 = 153.5.
        #expect(layout.cell(0, 5) == rect(107.5, 159.5, 82.5, 82.5))
        #expect(layout.supplementary("badge", 0, 5)?.frame == rect(176, 153.5, 20, 20))
        // A rect holding only badge 0's part above its item (y 53 ..< 59).
        let answer = byKey(layout.layoutAttributesForElements(in: rect(90, 53, 10, 5)) ?? [])
        #expect(Set(answer.keys) == [.supplementary("badge", .ip(0, 0))])
        // No badge beyond the items.
        #expect(layout.supplementary("badge", 0, 10) == nil)
    }

    /// A rect query must return every element whose frame meets the rect, also
    /// one that reaches outside its section's extent along the scroll axis.
    /// Was an engine bug (fixed): sections are found by their extent (start ..< end), which a badge
    /// hanging above the section's first item and an overlay header longer than
    /// its section reach beyond, so such an element is missed.
    @Test func aRectQueryFindsABadgeThatHangsOutOfItsSection() throws {
        // Rows of 50 with the badge: sections [2, 2]: section 1 spans 100 ..< 200;
        // item (1, 0) at (0, 100, 390, 50): its badge at x = 390 - 20 + 6 = 376,
        // y = 100 - 6 = 94: (376, 94, 20, 20), reaching 6 points into section 0.
        let item = CL.item(.fractionalWidth(1), .absolute(50), supplementaries: [CL.badge()])
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
            layoutSize: CL.size(.fractionalWidth(1), .absolute(50)), subitems: [item])))
        let cv = try compositionalView(layout, [2, 2])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.supplementary("badge", 1, 0)?.frame == rect(376, 94, 20, 20))
        // The band y 90 ..< 98 (inside section 0's extent) meets the badge.
        let band = byKey(layout.layoutAttributesForElements(in: rect(300, 90, 90, 8)) ?? [])
        #expect(band[.supplementary("badge", .ip(1, 0))] != nil)
        // Section 0's first badge hangs above the content (y -6 ..< 14): a rect above 0 meets it.
        let above = byKey(layout.layoutAttributesForElements(in: rect(300, -10, 90, 8)) ?? [])
        #expect(above[.supplementary("badge", .ip(0, 0))] != nil)
    }

    @Test func aRectQueryFindsAnOverlayHeaderLongerThanItsSection() throws {
        // One row of 20 with a 44 overlay header (extendsBoundary = false): the
        // section spans 0 ..< 20, the header 0 ..< 44 (over section 1's row at 20 ..< 40).
        let section = CL.rows(20)
        let header = CL.header(44)
        header.extendsBoundary = false
        section.boundarySupplementaryItems = [header]
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [1, 1])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(0, 0, 390, 44))
        #expect(layout.cell(1, 0) == rect(0, 20, 390, 20))
        let band = byKey(layout.layoutAttributesForElements(in: rect(0, 30, 390, 5)) ?? [])
        #expect(band[.cell(.ip(1, 0))] != nil)
        #expect(band[.header(0)] != nil)
    }

    @Test func aBackgroundCoversTheSectionsContentWithItsInsetsButNotTheHeader() throws {
        // Header 44; the content (with the section's insets) spans y 44 ..< 357.5 across
        // the whole container (0 ..< 390). The decoration's insets 4:
        // (4, 48, 382, 305.5); zIndex -1. Section 1 starts at 357.5: (4, 405.5, 382, 305.5).
        let section = CL.grid()
        section.boundarySupplementaryItems = [CL.header(44)]
        let background = CollectionLayoutDecorationItem.background(elementKind: "background")
        background.contentInsets = CL.insets(4)
        section.decorationItems = [background]
        let layout = CollectionViewCompositionalLayout(section: section)
        let cv = try compositionalView(layout, [10, 10])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        let d0 = try #require(layout.layoutAttributesForDecorationView(ofKind: "background", at: .ip(0, 0)))
        #expect(d0.frame == rect(4, 48, 382, 305.5))
        #expect(d0.zIndex == -1 && d0.representedElementCategory == .decorationView)
        #expect(layout.layoutAttributesForDecorationView(ofKind: "background", at: .ip(1, 0))?.frame == rect(4, 405.5, 382, 305.5))
        // The header's band (0 ..< 44) holds no decoration.
        let top = byKey(layout.layoutAttributesForElements(in: rect(0, 0, 390, 44)) ?? [])
        #expect(!top.keys.contains { $0.category == .decorationView })
        #expect(top[.header(0)] != nil)
    }

    // MARK: The configuration

    @Test func interSectionSpacingSeparatesSections() throws {
        // Two 10-item grids (313.5 each) 20 apart: section 1 starts at 333.5, its
        // item 0 at y = 333.5 + 10 + 5 = 348.5. Height 313.5 x 2 + 20 = 647.
        let configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        let layout = CollectionViewCompositionalLayout(section: CL.grid(), configuration: configuration)
        let cv = try compositionalView(layout, [10, 10])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.cell(1, 0) == rect(15, 348.5, 82.5, 82.5))
        #expect(layout.collectionViewContentSize == size(390, 647))
    }

    @Test func aGlobalHeaderLiesBeforeSectionZeroAndCanPin() throws {
        // A 60-point global header: (0, 0, 390, 60), section 0 starts at 60:
        // item 0 at y = 60 + 10 + 5 = 75. Two 20-item grids (514.5 each without
        // headers): 60 + 1029 = 1089 high.
        let configuration = CollectionViewCompositionalLayoutConfiguration()
        let global = CL.header(60, kind: "global", pinned: true)
        configuration.boundarySupplementaryItems = [global]
        let layout = CollectionViewCompositionalLayout(section: CL.grid(), configuration: configuration)
        let cv = try compositionalView(layout, [20, 20])
        #expect(layout.supplementary("global", 0)?.frame == rect(0, 0, 390, 60))
        #expect(layout.cell(0, 0) == rect(15, 75, 82.5, 82.5))
        #expect(layout.collectionViewContentSize == size(390, 1089))
        // Pinned to the whole content: y = min(max(top, 0), 1089 - 60 = 1029).
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        #expect(layout.supplementary("global", 0)?.frame == rect(0, 300, 390, 60))
        #expect(cv.visibleAttributes[.supplementary("global", .ip(0, 0))]?.frame == rect(0, 300, 390, 60))
        try cv.setContentOffset(CGPoint(x: 0, y: 1100))
        #expect(layout.supplementary("global", 0)?.frame == rect(0, 1029, 390, 60))
    }

    @Test func horizontalScrollingIsTheTranspose() throws {
        // The grid transposed: items .fractionalWidth(1) x .fractionalHeight(0.25)
        // with insets 5 in a vertical group .fractionalHeight(0.25) x
        // .fractionalHeight(1); section insets 10, interGroupSpacing 8.
        // Section container 370 x 824; group 0.25 x 824 = 206 wide, 824 high;
        // items 206 x 206 (4 per group), frames inset 5: 196 x 196.
        // Groups repeat along x from 10, 206 + 8 = 214 apart; y from 10.
        let layout = CL.horizontal(CL.transposedGrid())
        #expect(layout.configuration.scrollDirection == .horizontal)
        let cv = try compositionalView(layout, [10, 10])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(!layout.isVerticalScroll)
        #expect(layout.cell(0, 0) == rect(15, 15, 196, 196))
        // Item 3: the group's fourth: y = 10 + 3 x 206 + 5 = 633.
        #expect(layout.cell(0, 3) == rect(15, 633, 196, 196))
        // Item 5: group 1 (x = 10 + 214 + 5 = 229), second (y = 10 + 206 + 5 = 221).
        #expect(layout.cell(0, 5) == rect(229, 221, 196, 196))
        #expect(layout.cell(0, 9) == rect(443, 221, 196, 196))
        // Section 0: 10 + (3 x 214 - 8) + 10 = 654 wide; section 1 beside it at x 654.
        #expect(layout.cell(1, 0) == rect(669, 15, 196, 196))
        #expect(layout.collectionViewContentSize == size(1308, 844))
    }

    @Test func aPinnedLeadingHeaderOfAHorizontalLayoutFollowsTheVisibleLeadingEdge() throws {
        // As above with a .leading header .absolute(44) x .fractionalHeight(1),
        // pinned: 44 x 824 (against the section's container), at y = 10 (the
        // section's top inset). Sections are 44 + 654 = 698 wide: header 1 at x 698.
        // x = min(max(visibleLeft, natural), sectionEnd - 44).
        let section = CL.transposedGrid()
        let header = CollectionLayoutBoundarySupplementaryItem(layoutSize: CL.size(.absolute(44), .fractionalHeight(1)),
                                                               elementKind: ElementKind.sectionHeader, alignment: .leading)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let layout = CL.horizontal(section)
        let cv = try compositionalView(layout, [10, 10])
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(0, 10, 44, 824))
        // Item 0 after the header and the leading inset: x = 44 + 10 + 5 = 59.
        #expect(layout.cell(0, 0) == rect(59, 15, 196, 196))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(698, 10, 44, 824))
        // Offset x 100: header 0 at 100. Offset 680: header 0 at its limit 698 - 44 = 654;
        // header 1 still natural (698 > 680).
        try cv.setContentOffset(CGPoint(x: 100, y: 0))
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(100, 10, 44, 824))
        try cv.setContentOffset(CGPoint(x: 680, y: 0))
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(654, 10, 44, 824))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(698, 10, 44, 824))
        // Content inset left 30: visible left = 680 + 30 = 710: header 1 pins at 710.
        try cv.setContentInset(EdgeInsets(top: 0, left: 30, bottom: 0, right: 0))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(710, 10, 44, 824))
    }

    @Test func theContainerIsTheBoundsLessTheSafeArea() throws {
        // Safe area left and right 44 (.automatic = .safeArea): the layout's
        // container is 390 - 88 = 302 wide; the grid's section container 282; a
        // group 282 x 70.5; slots 70.5, frames 60.5. Item 0: x = 44 + 10 + 5 = 59;
        // item 1: x = 59 + 70.5 = 129.5; item 4 (group 1): y = 10 + 70.5 + 8 + 5 = 93.5.
        let layout = CollectionViewCompositionalLayout(section: CL.grid())
        let cv = CollectionView(size: size(390, 844), layout: layout)
        try cv.setSafeAreaInsets(EdgeInsets(top: 0, left: 44, bottom: 0, right: 44))
        try cv.reloadData(itemCounts: [8])
        #expect(layout.cell(0, 0) == rect(59, 15, 60.5, 60.5))
        #expect(layout.cell(0, 1) == rect(129.5, 15, 60.5, 60.5))
        #expect(layout.cell(0, 4) == rect(59, 93.5, 60.5, 60.5))
        // .none leaves the safe area in: as without one (item 1 at 107.5).
        let configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.contentInsetsReference = .none
        layout.configuration = configuration
        cv.layoutIfNeeded()
        #expect(layout.cell(0, 1) == rect(107.5, 15, 82.5, 82.5))
    }

    @Test func aSectionsOwnContentInsetsReferenceDecidesItsContainer() throws {
        // Rows 50 high and full width, the layout margins 16 a side, the
        // configuration's reference .layoutMargins: a section that names
        // none is 16 ..< 374; .none spans the bounds (0, 390); .readableContent
        // is the margins at 390 (narrower than 672): 16, 358 wide. In a view
        // 1024 wide with a safe area of 40 a side: .safeArea 40, 944 wide;
        // .readableContent (1024 - 80 - 672) / 2 = 136 more: 176, 672 wide.
        let references: [ContentInsetsReference] = [.automatic, .none, .readableContent, .safeArea]
        let layout = CollectionViewCompositionalLayout(sectionProvider: { s, _ in
            let section = CL.rows(50)
            section.contentInsetsReference = references[s]
            return section
        })
        let configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.contentInsetsReference = .layoutMargins
        layout.configuration = configuration
        let cv = try compositionalView(layout, [1, 1, 1, 1])
        #expect(layout.cell(0, 0) == rect(16, 0, 358, 50))
        #expect(layout.cell(1, 0) == rect(0, 50, 390, 50))
        #expect(layout.cell(2, 0) == rect(16, 100, 358, 50))
        #expect(layout.cell(3, 0) == rect(0, 150, 390, 50))
        try cv.setBoundsSize(size(1024, 768))
        try cv.setSafeAreaInsets(EdgeInsets(top: 0, left: 40, bottom: 0, right: 40))
        #expect(layout.cell(0, 0) == rect(56, 0, 912, 50))
        #expect(layout.cell(1, 0) == rect(0, 50, 1024, 50))
        #expect(layout.cell(2, 0) == rect(176, 100, 672, 50))
        #expect(layout.cell(3, 0) == rect(40, 150, 944, 50))
    }

    @Test func theSectionProviderIsAskedAtAFullPrepareAndOnASizeChangeNotOnAScroll() throws {
        final class Box: @unchecked Sendable { var calls: [(Int, CGSize, CGSize)] = [] }
        let box = Box()
        let layout = CollectionViewCompositionalLayout(sectionProvider: { s, environment in
            box.calls.append((s, environment.container.contentSize, environment.container.effectiveContentSize))
            return CL.rows(50)
        })
        let cv = CollectionView(size: size(390, 844), layout: layout)
        try cv.setSafeAreaInsets(EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        try cv.reloadData(itemCounts: [3, 3])
        // Once per section; the container is the bounds, less the safe area: 390 x (844 - 81).
        #expect(box.calls.map(\.0) == [0, 1])
        #expect(box.calls.last.map { $0.1 == size(390, 844) && $0.2 == size(390, 763) } == true)
        box.calls.removeAll()
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(box.calls.isEmpty)
        try cv.setBoundsSize(size(300, 600))
        #expect(box.calls.map(\.0) == [0, 1])
        #expect(box.calls.last.map { $0.1 == size(300, 600) && $0.2 == size(300, 519) } == true)
        // Resolved against 300: section 1's row 0 at y = 3 x 50 = 150, 300 wide.
        #expect(layout.cell(1, 0) == rect(0, 150, 300, 50))
    }

    @Test func aMeasuredRowGrowsItsGroupAndMovesWhatFollows() throws {
        // A plain list without headers: rows .estimated(44). Row 1 wants 100:
        // rows 0 ..< 44, 44 ..< 144, then 144, 188, 232; the content 276 high.
        let layout = CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain))
        let cv = try compositionalView(layout, [5])
        try cv.setPreferredSize(size(390, 100), at: .ip(0, 1))
        #expect(layout.cell(0, 1) == rect(0, 44, 390, 100))
        #expect(layout.cell(0, 2) == rect(0, 144, 390, 44))
        #expect(layout.cell(0, 4) == rect(0, 232, 390, 44))
        #expect(layout.collectionViewContentSize == size(390, 276))
    }

    // MARK: Lists

    @Test func aPlainListHasFullWidthRowsAndPinnedHeaders() throws {
        // Rows 44 high across the 390 width; headers 28, pinned.
        // Section 0: header 0 ..< 28, rows at 28 + 44 k; 5 rows end at 248.
        // Section 1: header at 248, row 0 at 276; the content is 496 high.
        var list = CollectionLayoutListConfiguration(appearance: .plain)
        list.headerMode = .supplementary
        let layout = CollectionViewCompositionalLayout.list(using: list)
        let cv = try compositionalView(layout, [5, 5])
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(0, 0, 390, 28))
        #expect(layout.cell(0, 0) == rect(0, 28, 390, 44))
        #expect(layout.cell(0, 4) == rect(0, 204, 390, 44))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(0, 248, 390, 28))
        #expect(layout.cell(1, 0) == rect(0, 276, 390, 44))
        #expect(layout.collectionViewContentSize == size(390, 496))
        // Offset 100: header 0 pinned at 100. Offset 240: min(240, 248 - 28) = 220.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(0, 100, 390, 28))
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.isPinned == true)
        try cv.setContentOffset(CGPoint(x: 0, y: 240))
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(0, 220, 390, 28))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(0, 248, 390, 28))
    }

    @Test func anInsetGroupedListInsetsRowsByTheLayoutMargins() throws {
        // Rows and headers inset by the layout margins 16: x = 16, width 358.
        // Each section has 35 before it; headers 38, not pinned.
        // Section 0: header at 35, rows from 73 (3 rows end at 205).
        // Section 1: 205 + 35 = 240: header at 240, row 0 at 278, end 410.
        var list = CollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        let layout = CollectionViewCompositionalLayout.list(using: list)
        let cv = try compositionalView(layout, [3, 3])
        #expect(cv.layoutMargins.left == 16 && cv.layoutMargins.right == 16)
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(16, 35, 358, 38))
        #expect(layout.cell(0, 0) == rect(16, 73, 358, 44))
        #expect(layout.cell(0, 2) == rect(16, 161, 358, 44))
        #expect(layout.supplementary(ElementKind.sectionHeader, 1)?.frame == rect(16, 240, 358, 38))
        #expect(layout.cell(1, 0) == rect(16, 278, 358, 44))
        #expect(layout.collectionViewContentSize == size(390, 410))
        // Not pinned: at offset 100 header 0 stays at 35.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.frame == rect(16, 35, 358, 38))
        #expect(layout.supplementary(ElementKind.sectionHeader, 0)?.isPinned == false)
    }
}

// MARK: Bad input

@Suite struct CompositionalBadInputTests {

    @Test func itemsOfZeroWidthWithoutSpacingAreRefusedNotLooped() throws {
        // A group of items 0 wide and no spacing would hold items without end:
        // the section is laid out empty, with a warning, and nothing hangs.
        let item = CL.item(.absolute(0), .absolute(50))
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
            layoutSize: CL.size(.fractionalWidth(1), .absolute(50)), subitems: [item])))
        let cv = try compositionalView(layout, [100])
        let warnings = layout.layoutWarnings
        #expect(warnings.contains { $0.contains("section 0") && $0.contains("without end") }, "\(warnings)")
        #expect(layout.layoutAttributesForItem(at: .ip(0, 0)) == nil)
        #expect((layout.layoutAttributesForElements(in: rect(0, 0, 390, 844)) ?? []).isEmpty)
        #expect(layout.collectionViewContentSize == size(390, 0))
        // Scrolling it is harmless.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(cv.visibleCount == 0)
    }

    @Test func tinyItemsStopAtTheGroupLimit() throws {
        // Items a thousandth of a point wide: a 390 group would take 390,000; the
        // solver stops at its limit (10,000 a group) rather than hang.
        let item = CL.item(.absolute(0.001), .absolute(50))
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
            layoutSize: CL.size(.fractionalWidth(1), .absolute(50)), subitems: [item])))
        let cv = try compositionalView(layout, [20_000])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        let limit = GroupSolver.maximumItemsPerGroup
        #expect(layout.sections.first?.itemsPerGroup == limit)
        // 20,000 items in groups of `limit` (10,000: 2 groups), each 50 high.
        let groups = (20_000 + limit - 1) / limit
        #expect(layout.collectionViewContentSize == size(390, CGFloat(groups) * 50))
    }

    @Test func aSectionProviderReturningNilLaysThatSectionOutEmpty() throws {
        // Section 1 has no description: UIKit raises; stk warns quoting it and lays
        // the section out empty. Sections 0 and 2 are rows of 50: 3 x 50 = 150
        // each; section 2 follows section 0 directly: its item 0 at y = 150.
        let layout = CollectionViewCompositionalLayout(sectionProvider: { s, _ in s == 1 ? nil : CL.rows(50) })
        let cv = try compositionalView(layout, [3, 2, 3])
        let warnings = layout.layoutWarnings
        #expect(warnings.contains {
            $0.contains("section 1") && $0.contains("NSInternalInconsistencyException")
                && $0.contains("Invalid section definition. Please specify a valid section definition when content is to be rendered for a section. This is a client error.")
        }, "\(warnings)")
        #expect(layout.layoutAttributesForItem(at: .ip(1, 0)) == nil)
        #expect(layout.cell(2, 0) == rect(0, 150, 390, 50))
        #expect(layout.collectionViewContentSize == size(390, 300))
        #expect(!cv.visibleAttributes.keys.contains { $0.section == 1 })
    }

    @Test func aGroupWithoutSubitemsHoldsNoItem() throws {
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
            layoutSize: CL.size(.fractionalWidth(1), .absolute(50)), subitems: [])))
        let cv = try compositionalView(layout, [5])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        let warnings = layout.layoutWarnings
        #expect(warnings.contains { $0.contains("section 0") && $0.contains("cannot hold a single item") }, "\(warnings)")
        #expect(layout.layoutAttributesForItem(at: .ip(0, 0)) == nil)
        #expect(layout.collectionViewContentSize == size(390, 0))
    }

    @Test func aCountGroupWhoseSpacingLeavesNoRoomIsRefused() throws {
        // count 5 with fixed 100 spacing in 390: (390 - 4 x 100) / 5 = -2: no item fits.
        let group = CollectionLayoutGroup.horizontal(layoutSize: CL.size(.fractionalWidth(1), .absolute(50)),
                                                     repeatingSubitem: CL.item(.absolute(10), .absolute(50)), count: 5)
        group.interItemSpacing = .fixed(100)
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
        let cv = try compositionalView(layout, [5])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        let warnings = layout.layoutWarnings
        #expect(warnings.contains { $0.contains("section 0") && $0.contains("do not fit") }, "\(warnings)")
        #expect(layout.layoutAttributesForItem(at: .ip(0, 0)) == nil)
    }

    @Test func anItemWiderThanItsGroupOverflowsOnePerGroup() throws {
        // An item 500 wide in a 390 group: the group holds it (and overflows),
        // one a group, with a warning.
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
            layoutSize: CL.size(.fractionalWidth(1), .absolute(50)), subitems: [CL.item(.absolute(500), .absolute(50))])))
        let cv = try compositionalView(layout, [3])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.layoutWarnings.contains { $0.contains("does not fit its group") })
        #expect(layout.cell(0, 0) == rect(0, 0, 500, 50))
        #expect(layout.cell(0, 2) == rect(0, 100, 500, 50))
    }

    @Test func insetsAlongAnEstimatedDimensionAreIgnoredWithAWarning() throws {
        // Height .estimated(44) with content insets 5: the insets apply across
        // (x = 5, width 380) and not along the estimated height (y = 0, 44).
        let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .vertical(
            layoutSize: CL.size(.fractionalWidth(1), .estimated(44)), subitems: [CL.item(.fractionalWidth(1), .estimated(44), insets: 5)])))
        let cv = try compositionalView(layout, [2])
        defer { withExtendedLifetime(cv) {} }  // the layout holds its collection view weakly
        #expect(layout.layoutWarnings.contains { $0.contains("Content insets are ignored along an estimated dimension") })
        #expect(layout.cell(0, 0) == rect(5, 0, 380, 44))
        #expect(layout.cell(0, 1) == rect(5, 44, 380, 44))
    }
}
