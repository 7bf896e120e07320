import CompositionalLayouts
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
            + CompositionalPlugins.descriptors
    }

    /// Registers every built-in layout once per registry (idempotent), each
    /// with the flow options of a flow layout it does not declare, as a loaded
    /// plugin's layouts are (`LayoutDescriptor.completed(with:)`).
    public static func register(in registry: LayoutRegistry = .shared) {
        for descriptor in descriptors where registry.entry(named: descriptor.name) == nil {
            let completed = (try? descriptor.makeLayout()).map(descriptor.completed(with:)) ?? descriptor
            try? registry.register(completed, origin: origin)
        }
    }
}
