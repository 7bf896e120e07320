import Foundation

/// Loading plugin libraries (wired to the plugin loader when it lands).
enum PluginBridge {
    static func load(_ path: String) throws -> [String] {
        throw PluginBridgeError(message: "cannot load \(path): plugin loading is not available in this build")
    }
}

struct PluginBridgeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
