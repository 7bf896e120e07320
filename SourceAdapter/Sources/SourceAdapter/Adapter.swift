import SwiftParser
import SwiftSyntax

/// Adapts a set of Swift files written for iOS so that they compile against
/// stk's UIKit modules, and writes the code that registers their layouts.
///
///     let output = SourceAdapter.adapt([SourceInput(path: "StickyGrid.swift", text: ...)])
///
/// Every rewritten file starts with `#sourceLocation(file: <its path>, line: 1)`:
/// the compiler reports errors at the user's own lines. Nothing is changed
/// that compiles as it is.
public enum SourceAdapter {
    /// The version of the adapter's output: part of stk's cache key, so that a
    /// new adapter rebuilds plugins built by an older one.
    public static let version = "2"

    /// UIKit's layout base classes, by every name a layout may inherit from.
    static let layoutBases: Set<String> = ["UICollectionViewLayout", "CollectionViewLayout"]
    static let flowBases: Set<String> = ["UICollectionViewFlowLayout", "CollectionViewFlowLayout"]

    /// Modules that bring UIKit's names: a file importing none of them gets `import UIKit`.
    static let uikitModules: Set<String> = ["UIKit", "StkUIKit"]

    public static func adapt(_ inputs: [SourceInput]) -> AdapterOutput {
        let trees = inputs.map { Parser.parse(source: $0.text) }
        let converters = zip(inputs, trees).map { SourceLocationConverter(fileName: $0.path, tree: $1) }
        func position(_ file: Int, _ at: AbsolutePosition) -> SourcePosition {
            let l = converters[file].location(for: at)
            return SourcePosition(file: inputs[file].path, line: l.line, column: l.column)
        }

        var declarations = Declarations()
        for (i, tree) in trees.enumerated() {
            let collector = DeclarationCollector(fileIndex: i, into: declarations)
            collector.walk(tree)
            declarations = collector.declarations
        }

        var report = AdapterReport()
        report.hasOwnEntryPoint = declarations.hasOwnEntryPoint
        let bytes = inputs.map { Array($0.text.utf8) }

        // Inline edits, per file.
        var edits: [[Edit]] = []
        for (i, tree) in trees.enumerated() {
            let rewriter = InlineRewriter(optionalNames: declarations.optionalRequirementNames, position: { position(i, $0) })
            rewriter.walk(tree)
            edits.append(rewriter.edits)
            report.notes += rewriter.notes
        }

        // Members of extensions that must live in the class: overrides, and
        // members that a subclass overrides (Linux Swift dispatches neither
        // from an extension).
        let overriddenAnywhere = declarations.classes.reduce(into: Set<String>()) { $0.formUnion($1.overriddenNames) }
        var insertions: [Int: [Edit]] = [:] // by file
        for ext in declarations.extensions {
            guard let owner = declarations.classNamed(ext.extendedType) else { continue }
            for member in ext.node.memberBlock.members {
                let decl = member.decl
                let isOverride = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.text == "override" } ?? false
                let names = DeclarationCollector.memberNames(decl)
                guard isOverride || names.contains(where: overriddenAnywhere.contains) else { continue }
                let start = decl.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = decl.endPositionBeforeTrailingTrivia.utf8Offset
                let from = position(ext.fileIndex, decl.positionAfterSkippingLeadingTrivia)
                let text = apply(edits[ext.fileIndex], to: bytes[ext.fileIndex], in: start..<end)
                edits[ext.fileIndex].removeAll { $0.start >= start && $0.end <= end }
                edits[ext.fileIndex].append(Edit(start: start, end: end, text: blanked(bytes[ext.fileIndex][start..<end])))

                // Inserted on its own lines before the line of the class's
                // closing brace, with line directives: diagnostics in the moved
                // member still name its place in the extension.
                let brace = owner.node.memberBlock.rightBrace
                let braceOffset = brace.positionAfterSkippingLeadingTrivia.utf8Offset
                let braceFile = owner.fileIndex
                var lineStart = braceOffset
                while lineStart > 0, bytes[braceFile][lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                let onlyIndentation = bytes[braceFile][lineStart..<braceOffset].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                let at = onlyIndentation ? lineStart : braceOffset
                let braceLine = position(braceFile, brace.positionAfterSkippingLeadingTrivia).line
                let indentation = String(repeating: " ", count: max(0, from.column - 1))
                let block = (onlyIndentation ? "" : "\n")
                    + "#sourceLocation(file: \(literal(inputs[ext.fileIndex].path)), line: \(from.line))\n"
                    + indentation + text + "\n"
                    + "#sourceLocation(file: \(literal(inputs[braceFile].path)), line: \(braceLine))\n"
                insertions[braceFile, default: []].append(Edit(start: at, end: at, text: block))
                let what = names.first.map { "'\($0)'" } ?? "a member"
                report.notes.append(AdapterMessage(from,
                    "moved \(what) from this extension into class \(owner.name): Linux Swift cannot override members declared in extensions"))
            }
        }
        for (file, list) in insertions { edits[file] += list }

        // Layout classes and their registration.
        let layouts = LayoutDiscovery(declarations: declarations, position: position)
        report.errors += layouts.errors
        report.layouts = layouts.found.map(\.report)
        if !declarations.hasOwnEntryPoint && layouts.found.isEmpty && report.errors.isEmpty {
            let first = SourcePosition(file: inputs.first?.path ?? "", line: 1, column: 1)
            report.errors.append(AdapterMessage(first,
                "no layout class found: stk looks for classes that inherit from UICollectionViewLayout or UICollectionViewFlowLayout (directly or through other classes in these files)"))
        }

        var files: [(name: String, text: String)] = []
        var registrationFunctions: [String] = []
        for (i, input) in inputs.enumerated() {
            var text = ""
            let imports = trees[i].statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
            let importsUIKit = imports.contains { Self.uikitModules.contains($0.path.first?.name.text ?? "") }
            if !importsUIKit {
                text += "import UIKit\n"
                report.notes.append(AdapterMessage(SourcePosition(file: input.path, line: 1, column: 1),
                    imports.isEmpty ? "added 'import UIKit': the file has no import (on iOS a framework's umbrella header brings UIKit)"
                                    : "added 'import UIKit': on iOS a framework's umbrella header brings it"))
            }
            text += "#sourceLocation(file: \(literal(input.path)), line: 1)\n"
            text += apply(edits[i], to: bytes[i], in: 0..<bytes[i].count)
            text += "\n#sourceLocation()\n"
            for proto in declarations.optionalProtocols where proto.fileIndex == i {
                text += defaultImplementations(proto, edits: edits[i], bytes: bytes[i])
            }
            let mine = layouts.found.filter { $0.info.fileIndex == i }
            if !mine.isEmpty && !declarations.hasOwnEntryPoint {
                let function = "__stkLayouts\(i)"
                registrationFunctions.append(function)
                text += Registration.function(named: function, layouts: mine, enums: declarations.enums)
            }
            files.append((name: "\(i)-" + baseName(input.path), text: text))
        }
        if !declarations.hasOwnEntryPoint && !registrationFunctions.isEmpty {
            files.append((name: "StkPluginEntryPoint.swift", text: Registration.entryPoint(calling: registrationFunctions)))
        }
        return AdapterOutput(files: files, report: report)
    }

