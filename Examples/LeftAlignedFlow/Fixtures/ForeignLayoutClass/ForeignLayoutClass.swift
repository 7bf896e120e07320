import Foundation
import LayoutKit

// The handshake of a plugin whose code sees another `CollectionViewLayout`
// than the host's (a copy of LayoutKit that hides its symbols would look like
// this): the version is right, the class identity is not.
@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    guard let registrar else { return 3 }
    let host = Unmanaged<PluginRegistrar>.fromOpaque(registrar).takeUnretainedValue()
    guard host.begin(builtAgainst: layoutKitVersion, layoutBaseClass: ObjectIdentifier(OtherCollectionViewLayout.self)) else { return 1 }
    return 0
}

/// Stands for the other copy's CollectionViewLayout.
final class OtherCollectionViewLayout: NSObject {}
