import Foundation
import Testing
import LayoutKit
import StkTestSupport
import FlowSticky
import GlobalStretchy

/// global-stretchy against numbers derived by hand from docs/semantics.md.
///
/// Shared geometry (390x844, items 50x50, spacing 10, headers 44 long, 10 items a
/// section): header [0, 44), lines at 44 and 104, last line maxY 154; section s
/// starts at 154 s. G = 44, so the automatic cap is 88.
@Suite struct GlobalStretchyTests {
    typealias T = FlowPluginsTesting

    func make(size: CGSize = CGSize(width: 390, height: 844), counts: [Int], configure: (GlobalStretchyLayout) throws -> Void = { _ in }) throws -> CollectionView {
        try T.make(GlobalStretchyLayout(), size: size, counts: counts, configure: configure)
    }

    func stretchFactor(_ a: CollectionViewLayoutAttributes?) -> CGFloat? {
        (a as? GlobalStretchyLayoutAttributes)?.stretchFactor
    }

    @Test func atRestTheGlobalHeaderSitsAtItsPlaceAboveEverything() throws {
        let cv = try make(counts: [10, 10, 10])
        let g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(g.zIndex == 3)
        #expect(!g.isPinned)
        #expect(stretchFactor(g) == 0)
        // Every attribute is of the layout's class, and says so in its extra fields.
        #expect(T.item(cv, 0, 0) is GlobalStretchyLayoutAttributes)
        #expect(T.item(cv, 0, 0)?.extraFields == ["stretchFactor": 0])
    }

