import Foundation
import LayoutKit
import Testing
@testable import StkScript

/// For a layout written for iOS, stk derives `pinned` from motion: an
/// element the rect query moved with the viewport. A stretchy header
/// written in the rect query alone (a published StretchyHeaderLayout) is
/// answered unmoved by the single query; `attr` printed that unmoved frame
/// marked `pinned`, a mark that belongs to the rect query's frame.
@Suite struct DerivedPinningTests {
    /// A flow whose header 0 stretches to the top of the view while it
    /// bounces (offset below 0), in the rect query only.
    final class RectOnlyStretch: CollectionViewFlowLayout {
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            let offset = collectionView?.contentOffset.y ?? 0
            return super.layoutAttributesForElements(in: rect)?.map { original in
                let attributes = original.copied()
                if offset < 0, attributes.representedElementKind == CollectionView.elementKindSectionHeader, attributes.indexPath.section == 0 {
                    attributes.frame.origin.y = offset
                    attributes.frame.size.height -= offset
                }
                return attributes
            }
        }
    }

    static let stretch = LayoutDescriptor(
        name: "rect-only-stretch", summary: "a test layout", options: [], derivesPinned: true,
        makeAnyLayout: {
            let layout = RectOnlyStretch()
            layout.headerReferenceSize = CGSize(width: 390, height: 100)
            return layout
        },
        setOption: { _, option, _ in throw CollectionViewError("no option \(option)") }, optionValue: { _, _ in nil })

    /// Scrolled to -50, the rect query's header 0 is 0,-50,390,150, moved
    /// with the viewport: `visible` marks it pinned. The single query
    /// answers 0,0,390,100, which did not move: `attr` prints it unmarked
    /// (a note says the two answers differ).
    @Test func theMarkFollowsTheFramePrinted() throws {
        let script = try VerifyCheckTests.Script(registry: try VerifyCheckTests.registry(with: [Self.stretch]))
        #expect(script.run("layout rect-only-stretch; sections 2 items=2; scroll to 0,-20; scroll to 0,-50; visible; attr header 0") == .success,
                "\(script.output.diagnostics)")
        #expect(script.output.lines.contains("header 0 frame=0,-50,390,150 zIndex=1 alpha=1 hidden=false pinned"), "\(script.output.lines)")
        #expect(script.output.lines.last == "header 0 frame=0,0,390,100 zIndex=1 alpha=1 hidden=false", "\(script.output.lines)")
    }
}
