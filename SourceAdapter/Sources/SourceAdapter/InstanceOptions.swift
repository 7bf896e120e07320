import SwiftParser
import SwiftSyntax

/// An option whose value is an instance: a property whose type is a protocol
/// or a class declared in the sources (`var animator: CardAnimator?`,
/// `var stacking = CardStacking()`). Its value is the name of a type of the
/// sources that fits (conforms to the protocol, or is the class or a subclass)
/// and that `init()` makes; `set animator=LinearCardAnimator` assigns a new
/// instance, `nil` clears an optional one, and the option reads back as the
/// name of the current instance's type.
struct InstanceChoice: Equatable {
    /// The protocol or class, as the sources name it.
    var expected: String
    var isProtocol: Bool
    /// Whether the property is optional (`P?`, `P!`, `Optional<P>`): `nil` is a value.
    var isOptional: Bool
    /// The types that fit, qualified (`Outer.Inner`), in declaration order.
    var candidates: [String]
    /// Types that fit but have no `init()` stk can call: the setter's error
    /// says why they are not values.
    var unusable: [String] = []

    /// The word that clears an optional property.
    static let nilWord = "nil"

    /// The words `set` accepts.
    var words: [String] { candidates + (isOptional ? [Self.nilWord] : []) }

    /// `types conforming to P`, `the class C and its subclasses`.
    var fitting: String {
        isProtocol ? "types conforming to \(expected)" : "the class \(expected) and its subclasses"
    }

    /// What `set` expects, as its errors say it: `one of A, B (types conforming to P) or nil`.
    var expectation: String {
        "one of \(candidates.joined(separator: ", ")) (\(fitting))" + (isOptional ? " or nil" : "")
    }
}

/// Finds the instance options of a layout: which properties have a protocol or
/// a class of the sources as their type, and the types that can be their value.
struct InstanceTypes {
    let index: TypeIndex
    /// Every struct and class, in declaration order (file, then position).
    private let types: [TypeIndex.TypeDecl]

    /// Protocols of the standard library a root class may adopt first
    /// (`class Stacking: Equatable`): not a superclass.
    static let standardProtocols: Set<String> = [
        "AnyObject", "Equatable", "Hashable", "Comparable", "Identifiable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "Codable", "Encodable", "Decodable", "Sendable", "CaseIterable",
    ]

    init(index: TypeIndex) {
        self.index = index
        types = index.types.values
            .filter { $0.kind == .class || $0.kind == .struct }
            .sorted { ($0.fileIndex, $0.node.position.utf8Offset) < ($1.fileIndex, $1.node.position.utf8Offset) }
    }

    /// The instance option a property makes, for a layout whose registration
    /// is generated in file `layoutFile`; nil when its type is not a protocol
    /// or a class of the sources, or when no type of the sources can be its value.
    func choice(for property: PropertyInfo, declaredIn owner: String, layoutFile: Int) -> InstanceChoice? {
        guard let (written, type) = instanceType(of: property, declaredIn: owner) else { return nil }
        let fitting = fittingTypes(type, from: layoutFile)
        let candidates = fitting.filter { hasCallableInit($0, from: layoutFile) }
        guard !candidates.isEmpty else { return nil }
        let unusable = fitting.filter { !hasCallableInit($0, from: layoutFile) }
        return InstanceChoice(expected: written.name, isProtocol: type.kind == .protocol, isOptional: written.isOptional,
                              candidates: candidates.map(\.qualifiedName), unusable: unusable.map(\.qualifiedName))
    }

    /// The types of the sources that fit a property's type but that stk
    /// cannot make with `init()` (a view controller that adopts the layout's
    /// delegate protocol and sets itself as the delegate), qualified, in
    /// declaration order.
    func unmadeFittingTypes(of property: PropertyInfo, declaredIn owner: String, layoutFile: Int) -> [String] {
        guard let (_, type) = instanceType(of: property, declaredIn: owner) else { return [] }
        return fittingTypes(type, from: layoutFile).filter { !hasCallableInit($0, from: layoutFile) }.map(\.qualifiedName)
    }

