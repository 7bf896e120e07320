import Foundation
import LayoutKit
import GridSticky
import StkTestSupport

// Helpers for the grid-sticky tests. Names carry a `Grid` prefix: other
// layouts' tests share this target.

/// Sizes every cell from its index path (and the collection view's overrides),
/// like a flow delegate that computes sizes.
final class GridSizingDelegate: CollectionViewDelegateFlowLayout {
    let size: (IndexPath) -> CGSize
    init(_ size: @escaping (IndexPath) -> CGSize) { self.size = size }
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        collectionView.sections[indexPath.section].itemSizeOverride(at: indexPath.item) ?? size(indexPath)
    }
}

/// What a cell's attributes must be, computed the slow, obvious way straight
/// from docs/semantics.md (grid-sticky) and the floating rule, with no shared code
/// with the layout: every cell visited, x and y accumulated.
struct GridReference {
    struct Cell: Equatable, CustomStringConvertible {
        var frame: CGRect
        var zIndex: Int
        var isPinned: Bool
        var description: String { "\(frame.stk) z\(zIndex)\(isPinned ? " pinned" : "")" }
    }

    let natural: [[CGRect]]
    let rowTop: [Double]
    let rowBottom: [Double]
    let stickyRows: Int
    let stickyColumns: Int

    init(sections: [SectionData], itemSize: CGSize, stickyRows: Int, stickyColumns: Int, delegateSize: ((IndexPath) -> CGSize)?) {
        var natural: [[CGRect]] = []
        var tops: [Double] = []
        var bottoms: [Double] = []
        var y = 0.0
        for (s, section) in sections.enumerated() {
            var x = 0.0
            var tallest = 0.0
            var row: [CGRect] = []
            for i in 0..<section.itemCount {
                let size = delegateSize?(IndexPath(item: i, section: s)) ?? section.itemSizeOverride(at: i) ?? itemSize
                row.append(CGRect(x: x, y: y, width: Double(size.width), height: Double(size.height)))
                x += Double(size.width)
                tallest = max(tallest, Double(size.height))
            }
            natural.append(row)
            tops.append(y)
            y += tallest
            bottoms.append(y)
        }
        self.natural = natural
        rowTop = tops
        rowBottom = bottoms
        self.stickyRows = stickyRows
        self.stickyColumns = stickyColumns
    }

    init(_ cv: CollectionView, _ layout: GridStickyLayout, delegateSize: ((IndexPath) -> CGSize)? = nil) {
        self.init(sections: cv.sections, itemSize: layout.itemSize, stickyRows: layout.stickyRows,
                  stickyColumns: layout.stickyColumns, delegateSize: delegateSize)
    }

    var allIndexPaths: [IndexPath] {
        natural.enumerated().flatMap { s, row in row.indices.map { IndexPath(item: $0, section: s) } }
    }

    /// Max maxX and max maxY over all cells.
    var contentSize: CGSize {
        var w = 0.0, h = 0.0
        for row in natural { for f in row { w = max(w, Double(f.maxX)); h = max(h, Double(f.maxY)) } }
        return CGSize(width: w, height: h)
    }

    var hasStickyCells: Bool {
        natural.enumerated().contains { s, row in row.indices.contains { s < stickyRows || $0 < stickyColumns } }
    }

    func zIndex(_ p: IndexPath) -> Int {
        (p.section < stickyRows ? 1 : 0) + (p.item < stickyColumns ? 1 : 0)
    }

    /// The floating rule, literally: corners always; a sticky-row cell whose
    /// x-range overlaps the bounds' x-range; a sticky-column cell whose row's
    /// y-range overlaps the bounds' y-range (open intervals, as CGRect.overlaps).
    func isCandidate(_ p: IndexPath, bounds: CGRect) -> Bool {
        let inRow = p.section < stickyRows, inColumn = p.item < stickyColumns
        let f = natural[p.section][p.item]
        switch (inRow, inColumn) {
        case (true, true): return true
        case (true, false): return f.minX < bounds.maxX && f.maxX > bounds.minX
        case (false, true): return CGFloat(rowTop[p.section]) < bounds.maxY && CGFloat(rowBottom[p.section]) > bounds.minY
        case (false, false): return false
        }
    }

    func candidates(bounds: CGRect) -> [IndexPath] {
        allIndexPaths.filter { isCandidate($0, bounds: bounds) }
    }

    func cell(_ p: IndexPath, bounds: CGRect, inset: EdgeInsets) -> Cell {
        var frame = natural[p.section][p.item]
        let pinned = isCandidate(p, bounds: bounds)
        if pinned {
            if p.section < stickyRows { frame.origin.y = frame.origin.y + bounds.origin.y + inset.top }
            if p.item < stickyColumns { frame.origin.x = frame.origin.x + bounds.origin.x + inset.left }
        }
        return Cell(frame: frame, zIndex: zIndex(p), isPinned: pinned)
    }
}

