import Foundation

// Fonts and text measurement. stk has no fonts and no text engine, yet layout
// files measure text (a header as tall as its title, a cell as wide as its
// label). They get an estimate, the same on every machine, documented in
// docs/uikit-names.md ("Text measurement"):
//
// - every character (grapheme cluster, spaces included) is 0.55 x the point
//   size wide, and a line is 1.2 x the point size high (the font's
//   `lineHeight`); weight, family and traits change nothing;
// - each line break ("\n", "\r\n", ...) starts a line; the width is the
//   longest line's, the height the number of lines times the line height;
//   the empty string is 0 x 0;
// - without a font attribute, the font is 12 points (UIKit's default, Helvetica 12);
// - with wrapping (`boundingRect(with:options:attributes:context:)` with
//   `.usesLineFragmentOrigin`), a line holds as many characters as fit the
//   width, broken after the last space that fits (a word longer than a line
//   is broken anywhere); the spaces where a line breaks belong to no line.
//   The height given is not a limit.

/// UIKit's `UIFont`: a name and a point size, with metrics in proportion to
/// the size (see the top of this file).
open class Font: NSObject {
    /// `UIFont.TextStyle`, with the sizes of UIKit's default (Large) text size.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle("UICTFontTextStyleTitle0")
        public static let title1 = TextStyle("UICTFontTextStyleTitle1")
        public static let title2 = TextStyle("UICTFontTextStyleTitle2")
        public static let title3 = TextStyle("UICTFontTextStyleTitle3")
        public static let headline = TextStyle("UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
        public static let body = TextStyle("UICTFontTextStyleBody")
        public static let callout = TextStyle("UICTFontTextStyleCallout")
        public static let footnote = TextStyle("UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle("UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle("UICTFontTextStyleCaption2")

        /// Points at the default text size: 34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11.
        public var pointSize: CGFloat {
            switch self {
            case .largeTitle: return 34
            case .title1: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline: return 17
            case .subheadline: return 15
            case .callout: return 16
            case .footnote: return 13
            case .caption1: return 12
            case .caption2: return 11
            default: return 17
            }
        }
    }

    /// `UIFont.Weight`.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    public let fontName: String
    public let familyName: String
    public let pointSize: CGFloat
    /// The weight asked for (regular for fonts made by name).
    public let weight: Weight

    public init(name fontName: String, family familyName: String, size: CGFloat, weight: Weight = .regular) {
        self.fontName = fontName
        self.familyName = familyName
        self.pointSize = size
        self.weight = weight
        super.init()
    }

    /// Any name gives a font (there are none to miss); it measures as every font does.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(name: fontName, family: fontName.split(separator: "-").first.map(String.init) ?? fontName, size: fontSize)
    }

    // MARK: Making fonts

    open class func systemFont(ofSize fontSize: CGFloat) -> Font { systemFont(ofSize: fontSize, weight: .regular) }

    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> Font {
        Font(name: ".SFUI-" + name(of: weight), family: ".AppleSystemUIFont", size: fontSize, weight: weight)
    }

    open class func boldSystemFont(ofSize fontSize: CGFloat) -> Font { systemFont(ofSize: fontSize, weight: .bold) }

    open class func italicSystemFont(ofSize fontSize: CGFloat) -> Font {
        Font(name: ".SFUI-Italic", family: ".AppleSystemUIFont", size: fontSize)
    }

    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> Font {
        Font(name: ".SFUIMono-" + name(of: weight), family: ".AppleSystemUIFontMonospaced", size: fontSize, weight: weight)
    }

    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> Font {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The style's size at UIKit's default text size; the headline is semibold.
    open class func preferredFont(forTextStyle style: TextStyle) -> Font {
        systemFont(ofSize: style.pointSize, weight: style == .headline ? .semibold : .regular)
    }

    open class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: TraitCollection?) -> Font {
        preferredFont(forTextStyle: style)
    }

    open class var systemFontSize: CGFloat { 14 }
    open class var smallSystemFontSize: CGFloat { 12 }
    open class var labelFontSize: CGFloat { 17 }
    open class var buttonFontSize: CGFloat { 18 }

