import Foundation

// Colours, for the view code that layout files hold beside their layouts
// (a cell's background, a layer's border). stk draws nothing: a colour is
// its four numbers, kept so that code which reads them back gets what it set.

/// CoreGraphics' `CGColor` (Linux's Foundation has none): red, green, blue
/// and alpha in the sRGB space, or a grey and alpha. Components outside 0...1
/// are kept, as in the extended sRGB space UIKit uses.
public final class CGColor: Hashable, CustomStringConvertible {
    /// `[red, green, blue, alpha]`, or `[white, alpha]` for a grey made with `init(gray:alpha:)`.
    public let components: [CGFloat]?
    public var numberOfComponents: Int { components?.count ?? 0 }
    public var alpha: CGFloat { components?.last ?? 1 }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }

    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, alpha]
    }

    public static var white: CGColor { CGColor(gray: 1, alpha: 1) }
    public static var black: CGColor { CGColor(gray: 0, alpha: 1) }
    public static var clear: CGColor { CGColor(gray: 0, alpha: 0) }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        let rgba = self.rgba
        return components?.count == 2
            ? CGColor(gray: rgba.red, alpha: alpha)
            : CGColor(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: alpha)
    }

    /// The colour as red, green, blue and alpha (a grey's three equal).
    public var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let c = components ?? [0, 0, 0, 1]
        return c.count == 2 ? (c[0], c[0], c[0], c[1]) : (c[0], c[1], c[2], c[3])
    }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.rgba == b.rgba }

    public func hash(into hasher: inout Hasher) {
        let c = rgba
        hasher.combine(c.red)
        hasher.combine(c.green)
        hasher.combine(c.blue)
        hasher.combine(c.alpha)
    }

    public var description: String {
        let c = rgba
        return "<CGColor> [\(c.red.stk) \(c.green.stk) \(c.blue.stk) \(c.alpha.stk)]"
    }
}

