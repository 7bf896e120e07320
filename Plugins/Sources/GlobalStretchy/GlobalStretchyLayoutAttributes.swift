import Foundation
import LayoutKit

/// AKPFlowLayoutAttributes (the global-headers article): attributes that also tell a view
/// how far the global header is stretched, so it can adjust its content.
open class GlobalStretchyLayoutAttributes: CollectionViewLayoutAttributes {
    /// How much taller than its natural height the global header is (0 when not
    /// stretched, and for every other element).
    open var stretchFactor: CGFloat = 0

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! GlobalStretchyLayoutAttributes
        copy.stretchFactor = stretchFactor
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? GlobalStretchyLayoutAttributes, other.stretchFactor == stretchFactor else { return false }
        return super.isEqual(object)
    }

    open override var extraFields: [String: Double] { ["stretchFactor": Double(stretchFactor)] }
}
