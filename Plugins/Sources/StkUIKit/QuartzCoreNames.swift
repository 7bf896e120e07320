// Core Animation's C functions for 3D transforms, as a layout written for iOS
// calls them (`CATransform3DMakeScale(0.8, 0.8, 1)`). The type is LayoutKit's
// `CATransform3D`; conventions are Apple's (row vectors: `CATransform3DConcat(a, b)`
// applies a, then b).

import Foundation
import LayoutKit

public let CATransform3DIdentity = CATransform3D.identity

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == .identity }

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m41 = tx
    t.m42 = ty
    t.m43 = tz
    return t
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m11 = sx
    t.m22 = sy
    t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the axis (x, y, z); the identity for a zero axis.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return .identity }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = CGFloat(cos(Double(angle))), s = CGFloat(sin(Double(angle))), k = 1 - c
    return CATransform3D(m11: c + x * x * k, m12: x * y * k + z * s, m13: x * z * k - y * s, m14: 0,
                         m21: x * y * k - z * s, m22: c + y * y * k, m23: y * z * k + x * s, m24: 0,
                         m31: x * z * k + y * s, m32: y * z * k - x * s, m33: c + z * z * k, m34: 0,
                         m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t` preceded by a translation, as Core Animation's `CATransform3DTranslate`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() }

public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { CATransform3D(m) }

public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }

public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affine }

// MARK: Layers

// Core Animation's layer classes are LayoutKit's (Views/Layer.swift): they
// keep their properties and geometry, and nothing is drawn or animated.

public typealias CALayer = Layer
public typealias CAShapeLayer = ShapeLayer
public typealias CAGradientLayer = GradientLayer
public typealias CACornerMask = Layer.CornerMask
public typealias CALayerCornerCurve = Layer.CornerCurve
public typealias CALayerContentsGravity = Layer.ContentsGravity
public typealias CAShapeLayerFillRule = ShapeLayer.FillRule
public typealias CAShapeLayerLineCap = ShapeLayer.LineCap
public typealias CAShapeLayerLineJoin = ShapeLayer.LineJoin
public typealias CAGradientLayerType = GradientLayer.Kind
