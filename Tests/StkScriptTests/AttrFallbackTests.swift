import Foundation
import LayoutKit
import Testing
@testable import StkScript

/// `attr` of an element the rect query shows and the single query does not
/// know (a section background added in `layoutAttributesForElements(in:)`
/// only, as published layouts add them): the rect query's attributes, with a
/// note naming the nil; an element shown nowhere is still an error.
@Suite struct AttrFallbackTests {
    /// One column of 100 x 50 items, and behind section 0 a decoration of
    /// kind "background" in the rect query only: 0,0 to 100,(50 x items).
    final class RectOnlyBackgroundLayout: CollectionViewLayout {
        override var collectionViewContentSize: CGSize { CGSize(width: 100, height: CGFloat(items) * 50) }
        var items: Int { (collectionView?.numberOfSections ?? 0) > 0 ? collectionView!.numberOfItems(inSection: 0) : 0 }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            var all = (0..<items).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            let background = CollectionViewLayoutAttributes(forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: 0))
            background.frame = CGRect(x: 0, y: 0, width: 100, height: CGFloat(items) * 50)
            background.zIndex = -1
            all.append(background)
            return all.filter { $0.frame.intersects(rect) }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            let a = CollectionViewLayoutAttributes(forCellWith: indexPath)
            a.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 50, width: 100, height: 50)
            return a
        }
    }

    @Test func aShownElementUnknownToTheSingleQueryShowsTheRectQuerysAttributes() throws {
        let (output, interpreter) = try runScript("layout rect-only-background\nsections 1 items=3\nattr decoration background 0:0\nexpect attr decoration background 0:0 height == 150\n",
                                                  withTestLayout: "rect-only-background") { RectOnlyBackgroundLayout() }
        // 3 items of 50: the background is 150 tall.
        #expect(output.lines.contains("decoration background 0:0 frame=0,0,100,150 zIndex=-1 alpha=1 hidden=false"), "\(output.lines)")
        #expect(output.diagnostics.contains { $0.contains("note: rect-only-background's layoutAttributesForDecorationView(ofKind:at:) returned nil for decoration background 0:0, which the rect query shows") }, "\(output.diagnostics)")
        #expect(interpreter.status == .success, "\(output.diagnostics)")
    }

    @Test func anElementShownNowhereIsStillAnError() throws {
        let (output, interpreter) = try runScript("layout rect-only-background\nsections 1 items=3\nattr decoration background 1:0\n",
                                                  withTestLayout: "rect-only-background") { RectOnlyBackgroundLayout() }
        #expect(output.diagnostics.contains { $0.contains("error: rect-only-background has no decoration background 1:0 (its layoutAttributesForDecorationView(ofKind:at:) returned nil)") }, "\(output.diagnostics)")
        #expect(interpreter.status != .success)
    }
}
