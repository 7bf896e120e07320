import LayoutKit

// The entry point's name is misspelt: the loader finds no `stk_plugin_register`.
@_cdecl("stk_plugin_regster")
public func stkPluginRegster(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    stkRegisterPlugin(registrar, layouts: [])
}