extension CollectionViewLayoutAttributes {
    var gridCell: GridReference.Cell { GridReference.Cell(frame: frame, zIndex: zIndex, isPinned: isPinned) }
}

enum GridTwin {
    /// A second collection view with the same data, bounds and insets, whose
    /// brand-new grid-sticky layout (same options) is prepared from scratch on
    /// that final state (installing a layout invalidates everything).
    static func fresh(of cv: CollectionView, options layout: GridStickyLayout) throws -> (CollectionView, GridStickyLayout) {
        let twin = CollectionView(size: cv.bounds.size, layout: CollectionViewLayout())
        twin.installedDelegate = cv.installedDelegate
        try twin.setContentInset(cv.contentInset)
        try twin.setSafeAreaInsets(cv.safeAreaInsets)
        try twin.setContentOffset(cv.contentOffset)
        twin.restoreSections(cv.sections)
        let fresh = GridStickyLayout(stickyRows: layout.stickyRows, stickyColumns: layout.stickyColumns, itemSize: layout.itemSize)
        try twin.setCollectionViewLayout(fresh)
        return (twin, fresh)
    }

    /// Everything that differs between the live layout and a fresh one, between
    /// the live layout and the reference, and between each rect query and a
    /// brute-force filter of all attributes. Empty when all agree.
    static func mismatches(_ cv: CollectionView, _ live: GridStickyLayout, delegateSize: ((IndexPath) -> CGSize)? = nil,
                           extraRects: [CGRect] = []) throws -> [String] {
        var problems: [String] = []
        let (twin, fresh) = try fresh(of: cv, options: live)
        let reference = GridReference(cv, live, delegateSize: delegateSize)
        if live.collectionViewContentSize != fresh.collectionViewContentSize {
            problems.append("content size \(live.collectionViewContentSize.stk), fresh \(fresh.collectionViewContentSize.stk)")
        }
        if live.collectionViewContentSize != reference.contentSize {
            problems.append("content size \(live.collectionViewContentSize.stk), reference \(reference.contentSize.stk)")
        }
        var all: [CollectionViewLayoutAttributes] = []
        for p in reference.allIndexPaths {
            guard let a = live.layoutAttributesForItem(at: p) else { problems.append("no attributes for \(p.stk)"); continue }
            all.append(a)
            if let b = fresh.layoutAttributesForItem(at: p), !a.isEqual(b) { problems.append("\(p.stk): live \(a), fresh \(b)") }
            let expected = reference.cell(p, bounds: cv.bounds, inset: cv.adjustedContentInset)
            if a.gridCell != expected { problems.append("\(p.stk): live \(a.gridCell), reference \(expected)") }
        }
        let past = IndexPath(item: 0, section: reference.natural.count)
        if live.layoutAttributesForItem(at: past) != nil { problems.append("attributes for \(past.stk), which does not exist") }

        let content = live.collectionViewContentSize
        var rects = [cv.bounds,
                     CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6),
                     CGRect(x: cv.bounds.midX, y: cv.bounds.midY, width: 0, height: 0),
                     CGRect(x: content.width / 3, y: content.height / 3, width: content.width / 3 + 1, height: content.height / 4 + 1)]
        rects += extraRects
        for rect in rects {
            let answer = live.layoutAttributesForElements(in: rect) ?? []
            var got: [IndexPath: CollectionViewLayoutAttributes] = [:]
            for a in answer { got[a.indexPath] = a }
            if got.count != answer.count { problems.append("query \(rect.stk) returned duplicates") }
            let expected = all.filter { $0.frame.overlaps(rect) }
            if Set(got.keys) != Set(expected.map(\.indexPath)) {
                let extra = Set(got.keys).subtracting(expected.map(\.indexPath)).sorted().map(\.stk)
                let missing = Set(expected.map(\.indexPath)).subtracting(got.keys).sorted().map(\.stk)
                problems.append("query \(rect.stk): extra \(extra), missing \(missing)")
            }
            for e in expected where got[e.indexPath].map({ !$0.isEqual(e) }) ?? false {
                problems.append("query \(rect.stk): \(got[e.indexPath]!) != \(e)")
            }
        }
        let visible = cv.visibleAttributes
        if Set(visible.keys) != Set(twin.visibleAttributes.keys) {
            problems.append("visible \(visible.keys.sorted().map(\.description)), fresh \(twin.visibleAttributes.keys.sorted().map(\.description))")
        } else {
            for (k, a) in visible where !a.isEqual(twin.visibleAttributes[k]) { problems.append("visible \(k): \(a) != \(twin.visibleAttributes[k]!)") }
        }
        return problems
    }
}

/// A new grid-sticky layout, its options at their defaults, in a collection
/// view `width` x `height` with `itemCounts` (rows of items): where most grid
/// tests start.
func gridStickyView(width: CGFloat, height: CGFloat, itemCounts: [Int]) throws -> (GridStickyLayout, CollectionView) {
    let layout = GridStickyLayout()
    return (layout, try CollectionView(size: CGSize(width: width, height: height), layout: layout, itemCounts: itemCounts))
}
