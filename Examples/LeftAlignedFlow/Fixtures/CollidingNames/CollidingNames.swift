import LayoutKit

// Registers names other libraries own: "flow-sticky" (a built-in) and
// "left-aligned" (the example plugin). Whichever is taken first, the loader
// refuses the whole library, naming who registered the name.
@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    stkRegisterPlugin(registrar, layouts: [
        LayoutDescriptor(name: "flow-sticky", summary: "an impostor", options: []) { ImpostorLayout() },
        LayoutDescriptor(name: "left-aligned", summary: "another impostor", options: []) { ImpostorLayout() },
    ])
}

final class ImpostorLayout: CollectionViewFlowLayout, ConfigurableLayout {
    func setOption(_ name: String, to value: LayoutOptionValue) throws { throw CollectionViewError("no options") }
    func optionValue(_ name: String) -> LayoutOptionValue? { nil }
}
