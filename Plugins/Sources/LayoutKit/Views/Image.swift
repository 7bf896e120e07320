import Foundation

/// UIKit's `UIImage`, for the view code and the models beside a layout (an
/// item a data source holds, `let image: UIImage`; a cell's icon). stk has no
/// asset catalog and no SF Symbols, as `Color(named:)` has no colours:
/// `init?(named:)` and `init?(systemName:)` are nil, and the only image there
/// is is the empty one (`UIImage()`, size zero, as in UIKit). A layout that
/// sizes items by their images' sizes needs those sizes from elsewhere
/// (a delegate, `size item`).
open class Image: NSObject {
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

    /// The empty image.
    public override init() { super.init() }

    /// Nil: stk has no asset catalog.
    public convenience init?(named name: String) { return nil }

    /// Nil: stk has no asset catalog.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: TraitCollection?) { return nil }

    /// Nil: stk has no SF Symbols.
    public convenience init?(systemName name: String) { return nil }

    /// `#imageLiteral(resourceName:)`: the empty image (no asset catalog).
    public required convenience init(imageLiteralResourceName name: String) { self.init() }

    /// Zero: the empty image is the only one.
    open var size: CGSize { .zero }
    open var scale: CGFloat { 1 }
    open var renderingMode: RenderingMode { .automatic }

    open func withRenderingMode(_ renderingMode: RenderingMode) -> Image { self }
    open func withTintColor(_ color: Color) -> Image { self }
    open func withTintColor(_ color: Color, renderingMode: RenderingMode) -> Image { self }
}

extension Image: _ExpressibleByImageLiteral {}