    /// `extension P { <requirement> <empty body> ... }` for the optional
    /// requirements of one protocol.
    static func defaultImplementations(_ proto: OptionalProtocolInfo, edits: [Edit], bytes: [UInt8]) -> String {
        var members: [String] = []
        for member in proto.node.memberBlock.members {
            guard let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                  modifiers.contains(where: { $0.name.text == "optional" }) else { continue }
            let start = member.decl.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = member.decl.endPositionBeforeTrailingTrivia.utf8Offset
            let signature = apply(edits, to: bytes, in: start..<end)
                .split(separator: "\n").map { String($0).trimmingCharacters(in: " ") }.joined(separator: " ")
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                members.append("    " + collapseSpaces(signature) + " " + defaultBody(returning: function.signature.returnClause?.type))
            } else if let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                      let name = binding.pattern.as(IdentifierPatternSyntax.self), let type = binding.typeAnnotation?.type {
                members.append("    var \(name.identifier.text): \(type.trimmedDescription) \(defaultBody(returning: type))")
            }
        }
        return "\n// stk: default implementations of \(proto.name)'s optional requirements\nextension \(proto.name) {\n"
            + members.joined(separator: "\n") + "\n}\n"
    }

    static func collapseSpaces(_ s: String) -> String {
        var out = ""
        for c in s where !(c == " " && out.last == " ") { out.append(c) }
        return out.trimmingCharacters(in: " ")
    }

    static func baseName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}

/// A Swift string literal of `s`.
func literal(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(c)
        }
    }
    return out + "\""
}
