import Foundation
import Testing
import LayoutKit
import StkTestSupport

// The fling rule (CollectionView.fling, projectedContentOffset): the proposed
// offset is `current + v / 1000 * r / (1 - r)` per axis (v in points per
// second, r = decelerationRate), clamped to the scrollable range
// [-adjustedInset.top, contentHeight - boundsHeight + adjustedInset.bottom]
// (never below the minimum); with paging, the next multiple of the bounds
// size in the velocity's direction (the nearest at zero velocity), clamped.
// The layout is then asked
// targetContentOffset(forProposedContentOffset:withScrollingVelocity:) with
// the velocity in points per MILLIsecond, and the view animates to the answer
// in `steps` bounds changes along a cubic ease-out, the last exactly the target.
//
// The scene of most tests: a plain flow layout (items 50x50, spacing 10) in a
// 390x844 view over one section of 600 items. Six items a line (6 x 50 + 5 x 10
// = 350 <= 390; seven need 410), so 600 / 6 = 100 lines, 60 apart:
// content height 100 x 50 + 99 x 10 = 5990; the largest offset 5990 - 844 = 5146.
//
// r / (1 - r) is not exact in binary (0.998 / 0.002 is 498.99999999999955), so
// projected offsets are compared within 1e-6.

/// Records the velocity and proposed offset the layout is asked with; answers
/// `answer(proposed)` (the proposed offset by default).
final class FlingRecordingLayout: CollectionViewFlowLayout {
    var asked: [(proposed: CGPoint, velocity: CGPoint)] = []
    var askedWithoutVelocity: [CGPoint] = []
    var answer: (CGPoint) -> CGPoint = { $0 }
    /// `collectionView.isDecelerating` at each shouldInvalidateLayout(forBoundsChange:).
    var deceleratingAtBoundsChange: [Bool] = []

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        asked.append((proposedContentOffset, velocity))
        return answer(proposedContentOffset)
    }
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        askedWithoutVelocity.append(proposedContentOffset)
        return super.targetContentOffset(forProposedContentOffset: proposedContentOffset)
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        deceleratingAtBoundsChange.append(collectionView?.isDecelerating ?? false)
        return super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

/// Snaps the resting offset to the nearest line boundary (lines are 60 apart:
/// 50 tall, 10 apart), as a paging-by-row layout does.
final class LineSnappingLayout: CollectionViewFlowLayout {
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        CGPoint(x: proposedContentOffset.x, y: (proposedContentOffset.y / 60).rounded() * 60)
    }
}

/// Whether two values agree within 1e-6.
func isClose(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-6 }
func isClose(_ a: CGPoint, _ b: CGPoint) -> Bool { isClose(a.x, b.x) && isClose(a.y, b.y) }

@Suite struct FlingTests {
    func make(_ counts: [Int] = [600], layout: CollectionViewFlowLayout = CollectionViewFlowLayout(),
              size viewport: CGSize = size(390, 844)) throws -> CollectionView {
        let cv = try CollectionView(size: viewport, layout: layout, itemCounts: counts)
        return cv
    }

    // MARK: The projection

    @Test func theSceneIsAsDerived() throws {
        let cv = try make()
        #expect(cv.contentSize == size(390, 5990))
        #expect(cv.scrollableOffsetRange.y == 0...5146)
        // The content is exactly as wide as the view: no room across.
        #expect(cv.scrollableOffsetRange.x == 0...0)
    }

    @Test func normalDeceleration() throws {
        let cv = try make()
        #expect(cv.decelerationRate == .normal && cv.decelerationRate.rawValue == 0.998)
        // 0.998 / (1 - 0.998) = 499; 3000 pt/s -> 3 pt/ms x 499 = 1497.
        #expect(isClose(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 3000)), CGPoint(x: 0, y: 1497)))
        // Upwards from 2000: 2000 - 1497 = 503.
        try cv.setContentOffset(CGPoint(x: 0, y: 2000))
        #expect(isClose(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -3000)), CGPoint(x: 0, y: 503)))
        // The projection does not move the view.
        #expect(cv.contentOffset == CGPoint(x: 0, y: 2000))
    }