/// UIKit's `UIColor`. The system colours are their light appearance: stk's
/// trait collection has no dark mode. Colours are compared by their
/// components (`UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1)`).
open class Color: NSObject {
    private let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = (red, green, blue, alpha)
        super.init()
    }

    /// `#colorLiteral(red:green:blue:alpha:)`, which Xcode's colour picker writes.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same numbers as `init(red:green:blue:alpha:)`: stk does no colour management.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    public convenience init(cgColor: CGColor) {
        let c = cgColor.rgba
        self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    /// A dynamic colour, resolved at once for stk's traits (light, no dark mode).
    public convenience init(dynamicProvider: @escaping (TraitCollection) -> Color) {
        let c = dynamicProvider(TraitCollection()).components
        self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    /// nil: there is no asset catalog to find the colour in.
    public convenience init?(named name: String) {
        return nil
    }

    open var cgColor: CGColor {
        CGColor(red: components.red, green: components.green, blue: components.blue, alpha: components.alpha)
    }

    open func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: components.red, green: components.green, blue: components.blue, alpha: alpha)
    }

    open func resolvedColor(with traitCollection: TraitCollection) -> Color { self }

    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = components.red
        green?.pointee = components.green
        blue?.pointee = components.blue
        alpha?.pointee = components.alpha
        return true
    }

    /// The mean of the three components, for any colour.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = (components.red + components.green + components.blue) / 3
        alpha?.pointee = components.alpha
        return true
    }

    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let (r, g, b) = (components.red, components.green, components.blue)
        let maximum = max(r, g, b), minimum = min(r, g, b), delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == r {
                h = (g - b) / delta
                if h < 0 { h += 6 }
            } else if maximum == g {
                h = (b - r) / delta + 2
            } else {
                h = (r - g) / delta + 4
            }
        }
        hue?.pointee = h / 6
        saturation?.pointee = maximum > 0 ? delta / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = components.alpha
        return true
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Color else { return false }
        return other.components == components
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(components.red)
        hasher.combine(components.green)
        hasher.combine(components.blue)
        hasher.combine(components.alpha)
        return hasher.finalize()
    }

    open override var description: String {
        "UIExtendedSRGBColorSpace \(components.red.stk) \(components.green.stk) \(components.blue.stk) \(components.alpha.stk)"
    }

    private static func rgb(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat = 1) -> Color {
        Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    // MARK: Fixed colours

    open class var clear: Color { Color(white: 0, alpha: 0) }
    open class var black: Color { Color(white: 0, alpha: 1) }
    open class var white: Color { Color(white: 1, alpha: 1) }
    open class var darkGray: Color { Color(white: 1.0 / 3, alpha: 1) }
    open class var gray: Color { Color(white: 0.5, alpha: 1) }
    open class var lightGray: Color { Color(white: 2.0 / 3, alpha: 1) }
    open class var red: Color { Color(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: Color { Color(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: Color { Color(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: Color { Color(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: Color { Color(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: Color { Color(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: Color { Color(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: Color { Color(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: Color { Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }

    // MARK: System colours (light appearance)

    open class var systemRed: Color { rgb(255, 59, 48) }
    open class var systemOrange: Color { rgb(255, 149, 0) }
    open class var systemYellow: Color { rgb(255, 204, 0) }
    open class var systemGreen: Color { rgb(52, 199, 89) }
    open class var systemMint: Color { rgb(0, 199, 190) }
    open class var systemTeal: Color { rgb(48, 176, 199) }
    open class var systemCyan: Color { rgb(50, 173, 230) }
    open class var systemBlue: Color { rgb(0, 122, 255) }
    open class var systemIndigo: Color { rgb(88, 86, 214) }
    open class var systemPurple: Color { rgb(175, 82, 222) }
    open class var systemPink: Color { rgb(255, 45, 85) }
    open class var systemBrown: Color { rgb(162, 132, 94) }
    open class var systemGray: Color { rgb(142, 142, 147) }
    open class var systemGray2: Color { rgb(174, 174, 178) }
    open class var systemGray3: Color { rgb(199, 199, 204) }
    open class var systemGray4: Color { rgb(209, 209, 214) }
    open class var systemGray5: Color { rgb(229, 229, 234) }
    open class var systemGray6: Color { rgb(242, 242, 247) }
    /// iOS 15's `UIColor.tintColor`: the default tint, system blue.
    open class var tintColor: Color { systemBlue }

    open class var label: Color { rgb(0, 0, 0) }
    open class var secondaryLabel: Color { rgb(60, 60, 67, 0.6) }
    open class var tertiaryLabel: Color { rgb(60, 60, 67, 0.3) }
    open class var quaternaryLabel: Color { rgb(60, 60, 67, 0.18) }
    open class var link: Color { rgb(0, 122, 255) }
    open class var placeholderText: Color { rgb(60, 60, 67, 0.3) }
    open class var separator: Color { rgb(60, 60, 67, 0.29) }
    open class var opaqueSeparator: Color { rgb(198, 198, 200) }

    open class var systemBackground: Color { rgb(255, 255, 255) }
    open class var secondarySystemBackground: Color { rgb(242, 242, 247) }
    open class var tertiarySystemBackground: Color { rgb(255, 255, 255) }
    open class var systemGroupedBackground: Color { rgb(242, 242, 247) }
    open class var secondarySystemGroupedBackground: Color { rgb(255, 255, 255) }
    open class var tertiarySystemGroupedBackground: Color { rgb(242, 242, 247) }

    open class var systemFill: Color { rgb(120, 120, 128, 0.2) }
    open class var secondarySystemFill: Color { rgb(120, 120, 128, 0.16) }
    open class var tertiarySystemFill: Color { rgb(118, 118, 128, 0.12) }
    open class var quaternarySystemFill: Color { rgb(116, 116, 128, 0.08) }

    open class var lightText: Color { Color(white: 1, alpha: 0.6) }
    open class var darkText: Color { Color(white: 0, alpha: 1) }
}

extension Color: _ExpressibleByColorLiteral {}
