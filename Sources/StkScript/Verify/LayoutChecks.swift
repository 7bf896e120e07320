import Foundation
import LayoutKit

/// The checks of `stk verify` and of the `check` command, on a session's
/// current state and its last operation. Each is a rule UIKit relies on
/// without checking it, so that a layout that breaks it shows wrong frames
/// to users instead of failing:
///
/// - **fresh layout**: the live layout, invalidated step by step, answers
///   exactly as a new instance prepared from scratch on the same state: the
///   rect queries over the visible rect and the rects around it.
/// - **single queries**: what the rect query returns for an element, the
///   single-element query (`layoutAttributesForItem(at:)`, the supplementary
///   and decoration ones) returns too, for that index path.
/// - **index paths**: answers name existing index paths, each once, with
///   finite frames; a cell's centre lies inside the content size (or the
///   viewport, for cells that float with it).
/// - **context**: after a scroll (the size unchanged), every element that was visible
///   before and whose attributes changed was named by an invalidation context
///   of the operation (or the context invalidated everything, or named
///   nothing: a layout that redoes all in prepare()). UIKit keeps the
///   attributes of the elements a targeted context does not name, and of
///   every element when no context is made at all.
/// - **warning**: what the collection view and the layout warned about since
///   the last check (UIKit's console messages and exceptions, quoted, and
///   stk's own about the layout's answers), and the layout's warnings about
///   the state checked (a flow item too large). The interpreter keeps them
///   (`Interpreter.checkEvaluation`): they come from the commands, not from
///   the state alone.
public enum LayoutChecks {
    /// What one check found. The checks, the interpreter's warnings and
    /// `stk verify` make them (with the memberwise initializer); reports read them.
    public struct Finding: Equatable, Sendable, Codable, CustomStringConvertible {
        public enum Check: String, Sendable, Codable {
            case freshLayout = "fresh layout"
            case singleQuery = "single query"
            case indexPaths = "index paths"
            case context = "context"
            /// A warning of the collection view or the layout (UIKit's
            /// console messages and exceptions, and stk's own about the
            /// layout's answers), raised since the last check.
            case warning = "warning"
            /// An operation that did not finish within `stk verify --timeout`:
            /// a layout stuck in a loop freezes the app the same way.
            case hang = "hang"
            /// An operation (or the checks after it) that crashed the layout:
            /// an app would crash the same way.
            case crash = "crash"
        }

        public var check: Check
        /// The element, as stk prints it (`header 1`, `item 0:3`), if one is to blame.
        public var element: String?
        public var message: String
        /// The finding also stopped the script as an error: a command failed
        /// because the layout's answer was unusable (a fling's target offset
        /// that is not a finite point), so a script replaying it stops there.
        public var stoppedTheScript = false

        public var description: String { "[\(check.rawValue)] \(message)" }
    }
}

extension LayoutChecks.Finding.Check {
    /// The kinds a run may set aside (`check except KIND`, `stk verify
    /// --ignore KIND`): the checks' own. A crash or a hang ends what runs.
    public static let setAside: [Self] = [.freshLayout, .singleQuery, .indexPaths, .context, .warning]

    /// The kind as one word, as the language and the command line write it:
    /// `single-query`.
    public var word: String { rawValue.replacingOccurrences(of: " ", with: "-") }

    /// `kinds` as words, in the order of `setAside`: how a run says what it
    /// set aside (its pass line, its JSON, its reproducers' `check except`).
    public static func words(of kinds: Set<Self>) -> [String] { setAside.filter(kinds.contains).map(\.word) }

    /// The kind `word` names (`single-query`), among those a run may set aside.
    public init?(word: String) {
        guard let kind = Self.setAside.first(where: { $0.word == word }) else { return nil }
        self = kind
    }
}

extension LayoutChecks {

    /// The values UIKit displays, for comparing two answers: the fields of
    /// `AttributesSnapshot.fields` that verify compares.
    public struct Displayed: Equatable, Sendable, CustomStringConvertible {
        public var attributes: AttributesSnapshot

