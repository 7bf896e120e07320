import Foundation
import Testing
@testable import LayoutKit
import StkTestSupport

/// Attributes subclassed as an iOS layout would, with one field of its own.
private final class ParallaxAttributes: CollectionViewLayoutAttributes {
    var parallax: CGFloat = 0
}

/// `AttributesSnapshot`: one element's attributes as values, and the one
/// table of fields every output reads.
@Suite struct AttributesSnapshotTests {
    private func cell(_ item: Int, _ frame: CGRect) -> CollectionViewLayoutAttributes {
        let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        a.frame = frame
        return a
    }

    @Test func fieldsAreListedInTheTablesOrderAndOnlyWhenSetWhereTheTableSaysSo() {
        let a = cell(3, CGRect(x: 0, y: 44, width: 50, height: 50))
        // Pinned false and the identity transform are left out of the text.
        #expect(AttributesSnapshot(a).description == "item 0:3 frame=0,44,50,50 zIndex=0 alpha=1 hidden=false")
        a.isPinned = true
        a.zIndex = 2
        a.alpha = 0.5
        a.transform = CGAffineTransform(scaleX: 2, y: 2)
        // Pinned is a bare word; the transform prints its own name; the table's order holds.
        #expect(AttributesSnapshot(a).description
                == "item 0:3 frame=0,44,50,50 zIndex=2 alpha=0.5 hidden=false pinned transform=2,0,0,2,0,0")
        #expect(a.description == AttributesSnapshot(a).description, "the object prints as its snapshot")
        // JSON lists pinned always (here true) and the transform as 16 numbers.
        #expect(AttributesSnapshot(a).jsonFields.map(\.name) == ["frame", "zIndex", "alpha", "hidden", "pinned", "transform3D"])
        #expect(AttributesSnapshot(cell(0, .zero)).jsonFields.map(\.name) == ["frame", "zIndex", "alpha", "hidden", "pinned"])
    }

    @Test func aSubclassFieldFollowsTheTableSortedByName() {
        let a = ParallaxAttributes(forCellWith: IndexPath(item: 0, section: 1))
        a.frame = CGRect(x: 10, y: 0, width: 100, height: 40)
        a.parallax = 0.25
        let snapshot = AttributesSnapshot(a)
        #expect(snapshot.description == "item 1:0 frame=10,0,100,40 zIndex=0 alpha=1 hidden=false parallax=0.25")
        #expect(snapshot.fieldNames == ["frame", "zIndex", "alpha", "hidden", "pinned", "parallax"])
        #expect(snapshot.value(named: "parallax") == .number(0.25))
        #expect(snapshot.value(named: "transform") == nil, "no transform set")
        #expect(snapshot.value(named: "nope") == nil)
    }

    /// The point of a snapshot: a layout that moves its cached object in
    /// place after the snapshot was taken does not move the snapshot.
    @Test func aSnapshotDoesNotFollowTheObject() {
        let a = cell(0, CGRect(x: 0, y: 0, width: 390, height: 40))
        let before = AttributesSnapshot(a)
        a.frame.origin.y = 70
        a.alpha = 0
        #expect(before.frame.minY == 0 && before.alpha == 1)
        // Frame first, then the other fields in the table's order.
        #expect(AttributesSnapshot.differences(from: before, to: AttributesSnapshot(a)).map(\.name) == ["frame", "alpha"])
    }

    /// Differential, over seeded random attributes: two snapshots differ in
    /// some field exactly when they are not equal, every difference names a
    /// field the elements have, and verify's comparison sees exactly the
    /// differences in the fields it compares.
    @Test func differencesAgreeWithEqualityAndWithVerifysComparison() {
        var random = SplitMix64(seed: 27)
        func attributes() -> CollectionViewLayoutAttributes {
            let a = random.chance(0.5) ? ParallaxAttributes(forCellWith: IndexPath(item: 0, section: 0))
                                       : CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
            a.frame = CGRect(x: random.multiple(of: 10, in: 0...20), y: 0, width: 50, height: random.multiple(of: 10, in: 40...50))
            a.zIndex = random.next(below: 2)
            a.alpha = random.chance(0.5) ? 1 : 0.5
            a.isHidden = random.chance(0.2)
            a.isPinned = random.chance(0.3)
            if random.chance(0.3) { a.transform = CGAffineTransform(rotationAngle: .pi / 2) }
            if let p = a as? ParallaxAttributes { p.parallax = random.chance(0.5) ? 0 : 1 }
            return a
        }
        let compared = Set(AttributesSnapshot.fields.filter(\.isComparedByVerify).map(\.name))
        var sawEqual = 0, sawDifferent = 0
        for _ in 0..<2_000 {
            let a = AttributesSnapshot(attributes()), b = AttributesSnapshot(attributes())
            let differences = AttributesSnapshot.differences(from: a, to: b)
            #expect(differences.isEmpty == (a == b), "\(a) vs \(b): \(differences.map(\.name))")
            for d in differences {
                #expect(a.fieldNames.contains(d.name) || b.fieldNames.contains(d.name))
            }
            let differInCompared = differences.contains { compared.contains($0.name) }
            #expect(a.matchesInComparedFields(b, tolerance: 0) == !differInCompared, "\(a) vs \(b)")
            if differences.isEmpty { sawEqual += 1 } else { sawDifferent += 1 }
        }
        #expect(sawEqual > 0 && sawDifferent > 0, "both cases drawn")
    }

    @Test func verifyComparesDisplayedFieldsWithinATolerance() {
        let a = cell(0, CGRect(x: 0, y: 0, width: 50, height: 50))
        let b = a.copied()
        b.isPinned = true // stk's mark, not displayed
        b.frame.origin.x = 0.0005
        #expect(AttributesSnapshot(a).matchesInComparedFields(AttributesSnapshot(b), tolerance: 0.001))
        #expect(!AttributesSnapshot(a).matchesInComparedFields(AttributesSnapshot(b), tolerance: 0))
        b.alpha = 0.9
        #expect(!AttributesSnapshot(a).matchesInComparedFields(AttributesSnapshot(b), tolerance: 0.001))
        #expect(AttributesSnapshot(a).comparedFieldsText == "frame=0,0,50,50 zIndex=0 alpha=1 hidden=false")
    }

    /// The same value matches itself when it is not a finite number: an
    /// infinite width or a NaN origin in both answers is one answer (the
    /// index-path check reports that it is not finite). inf - inf is NaN,
    /// which no tolerance admits, and verify called identical frames a mismatch.
    @Test func framesThatAreNotFiniteMatchThemselves() {
        for frame in [CGRect(x: 0, y: 60, width: CGFloat.infinity, height: 60), CGRect(x: 0, y: CGFloat.nan, width: 390, height: 60)] {
            let a = cell(0, frame)
            #expect(AttributesSnapshot(a).matchesInComparedFields(AttributesSnapshot(a.copied()), tolerance: 0.001), "\(frame)")
            let moved = a.copied()
            moved.frame.origin.x = 1
            #expect(!AttributesSnapshot(a).matchesInComparedFields(AttributesSnapshot(moved), tolerance: 0.001), "\(frame)")
        }
        #expect(AttributesSnapshot.Value.number(.infinity).matches(.number(.infinity), tolerance: 0))
        #expect(!AttributesSnapshot.Value.number(.infinity).matches(.number(-.infinity), tolerance: 1))
    }
}
