import Foundation
import SwiftSyntax

/// Identifier types of the sources that stk makes with their own initialiser.
///
/// A diffable data source's section or item identifiers are often structs of
/// the app: `struct Section: Hashable { let id = UUID(); let kind: Kind; ... }`,
/// read by a section provider as `snapshot.sectionIdentifiers[i].kind`. stk
/// cannot invent a struct, but it can call the app's initialiser when that
/// takes one value stk can make from an identifier's name (an enum, a type
/// with a raw value, a `String`, an `Int`) and every other parameter has a
/// default: `Section(kind: <the Kind for S2 or "featured">)`. For each such
/// type of a data source stk makes (`ShownDataSources`), the adapter writes
/// a conformance to LayoutKit's `StkIdentifierInitialisable` at the end of
/// the file that declares it, calling that initialiser; a note says so.
///
/// The initialiser is one the type declares (its parameters' defaults as
/// written), or a struct's memberwise one: a stored property without a value
/// is a parameter (an optional `var` defaulting to nil), a `var` with one a
/// parameter with that default, a `let` with one none.
enum InitialisableIdentifiers {
    /// The conformance for one identifier type.
    struct Conformance {
        let type: TypeIndex.TypeDecl
        /// `Section(kind: $0)`, written with the type's qualified name.
        let call: String
        /// The type of the one value, as written in the initialiser.
        let valueType: String
        /// The label of the one value (`kind`), for the note.
        let label: String

        /// `public` when the type is (a public protocol's requirement needs a public witness).
        let isPublic: Bool
        /// For an enum some of whose cases carry values: the cases that carry
        /// none, which stk makes by name or place.
        var plainCases: [String]? = nil
        /// Its cases that carry one value stk can make (an `Int`, a `String`,
        /// an identifier type of the sources), made by name and value
        /// (`"page(1)"`).
        var casesWithAValue: [CaseWithAValue] = []
        /// Its other cases, which stk never makes.
        var casesCarryingValues: [String] = []
        /// The collections the memberwise initialiser is given empty (`items`).
        var emptied: [String] = []

        var text: String {
            let head = "\nextension \(type.qualifiedName): StkIdentifierInitialisable { \(isPublic ? "public " : "")static func __stkIdentifier(from name: DiffableSnapshot.Name, of element: StkIdentifier.Element) -> \(type.qualifiedName)? { "
            guard let plainCases else {
                return head + "StkIdentifier.make(\(valueType).self, from: name, of: element).map { \(call) } } }\n"
            }
            // By name (`list`), or by place among the cases without values
            // (`S0`, as `sections N` names sections), as a plain enum's are.
            let arms = plainCases.map { "case \(Self.literal($0)): return .\($0)" }.joined(separator: "; ")
            let cases = plainCases.map { "." + $0 }.joined(separator: ", ")
            let names = plainCases.map(Self.literal).joined(separator: ", ")
            // `page(1)`: the case named before the parenthesis, with the value
            // the rest makes, as an identifier of its type is made.
            let valued = casesWithAValue.isEmpty ? "return nil" : "guard let named = StkIdentifier.caseAndValue(in: word) else { return nil }; switch named.name { "
                + casesWithAValue.map { "case \(Self.literal($0.name)): return StkIdentifier.make(\($0.valueType).self, from: .word(named.value), of: element).map { .\($0.name)(\($0.label.map { "\($0): " } ?? "")$0) }" }.joined(separator: "; ")
                + "; default: return nil }"
            let described = casesWithAValue.map { Self.literal("\($0.name)(\($0.valueType))") }.joined(separator: ", ")
            return head + "switch name { case .word(let word): switch word { \(arms); default: break }; \(valued); "
                + "case .numbered(let number): let cases: [\(type.qualifiedName)] = [\(cases)]; return cases.indices.contains(number) ? cases[number] : nil } }; "
                + "\(isPublic ? "public " : "")static var __stkIdentifierNames: [String]? { [\(names)] }; "
                + "\(isPublic ? "public " : "")static var __stkCasesWithAValue: [String] { [\(described)] } }\n"
        }

        /// A case that carries one value stk can make: `case page(Int)`, or
        /// `case page(index: Int)` (its label).
        struct CaseWithAValue {
            let name: String
            let label: String?
            /// As code outside the enum names it.
            let valueType: String

            /// How a script names one such case (`page(1)`, `tagged(a)`,
            /// `sized(<Kind>)` for a value of another type), as stk's trap
            /// past the cases writes it.
            var example: String {
                "\(name)(\(valueType == "Int" ? "1" : valueType == "String" ? "a" : "<\(valueType)>"))"
            }
        }

