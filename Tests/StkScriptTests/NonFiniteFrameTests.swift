import Foundation
import LayoutKit
import StkTestSupport
import Testing
@testable import StkScript

/// A frame that is not a number (a division by a zero column count) never
/// meets a rect, so the rect query never shows the element: the list has a
/// hole. The single query is where it shows, and there stk warns as Core
/// Animation would throw, so that `check` fails.
@Suite struct NonFiniteFrameTests {
    /// Items of 100 x 50, one per row, but item 1, whose y is NaN.
    final class HoleLayout: CollectionViewLayout {
        override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 150) }
        func attributes(_ item: Int) -> CollectionViewLayoutAttributes {
            let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: item == 1 ? CGFloat.nan : CGFloat(item) * 50, width: 100, height: 50)
            return a
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            guard let cv = collectionView, cv.numberOfSections > 0 else { return [] }
            return (0..<cv.numberOfItems(inSection: 0)).map(attributes).filter { $0.frame.overlaps(rect) }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { attributes(indexPath.item) }
    }

    @Test func aSingleQueryThatAnswersANaNFrameIsWarnedAbout() throws {
        let (output, interpreter) = try runScript("layout hole-test\nsections 1 items=3\nvisible\nattr item 0:1\ncheck\n",
                                                  withTestLayout: "hole-test") { HoleLayout() }
        #expect(output.lines.contains("2 elements"), "\(output.lines)")
        #expect(output.lines.contains("item 0:1 frame=0,nan,100,50 zIndex=0 alpha=1 hidden=false"), "\(output.lines)")
        let warning = "the layout gave item 0:1 a frame that is not finite (0,nan,100,50): UIKit raises CALayerInvalidGeometry (\"CALayer position contains NaN\") when the view takes it (layoutAttributesForItem(at:))"
        #expect(output.diagnostics.contains { $0.contains("warning: " + warning) }, "\(output.diagnostics)")
        #expect(output.diagnostics.contains { $0.contains("check failed: [warning] " + warning) }, "\(output.diagnostics)")
        #expect(interpreter.status != .success)
    }
}
