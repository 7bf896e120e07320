import Foundation
import LayoutKit
import StkRender

/// The session's film: one `PictureFrame` per layout pass of every operation
/// that changed state, recorded from the layout-cycle events as they happen
/// and pictured when the film is read (`RecordedFrame`). `export html` steps
/// through it.
///
/// The log follows what `save` replays: an operation that changed nothing
/// (or failed) leaves no frames; `undo` takes the frames of the operation it
/// reverts off the log; `reset` starts the film again (its own frame first),
/// and undoing the reset brings the earlier frames back. It is bounded:
/// beyond `capacity` frames the oldest go, and an export says how many.
public final class FrameLog {
    /// How many frames the log keeps. A 390x844 flow-sticky frame (47
    /// elements) is about 2.7 KB of page: 5,000 frames are a page of about
    /// 14 MB, which a browser still steps through at once.
    public static let defaultCapacity = 5_000
    public var capacity: Int
    /// Off, nothing is recorded (`stk verify`'s sessions, which never export,
    /// skip the cost of a frame per pass).
    public var isEnabled = true

    private struct Operation {
        var frames: [RecordedFrame]
        /// A `reset`: the film starts again here.
        var startsOver: Bool
    }

    /// Operations committed, oldest first.
    private var operations: [Operation] = []
    private var frameCount = 0
    /// Frames of committed operations trimmed from the front of the log.
    private var trimmedFrames = 0

    // The operation being recorded.
    private var pending: [RecordedFrame] = []
    private var pendingDropped = 0
    private var passEvents: [LayoutCycleEvent] = []
    private var queried: [AttributesSnapshot] = []
    /// Set by `reset`: the next operation committed starts the film again.
    var startsOverAtNextCommit = false
    /// The layouts (by class) whose `prepare()` has counted work: LayoutKit's
    /// helpers count what they touch; a layout written without them never
    /// does, and its frames leave the counters out (`prepare()` alone).
    private var layoutsCountingWork: Set<ObjectIdentifier> = []

    /// How many frames the log holds before it trims to `capacity`: a
    /// quarter more, so that trimming (which moves the operations kept) runs
    /// once per quarter of the capacity, and the frames held stay close to
    /// those an export shows (each holds its pass's answer and events).
    private var trimThreshold: Int { capacity + max(1, capacity / 4) }

    /// Whether the layout of this class has counted work in a `prepare()`:
    /// the trace leaves the counters out for one that never has.
    func countsWork(_ layout: CollectionViewLayout) -> Bool {
        layoutsCountingWork.contains(ObjectIdentifier(type(of: layout)))
    }

