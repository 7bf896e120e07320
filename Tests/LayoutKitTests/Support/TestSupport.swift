import Foundation
import Testing
import LayoutKit
import StkTestSupport

// Shared helpers of the LayoutKit tests: attribute comparison and the
// brute-force rect oracle (the seeded generator, the element keys and the
// event recorder are StkTestSupport's).

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

/// A random flow set-up drawn from a seed, for the tests that lay out the same
/// sizes two ways (self-sizing or overrides against per-item sizes) and
/// compare: the direction, the item size, spacings, insets, per-section item
/// counts and the view's size. The draws come from `rng` in a fixed order, so
/// that a seed names one set-up; the caller goes on drawing from it.
struct RandomFlowSetUp {
    let direction: Direction, counts: [Int], bounds: CGSize
    let itemSize: CGSize, spacing: (line: CGFloat, interitem: CGFloat), inset: EdgeInsets

    /// Sections of up to `maxItems` items each.
    init(seed: UInt64, maxItems: Int, rng: inout SplitMix64) {
        direction = seed % 2 == 0 ? .horizontal : .vertical
        itemSize = CGSize(width: rng.multiple(of: 0.25, in: 10...140), height: rng.multiple(of: 0.25, in: 10...90))
        spacing = (line: rng.multiple(of: 0.25, in: 0...20), interitem: rng.multiple(of: 0.25, in: 0...20))
        inset = EdgeInsets(top: rng.multiple(of: 0.25, in: 0...20), left: rng.multiple(of: 0.25, in: 0...20),
                           bottom: rng.multiple(of: 0.25, in: 0...20), right: rng.multiple(of: 0.25, in: 0...20))
        counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...maxItems, using: &rng) }
        bounds = CGSize(width: rng.multiple(of: 0.25, in: 200...500), height: rng.multiple(of: 0.25, in: 200...700))
    }

    /// A flow layout with this set-up (headers 20 high or wide) in a
    /// collection view of its size and counts.
    func makeView(_ layout: CollectionViewFlowLayout = CollectionViewFlowLayout()) throws -> (CollectionView, CollectionViewFlowLayout) {
        layout.scrollDirection = direction.flow
        layout.itemSize = itemSize
        layout.minimumLineSpacing = spacing.line
        layout.minimumInteritemSpacing = spacing.interitem
        layout.sectionInset = inset
        layout.headerReferenceSize = CGSize(width: 20, height: 20)
        return (try CollectionView(size: direction.map(bounds), layout: layout, itemCounts: counts), layout)
    }
}

/// Where each of `wanted` first stands in `names`, each required to be there
/// and each after the one before: the order of a cycle's calls and events,
/// which many tests check, in one place.
func firstIndices(inOrder wanted: [String], of names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
    let indices = try wanted.map { name in
        try #require(names.firstIndex(of: name), "\(name) is not in \(names)", sourceLocation: sourceLocation)
    }
    #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 }, "\(wanted) out of order in \(names)", sourceLocation: sourceLocation)
    return indices
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
