// UIKit Dynamics' names over LayoutKit's (Dynamics/): the animator a
// springy layout makes, its behaviours, and the collection view's pan
// gesture recognizer such layouts read the finger from.

import Foundation
import LayoutKit

public typealias UIDynamicAnimator = DynamicAnimator
public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
public typealias UIDynamicItem = DynamicItem
public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType
public typealias UIDynamicBehavior = DynamicBehavior
public typealias UIAttachmentBehavior = AttachmentBehavior
public typealias UISnapBehavior = SnapBehavior
public typealias UIGravityBehavior = GravityBehavior
public typealias UICollisionBehavior = CollisionBehavior
public typealias UIPushBehavior = PushBehavior
public typealias UIDynamicItemBehavior = DynamicItemBehavior
public typealias UIFloatRange = FloatRange
public typealias UIOffset = Offset
public typealias UIGestureRecognizer = GestureRecognizer
public typealias UIPanGestureRecognizer = PanGestureRecognizer

/// `UIFloatRangeZero` and `UIFloatRangeInfinite`, as Objective-C-era code spells them.
public let UIFloatRangeZero = FloatRange.zero
public let UIFloatRangeInfinite = FloatRange.infinite
/// `UIOffsetZero` and `UIOffsetMake`, as Objective-C-era code spells them.
public let UIOffsetZero = Offset.zero
public func UIOffsetMake(_ horizontal: CGFloat, _ vertical: CGFloat) -> Offset { Offset(horizontal: horizontal, vertical: vertical) }
