import Foundation
import Testing
import LayoutKit
import StkTestSupport
import FlowSticky

/// flow-sticky against numbers derived by hand from docs/semantics.md.
///
/// The geometry most tests share (390x844, defaults: items 50x50, spacing 10/10,
/// no section inset, headers 44 long, no footers), per section of 10 items:
///   perLine = 1 + floor((390 - 50) / (50 + 10)) = 6, so lines of 6 and 4;
///   header [0, 44), line 0 at 44, line 1 at 44 + 50 + 10 = 104, last line maxY 154;
///   section length 154, so section s starts at 154 s;
///   a full line uses 6*50 + 5*10 = 350 of 390: gap 10 + 40/5 = 18, columns at 0, 68, 136, ...
@Suite struct FlowStickyTests {
    typealias T = FlowPluginsTesting

    func make(size: CGSize = CGSize(width: 390, height: 844), counts: [Int], configure: (FlowStickyLayout) throws -> Void = { _ in }) throws -> CollectionView {
        try T.make(FlowStickyLayout(), size: size, counts: counts, configure: configure)
    }

    @Test func geometryOfTheSharedSetUp() throws {
        let cv = try make(counts: [10, 10, 10])
        // Header 0 spans the width at y 0; item 0:7 is on line 1 (y 104), column 1 (x 68).
        #expect(T.header(cv, 0)?.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(T.item(cv, 0, 7)?.frame == CGRect(x: 68, y: 104, width: 50, height: 50))
        // 3 sections of 154.
        #expect(cv.contentSize == CGSize(width: 390, height: 462))
    }

