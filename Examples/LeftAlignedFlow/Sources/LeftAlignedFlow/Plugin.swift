import StkUIKit

// The plugin's boundary: the one C entry point stk looks up, and the options
// stk's `layout NAME key=value` and `set key=value` commands reach.

/// stk calls this once when it loads the library. `stkRegisterPlugin` reports
/// the LayoutKit version this library was compiled against and, only when stk
/// accepts it, hands over the descriptors.
@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    stkRegisterPlugin(registrar, layouts: [
        LayoutDescriptor(
            name: "left-aligned",
            summary: "flow layout whose lines start at the left inset, items minimumInteritemSpacing apart",
            options: LeftAlignedFlowLayout.options,
            makeLayout: { LeftAlignedFlowLayout() }
        ),
        LayoutDescriptor(
            name: "uikit-sticky",
            summary: "flow layout whose section headers stick to the top until the section's last item pushes them up",
            options: StickyHeadersFlowLayout.options,
            makeLayout: { StickyHeadersFlowLayout.makeWithDefaults() }
        ),
    ])
}

extension LeftAlignedFlowLayout: ConfigurableLayout {
    /// The flow options, named as stk's `set` command names them, with UIKit's defaults.
    static let options: [LayoutOption] = [
        itemSizeOption,
        LayoutOption(name: "minimumInteritemSpacing", type: .number, defaultValue: .number(10),
                     help: "the space between neighbours on a line (exactly this: lines are packed)"),
        lineSpacingOption,
        LayoutOption(name: "sectionInset", type: .insets, defaultValue: .insets(.zero),
                     help: "insets around each section's items (T,L,B,R); lines start at the left one"),
        LayoutOption(name: "headerSize", type: .size, defaultValue: .size(.zero),
                     help: "header reference size (WxH); 0 means no header"),
        LayoutOption(name: "scrollDirection", type: .choice(["vertical", "horizontal"]), defaultValue: .word("vertical"),
                     help: "vertical packs lines from the left, horizontal packs columns from the top"),
    ]

    public func setOption(_ name: String, to value: LayoutOptionValue) throws {
        try setFlowOption(name, to: value, layoutName: "left-aligned", declared: Self.options)
    }

    public func optionValue(_ name: String) -> LayoutOptionValue? {
        flowOptionValue(name, declared: Self.options)
    }
}

extension StickyHeadersFlowLayout: ConfigurableLayout {
    /// The flow options of a vertical list with headers. The header is 44
    /// high by default (a layout about sticky headers shows them without
    /// options); its width does not count: a vertical flow's headers span the
    /// collection view.
    static let options: [LayoutOption] = [
        itemSizeOption,
        LayoutOption(name: "headerSize", type: .size, defaultValue: .size(defaultHeaderSize),
                     help: "header reference size (WxH; only the height counts); 0 high means no header"),
        LayoutOption(name: "minimumInteritemSpacing", type: .number, defaultValue: .number(10),
                     help: "the least space between neighbours on a line"),
        lineSpacingOption,
        LayoutOption(name: "sectionInset", type: .insets, defaultValue: .insets(.zero),
                     help: "insets around each section's items (T,L,B,R)"),
    ]

    static let defaultHeaderSize = CGSize(width: 0, height: 44)

    /// The layout with the defaults `options` declares (UIKit's, but for the header).
    static func makeWithDefaults() -> StickyHeadersFlowLayout {
        let layout = StickyHeadersFlowLayout()
        layout.headerReferenceSize = defaultHeaderSize
        return layout
    }

    public func setOption(_ name: String, to value: LayoutOptionValue) throws {
        try setFlowOption(name, to: value, layoutName: "uikit-sticky", declared: Self.options)
    }

    public func optionValue(_ name: String) -> LayoutOptionValue? {
        flowOptionValue(name, declared: Self.options)
    }
}

/// The flow options both layouts share, as stk's `set` names them. Each
/// layout accepts only the ones it declares.
extension UICollectionViewFlowLayout {
    /// The options both layouts declare alike, with UIKit's defaults.
    static let itemSizeOption = LayoutOption(name: "itemSize", type: .size, defaultValue: .size(CGSize(width: 50, height: 50)),
                                             help: "size of every item (WxH) unless `size item` overrides it")
    static let lineSpacingOption = LayoutOption(name: "minimumLineSpacing", type: .number, defaultValue: .number(10),
                                                help: "the space between lines")

    func setFlowOption(_ name: String, to value: LayoutOptionValue, layoutName: String, declared: [LayoutOption]) throws {
        guard declared.contains(where: { $0.name == name }) else {
            throw CollectionViewError("\(layoutName) has no option '\(name)' (expected one of \(declared.map(\.name).joined(separator: ", ")))")
        }
        func refuse(_ expected: String) -> CollectionViewError {
            CollectionViewError("option \(name) expects \(expected), got \(value)")
        }
        switch (name, value) {
        case ("itemSize", .size(let size)):
            try Validate.size(size, name)
            itemSize = size
        case ("headerSize", .size(let size)):
            try Validate.size(size, name)
            headerReferenceSize = size
        case ("minimumInteritemSpacing", .number(let n)):
            try Validate.nonNegative(CGFloat(n), name)
            minimumInteritemSpacing = CGFloat(n)
        case ("minimumLineSpacing", .number(let n)):
            try Validate.nonNegative(CGFloat(n), name)
            minimumLineSpacing = CGFloat(n)
        case ("sectionInset", .insets(let insets)):
            try Validate.insets(insets, name)
            sectionInset = insets
        case ("scrollDirection", .word("vertical")):
            scrollDirection = .vertical
        case ("scrollDirection", .word("horizontal")):
            scrollDirection = .horizontal
        case ("itemSize", _), ("headerSize", _): throw refuse("a size WxH")
        case ("minimumInteritemSpacing", _), ("minimumLineSpacing", _): throw refuse("a number")
        case ("sectionInset", _): throw refuse("insets T,L,B,R")
        case ("scrollDirection", _): throw refuse("vertical or horizontal")
        default: throw CollectionViewError("\(layoutName) cannot set its declared option '\(name)'")
        }
    }

    func flowOptionValue(_ name: String, declared: [LayoutOption]) -> LayoutOptionValue? {
        guard declared.contains(where: { $0.name == name }) else { return nil }
        switch name {
        case "itemSize": return .size(itemSize)
        case "headerSize": return .size(headerReferenceSize)
        case "minimumInteritemSpacing": return .number(Double(minimumInteritemSpacing))
        case "minimumLineSpacing": return .number(Double(minimumLineSpacing))
        case "sectionInset": return .insets(sectionInset)
        case "scrollDirection": return .word(scrollDirection == .horizontal ? "horizontal" : "vertical")
        default: return nil
        }
    }
}
