import Foundation
import StkTestSupport
import Testing

/// A layout that asks a weak delegate for each cell's height, as the widely
/// copied Pinterest layout does (`weak var delegate: PinterestLayoutDelegate!`,
/// read in `prepare()`): on iOS the view controller sets and keeps it. With a
/// small delegate written for stk beside it, `layout pinterest-layout
/// delegate=FixedHeights` runs it: the layout keeps the instance.
@Suite struct WeakDelegateOptionTests {
    /// The tutorial's layout (ViewControllerSourceTests.pinterestLayout) as
    /// its many copies write it: the delegate force-unwrapped.
    static let layout = ViewControllerSourceTests.pinterestLayout
        .replacingOccurrences(of: "weak var delegate: PinterestLayoutDelegate?", with: "weak var delegate: PinterestLayoutDelegate!")
        .replacingOccurrences(of: "delegate?.collectionView(collectionView, heightForPhotoAtIndexPath: indexPath) ?? 180",
                              with: "delegate.collectionView(collectionView, heightForPhotoAtIndexPath: indexPath)")

    @Test func theFixtureForceUnwrapsItsDelegate() {
        #expect(Self.layout.contains("weak var delegate: PinterestLayoutDelegate!"))
        #expect(Self.layout.contains("let photoHeight = delegate.collectionView("))
    }

    /// What the app's view controller answers from its photos, for stk: every
    /// third photo is tall.
    static let heights = """
        import UIKit

        final class FixedHeights: PinterestLayoutDelegate {
            func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat {
                indexPath.item % 3 == 0 ? 200 : 100
            }
        }
        """

    /// Two columns of 195, cells padded by 6: item 0 (tall) at 6,6, 183 x 200
    /// in column 0; item 1 at 201,6, 183 x 100 in column 1; item 2 under
    /// item 0 at y 212 + 6; item 3 (tall) under item 1 at 112 + 6. Both
    /// columns end at 212 + 112 = 324.
    @Test func aWeakDelegateGivenByNameRunsTheLayout() throws {
        let folder = try TranscriptCommandFolder(["Pinterest/PinterestLayout.swift": Self.layout, "Pinterest/FixedHeights.swift": Self.heights])
        let run = try folder.stk("--plugin", "Pinterest", "-e", """
            sections 1 items=4
            layout pinterest-layout delegate=FixedHeights
            contentsize
            attr item 0:0
            attr item 0:3
            """, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            390x324
            item 0:0 frame=6,6,183,200 zIndex=0 alpha=1 hidden=false
            item 0:3 frame=201,118,183,200 zIndex=0 alpha=1 hidden=false

            """, "\(run)")
    }
}
