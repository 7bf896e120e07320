import SwiftSyntax

/// What the adapter needs to know about the declarations of all the files
/// together: classes (with their superclass, initialisers and settable
/// properties), enums, extensions of classes and protocols with optional
/// requirements. Gathered in one pass per file before anything is rewritten,
/// since a class's superclass or an extension's class may be in another file.
struct Declarations {
    var classes: [ClassInfo] = []
    /// Cases without associated values, by enum name (simple and qualified).
    var enums: [String: [String]] = [:]
    var extensions: [ExtensionInfo] = []
    /// Names of the optional requirements of protocols in the sources.
    var optionalRequirementNames: Set<String> = []
    var optionalProtocols: [OptionalProtocolInfo] = []
    var hasOwnEntryPoint = false

    func classNamed(_ name: String) -> ClassInfo? {
        classes.first { $0.qualifiedName == name } ?? classes.first { $0.name == name }
    }

    /// The class, then its superclasses declared in the sources, each once
    /// (sources that do not compile may declare a cycle).
    func superclassChain(of info: ClassInfo) -> [ClassInfo] {
        var result = [info]
        var seen: Set<String> = [info.qualifiedName]
        while let superclass = result.last?.superclass, let next = classNamed(superclass), seen.insert(next.qualifiedName).inserted {
            result.append(next)
        }
        return result
    }
}

struct ClassInfo {
    var name: String
    /// `Outer.Inner` for a class nested in another type.
    var qualifiedName: String
    var superclass: String?
    var fileIndex: Int
    var node: ClassDeclSyntax
    var isGeneric: Bool
    /// `private` or `fileprivate` (itself or an enclosing type).
    var isFilePrivate: Bool
    var designatedInitialisers: [InitInfo]
    /// An initialiser callable as `init()`, in the class or in an extension
    /// of it in the sources.
    var hasZeroArgumentInit: Bool
    var properties: [PropertyInfo]
    /// Names of the members declared `override`.
    var overriddenNames: Set<String>
}

struct InitInfo {
    var signature: String
    var node: InitializerDeclSyntax
}

struct PropertyInfo {
    var name: String
    /// The type as written, or inferred from a literal initial value.
    var typeName: String
    /// A `didSet`/`willSet` observer or a setter of its own: the layout
    /// invalidates itself when the property changes.
    var invalidatesItself: Bool
    var documentation: String?
    var node: VariableDeclSyntax
    /// `weak var delegate: P?`: an option only when its value is an instance
    /// (see `InstanceChoice`), which stk then keeps alive, as the app's view
    /// controller keeps its delegate.
    var isWeak = false

    /// `var delegate: P!`: the layout's uses of it trap while it is nil
    /// (with `P?` they answer nil).
    var isImplicitlyUnwrapped: Bool {
        node.bindings.first?.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) ?? false
    }
}

/// An extension in the sources: the type it extends, as written, and where
/// it is. `Declarations` and `TypeIndex` both list them.
struct ExtensionInfo {
    var extendedType: String
    var fileIndex: Int
    var node: ExtensionDeclSyntax
}

struct OptionalProtocolInfo {
    var name: String
    var fileIndex: Int
    var node: ProtocolDeclSyntax
}

/// Collects the declarations of one file into `Declarations`.
final class DeclarationCollector: SyntaxVisitor {
    private let fileIndex: Int
    private(set) var declarations: Declarations
    /// Names of the enclosing types, outermost first, and whether any is private.
    private var scope: [(name: String, isPrivate: Bool)] = []

    init(fileIndex: Int, into declarations: Declarations) {
        self.fileIndex = fileIndex
        self.declarations = declarations
        super.init(viewMode: .sourceAccurate)
    }

