import Foundation
import LayoutKit

extension JSONFormat {
    /// One trace event as one JSON object, `"event"` first, named like its text
    /// line (`TraceFormat`):
    ///
    ///     {"event":"shouldInvalidateLayout","currentBounds":[0,0,390,844],"newBounds":[0,300,390,844],"answer":true}
    ///     {"event":"invalidationContext","reason":"bounds change","class":"...","context":{context object}}
    ///     {"event":"invalidateLayout","class":"...","context":{context object}}
    ///     {"event":"boundsChanged","from":[...],"to":[...]}
    ///     {"event":"prepare","elementsTouched":12,"sectionsComputed":1}
    ///     {"event":"collectionViewContentSize","contentSize":[390,4000]}
    ///     {"event":"layoutAttributesForElements","rect":[...],"count":24,"attributesCreated":24,"elements":[attr objects]}
    ///     {"event":"prepareForCollectionViewUpdates","updates":[update objects]}
    ///     {"event":"initialLayoutAttributesForAppearing","category":"cell","kind":null,"indexPath":[0,3],"attributes":{attr}|null}
    ///     {"event":"finalLayoutAttributesForDisappearing", ...same members...}
    ///     {"event":"finalizeCollectionViewUpdates"}
    ///     {"event":"visibleChanged","appeared":[attr],"disappeared":[attr],"changed":[change objects]}
    ///     {"event":"fling","velocity":[0,-2000],"decelerationRate":0.998,"paging":false,"from":[0,600],"proposed":[0,0]}
    ///     {"event":"targetContentOffset","proposed":[0,0],"velocity":[0,-2]|null,"answer":[0,0]}
    ///     {"event":"prepareForAnimatedBoundsChange","oldBounds":[...]}
    ///     {"event":"finalizeAnimatedBoundsChange"}
    ///     {"event":"prepareForTransition","from":"FlowStickyLayout","to":"GridStickyLayout"}
    ///     {"event":"shouldInvalidateLayoutForPreferredAttributes","category":"cell","kind":null,"indexPath":[0,3],"original":[...],"preferred":[...],"answer":true}
    ///     {"event":"finalizeLayoutTransition"}
    ///
    /// An update object: `{"action":"move","target":"item","before":[0,3],"after":[0,1]}`;
    /// for a section update `"target":"section"` and `before`/`after` are
    /// section numbers; an absent side is null. A change object names the
    /// element (category, kind, indexPath), gives `"oldIndexPath"` and the
    /// attributes `"from"` and `"to"`. The context object is `context(_:)`'s.
    public static func event(_ event: LayoutCycleEvent) -> JSONValue {
        switch event {
        case let .shouldInvalidateAsked(currentBounds, newBounds, answer):
            return .object([("event", .string("shouldInvalidateLayout")), ("currentBounds", rect(currentBounds)),
                            ("newBounds", rect(newBounds)), ("answer", .bool(answer))])
        case let .contextCreated(snapshot, reason):
            return .object([("event", .string("invalidationContext")), ("reason", .string(reason.rawValue)),
                            ("class", .string(snapshot.contextClass)), ("context", context(snapshot))])
        case let .invalidated(snapshot):
            return .object([("event", .string("invalidateLayout")), ("class", .string(snapshot.contextClass)),
                            ("context", context(snapshot))])
        case let .boundsChanged(from, to):
            return .object([("event", .string("boundsChanged")), ("from", rect(from)), ("to", rect(to))])
        case let .prepared(elementsTouched, sectionsComputed):
            return .object([("event", .string("prepare")), ("elementsTouched", .integer(elementsTouched)),
                            ("sectionsComputed", .integer(sectionsComputed))])
        case let .contentSize(s):
            return .object([("event", .string("collectionViewContentSize")), ("contentSize", size(s))])
        case let .elementsQueried(r, attributes, attributesCreated):
            return .object([("event", .string("layoutAttributesForElements")), ("rect", rect(r)),
                            ("count", .integer(attributes.count)), ("attributesCreated", .integer(attributesCreated)),
                            ("elements", .array(attributes.sorted { $0.key < $1.key }.map(Self.attributes)))])
        case let .updatesPrepared(updates):
            return .object([("event", .string("prepareForCollectionViewUpdates")), ("updates", .array(updates.map(update)))])
        case let .appearing(key, initial):
            return .object([("event", .string("initialLayoutAttributesForAppearing"))] + keyMembers(key)
                           + [("attributes", initial.map(Self.attributes) ?? .null)])
        case let .disappearing(key, final):
            return .object([("event", .string("finalLayoutAttributesForDisappearing"))] + keyMembers(key)
                           + [("attributes", final.map(Self.attributes) ?? .null)])
        case .updatesFinalized:
            return .object([("event", .string("finalizeCollectionViewUpdates"))])
        case let .visibleChanged(diff):
            return .object([
                ("event", .string("visibleChanged")),
                ("appeared", .array(diff.appeared.map(Self.attributes))),
                ("disappeared", .array(diff.disappeared.map(Self.attributes))),
                ("changed", .array(diff.changed.map { change in
                    .object(keyMembers(change.key) + [
                        ("oldIndexPath", indexPath(change.oldKey.indexPath)),
                        ("from", attributes(change.from)),
                        ("to", attributes(change.to)),
                    ])
                })),
            ])
        case let .flingProjected(velocity, rate, paging, from, proposed):
            return .object([("event", .string("fling")), ("velocity", point(velocity)), ("decelerationRate", .num(rate)),
                            ("paging", .bool(paging)), ("from", point(from)), ("proposed", point(proposed))])
        case let .targetContentOffsetAsked(proposed, velocity, answer):
            return .object([("event", .string("targetContentOffset")), ("proposed", point(proposed)),
                            ("velocity", velocity.map(point) ?? .null), ("answer", point(answer))])
        case let .animatedBoundsChangePrepared(oldBounds):
            return .object([("event", .string("prepareForAnimatedBoundsChange")), ("oldBounds", rect(oldBounds))])
        case .animatedBoundsChangeFinalized:
            return .object([("event", .string("finalizeAnimatedBoundsChange"))])
        case let .transitionPrepared(from, to):
            return .object([("event", .string("prepareForTransition")), ("from", .string(from)), ("to", .string(to))])
        case .transitionFinalized:
            return .object([("event", .string("finalizeLayoutTransition"))])
        case let .preferredAttributesAsked(key, original, preferred, answer):
            return .object([("event", .string("shouldInvalidateLayoutForPreferredAttributes"))] + keyMembers(key)
                           + [("original", rect(original)), ("preferred", rect(preferred)), ("answer", .bool(answer))])
        case let .layoutCallback(name, detail):
            return .object([("event", .string(name)), ("detail", .string(detail))])
        }
    }

    static func update(_ item: CollectionViewUpdateItem) -> JSONValue {
        func side(_ path: IndexPath?) -> JSONValue {
            guard let path else { return .null }
            return item.isSectionUpdate ? .integer(path.section) : indexPath(path)
        }
        return .object([
            ("action", .string(item.updateAction.description)),
            ("target", .string(item.isSectionUpdate ? "section" : "item")),
            ("before", side(item.indexPathBeforeUpdate)),
            ("after", side(item.indexPathAfterUpdate)),
        ])
    }
}
