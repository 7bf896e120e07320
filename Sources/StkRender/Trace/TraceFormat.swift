import Foundation
import LayoutKit

/// `trace on`: each phase of the layout cycle (docs/semantics.md, "The layout cycle")
/// as one or a few lines, named after the UIKit call it stands for:
///
///     shouldInvalidateLayout(forBoundsChange: 0,300,390,844) -> true   [bounds still 0,0,390,844]
///     invalidationContext(forBoundsChange:) -> CollectionViewFlowLayoutInvalidationContext: header=0:0,1:0
///     invalidateLayout(with:)
///     bounds 0,0,390,844 -> 0,300,390,844
///     prepare()  (touched 2, sections 0)
///     collectionViewContentSize -> 390x4000
///     layoutAttributesForElements(in: 0,300,390,844) -> 24 elements (2 created)
///     appeared: item 5:0, item 5:1
///     moved: header 1 0,300,390,30 -> 0,350,390,30
///
/// Flings, transitions and animated bounds changes add their calls:
///
///     fling 0,-2000 pt/s from 0,600, deceleration 0.998 -> proposed 0,0
///     targetContentOffset(forProposedContentOffset: 0,0, withScrollingVelocity: 0,-2) -> 0,0
///     prepare(forAnimatedBoundsChange: 0,0,390,844)
///     prepareForTransition(to: GridStickyLayout) on FlowStickyLayout; prepareForTransition(from: FlowStickyLayout) on GridStickyLayout
///
/// Lines stay under about `lineLimit` characters: lists are cut to what fits
/// (`… and 40 more`), a visible diff shows at most `maximumChangeLines` changes,
/// and a line still too long is broken before its ` -> ` onto an indented line.
/// Lines carry no trailing spaces.
public enum TraceFormat {
    /// The length a trace line aims to stay under.
    public static let lineLimit = 120
    /// How many changed elements a visible diff lists before `… and N more changed`.
    public static let maximumChangeLines = 10
    /// Characters kept of a summarised list. Index paths share their line with a
    /// long context class name; element names and updates have a line to themselves.
    static let indexPathListBudget = 48
    static let elementListBudget = 90
    static let updateListBudget = 64

    public static func lines(for event: LayoutCycleEvent) -> [String] {
        switch event {
        case let .shouldInvalidateAsked(currentBounds, newBounds, answer):
            return ["shouldInvalidateLayout(forBoundsChange: \(newBounds.stk)) -> \(answer)   [bounds still \(currentBounds.stk)]"]
        case let .contextCreated(snapshot, reason):
            let call = reason == .boundsChange ? "invalidationContext(forBoundsChange:)" : "context (\(reason.rawValue))"
            return wrapped("\(call) -> \(contextSummary(snapshot))")
        case .invalidated:
            return ["invalidateLayout(with:)"]
        case let .boundsChanged(from, to):
            return ["bounds \(from.stk) -> \(to.stk)"]
        case let .prepared(elementsTouched, sectionsComputed):
            return ["prepare()  (touched \(elementsTouched), sections \(sectionsComputed))"]
        case let .contentSize(size):
            return ["collectionViewContentSize -> \(size.stk)"]
        case let .elementsQueried(rect, attributes, attributesCreated):
            return ["layoutAttributesForElements(in: \(rect.stk)) -> \(TextFormat.count(attributes.count, "element")) (\(attributesCreated) created)"]
        case let .updatesPrepared(updates):
            let list = ListSummary.join(updates.map(\.description), separator: ", ", budget: updateListBudget)
            return ["prepare(forCollectionViewUpdates: [\(list)])"]
        case let .appearing(key, initial):
            return wrapped("\(transitionCall(key, appearing: true)) -> \(initial.map(\.fieldsText) ?? "nil")")
        case let .disappearing(key, final):
            return wrapped("\(transitionCall(key, appearing: false)) -> \(final.map(\.fieldsText) ?? "nil")")
        case .updatesFinalized:
            return ["finalizeCollectionViewUpdates()"]
        case let .visibleChanged(diff):
            return visibleDiffLines(diff)
        case let .flingProjected(velocity, rate, paging, from, proposed):
            let rule = paging ? "paging" : "deceleration \(rate.stk)"
            return ["fling \(velocity.stk) pt/s from \(from.stk), \(rule) -> proposed \(proposed.stk)"]
        case let .targetContentOffsetAsked(proposed, velocity, answer):
            if let velocity {
                return ["targetContentOffset(forProposedContentOffset: \(proposed.stk), withScrollingVelocity: \(velocity.stk)) -> \(answer.stk)"]
            }
            return ["targetContentOffset(forProposedContentOffset: \(proposed.stk)) -> \(answer.stk)"]
        case let .animatedBoundsChangePrepared(oldBounds):
            return ["prepare(forAnimatedBoundsChange: \(oldBounds.stk))"]
        case .animatedBoundsChangeFinalized:
            return ["finalizeAnimatedBoundsChange()"]
        case let .transitionPrepared(from, to):
            return ["prepareForTransition(to: \(to)) on \(from); prepareForTransition(from: \(from)) on \(to)"]
        case .transitionFinalized:
            return ["finalizeLayoutTransition() on both layouts"]
        case let .preferredAttributesAsked(key, original, preferred, answer):
            // `cell 0:1 wants ...`, as docs/language.md shows; a header or footer by its name.
            let element = key.category == .cell ? "cell \(key.indexPath.stk)" : "\(key)"
            return wrapped("\(element) wants \(preferred.size.stk) (has \(original.size.stk)): shouldInvalidateLayout(forPreferredLayoutAttributes:) -> \(answer)")
        case let .layoutCallback(name, detail):
            return wrapped("\(name)(\(detail))")
        }
    }

