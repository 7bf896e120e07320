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

public typealias UILabel = Label
public typealias UIImageView = ImageView
/// How a label aligns its text (`LayoutKit.TextAlignment`).
public typealias NSTextAlignment = TextAlignment
/// Where a label breaks or truncates its text (`LayoutKit.LineBreakMode`).
public typealias NSLineBreakMode = LineBreakMode