    private class func name(of weight: Weight) -> String {
        switch weight {
        case .ultraLight: return "Ultralight"
        case .thin: return "Thin"
        case .light: return "Light"
        case .medium: return "Medium"
        case .semibold: return "Semibold"
        case .bold: return "Bold"
        case .heavy: return "Heavy"
        case .black: return "Black"
        default: return "Regular"
        }
    }

    open func withSize(_ fontSize: CGFloat) -> Font {
        Font(name: fontName, family: familyName, size: fontSize, weight: weight)
    }

    // MARK: Metrics, in proportion to the size

    /// 1.2 x the point size: the height of one line of text.
    open var lineHeight: CGFloat { pointSize * TextMeasurement.lineHeightFactor }
    /// 0.95 x the point size (with the descender, the line height).
    open var ascender: CGFloat { pointSize * 0.95 }
    /// -0.25 x the point size.
    open var descender: CGFloat { pointSize * -0.25 }
    open var capHeight: CGFloat { pointSize * 0.7 }
    open var xHeight: CGFloat { pointSize * 0.5 }
    open var leading: CGFloat { 0 }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Font else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }

    open override var hash: Int { fontName.hashValue ^ pointSize.hashValue }

    open override var description: String { "<UICTFont> font-family: \"\(familyName)\"; font-weight: \(weight.rawValue.stk); font-size: \(pointSize.stk)pt" }
}

/// UIKit's `UIFontMetrics`: stk's text size is the default (Large), so
/// scaling changes nothing.
open class FontMetrics: NSObject {
    public static let `default` = FontMetrics(forTextStyle: .body)
    public let textStyle: Font.TextStyle

    public init(forTextStyle textStyle: Font.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    open func scaledFont(for font: Font) -> Font { font }
    open func scaledFont(for font: Font, maximumPointSize: CGFloat) -> Font { font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font }
    open func scaledFont(for font: Font, compatibleWith traitCollection: TraitCollection?) -> Font { font }
    open func scaledValue(for value: CGFloat) -> CGFloat { value }
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: TraitCollection?) -> CGFloat { value }
}

/// UIKit's `UIFontDescriptor`: what a font is made from (a name or a text
/// style, a size, symbolic traits, a design), as apps build a bold title
/// font (`UIFontDescriptor.preferredFontDescriptor(withTextStyle:
/// .largeTitle).withSymbolicTraits(.traitBold)`, then `UIFont(descriptor:
/// size: 0)`). Everything is kept; a font made from it measures as every
/// font does (the top of this file): by its size alone.
open class FontDescriptor: NSObject {
    /// `UIFontDescriptor.SymbolicTraits`, with UIKit's raw values.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// `UIFontDescriptor.SystemDesign`.
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    }

    public let fontName: String
    public let pointSize: CGFloat
    public let symbolicTraits: SymbolicTraits
    public let design: SystemDesign
    /// The weight of the font it was read from (regular otherwise).
    public let weight: Font.Weight

    public init(name fontName: String, size: CGFloat, traits: SymbolicTraits = [], design: SystemDesign = .default,
                weight: Font.Weight = .regular) {
        self.fontName = fontName
        self.pointSize = size
        self.symbolicTraits = traits
        self.design = design
        self.weight = weight
        super.init()
    }

    /// A text style's font, at UIKit's default text size.
    open class func preferredFontDescriptor(withTextStyle style: Font.TextStyle) -> FontDescriptor {
        Font.preferredFont(forTextStyle: style).fontDescriptor
    }

    open class func preferredFontDescriptor(withTextStyle style: Font.TextStyle, compatibleWith traitCollection: TraitCollection?) -> FontDescriptor {
        preferredFontDescriptor(withTextStyle: style)
    }

    /// The same font with these traits in place of its own (never nil: every
    /// trait exists here).
    open func withSymbolicTraits(_ traits: SymbolicTraits) -> FontDescriptor? {
        FontDescriptor(name: fontName, size: pointSize, traits: traits, design: design, weight: weight)
    }

    open func withDesign(_ design: SystemDesign) -> FontDescriptor? {
        FontDescriptor(name: fontName, size: pointSize, traits: symbolicTraits, design: design, weight: weight)
    }

    open func withSize(_ newPointSize: CGFloat) -> FontDescriptor {
        FontDescriptor(name: fontName, size: newPointSize, traits: symbolicTraits, design: design, weight: weight)
    }
}