    /// A context on one line: its class, then only what it asks to redo:
    /// `everything`, `dataSourceCounts`, `items=0:3,0:4`, one `<kind>=S:I,...`
    /// per supplementary kind, `decoration:<kind>=...`, `offsetAdjustment=X,Y`
    /// and `sizeAdjustment=WxH` when not zero, `flowDelegateMetrics` and
    /// `flowAttributes` when set; `nothing` for an empty context. Lists are
    /// summarised (`… and N more`).
    public static func contextSummary(_ snapshot: InvalidationContextSnapshot) -> String {
        var parts: [String] = []
        if snapshot.invalidateEverything { parts.append("everything") }
        if snapshot.invalidateDataSourceCounts { parts.append("dataSourceCounts") }
        if !snapshot.items.isEmpty { parts.append("items=\(pathList(snapshot.items))") }
        for kind in snapshot.supplementary.keys.sorted() {
            parts.append("\(kind)=\(pathList(snapshot.supplementary[kind] ?? []))")
        }
        for kind in snapshot.decoration.keys.sorted() {
            parts.append("decoration:\(kind)=\(pathList(snapshot.decoration[kind] ?? []))")
        }
        if snapshot.contentOffsetAdjustment != .zero { parts.append("offsetAdjustment=\(snapshot.contentOffsetAdjustment.stk)") }
        if snapshot.contentSizeAdjustment != .zero { parts.append("sizeAdjustment=\(snapshot.contentSizeAdjustment.stk)") }
        if snapshot.invalidateFlowLayoutDelegateMetrics == true { parts.append("flowDelegateMetrics") }
        if snapshot.invalidateFlowLayoutAttributes == true { parts.append("flowAttributes") }
        if parts.isEmpty { parts.append("nothing") }
        return "\(snapshot.contextClass): \(parts.joined(separator: " "))"
    }

    // MARK: Visible diff

    /// `appeared: ...`, `disappeared: ...`, then one line per changed element:
    /// `moved:` when its frame changed (old and new frame first), `changed:`
    /// otherwise, followed by every other field that changed, `; `-separated
    /// (`zIndex 1 -> 2; pinned false -> true`). An element whose index path
    /// changed in a batch update says what it was: `item 0:3 (was item 0:2)`.
    /// An empty diff is `visible: unchanged`.
    static func visibleDiffLines(_ diff: VisibleDiff) -> [String] {
        guard !diff.isEmpty else { return ["visible: unchanged"] }
        var lines: [String] = []
        if !diff.appeared.isEmpty {
            lines.append("appeared: " + ListSummary.join(diff.appeared.map { $0.key.description }, separator: ", ", budget: elementListBudget))
        }
        if !diff.disappeared.isEmpty {
            lines.append("disappeared: " + ListSummary.join(diff.disappeared.map { $0.key.description }, separator: ", ", budget: elementListBudget))
        }
        for change in diff.changed.prefix(maximumChangeLines) {
            lines.append(changeLine(change))
        }
        if diff.changed.count > maximumChangeLines {
            lines.append("… and \(diff.changed.count - maximumChangeLines) more changed")
        }
        return lines
    }

    static func changeLine(_ change: VisibleDiff.Change) -> String {
        let from = change.from, to = change.to
        var name = change.key.description
        if change.oldKey != change.key { name += " (was \(change.oldKey))" }
        // Every field that changed but the frame (which `moved:` leads with),
        // in listing order: `zIndex 1 -> 2`, a transform as its own text.
        var fields: [String] = []
        for difference in AttributesSnapshot.differences(from: from, to: to)
        where difference.name != "frame" {
            let old = difference.old?.text ?? "-", new = difference.new?.text ?? "-"
            if case .transform? = difference.old {
                fields.append("\(old) -> \(new)")
            } else {
                fields.append("\(difference.name) \(old) -> \(new)")
            }
        }
        if from.frame != to.frame {
            let rest = fields.isEmpty ? "" : "; " + fields.joined(separator: "; ")
            return "moved: \(name) \(from.frame.stk) -> \(to.frame.stk)\(rest)"
        }
        return fields.isEmpty ? "changed: \(name)" : "changed: \(name) \(fields.joined(separator: "; "))"
    }

    // MARK: Helpers

    private static func transitionCall(_ key: ElementKey, appearing: Bool) -> String {
        let phase = appearing ? "initialLayoutAttributesForAppearing" : "finalLayoutAttributesForDisappearing"
        switch key.category {
        case .cell:
            return "\(phase)Item(at: \(key.indexPath.stk))"
        case .supplementaryView:
            return "\(phase)SupplementaryElement(ofKind: \(key.kind ?? "?"), at: \(key.indexPath.stk))"
        case .decorationView:
            return "\(phase)DecorationElement(ofKind: \(key.kind ?? "?"), at: \(key.indexPath.stk))"
        }
    }

    private static func pathList(_ paths: [IndexPath]) -> String {
        paths.isEmpty ? "none" : ListSummary.join(paths.map(\.stk), separator: ",", budget: indexPathListBudget)
    }

    /// A line longer than `lineLimit` is broken before its first ` -> `, the
    /// answer going on an indented second line.
    private static func wrapped(_ line: String) -> [String] {
        guard line.count > lineLimit, let arrow = line.range(of: " -> ") else { return [line] }
        return [String(line[..<arrow.lowerBound]), "    -> " + line[arrow.upperBound...]]
    }
}