    @Test func headerPinsAtTheTop() throws {
        let cv = try make(counts: [10, 10, 10])
        try cv.setContentOffset(CGPoint(x: 0, y: 200))
        // top = 200; section 1 is [154, 308): y = min(max(200, 154), 308 - 44) = 200.
        T.expectHeader(try #require(T.header(cv, 1)), frame: CGRect(x: 0, y: 200, width: 390, height: 44), pinned: true)
        // It is visible although its natural place (154) is above the bounds.
        #expect(cv.visibleAttributes[.header(1)]?.frame.minY == 200)
        // Header 2 (natural 308 > top) stays where it is, below cells.
        let h2 = try #require(T.header(cv, 2))
        #expect(h2.frame.minY == 308)
        #expect(h2.zIndex == CollectionViewFlowLayout.supplementaryZIndex)
        #expect(!h2.isPinned)
        // Pinned above every cell: cells are at zIndex 0.
        #expect(T.item(cv, 1, 0)?.zIndex == 0)
    }

    /// Sections with sectionInset bottom 20 and 30-point footers: header [0, 44),
    /// lines at 44 and 104 (last line maxY 154), inset end 174, footer [174, 204);
    /// section length 204, section 1 starts at 204: last line maxY 358, inset end
    /// 378, next header 408. At offset 370 (top 370) the header is pushed to
    ///   lastItem:   min(370, 358 - 44) = 314
    ///   sectionEnd: min(370, 378 - 44) = 334
    ///   nextHeader: min(370, 408 - 44) = 364
    @Test(arguments: [("lastItem", 314.0), ("sectionEnd", 334.0), ("nextHeader", 364.0)])
    func headerIsPushedOffBySectionEnd(limit: String, expectedY: Double) throws {
        let cv = try make(counts: [10, 10, 10]) { layout in
            try layout.setOption("sectionInset", to: .insets(EdgeInsets(top: 0, left: 0, bottom: 20, right: 0)))
            try layout.setOption("footerSize", to: .size(CGSize(width: 0, height: 30)))
            try layout.setOption("pinLimit", to: .word(limit))
        }
        try cv.setContentOffset(CGPoint(x: 0, y: 370))
        let h1 = try #require(T.header(cv, 1))
        #expect(h1.frame == CGRect(x: 0, y: expectedY, width: 390, height: 44))
        #expect(h1.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        // Before the push (offset 250, top 250 < every limit - 44) it sits at the top.
        try cv.setContentOffset(CGPoint(x: 0, y: 250))
        #expect(T.header(cv, 1)?.frame.minY == 250)
    }

    @Test func headerOfAnEmptySectionDoesNotPin() throws {
        // Section 1 is empty: header [154, 198) and nothing else; section 2 starts at 198.
        let cv = try make(counts: [10, 0, 10])
        try cv.setContentOffset(CGPoint(x: 0, y: 170))
        // top 170 is past header 1's natural 154, but an empty section does not pin.
        T.expectHeader(try #require(T.header(cv, 1)), frame: CGRect(x: 0, y: 154, width: 390, height: 44), pinned: false)
        #expect(T.header(cv, 2)?.frame.minY == 198)
    }

    @Test func firstHeaderDoesNotMoveWhileBouncing() throws {
        let cv = try make(counts: [10, 10]) { _ in }
        try cv.setContentOffset(CGPoint(x: 0, y: -50))
        // top = -50: y = min(max(-50, 0), 154 - 44) = 0, its natural place.
        T.expectHeader(try #require(T.header(cv, 0)), frame: CGRect(x: 0, y: 0, width: 390, height: 44), pinned: false)
    }

    @Test func pinLineIsOffsetByTheAdjustedContentInset() throws {
        let cv = try make(counts: [10, 10, 10])
        try cv.setContentInset(EdgeInsets(top: 100, left: 0, bottom: 0, right: 0))
        // At rest (offset -100) top = 0: header 0 at its natural 0.
        try cv.setContentOffset(CGPoint(x: 0, y: -100))
        #expect(T.header(cv, 0)?.frame.minY == 0)
        // Offset 100: top = 100 + 100 = 200, header 1 at min(max(200, 154), 264) = 200.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(T.header(cv, 1)?.frame.minY == 200)
        // The safe area adds to it: top = 100 + 100 + 20 = 220 (still below 264).
        try cv.setSafeAreaInsets(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(T.header(cv, 1)?.frame == CGRect(x: 0, y: 220, width: 390, height: 44))
    }

    @Test func perItemSizesMoveTheLimit() throws {
        let cv = try make(counts: [10, 10, 10])
        // Item 1:9 (last line of section 1) 100 tall: that line is 100 tall, so
        // section 1's last line ends at 154 + 104 + 100 = 358 (instead of 308).
        try cv.setItemSize(CGSize(width: 50, height: 100), at: IndexPath(item: 9, section: 1))
        try cv.setContentOffset(CGPoint(x: 0, y: 340))
        // y = min(max(340, 154), 358 - 44) = 314.
        #expect(T.header(cv, 1)?.frame.minY == 314)
        // The short items of that line are centred: 1:6 at 154 + 104 + (100 - 50) / 2 = 283.
        #expect(T.item(cv, 1, 6)?.frame.minY == 283)
    }

    /// Sticky footers in a 390x300 viewport, footers 30 long: header [0, 44),
    /// lines at 44 and 104, footer [154, 184), section length 184 (sections at 0,
    /// 184, 368). Footer s: y = min(max(bottom - 30, firstItemMinY), naturalY) with
    /// bottom = offset + 300 - inset.bottom.
    @Test func stickyFooters() throws {
        let cv = try make(size: CGSize(width: 390, height: 300), counts: [10, 10, 10]) { layout in
            try layout.setOption("stickyFooters", to: .bool(true))
            try layout.setOption("footerSize", to: .size(CGSize(width: 0, height: 30)))
        }
        // Offset 0, bottom 300: footer 0 = min(max(270, 44), 154) = 154 (natural);
        // footer 1 = min(max(270, 228), 338) = 270, stuck to the bottom.
        let f0 = try #require(T.footer(cv, 0))
        #expect(f0.frame.minY == 154)
        #expect(!f0.isPinned)
        let f1 = try #require(T.footer(cv, 1))
        #expect(f1.frame == CGRect(x: 0, y: 270, width: 390, height: 30))
        #expect(f1.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        #expect(cv.visibleAttributes[.footer(1)] != nil)
        // Offset 150, bottom 450: footer 1 = min(max(420, 228), 338) = 338 (natural);
        // footer 2 = min(max(420, 412), 522) = 420.
        try cv.setContentOffset(CGPoint(x: 0, y: 150))
        #expect(T.footer(cv, 1)?.frame.minY == 338)
        #expect(T.footer(cv, 2)?.frame.minY == 420)
        // contentInset.bottom 50 lowers bottom to 400: footer 2 = min(max(370, 412), 522) = 412,
        // held by its section's first item.
        try cv.setContentInset(EdgeInsets(top: 0, left: 0, bottom: 50, right: 0))
        #expect(T.footer(cv, 2)?.frame.minY == 412)
    }

    @Test func footersDoNotStickByDefault() throws {
        let cv = try make(size: CGSize(width: 390, height: 300), counts: [10, 10]) { layout in
            try layout.setOption("footerSize", to: .size(CGSize(width: 0, height: 30)))
        }
        // Footer 1's natural place is 184 + 154 = 338, below the 300-point viewport.
        #expect(T.footer(cv, 1)?.frame.minY == 338)
        #expect(cv.visibleAttributes[.footer(1)] == nil)
    }

    /// Horizontal: the transpose. The cross extent is the height, 844:
    /// perLine = 1 + floor((844 - 50) / 60) = 14; 30 items make lines of 14, 14, 2
    /// at x 44, 104, 164 (header 44 wide, its width being the length along x), last
    /// line maxX 214; section s starts at x = 214 s.
    @Test func horizontalScrollingIsTheTranspose() throws {
        let cv = try make(counts: [30, 30, 30]) { layout in
            try layout.setOption("scrollDirection", to: .word("horizontal"))
        }
        #expect(cv.contentSize == CGSize(width: 642, height: 844))
        #expect(T.item(cv, 1, 0)?.frame == CGRect(x: 258, y: 0, width: 50, height: 50))
        // Offset x 250: header 1 at x = min(max(250, 214), 428 - 44) = 250, full height.
        try cv.setContentOffset(CGPoint(x: 250, y: 0))
        let h1 = try #require(T.header(cv, 1))
        #expect(h1.frame == CGRect(x: 250, y: 0, width: 44, height: 844))
        #expect(h1.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        // Offset x 400: pushed to 428 - 44 = 384.
        try cv.setContentOffset(CGPoint(x: 400, y: 0))
        #expect(T.header(cv, 1)?.frame.minX == 384)
        // contentInset.left is the inset at the start: offset 220 + 30 = top 250.
        try cv.setContentInset(EdgeInsets(top: 0, left: 30, bottom: 0, right: 0))
        try cv.setContentOffset(CGPoint(x: 220, y: 0))
        #expect(T.header(cv, 1)?.frame.minX == 250)
    }

    /// Minimal: 1,000 sections of 154. Scrolling from 1000 to 1010 (viewport 844):
    /// old bounds [1000, 1844) meet sections 6 (924..1078) to 11 (1694..1848), new
    /// bounds [1010, 1854) sections 6 to 12 (1848 < 1854). Only their headers can
    /// move, so the context names headers 6...12 and nothing else.
    @Test func aScrollNamesOnlyTheHeadersThatCanMove() throws {
        let cv = try make(counts: Array(repeating: 10, count: 1000))
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        let context = try T.onlyInvalidation(of: cv) { try cv.setContentOffset(CGPoint(x: 0, y: 1010)) }
        #expect(context.invalidateEverything == false)
        #expect(context.invalidateDataSourceCounts == false)
        #expect(context.invalidateFlowLayoutAttributes == false)
        #expect(context.invalidateFlowLayoutDelegateMetrics == false)
        #expect(context.items.isEmpty)
        #expect(context.supplementary == ["header": T.headerPaths(6...12)])
        // And header 6 follows: top 1010 within [924, 1078 - 44 = 1034].
        #expect(T.header(cv, 6)?.frame.minY == 1010)
    }

    @Test func stickyFootersAreNamedToo() throws {
        let cv = try make(counts: Array(repeating: 10, count: 1000)) { layout in
            try layout.setOption("stickyFooters", to: .bool(true))
            try layout.setOption("footerSize", to: .size(CGSize(width: 0, height: 30)))
        }
        // Sections are 184 long. Old bounds [1000, 1844): sections 5 (920..1104) to
        // 10 (1840..2024); new [1010, 1854): the same. The bottom line 1844 / 1854
        // lies in section 10 both times.
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        let context = try T.onlyInvalidation(of: cv) { try cv.setContentOffset(CGPoint(x: 0, y: 1010)) }
        #expect(context.supplementary == ["header": T.headerPaths(5...10), "footer": T.headerPaths(5...10)])
        #expect(context.isFullInvalidation == false)
    }

    @Test func aCrossAxisResizeRecomputesTheFlow() throws {
        let cv = try make(counts: [10, 10]) { _ in }
        let context = try T.onlyInvalidation(of: cv) { try cv.setBoundsSize(CGSize(width: 320, height: 844)) }
        #expect(context.invalidateFlowLayoutAttributes == true)
        #expect(context.invalidateFlowLayoutDelegateMetrics == true)
        // 320 wide: perLine = 1 + floor(270 / 60) = 5, so two full lines: last line maxY 154 still,
        // and a full line spreads 320 - (5*50 + 4*10) = 30 over 4 gaps (17.5 each): item 0:1 at x 67.5.
        #expect(T.item(cv, 0, 1)?.frame.minX == 67.5)
    }

    // MARK: Options

    @Test func descriptorDefaultsAreTheNewLayoutsValues() throws {
        let descriptor = FlowStickyPlugin.descriptor
        let layout = try T.newLayoutWithDefaults(descriptor, named: "flow-sticky")
        #expect(layout is FlowStickyLayout)
        for option in descriptor.options { #expect(!option.help.isEmpty, "option \(option.name)") }
        #expect(descriptor.options.map(\.name) == ["itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
                                                    "headerSize", "footerSize", "scrollDirection", "estimatedItemSize", "pinLimit", "stickyFooters"])
        #expect(descriptor.option(named: "headerSize")?.defaultValue == .size(CGSize(width: 44, height: 44)))
    }

    @Test func optionsRoundTrip() throws {
        let layout = FlowStickyLayout()
        let values: [(String, LayoutOptionValue)] = [
            ("itemSize", .size(CGSize(width: 100, height: 30))), ("minimumLineSpacing", .number(4)),
            ("minimumInteritemSpacing", .number(2.5)), ("sectionInset", .insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))),
            ("headerSize", .size(CGSize(width: 0, height: 60))), ("footerSize", .size(CGSize(width: 0, height: 20))),
            ("scrollDirection", .word("horizontal")), ("pinLimit", .word("nextHeader")), ("stickyFooters", .bool(true)),
        ]
        for (name, value) in values {
            try layout.setOption(name, to: value)
            #expect(layout.optionValue(name) == value, "option \(name)")
        }
        #expect(layout.itemSize == CGSize(width: 100, height: 30))
        #expect(layout.scrollDirection == .horizontal)
        #expect(layout.sectionHeadersPinLimit == .nextHeader)
        #expect(layout.sectionFootersPinToVisibleBounds)
        #expect(layout.optionValue("nonsense") == nil)
    }

    @Test(arguments: [
        ("itemSize", LayoutOptionValue.size(CGSize(width: -1, height: 5)), "-1x5"),
        ("itemSize", .number(50), "50"),
        ("minimumLineSpacing", .number(-3), "-3"),
        ("minimumInteritemSpacing", .number(.infinity), "inf"),
        ("sectionInset", .insets(EdgeInsets(top: 0, left: -2, bottom: 0, right: 0)), "0,-2,0,0"),
        ("headerSize", .size(CGSize(width: 0, height: CGFloat.nan)), "0xnan"),
        ("scrollDirection", .word("diagonal"), "diagonal"),
        ("pinLimit", .word("bottom"), "bottom"),
        ("stickyFooters", .number(1), "1"),
    ])
    func refusedValuesNameOptionValueAndExpectationAndChangeNothing(name: String, value: LayoutOptionValue, shown: String) throws {
        let cv = try make(counts: [10]) { _ in }
        let layout = try #require(cv.collectionViewLayout as? FlowStickyLayout)
        let before = layout.optionValue(name)
        let recorder = cv.startRecording()
        do {
            try layout.setOption(name, to: value)
            Issue.record("\(name)=\(value) was accepted")
        } catch let error as CollectionViewError {
            #expect(error.message.contains("option \(name)"))
            #expect(error.message.contains("got \(shown)"))
            #expect(error.message.contains("expected"))
        }
        #expect(layout.optionValue(name) == before)
        #expect(recorder.invalidations.isEmpty)
        #expect(!layout.needsPrepare)
    }

    @Test func unknownOptionIsRefusedWithTheKnownNames() throws {
        let layout = FlowStickyLayout()
        #expect(throws: CollectionViewError.self) { try layout.setOption("pinlimit", to: .word("lastItem")) }
        do { try layout.setOption("pinlimit", to: .word("lastItem")) } catch let error as CollectionViewError {
            #expect(error.message == "layout flow-sticky has no option 'pinlimit' (expected one of: itemSize, minimumLineSpacing, minimumInteritemSpacing, sectionInset, headerSize, footerSize, scrollDirection, estimatedItemSize, pinLimit, stickyFooters)")
        }
    }

    @Test func anOptionChangeInvalidatesAndAnUnchangedValueDoesNot() throws {
        let cv = try make(counts: [10, 10]) { _ in }
        let layout = try #require(cv.collectionViewLayout as? FlowStickyLayout)
        let recorder = cv.startRecording()
        try layout.setOption("itemSize", to: .size(CGSize(width: 50, height: 50)))
        #expect(recorder.invalidations.isEmpty)
        try layout.setOption("itemSize", to: .size(CGSize(width: 100, height: 100)))
        #expect(recorder.onlyInvalidation()?.invalidateEverything == true)
        cv.layoutIfNeeded()
        // 100-wide items: perLine = 1 + floor(290 / 110) = 3; item 0:3 on line 1 at y 44 + 110.
        #expect(T.item(cv, 0, 3)?.frame.minY == 154)
    }
}

/// A subclass of flow-sticky written elsewhere that moves the cells the flow
/// layout handed it, in place, as UIKit's "cached frame mismatch" is about.
/// The built-in layouts are not watched (they override no query method);
/// their subclasses are.
private final class NudgingStickyLayout: FlowStickyLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        let answer = super.layoutAttributesForElements(in: rect)
        for a in answer ?? [] where a.representedElementCategory == .cell { a.frame.origin.x += 8 }
        return answer
    }
}

@Suite struct FlowStickySubclassTests {
    @Test func aSubclassOfFlowStickyIsStillWatchedForInPlaceChanges() throws {
        let cv = try FlowPluginsTesting.make(NudgingStickyLayout(), size: CGSize(width: 390, height: 844), counts: [10]) { _ in }
        let warnings = cv.takeWarnings()
        // Item 0:0 sits at 0,44 (below header 0's 44 points), 50x50; moved 8 right.
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("UICollectionViewFlowLayout has cached frame mismatch for index path 0:0 (item 0:0) - cached value: 8,44,50,50; expected value: 0,44,50,50") == true, "\(warnings)")
    }

    @Test func theBuiltInLayoutsLeaveTheirAnswersAlone() throws {
        let cv = try FlowPluginsTesting.make(FlowStickyLayout(), size: CGSize(width: 390, height: 844), counts: [10, 10]) { _ in }
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(cv.takeWarnings().isEmpty)
    }
}
