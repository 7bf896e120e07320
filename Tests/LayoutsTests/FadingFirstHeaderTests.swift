import Foundation
import Testing
import LayoutKit
import StkTestSupport
import FlowSticky
import FadingFirstHeader

/// fading-first-header against numbers derived by hand from docs/semantics.md:
/// alpha = clamp(offset / fadeDistance, 0, 1), offset = contentOffset.y +
/// adjustedContentInset.top, fadeDistance auto = header 0's height (44).
///
/// Shared geometry (390x844, items 50x50, spacing 10, headers 44, 10 items a
/// section): last line of section 0 ends at 154; section s starts at 154 s.
@Suite struct FadingFirstHeaderTests {
    typealias T = FlowPluginsTesting

    func make(size: CGSize = CGSize(width: 390, height: 844), counts: [Int], configure: (FadingFirstHeaderLayout) throws -> Void = { _ in }) throws -> CollectionView {
        try T.make(FadingFirstHeaderLayout(), size: size, counts: counts, configure: configure)
    }

    @Test func hiddenAtRest() throws {
        let cv = try make(counts: [10, 10])
        // offset 0: alpha 0, hidden, at its natural place (not pinned).
        let h0 = try #require(T.header(cv, 0))
        #expect(h0.alpha == 0)
        #expect(h0.isHidden)
        #expect(h0.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(h0.zIndex == 1)
        // Still an element in view (hidden, as UIKit keeps hidden views).
        #expect(cv.visibleAttributes[.header(0)]?.isHidden == true)
        // Other headers are not affected.
        #expect(T.header(cv, 1)?.alpha == 1)
        #expect(T.header(cv, 1)?.isHidden == false)
    }

    @Test func halfWayThenFullyFadedIn() throws {
        let cv = try make(counts: [10, 10])
        // offset 22: alpha 22 / 44 = 0.5; it pins like any header: min(max(22, 0), 154 - 44) = 22.
        try cv.setContentOffset(CGPoint(x: 0, y: 22))
        var h0 = try #require(T.header(cv, 0))
        #expect(h0.alpha == 0.5)
        #expect(!h0.isHidden)
        #expect(h0.frame.minY == 22)
        #expect(h0.zIndex == CollectionViewFlowLayout.pinnedZIndex)
        // offset 44: alpha 1.
        try cv.setContentOffset(CGPoint(x: 0, y: 44))
        h0 = try #require(T.header(cv, 0))
        #expect(h0.alpha == 1)
        #expect(h0.frame.minY == 44)
        // offset 130: still 1 (clamped), pushed to 154 - 44 = 110.
        try cv.setContentOffset(CGPoint(x: 0, y: 130))
        h0 = try #require(T.header(cv, 0))
        #expect(h0.alpha == 1)
        #expect(h0.frame.minY == 110)
        // Back to rest: hidden again.
        try cv.setContentOffset(.zero)
        #expect(T.header(cv, 0)?.isHidden == true)
    }

    @Test func bouncingKeepsItHidden() throws {
        let cv = try make(counts: [10])
        try cv.setContentOffset(CGPoint(x: 0, y: -40))
        // offset -40: clamp(-40 / 44) = 0.
        #expect(T.header(cv, 0)?.alpha == 0)
        #expect(T.header(cv, 0)?.isHidden == true)
        #expect(T.header(cv, 0)?.frame.minY == 0)
    }

    @Test func anExplicitFadeDistance() throws {
        let cv = try make(counts: [10, 10]) { try $0.setOption("fadeDistance", to: .number(100)) }
        // offset 25: alpha 25 / 100 = 0.25.
        try cv.setContentOffset(CGPoint(x: 0, y: 25))
        #expect(T.header(cv, 0)?.alpha == 0.25)
        // A distance of 0 shows it as soon as offset > 0.
        let layout = try #require(cv.collectionViewLayout as? FadingFirstHeaderLayout)
        try layout.setOption("fadeDistance", to: .number(0))
        cv.layoutIfNeeded()
        #expect(T.header(cv, 0)?.alpha == 1)
        try cv.setContentOffset(.zero)
        #expect(T.header(cv, 0)?.alpha == 0)
    }

