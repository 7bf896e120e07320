import Foundation

/// UIKit's `NSTextAlignment`: how a label aligns its text, a value style
/// structs and cells keep beside a layout (`var headerTextAlignment:
/// NSTextAlignment = .left`). UIKit's cases and raw values; stk draws no text.
public enum TextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// UIKit's `NSLineBreakMode`: where a label breaks or truncates its text.
/// UIKit's cases and raw values.
public enum LineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// UIKit's `UILabel`, as the cell classes beside a layout declare theirs
/// (`let titleLabel = UILabel()`) and a layout's handlers reach them
/// (`cell.titleLabel.textColor = ...` on a cell from `cellForItem(at:)`).
/// stk makes no cells and draws no text: the properties are kept as set.
open class Label: View {
    open var text: String?
    open var attributedText: NSAttributedString?
    open var textColor: Color! = .black
    open var font: Font! = .systemFont(ofSize: 17)
    open var textAlignment: TextAlignment = .natural
    open var numberOfLines = 1
    open var lineBreakMode: LineBreakMode = .byTruncatingTail
    open var adjustsFontSizeToFitWidth = false
    open var adjustsFontForContentSizeCategory = false
    open var minimumScaleFactor: CGFloat = 0
    open var highlightedTextColor: Color?
    open var isHighlighted = false
    open var isEnabled = true
    open var preferredMaxLayoutWidth: CGFloat = 0
}

/// UIKit's `UIImageView`, kept for the same reason as `Label`: the image
/// views of cell classes beside a layout.
open class ImageView: View {
    open var image: Image?
    open var highlightedImage: Image?
    open var isHighlighted = false
    open var preferredSymbolConfiguration: AnyObject?

    /// `UIImageView(image:)`: a view the image's size.
    public convenience init(image: Image?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// `UIImageView(image:highlightedImage:)`.
    public convenience init(image: Image?, highlightedImage: Image?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }
}
