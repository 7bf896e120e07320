import Foundation
import LayoutKit
@testable import StkBench

/// LayoutKit's flow layout with pinned headers, as a configurable layout: the
/// stand-in for flow-sticky in these tests. Flow properties (itemSize,
/// headerSize, spacings) reach it through the bench's flow fallback; it
/// declares one option of its own.
final class TestStickyFlowLayout: CollectionViewFlowLayout, ConfigurableLayout {
    override init() {
        super.init()
        sectionHeadersPinToVisibleBounds = true
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    func setOption(_ name: String, to value: LayoutOptionValue) throws {
        switch name {
        case "stickyFooters":
            guard let on = value.bool else { throw CollectionViewError("stickyFooters expects true or false, got \(value)") }
            sectionFootersPinToVisibleBounds = on
        default:
            throw CollectionViewError("unknown option '\(name)'")
        }
    }

    func optionValue(_ name: String) -> LayoutOptionValue? {
        name == "stickyFooters" ? .bool(sectionFootersPinToVisibleBounds) : nil
    }
}

/// A trivial grid: section = row, item = column, every cell `itemSize`, no
/// stickiness (bounds changes never invalidate). Content scrolls both ways,
/// which is what makes `auto` choose a diagonal path.
final class TestGridLayout: CollectionViewLayout, ConfigurableLayout {
    var cellSize = CGSize(width: 100, height: 50)

    func setOption(_ name: String, to value: LayoutOptionValue) throws {
        guard name == "itemSize", let size = value.size else { throw CollectionViewError("unknown option '\(name)' or not a size: \(value)") }
        cellSize = size
        invalidateLayout()
    }

    func optionValue(_ name: String) -> LayoutOptionValue? { name == "itemSize" ? .size(cellSize) : nil }

    override var collectionViewContentSize: CGSize {
        guard let cv = collectionView else { return .zero }
        let columns = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }.max() ?? 0
        return CGSize(width: CGFloat(columns) * cellSize.width, height: CGFloat(cv.numberOfSections) * cellSize.height)
    }

    private func frame(_ indexPath: IndexPath) -> CGRect {
        CGRect(x: CGFloat(indexPath.item) * cellSize.width, y: CGFloat(indexPath.section) * cellSize.height,
               width: cellSize.width, height: cellSize.height)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        guard let cv = collectionView, cellSize.width > 0, cellSize.height > 0, cv.numberOfSections > 0 else { return [] }
        let firstRow = max(0, Int((rect.minY / cellSize.height).rounded(.down)))
        let lastRow = min(cv.numberOfSections - 1, Int((rect.maxY / cellSize.height).rounded(.up)))
        var result: [CollectionViewLayoutAttributes] = []
        guard firstRow <= lastRow else { return result }
        for row in firstRow...lastRow {
            let count = cv.numberOfItems(inSection: row)
            let firstColumn = max(0, Int((rect.minX / cellSize.width).rounded(.down)))
            let lastColumn = min(count - 1, Int((rect.maxX / cellSize.width).rounded(.up)))
            guard firstColumn <= lastColumn else { continue }
            for column in firstColumn...lastColumn {
                let indexPath = IndexPath(item: column, section: row)
                let f = frame(indexPath)
                guard f.overlaps(rect) else { continue }
                let a = makeAttributes(forCellAt: indexPath)
                a.frame = f
                result.append(a)
            }
        }
        return result
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let cv = collectionView, cv.isValidItem(indexPath) else { return nil }
        let a = makeAttributes(forCellAt: indexPath)
        a.frame = frame(indexPath)
        return a
    }
}

enum TestLayouts {
    static let stickyFlow = LayoutDescriptor(
        name: "test-sticky-flow",
        summary: "flow layout with pinned headers",
        options: [LayoutOption(name: "stickyFooters", type: .bool, defaultValue: .bool(false), help: "pin footers too")],
        makeLayout: { TestStickyFlowLayout() }
    )

    static let grid = LayoutDescriptor(
        name: "test-grid",
        summary: "rows are sections, columns are items",
        options: [LayoutOption(name: "itemSize", type: .size, defaultValue: .size(CGSize(width: 100, height: 50)), help: "cell size")],
        makeLayout: { TestGridLayout() }
    )

    /// The grid without a declared itemSize: uniform sizes cannot reach it.
    static let bareGrid = LayoutDescriptor(name: "test-bare-grid", summary: "grid without options", options: [],
                                           makeLayout: { TestGridLayout() })

    /// The small sticky-flow workload the tests derive by hand:
    /// 10 sections x 6 items of 100x50, 50-point headers, no spacing, a 300x200
    /// viewport. Three items a line (1 + floor((300 - 100) / 100)), two lines a
    /// section, so section k spans [150k, 150k + 150): header [150k, 150k + 50),
    /// lines at 150k + 50 and 150k + 100. Content 300x1500. Eight steps of 25
    /// points down from the top, four of them again with full invalidation.
    static func stickyFlowWorkload() -> BenchConfiguration {
        BenchConfiguration(
            layoutName: "test-sticky-flow",
            options: ["headerSize": .size(CGSize(width: 300, height: 50)),
                      "minimumLineSpacing": .number(0), "minimumInteritemSpacing": .number(0)],
            sections: 10, itemsPerSection: 6, sizes: .uniform(CGSize(width: 100, height: 50)),
            boundsSize: CGSize(width: 300, height: 200), startFraction: 0, steps: 8, stepDistance: 25,
            scrollAxis: .auto, warmupSteps: 0, resizeCount: 2, batchCount: 5, seed: 3,
            fullInvalidation: true, fullInvalidationSteps: 4, recordSamples: true
        )
    }
}
