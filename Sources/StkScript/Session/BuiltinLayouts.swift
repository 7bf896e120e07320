import FadingFirstHeader
import FlowSticky
import GlobalStretchy
import GridSticky
import LayoutKit

/// The layouts linked into stk, registered at start-up through the same
/// descriptor an external plugin registers.
public enum BuiltinLayouts {
    public static let origin = "built-in"

    public static var descriptors: [LayoutDescriptor] {
        [FlowStickyPlugin.descriptor, GridStickyPlugin.descriptor, GlobalStretchyPlugin.descriptor, FadingFirstHeaderPlugin.descriptor]
    }

    /// Registers every built-in layout once per registry (idempotent).
    public static func register(in registry: LayoutRegistry = .shared) {
        for descriptor in descriptors where registry.entry(named: descriptor.name) == nil {
            try? registry.register(descriptor, origin: origin)
        }
    }
}