        public var frame: CGRect { attributes.frame }

        public init(_ attributes: CollectionViewLayoutAttributes) {
            self.attributes = AttributesSnapshot(attributes, includingExtraFields: false)
        }

        /// The displayed values of a snapshot (its extra fields are not compared).
        public init(_ snapshot: AttributesSnapshot) {
            attributes = snapshot
            attributes.extraFields = [:]
        }

        /// Equal within a thousandth of a point (layouts compute in floating point).
        public func matches(_ other: Displayed) -> Bool {
            attributes.matchesInComparedFields(other.attributes, tolerance: 0.001)
        }

        /// Equal exactly in the compared fields.
        public static func == (a: Displayed, b: Displayed) -> Bool {
            a.attributes.matchesInComparedFields(b.attributes, tolerance: 0)
        }

        public var description: String { attributes.comparedFieldsText }
    }

    /// What was visible before an operation, for the context check after it.
    public static func snapshot(_ collectionView: CollectionView) -> VisibleBefore {
        VisibleBefore(collectionView)
    }

    /// The visible elements before an operation, as the values displayed.
    /// Values, not the collection view's objects: an object still held after
    /// the operation's pass cannot be made again by the next one
    /// (`CollectionViewLayout.reuseAttributes`), and making a pass's objects
    /// anew costs more than reading the values of the ones shown. Usually
    /// the values the pass that showed them took already
    /// (`CollectionView.visibleSnapshots`): nothing is copied.
    public struct VisibleBefore {
        private let elements: [AttributesSnapshot]

        public init(_ collectionView: CollectionView) {
            elements = collectionView.visibleSnapshots
        }

        /// The displayed values by key.
        public var displayed: [ElementKey: Displayed] {
            var result: [ElementKey: Displayed] = [:]
            result.reserveCapacity(elements.count)
            for a in elements { result[a.key] = Displayed(a) }
            return result
        }
    }

    /// What one evaluation found: the findings, and the over-invalidation of
    /// the last operation's scroll contexts (elements named, and how many of
    /// them had not changed: harmless, but wasted work).
    public struct Evaluation: Sendable {
        public var findings: [Finding] = []
        public var named = 0
        public var namedButUnchanged = 0
    }

    /// Every check on the session's state. `before` is `snapshot` of the view
    /// before the last operation, and `events` that operation's cycle events
    /// (the context check is skipped without them).
    public static func run(on session: Session, before: VisibleBefore?, events: [LayoutCycleEvent]) -> [Finding] {
        evaluate(session, before: before, events: events).findings
    }

    /// `run`, with the over-invalidation counted against the same fresh layout.
    public static func evaluate(_ session: Session, before visibleBefore: VisibleBefore?, events: [LayoutCycleEvent]) -> Evaluation {
        let live = session.collectionView
        live.layoutIfNeeded()
        var evaluation = Evaluation()
        let fresh: CollectionView
        do {
            fresh = try session.freshReplica()
        } catch {
            evaluation.findings = [Finding(check: .freshLayout, element: nil, message: "a fresh layout could not be made: \(error)")]
            return evaluation
        }
        // The live layout's rect answers, each asked once and kept as values
        // (a layout may hand out and later change the same objects), shared
        // by the checks below.
        let answers = queriedRects(live).map { RectAnswer(rect: $0, live.collectionViewLayout.layoutAttributesForElements(in: $0) ?? []) }
        let freshAnswers = answers.map { RectAnswer(rect: $0.rect, fresh.collectionViewLayout.layoutAttributesForElements(in: $0.rect) ?? []) }
        var freshFindings = compareWithFresh(live: live, answers: answers, fresh: fresh, freshAnswers: freshAnswers)
        if !freshFindings.isEmpty, let unsteady = unsteadiness(of: session, fresh: fresh, freshAnswers: freshAnswers) {
            // Two fresh layouts disagree: each comparison with one would
            // report the layout's randomness, not its bugs.
            freshFindings = [unsteady]
        }
        evaluation.findings += freshFindings
        evaluation.findings += singleQueries(live, answer: answers[0])
        evaluation.findings += indexPaths(live, answers: answers)
        if let before = visibleBefore?.displayed {
            let answers = FreshAnswers(fresh, rectAnswers: freshAnswers)
            evaluation.findings += context(before: before, events: events, live: live, fresh: answers)
            (evaluation.named, evaluation.namedButUnchanged) = overInvalidation(before: before, events: events, fresh: answers)
        }
        return evaluation
    }