    @Test func fastDeceleration() throws {
        let cv = try make()
        cv.decelerationRate = .fast
        #expect(cv.decelerationRate.rawValue == 0.99)
        // 0.99 / 0.01 = 99; 3 pt/ms x 99 = 297.
        #expect(isClose(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 3000)), CGPoint(x: 0, y: 297)))
        try cv.fling(velocity: CGPoint(x: 0, y: 3000))
        #expect(isClose(cv.contentOffset, CGPoint(x: 0, y: 297)))
    }

    @Test func aCustomRate() throws {
        let cv = try make()
        cv.decelerationRate = CollectionView.DecelerationRate(rawValue: 0.995)
        try cv.setContentOffset(CGPoint(x: 0, y: 1000))
        // 0.995 / 0.005 = 199; 2 pt/ms x 199 = 398: 1000 + 398 = 1398, 1000 - 398 = 602.
        #expect(isClose(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 2000)), CGPoint(x: 0, y: 1398)))
        #expect(isClose(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -2000)), CGPoint(x: 0, y: 602)))
        // 0.9: 0.9 / 0.1 = 9; 0.5 pt/ms x 9 = 4.5.
        cv.decelerationRate = CollectionView.DecelerationRate(rawValue: 0.9)
        #expect(isClose(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 500)), CGPoint(x: 0, y: 1004.5)))
    }

