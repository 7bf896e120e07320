// What UIKit adds to Foundation's strings for measuring text: the attribute
// keys, and `size(withAttributes:)` and `boundingRect(with:options:attributes:context:)`
// on NSString, String (any StringProtocol) and NSAttributedString. There are
// no fonts to measure with: the answers are LayoutKit's estimate
// (`TextMeasurement`, docs/uikit-names.md, "Text measurement"): 0.55 x the
// point size per character, 1.2 x the point size per line.

extension NSAttributedString.Key {
    /// A `UIFont`; the only attribute the measurement reads.
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    public static let link = NSAttributedString.Key("NSLink")
}

/// The estimate for a text and its attributes: wrapped at the width when the
/// options hold `.usesLineFragmentOrigin`.
private func estimate(_ text: String, font: Any?, size: CGSize? = nil, options: NSStringDrawingOptions = []) -> CGSize {
    let width = options.contains(.usesLineFragmentOrigin) ? size?.width : nil
    return TextMeasurement.size(of: text, font: font as? UIFont, wrappingWidth: width)
}

extension NSString {
    /// The text on one line per line break (see `TextMeasurement`).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        estimate(self as String, font: attrs?[.font])
    }

    /// At the origin; wrapped at `size.width` with `.usesLineFragmentOrigin`
    /// (see `TextMeasurement`). `size.height` is not a limit.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: estimate(self as String, font: attributes?[.font], size: size, options: options))
    }
}

extension StringProtocol {
    /// The text on one line per line break (see `TextMeasurement`).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        estimate(String(self), font: attrs?[.font])
    }

    /// At the origin; wrapped at `size.width` with `.usesLineFragmentOrigin`
    /// (see `TextMeasurement`). `size.height` is not a limit.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: estimate(String(self), font: attributes?[.font], size: size, options: options))
    }
}

extension NSAttributedString {
    /// The estimate in the font of the first character (see `TextMeasurement`).
    public func size() -> CGSize {
        estimate(string, font: firstFont)
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: estimate(string, font: firstFont, size: size, options: options))
    }

    private var firstFont: Any? {
        length > 0 ? attribute(.font, at: 0, effectiveRange: nil) : nil
    }
}