    // MARK: The checks

    /// The rects the checks query: the visible rect (first) and one viewport
    /// on each side of it.
    static func queriedRects(_ collectionView: CollectionView) -> [CGRect] {
        let b = collectionView.bounds
        return [b, b.offsetBy(dx: 0, dy: -b.height), b.offsetBy(dx: 0, dy: b.height),
                b.offsetBy(dx: -b.width, dy: 0), b.offsetBy(dx: b.width, dy: 0)]
    }

    /// One rect query's answer, as the values UIKit displays, in the order
    /// the layout gave them.
    struct RectAnswer {
        struct Element {
            var key: ElementKey
            var displayed: Displayed
        }

        let rect: CGRect
        let elements: [Element]

        init(rect: CGRect, _ attributes: [CollectionViewLayoutAttributes]) {
            self.rect = rect
            elements = attributes.map { Element(key: $0.key, displayed: Displayed($0)) }
        }

        /// By element, leaving out frames with a non-finite origin (reported
        /// by the index-path check).
        var byKey: [ElementKey: Displayed] {
            var result: [ElementKey: Displayed] = [:]
            result.reserveCapacity(elements.count)
            for e in elements where e.displayed.frame.minX.isFinite && e.displayed.frame.minY.isFinite { result[e.key] = e.displayed }
            return result
        }

        /// Where `other`, an answer to the same rect, differs from this one:
        /// the elements, in key order, that one returns with other values or
        /// the other does not return, with both answers' values by element.
        func differences(from other: RectAnswer) -> (keys: [ElementKey], mine: [ElementKey: Displayed], theirs: [ElementKey: Displayed]) {
            let mine = byKey, theirs = other.byKey
            var keys: [ElementKey] = []
            for (key, value) in mine {
                if let their = theirs[key], value.matches(their) { continue }
                keys.append(key)
            }
            for key in theirs.keys where mine[key] == nil { keys.append(key) }
            return (keys.sorted(), mine, theirs)
        }

        /// Whether `other` names the same elements in the same order with
        /// matching values (the usual case, settled without hashing).
        func sameInOrder(as other: RectAnswer) -> Bool {
            guard elements.count == other.elements.count else { return false }
            // By index, reading the elements in place: a pair from zip would
            // copy both (each holds a whole snapshot) for every element.
            for i in elements.indices {
                guard elements[i].key == other.elements[i].key, elements[i].displayed.frame.minX.isFinite,
                      elements[i].displayed.frame.minY.isFinite, elements[i].displayed.matches(other.elements[i].displayed) else { return false }
            }
            return true
        }
    }

