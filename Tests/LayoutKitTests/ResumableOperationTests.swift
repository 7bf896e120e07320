import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// ResumableOperation: an operation of the collection view paused after each
/// phase, with the model as it is at that moment, and the same result as a
/// straight run.
@Suite struct ResumableOperationTests {
    /// Records the events and pauses the operation after each one.
    final class PausingRecorder: EventRecorder {
        var operation: ResumableOperation?
        override func collectionView(_ collectionView: CollectionView, didReport event: LayoutCycleEvent) {
            super.collectionView(collectionView, didReport: event)
            operation?.pause(after: event)
        }
    }

    func makeView(_ observer: LayoutCycleObserver) throws -> (CollectionView, RecordingFlowLayout) {
        let layout = RecordingFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let cv = try CollectionView(size: CGSize(width: 390, height: 844), layout: layout, itemCounts: [30, 30])
        cv.layoutIfNeeded()
        cv.observer = observer
        return (cv, layout)
    }

    @Test func eachAdvanceStopsAfterOnePhaseWithTheModelAsItIsThen() throws {
        let recorder = PausingRecorder()
        let (cv, layout) = try makeView(recorder)
        layout.calls = []
        let operation = ResumableOperation { try cv.setContentOffset(CGPoint(x: 0, y: 100)) }
        recorder.operation = operation

        // 1: should-invalidate, asked while the old bounds are current.
        guard case .paused(.shouldInvalidateAsked(let current, let new, true)) = operation.advance() else {
            Issue.record("expected should-invalidate first"); return
        }
        #expect(current.origin.y == 0 && new.origin.y == 100)
        #expect(cv.bounds.origin.y == 0)
        #expect(layout.calls.map(\.name).last == "shouldInvalidateLayout(forBoundsChange: 0,100,390,844)")
        // 2, 3: the context, then invalidateLayout(with:); nothing prepared yet.
        _ = operation.advance()
        guard case .paused(.invalidated) = operation.advance() else { Issue.record("expected invalidate"); return }
        #expect(!layout.calls.contains { $0.name == "prepare()" })
        // 4: the bounds are set; prepare() has still not run.
        guard case .paused(.boundsChanged) = operation.advance() else { Issue.record("expected bounds set"); return }
        #expect(cv.bounds.origin.y == 100)
        #expect(!layout.calls.contains { $0.name == "prepare()" })
        // 5: prepare() ran, on the operation's thread, with the new bounds.
        guard case .paused(.prepared) = operation.advance() else { Issue.record("expected prepare"); return }
        #expect(layout.calls.contains { $0.name == "prepare()" && $0.bounds.origin.y == 100 })
        #expect(operation.phaseCount == 5)
        #expect(!operation.isFinished)

        // The rest straight through: content size, query, diff.
        guard case .success = operation.finish() else { Issue.record("expected success"); return }
        #expect(operation.isFinished)
        #expect(recorder.events.count == 8)
    }

    @Test func steppedRunsReportTheEventsAndStateOfAStraightRun() throws {
        let straight = EventRecorder()
        let (cv1, _) = try makeView(straight)
        try cv1.setContentOffset(CGPoint(x: 0, y: 100))
        try cv1.performBatchUpdates([.insertItem(IndexPath(item: 0, section: 1))])

        let recorder = PausingRecorder()
        let (cv2, _) = try makeView(recorder)
        for body in [{ try cv2.setContentOffset(CGPoint(x: 0, y: 100)) },
                     { try cv2.performBatchUpdates([.insertItem(IndexPath(item: 0, section: 1))]) }] {
            let operation = ResumableOperation(body)
            recorder.operation = operation
            var paused = 0
            while case .paused = operation.advance() { paused += 1 }
            #expect(paused == operation.phaseCount)
            #expect(paused > 0)
        }
        #expect(recorder.events.map(EventRecorder.name) == straight.names)
        #expect(cv2.bounds == cv1.bounds)
        #expect(cv2.visibleAttributes.count == cv1.visibleAttributes.count)
        for (key, a) in cv1.visibleAttributes { #expect(cv2.visibleAttributes[key]?.frame == a.frame) }
    }

    @Test func anErrorEndsTheOperationAndIsItsResult() throws {
        let recorder = PausingRecorder()
        let (cv, _) = try makeView(recorder)
        let operation = ResumableOperation {
            try cv.setContentOffset(CGPoint(x: 0, y: 50))
            try cv.setContentOffset(CGPoint(x: CGFloat.nan, y: 0))
        }
        recorder.operation = operation
        var failed: Bool?
        while failed == nil {
            if case .finished(let r) = operation.advance() {
                if case .failure = r { failed = true } else { failed = false }
            }
        }
        guard failed == true else { Issue.record("a NaN offset is refused"); return }
        #expect(cv.bounds.origin.y == 50, "the first bounds change happened")
        // Advancing a finished operation says it is finished.
        guard case .finished = operation.advance() else { Issue.record("finished stays finished"); return }
    }

    @Test func aStraightRunOnTheCallersThreadDoesNotPause() throws {
        // An observer with an operation set, but the operation is not running:
        // events from another thread (a straight run) are not paused.
        let recorder = PausingRecorder()
        let (cv, _) = try makeView(recorder)
        recorder.operation = ResumableOperation {}
        try cv.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(recorder.events.count == 8)
    }
}