    @Test func overscrollStretchesTheGlobalHeader() throws {
        let cv = try make(counts: [10, 10, 10])
        // offset = -30: height min(44 + 30, 88) = 74, y = 0 - 30, stretchFactor 74 - 44 = 30.
        try cv.setContentOffset(CGPoint(x: 0, y: -30))
        let g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: 0, y: -30, width: 390, height: 74))
        #expect(stretchFactor(g) == 30)
        #expect(g.extraFields == ["stretchFactor": 30])
        #expect(g.isPinned)
        #expect(g.zIndex == 3)
        #expect(cv.visibleAttributes[.header(0)].map(stretchFactor) == 30)
        // The cells bounce with the content: item 0:0 stays at 44.
        #expect(T.item(cv, 0, 0)?.frame.minY == 44)
    }

    @Test func stretchingStopsAtTheCap() throws {
        let cv = try make(counts: [10, 10])
        // offset = -100: height min(144, 88) = 88, y = -100, stretchFactor 44.
        try cv.setContentOffset(CGPoint(x: 0, y: -100))
        var g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: 0, y: -100, width: 390, height: 88))
        #expect(stretchFactor(g) == 44)
        // An explicit cap of 60 at offset -30: min(74, 60) = 60, stretchFactor 16.
        let layout = try #require(cv.collectionViewLayout as? GlobalStretchyLayout)
        try layout.setOption("maxStretchHeight", to: .number(60))
        try cv.setContentOffset(CGPoint(x: 0, y: -30))
        g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: 0, y: -30, width: 390, height: 60))
        #expect(stretchFactor(g) == 16)
        // Back to auto.
        try layout.setOption("maxStretchHeight", to: .automatic)
        cv.layoutIfNeeded()
        #expect(T.header(cv, 0)?.frame.height == 74)
    }

    @Test func aCapBelowTheNaturalHeightMeansNoStretching() throws {
        let cv = try make(counts: [10]) { try $0.setOption("maxStretchHeight", to: .number(20)) }
        // offset -30: height max(44, min(74, 20)) = 44 (it never shrinks); its top
        // still follows the visible area: y = -30; stretchFactor 0.
        try cv.setContentOffset(CGPoint(x: 0, y: -30))
        let g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: 0, y: -30, width: 390, height: 44))
        #expect(stretchFactor(g) == 0)
    }

    @Test func notStretchableTheGlobalHeaderBouncesWithTheContent() throws {
        let cv = try make(counts: [10, 10]) { try $0.setOption("stretchable", to: .bool(false)) }
        // offset -30: y = 0 + max(-30, 0) = 0, no stretching.
        try cv.setContentOffset(CGPoint(x: 0, y: -30))
        let g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(stretchFactor(g) == 0)
        #expect(g.zIndex == 3)
    }

    @Test func otherHeadersPinUnderTheGlobalHeader() throws {
        let cv = try make(counts: [10, 10, 10])
        // offset 200: the global header at 0 + max(200, 0) = 200; header 1 sticks at
        // top = 200 + 44 = 244: min(max(244, 154), 308 - 44) = 244.
        try cv.setContentOffset(CGPoint(x: 0, y: 200))
        let g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: 0, y: 200, width: 390, height: 44))
        #expect(g.isPinned)
        let h1 = try #require(T.header(cv, 1))
        #expect(h1.frame == CGRect(x: 0, y: 244, width: 390, height: 44))
        #expect(h1.zIndex == 2)
        // The global header stays above the pinned ones, which stay above cells.
        #expect(g.zIndex > h1.zIndex)
        #expect(h1.zIndex > (T.item(cv, 1, 0)?.zIndex ?? 99))
        // offset 240: top 284, header 1 pushed to 264 (under the global header);
        // header 2 (natural 308) is not reached.
        try cv.setContentOffset(CGPoint(x: 0, y: 240))
        #expect(T.header(cv, 1)?.frame.minY == 264)
        #expect(T.header(cv, 2)?.frame.minY == 308)
        #expect(T.header(cv, 0)?.frame.minY == 240)
    }

    @Test func withoutAGlobalHeaderTheOthersPinToTheTop() throws {
        let cv = try make(counts: [10, 10, 10]) { try $0.setOption("globalHeader", to: .bool(false)) }
        // offset 200: header 0 is ordinary; section 0 [0, 154) is out of view, and
        // the formula still applies: min(max(200, 0), 154 - 44) = 110, pinned.
        // Header 1 at min(max(200, 154), 264) = 200.
        try cv.setContentOffset(CGPoint(x: 0, y: 200))
        let h0 = try #require(T.header(cv, 0))
        #expect(h0.frame.minY == 110)
        #expect(h0.zIndex == 2 && h0.isPinned)
        #expect(T.header(cv, 1)?.frame.minY == 200)
        // It still stretches while bouncing: offset -20 gives height 64, y -20.
        try cv.setContentOffset(CGPoint(x: 0, y: -20))
        #expect(T.header(cv, 0)?.frame == CGRect(x: 0, y: -20, width: 390, height: 64))
        #expect(stretchFactor(T.header(cv, 0)) == 20)
    }

    @Test func noPinningLeavesTheOtherHeadersInPlace() throws {
        let cv = try make(counts: [10, 10, 10]) { try $0.setOption("pinToGlobalHeader", to: .bool(false)) }
        try cv.setContentOffset(CGPoint(x: 0, y: 200))
        #expect(T.header(cv, 1)?.frame.minY == 154)
        #expect(T.header(cv, 0)?.frame.minY == 200)
    }

    @Test func theOffsetCountsFromTheAdjustedInset() throws {
        let cv = try make(counts: [10, 10])
        try cv.setContentInset(EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        // At rest (offset -64): offset 0, no stretch.
        try cv.setContentOffset(CGPoint(x: 0, y: -64))
        #expect(T.header(cv, 0)?.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        // Pulled to -100: offset -36, height 80, y -36, stretchFactor 36.
        try cv.setContentOffset(CGPoint(x: 0, y: -100))
        #expect(T.header(cv, 0)?.frame == CGRect(x: 0, y: -36, width: 390, height: 80))
        #expect(stretchFactor(T.header(cv, 0)) == 36)
        // Safe area 20 more: offset -16, height 60.
        try cv.setSafeAreaInsets(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(T.header(cv, 0)?.frame == CGRect(x: 0, y: -16, width: 390, height: 60))
    }

    @Test func horizontalStretchesAlongX() throws {
        let cv = try make(counts: [10, 10]) { try $0.setOption("scrollDirection", to: .word("horizontal")) }
        // The transpose: offset x -30 gives width 74 at x -30, full height.
        try cv.setContentOffset(CGPoint(x: -30, y: 0))
        let g = try #require(T.header(cv, 0))
        #expect(g.frame == CGRect(x: -30, y: 0, width: 74, height: 844))
        #expect(stretchFactor(g) == 30)
    }

    @Test func aTallerGlobalHeaderMovesThePinLine() throws {
        let cv = try make(counts: [10, 10, 10])
        // Header 0 100 tall: section 0 is [0, 210) (items 100..210), section 1 [210, 364).
        try cv.setSupplementarySize(CGSize(width: 0, height: 100), ofKind: ElementKind.sectionHeader, inSection: 0)
        // offset 200: header 1 at min(max(200 + 100, 210), 364 - 44) = 300.
        try cv.setContentOffset(CGPoint(x: 0, y: 200))
        #expect(T.header(cv, 1)?.frame.minY == 300)
        // Auto cap is now 200: offset -150 stretches to min(250, 200) = 200.
        try cv.setContentOffset(CGPoint(x: 0, y: -150))
        #expect(T.header(cv, 0)?.frame == CGRect(x: 0, y: -150, width: 390, height: 200))
        #expect(stretchFactor(T.header(cv, 0)) == 100)
    }

    /// Minimal: 1,000 sections. Scrolling from 1000 to 1010: the pin line is at
    /// offset + 44 (1044, 1054, both in section 6: 924..1078); the old bounds meet
    /// sections 6...11, the new ones 6...12. The context names those headers and
    /// the global header, nothing else, and recomputes no flow.
    @Test func aScrollNamesTheHeadersInViewAndTheGlobalHeader() throws {
        let cv = try make(counts: Array(repeating: 10, count: 1000))
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        let context = try T.onlyInvalidation(of: cv) { try cv.setContentOffset(CGPoint(x: 0, y: 1010)) }
        #expect(context.supplementary == ["header": T.headerPaths([0] + Array(6...12))])
        #expect(context.items.isEmpty)
        #expect(context.invalidateEverything == false)
        #expect(context.invalidateFlowLayoutAttributes == false)
        #expect(context.invalidateFlowLayoutDelegateMetrics == false)
        #expect(T.header(cv, 0)?.frame.minY == 1010)
        // Header 6 at top 1054 within [924, 1078 - 44 = 1034]: pushed to 1034.
        #expect(T.header(cv, 6)?.frame.minY == 1034)
    }

    @Test func aSizeChangeAsksForTheDelegateMetrics() throws {
        let cv = try make(counts: [10, 10])
        let context = try T.onlyInvalidation(of: cv) { try cv.setBoundsSize(CGSize(width: 390, height: 700)) }
        #expect(context.invalidateFlowLayoutDelegateMetrics == true)
        // The width did not change: the flow's own attributes need no recomputing.
        #expect(context.invalidateFlowLayoutAttributes == false)
    }

    @Test func floatingOptionsInvalidateOnlyTheCandidates() throws {
        let cv = try make(counts: Array(repeating: 10, count: 20))
        try cv.setContentOffset(CGPoint(x: 0, y: 200))
        let layout = try #require(cv.collectionViewLayout as? GlobalStretchyLayout)
        let recorder = cv.startRecording()
        // Turning the global header off: candidates before (global header, sections 1...6
        // in [200, 1044), pin line 244 in section 1) and after (sections 1...6, pin line 200).
        try layout.setOption("globalHeader", to: .bool(false))
        let context = try #require(recorder.onlyInvalidation())
        #expect(context.supplementary == ["header": T.headerPaths([0] + Array(1...6))])
        #expect(context.isFullInvalidation == false)
        cv.layoutIfNeeded()
        // Header 0, an ordinary header now, of section 0 [0, 154) above the view:
        // min(max(200, 0), 154 - 44) = 110.
        #expect(T.header(cv, 0)?.frame.minY == 110)
        #expect(T.header(cv, 1)?.frame.minY == 200)
    }

    @Test func descriptorAndOptions() throws {
        let descriptor = GlobalStretchyPlugin.descriptor
        let layout = try T.newLayoutWithDefaults(descriptor, named: "global-stretchy")
        #expect(descriptor.option(named: "maxStretchHeight")?.allowsAutomatic == true)
        #expect(descriptor.option(named: "maxStretchHeight")?.defaultValue == .automatic)
        #expect(descriptor.options.map(\.name).suffix(4) == ["globalHeader", "stretchable", "pinToGlobalHeader", "maxStretchHeight"])
        try layout.setOption("maxStretchHeight", to: .number(120))
        #expect(layout.optionValue("maxStretchHeight") == .number(120))
        try layout.setOption("maxStretchHeight", to: .word("auto"))
        #expect(layout.optionValue("maxStretchHeight") == .automatic)
        #expect(throws: CollectionViewError("option maxStretchHeight: expected a finite, non-negative number or auto, got -5")) {
            try layout.setOption("maxStretchHeight", to: .number(-5))
        }
        #expect(throws: CollectionViewError("option globalHeader: expected true or false, got yes")) {
            try layout.setOption("globalHeader", to: .word("yes"))
        }
        #expect(layout.optionValue("globalHeader") == .bool(true))
        #expect(throws: CollectionViewError.self) { try layout.setOption("pinLimit", to: .word("lastItem")) }
    }

    @Test func attributesCopyAndCompareTheirStretchFactor() {
        let a = GlobalStretchyLayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
        a.stretchFactor = 12
        let b = a.copied()
        #expect(b.stretchFactor == 12)
        #expect(a.isEqual(b))
        b.stretchFactor = 13
        #expect(!a.isEqual(b))
        // A plain attributes object is not equal, even with the same frame.
        let plain = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
        a.stretchFactor = 0
        #expect(!a.isEqual(plain))
    }
}