    public init(capacity: Int = FrameLog.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    // MARK: Recording

    /// An operation starts: nothing of an earlier, unfinished one is kept.
    func begin() {
        pending = []
        pendingDropped = 0
        passEvents = []
        queried = []
    }

    /// One event of the operation in progress. A pass ends with its visible
    /// diff, which closes a frame.
    func observe(_ event: LayoutCycleEvent, in collectionView: CollectionView) {
        // Learned with or without frames: the trace reads it too.
        if case let .prepared(touched, sections) = event, touched != 0 || sections != 0 {
            layoutsCountingWork.insert(ObjectIdentifier(type(of: collectionView.collectionViewLayout)))
        }
        guard isEnabled else { return }
        // Grown event by event: each frame keeps its pass's events, and room
        // reserved ahead (tried) made the 5,000 frames a log keeps take more
        // memory than the growth costs time.
        passEvents.append(event)
        switch event {
        case let .elementsQueried(_, attributes, _):
            queried = attributes
        case .visibleChanged:
            pending.append(RecordedFrame(queried: queried, events: passEvents, in: collectionView))
            passEvents = []
            queried = []
            if pending.count > trimThreshold {
                // One operation of more passes than the log keeps: its first ones go.
                let excess = pending.count - capacity
                pending.removeFirst(excess)
                pendingDropped += excess
            }
        default:
            break
        }
    }

    /// The operation failed or changed nothing: its frames go.
    func discard() {
        begin()
        startsOverAtNextCommit = false
    }

    /// The operation changed state: its frames join the log, named after it.
    /// An operation that ran no layout pass (`paging on`) gets one frame of the
    /// state as it is; events after the last pass (a batch update's
    /// `targetContentOffset`) join the last frame's phases.
    func commit(_ operation: String, in collectionView: CollectionView) {
        guard isEnabled else { return }
        // Taken out of `pending`, so that naming the frames changes them in place.
        var frames = pending
        pending = []
        if frames.isEmpty {
            frames = [RecordedFrame(shown: PictureElement.visible(in: collectionView), events: passEvents, in: collectionView)]
        } else {
            frames[frames.count - 1].trailingEvents = passEvents
        }
        let passes = pendingDropped + frames.count
        for i in frames.indices {
            frames[i].frame.operation = operation
            frames[i].frame.pass = pendingDropped + i + 1
            frames[i].frame.passes = passes
        }
        operations.append(Operation(frames: frames, startsOver: startsOverAtNextCommit))
        frameCount += frames.count
        trimmedFrames += pendingDropped
        startsOverAtNextCommit = false
        begin()
        // Past the threshold, whole operations go from the front while the
        // rest still hold `capacity` frames (trimming in bulk keeps a long
        // session's commits cheap).
        guard frameCount > trimThreshold else { return }
        var drop = 0
        var remaining = frameCount
        while drop < operations.count - 1, remaining - operations[drop].frames.count >= capacity {
            remaining -= operations[drop].frames.count
            drop += 1
        }
        trimmedFrames += frameCount - remaining
        operations.removeFirst(drop)
        frameCount = remaining
    }

    /// `undo`: the reverted operation's frames go.
    func undo() {
        guard isEnabled, let last = operations.popLast() else { return }
        frameCount -= last.frames.count
    }

    // MARK: Reading

    /// The film an export shows: the frames since the last `reset` (all of
    /// them if none), at most `capacity`, the latest; and how many frames
    /// before those the log no longer holds.
    public var film: (frames: [PictureFrame], dropped: Int) {
        let start = operations.lastIndex(where: \.startsOver) ?? 0
        var recorded: [RecordedFrame] = []
        for operation in operations[start...] { recorded += operation.frames }
        if recorded.count > capacity { recorded.removeFirst(recorded.count - capacity) }
        var frames = recorded.map(\.picture)
        for i in frames.indices {
            if let layout = frames[i].layoutClass, !layoutsCountingWork.contains(layout) {
                frames[i].phases = Self.withoutCounters(frames[i].phases)
            }
        }
        var dropped = operations[start...].contains(where: \.startsOver) ? 0 : trimmedFrames
        dropped += operations[start...].reduce(0) { $0 + $1.frames.count } - frames.count
        return (frames, dropped)
    }

    // MARK: Frames

    /// One phase as `trace` prints it (a long call continues on a second line).
    static func phase(_ event: LayoutCycleEvent) -> String {
        TraceFormat.lines(for: event).joined(separator: "\n")
    }

    /// `prepare()  (touched 0, sections 0)` as `prepare()` for a layout that
    /// never counts its work: numbers that do not apply are left out.
    static func withoutCounters(_ phases: [String]) -> [String] {
        phases.map { $0.hasPrefix("prepare()  (touched ") ? "prepare()" : $0 }
    }

    /// One frame as the pass left it: the answer and the events kept as
    /// they came (the events hold the answer's snapshots already, so this is
    /// no second copy), and the picture (elements in key order, the phases
    /// as trace prints them, the marks) made only when the film is read.
    /// Making every pass's picture as it happened was a quarter of a long
    /// script's time, for frames most sessions never export.
    private struct RecordedFrame {
        /// Bounds, content size, layout class and rows; the rest is made by `picture`.
        var frame: PictureFrame
        /// The pass's answer, as its `elementsQueried` event carried it.
        var queried: [AttributesSnapshot]
        /// The elements stk marks pinned from their motion, as they were after the pass.
        var pinnedByMotion: Set<ElementKey>
        /// The elements of a frame of an operation that ran no pass (the state as it is).
        var shown: [PictureElement]?
        var events: [LayoutCycleEvent]
        /// Events after the operation's last pass (a batch update's
        /// `targetContentOffset`): phases of this frame, not part of its marks.
        var trailingEvents: [LayoutCycleEvent] = []

        /// A pass's frame.
        init(queried: [AttributesSnapshot], events: [LayoutCycleEvent], in collectionView: CollectionView) {
            let pinned = collectionView.derivesPinnedFromMotion ? collectionView.pinnedByMotion : []
            self.queried = queried
            self.events = events
            pinnedByMotion = pinned
            frame = Self.frame(events: events, in: collectionView) {
                queried.map { PictureElement.element(of: $0, pinnedByMotion: pinned) }
            }
        }

        /// The one frame of an operation that ran no layout pass.
        init(shown: [PictureElement], events: [LayoutCycleEvent], in collectionView: CollectionView) {
            queried = []
            pinnedByMotion = []
            self.shown = shown
            self.events = events
            frame = Self.frame(events: events, in: collectionView) { shown }
        }

        /// What is read from the collection view as the pass ends. The rows
        /// (compositional layouts only) need the elements at once.
        private static func frame(events: [LayoutCycleEvent], in collectionView: CollectionView,
                                  elements: () -> [PictureElement]) -> PictureFrame {
            var contentSize: CGSize?
            for case let .contentSize(size) in events { contentSize = size }
            var frame = PictureFrame(operation: "", bounds: collectionView.bounds,
                                     contentSize: contentSize ?? collectionView.contentSize, elements: [])
            frame.layoutClass = ObjectIdentifier(type(of: collectionView.collectionViewLayout))
            frame.rows = OrthogonalRow.rows(in: collectionView, elements: elements())
            return frame
        }

        /// The picture of the frame.
        var picture: PictureFrame {
            var picture = frame
            if let shown {
                picture.elements = shown
            } else {
                var elements = queried.map { PictureElement.element(of: $0, pinnedByMotion: pinnedByMotion) }
                // The pass hands the answer in key order whenever its keys
                // allow (LayoutKit's VisibleSet.sortByKey).
                if zip(elements, elements.dropFirst()).contains(where: { !($0.key < $1.key) }) {
                    elements.sort { $0.key < $1.key }
                }
                picture.elements = elements
            }
            picture.phases = (events + trailingEvents).map(FrameLog.phase)
            if shown != nil, picture.phases.isEmpty { picture.phases = ["(no layout pass: the layout was not invalidated)"] }
            for (snapshot, reason) in events.contextsAsSent { picture.contexts.append((reason.rawValue, snapshot)) }
            picture.marks = CycleMarks(events: events)
            return picture
        }
    }
}
