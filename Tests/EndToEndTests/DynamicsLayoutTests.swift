import Foundation
import StkTestSupport
import Testing

/// Layouts built on UIKit Dynamics, loaded from source as they are
/// (docs/semantics.md, "UIKit Dynamics"): the springy flow layout of
/// Examples/SourceLayouts, and the behaviours stk keeps without simulating.
@Suite struct DynamicsLayoutTests {
    func stk(_ arguments: [String]) throws -> StkResult {
        try StkProcess.run(arguments, environment: ["STK_ADAPTER": try SourceAdapterTool.path()], in: ExamplePackage.repositoryRoot)
    }

    /// Scrolling back up: the finger is in the middle of the bounds before the
    /// scroll, 195,522; item 0:3's anchor, its centre at rest, is 60,170,
    /// 352 + 135 = 487 from it, so it trails the scroll of -60 by
    /// -60 x 487 / 1500 = -19.48 (less than the scroll): y 120 - 19.48 = 100.52.
    /// The animator's pass puts it back.
    @Test func aSpringyLayoutsItemsTrailTheFingerThenRest() throws {
        let result = try stk(["--plugin", "Examples/SourceLayouts/SpringyFlowLayout.swift", "-e", """
            layout springy-flow-layout
            sections 1 items=30
            scroll to 0,100
            trace on
            scroll to 0,40
            trace off
            attr item 0:3
            """])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.contains("moved: item 0:3 10,120,100,100 -> 10,100.52,100,100"), "\(result)")
        #expect(result.lines.contains("context (dynamic animator) -> CollectionViewFlowLayoutInvalidationContext: nothing"), "\(result)")
        #expect(result.lines.contains("moved: item 0:3 10,100.52,100,100 -> 10,120,100,100"), "\(result)")
        #expect(result.lines.last == "item 0:3 frame=10,120,100,100 zIndex=0 alpha=1 hidden=false", "\(result)")
        #expect(!result.stderr.contains("warning"), "\(result)")
    }

    /// Gravity and collisions compile and are kept, named once as not
    /// simulated; the snap and the attachment on the same item rest it on
    /// their point: a 50x50 item centred on 200,300.
    @Test func behavioursStkDoesNotSimulateAreNamedOnce() throws {
        let result = try StkProcess.runSource(named: "FallingItemsLayout.swift", """
            import Foundation
            import UIKit

            /// Drops the items to the bottom of the view, the first held on a point.
            class FallingItemsLayout: UICollectionViewFlowLayout {
                private lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

                override func prepare() {
                    super.prepare()
                    guard animator.behaviors.isEmpty, let collectionView = collectionView else { return }
                    let items = (super.layoutAttributesForElements(in: collectionView.bounds) ?? [])
                        .compactMap { $0.copy() as? UICollectionViewLayoutAttributes }
                    let gravity = UIGravityBehavior(items: items)
                    gravity.magnitude = 0.5
                    let collisions = UICollisionBehavior(items: items)
                    collisions.translatesReferenceBoundsIntoBoundary = true
                    animator.addBehavior(gravity)
                    animator.addBehavior(collisions)
                    guard let first = items.first else { return }
                    animator.addBehavior(UISnapBehavior(item: first, snapTo: CGPoint(x: 200, y: 300)))
                    let hold = UIAttachmentBehavior(item: first, offsetFromCenter: UIOffset(horizontal: 0, vertical: 0),
                                                    attachedToAnchor: CGPoint(x: 200, y: 300))
                    hold.attachmentRange = UIFloatRange(minimum: 0, maximum: 0)
                    animator.addBehavior(hold)
                }

                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
                }

                override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                    animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
                }
            }

            """, script: "layout falling-items-layout; attr item 0:0; scroll to 0,50; attr item 0:1")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "item 0:0 frame=175,275,50,50 zIndex=0 alpha=1 hidden=false", "\(result)")
        // Where the flow put it: 6 a row of 50 in 390 (7 need 400), 90 / 5 = 18 apart.
        #expect(result.lines.last?.hasPrefix("item 0:1 frame=68,0,50,50 ") == true, "\(result)")
        let named = result.stderrLines.filter { $0.contains("attachments and snaps to rest, not its") }
        #expect(named.count == 2, "\(result)")
        #expect(named.contains { $0.contains("not its UIGravityBehavior: its items stay where the layout put them") }, "\(result)")
        #expect(named.contains { $0.contains("not its UICollisionBehavior") }, "\(result)")
    }
}
