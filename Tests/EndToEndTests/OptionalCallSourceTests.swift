import Foundation
import StkTestSupport
import Testing

/// Calls of optional protocol requirements (`delegate?.method?(...)`) in a
/// layout loaded as source: stk wraps each so that it is nil when the
/// conformer lacks the method, and the compiler's errors inside one still
/// name the user's line and column and show the user's code, not stk's.
@Suite struct OptionalCallSourceTests {
    func run(_ script: String, plugin: String, in folder: TranscriptCommandFolder) throws -> TranscriptCommandFolder.Run {
        try folder.stk("--plugin", plugin, "-e", script, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
    }

    /// A waterfall layout whose author assigns the delegate's CGFloat? to an
    /// Int: the error is at line 13, at `collectionView` (column 35, after
    /// `delegate?.` at 25), and the line under it is the user's call at its
    /// columns, without `__stkOptionalCall` (it showed stk's rewritten line,
    /// and the column was 20 further, the wrapper's length).
    @Test func anErrorInAnOptionalCallIsAtTheUsersColumn() throws {
        let folder = try TranscriptCommandFolder(["WaterfallLayout.swift": """
            import UIKit

            @objc protocol WaterfallLayoutDelegate: AnyObject {
                @objc optional func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, heightForItemAt indexPath: IndexPath) -> CGFloat
            }

            final class WaterfallLayout: UICollectionViewFlowLayout {
                weak var delegate: WaterfallLayoutDelegate?

                override func prepare() {
                    super.prepare()
                    guard let collectionView = collectionView else { return }
                    let rows: Int = delegate?.collectionView?(collectionView, layout: self, heightForItemAt: IndexPath(item: 0, section: 0)) ?? 0
                    print(rows)
                }
            }

            """])
        let run = try run("layouts", plugin: "WaterfallLayout.swift", in: folder)
        #expect(run.status == 2, "\(run)")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = try #require(lines.firstIndex { $0.contains("WaterfallLayout.swift:13:") }, "\(run)")
        #expect(lines[at].hasSuffix("WaterfallLayout.swift:13:35: error: cannot convert value of type 'CGFloat?' to closure result type 'Int?'"), "\(run)")
        #expect(lines[at + 1] == String(repeating: " ", count: 24)
            + "delegate?.collectionView (collectionView, layout: self, heightForItemAt: IndexPath(item: 0, section: 0))", "\(run)")
        #expect(lines[at + 2].firstIndex(of: "^").map { lines[at + 2].distance(from: lines[at + 2].startIndex, to: $0) } == 34, "\(run)")
        #expect(!run.stderr.contains("__stk"), "\(run)")
    }

    /// The forms an optional call takes: in a string interpolation (which
    /// keeps it on its line), with an optional call as its argument, split
    /// over two lines, in an override that moves from an extension into its
    /// class. The delegate implements the width (80) and the height (half
    /// the width: 40), not the name: "tile unnamed", 12 characters, is the
    /// line spacing.
    @Test func everyFormOfOptionalCallCompilesAndIsNilWhenNotImplemented() throws {
        let folder = try TranscriptCommandFolder(["TileLayout.swift": """
            import UIKit

            @objc protocol TileLayoutDelegate: AnyObject {
                @objc optional func tileWidth() -> CGFloat
                @objc optional func tileHeight(forWidth width: CGFloat) -> CGFloat
                @objc optional func tileName() -> String
            }

            final class TileSizes: TileLayoutDelegate {
                func tileWidth() -> CGFloat { 80 }
                func tileHeight(forWidth width: CGFloat) -> CGFloat { width / 2 }
            }

            final class TileLayout: UICollectionViewFlowLayout {
                private let sizes = TileSizes()
                private var delegate: TileLayoutDelegate? { sizes }
            }

            extension TileLayout {
                override func prepare() {
                    let width = delegate?.tileWidth?() ?? 50
                    let height = delegate?
                        .tileHeight?(forWidth: delegate?.tileWidth?() ?? 10) ?? 50
                    let label = "tile \\(delegate?.tileName?() ?? "unnamed")"
                    itemSize = CGSize(width: width, height: height)
                    minimumLineSpacing = CGFloat(label.count)
                    super.prepare()
                }
            }

            """])
        let run = try run("sections 1 items=6; layout tile-layout; attr item 0:0; attr item 0:4", plugin: "TileLayout.swift", in: folder)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            item 0:0 frame=0,0,80,40 zIndex=0 alpha=1 hidden=false
            item 0:4 frame=0,52,80,40 zIndex=0 alpha=1 hidden=false

            """, "\(run)")
    }

    /// `x.f!(...)`, as layouts force-call optional requirements they count
    /// on (`dataSource.numberOfSections!(in:)`, a delegate's height): the
    /// answer when the conformer implements it, and, as iOS's unrecognized
    /// selector, a trap that names the method when it does not, never the
    /// default implementation's 0.
    @Test func aForcedOptionalCallAnswersOrTraps() throws {
        let folder = try TranscriptCommandFolder(["RowLayout.swift": """
            import UIKit

            @objc protocol RowLayoutDelegate: AnyObject {
                @objc optional func rowHeight(at indexPath: IndexPath) -> CGFloat
                @objc optional func rowSpacing() -> CGFloat
            }

            final class Heights: RowLayoutDelegate {
                func rowHeight(at indexPath: IndexPath) -> CGFloat { 30 + CGFloat(indexPath.item) * 10 }
            }

            final class RowLayout: UICollectionViewFlowLayout {
                private let heights = Heights()
                var usesSpacing = false

                override func prepare() {
                    let sections = collectionView!.dataSource!.numberOfSections!(in: collectionView!)
                    let delegate: RowLayoutDelegate = heights
                    let height = delegate.rowHeight!(at: IndexPath(item: 2, section: 0))
                    let optionalDelegate: RowLayoutDelegate? = heights
                    // A forced call in an optional chain that goes on: 50 / 2 = 25, rounded.
                    let half = optionalDelegate?.rowHeight!(at: IndexPath(item: 2, section: 0)).squareRoot().rounded() ?? 0
                    minimumInteritemSpacing = half
                    itemSize = CGSize(width: 390, height: height * CGFloat(sections))
                    if usesSpacing { minimumLineSpacing = delegate.rowSpacing!() }
                    super.prepare()
                }
            }

            """])
        // 2 sections, item 2's height 30 + 20 = 50: items 100 high.
        let answered = try run("sections 2 items=2; layout row-layout; attr item 0:1", plugin: "RowLayout.swift", in: folder)
        #expect(answered.status == 0, "\(answered)")
        #expect(answered.stdout == "item 0:1 frame=0,110,390,100 zIndex=0 alpha=1 hidden=false\n", "\(answered)")
        let missing = try run("sections 2 items=2; layout row-layout; set usesSpacing=true; attr item 0:1", plugin: "RowLayout.swift", in: folder)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("Fatal error: the conformer does not implement rowSpacing, an optional requirement the layout calls with '!(': on iOS, an unrecognized selector"), "\(missing)")
    }
}