    /// The structs and classes of the sources, not generic and visible from
    /// `layoutFile`, that conform to protocol `type` or are class `type` or
    /// a subclass, in declaration order.
    private func fittingTypes(_ type: TypeIndex.TypeDecl, from layoutFile: Int) -> [TypeIndex.TypeDecl] {
        types.filter { candidate in
            !candidate.isGeneric && isVisible(candidate, from: layoutFile)
                && (type.kind == .protocol ? conforms(candidate, to: type) : isSubclass(candidate, of: type))
        }
    }

    /// The protocol or class of the sources a property's type names
    /// (`weak var delegate: PinterestLayoutDelegate!`), and whether it is a
    /// protocol; nil for any other type.
    func typeOfTheSources(of property: PropertyInfo, declaredIn owner: String) -> (name: String, isProtocol: Bool)? {
        instanceType(of: property, declaredIn: owner).map { ($0.written.name, $0.type.kind == .protocol) }
    }

    /// The type a property holds as written (`P?` is `P`, optional), and the
    /// protocol or class of the sources it names; nil for any other type.
    private func instanceType(of property: PropertyInfo, declaredIn owner: String)
        -> (written: (name: String, isOptional: Bool), type: TypeIndex.TypeDecl)? {
        let written: (name: String, isOptional: Bool)
        if let annotation = property.node.bindings.first?.typeAnnotation?.type {
            guard let unwrapped = Self.unwrapped(annotation) else { return nil }
            written = unwrapped
        } else {
            written = (property.typeName, false) // inferred from `= CardStacking()`
        }
        guard let type = resolve(written.name, from: owner), !type.isGeneric,
              type.kind == .protocol || type.kind == .class else { return nil }
        return (written, type)
    }

    /// The delegate protocol of the sources that a layout class asks its
    /// collection view's delegate as (`collectionView?.delegate as?
    /// CHTCollectionViewDelegateWaterfallLayout`): a protocol refining
    /// `UICollectionViewDelegate`. On iOS the view controller is that
    /// delegate; stk offers the types of the sources that conform as the
    /// layout's `collectionViewDelegate` option. Nil when the class asks none.
    func askedDelegateProtocol(in classDecl: ClassDeclSyntax, owner: String) -> String? {
        casts(in: classDecl, of: "delegate").lazy.map(\.typeName).first { name in
            guard let type = resolve(name, from: owner), type.kind == .protocol else { return false }
            return refinesCollectionViewDelegate(type)
        }
    }

    /// The class or protocol of the sources that a layout class reads its
    /// collection view's data source as (`collectionView!.dataSource as!
    /// PhotosDataSource`), and whether the cast is forced. On iOS that is
    /// the object the app sets (often the view controller); stk offers the
    /// types of the sources that fit and adopt `UICollectionViewDataSource`
    /// as the layout's `collectionViewDataSource` option. Nil when the
    /// class reads none.
    func askedDataSourceType(in classDecl: ClassDeclSyntax, owner: String) -> (name: String, isForced: Bool)? {
        let cast = casts(in: classDecl, of: "dataSource").first { cast in
            guard let type = resolve(cast.typeName, from: owner) else { return false }
            return type.kind == .protocol || type.kind == .class
        }
        return cast.map { ($0.typeName, $0.isForced) }
    }

    private func casts(in classDecl: ClassDeclSyntax, of member: String) -> [CollectionViewCastFinder.Cast] {
        let finder = CollectionViewCastFinder(viewMode: .sourceAccurate)
        finder.walk(classDecl)
        return finder.casts.filter { $0.member == member }
    }

    /// Whether the type named `qualifiedName` adopts `UICollectionViewDataSource`:
    /// itself, in an extension, through a protocol of the sources that
    /// refines it, or through a superclass of the sources. Only such a type
    /// can be the collection view's data source.
    func adoptsCollectionViewDataSource(_ qualifiedName: String) -> Bool {
        guard let type = index[qualifiedName] else { return false }
        return conforms(type) { name, _ in name == "UICollectionViewDataSource" }
    }

    private func refinesCollectionViewDelegate(_ type: TypeIndex.TypeDecl) -> Bool {
        var queue = [type]
        var seen: Set<String> = []
        while let next = queue.popLast() {
            guard seen.insert(next.qualifiedName).inserted else { continue }
            if next.inherited.contains(where: LayoutFunctionDiscovery.delegateProtocols.contains) { return true }
            queue += next.inherited.compactMap { index[$0] }.filter { $0.kind == .protocol }
        }
        return false
    }

