import Foundation
import Testing
import LayoutKit

// Shared helpers of the LayoutKit tests: a seeded generator, element
// enumeration, attribute comparison and the brute-force rect oracle.

/// SplitMix64: a small, seeded generator, so a failing random sequence can be
/// replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A multiple of `step` in `range` (multiples of 1/4 keep every sum exact in binary).
    mutating func multiple(of step: CGFloat, in range: ClosedRange<CGFloat>) -> CGFloat {
        let lo = Int((range.lowerBound / step).rounded(.up))
        let hi = Int((range.upperBound / step).rounded(.down))
        return CGFloat(Int.random(in: lo...hi, using: &self)) * step
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// The two scroll directions, as test arguments.
enum Direction: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case vertical, horizontal
    var flow: CollectionViewFlowLayout.ScrollDirection { self == .vertical ? .vertical : .horizontal }
    var testDescription: String { rawValue }

    /// Maps a value written for vertical scrolling to this direction (horizontal is the transpose).
    func map(_ r: CGRect) -> CGRect { self == .vertical ? r : r.transposed }
    func map(_ s: CGSize) -> CGSize { self == .vertical ? s : s.transposed }
    func map(_ p: CGPoint) -> CGPoint { self == .vertical ? p : p.transposed }
    func map(_ i: EdgeInsets) -> EdgeInsets { self == .vertical ? i : i.transposed }
}

/// Every element the flow model can have: each item, and a header and a footer per section.
func allElementKeys(of cv: CollectionView) -> [ElementKey] {
    var keys: [ElementKey] = []
    for s in 0..<cv.numberOfSections {
        keys.append(.header(s))
        for i in 0..<cv.numberOfItems(inSection: s) { keys.append(.cell(IndexPath(item: i, section: s))) }
        keys.append(.footer(s))
    }
    return keys
}

/// The attributes of every element, asked one by one (elements the layout has no attributes for are left out).
func attributesByElement(_ layout: CollectionViewLayout, in cv: CollectionView) -> [ElementKey: CollectionViewLayoutAttributes] {
    var result: [ElementKey: CollectionViewLayoutAttributes] = [:]
    for key in allElementKeys(of: cv) {
        if let a = layout.layoutAttributes(for: key) { result[key] = a }
    }
    return result
}

/// A rect query's answer by key; records an issue when an element is returned twice.
func byKey(_ list: [CollectionViewLayoutAttributes], sourceLocation: SourceLocation = #_sourceLocation) -> [ElementKey: CollectionViewLayoutAttributes] {
    var result: [ElementKey: CollectionViewLayoutAttributes] = [:]
    for a in list {
        if result[a.key] != nil { Issue.record("\(a.key) returned twice", sourceLocation: sourceLocation) }
        result[a.key] = a
    }
    return result
}

/// Differences between two sets of attributes, described for a failure message (empty: equal).
func differences(_ a: [ElementKey: CollectionViewLayoutAttributes], _ b: [ElementKey: CollectionViewLayoutAttributes],
                 names: (String, String) = ("live", "fresh"), limit: Int = 6) -> [String] {
    var out: [String] = []
    for key in Set(a.keys).union(b.keys).sorted() {
        switch (a[key], b[key]) {
        case let (x?, y?) where !x.isEqual(y): out.append("\(names.0): \(x)\n\(names.1): \(y)")
        case (nil, let y?): out.append("only \(names.1): \(y)")
        case (let x?, nil): out.append("only \(names.0): \(x)")
        default: break
        }
        if out.count >= limit { break }
    }
    return out
}

/// The brute-force oracle of a rect query: every element whose frame overlaps the rect.
func bruteForce(_ all: [ElementKey: CollectionViewLayoutAttributes], in rect: CGRect) -> [ElementKey: CollectionViewLayoutAttributes] {
    all.filter { $0.value.frame.overlaps(rect) }
}

/// A flow layout with the same properties as `layout`, never prepared (`into`:
/// a new instance of the same class, for subclasses).
func freshCopy(of layout: CollectionViewFlowLayout, into f: CollectionViewFlowLayout = CollectionViewFlowLayout()) -> CollectionViewFlowLayout {
    f.itemSize = layout.itemSize
    f.minimumLineSpacing = layout.minimumLineSpacing
    f.minimumInteritemSpacing = layout.minimumInteritemSpacing
    f.sectionInset = layout.sectionInset
    f.headerReferenceSize = layout.headerReferenceSize
    f.footerReferenceSize = layout.footerReferenceSize
    f.scrollDirection = layout.scrollDirection
    f.sectionHeadersPinToVisibleBounds = layout.sectionHeadersPinToVisibleBounds
    f.sectionFootersPinToVisibleBounds = layout.sectionFootersPinToVisibleBounds
    f.sectionHeadersPinLimit = layout.sectionHeadersPinLimit
    f.estimatedItemSize = layout.estimatedItemSize
    return f
}

