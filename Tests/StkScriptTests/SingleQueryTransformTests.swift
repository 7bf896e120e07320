import Foundation
import LayoutKit
import Testing
@testable import StkScript

/// The single query is held to the transform the rect query gives too: a
/// carousel that scales its cells in `layoutAttributesForElements(in:)` only
/// shows them at full size whenever UIKit animates or scrolls to an item
/// with `layoutAttributesForItem(at:)`. Before, only frame, zIndex, alpha and
/// hidden were compared, and such a carousel passed `check` and verify.
@Suite struct SingleQueryTransformTests {
    /// Scales every cell to half in the rect query; `consistent` does the same
    /// in the single query.
    final class HalfScaleFlow: CollectionViewFlowLayout {
        let consistent: Bool
        init(consistent: Bool) {
            self.consistent = consistent
            super.init()
        }
        required init?(coder: NSCoder) { fatalError() }

        func scaled(_ a: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
            let copy = a.copied()
            copy.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            return copy
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            super.layoutAttributesForElements(in: rect)?.map(scaled)
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            guard let a = super.layoutAttributesForItem(at: indexPath) else { return nil }
            return consistent ? scaled(a) : a
        }
    }

    func findings(consistent: Bool) throws -> [LayoutChecks.Finding] {
        let cv = CollectionView(size: CGSize(width: 390, height: 844), layout: HalfScaleFlow(consistent: consistent))
        try cv.reloadData(itemCounts: [2])
        cv.layoutIfNeeded()
        let answer = LayoutChecks.RectAnswer(rect: cv.bounds, cv.collectionViewLayout.layoutAttributesForElements(in: cv.bounds) ?? [])
        return LayoutChecks.singleQueries(cv, answer: answer)
    }

    @Test func aTransformOnlyTheRectQueryGivesIsFound() throws {
        let found = try findings(consistent: false)
        #expect(found.count == 2, "\(found)")
        #expect(found.first?.check == .singleQuery)
        #expect(found.first?.message == "the rect query returns item 0:0 with frame=0,0,50,50 zIndex=0 alpha=1 hidden=false transform=0.5,0,0,0.5,0,0; the single query answers frame=0,0,50,50 zIndex=0 alpha=1 hidden=false", "\(found)")
    }

    @Test func theSameTransformInBothQueriesIsNoFinding() throws {
        #expect(try findings(consistent: true).isEmpty)
    }

    /// Within the tolerance, translations in points as frames, the other
    /// entries a thousandth of it: a scale of 0.5 and one of 0.5004 differ.
    @Test func transformsMatchWithinTheirTolerance() {
        let half = CATransform3D(CGAffineTransform(scaleX: 0.5, y: 0.5))
        var nudged = half
        nudged.m41 += 0.0005
        #expect(AttributesSnapshot.Value.transform(half).matches(.transform(nudged), tolerance: 0.001))
        nudged = half
        nudged.m11 = 0.5004
        #expect(!AttributesSnapshot.Value.transform(half).matches(.transform(nudged), tolerance: 0.001))
        nudged.m11 = 0.5000005
        #expect(AttributesSnapshot.Value.transform(half).matches(.transform(nudged), tolerance: 0.001))
    }
}