    /// `var collectionViewDelegate: P?`: an option's property as if the
    /// layout declared it (optional: `nil` clears it).
    static func optionalVariable(_ name: String, of typeName: String) -> VariableDeclSyntax {
        Parser.parse(source: "var \(name): \(typeName)?").statements.first!.item.as(VariableDeclSyntax.self)!
    }

    /// The type a property's annotation names, and whether it is optional:
    /// `P`, `P?`, `P!`, `Optional<P>`, `any P`, `(any P)?`. Nil for anything
    /// else (a composition, a function type, a collection).
    static func unwrapped(_ type: TypeSyntax) -> (name: String, isOptional: Bool)? {
        if let optional = type.as(OptionalTypeSyntax.self) {
            return unwrapped(optional.wrappedType).flatMap { $0.isOptional ? nil : ($0.name, true) }
        }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unwrapped(optional.wrappedType).flatMap { $0.isOptional ? nil : ($0.name, true) }
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
           let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
           case .type(let argument) = arguments.first!.argument {
            return unwrapped(argument).flatMap { $0.isOptional ? nil : ($0.name, true) }
        }
        if let existential = type.as(SomeOrAnyTypeSyntax.self), existential.someOrAnySpecifier.text == "any" {
            return unwrapped(existential.constraint)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.firstName == nil {
            return unwrapped(only.type)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return (identifier.name.text, false)
        }
        if type.is(MemberTypeSyntax.self) { return (DeclarationCollector.typeName(type), false) }
        return nil
    }

    /// A type as named from inside `scope` (a qualified type name): nested
    /// types of the scope and its enclosing types first.
    func resolve(_ name: String, from scope: String?) -> TypeIndex.TypeDecl? {
        index.resolve(name, from: scope)
    }

    /// Code in `file` (where the registration is generated) can name it.
    func isVisible(_ type: TypeIndex.TypeDecl, from file: Int) -> Bool {
        !type.isFilePrivate || (type.fileIndex == file && type.parent == nil)
    }

    /// The types a type says it adopts: its inheritance clause and its extensions'.
    private func adopted(by type: TypeIndex.TypeDecl) -> [(name: String, scope: String?)] {
        index.adopted(by: type).map { (name: $0, scope: type.parent) }
    }

    /// Whether `type` conforms to `proto`: it adopts it, or a protocol that
    /// refines it, itself, in an extension, or through a superclass of the sources.
    func conforms(_ type: TypeIndex.TypeDecl, to proto: TypeIndex.TypeDecl) -> Bool {
        conforms(type) { _, found in found?.qualifiedName == proto.qualifiedName }
    }

    /// Whether `type` adopts a protocol that `isTarget` accepts (given its
    /// name as written and the protocol of the sources it names, if any),
    /// or one that refines it, itself, in an extension, or through a
    /// superclass of the sources.
    private func conforms(_ type: TypeIndex.TypeDecl, toProtocolWhere isTarget: (String, TypeIndex.TypeDecl?) -> Bool) -> Bool {
        var seen: Set<String> = []
        func refines(_ name: String, scope: String?) -> Bool {
            let found = resolve(name, from: scope)
            if isTarget(name, found) { return true }
            guard let found, found.kind == .protocol, seen.insert(found.qualifiedName).inserted else { return false }
            return found.inherited.contains { refines($0, scope: found.parent) }
        }
        var current: TypeIndex.TypeDecl? = type
        var visited: Set<String> = []
        while let t = current, visited.insert(t.qualifiedName).inserted {
            if adopted(by: t).contains(where: { refines($0.name, scope: $0.scope) }) { return true }
            current = index.superclass(of: t)
        }
        return false
    }

    /// Whether `type` is the class `base` or inherits from it.
    func isSubclass(_ type: TypeIndex.TypeDecl, of base: TypeIndex.TypeDecl) -> Bool {
        guard type.kind == .class else { return false }
        var current: TypeIndex.TypeDecl? = type
        var visited: Set<String> = []
        while let t = current, visited.insert(t.qualifiedName).inserted {
            if t.qualifiedName == base.qualifiedName { return true }
            current = index.superclass(of: t)
        }
        return false
    }

    /// Whether `Type()` compiles in `file`: an initialiser whose parameters
    /// all have default values (not failable, not throwing, not private), or
    /// the initialiser Swift writes itself (a struct without initialisers whose
    /// stored properties all have initial values; a class without designated
    /// initialisers whose superclass has `init()`).
    func hasCallableInit(_ type: TypeIndex.TypeDecl, from file: Int) -> Bool {
        guard let group = type.node.asProtocol(DeclGroupSyntax.self) else { return false }
        let own = TypeIndex.memberDecls(group.memberBlock).compactMap { $0.as(InitializerDeclSyntax.self) }
        let extended = index.extensions.filter { $0.extendedType == type.qualifiedName }
            .flatMap { TypeIndex.memberDecls($0.node.memberBlock).compactMap { $0.as(InitializerDeclSyntax.self) } }
        let callable = (own + extended).contains { initialiser in
            let access = initialiser.modifiers.map(\.name.text)
            return initialiser.optionalMark == nil
                && initialiser.signature.effectSpecifiers == nil
                && initialiser.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil }
                && !access.contains("private")
                && (!access.contains("fileprivate") || type.fileIndex == file)
        }
        if callable { return true }
        guard Self.storedPropertiesHaveInitialValues(group) else { return false }
        switch type.kind {
        case .struct:
            return own.isEmpty
        case .class:
            guard own.allSatisfy({ $0.modifiers.contains { $0.name.text == "convenience" } }) else { return false }
            if let superclass = index.superclass(of: type) { return hasCallableInit(superclass, from: file) }
            guard let first = type.inherited.first else { return true }
            if first == "NSObject" || Self.standardProtocols.contains(first) { return true }
            return resolve(first, from: type.parent)?.kind == .protocol
        default:
            return false
        }
    }

