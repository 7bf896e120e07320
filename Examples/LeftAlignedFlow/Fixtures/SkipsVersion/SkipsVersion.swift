import LayoutKit

// Hands a layout over without reporting the LayoutKit version first (it does
// not use stkRegisterPlugin). The registrar ignores the layout; the loader refuses.
@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    guard let registrar else { return 3 }
    let host = Unmanaged<PluginRegistrar>.fromOpaque(registrar).takeUnretainedValue()
    host.add(LayoutDescriptor(name: "too-eager", summary: "registered too early", options: []) { EagerLayout() })
    return 0
}

final class EagerLayout: CollectionViewFlowLayout, ConfigurableLayout {
    func setOption(_ name: String, to value: LayoutOptionValue) throws { throw CollectionViewError("no options") }
    func optionValue(_ name: String) -> LayoutOptionValue? { nil }
}
