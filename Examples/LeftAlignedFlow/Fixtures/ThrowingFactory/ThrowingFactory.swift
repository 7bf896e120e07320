import LayoutKit

// Two layouts; the second one's factory throws. The loader calls every
// factory once at load, so it refuses the library and registers neither.
@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    stkRegisterPlugin(registrar, layouts: [
        LayoutDescriptor(name: "fine-before-the-throw", summary: "a layout that is fine", options: []) { PlainLayout() },
        LayoutDescriptor(name: "throws-at-birth", summary: "a layout whose factory throws", options: []) {
            throw FactoryError()
        },
    ])
}

struct FactoryError: Error, CustomStringConvertible {
    var description: String { "the cache file layout.cache is missing" }
}

final class PlainLayout: CollectionViewFlowLayout, ConfigurableLayout {
    func setOption(_ name: String, to value: LayoutOptionValue) throws { throw CollectionViewError("no options") }
    func optionValue(_ name: String) -> LayoutOptionValue? { nil }
}