    @Test func theOffsetCountsFromTheAdjustedInset() throws {
        let cv = try make(counts: [10, 10])
        try cv.setContentInset(EdgeInsets(top: 50, left: 0, bottom: 0, right: 0))
        // At rest (-50): offset 0, hidden.
        try cv.setContentOffset(CGPoint(x: 0, y: -50))
        #expect(T.header(cv, 0)?.isHidden == true)
        // -28: offset 22, alpha 0.5.
        try cv.setContentOffset(CGPoint(x: 0, y: -28))
        #expect(T.header(cv, 0)?.alpha == 0.5)
        // A safe area of 11 more: offset 33, alpha 0.75.
        try cv.setSafeAreaInsets(EdgeInsets(top: 11, left: 0, bottom: 0, right: 0))
        #expect(T.header(cv, 0)?.alpha == 0.75)
    }

    @Test func horizontalFadesAlongX() throws {
        let cv = try make(counts: [30, 30]) { try $0.setOption("scrollDirection", to: .word("horizontal")) }
        // Header 0 is 44 wide; offset x 11: alpha 0.25, at x 11 (pinned), full height.
        try cv.setContentOffset(CGPoint(x: 11, y: 0))
        let h0 = try #require(T.header(cv, 0))
        #expect(h0.alpha == 0.25)
        #expect(h0.frame == CGRect(x: 11, y: 0, width: 44, height: 844))
    }

    @Test func everyScrollThatChangesAlphaNamesHeaderZero() throws {
        let cv = try make(counts: Array(repeating: 10, count: 1000))
        let recorder = cv.startRecording()
        // 0 -> 10: alpha 0 -> 10/44. Bounds [0, 844) and [10, 854) meet sections 0...5.
        try cv.setContentOffset(CGPoint(x: 0, y: 10))
        #expect(recorder.onlyInvalidation()?.supplementary == ["header": T.headerPaths(0...5)])
        // 10 -> 1000 (alpha -> 1): header 0 was a candidate of the old bounds, so it is named.
        recorder.reset()
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        #expect(recorder.onlyInvalidation()?.contains(.header(0)) == true)
        #expect(T.header(cv, 0)?.alpha == 1)
        // 1000 -> 1010: alpha stays 1 and section 0 is far away: header 0 is not named,
        // only headers 6...12 (the sections in the old or new bounds).
        recorder.reset()
        try cv.setContentOffset(CGPoint(x: 0, y: 1010))
        let context = try #require(recorder.onlyInvalidation())
        #expect(context.supplementary == ["header": T.headerPaths(6...12)])
        #expect(context.isFullInvalidation == false)
        // 1010 -> 20: alpha 20/44 again, named as a candidate of the new bounds.
        recorder.reset()
        try cv.setContentOffset(CGPoint(x: 0, y: 20))
        #expect(recorder.onlyInvalidation()?.contains(.header(0)) == true)
        let alpha = try #require(T.header(cv, 0)?.alpha)
        #expect(alpha == CGFloat(20) / 44)
    }

    @Test func aFadeDistanceChangeNamesOnlyTheCandidates() throws {
        let cv = try make(counts: Array(repeating: 10, count: 20))
        try cv.setContentOffset(CGPoint(x: 0, y: 22))
        let layout = try #require(cv.collectionViewLayout as? FadingFirstHeaderLayout)
        let recorder = cv.startRecording()
        try layout.setOption("fadeDistance", to: .number(88))
        // Candidates before and after: headers of sections 0...5 (bounds [22, 866)).
        let context = try #require(recorder.onlyInvalidation())
        #expect(context.supplementary == ["header": T.headerPaths(0...5)])
        #expect(context.isFullInvalidation == false)
        cv.layoutIfNeeded()
        #expect(T.header(cv, 0)?.alpha == 0.25)
    }

    @Test func descriptorAndOptions() throws {
        let descriptor = FadingFirstHeaderPlugin.descriptor
        let layout = try T.newLayoutWithDefaults(descriptor, named: "fading-first-header")
        #expect(layout is FlowStickyLayout)
        #expect(descriptor.options.map(\.name) == FlowStickyPlugin.options.map(\.name) + ["fadeDistance"])
        #expect(throws: CollectionViewError("option fadeDistance: expected a finite, non-negative number or auto, got -1")) {
            try layout.setOption("fadeDistance", to: .number(-1))
        }
        #expect(layout.optionValue("fadeDistance") == .automatic)
        // flow-sticky's options are its own.
        try layout.setOption("pinLimit", to: .word("sectionEnd"))
        #expect(layout.optionValue("pinLimit") == .word("sectionEnd"))
        do { try layout.setOption("fade", to: .number(1)) } catch let error as CollectionViewError {
            #expect(error.message.hasPrefix("layout fading-first-header has no option 'fade'"))
            #expect(error.message.contains("fadeDistance"))
        }
    }
}
