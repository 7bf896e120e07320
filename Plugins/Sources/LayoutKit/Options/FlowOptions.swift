import Foundation


/// The flow layout's own options, named as stk's `set` command names them
/// (docs/language.md): every flow-based plugin offers them, so they are described,
/// applied and read back here once.
///
/// Defaults are UIKit's (docs/semantics.md, "Flow layout geometry") except the
/// header size, which each plugin chooses: the header-centred layouts would
/// show nothing with UIKit's zero header.
public enum FlowOptions {
    public static let itemSize = "itemSize"
    public static let minimumLineSpacing = "minimumLineSpacing"
    public static let minimumInteritemSpacing = "minimumInteritemSpacing"
    public static let sectionInset = "sectionInset"
    public static let headerSize = "headerSize"
    public static let footerSize = "footerSize"
    public static let scrollDirection = "scrollDirection"
    public static let estimatedItemSize = "estimatedItemSize"

    /// The option names, in the order `options` lists them.
    public static let names = [itemSize, minimumLineSpacing, minimumInteritemSpacing, sectionInset, headerSize, footerSize, scrollDirection,
                               estimatedItemSize]

    /// The words of `scrollDirection`.
    public static let scrollDirections = ["vertical", "horizontal"]

    /// The descriptions of the flow options, with the given header and footer defaults.
    public static func options(headerSize defaultHeader: CGSize = .zero, footerSize defaultFooter: CGSize = .zero) -> [LayoutOption] {
        [
            LayoutOption(name: itemSize, type: .size, defaultValue: .size(CGSize(width: 50, height: 50)),
                         help: "size of every item (WxH) unless a per-item size overrides it"),
            LayoutOption(name: minimumLineSpacing, type: .number, defaultValue: .number(10),
                         help: "space between lines of items, along the scroll axis"),
            LayoutOption(name: minimumInteritemSpacing, type: .number, defaultValue: .number(10),
                         help: "smallest space between items of one line; leftover width is spread between them"),
            LayoutOption(name: sectionInset, type: .insets, defaultValue: .insets(.zero),
                         help: "insets around each section's items (T,L,B,R); headers and footers ignore them"),
            LayoutOption(name: headerSize, type: .size, defaultValue: .size(defaultHeader),
                         help: "header reference size (WxH): only the length along the scroll axis is used (height when vertical, width when horizontal); 0 means no header"
                            + (defaultHeader == .zero ? "" : " (the default \(defaultHeader.stk) makes headers show in either direction)")),
            LayoutOption(name: footerSize, type: .size, defaultValue: .size(defaultFooter),
                         help: "footer reference size (WxH): only the length along the scroll axis is used; 0 means no footer"),
            LayoutOption(name: scrollDirection, type: .choice(scrollDirections), defaultValue: .word("vertical"),
                         help: "the scroll axis; horizontal is the exact transpose of vertical"),
            LayoutOption(name: estimatedItemSize, type: .size, defaultValue: .size(.zero), allowsAutomatic: true,
                         help: "self-sizing cells (WxH): items sit at this estimate until displayed and measured (prefer item); 0x0 turns it off, auto estimates from itemSize (UIKit's automaticSize)"),
        ]
    }

    /// The flow options with the current values of `layout` as defaults, marked
    /// as set on the flow layout's own properties: what every flow subclass
    /// offers (`LayoutDescriptor.completed(with:)`).
    public static func options(of layout: CollectionViewFlowLayout) -> [LayoutOption] {
        options().map { option in
            LayoutOption(name: option.name, type: option.type, defaultValue: value(option.name, of: layout) ?? option.defaultValue,
                         allowsAutomatic: option.allowsAutomatic,
                         help: option.help.replacingOccurrences(of: " (the default", with: " (stk's flow-sticky default"),
                         isFlowProperty: true)
        }
    }

    /// Whether `name` is one of the flow options.
    public static func isFlowOption(_ name: String) -> Bool { names.contains(name) }

    /// Sets a flow option on a flow layout. Returns false (changing nothing) when
    /// `name` is not a flow option; throws, changing nothing, when the value is
    /// refused (not finite, negative, of the wrong type). Setting a property to
    /// the value it already has does nothing; a change invalidates the layout as
    /// UIKit does (the property's own invalidation).
    @discardableResult
    public static func apply(_ name: String, _ value: LayoutOptionValue, to layout: CollectionViewFlowLayout) throws -> Bool {
        /// Sets a property only when the value differs: setting one
        /// invalidates the layout, as UIKit's setters do.
        func assign<Value: Equatable>(_ property: ReferenceWritableKeyPath<CollectionViewFlowLayout, Value>, _ value: Value) {
            if layout[keyPath: property] != value { layout[keyPath: property] = value }
        }
        switch name {
        case itemSize: assign(\.itemSize, try OptionValues.size(value, option: name))
        case minimumLineSpacing: assign(\.minimumLineSpacing, try OptionValues.nonNegativeNumber(value, option: name))
        case minimumInteritemSpacing: assign(\.minimumInteritemSpacing, try OptionValues.nonNegativeNumber(value, option: name))
        case sectionInset: assign(\.sectionInset, try OptionValues.insets(value, option: name))
        case headerSize: assign(\.headerReferenceSize, try OptionValues.size(value, option: name))
        case footerSize: assign(\.footerReferenceSize, try OptionValues.size(value, option: name))
        case scrollDirection:
            let word = try OptionValues.choice(value, option: name, among: scrollDirections)
            assign(\.scrollDirection, word == "horizontal" ? .horizontal : .vertical)
        case estimatedItemSize:
            switch value {
            case .automatic, .word("auto"): assign(\.estimatedItemSize, CollectionViewFlowLayout.automaticSize)
            default: assign(\.estimatedItemSize, try OptionValues.size(value, option: name))
            }
        default:
            return false
        }
        return true
    }

    /// The current value of a flow option, or nil when `name` is not one.
    public static func value(_ name: String, of layout: CollectionViewFlowLayout) -> LayoutOptionValue? {
        switch name {
        case itemSize: return .size(layout.itemSize)
        case minimumLineSpacing: return .number(Double(layout.minimumLineSpacing))
        case minimumInteritemSpacing: return .number(Double(layout.minimumInteritemSpacing))
        case sectionInset: return .insets(layout.sectionInset)
        case headerSize: return .size(layout.headerReferenceSize)
        case footerSize: return .size(layout.footerReferenceSize)
        case scrollDirection: return .word(layout.scrollDirection == .horizontal ? "horizontal" : "vertical")
        case estimatedItemSize:
            return layout.estimatedItemSize == CollectionViewFlowLayout.automaticSize ? .automatic : .size(layout.estimatedItemSize)
        default: return nil
        }
    }
}
