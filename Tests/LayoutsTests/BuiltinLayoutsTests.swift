import Builtins
import Foundation
import LayoutKit
import Testing

/// The built-in layouts are listed once (Builtins) and registered as a
/// plugin's are; a built-in that cannot register is an error, never a layout
/// silently missing.
@Suite struct BuiltinLayoutsTests {
    @Test func everyBuiltInRegistersOnceUnderItsOrigin() throws {
        let registry = LayoutRegistry()
        try BuiltinLayouts.register(in: registry)
        try BuiltinLayouts.register(in: registry)  // idempotent
        let names = registry.entries.map(\.descriptor.name)
        #expect(names == ["flow-sticky", "grid-sticky", "global-stretchy", "fading-first-header",
                          "compositional-list", "compositional-inset-grouped", "compositional-grid", "compositional-carousel"])
        #expect(registry.entries.allSatisfy { $0.origin == "built-in" })
        // Completed with the flow options of the layout it makes (flow-sticky
        // declares its own; itemSize comes from the flow layout).
        #expect(registry.entry(named: "flow-sticky")?.descriptor.options.contains { $0.name == "itemSize" } == true)
    }

    @Test func aNameTakenByAPluginIsReportedNotSkipped() throws {
        let registry = LayoutRegistry()
        let impostor = LayoutDescriptor(name: "grid-sticky", summary: "a plugin's layout", options: []) { throw CollectionViewError("never made in this test") }
        try registry.register(impostor, origin: "/tmp/libImpostor.so")
        #expect(throws: CollectionViewError("a layout named 'grid-sticky' is already registered by /tmp/libImpostor.so")) {
            try BuiltinLayouts.register(in: registry)
        }
    }
}

extension BuiltinLayoutsTests {
    /// Threads registering at once (tests run in parallel) never refuse one
    /// another: one registers, the others find the built-ins there.
    @Test func concurrentRegistrationsAgree() throws {
        for _ in 0..<20 {
            let registry = LayoutRegistry()
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do { try BuiltinLayouts.register(in: registry) } catch { failures.add("\(error)") }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            #expect(registry.entries.count == 8)
        }
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ message: String) { lock.lock(); list.append(message); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
    }
}