        var note: String {
            if let plainCases {
                var note = "stk makes the \(type.qualifiedName) identifiers of its cases without values, by name (`append sections \(plainCases[0])`) or by place (`sections \(plainCases.count)` makes \(plainCases.joined(separator: ", ")))"
                if let first = casesWithAValue.first {
                    note += ", and of its cases with one value by name and value, quoted (`append sections \"\(first.example)\"`: \(casesWithAValue.map { "\($0.name)(\($0.valueType))" }.joined(separator: ", ")))"
                }
                guard !casesCarryingValues.isEmpty else { return note }
                return note + "; \(casesCarryingValues.joined(separator: ", ")) carr\(casesCarryingValues.count == 1 ? "ies values stk cannot make and is" : "y values stk cannot make and are") never made: a section or item named otherwise has no identifier of this type"
            }
            let empty = emptied.isEmpty ? "" : "\(emptied.joined(separator: ", ")) given empty, "
            return "stk makes \(type.qualifiedName) identifiers with \(type.name)(\(label): ...), from a \(valueType) made as an identifier (\(empty)the other parameters defaulted)"
        }

        private static func literal(_ text: String) -> String { "\"" + text + "\"" }
    }

    /// An enum whose cases carry values, declared `Hashable` (Swift makes
    /// only an enum without values `Hashable` by itself): stk cannot make
    /// a case with a value, but it makes each case without one by its name,
    /// as `snapshot edit` writes it (`enum Section { case list; case
    /// carousel(Int) }`: `append sections list`). Nil for any other type.
    static func enumConformance(for type: TypeIndex.TypeDecl, in index: TypeIndex) -> Conformance? {
        guard type.kind == .enum, !type.isGeneric, !isNestedInPrivate(type, in: index),
              let group = type.node.as(EnumDeclSyntax.self) else { return nil }
        var plain: [String] = [], withAValue: [Conformance.CaseWithAValue] = [], carrying: [String] = []
        for member in group.memberBlock.members {
            for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
                let name = element.name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                guard let parameters = element.parameterClause?.parameters else {
                    plain.append(name)
                    continue
                }
                if parameters.count == 1, let parameter = parameters.first, parameter.defaultValue == nil,
                   let valueType = makeableValueType(parameter.type.trimmedDescription, from: type, in: index) {
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
                    withAValue.append(.init(name: name, label: label, valueType: valueType))
                } else {
                    carrying.append(name)
                }
            }
        }
        guard !withAValue.isEmpty || !carrying.isEmpty, !plain.isEmpty else { return nil }
        let isPublic = group.modifiers.contains { ["public", "open"].contains($0.name.text) }
        return Conformance(type: type, call: "", valueType: "", label: "", isPublic: isPublic,
                           plainCases: plain, casesWithAValue: withAValue, casesCarryingValues: carrying)
    }

    /// `written` as code outside `type` names it, if stk makes identifiers
    /// of it: `Int`, `String`, or a type of the sources `isMakeable` accepts.
    private static func makeableValueType(_ written: String, from type: TypeIndex.TypeDecl, in index: TypeIndex) -> String? {
        if plainValueTypes.contains(written) { return written }
        guard let value = index.resolve(written, from: type.qualifiedName), isMakeable(value) else { return nil }
        return value.qualifiedName
    }

    /// Modifiers of properties that are not memberwise parameters.
    static let notStored: Set<String> = ["static", "class", "lazy"]

    /// Types stk makes identifiers of without help (`StkIdentifier.make`).
    static let plainValueTypes: Set<String> = ["String", "Int"]

    /// The conformance for `type`, if it is a struct or final class whose
    /// initialiser takes one value stk can make (and the top of its file
    /// can extend it: not a private nested type).
    static func conformance(for type: TypeIndex.TypeDecl, in index: TypeIndex) -> Conformance? {
        if type.kind == .enum { return enumConformance(for: type, in: index) }
        // A class must be final (the requirement returns Self); a private
        // nested type cannot be extended at the top of its file.
        let isFinalClass = type.node.as(ClassDeclSyntax.self)?.modifiers.contains { $0.name.text == "final" } ?? false
        guard !type.isGeneric, type.kind == .struct || isFinalClass, !isNestedInPrivate(type, in: index),
              let group = type.node.asProtocol(DeclGroupSyntax.self) else { return nil }
        let members = group.memberBlock.members.map(\.decl)
        let initialisers = members.compactMap { $0.as(InitializerDeclSyntax.self) }
        // `memberwise`: a memberwise call's arguments in declaration order,
        // the value's as `nil`, the others as the empty collections given.
        var candidates: [(label: String?, valueType: String, memberwise: [(label: String, literal: String?)])] = []
        for initialiser in initialisers where initialiser.optionalMark == nil && initialiser.signature.effectSpecifiers == nil {
            let required = initialiser.signature.parameterClause.parameters.filter { $0.defaultValue == nil }
            guard required.count == 1, let parameter = required.first else { continue }
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            candidates.append((label, parameter.type.trimmedDescription, []))
        }
        if initialisers.isEmpty, type.kind == .struct {
            // The memberwise initialiser: one stored property without a
            // value, besides collections, which start empty (a section that
            // carries its items: `Section(id: <the ID>, items: [])`).
            var arguments: [(label: String, literal: String?)] = []
            var value: (name: String, type: String)?
            var needsOthers = false
            for member in members {
                guard let variable = member.as(VariableDeclSyntax.self),
                      !variable.modifiers.contains(where: { Self.notStored.contains($0.name.text) }) else { continue }
                for binding in variable.bindings where Self.isStored(binding) && binding.initializer == nil {
                    // An optional `var` defaults to nil.
                    let type = binding.typeAnnotation?.type
                    let optional = type?.is(OptionalTypeSyntax.self) == true || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
                    if variable.bindingSpecifier.text == "var" && optional { continue }
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type else {
                        needsOthers = true
                        continue
                    }
                    if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) {
                        arguments.append((name, type.is(ArrayTypeSyntax.self) ? "[]" : "[:]"))
                    } else {
                        needsOthers = needsOthers || value != nil
                        value = (name, type.trimmedDescription)
                        arguments.append((name, nil))
                    }
                }
            }
            if let value, !needsOthers {
                candidates.append((value.name, value.type, arguments.count > 1 ? arguments : []))
            }
        }
        let isPublic = group.modifiers.contains { ["public", "open"].contains($0.name.text) }
        for candidate in candidates {
            // Two initialisers that take the one value by the same label: the call would be ambiguous.
            guard candidates.filter({ $0.label == candidate.label }).count == 1 else { continue }
            // As code outside the identifier type names it (`Kind` nested in `Section` is `Section.Kind`).
            let valueType: String
            if plainValueTypes.contains(candidate.valueType) {
                valueType = candidate.valueType
            } else if let value = index.resolve(candidate.valueType, from: type.qualifiedName), isMakeable(value) {
                valueType = value.qualifiedName
            } else {
                continue
            }
            let arguments = candidate.memberwise.isEmpty
                ? [candidate.label.map { "\($0): $0" } ?? "$0"]
                : candidate.memberwise.map { "\($0.label): \($0.literal ?? "$0")" }
            return Conformance(type: type, call: "\(type.qualifiedName)(\(arguments.joined(separator: ", ")))", valueType: valueType,
                               label: candidate.label ?? "_", isPublic: isPublic,
                               emptied: candidate.memberwise.filter { $0.literal != nil }.map(\.label))
        }
        return nil
    }

    /// A stored property: no accessors, or only observers (`didSet`, `willSet`).
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { ["didSet", "willSet"].contains($0.accessorSpecifier.text) }
    }

    /// Whether the type or one it is nested in is `private` or `fileprivate`
    /// inside another: the top of the file cannot name it.
    private static func isNestedInPrivate(_ type: TypeIndex.TypeDecl, in index: TypeIndex) -> Bool {
        var current: TypeIndex.TypeDecl? = type
        while let each = current, let parent = each.parent {
            if each.isFilePrivate { return true }
            current = index[parent]
        }
        return false
    }

    /// A value type of the sources `StkIdentifier.make` can make, and which
    /// is `Hashable`: an enum (its cases carry no values: Swift makes it
    /// `Hashable`), or a type that says it is `Hashable` and has a raw
    /// value or is `CaseIterable`.
    private static func isMakeable(_ value: TypeIndex.TypeDecl) -> Bool {
        let inherited = Set(value.inherited)
        if value.kind == .enum, let group = value.node.as(EnumDeclSyntax.self) {
            // Hashable by itself when no case carries a value.
            let carriesValues = group.memberBlock.members.contains { member in
                member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.parameterClause != nil } ?? false
            }
            return !carriesValues || inherited.contains("Hashable")
        }
        return inherited.contains("Hashable") && !inherited.isDisjoint(with: ["RawRepresentable", "CaseIterable"])
    }
}
