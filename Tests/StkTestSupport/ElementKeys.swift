import Foundation
import LayoutKit

/// Every element the flow model can have: each item, and a header and a footer
/// per section (a layout answers nil for those of zero size).
public func allElementKeys(of cv: CollectionView) -> [ElementKey] {
    var keys: [ElementKey] = []
    for s in 0..<cv.numberOfSections {
        keys.append(.header(s))
        for i in 0..<cv.numberOfItems(inSection: s) { keys.append(.cell(IndexPath(item: i, section: s))) }
        keys.append(.footer(s))
    }
    return keys
}
