import Foundation
import LayoutKit

/// The layout installed while the data is built: it computes nothing, so
/// per-item sizes can be given one by one without a real layout redoing its
/// geometry a million times. The real layout replaces it for the cold prepare.
final class PlaceholderLayout: CollectionViewLayout {}

/// Makes the layout of a workload and gives it its options.
enum LayoutSetup {
    /// Flow properties that `set` accepts on any flow layout, whether or not the
    /// layout declares them as options (STK-LANGUAGE.md, `set`).
    static let flowProperties = ["footerSize", "headerSize", "itemSize", "minimumInteritemSpacing",
                                 "minimumLineSpacing", "scrollDirection", "sectionInset"]

    static func makeLayout(_ config: BenchConfiguration, descriptor: LayoutDescriptor) throws -> ConfigurableLayout {
        let layout: ConfigurableLayout
        do {
            layout = try descriptor.makeLayout()
        } catch {
            throw BenchError("layout '\(descriptor.name)' could not be made: \(error)")
        }
        for (name, value) in config.options.sorted(by: { $0.key < $1.key }) {
            try setOption(name, to: value, on: layout, descriptor: descriptor)
        }
        if case .uniform(let size) = config.sizes {
            if descriptor.option(named: "itemSize") != nil || layout is CollectionViewFlowLayout {
                try setOption("itemSize", to: .size(size), on: layout, descriptor: descriptor)
            } else {
                throw BenchError("layout '\(descriptor.name)' has no itemSize option, so uniform item sizes cannot be given to it; use random sizes (per-item sizes) instead")
            }
        }
        return layout
    }

    /// A declared option goes through `setOption`; an undeclared flow property
    /// of a flow layout is set on the property; anything else is refused.
    static func setOption(_ name: String, to value: LayoutOptionValue, on layout: ConfigurableLayout,
                          descriptor: LayoutDescriptor) throws {
        if descriptor.option(named: name) != nil {
            do {
                try layout.setOption(name, to: value)
            } catch {
                throw BenchError("option \(name)=\(value) of layout '\(descriptor.name)': \(error)")
            }
            return
        }
        if let flow = layout as? CollectionViewFlowLayout, flowProperties.contains(name) {
            try setFlowProperty(name, to: value, on: flow)
            return
        }
        var known = descriptor.options.map(\.name)
        if layout is CollectionViewFlowLayout { known += flowProperties }
        let list = known.isEmpty ? "it has none" : "expected one of " + known.sorted().joined(separator: ", ")
        throw BenchError("layout '\(descriptor.name)' has no option '\(name)' (\(list))")
    }

    private static func setFlowProperty(_ name: String, to value: LayoutOptionValue, on flow: CollectionViewFlowLayout) throws {
        func size() throws -> CGSize {
            guard let s = value.size else { throw BenchError("option \(name) expects a size WxH, got \(value)") }
            guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
                throw BenchError("option \(name) must not be negative, got \(s.stk)")
            }
            return s
        }
        func number() throws -> CGFloat {
            guard let n = value.number else { throw BenchError("option \(name) expects a number, got \(value)") }
            guard n.isFinite, n >= 0 else { throw BenchError("option \(name) must be a finite number >= 0, got \(value)") }
            return CGFloat(n)
        }
        switch name {
        case "itemSize": flow.itemSize = try size()
        case "headerSize": flow.headerReferenceSize = try size()
        case "footerSize": flow.footerReferenceSize = try size()
        case "minimumLineSpacing": flow.minimumLineSpacing = try number()
        case "minimumInteritemSpacing": flow.minimumInteritemSpacing = try number()
        case "sectionInset":
            guard let insets = value.insets else { throw BenchError("option sectionInset expects insets T,L,B,R, got \(value)") }
            do { try Validate.insets(insets, "option sectionInset") } catch { throw BenchError("\(error)") }
            flow.sectionInset = insets
        case "scrollDirection":
            switch value.word {
            case "vertical": flow.scrollDirection = .vertical
            case "horizontal": flow.scrollDirection = .horizontal
            default: throw BenchError("option scrollDirection expects vertical or horizontal, got \(value)")
            }
        default:
            throw BenchError("option \(name) is not a flow property")
        }
    }
}