    /// `freshAnswers`: the fresh layout's answers to the rects of `liveAnswers`, in order.
    static func compareWithFresh(live: CollectionView, answers liveAnswers: [RectAnswer], fresh: CollectionView,
                                 freshAnswers: [RectAnswer]) -> [Finding] {
        var findings: [Finding] = []
        if live.contentSize != fresh.contentSize {
            findings.append(Finding(check: .freshLayout, element: nil,
                                    message: "the content size is \(live.contentSize.stk); a fresh layout's is \(fresh.contentSize.stk)"))
        }
        var reported: Set<ElementKey> = []
        for i in liveAnswers.indices {
            let liveAnswer = liveAnswers[i], freshAnswer = freshAnswers[i]
            let rect = liveAnswer.rect
            if liveAnswer.sameInOrder(as: freshAnswer) { continue }
            let (differing, liveValues, freshValues) = liveAnswer.differences(from: freshAnswer)
            for key in differing where !reported.contains(key) {
                let name = key.description
                switch (liveValues[key], freshValues[key]) {
                case let (l?, f?):
                    findings.append(Finding(check: .freshLayout, element: name,
                                            message: "\(name) is \(l); a fresh layout on the same state answers \(f) (rect query over \(rect.stk))"))
                case (nil, let f?):
                    findings.append(Finding(check: .freshLayout, element: name,
                                            message: "\(name) is missing from the rect query over \(rect.stk); a fresh layout returns it with \(f)"))
                case (let l?, nil):
                    findings.append(Finding(check: .freshLayout, element: name,
                                            message: "\(name) (\(l)) is returned by the rect query over \(rect.stk); a fresh layout does not return it"))
                default:
                    continue
                }
                reported.insert(key)
            }
        }
        return findings
    }

    /// A layout that is not a function of its data (random sizes, as
    /// `CGFloat.random(in:)` in a Pinterest clone's prepare(); a clock; state
    /// kept outside the layout) differs from a fresh layout everywhere, and
    /// so does a second fresh layout from the first: one finding that says
    /// so, with the first element the two fresh layouts disagree on, in place
    /// of the comparisons with a fresh layout, which mean nothing then. nil
    /// when a second fresh layout answers as the first (the findings stand).
    static func unsteadiness(of session: Session, fresh: CollectionView, freshAnswers: [RectAnswer]) -> Finding? {
        guard let second = try? session.freshReplica() else { return nil }
        for first in freshAnswers {
            let again = RectAnswer(rect: first.rect, second.collectionViewLayout.layoutAttributesForElements(in: first.rect) ?? [])
            if first.sameInOrder(as: again) { continue }
            let (keys, firstValues, againValues) = first.differences(from: again)
            guard let key = keys.first else { continue }
            let shown = { (value: Displayed?) in value.map { "\($0)" } ?? "nothing" }
            let differing = fresh.contentSize != second.contentSize
                ? "content sizes \(fresh.contentSize.stk) and \(second.contentSize.stk), "
                : ""
            return Finding(check: .freshLayout, element: nil,
                           message: "two fresh layouts on the same state disagree (\(differing)\(key): \(shown(firstValues[key])), then \(shown(againValues[key]))): the layout is not a function of its data (random sizes, a clock, or state kept outside the layout), so comparing it with a fresh layout finds its randomness, not its bugs; the other checks stand")
        }
        return nil
    }

    /// `answer` is the live layout's rect answer for its bounds.
    static func singleQueries(_ live: CollectionView, answer: RectAnswer) -> [Finding] {
        var findings: [Finding] = []
        let layout = live.collectionViewLayout
        for a in answer.elements where exists(a.key, in: live) {
            let key = a.key
            guard let single = layout.layoutAttributes(for: key) else {
                let name = key.description
                findings.append(Finding(check: .singleQuery, element: name,
                                        message: "the rect query returns \(name) with \(a.displayed), but the single query for it answers nil (only layoutAttributesForElements(in:) overridden?)"))
                continue
            }
            if single.key != key {
                let name = key.description
                findings.append(Finding(check: .singleQuery, element: name,
                                        message: "asked for \(name), the single query answered for \(single.key.description)"))
            } else if !Displayed(single).matches(a.displayed) {
                let name = key.description
                findings.append(Finding(check: .singleQuery, element: name,
                                        message: "the rect query returns \(name) with \(a.displayed); the single query answers \(Displayed(single))"))
            }
        }
        return findings
    }

    /// A cell of an orthogonal section of a compositional layout lies in its
    /// row's own content, which scrolls across the collection view's.
    static func isInOrthogonalRow(_ key: ElementKey, of collectionView: CollectionView) -> Bool {
        (collectionView.collectionViewLayout as? CollectionViewCompositionalLayout)?.orthogonalOffset(ofSection: key.section) != nil
    }