/// Records every event the collection view reports.
final class EventRecorder: LayoutCycleObserver {
    var events: [LayoutCycleEvent] = []
    func collectionView(_ collectionView: CollectionView, didReport event: LayoutCycleEvent) { events.append(event) }

    /// One word per event, to compare orders.
    var names: [String] { events.map(Self.name) }

    static func name(_ e: LayoutCycleEvent) -> String {
        switch e {
        case .shouldInvalidateAsked: return "shouldInvalidateAsked"
        case .contextCreated: return "contextCreated"
        case .invalidated: return "invalidated"
        case .boundsChanged: return "boundsChanged"
        case .prepared: return "prepared"
        case .contentSize: return "contentSize"
        case .elementsQueried: return "elementsQueried"
        case .updatesPrepared: return "updatesPrepared"
        case .appearing: return "appearing"
        case .disappearing: return "disappearing"
        case .updatesFinalized: return "updatesFinalized"
        case .visibleChanged: return "visibleChanged"
        case .flingProjected: return "flingProjected"
        case .targetContentOffsetAsked: return "targetContentOffsetAsked"
        case .animatedBoundsChangePrepared: return "animatedBoundsChangePrepared"
        case .animatedBoundsChangeFinalized: return "animatedBoundsChangeFinalized"
        case .transitionPrepared: return "transitionPrepared"
        case .transitionFinalized: return "transitionFinalized"
        case .preferredAttributesAsked: return "preferredAttributesAsked"
        case .layoutCallback: return "layoutCallback"
        }
    }

    /// The contexts the collection view built, in order.
    var contexts: [InvalidationContextSnapshot] {
        events.compactMap { if case let .contextCreated(s, _) = $0 { return s } else { return nil } }
    }

    var lastDiff: VisibleDiff? {
        for e in events.reversed() { if case let .visibleChanged(d) = e { return d } }
        return nil
    }
}

/// The error a throwing call raised, as a CollectionViewError (records an issue when it did not throw one).
func collectionViewError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> CollectionViewError? {
    do {
        try body()
        Issue.record("expected a CollectionViewError, nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let e as CollectionViewError {
        return e
    } catch {
        Issue.record("expected a CollectionViewError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

extension IndexPath {
    /// `ip(2, 5)` is section 2, item 5.
    static func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }
}

/// A flow subclass whose cells float too: the first item of each section sticks
/// under the top inset until its section's last line pushes it off, half
/// transparent while it sticks. It exercises the engine's floating-cell path
/// through the open hooks, as a plugin would.
final class StickyFirstItemLayout: CollectionViewFlowLayout {
    override var hasBoundsDependentElements: Bool { true }

    override func boundsDependentElements(for bounds: CGRect) -> [ElementKey] {
        var keys = super.boundsDependentElements(for: bounds)
        let b = scrollAxisRect(bounds)
        let top = pinTop(for: bounds)
        var range = sections(alongScrollAxisFrom: b.minY, to: b.maxY)
        let holdingTop = sections(alongScrollAxisFrom: top, to: top + 1e-9)
        if !holdingTop.isEmpty { range = min(range.lowerBound, holdingTop.lowerBound)..<max(range.upperBound, holdingTop.upperBound) }
        for s in range where sectionExtent(s).itemCount > 0 { keys.append(.cell(IndexPath(item: 0, section: s))) }
        return keys
    }

    override func adjustedAttributes(_ attributes: CollectionViewLayoutAttributes, for bounds: CGRect) -> CollectionViewLayoutAttributes {
        guard attributes.representedElementCategory == .cell else { return super.adjustedAttributes(attributes, for: bounds) }
        let extent = sectionExtent(attributes.indexPath.section)
        var frame = scrollAxisRect(attributes.frame)
        let y = min(max(pinTop(for: bounds), frame.minY), max(frame.minY, extent.lastLineEnd - frame.height))
        if y != frame.minY {
            frame.origin.y = y
            attributes.frame = scrollAxisRect(frame)
            attributes.zIndex = 3
            attributes.alpha = 0.5
            attributes.isPinned = true
        }
        return attributes
    }
}
