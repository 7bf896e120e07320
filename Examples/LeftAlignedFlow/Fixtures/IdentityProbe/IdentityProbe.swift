import Foundation
import LayoutKit

// A valid plugin whose extra C functions report what the plugin's own code
// sees, so the tests can check from the host that both sides share one
// LayoutKit: one registry, one class per name, casts that work both ways.

@_cdecl("stk_plugin_register")
public func stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
    stkRegisterPlugin(registrar, layouts: [
        LayoutDescriptor(name: "identity-probe", summary: "a flow layout with attributes of its own class",
                         options: [LayoutOption(name: "tag", type: .number, defaultValue: .number(7), help: "copied into every attribute")]) {
            ProbeLayout()
        },
    ])
}

/// `LayoutRegistry.shared` as the plugin's code sees it.
@_cdecl("probe_registry")
public func probeRegistry() -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(LayoutRegistry.shared).toOpaque()
}

/// Whether the plugin's code recognises a host-made object as a flow
/// invalidation context (1) or not (0).
@_cdecl("probe_is_flow_context")
public func probeIsFlowContext(_ object: UnsafeMutableRawPointer) -> Int32 {
    let any = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    return any is CollectionViewFlowLayoutInvalidationContext ? 1 : 0
}

/// Attributes of the plugin's own class, with a field stk prints.
public final class ProbeAttributes: CollectionViewLayoutAttributes {
    public var tag: Double = 0

    public override var extraFields: [String: Double] { ["tag": tag] }

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! ProbeAttributes
        copy.tag = tag
        return copy
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? ProbeAttributes)?.tag == tag && super.isEqual(object)
    }
}

public final class ProbeLayout: CollectionViewFlowLayout, ConfigurableLayout {
    public var tag: Double = 7

    public override class var layoutAttributesClass: AnyClass { ProbeAttributes.self }

    public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        let attributes = super.layoutAttributesForElements(in: rect)
        for case let probe as ProbeAttributes in attributes ?? [] { probe.tag = tag }
        return attributes
    }

    public func setOption(_ name: String, to value: LayoutOptionValue) throws {
        guard name == "tag", let n = value.number else { throw CollectionViewError("option \(name): expected tag=NUMBER, got \(value)") }
        tag = n
        invalidateLayout()
    }

    public func optionValue(_ name: String) -> LayoutOptionValue? { name == "tag" ? .number(tag) : nil }
}
