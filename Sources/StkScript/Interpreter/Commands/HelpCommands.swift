import Foundation
import LayoutKit
import StkRender

// help [TOPIC], and `options LAYOUT` for a layout that is not the current one.
extension Interpreter {
    /// `help`: the overview; `help CMD`: a command's usage, details and
    /// examples; `help LAYOUT`: a layout's summary and options with their
    /// defaults, whichever layout is current.
    func runHelp(_ topic: Located<String>?) throws {
        guard let topic else {
            answerHelp(CommandCatalog.overview)
            return
        }
        guard let found = HelpTopic.named(topic.value, in: session.registry) else {
            throw CommandError("no help for '\(topic.value)': it is neither a command nor a layout", at: topic.range,
                               suggestion: HelpTopic.suggestion(for: topic.value, in: session.registry))
        }
        answerHelp(found.text)
    }

    /// The registry's entry for `options LAYOUT`, or nil when LAYOUT is the
    /// current layout (whose options have current values); an unknown name
    /// is an error at the name.
    func otherLayout(_ name: Located<String>) throws -> LayoutRegistry.Entry? {
        guard let entry = session.registry.entry(named: name.value) else {
            throw CommandError("unknown layout '\(name.value)'", at: name.range,
                               suggestion: NearMiss.nearest(to: name.value, among: session.registry.names))
        }
        return entry.descriptor.name == session.descriptor.name ? nil : entry
    }

    /// `options LAYOUT` of another layout: its options and defaults; the
    /// session keeps its layout. In JSON, `options`'s objects with a null value.
    func answerOptionDefaults(of entry: LayoutRegistry.Entry) {
        let options = entry.descriptor.options
        answer(text: "\(entry.descriptor.name) options (defaults: not the current layout):\n" + TextFormat.optionDefaults(options),
               json: JSONFormat.options(options, values: [:]))
    }
}
