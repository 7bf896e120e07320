import Foundation
import StkTestSupport
import Testing

/// A layout that asks its collection view's delegate for sizes through a
/// delegate protocol of its own (`collectionView?.delegate as?
/// WaterfallLayoutDelegate`), as CHTCollectionViewWaterfallLayout does: on
/// iOS the view controller is that delegate. Loaded alone, stk offers the
/// types of the sources that conform as the layout's `collectionViewDelegate`
/// option: a small delegate written for stk beside it gives the sizes.
@Suite struct CollectionViewDelegateOptionTests {
    static let layout = """
        import UIKit

        @objc protocol WaterfallLayoutDelegate: UICollectionViewDelegate {
            func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat
        }

        final class WaterfallLayout: UICollectionViewLayout {
            var columnCount = 2
            private var frames: [CGRect] = []
            private var contentHeight: CGFloat = 0

            private var delegate: WaterfallLayoutDelegate? {
                collectionView?.delegate as? WaterfallLayoutDelegate
            }

            override func prepare() {
                super.prepare()
                guard let collectionView = collectionView, let delegate = delegate else { return }
                let width = collectionView.bounds.width / CGFloat(columnCount)
                var heights = [CGFloat](repeating: 0, count: columnCount)
                frames = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
                    let column = heights.firstIndex(of: heights.min()!)!
                    let height = delegate.collectionView(collectionView, heightForItemAt: IndexPath(item: item, section: 0))
                    defer { heights[column] += height }
                    return CGRect(x: CGFloat(column) * width, y: heights[column], width: width, height: height)
                }
                contentHeight = heights.max() ?? 0
            }

            override var collectionViewContentSize: CGSize {
                CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
            }

            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                frames.indices.filter { frames[$0].intersects(rect) }.compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            }

            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = frames[indexPath.item]
                return attributes
            }
        }
        """

    static let sizes = """
        import UIKit

        final class StkSizes: NSObject, WaterfallLayoutDelegate {
            func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat {
                indexPath.item == 0 ? 300 : 100
            }
        }
        """

    /// Columns of 195; item 0 (300 high) in column 0, then each item in the
    /// shorter column: 1 at 195,0, 2 at 195,100, 3 at 195,200, 4 at 0,300
    /// (both columns at 300: the first). Without a delegate: no items.
    @Test func theCollectionViewsDelegateIsAnOptionOfTheLayout() throws {
        let folder = try TranscriptCommandFolder(["Waterfall/WaterfallLayout.swift": Self.layout, "Waterfall/StkSizes.swift": Self.sizes])
        let run = try folder.stk("--plugin", "Waterfall", "-e", """
            sections 1 items=5
            layout waterfall-layout
            contentsize
            set collectionViewDelegate=StkSizes
            contentsize
            attr item 0:4
            options
            """, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["390x0", "390x400", "item 0:4 frame=0,300,195,100 zIndex=0 alpha=1 hidden=false"], "\(run)")
        #expect(lines.contains { $0.hasPrefix("collectionViewDelegate") && $0.contains("StkSizes") }, "\(run)")
        #expect(!run.stderr.contains("no type of the sources conforms"), "\(run)")
    }

    /// Loaded alone, with no type that conforms (CHTCollectionViewWaterfallLayout
    /// as published, which asserts its delegate at its first pass), a note
    /// says what to write and how to give it, whenever the file loads.
    @Test func withoutADelegateANoteSaysWhatToWrite() throws {
        let folder = try TranscriptCommandFolder(["WaterfallLayout.swift": Self.layout])
        let run = try folder.stk("--plugin", "WaterfallLayout.swift", "-e", "sections 1 items=5; layout waterfall-layout; contentsize",
                                 environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "390x0\n", "\(run)")
        #expect(run.stderr.contains("note: WaterfallLayout.swift:7:13: WaterfallLayout asks its collection view's delegate as WaterfallLayoutDelegate (on iOS, the view controller adopts it), and no type of the sources conforms with an init() stk can call: the delegate is nil, and a layout that asserts it traps; write a small one beside the layout (a class that adopts WaterfallLayoutDelegate, answering what the layout asks) and give it: `layout waterfall-layout collectionViewDelegate=ThatType`"), "\(run)")
    }
}
