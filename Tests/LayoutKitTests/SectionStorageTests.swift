import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// How sections are stored: what most of them lack is out of line.
@Suite struct SectionStorageTests {
    /// A section is three integers, a pointer and two optional sizes: what
    /// most sections lack (sizes per item, preferred and measured sizes) is
    /// out of line, so a million sections copy as memory.
    @Test func aSectionIsEightyBytes() throws {
        #expect(MemoryLayout<SectionData>.stride == 4 * 8 + 2 * 24)
        // Out of line and copied on write: a change to one section's sizes
        // leaves another section that shared them as it was.
        let cv = try CollectionView(layout: CollectionViewFlowLayout(), itemCounts: [3, 3])
        try cv.setItemSize(size(10, 10), at: .ip(0, 1))
        var copy = cv.sections[0]
        #expect(!copy.isPlain && cv.sections[1].isPlain)
        copy.itemSizes[1] = nil
        #expect(copy.isPlain)
        #expect(cv.sections[0].itemSizes[1] == size(10, 10))
        #expect(copy.renumbered(identity: 7, revision: 9).identity == 7)
    }
}
