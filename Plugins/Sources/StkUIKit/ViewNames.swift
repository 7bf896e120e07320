// UIKit's names for views and what view code beside a layout touches: the
// classes are LayoutKit's (Plugins/Sources/LayoutKit/Views), one class per
// name. stk never makes, lays out or draws a view: see docs/uikit-names.md,
// "Views, layers, colours, paths and text".

// MARK: Views

public typealias UIView = View
public typealias UIEvent = Event
public typealias UITouch = Touch
public typealias UILayoutPriority = LayoutPriority

// MARK: Colours, paths and fonts

public typealias UIColor = Color
public typealias UIImage = Image
/// The type of `#colorLiteral(...)` and `#imageLiteral(...)` with no other type given, as in UIKit.
public typealias _ColorLiteralType = Color
public typealias _ImageLiteralType = Image
public typealias UIBezierPath = BezierPath
public typealias UIRectCorner = RectCorner
public typealias UIFont = Font
public typealias UIFontMetrics = FontMetrics
public typealias UIFontDescriptor = FontDescriptor

// MARK: Delegates

public typealias UIScrollViewDelegate = ScrollViewDelegate
public typealias UICollectionViewDelegate = CollectionViewDelegate

// MARK: Text drawing

public typealias NSStringDrawingOptions = StringDrawingOptions
public typealias NSStringDrawingContext = StringDrawingContext

extension NSString {
    /// `NSString.DrawingOptions`, the Swift spelling of `NSStringDrawingOptions`.
    public typealias DrawingOptions = StringDrawingOptions
}

/// How a label aligns its text: a value style structs and cells keep beside
/// a layout (`var headerTextAlignment: NSTextAlignment = .left`). UIKit's
/// cases and raw values; stk draws no text.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// Where a label breaks or truncates its text: UIKit's cases and raw values.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}
