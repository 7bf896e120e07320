import Foundation
import Testing
import LayoutKit
import StkTestSupport
// Core Animation's C names (CATransform3DMakeScale, ...) live in StkUIKit, a
// module of the same LayoutKit product this target depends on.
import StkUIKit

// CGAffineTransform and CATransform3D follow Apple's conventions: row vectors
// (p' = p * M: x' = a x + c y + tx, y' = b x + d y + ty), `a.concatenating(b)`
// applies a first, then b; `t.translatedBy(...)` / CATransform3DTranslate(t, ...)
// put the translation BEFORE t (CGAffineTransformTranslate's rule).

func isClose(_ a: CGRect, _ b: CGRect) -> Bool {
    isClose(a.minX, b.minX) && isClose(a.minY, b.minY) && isClose(a.width, b.width) && isClose(a.height, b.height)
}
func isClose(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    zip(a.elements, b.elements).allSatisfy { isClose($0, $1) }
}
func isClose(_ a: CGAffineTransform, _ b: CGAffineTransform) -> Bool {
    isClose(a.a, b.a) && isClose(a.b, b.b) && isClose(a.c, b.c) && isClose(a.d, b.d) && isClose(a.tx, b.tx) && isClose(a.ty, b.ty)
}

@Suite struct AffineTransformTests {
    let p = CGPoint(x: 1, y: 1)

    @Test func identity() {
        let t = CGAffineTransform.identity
        #expect(t.isIdentity)
        #expect(t == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(CGPoint(x: 3, y: -4).applying(t) == CGPoint(x: 3, y: -4))
        // The memberwise zero initialiser is not the identity (as the C struct's).
        #expect(!CGAffineTransform().isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    }

    @Test func translationAndScale() {
        // (1,1) + (10,20) = (11,21); (1,1) x (2,3) = (2,3).
        #expect(p.applying(CGAffineTransform(translationX: 10, y: 20)) == CGPoint(x: 11, y: 21))
        #expect(p.applying(CGAffineTransform(scaleX: 2, y: 3)) == CGPoint(x: 2, y: 3))
        // A size ignores the translation: (3,4) stays (3,4); scaled (6,12).
        #expect(CGSize(width: 3, height: 4).applying(CGAffineTransform(translationX: 10, y: 20)) == CGSize(width: 3, height: 4))
        #expect(CGSize(width: 3, height: 4).applying(CGAffineTransform(scaleX: 2, y: 3)) == CGSize(width: 6, height: 12))
    }

    @Test func rotationByAQuarterTurn() {
        // cos(pi/2) = 0, sin(pi/2) = 1: a = 0, b = 1, c = -1, d = 0.
        // (1,0) -> (a*1 + c*0, b*1 + d*0) = (0, 1); (0,1) -> (c, d) = (-1, 0):
        // clockwise on screen, where y points down.
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(r, CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
        #expect(isClose(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 0, y: 1)))
        #expect(isClose(CGPoint(x: 0, y: 1).applying(r), CGPoint(x: -1, y: 0)))
        // Four quarter turns are the identity.
        #expect(isClose(r.concatenating(r).concatenating(r).concatenating(r), .identity))
    }

    @Test func concatenationAppliesTheReceiverFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0), s = CGAffineTransform(scaleX: 2, y: 2)
        // t then s: (1,1) -> (11,1) -> (22,2).
        #expect(p.applying(t.concatenating(s)) == CGPoint(x: 22, y: 2))
        // s then t: (1,1) -> (2,2) -> (12,2).
        #expect(p.applying(s.concatenating(t)) == CGPoint(x: 12, y: 2))
        // As matrices: t.concatenating(s) has tx = 10 x 2 = 20.
        #expect(t.concatenating(s) == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
    }

    @Test func translatedByAndScaledByActBeforeTheReceiver() {
        let t = CGAffineTransform(translationX: 10, y: 0), s = CGAffineTransform(scaleX: 2, y: 2)
        // s.translatedBy(10, 0): translate first, then scale: (1,1) -> (11,1) -> (22,2).
        #expect(p.applying(s.translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 2))
        // t.scaledBy(2, 2): scale first, then translate: (1,1) -> (2,2) -> (12,2).
        #expect(p.applying(t.scaledBy(x: 2, y: 2)) == CGPoint(x: 12, y: 2))
        // rotated(by:) likewise: translate (1,0) by 10 -> (11,0), then a quarter turn -> (0,11).
        #expect(isClose(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: 10, y: 0)), CGPoint(x: 0, y: 11)))
        // And the other way round: a quarter turn (1,0) -> (0,1), then translate -> (10,1).
        #expect(isClose(CGPoint(x: 1, y: 0).applying(t.rotated(by: .pi / 2)), CGPoint(x: 10, y: 1)))
    }

