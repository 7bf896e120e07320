import Foundation

// Members of Apple's Foundation that layout code reads and Linux's
// Foundation does not have.

extension String {
    /// Apple Foundation's localizable text (iOS 15): here the text as
    /// written, interpolations included. stk has no strings files, so a
    /// localized string is its key, as on iOS with no translation.
    public struct LocalizationValue: ExpressibleByStringInterpolation, Equatable, Sendable {
        public var text: String
        public init(_ text: String) { self.text = text }
        public init(stringLiteral value: String) { text = value }
        public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
    }

    /// `String(localized: "Settings")`: the text itself (no translation).
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = keyAndValue.text
    }

    /// `String(localized: "settings.title", defaultValue: "Settings")`: the default value.
    public init(localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = defaultValue.text
    }
}
