import LayoutKit

// A plugin built against LayoutKit 0.9.0. Building one for real would need a
// second LayoutKit checkout; the entry point instead speaks the protocol by
// hand with the old number, exactly what stkRegisterPlugin compiled against
// 0.9.0 would send.
@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    guard let registrar else { return 3 }
    let host = Unmanaged<PluginRegistrar>.fromOpaque(registrar).takeUnretainedValue()
    guard host.begin(builtAgainst: "0.9.0", layoutBaseClass: ObjectIdentifier(CollectionViewLayout.self)) else { return 1 }
    host.add(LayoutDescriptor(name: "from-the-past", summary: "never registered", options: []) { OldLayout() })
    return 0
}

final class OldLayout: CollectionViewFlowLayout, ConfigurableLayout {
    func setOption(_ name: String, to value: LayoutOptionValue) throws { throw CollectionViewError("no options") }
    func optionValue(_ name: String) -> LayoutOptionValue? { nil }
}
