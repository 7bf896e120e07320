import LayoutKit

// A library that carries its own copy of LayoutKit, the way one gets linked
// when a static product containing LayoutKit's objects (or LayoutKit's sources)
// goes into it. Linking a real copy here would compile LayoutKit a second time
// for the tests; what the loader looks for is what every copy exports, the C
// marker symbol LayoutKit defines, so this library defines it itself.
@_cdecl("stk_layoutkit_registry")
public func ownLayoutKitRegistry() -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(ownRegistry).toOpaque()
}

private let ownRegistry = LayoutRegistry()

@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    stkRegisterPlugin(registrar, layouts: [
        LayoutDescriptor(name: "second-copy", summary: "a layout from another LayoutKit", options: []) { CopiedLayout() },
    ])
}

final class CopiedLayout: CollectionViewFlowLayout, ConfigurableLayout {
    func setOption(_ name: String, to value: LayoutOptionValue) throws { throw CollectionViewError("no options") }
    func optionValue(_ name: String) -> LayoutOptionValue? { nil }
}
