import Foundation
import LayoutKit
import StkTestSupport
import Testing
@testable import StkScript

/// The context check of a scroll (`check`, `stk verify`): an element UIKit
/// keeps showing as it was, because no context named it, must not have
/// changed. An element the scroll took out of view is not shown any more,
/// whatever its attributes are now.
@Suite struct ContextCheckTests {
    /// A column of 100 x 100 items whose item 0 fades to 0.5 once the view
    /// has scrolled at all, without ever invalidating on a bounds change.
    final class SilentFadeLayout: CollectionViewLayout {
        override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 2000) }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
        func attributes(_ item: Int) -> CollectionViewLayoutAttributes {
            let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(item) * 100, width: 100, height: 100)
            if item == 0, let cv = collectionView, cv.bounds.minY > 0 { a.alpha = 0.5 }
            return a
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            guard let cv = collectionView, cv.numberOfSections > 0 else { return [] }
            return (0..<cv.numberOfItems(inSection: 0)).map(attributes).filter { $0.frame.overlaps(rect) }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { attributes(indexPath.item) }
    }

    func run(_ script: String) throws -> (OutputBuffer, Interpreter) {
        try runScript("layout silent-fade-test\nsections 1 items=20\n" + script, withTestLayout: "silent-fade-test") { SilentFadeLayout() }
    }

    /// Scrolled by 50, item 0 is still on screen: UIKit shows it at alpha 1
    /// while the layout now says 0.5. Scrolled to 1000, item 0 (0 ..< 100) is
    /// out of the view (1000 ..< 1844): nothing stale is shown.
    @Test func onlyWhatStaysOnScreenMustNotHaveChanged() throws {
        let (stays, staysInterpreter) = try run("scroll to 0,50\ncheck\n")
        #expect(stays.diagnostics.contains { $0.contains("check failed: [context] item 0:0 changed from frame=0,0,100,100 zIndex=0 alpha=1 hidden=false to frame=0,0,100,100 zIndex=0 alpha=0.5 hidden=false, but no context was made") }, "\(stays.diagnostics)")
        #expect(staysInterpreter.status != .success)
        let (leaves, leavesInterpreter) = try run("scroll to 0,1000\ncheck\n")
        #expect(!leaves.diagnostics.contains { $0.contains("[context]") }, "\(leaves.diagnostics)")
        #expect(leavesInterpreter.status == .success, "\(leaves.diagnostics)")
    }
}
