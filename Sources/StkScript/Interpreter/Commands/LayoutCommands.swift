import Foundation
import LayoutKit
import StkRender

// layout, set, options, layouts
extension Interpreter {
    func runLayout(_ name: Located<String>, _ assignments: [OptionAssignment], _ c: CommandContext) throws {
        guard let entry = session.registry.entry(named: name.value) else {
            throw CommandError("unknown layout '\(name.value)'", at: name.range,
                               suggestion: NearMiss.nearest(to: name.value, among: session.registry.names))
        }
        let options = try checkedOptions(assignments, of: entry.descriptor)
        // Said before the layout is made: a provider written for the enum
        // may trap at its first pass over sections its app never has.
        let sections = session.collectionView.numberOfSections
        if let cases = entry.descriptor.sectionIdentifierCases, sections > cases {
            report(Diagnostic(.note, "\(entry.descriptor.name)'s diffable data source names its sections with an enum of \(cases) case\(cases == 1 ? "" : "s"), and this session has \(sections) sections: a section provider written for the enum may trap past its cases; 'sections \(cases)' first gives it the data its app can have",
                              at: name.range, in: c.file), trail: c.trail)
        }
        try mutate(c) { try self.session.setLayout(name.value, options: options) }
    }

    func runSet(_ assignments: [OptionAssignment], _ c: CommandContext) throws {
        let options = try checkedOptions(assignments, of: session.descriptor)
        try mutate(c) { try self.session.setOptions(options) }
    }

    /// Converts `key=value` arguments to option values, checking each against the
    /// layout's descriptor and then against a scratch instance of the layout, so
    /// that an error points at the very option or value to blame.
    func checkedOptions(_ assignments: [OptionAssignment], of descriptor: LayoutDescriptor) throws -> [(name: String, value: LayoutOptionValue)] {
        var result: [(name: String, value: LayoutOptionValue)] = []
        let scratch = try? session.collectionView.receivingLayout { try descriptor.makeLayout() }
        for assignment in assignments {
            let name = assignment.name.value
            guard let option = descriptor.option(named: name) else {
                throw CommandError("layout '\(descriptor.name)' has no option '\(name)'", at: assignment.name.range,
                                   suggestion: NearMiss.nearest(to: name, among: descriptor.options.map(\.name)))
            }
            let value: LayoutOptionValue
            do {
                value = try assignment.value.value.layoutOptionValue(as: option.type, allowsAutomatic: option.allowsAutomatic)
            } catch let mismatch as ValueMismatch {
                throw CommandError("option \(name): \(mismatch)", at: assignment.value.range, suggestion: mismatch.suggestion)
            }
            do {
                if let scratch { try descriptor.setOption(name, to: value, on: scratch) }
            } catch let e as CollectionViewError {
                throw CommandError(e.message, at: assignment.value.range)
            }
            result.append((name, value))
        }
        return result
    }

    /// `options`, or `options LAYOUT` (see HelpCommands.swift for another layout's).
    func runOptions(_ layout: Located<String>?) throws {
        if let layout, let entry = try otherLayout(layout) {
            answerOptionDefaults(of: entry)
            return
        }
        var values: [String: LayoutOptionValue] = [:]
        for (option, value) in session.optionValues() { values[option.name] = value }
        answer(text: "\(session.layoutName) options:\n" + TextFormat.options(session.descriptor.options, values: values),
               json: JSONFormat.options(session.descriptor.options, values: values))
    }

    func runLayouts() {
        answer(text: TextFormat.layouts(session.registry.entries), json: JSONFormat.layouts(session.registry.entries))
    }
}