    static func exists(_ key: ElementKey, in collectionView: CollectionView) -> Bool {
        guard key.section >= 0, key.section < collectionView.numberOfSections else { return false }
        if key.category == .cell { return key.item >= 0 && key.item < collectionView.numberOfItems(inSection: key.section) }
        return true
    }

    static func indexPaths(_ live: CollectionView, answers: [RectAnswer]) -> [Finding] {
        var findings: [Finding] = []
        // The answer each element was last seen in: an element met again in
        // the same answer is there twice; one met in an earlier answer was
        // checked there.
        var lastSeen: [ElementKey: Int] = [:]
        var reportedTwice: Set<ElementKey> = []
        let content = live.contentSize
        // Where a cell's centre may be: in the content, or in the viewport (a
        // cell that floats with it, as a sticky grid's first column does,
        // follows it into an overscroll). A cell larger than the view sticks
        // out: UIKit only warns about that (a flow item too large).
        let area = CGRect(origin: .zero, size: content).union(live.bounds).insetBy(dx: -0.5, dy: -0.5)
        for (index, answer) in answers.enumerated() {
            for a in answer.elements {
                let key = a.key
                let previous = lastSeen.updateValue(index, forKey: key)
                if previous == index {
                    if reportedTwice.insert(key).inserted {
                        findings.append(Finding(check: .indexPaths, element: key.description,
                                                message: "the rect query over \(answer.rect.stk) returns \(key.description) twice"))
                    }
                    continue
                }
                guard previous == nil else { continue }
                if !exists(key, in: live) {
                    let name = key.description
                    let sections = live.numberOfSections
                    let detail = key.section < sections && key.section >= 0
                        ? "section \(key.section) has \(live.numberOfItems(inSection: key.section)) items"
                        : "there are \(sections) sections"
                    findings.append(Finding(check: .indexPaths, element: name,
                                            message: "the rect query returns \(name), which does not exist (\(detail)); UIKit: \"UICollectionView received layout attributes for a cell with an index path that does not exist\""))
                    continue
                }
                let f = a.displayed.frame
                if !f.hasFiniteNumbers {
                    findings.append(Finding(check: .indexPaths, element: key.description, message: "\(key.description) has a frame that is not finite: \(f.stk)"))
                } else if key.category == .cell, !area.contains(CGPoint(x: f.midX, y: f.midY)),
                          !isInOrthogonalRow(key, of: live) {
                    let name = key.description
                    findings.append(Finding(check: .indexPaths, element: name,
                                            message: "\(name) at \(f.stk) has its centre outside the content size \(content.stk) and the viewport \(live.bounds.stk)"))
                }
            }
        }
        return findings
    }

