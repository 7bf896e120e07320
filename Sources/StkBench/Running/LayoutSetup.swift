import Foundation
import LayoutKit

/// The layout installed while the data is built: it computes nothing, so
/// per-item sizes can be given one by one without a real layout redoing its
/// geometry a million times. The real layout replaces it for the cold prepare.
final class PlaceholderLayout: CollectionViewLayout {}

/// Makes the layout of a workload and gives it its options.
enum LayoutSetup {
    static func makeLayout(_ config: BenchConfiguration, descriptor: LayoutDescriptor) throws -> CollectionViewLayout {
        let layout: CollectionViewLayout
        do {
            layout = try descriptor.makeLayout()
        } catch {
            throw BenchError("layout '\(descriptor.name)' could not be made: \(error)")
        }
        // Registration added the flow options to every flow layout's descriptor
        // (LayoutDescriptor.completed(with:)), so they are declared options here.
        let descriptor = descriptor.completed(with: layout)
        for (name, value) in config.options.sorted(by: { $0.key < $1.key }) {
            try setOption(name, to: value, on: layout, descriptor: descriptor)
        }
        // Uniform sizes go to an itemSize option; a layout without one (a
        // compositional layout, a layout of its own) sizes its items itself,
        // as it does in an app, and is measured that way.
        if case .uniform(let size) = config.sizes, descriptor.option(named: "itemSize") != nil {
            try setOption("itemSize", to: .size(size), on: layout, descriptor: descriptor)
        }
        return layout
    }

    /// A declared option (the flow properties of a flow layout included) is set
    /// through the descriptor; anything else is refused.
    static func setOption(_ name: String, to value: LayoutOptionValue, on layout: CollectionViewLayout,
                          descriptor: LayoutDescriptor) throws {
        guard descriptor.option(named: name) != nil else {
            let known = descriptor.options.map(\.name)
            let list = known.isEmpty ? "it has none" : "expected one of " + known.sorted().joined(separator: ", ")
            throw BenchError("layout '\(descriptor.name)' has no option '\(name)' (\(list))")
        }
        do {
            try descriptor.setOption(name, to: value, on: layout)
        } catch {
            throw BenchError("option \(name)=\(value) of layout '\(descriptor.name)': \(error)")
        }
    }
}
