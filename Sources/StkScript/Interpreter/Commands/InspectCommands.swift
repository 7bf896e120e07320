import Foundation
import LayoutKit
import StkRender

// attr, visible, contentsize, context (render, export: PictureCommands.swift; step, next, continue: Stepping.swift)
extension Interpreter {
    /// The element's current attributes as the layout answers them, or an
    /// error at the element when it does not exist.
    func attributes(of element: Located<ElementRef>) throws -> CollectionViewLayoutAttributes {
        let cv = session.collectionView
        layOutForQuery()
        switch element.value {
        case .item(let indexPath):
            guard cv.isValidItem(indexPath) else { throw CommandError(itemDoesNotExist(indexPath), at: element.range) }
        case .header(let s), .footer(let s):
            guard s >= 0, s < cv.numberOfSections else {
                throw CommandError("section \(s) does not exist (there are \(cv.numberOfSections) sections, expected 0..<\(cv.numberOfSections))", at: element.range)
            }
        case .supplementary(_, let path):
            guard path.section >= 0, path.section < cv.numberOfSections else {
                throw CommandError("section \(path.section) does not exist (there are \(cv.numberOfSections) sections, expected 0..<\(cv.numberOfSections))", at: element.range)
            }
        case .decoration:
            // A decoration's index path is the layout's to choose (a background
            // for the whole content may be 0:0 with no sections): asked as is.
            break
        }
        let query = Self.singleQuery(of: element.value)
        guard let attributes = session.layout.layoutAttributes(for: element.value.elementKey) else {
            if paused == nil, let shown = cv.visibleElementsInKeyOrder.first(where: { $0.key == element.value.elementKey }) {
                // Shown, but unknown to the single query (a decoration view
                // a layout adds in the rect query only): what is shown is
                // what there is to see, and the nil is said (`check` reports it).
                report(Diagnostic(.note, "\(session.layoutName)'s \(query) returned nil for \(element.value), which the rect query shows: these are the rect query's attributes, as `visible` lists them (UIKit asks the single query to animate the element; `check` reports the nil)"), trail: [])
                return shown.copied()
            }
            let why: String
            switch element.value {
            case .header(let section), .footer(let section):
                why = "a header or footer of zero size is not laid out" + otherKindsHint(inSection: section)
            default: why = "its \(query) returned nil"
            }
            throw CommandError("\(session.layoutName) has no \(element.value) (\(why))", at: element.range)
        }
        cv.warnIfFrameNotFinite(attributes, answeredBy: query)
        if attributes.key != element.value.elementKey {
            // UIKit would hand these attributes to the view of the element it
            // asked for: the wrong cell moves. stk's check (UIKit's own
            // assertion covers only index paths that do not exist).
            var asked = query
            if case .item(let indexPath) = element.value { asked = "layoutAttributesForItem(at: \(indexPath.stk))" }
            session.collectionView.warn("\(asked) answered for \(attributes.key), not for \(element.value): the layout answers for another element than the one asked")
        }
        // A derived `pinned` says how the rect query's answer moved with the
        // viewport: it is this frame's only when the single query answers
        // the same one (a header stretched in the rect query alone is
        // answered here unmoved).
        if cv.visibleElements.first(where: { $0.key == attributes.key })?.frame == attributes.frame {
            cv.applyDerivedPinning(to: attributes)
        }
        return attributes
    }

    /// For a header or footer the layout does not have: the supplementary
    /// views of other kinds in view in that section, which a layout with
    /// kinds of its own (`"section-header-element-kind"`) uses instead, with
    /// the command that shows one; empty when there are none in view.
    private func otherKindsHint(inSection section: Int) -> String {
        let others = supplementaryViewsOfOtherKinds(inSection: section)
        guard let first = others.first, let kind = first.kind else { return "" }
        var kinds: [String] = []
        for key in others where !kinds.contains(key.kind ?? "") { kinds.append(key.kind ?? "") }
        let named = kinds.map { "'\($0)'" }.joined(separator: ", ")
        return "; its supplementary views in view in section \(section) are of kind \(named): `attr supplementary \(kind) \(first.section):\(first.item)`"
    }

    /// The supplementary views in view in `section` of kinds other than
    /// `header` and `footer` (a compositional layout's own kinds), in key order.
    func supplementaryViewsOfOtherKinds(inSection section: Int) -> [ElementKey] {
        session.collectionView.visibleElementsInKeyOrder.map(\.key).filter {
            $0.category == .supplementaryView && $0.section == section && !Self.standardKinds.contains($0.kind ?? "")
        }
    }