    @Test func clampedAtBothEnds() throws {
        let cv = try make()
        // From 5000: 5000 + 1497 = 6497, beyond 5146.
        try cv.setContentOffset(CGPoint(x: 0, y: 5000))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 3000)) == CGPoint(x: 0, y: 5146))
        // From 100: 100 - 1497 < 0.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -3000)) == CGPoint(x: 0, y: 0))
        // Across: the range is 0...0, whatever the velocity.
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 5000, y: 0)) == CGPoint(x: 0, y: 100))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: -5000, y: 0)) == CGPoint(x: 0, y: 100))
        // The fling ends there.
        try cv.fling(velocity: CGPoint(x: 0, y: -3000))
        #expect(cv.contentOffset == .zero)
    }

    @Test func clampedWithContentInsets() throws {
        let cv = try make()
        try cv.setContentInset(EdgeInsets(top: 20, left: 0, bottom: 30, right: 0))
        // [-20, 5990 - 844 + 30 = 5176].
        #expect(cv.scrollableOffsetRange.y == -20...5176)
        // From 0: 0 - 1 x 499 = -499, clamped to -20.
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -1000)) == CGPoint(x: 0, y: -20))
        // From 5000: 5000 + 499 = 5499, clamped to 5176.
        try cv.setContentOffset(CGPoint(x: 0, y: 5000))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 1000)) == CGPoint(x: 0, y: 5176))
        // The safe area adds to the inset: adjusted top 20 + 47 = 67.
        try cv.setSafeAreaInsets(EdgeInsets(top: 47, left: 0, bottom: 0, right: 0))
        try cv.setContentOffset(.zero)
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -1000)) == CGPoint(x: 0, y: -67))
    }

    @Test func contentShorterThanTheViewNeverGoesBelowTheMinimum() throws {
        // Six items: one line, 50 tall. The largest offset would be 50 - 844 < 0:
        // the range is the single point -inset.top.
        let cv = try make([6])
        #expect(cv.scrollableOffsetRange.y == 0...0)
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 3000)) == .zero)
        try cv.setContentInset(EdgeInsets(top: 10, left: 0, bottom: 10, right: 0))
        // [-10, max(-10, 50 + 10 - 844)] = [-10, -10]: the content does not
        // scroll along y, and an axis that does not scroll keeps its offset (as
        // UIKit without alwaysBounceVertical, where nothing can be flung): 0,
        // not the clamped -10.
        #expect(cv.scrollableOffsetRange.y == -10...(-10))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 3000)) == .zero)
        // Across, likewise: a sideways fling of a vertical list moves nothing.
        try cv.setContentInset(EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        #expect(cv.scrollableOffsetRange.x == -10...(-10))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 500, y: 0)).x == 0)
    }

    // MARK: Paging

    @Test func pagingForwardBackwardAndAtZeroVelocity() throws {
        let cv = try make()
        cv.isPagingEnabled = true
        // Pages are 844 apart. From 0 forward: page 1 = 844, whatever the speed.
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 100)) == CGPoint(x: 0, y: 844))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 100_000)) == CGPoint(x: 0, y: 844))
        try cv.fling(velocity: CGPoint(x: 0, y: 100))
        #expect(cv.contentOffset == CGPoint(x: 0, y: 844))
        // From exactly page 2 (1688): forward page 3 = 2532, backward page 1 = 844, still page 2.
        try cv.setContentOffset(CGPoint(x: 0, y: 1688))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 1)) == CGPoint(x: 0, y: 2532))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -1)) == CGPoint(x: 0, y: 844))
        #expect(cv.projectedContentOffset(forFlingVelocity: .zero) == CGPoint(x: 0, y: 1688))
        try cv.fling(velocity: CGPoint(x: 0, y: -2000))
        #expect(cv.contentOffset == CGPoint(x: 0, y: 844))
    }

    @Test func pagingFromBetweenPages() throws {
        let cv = try make()
        cv.isPagingEnabled = true
        // 400 / 844 = 0.47: the nearest page is 0, forward 844, backward 0.
        try cv.setContentOffset(CGPoint(x: 0, y: 400))
        #expect(cv.projectedContentOffset(forFlingVelocity: .zero) == .zero)
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 1)) == CGPoint(x: 0, y: 844))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -1)) == .zero)
        // 500 / 844 = 0.59: the nearest page is 844.
        try cv.setContentOffset(CGPoint(x: 0, y: 500))
        #expect(cv.projectedContentOffset(forFlingVelocity: .zero) == CGPoint(x: 0, y: 844))
        // 2000 / 844 = 2.37: forward page 3 = 2532, backward page 2 = 1688.
        try cv.setContentOffset(CGPoint(x: 0, y: 2000))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 50)) == CGPoint(x: 0, y: 2532))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -50)) == CGPoint(x: 0, y: 1688))
    }

    @Test func pagingIsClampedAndIgnoresTheRate() throws {
        let cv = try make()
        cv.isPagingEnabled = true
        cv.decelerationRate = .fast
        // From 5146 (6.1 pages) forward: page 7 = 5908, clamped to 5146.
        try cv.setContentOffset(CGPoint(x: 0, y: 5146))
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 3000)) == CGPoint(x: 0, y: 5146))
        // Backward: page 6 = 5064.
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -3000)) == CGPoint(x: 0, y: 5064))
        // From 0 backward: page -1 = -844, clamped to 0.
        try cv.setContentOffset(.zero)
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: -3000)) == .zero)
        // Across, pages are 390 wide but the range is 0...0.
        #expect(cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 3000, y: 0)) == .zero)
    }

    // MARK: The layout's answer

    @Test func theLayoutIsAskedWithTheVelocityInPointsPerMillisecond() throws {
        let layout = FlingRecordingLayout()
        let cv = try make(layout: layout)
        // 2500 pt/s = 2.5 pt/ms; -500 pt/s = -0.5 pt/ms. Proposed: y = 2.5 x 499 =
        // 1247.5; x clamped to 0.
        try cv.fling(velocity: CGPoint(x: -500, y: 2500))
        try #require(layout.asked.count == 1)
        #expect(layout.asked[0].velocity == CGPoint(x: -0.5, y: 2.5))
        #expect(isClose(layout.asked[0].proposed, CGPoint(x: 0, y: 1247.5)))
        // The answer (the proposed offset, here) is where the view ends.
        #expect(isClose(cv.contentOffset, CGPoint(x: 0, y: 1247.5)))
        // The variant without velocity is not asked for a fling.
        #expect(layout.askedWithoutVelocity.isEmpty)
        // With paging, the proposed offset is the page; the velocity is still per millisecond.
        cv.isPagingEnabled = true
        try cv.fling(velocity: CGPoint(x: 0, y: 1000))
        #expect(layout.asked.count == 2)
        // 1247.5 / 844 = 1.48: forward to page 2 = 1688; 1000 pt/s = 1 pt/ms.
        #expect(layout.asked[1].proposed == CGPoint(x: 0, y: 1688) && layout.asked[1].velocity == CGPoint(x: 0, y: 1))
    }

    @Test func theViewEndsAtTheLayoutsAnswer() throws {
        let cv = try make(layout: LineSnappingLayout())
        let recorder = cv.startRecording()
        // Proposed 1497; 1497 / 60 = 24.95 -> line 25 -> 1500.
        try cv.fling(velocity: CGPoint(x: 0, y: 3000))
        #expect(cv.contentOffset == CGPoint(x: 0, y: 1500))
        let asked = recorder.events.compactMap { e -> (CGPoint, CGPoint?, CGPoint)? in
            if case let .targetContentOffsetAsked(p, v, a) = e { return (p, v, a) } else { return nil }
        }
        try #require(asked.count == 1)
        #expect(isClose(asked[0].0, CGPoint(x: 0, y: 1497)) && asked[0].1 == CGPoint(x: 0, y: 3) && asked[0].2 == CGPoint(x: 0, y: 1500))
        // Line 25 (item 150, 25 x 6) sits exactly at the top of the view.
        let topCell = cv.visibleAttributes.values.filter { $0.representedElementCategory == .cell }.min { $0.key < $1.key }
        #expect(topCell?.indexPath == .ip(0, 150) && topCell?.frame.minY == 1500)
    }

    @Test func anAnswerOutsideTheRangeOvershootsAndBouncesBackToTheEdge() throws {
        // A snap that forgets the ends: 45 points before whatever it is proposed.
        let layout = FlingRecordingLayout()
        layout.answer = { CGPoint(x: $0.x, y: $0.y - 45) }
        let cv = try make(layout: layout)
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        _ = cv.takeWarnings()
        let recorder = cv.startRecording()
        // From 100 backward at 3000 pt/s: 100 - 1497 < 0, proposed 0 (clamped);
        // the answer is -45, outside 0...5146 along y.
        try cv.fling(velocity: CGPoint(x: 0, y: -3000), steps: 4)
        let offsets = recorder.events.compactMap { e -> CGFloat? in
            if case let .boundsChanged(_, to) = e { return to.minY } else { return nil }
        }
        // 4 steps from 100 to -45 on the ease-out (fractions 0.578125, 0.875,
        // 0.984375, 1), then 4 from -45 back to 0 on the same curve.
        let down: [CGFloat] = [100 - 145 * 0.578125, 100 - 145 * 0.875, 100 - 145 * 0.984375, -45]
        let back: [CGFloat] = [-45 + 45 * 0.578125, -45 + 45 * 0.875, -45 + 45 * 0.984375, 0]
        #expect(offsets.count == 8 && zip(offsets, down + back).allSatisfy { isClose($0, $1) })
        #expect(cv.contentOffset == .zero)
        #expect(!cv.isDecelerating)
        // Decelerating throughout, the bounce included.
        #expect(layout.deceleratingAtBoundsChange.suffix(8).allSatisfy { $0 })
        #expect(cv.takeWarnings() == ["targetContentOffset(forProposedContentOffset:withScrollingVelocity:) answered 0,-45, outside the scrollable range (y from 0 to 5146): the content cannot rest there; UIKit's scroll view overshoots to it and bounces back to 0,0"])
        // An answer in the range rests where it is: from 5100 forward, proposed
        // 5146 (clamped), answered 5101.
        try cv.setContentOffset(CGPoint(x: 0, y: 5100))
        try cv.fling(velocity: CGPoint(x: 0, y: 3000), steps: 4)
        #expect(cv.contentOffset == CGPoint(x: 0, y: 5101))
        #expect(cv.takeWarnings().isEmpty)
        // Past the end: 45 after the proposal, 5146 + 45 = 5191, back to 5146.
        layout.answer = { CGPoint(x: $0.x, y: $0.y + 45) }
        try cv.fling(velocity: CGPoint(x: 0, y: 3000), steps: 4)
        #expect(cv.contentOffset == CGPoint(x: 0, y: 5146))
        #expect(cv.takeWarnings().first?.contains("answered 0,5191, outside the scrollable range (y from 0 to 5146)") == true)
        // An answer across a vertical list (whose range across is 0...0) bounces back too.
        layout.answer = { CGPoint(x: 30, y: $0.y) }
        try cv.fling(velocity: CGPoint(x: 0, y: -1000), steps: 2)
        // 5146 - 499 = 4647.
        #expect(isClose(cv.contentOffset, CGPoint(x: 0, y: 4647)))
        #expect(cv.takeWarnings().first?.contains("(x from 0 to 0)") == true)
    }

    @Test func aNonFiniteAnswerIsRefusedAndTheViewStays() throws {
        let layout = FlingRecordingLayout()
        layout.answer = { _ in CGPoint(x: 0, y: CGFloat.nan) }
        let cv = try make(layout: layout)
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        let error = collectionViewError { try cv.fling(velocity: CGPoint(x: 0, y: 1000)) }
        #expect(error?.message.contains("not a finite point") == true)
        #expect(cv.contentOffset == CGPoint(x: 0, y: 300))
        #expect(!cv.isDecelerating)
    }

    @Test func refusedArguments() throws {
        let cv = try make()
        #expect(collectionViewError { try cv.fling(velocity: CGPoint(x: 0, y: CGFloat.infinity)) } != nil)
        #expect(collectionViewError { try cv.fling(velocity: CGPoint(x: CGFloat.nan, y: 0)) } != nil)
        #expect(collectionViewError { try cv.fling(velocity: CGPoint(x: 0, y: 1000), steps: 0) }?.message == "steps must be at least 1, got 0")
        #expect(cv.contentOffset == .zero)
    }

    // MARK: The animation

    @Test func theAnimationPathIsACubicEaseOut() throws {
        let cv = try make()
        // f(t) = 1 - (1 - t)^3 at t = 1/4, 2/4, 3/4: 1 - 27/64 = 37/64, 7/8, 63/64;
        // x 640: 370, 560, 630; the last step is the target itself.
        let path = cv.animationPath(to: CGPoint(x: 0, y: 640), steps: 4)
        #expect(path == [CGPoint(x: 0, y: 370), CGPoint(x: 0, y: 560), CGPoint(x: 0, y: 630), CGPoint(x: 0, y: 640)])
        // From 100 to -540 (a distance of -640): 100 - 370 = -270, 100 - 560 = -460, 100 - 630 = -530.
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(cv.animationPath(to: CGPoint(x: 0, y: -540), steps: 4).map(\.y) == [-270, -460, -530, -540])
        // One step is the target.
        #expect(cv.animationPath(to: CGPoint(x: 7, y: 9), steps: 1) == [CGPoint(x: 7, y: 9)])
    }

    @Test func theAnimationPathIsMonotonicAndSlowsDown() throws {
        let cv = try make()
        let target = CGPoint(x: 0, y: 1497.25)
        let path = cv.animationPath(to: target, steps: 10)
        #expect(path.count == 10)
        #expect(path.last == target)   // exactly, not within a rounding error
        let ys = [0] + path.map(\.y)
        let increments = zip(ys.dropFirst(), ys).map { $0 - $1 }
        #expect(increments.allSatisfy { $0 > 0 }, "not monotonic: \(ys)")
        // Ease-out: every step is shorter than the one before.
        #expect(zip(increments.dropFirst(), increments).allSatisfy { $0 < $1 }, "not slowing down: \(increments)")
        // The first step: f(0.1) = 1 - 0.9^3 = 0.271 of the way.
        // (Through a Bool: inside #expect this call's result went unused, so
        // the check could never fail.)
        let firstStepOnTheCurve = isClose(path[0].y, 1497.25 * 0.271)
        #expect(firstStepOnTheCurve, "the first step goes to \(path[0].y), expected 1497.25 x 0.271 = \(1497.25 * 0.271)")
    }

    @Test func aFlingMakesOneBoundsChangePerStepAlongThePath() throws {
        let cv = try make()
        let recorder = cv.startRecording()
        let proposed = cv.projectedContentOffset(forFlingVelocity: CGPoint(x: 0, y: 3000))
        let path = cv.animationPath(to: proposed, steps: 6)
        try cv.fling(velocity: CGPoint(x: 0, y: 3000), steps: 6)
        let moves = recorder.events.compactMap { e -> CGRect? in
            if case let .boundsChanged(_, to) = e { return to } else { return nil }
        }
        #expect(moves.map(\.origin) == path)
        #expect(moves.allSatisfy { $0.size == size(390, 844) })
        // The default is 10 steps.
        recorder.events.removeAll()
        try cv.fling(velocity: CGPoint(x: 0, y: -1000))
        #expect(recorder.names.filter { $0 == "boundsChanged" }.count == 10)
        #expect(CollectionView.defaultAnimationSteps == 10)
    }

    @Test func noBoundsChangeWhenTheTargetIsTheCurrentOffset() throws {
        let cv = try make()
        try cv.setContentOffset(CGPoint(x: 0, y: 300))
        let recorder = cv.startRecording()
        // Zero velocity without paging: proposed = 300 = current.
        try cv.fling(velocity: .zero)
        #expect(recorder.names == ["flingProjected", "targetContentOffsetAsked"])
        // Clamped to where it already is: at the end, flung further.
        try cv.setContentOffset(CGPoint(x: 0, y: 5146))
        recorder.events.removeAll()
        try cv.fling(velocity: CGPoint(x: 0, y: 3000))
        #expect(recorder.names == ["flingProjected", "targetContentOffsetAsked"])
        recorder.events.removeAll()
        try cv.animateContentOffset(to: CGPoint(x: 0, y: 5146), steps: 5)
        #expect(recorder.events.isEmpty)
    }

    @Test func isDeceleratingOnlyDuringTheAnimation() throws {
        let layout = FlingRecordingLayout()
        let cv = try make(layout: layout)
        #expect(!cv.isDecelerating)
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(layout.deceleratingAtBoundsChange == [false])
        layout.deceleratingAtBoundsChange.removeAll()
        try cv.fling(velocity: CGPoint(x: 0, y: 2000), steps: 5)
        #expect(layout.deceleratingAtBoundsChange == [true, true, true, true, true])
        #expect(!cv.isDecelerating)
        layout.deceleratingAtBoundsChange.removeAll()
        try cv.setContentOffset(CGPoint(x: 0, y: 0))
        #expect(layout.deceleratingAtBoundsChange == [false])
        // Not dragging or tracking: stk has no finger.
        #expect(!cv.isDragging && !cv.isTracking)
    }

    // MARK: Events

    @Test func theEventsOfAFling() throws {
        let cv = try make()
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        let recorder = cv.startRecording()
        try cv.fling(velocity: CGPoint(x: 0, y: 1000), steps: 2)
        // Without pinning a scroll does not invalidate: per step, asked, moved, queried, diffed.
        let step = ["shouldInvalidateAsked", "boundsChanged", "elementsQueried", "visibleChanged"]
        #expect(recorder.names == ["flingProjected", "targetContentOffsetAsked"] + step + step)
        guard case let .flingProjected(velocity, rate, paging, from, proposed) = recorder.events[0] else {
            Issue.record("unexpected first event \(recorder.events[0])"); return
        }
        // 100 + 1 x 499 = 599.
        #expect(velocity == CGPoint(x: 0, y: 1000) && rate == 0.998 && !paging && from == CGPoint(x: 0, y: 100))
        #expect(isClose(proposed, CGPoint(x: 0, y: 599)))
        guard case let .targetContentOffsetAsked(asked, perMillisecond, answer) = recorder.events[1] else {
            Issue.record("unexpected second event \(recorder.events[1])"); return
        }
        #expect(asked == proposed && perMillisecond == CGPoint(x: 0, y: 1) && answer == proposed)
        // Two steps: f(1/2) = 7/8 of 499 = 436.625 -> 536.625, then the target.
        guard case let .boundsChanged(from1, to1) = recorder.events[3], case let .boundsChanged(from2, to2) = recorder.events[7] else {
            Issue.record("no bounds changes where expected: \(recorder.names)"); return
        }
        #expect(from1.origin == CGPoint(x: 0, y: 100) && isClose(to1.origin, CGPoint(x: 0, y: 536.625)))
        #expect(from2 == to1 && to2.origin == proposed)
    }

    @Test func theEventsOfAPagedFlingSayPaging() throws {
        let cv = try make()
        cv.isPagingEnabled = true
        let recorder = cv.startRecording()
        try cv.fling(velocity: CGPoint(x: 0, y: 10), steps: 1)
        guard case let .flingProjected(_, _, paging, _, proposed) = recorder.events.first else {
            Issue.record("no flingProjected first: \(recorder.names)"); return
        }
        #expect(paging && proposed == CGPoint(x: 0, y: 844))
    }

    // MARK: Steps below one

    @Test func anAnimationPathOfZeroStepsIsTheTarget() throws {
        // animationPath clamps the count to at least one step (`1...max(1, steps)`),
        // so zero steps should be one step: the target. (animateContentOffset
        // does not check `steps` as fling does.)
        let cv = try make()
        let target = CGPoint(x: 0, y: 640)
        #expect(cv.animationPath(to: target, steps: 0) == [target])
        #expect(cv.animationPath(to: target, steps: -3) == [target])
        try cv.animateContentOffset(to: target, steps: 0)
        #expect(cv.contentOffset == target)
    }
}