    @Test func inverted() {
        // Scale (2,4) then translate (10,20): the inverse scales by (1/2, 1/4) and
        // translates by (-10/2, -20/4) = (-5, -5).
        let m = CGAffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 10, ty: 20)
        #expect(m.inverted() == CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -5, ty: -5))
        #expect(CGPoint(x: 3, y: 7).applying(m).applying(m.inverted()) == CGPoint(x: 3, y: 7))
        let r = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 5, y: -2)
        #expect(isClose(r.concatenating(r.inverted()), .identity))
        // A singular transform has no inverse: it is returned unchanged.
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
    }

    @Test func aRectAppliesAsTheBoundingBoxOfItsCorners() {
        // Scale (2,-1): x 1..4 -> 2..8, y 2..6 -> -2..-6: the box (2,-6) 6x4.
        #expect(rect(1, 2, 3, 4).applying(CGAffineTransform(scaleX: 2, y: -1)) == rect(2, -6, 6, 4))
        // A quarter turn of (0,0,10,20): corners (0,0), (0,10), (-20,0), (-20,10):
        // x -20..0, y 0..10.
        #expect(isClose(rect(0, 0, 10, 20).applying(CGAffineTransform(rotationAngle: .pi / 2)), rect(-20, 0, 20, 10)))
        // An eighth turn of a 10x10 square at the origin: its diagonal 10 sqrt 2 on
        // both axes, corners at x = -5 sqrt 2 ... 5 sqrt 2 and y = 0 ... 10 sqrt 2.
        let d = 10 * CGFloat(2).squareRoot()
        #expect(isClose(rect(0, 0, 10, 10).applying(CGAffineTransform(rotationAngle: .pi / 4)), rect(-d / 2, 0, d, d)))
        // A translation moves the rect.
        #expect(rect(1, 2, 3, 4).applying(CGAffineTransform(translationX: 10, y: 20)) == rect(11, 22, 3, 4))
    }
}

@Suite struct Transform3DTests {
    @Test func identityAndEquality() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DIdentity == CATransform3D.identity)
        #expect(CATransform3DIdentity.elements == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(!CATransform3DIsIdentity(CATransform3D()))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(2, 2, 1)))
        #expect(!CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(2, 2, 2)))
    }

    @Test func makeFunctions() {
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m44 == 1)
        let t = CATransform3DMakeTranslation(1, 2, 3)
        // Row vectors: the translation is the fourth row.
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3 && t.m11 == 1 && t.m14 == 0)
        // A quarter turn about z is the affine quarter turn.
        let rz = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(isClose(CATransform3DGetAffineTransform(rz), CGAffineTransform(rotationAngle: .pi / 2)))
        #expect(CATransform3DIsAffine(rz))
        // About x: (0,1,0) -> (0, m22, m23) = (0, cos, sin) = (0,0,1): m22 = 0, m23 = 1, m32 = -1, m33 = 0.
        let rx = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        #expect(isClose(rx, CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 1, m24: 0,
                                        m31: 0, m32: -1, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)))
        #expect(!CATransform3DIsAffine(rx))
        // The axis need not be a unit vector: (0,0,5) is z.
        #expect(isClose(CATransform3DMakeRotation(.pi / 2, 0, 0, 5), rz))
        // A zero axis is the identity.
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
    }

    @Test func concatenationAndTheModifyingFunctions() {
        let s = CATransform3DMakeScale(2, 2, 1), t = CATransform3DMakeTranslation(10, 0, 0)
        // Concat(a, b) applies a, then b: scale then translate leaves m41 = 10;
        // translate then scale doubles it: 20.
        #expect(CATransform3DConcat(s, t).m41 == 10 && CATransform3DConcat(s, t).m11 == 2)
        #expect(CATransform3DConcat(t, s).m41 == 20)
        // Translate(s, ...) puts the translation before s: 20. Scale(t, ...) puts the scale before t: 10.
        #expect(CATransform3DTranslate(s, 10, 0, 0) == CATransform3DConcat(t, s))
        #expect(CATransform3DScale(t, 2, 2, 1) == CATransform3DConcat(s, t))
        #expect(CATransform3DTranslate(s, 10, 0, 0).m41 == 20 && CATransform3DScale(t, 2, 2, 1).m41 == 10)
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(isClose(CATransform3DRotate(s, .pi / 2, 0, 0, 1), CATransform3DConcat(r, s)))
    }

    @Test func inversion() {
        #expect(CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)) == CATransform3DMakeTranslation(-1, -2, -3))
        #expect(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)) == CATransform3DMakeScale(0.5, 0.25, 0.125))
        // With perspective (m34 = -1/500) and a turn: M x M^-1 = I.
        var m = CATransform3DRotate(CATransform3DMakeTranslation(5, -3, 2), 0.7, 1, 1, 0)
        m.m34 = -1.0 / 500
        #expect(isClose(CATransform3DConcat(m, CATransform3DInvert(m)), CATransform3DIdentity))
        // Singular: returned unchanged.
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(flat) == flat)
    }

    @Test func affineConversions() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let m = CATransform3DMakeAffineTransform(a)
        #expect(m.elements == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DIsAffine(m))
        #expect(CATransform3DGetAffineTransform(m) == a)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        #expect(!CATransform3DIsAffine(perspective))
    }
}