    /// The layout's method a single query of `element` calls, as messages name it.
    static func singleQuery(of element: ElementRef) -> String {
        switch element {
        case .item: return "layoutAttributesForItem(at:)"
        case .decoration: return "layoutAttributesForDecorationView(ofKind:at:)"
        case .header, .footer, .supplementary: return "layoutAttributesForSupplementaryView(ofKind:at:)"
        }
    }

    func runAttr(_ element: Located<ElementRef>) throws {
        let a = try attributes(of: element)
        answer(text: TextFormat.attributes(a), json: JSONFormat.attributes(a))
        if paused == nil, let shown = shownElsewhere(a) {
            report(Diagnostic(.note, "\(a.key) is shown with \(shown) (the rect query's answer, as `visible` lists it); `attr` prints the single query's answer, which differs: a layout that overrides only one of the two disagrees so (`check` compares them)"), trail: [])
        }
    }

    /// What the last pass's rect query showed for the element `attr` asked
    /// about, when it differs from the single query's answer (a layout that
    /// stretches a header in `layoutAttributesForElements(in:)` only).
    private func shownElsewhere(_ attributes: CollectionViewLayoutAttributes) -> LayoutChecks.Displayed? {
        guard let shown = session.collectionView.visibleSnapshots.first(where: { $0.key == attributes.key }) else { return nil }
        let displayed = LayoutChecks.Displayed(shown)
        return displayed.matches(LayoutChecks.Displayed(attributes)) ? nil : displayed
    }

    var visibleSorted: [CollectionViewLayoutAttributes] {
        if paused != nil { return pausedAnswer() }
        session.collectionView.layoutIfNeeded()
        return session.collectionView.visibleElementsInKeyOrder
    }

    func runVisible() {
        let elements = visibleSorted
        answer(text: TextFormat.visible(elements), json: JSONFormat.visible(elements))
        if elements.isEmpty, paused == nil, let hint = emptyLayoutHint() { report(Diagnostic(.note, hint), trail: []) }
    }

    /// Why a layout may show nothing over data that has items: with a
    /// content size of no area too, its `prepare()` most likely returned early,
    /// as layouts do when a delegate or a data source of the app's is
    /// missing (`guard let delegate = collectionView?.delegate as? ...`), or
    /// its sizes are zero (a flow subclass's header size left at 0x0); nil
    /// otherwise (an empty layout of its own making says nothing).
    private func emptyLayoutHint() -> String? {
        let cv = session.collectionView
        let items = cv.itemCounts.reduce(0, +)
        let size = cv.contentSize
        guard items > 0, size.width == 0 || size.height == 0 else { return nil }
        return "\(session.layoutName) answered no elements and a content size of \(size.stk) over \(items) item\(items == 1 ? "" : "s"): its prepare() may have returned early, as layouts do when a delegate the app gives them is missing (docs/write-your-own-layout.md says how a small file beside the layout gives it one), or its sizes may be zero (`options` lists the sizes it takes)"
    }

    func runContentSize() {
        layOutForQuery()
        let size = session.collectionView.contentSize
        answer(text: TextFormat.contentSize(size), json: JSONFormat.contentSize(size))
    }

    /// The contexts of the last operation that ran a layout cycle (of the
    /// paused one so far, while one is), as the layout sent them on to super.
    var lastContexts: [(snapshot: InvalidationContextSnapshot, reason: InvalidationReason?)] {
        eventsForQueries.contextsAsSent.map { ($0.snapshot, $0.reason) }
    }

    func runContext() {
        let contexts = lastContexts
        guard let last = contexts.last else {
            // JSON: null, which a consumer tells from a context that names
            // nothing (docs/language.md, "JSON output").
            let why: String
            if let paused {
                why = "'\(paused.context.command.description)' has not made one yet"
            } else if session.lastOperationEvents.isEmpty && session.isPristine {
                why = "no operation has run yet"
            } else {
                why = "the last operation did not invalidate the layout"
            }
            answer(text: "no invalidation context: \(why)", json: .null)
            return
        }
        var text = TextFormat.context(last.snapshot, reason: last.reason)
        if contexts.count > 1 { text = "last of \(contexts.count) contexts\n" + text }
        answer(text: text, json: JSONFormat.context(last.snapshot))
    }
}