    /// Every stored instance property has an initial value (`var x: T?` has nil).
    static func storedPropertiesHaveInitialValues(_ group: some DeclGroupSyntax) -> Bool {
        for decl in TypeIndex.memberDecls(group.memberBlock) {
            guard let variable = decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.isStatic else { continue }
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock?.accessors {
                    switch accessors {
                    case .getter: continue // computed
                    case .accessors(let list):
                        if list.contains(where: { ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.text) }) { continue }
                    }
                }
                if binding.initializer != nil { continue }
                if variable.bindingSpecifier.text == "var", let type = binding.typeAnnotation?.type,
                   type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { continue }
                // `let a, b: Int` and a tuple pattern: the type is on the last binding; be safe.
                return false
            }
        }
        return true
    }
}

/// Finds `X.delegate as? P` and `X.dataSource as! C` (`as?` or `as!`): the
/// types a collection view's delegate and data source are cast to, with
/// whether the cast is forced.
private final class CollectionViewCastFinder: SyntaxVisitor {
    struct Cast {
        /// `delegate` or `dataSource`.
        var member: String
        var typeName: String
        var isForced: Bool
    }
    private(set) var casts: [Cast] = []

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        note(node.expression, castTo: node.type, forced: node.questionOrExclamationMark?.tokenKind == .exclamationMark)
        return .visitChildren
    }

    /// Unfolded, as the parser leaves it: `lhs`, `as?`, `Type` in a sequence.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for i in elements.indices where i > 0 && i + 1 < elements.count {
            guard let cast = elements[i].as(UnresolvedAsExprSyntax.self),
                  let type = elements[i + 1].as(TypeExprSyntax.self)?.type else { continue }
            note(elements[i - 1], castTo: type, forced: cast.questionOrExclamationMark?.tokenKind == .exclamationMark)
        }
        return .visitChildren
    }

    private func note(_ cast: ExprSyntax, castTo type: TypeSyntax, forced: Bool) {
        var expression = cast
        while let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
        if let member = expression.as(MemberAccessExprSyntax.self),
           ["delegate", "dataSource"].contains(member.declName.baseName.text),
           let named = type.as(IdentifierTypeSyntax.self) {
            casts.append(Cast(member: member.declName.baseName.text, typeName: named.name.text, isForced: forced))
        }
    }
}