    private func qualified(_ name: String) -> String { (scope.map(\.name) + [name]).joined(separator: ".") }
    private var inPrivateScope: Bool { scope.contains { $0.isPrivate } }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let isPrivate = TypeIndex.isFilePrivate(node.modifiers)
        var designated: [InitInfo] = []
        var hasZeroArgumentInit = false
        var properties: [PropertyInfo] = []
        var overridden: Set<String> = []
        for member in node.memberBlock.members {
            let decl = member.decl
            if let initialiser = decl.as(InitializerDeclSyntax.self) {
                let parameters = initialiser.signature.parameterClause.parameters
                let isConvenience = initialiser.modifiers.contains { $0.name.text == "convenience" }
                if Self.isCallableWithoutArguments(initialiser) { hasZeroArgumentInit = true }
                if !isConvenience {
                    designated.append(InitInfo(signature: "init" + (initialiser.optionalMark?.text ?? "")
                        + "(" + parameters.map { "\($0.firstName.text):" }.joined() + ")", node: initialiser))
                }
            }
            if let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
               modifiers.contains(where: { $0.name.text == "override" }) {
                overridden.formUnion(Self.memberNames(decl))
            }
            if let variable = decl.as(VariableDeclSyntax.self), let property = Self.property(variable) {
                properties.append(property)
            }
        }
        declarations.classes.append(ClassInfo(
            name: name, qualifiedName: qualified(name),
            superclass: node.inheritanceClause?.inheritedTypes.first.map { Self.typeName($0.type) },
            fileIndex: fileIndex, node: node, isGeneric: node.genericParameterClause != nil,
            isFilePrivate: isPrivate || inPrivateScope,
            designatedInitialisers: designated, hasZeroArgumentInit: hasZeroArgumentInit,
            properties: properties, overriddenNames: overridden))
        scope.append((name, isPrivate))
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    /// `init()`, or `init(spacing: CGFloat = 8)`, which iOS calls as `init()`
    /// as well; not a failable one.
    static func isCallableWithoutArguments(_ initialiser: InitializerDeclSyntax) -> Bool {
        initialiser.optionalMark == nil && initialiser.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil }
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.append((node.name.text, TypeIndex.isFilePrivate(node.modifiers)))
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        var cases: [String] = []
        var simple = true
        for member in node.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                if element.parameterClause != nil { simple = false }
                cases.append(element.name.text)
            }
        }
        if simple && !cases.isEmpty && node.genericParameterClause == nil {
            declarations.enums[node.name.text] = cases
            declarations.enums[qualified(node.name.text)] = cases
        }
        scope.append((node.name.text, TypeIndex.isFilePrivate(node.modifiers)))
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = Self.typeName(node.extendedType)
        declarations.extensions.append(ExtensionInfo(extendedType: extended, fileIndex: fileIndex, node: node))
        // A type declared in an extension is nested in the extended type
        // (`extension FeedViewController { final class Layout: ... }` is
        // FeedViewController.Layout), as TypeIndex has it.
        scope.append((extended, TypeIndex.isFilePrivate(node.modifiers)))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        var hasOptional = false
        for member in node.memberBlock.members {
            guard let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                  modifiers.contains(where: { $0.name.text == "optional" }) else { continue }
            hasOptional = true
            declarations.optionalRequirementNames.formUnion(Self.memberNames(member.decl))
        }
        if hasOptional {
            declarations.optionalProtocols.append(OptionalProtocolInfo(name: node.name.text, fileIndex: fileIndex, node: node))
        }
        return .skipChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if node.attributeName.trimmedDescription == "_cdecl",
           node.arguments?.trimmedDescription.contains("\"stk_plugin_register\"") == true {
            declarations.hasOwnEntryPoint = true
        }
        return .skipChildren
    }

    // MARK: Reading declarations

    /// `UIKit.UICollectionViewLayout` and `UICollectionViewLayout` alike give the last name.
    static func typeName(_ type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) {
            let base = typeName(member.baseType)
            return ["UIKit", "StkUIKit", "LayoutKit"].contains(base) ? member.name.text : base + "." + member.name.text
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return type.trimmedDescription
    }

    /// The names a member declares (a function's base name, a property's names).
    static func memberNames(_ decl: DeclSyntax) -> [String] {
        if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.text] }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        }
        if let sub = decl.as(SubscriptDeclSyntax.self) { return [sub.subscriptKeyword.text] }
        return []
    }

    /// A property stk can offer as an option: an instance `var` that code
    /// outside the class may set, with a type stk knows (written, or inferred
    /// from a literal), not an override of UIKit's own property.
    static func property(_ variable: VariableDeclSyntax) -> PropertyInfo? {
        guard variable.bindingSpecifier.text == "var", variable.bindings.count == 1,
              let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        var isWeak = false
        for modifier in variable.modifiers {
            switch modifier.name.text {
            case "weak": isWeak = true
            case "static", "class", "override", "unowned": return nil
            case "private", "fileprivate":
                return nil // private(set) as well: code outside the class cannot set it
            default: break
            }
        }
        var invalidatesItself = false
        if let accessors = binding.accessorBlock?.accessors {
            switch accessors {
            case .getter:
                return nil // computed, read-only
            case .accessors(let list):
                let kinds = Set(list.map(\.accessorSpecifier.text))
                if kinds.contains("get") && !kinds.contains("set") { return nil }
                invalidatesItself = !kinds.isDisjoint(with: ["didSet", "willSet", "set"])
            }
        }
        let typeName: String
        if let annotation = binding.typeAnnotation {
            typeName = Self.typeName(annotation.type)
        } else if let value = binding.initializer?.value, let inferred = inferredType(value) {
            typeName = inferred
        } else {
            return nil
        }
        return PropertyInfo(name: name, typeName: typeName, invalidatesItself: invalidatesItself,
                            documentation: documentation(of: variable), node: variable, isWeak: isWeak)
    }

    /// The type Swift infers for a literal initial value, or a type's
    /// initialiser or static member (`CGSize(width:height:)`, `CGSize.zero`).
    static func inferredType(_ value: ExprSyntax) -> String? {
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = value.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return inferredType(prefix.expression)
        }
        if let call = value.as(FunctionCallExprSyntax.self),
           let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return callee.baseName.text
        }
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base {
            return base.trimmedDescription
        }
        return nil
    }

    /// The `///` comment above a declaration, as one line.
    static func documentation(of variable: VariableDeclSyntax) -> String? {
        let lines = variable.leadingTrivia.compactMap { piece -> String? in
            if case .docLineComment(let text) = piece { return String(text.dropFirst(3)).trimmingCharacters(in: " ") }
            return nil
        }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
