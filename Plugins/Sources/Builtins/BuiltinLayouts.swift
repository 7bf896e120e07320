import CompositionalLayouts
import FadingFirstHeader
import FlowSticky
import Foundation
import GlobalStretchy
import GridSticky
import LayoutKit

/// The layouts that ship with stk, listed once: the host registers them at
/// start-up through the same descriptor an external plugin registers.
public enum BuiltinLayouts {
    public static let origin = LayoutRegistry.builtInOrigin
    private static let lock = NSLock()

    public static var descriptors: [LayoutDescriptor] {
        [FlowStickyPlugin.descriptor, GridStickyPlugin.descriptor, GlobalStretchyPlugin.descriptor, FadingFirstHeaderPlugin.descriptor]
            + CompositionalPlugins.descriptors
    }

    /// Registers every built-in layout once per registry (idempotent), each
    /// with the flow options of a flow layout it does not declare, as a loaded
    /// plugin's layouts are (`LayoutDescriptor.completed(with:)`).
    ///
    /// A built-in that cannot be made or registered (its name already taken
    /// by a plugin's layout) is an error naming it: stk never starts with a
    /// built-in silently missing.
    public static func register(in registry: LayoutRegistry = .shared) throws {
        // Two threads registering at once (tests run in parallel) would both
        // see a name free and the second be refused: one at a time.
        lock.lock()
        defer { lock.unlock() }
        for descriptor in descriptors {
            if let existing = registry.entry(named: descriptor.name), existing.origin == origin { continue }
            let layout: CollectionViewLayout
            do {
                layout = try descriptor.makeLayout()
            } catch {
                throw CollectionViewError("the built-in layout \(descriptor.name) cannot be made: \(error)")
            }
            try registry.register(descriptor.completed(with: layout), origin: origin)
        }
    }
}