extension Font {
    /// `UIFont(descriptor:size:)`: a size of 0 keeps the descriptor's; the
    /// bold trait makes it bold.
    public convenience init(descriptor: FontDescriptor, size: CGFloat) {
        let weight = descriptor.symbolicTraits.contains(.traitBold) && descriptor.weight.rawValue < Font.Weight.bold.rawValue
            ? .bold : descriptor.weight
        self.init(name: descriptor.fontName, family: descriptor.fontName, size: size > 0 ? size : descriptor.pointSize, weight: weight)
    }

    /// What the font is made from.
    public var fontDescriptor: FontDescriptor {
        FontDescriptor(name: fontName, size: pointSize, traits: weight.rawValue >= Font.Weight.bold.rawValue ? .traitBold : [], weight: weight)
    }
}

/// `NSStringDrawingOptions`.
public struct StringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Wrap at the width given; without it the text is measured as one line per line break.
    public static let usesLineFragmentOrigin = StringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = StringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = StringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = StringDrawingOptions(rawValue: 1 << 5)
}

/// `NSStringDrawingContext`: the scale is always 1 (stk does not shrink text).
open class StringDrawingContext: NSObject {
    open var minimumScaleFactor: CGFloat = 0
    open var actualScaleFactor: CGFloat { 1 }
    open var totalBounds: CGRect = .zero
}

/// stk's text estimate (see the top of this file), behind UIKit's
/// `size(withAttributes:)` and `boundingRect(with:options:attributes:context:)`.
public enum TextMeasurement {
    /// A character's width, as a fraction of the point size.
    public static let characterWidthFactor: CGFloat = 0.55
    /// A line's height, as a fraction of the point size.
    public static let lineHeightFactor: CGFloat = 1.2
    /// The size without a font attribute.
    public static let defaultPointSize: CGFloat = 12

    /// The size of the text in the font (12 points when nil), wrapped at
    /// `width` when it is given (positive and finite), else one line per line break.
    public static func size(of text: String, font: Font?, wrappingWidth width: CGFloat? = nil) -> CGSize {
        let pointSize = font?.pointSize ?? defaultPointSize
        let characterWidth = pointSize * characterWidthFactor
        let lineHeight = pointSize * lineHeightFactor
        guard !text.isEmpty else { return .zero }
        var columns: Int?
        if let width, width > 0, width.isFinite, characterWidth > 0 {
            columns = max(1, Int((width / characterWidth + 1e-9).rounded(.down)))
        }
        var lineCount = 0
        var widest = 0
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            for line in wrap(Array(paragraph), columns: columns) {
                lineCount += 1
                widest = max(widest, line)
            }
        }
        return CGSize(width: CGFloat(widest) * characterWidth, height: CGFloat(lineCount) * lineHeight)
    }

    /// The widths, in characters, of the lines one paragraph wraps into.
    static func wrap(_ characters: [Character], columns: Int?) -> [Int] {
        guard let columns, characters.count > columns else { return [characters.count] }
        /// The length of characters[from..<to] without its trailing spaces.
        func trimmed(_ from: Int, _ to: Int) -> Int {
            var end = to
            while end > from, characters[end - 1] == " " { end -= 1 }
            return end - from
        }
        var lines: [Int] = []
        var start = 0
        while start < characters.count {
            // The spaces where a line wrapped belong to no line.
            if !lines.isEmpty { while start < characters.count, characters[start] == " " { start += 1 } }
            guard start < characters.count else { break }
            if characters.count - start <= columns {
                lines.append(characters.count - start)
                break
            }
            let end = start + columns
            if characters[end] == " " {
                // The line is full and ends at a space.
                lines.append(trimmed(start, end))
                start = end
            } else if let space = characters[start..<end].lastIndex(of: " "), trimmed(start, space) > 0 {
                // After the last space that fits.
                lines.append(trimmed(start, space))
                start = space + 1
            } else {
                // A word longer than the line: broken anywhere.
                lines.append(columns)
                start = end
            }
        }
        return lines
    }
}
