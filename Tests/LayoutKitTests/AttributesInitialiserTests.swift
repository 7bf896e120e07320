import Foundation
import Testing
import LayoutKit

/// Attributes made with UIKit's initialisers (`init(forCellWith:)`,
/// `init(forSupplementaryViewOfKind:with:)`, `init(forDecorationViewOfKind:with:)`),
/// as a layout written for iOS makes them, must behave exactly as those made by
/// LayoutKit's factories (`makeAttributes`): the same key, the same equality,
/// the same place in the visible set.
@Suite struct AttributesInitialiserTests {
    /// A layout on the base class answering one element, made with UIKit's initialisers.
    final class OneElementLayout: CollectionViewLayout {
        var make: () -> CollectionViewLayoutAttributes = { CollectionViewLayoutAttributes(forCellWith: .ip(0, 0)) }
        override var collectionViewContentSize: CGSize { CGSize(width: 390, height: 2000) }
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            let a = make()
            return a.frame.overlaps(rect) ? [a] : []
        }
    }

    @Test func aCellMadeWithUIKitsInitialiserEqualsItsCopy() {
        // copy(with:) sets indexPath on the copy, so the copy is right; the
        // original must agree with it.
        let a = CollectionViewLayoutAttributes(forCellWith: .ip(2, 5))
        a.frame = rect(0, 0, 10, 10)
        let copy = a.copied()
        #expect(a.key == .cell(.ip(2, 5)))
        #expect(a.isEqual(copy))
        #expect(a.hasSameAttributes(as: copy), "init(forCellWith:) and its copy differ for hasSameAttributes")
        // And one made by the factory.
        let made = CollectionViewLayout().makeAttributes(forCellAt: .ip(2, 5))
        made.frame = rect(0, 0, 10, 10)
        #expect(a.hasSameAttributes(as: made))
        // Two cells at different index paths are not the same attributes.
        let other = CollectionViewLayoutAttributes(forCellWith: .ip(7, 1))
        other.frame = rect(0, 0, 10, 10)
        #expect(!a.hasSameAttributes(as: other) && !a.isEqual(other))
    }

    @Test func aLoneHeaderMadeWithUIKitsInitialiserIsVisibleUnderItsOwnKey() throws {
        let layout = OneElementLayout()
        layout.make = {
            let a = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: .ip(3, 0))
            a.frame = rect(0, 100, 390, 40)
            return a
        }
        let cv = try CollectionView(layout: layout, itemCounts: [1, 1, 1, 1])
        #expect(Array(cv.visibleAttributes.keys) == [.header(3)])
        #expect(cv.indexPathsForVisibleItems.isEmpty)
    }

    @Test func aLoneDecorationMadeWithUIKitsInitialiserIsVisibleUnderItsOwnKey() throws {
        let layout = OneElementLayout()
        layout.make = {
            let a = CollectionViewLayoutAttributes(forDecorationViewOfKind: "background", with: .ip(1, 0))
            a.frame = rect(0, 100, 390, 40)
            return a
        }
        let cv = try CollectionView(layout: layout, itemCounts: [1, 1])
        #expect(Array(cv.visibleAttributes.keys) == [ElementKey(category: .decorationView, kind: "background", indexPath: .ip(1, 0))])
    }
}
