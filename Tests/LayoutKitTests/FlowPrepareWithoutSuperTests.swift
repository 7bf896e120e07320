import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// A carousel's flow layout as packages write it: `prepare()` sizes each card
/// to the view less an inset on both sides and returns, never calling
/// `super.prepare()`. UIKit's flow layout computes its items when asked for
/// them, so it lays out all the same.
final class PeekingCarouselFlow: CollectionViewFlowLayout {
    var inset: CGFloat = 20
    var callsSuper = false

    override func prepare() {
        defer { if callsSuper { super.prepare() } }
        guard let size = collectionView?.frame.size else { return }
        itemSize = CGSize(width: size.width - inset * 2, height: size.height)
        scrollDirection = .horizontal
        sectionInset = EdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
        minimumLineSpacing = 0
    }
}

@Suite struct FlowPrepareWithoutSuperTests {
    @Test func aFlowSubclassThatNeverCallsSuperStillLaysOut() throws {
        let cv = try CollectionView(size: CGSize(width: 390, height: 300), layout: PeekingCarouselFlow(), itemCounts: [5])
        // Cards 390 - 2 x 20 = 350 wide and 300 high, after a section inset of
        // 20: card 1 at 20 + 350 = 370; content 20 + 5 x 350 + 20 = 1790.
        #expect(cv.contentSize == CGSize(width: 1790, height: 300))
        #expect(cv.visibleSnapshots.map(\.frame) == [CGRect(x: 20, y: 0, width: 350, height: 300),
                                                     CGRect(x: 370, y: 0, width: 350, height: 300)])
        // A taller view (the cross axis: the flow asks to be invalidated):
        // taller cards, with the metrics the next prepare() set.
        try cv.setBounds(CGRect(x: 0, y: 0, width: 390, height: 400))
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 370, y: 0, width: 350, height: 400))
    }

    /// Differential: without `super.prepare()` as with it (called last, once
    /// the metrics are set), every operation leaves the same visible
    /// attributes and content size.
    @Test func withoutSuperIsTheSameAsWithSuper() throws {
        let bare = PeekingCarouselFlow()
        let calling = PeekingCarouselFlow()
        calling.callsSuper = true
        let views = try [bare, calling].map { try CollectionView(size: CGSize(width: 390, height: 300), layout: $0, itemCounts: [12]) }
        var random = SplitMix64(seed: 7)
        for _ in 0..<60 {
            let x = CGFloat(Int.random(in: 0...3000, using: &random))
            let width = CGFloat(Int.random(in: 300...500, using: &random))
            let count = Int.random(in: 0...20, using: &random)
            let operation = Int.random(in: 0...3, using: &random)
            for (cv, layout) in zip(views, [bare, calling]) {
                switch operation {
                case 0: try cv.setBounds(CGRect(x: cv.bounds.minX, y: 0, width: width, height: 300))
                case 1: try cv.reloadData(itemCounts: [count])
                case 2: layout.inset = CGFloat(count); layout.invalidateLayout(); cv.layoutIfNeeded()
                default: try cv.setContentOffset(CGPoint(x: min(x, max(0, cv.contentSize.width - cv.bounds.width)), y: 0))
                }
            }
            #expect(views[0].visibleSnapshots == views[1].visibleSnapshots)
            #expect(views[0].contentSize == views[1].contentSize)
        }
    }
}
