import Foundation
import Testing
import LayoutKit

/// The flow layout's pinned headers and footers (docs/semantics.md, flow-sticky:
/// `y = min(max(top, naturalY), limit - h)` for headers, `y = min(max(bottom - fh,
/// firstItemMinY), naturalY)` for footers), derived by hand in both directions.
@Suite struct PinnedSupplementaryTests {

    /// 3 sections of 12 default items; header 40, footer 20, sectionInset bottom 10;
    /// viewport 390 x 300; contentInset top 24, bottom 16.
    /// A section: header 40, lines 40..150 (two lines of 50 + 10), inset to 160,
    /// footer 160..180: 180 long; sections start at 0, 180, 360.
    func make(_ direction: Direction, limit: CollectionViewFlowLayout.PinLimit, footers: Bool = false) throws -> Built {
        let layout = CollectionViewFlowLayout()
        layout.scrollDirection = direction.flow
        layout.headerReferenceSize = direction.map(size(0, 40))
        layout.footerReferenceSize = direction.map(size(0, 20))
        layout.sectionInset = direction.map(EdgeInsets(top: 0, left: 0, bottom: 10, right: 0))
        layout.sectionHeadersPinToVisibleBounds = true
        layout.sectionFootersPinToVisibleBounds = footers
        layout.sectionHeadersPinLimit = limit
        let cv = CollectionView(size: direction.map(size(390, 300)), layout: layout)
        try cv.setContentInset(direction.map(EdgeInsets(top: 24, left: 0, bottom: 16, right: 0)))
        try cv.reloadData(itemCounts: [12, 12, 12])
        return Built(cv: cv, layout: layout, direction: direction)
    }

    func scroll(_ b: Built, to y: CGFloat) throws { try b.cv.setContentOffset(b.direction.map(CGPoint(x: 0, y: y))) }

    func attributes(_ b: Built, _ key: ElementKey) -> CollectionViewLayoutAttributes? { b.layout.layoutAttributes(for: key) }

    struct LimitCase: Sendable, CustomTestStringConvertible {
        var limit: CollectionViewFlowLayout.PinLimit
        var direction: Direction
        var headerY: CGFloat
        var testDescription: String { "\(limit.rawValue), \(direction.rawValue)" }
    }

    // Offset 106: top = 106 + 24 = 130. Header 0 (natural 0, height 40):
    //   lastItem:   limit 150 (last line's end)      -> min(130, 150 - 40) = 110
    //   sectionEnd: limit 160 (+ sectionInset.bottom) -> min(130, 160 - 40) = 120
    //   nextHeader: limit 180 (section 1's header)    -> min(130, 180 - 40) = 130
    static let limitCases: [LimitCase] = Direction.allCases.flatMap { d in
        [LimitCase(limit: .lastItem, direction: d, headerY: 110),
         LimitCase(limit: .sectionEnd, direction: d, headerY: 120),
         LimitCase(limit: .nextHeader, direction: d, headerY: 130)]
    }

    @Test(arguments: limitCases)
    func headersPinUntilTheirLimit(_ c: LimitCase) throws {
        let b = try make(c.direction, limit: c.limit)
        try scroll(b, to: 106)
        let header0 = try #require(attributes(b, .header(0)))
        #expect(c.direction.map(header0.frame) == rect(0, c.headerY, 390, 40))
        #expect(header0.isPinned && header0.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        // Header 1 (natural 180) is below the pin line: untouched.
        let header1 = try #require(attributes(b, .header(1)))
        #expect(c.direction.map(header1.frame) == rect(0, 180, 390, 40))
        #expect(!header1.isPinned && header1.zIndex == 1)
        // The visible set holds the pinned header (it overlaps the bounds 106..406).
        #expect(b.cv.visibleAttributes[.header(0)]?.isEqual(header0) == true)
        #expect(b.cv.visibleAttributes.values.filter { $0.representedElementCategory == .cell }.allSatisfy { $0.zIndex < header0.zIndex })
    }

    @Test(arguments: Direction.allCases)
    func aHeaderIsReturnedWhileAnyPartOfItsSectionIsVisible(_ direction: Direction) throws {
        // Offset 276: top 300, bounds 276..576. Section 1 spans 180..360: its header's
        // natural place (180..220) is off screen, but it pins, up to its limit (the
        // last line's end 180 + 150 = 330): min(max(300, 180), 330 - 40) = 290.
        let b = try make(direction, limit: .lastItem)
        try scroll(b, to: 276)
        let header1 = try #require(b.cv.visibleAttributes[.header(1)])
        #expect(direction.map(header1.frame) == rect(0, 290, 390, 40))
        #expect(header1.isPinned)
        // Header 0's section (0..180, last line ending at 150) is off screen: not
        // visible, yet the formula applies: min(max(300, 0), 150 - 40) = 110.
        #expect(b.cv.visibleAttributes[.header(0)] == nil)
        #expect(attributes(b, .header(0)).map { direction.map($0.frame) } == rect(0, 110, 390, 40))
    }

    @Test(arguments: Direction.allCases)
    func headersDoNotMoveWhileBouncing(_ direction: Direction) throws {
        // Offset -74: top = -50, above header 0's natural 0: it stays at 0, not pinned.
        let b = try make(direction, limit: .lastItem)
        try scroll(b, to: -74)
        let header0 = try #require(b.cv.visibleAttributes[.header(0)])
        #expect(direction.map(header0.frame) == rect(0, 0, 390, 40))
        #expect(!header0.isPinned && header0.zIndex == 1)
    }

    @Test(arguments: Direction.allCases)
    func footersStickToTheBottomNoHigherThanTheFirstItem(_ direction: Direction) throws {
        // Offset 106: bottom = 106 + 300 - 16 = 390.
        // Footer 1: natural 180 + 160 = 340; bottom - 20 = 370 is below it -> natural.
        // Footer 2: natural 360 + 160 = 520; max(370, first item 400) = 400 -> pinned
        //   at 400 (it never rises above its section's first item).
        // Offset 160: bottom 444. Footer 2: max(424, 400) = 424 -> 424.
        let b = try make(direction, limit: .lastItem, footers: true)
        try scroll(b, to: 106)
        let footer1 = try #require(attributes(b, .footer(1)))
        #expect(direction.map(footer1.frame) == rect(0, 340, 390, 20) && !footer1.isPinned)
        let footer2 = try #require(attributes(b, .footer(2)))
        #expect(direction.map(footer2.frame) == rect(0, 400, 390, 20))
        #expect(footer2.isPinned && footer2.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        try scroll(b, to: 160)
        #expect(attributes(b, .footer(2)).map { direction.map($0.frame) } == rect(0, 424, 390, 20))
    }

    @Test func headersOfEmptySectionsDoNotPin() throws {
        let layout = CollectionViewFlowLayout()
        layout.headerReferenceSize = size(0, 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let cv = try CollectionView(size: size(390, 300), layout: layout, itemCounts: [0, 12])
        // Section 0 is a header alone (0..40); at offset 20 it would pin at 20.
        try cv.setContentOffset(CGPoint(x: 0, y: 20))
        let header0 = try #require(cv.visibleAttributes[.header(0)])
        #expect(header0.frame == rect(0, 0, 390, 40) && !header0.isPinned)
    }
}
