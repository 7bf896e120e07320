import LayoutKit

// Calls a LayoutKit function this LayoutKit does not have, as a plugin built
// against another LayoutKit would: dlopen (RTLD_NOW) cannot resolve it.
@_silgen_name("$s9LayoutKit20removedInThisVersionyyF")
func removedInThisVersion()

@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    removedInThisVersion()
    return stkRegisterPlugin(registrar, layouts: [])
}