    /// The context check of a bounds change (see the type's documentation).
    static func context(before: [ElementKey: Displayed], events: [LayoutCycleEvent], live: CollectionView, fresh: FreshAnswers) -> [Finding] {
        // The contexts as the layout sent them on (what it added in its
        // invalidateLayout(with:) counts). Only operations that are bounds
        // changes alone: data and layout changes invalidate everything by
        // UIKit's own rules.
        let sent = events.contextsAsSent
        guard sent.allSatisfy({ $0.reason == .boundsChange }) else { return [] }
        let contexts = sent.map(\.snapshot)
        var boundsChanged = false
        for event in events {
            switch event {
            case let .boundsChanged(from, to):
                // Scrolls only: after a change of size (a rotation) UIKit asks
                // again for every element it shows, named or not, so a layout
                // that redoes everything in prepare() is right there (Apple's
                // own mosaic sample does). stk's decision; see docs.
                guard from.size == to.size else { return [] }
                boundsChanged = true
            case .updatesPrepared: return []
            default: continue
            }
        }
        guard boundsChanged, !contexts.contains(where: \.isFullInvalidation) else { return [] }
        let named = namedKeys(contexts)
        // Contexts that name nothing: the layout redoes its work in prepare()
        // and UIKit asks again for what it shows. That is how most layouts
        // written for iOS invalidate on scroll (a carousel that fades its
        // cells, the sticky-headers article), and they show right. The rule
        // holds for layouts that name elements (and forget some), and for a
        // scroll that made no context at all.
        if !contexts.isEmpty && named.isEmpty { return [] }
        var changed: [(key: ElementKey, old: Displayed, now: Displayed)] = []
        for (key, old) in before where !named.contains(key) && exists(key, in: live) {
            guard let now = fresh.answer(for: key), !now.matches(old) else { continue }
            // Out of the new bounds both where UIKit shows it and where it
            // should be, it is off screen either way: nothing shown is stale (a
            // carousel's handler leaves the cells that scrolled away as they
            // were). A pinned header left behind is in the bounds where it
            // should be, and is reported.
            guard old.attributes.frame.overlaps(live.bounds) || now.attributes.frame.overlaps(live.bounds) else { continue }
            changed.append((key, old, now))
        }
        var findings: [Finding] = []
        for (key, old, now) in changed.sorted(by: { $0.key < $1.key }) {
            let name = key.description
            let said = contexts.isEmpty ? "no context was made (shouldInvalidateLayout(forBoundsChange:) answered false)"
                                        : "no context named it"
            findings.append(Finding(check: .context, element: name,
                                    message: "\(name) changed from \(old) to \(now), but \(said); UIKit keeps showing it as it was"))
        }
        return findings
    }

    static func namedKeys(_ contexts: [InvalidationContextSnapshot]) -> Set<ElementKey> {
        var keys: Set<ElementKey> = []
        for c in contexts {
            for p in c.items { keys.insert(ElementKey(category: .cell, kind: nil, indexPath: p)) }
            for (kind, paths) in c.supplementary { for p in paths { keys.insert(ElementKey(category: .supplementaryView, kind: kind, indexPath: p)) } }
            for (kind, paths) in c.decoration { for p in paths { keys.insert(ElementKey(category: .decorationView, kind: kind, indexPath: p)) } }
        }
        return keys
    }

    /// Elements named by the scroll contexts that did not change.
    static func overInvalidation(before: [ElementKey: Displayed], events: [LayoutCycleEvent], fresh: FreshAnswers) -> (named: Int, unchanged: Int) {
        let contexts = events.contextsAsSent.filter { $0.reason == .boundsChange }.map(\.snapshot)
        guard !contexts.isEmpty, !contexts.contains(where: \.isFullInvalidation) else { return (0, 0) }
        let named = namedKeys(contexts)
        var unchanged = 0
        for key in named {
            if let old = before[key], let now = fresh.answer(for: key), now.matches(old) { unchanged += 1 }
        }
        return (named.count, unchanged)
    }
}

/// A fresh layout's answers for single elements, as UIKit would display
/// them: its rect queries' (the visible rect's first, then the viewports
/// around it, already asked by the fresh-layout check), else the single
/// query. The rect query first: it is what UIKit shows, so a layout whose
/// single query disagrees with it (the single-query check's finding) is not
/// also taken for one that changed its elements without a context.
final class FreshAnswers {
    let collectionView: CollectionView
    private let rectAnswers: [LayoutChecks.RectAnswer]
    /// Each rect answer by key, made when a lookup first reaches it: most
    /// elements asked for are in the first, the visible rect's.
    private var byKey: [[ElementKey: LayoutChecks.Displayed]?]

    init(_ collectionView: CollectionView, rectAnswers: [LayoutChecks.RectAnswer]) {
        self.collectionView = collectionView
        self.rectAnswers = rectAnswers
        byKey = Array(repeating: nil, count: rectAnswers.count)
    }

    func answer(for key: ElementKey) -> LayoutChecks.Displayed? {
        for index in rectAnswers.indices {
            if byKey[index] == nil { byKey[index] = rectAnswers[index].byKey }
            if let found = byKey[index]?[key] { return found }
        }
        return collectionView.collectionViewLayout.layoutAttributes(for: key).map(LayoutChecks.Displayed.init)
    }
}