@Suite struct AttributesTransformTests {
    func attributes() -> CollectionViewLayoutAttributes {
        let a = CollectionViewLayoutAttributes(forCellWith: .ip(0, 3))
        a.frame = rect(10, 20, 100, 50)
        return a
    }

    @Test func settingTransformSetsTransform3DAndBack() {
        let a = attributes()
        #expect(a.transform == .identity && a.transform3D == CATransform3DIdentity && !a.hasTransform)
        a.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(a.transform3D == CATransform3DMakeScale(2, 2, 1))
        #expect(a.hasTransform)
        a.transform3D = CATransform3DMakeTranslation(5, 6, 0)
        #expect(a.transform == CGAffineTransform(translationX: 5, y: 6))
        // Back to the identity: nothing is set.
        a.transform = .identity
        #expect(!a.hasTransform && a.transform3D == CATransform3DIdentity)
        a.transform3D = CATransform3DMakeScale(1, 1, 2)
        a.transform3D = CATransform3DIdentity
        #expect(!a.hasTransform)
    }

    @Test func aTransformLeavesFrameCenterAndSize() {
        let a = attributes()
        a.transform = CGAffineTransform(rotationAngle: .pi / 4).scaledBy(x: 3, y: 3)
        #expect(a.frame == rect(10, 20, 100, 50))
        #expect(a.center == CGPoint(x: 60, y: 45))
        #expect(a.size == CGSize(width: 100, height: 50))
        #expect(a.bounds == rect(0, 0, 100, 50))
        a.transform3D = CATransform3DMakeScale(0.5, 0.5, 1)
        #expect(a.frame == rect(10, 20, 100, 50))
    }

    @Test func copyKeepsItAndIsEqualTellsItApart() {
        let a = attributes()
        a.transform3D = CATransform3DMakeRotation(0.5, 0, 1, 0)
        let copy = a.copied()
        #expect(copy.transform3D == a.transform3D)
        #expect(copy.isEqual(a) && copy.hasSameAttributes(as: a))
        let plain = attributes()
        #expect(!plain.isEqual(a) && !plain.hasSameAttributes(as: a))
        #expect(!a.isEqual(plain))
        // Another transform differs too.
        copy.transform3D = CATransform3DMakeRotation(0.6, 0, 1, 0)
        #expect(!copy.isEqual(a) && !copy.hasSameAttributes(as: a))
        // Set back to the identity, it equals attributes that never had one.
        copy.transform3D = CATransform3DIdentity
        #expect(copy.isEqual(plain))
    }

    @Test func descriptionShowsTheTransformOnlyWhenSet() {
        let a = attributes()
        #expect(a.description == "item 0:3 frame=10,20,100,50 zIndex=0 alpha=1 hidden=false")
        // Affine: transform=A,B,C,D,TX,TY.
        a.transform = CGAffineTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 3, ty: -4)
        #expect(a.description == "item 0:3 frame=10,20,100,50 zIndex=0 alpha=1 hidden=false transform=2,0,0,0.5,3,-4")
        // Not affine: transform3D= and the 16 elements, row by row.
        var m = CATransform3DIdentity
        m.m34 = -0.002
        a.transform3D = m
        #expect(a.description == "item 0:3 frame=10,20,100,50 zIndex=0 alpha=1 hidden=false transform3D=1,0,0,0,0,1,0,0,0,0,1,-0.002,0,0,0,1")
        a.transform3D = CATransform3DIdentity
        #expect(!a.description.contains("transform"))
    }

    @Test func aTransformChangeIsAChangeInTheVisibleDiff() throws {
        // A flow subclass that scales item 0:0 when `scaled` is set.
        final class ScalingLayout: CollectionViewFlowLayout {
            var scaled = false
            override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
                super.layoutAttributesForElements(in: rect)?.map { a in
                    guard scaled, a.indexPath == .ip(0, 0), a.representedElementCategory == .cell else { return a }
                    let b = a.copied()
                    b.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
                    return b
                }
            }
        }
        let layout = ScalingLayout()
        let cv = try CollectionView(layout: layout, itemCounts: [10])
        let recorder = cv.startRecording()
        layout.scaled = true
        layout.invalidateLayout()
        cv.layoutIfNeeded()
        let diff = try #require(recorder.lastDiff)
        #expect(diff.changed.map(\.key) == [.cell(.ip(0, 0))])
        #expect(diff.changed.first.map { !$0.frameChanged && $0.to.transform == CGAffineTransform(scaleX: 0.5, y: 0.5) } == true)
    }
}
