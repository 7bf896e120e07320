import Foundation
import Testing
import LayoutKit

/// A flow layout scenario written in vertical terms (docs/semantics.md describes
/// vertical scrolling; horizontal is the exact transpose). `build(_:)` sets it up
/// in either direction, transposing every input for horizontal, and `Built`
/// transposes every output back, so one hand derivation checks both directions.
struct FlowCase {
    var boundsSize = CGSize(width: 390, height: 844)
    var counts: [Int]
    var itemSize = CGSize(width: 50, height: 50)
    var lineSpacing: CGFloat = 10
    var interitemSpacing: CGFloat = 10
    var sectionInset = EdgeInsets.zero
    var headerSize = CGSize.zero
    var footerSize = CGSize.zero
    var contentInset = EdgeInsets.zero
    var safeAreaInsets = EdgeInsets.zero
    /// Per-item size overrides (collectionView.setItemSize).
    var itemSizes: [IndexPath: CGSize] = [:]
    /// Per-section header and footer sizes (collectionView.setSupplementarySize).
    var headerSizes: [Int: CGSize] = [:]
    var footerSizes: [Int: CGSize] = [:]

    /// Sections of `counts` items, with headers `header` and footers `footer`
    /// high (their width is ignored: they span the bounds).
    init(counts: [Int], header: CGFloat = 0, footer: CGFloat = 0) {
        self.counts = counts
        headerSize = CGSize(width: 0, height: header)
        footerSize = CGSize(width: 0, height: footer)
    }

    func build(_ direction: Direction) throws -> Built {
        let layout = CollectionViewFlowLayout()
        layout.scrollDirection = direction.flow
        layout.itemSize = direction.map(itemSize)
        layout.minimumLineSpacing = lineSpacing
        layout.minimumInteritemSpacing = interitemSpacing
        layout.sectionInset = direction.map(sectionInset)
        layout.headerReferenceSize = direction.map(headerSize)
        layout.footerReferenceSize = direction.map(footerSize)
        let cv = CollectionView(size: direction.map(boundsSize), layout: layout)
        try cv.setContentInset(direction.map(contentInset))
        try cv.setSafeAreaInsets(direction.map(safeAreaInsets))
        try cv.reloadData(itemCounts: counts)
        for (ip, size) in itemSizes.sorted(by: { $0.key < $1.key }) { try cv.setItemSize(direction.map(size), at: ip) }
        for (s, size) in headerSizes.sorted(by: { $0.key < $1.key }) {
            try cv.setSupplementarySize(direction.map(size), ofKind: ElementKind.sectionHeader, inSection: s)
        }
        for (s, size) in footerSizes.sorted(by: { $0.key < $1.key }) {
            try cv.setSupplementarySize(direction.map(size), ofKind: ElementKind.sectionFooter, inSection: s)
        }
        cv.layoutIfNeeded()
        return Built(cv: cv, layout: layout, direction: direction)
    }
}

/// A built scenario; every rect and size it returns is in vertical terms.
struct Built {
    let cv: CollectionView
    let layout: CollectionViewFlowLayout
    let direction: Direction

    func item(_ section: Int, _ item: Int, sourceLocation: SourceLocation = #_sourceLocation) -> CGRect? {
        guard let a = layout.layoutAttributesForItem(at: .ip(section, item)) else {
            Issue.record("no attributes for item \(section):\(item)", sourceLocation: sourceLocation)
            return nil
        }
        return direction.map(a.frame)
    }

    func header(_ section: Int) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: .ip(section, 0)).map { direction.map($0.frame) }
    }

    func footer(_ section: Int) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: .ip(section, 0)).map { direction.map($0.frame) }
    }

    /// The frames of a section's items, in order.
    func items(_ section: Int) -> [CGRect] {
        (0..<cv.numberOfItems(inSection: section)).compactMap { item(section, $0) }
    }

    var contentSize: CGSize { direction.map(layout.collectionViewContentSize) }
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }
func size(_ w: CGFloat, _ h: CGFloat) -> CGSize { CGSize(width: w, height: h) }
