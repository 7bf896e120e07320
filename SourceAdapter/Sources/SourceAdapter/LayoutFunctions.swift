import SwiftSyntax

/// The types declared in the sources, nested ones under their qualified name
/// (`GridViewController.Section`, including types nested in an extension),
/// and the extensions. Declarations.classes knows the classes a layout class
/// needs; layout functions and the pruning of view code need every kind of
/// type and where it sits.
struct TypeIndex {
    struct TypeDecl {
        enum Kind { case `class`, `struct`, `enum`, actor, `protocol` }

        var name: String
        var qualifiedName: String
        var kind: Kind
        var fileIndex: Int
        var node: DeclSyntax
        /// The enclosing type, for a nested type.
        var parent: String?
        /// Generic itself or inside a generic type: `T()` cannot be written.
        var isGeneric: Bool
        /// `private` or `fileprivate`, itself or an enclosing type.
        var isFilePrivate: Bool
        /// The inherited types as written: a class's superclass first, when it has one.
        var inherited: [String]
    }

    private(set) var types: [String: TypeDecl] = [:]
    private(set) var extensions: [ExtensionInfo] = []

    init(trees: [SourceFileSyntax]) {
        for (file, tree) in trees.enumerated() {
            for decl in Self.topLevelDecls(tree.statements) {
                if let ext = decl.as(ExtensionDeclSyntax.self) {
                    let extended = DeclarationCollector.typeName(ext.extendedType)
                    extensions.append(ExtensionInfo(extendedType: extended, fileIndex: file, node: ext))
                    for member in Self.memberDecls(ext.memberBlock) {
                        add(member, parent: extended, file: file, genericParent: ext.genericWhereClause != nil, privateParent: Self.isFilePrivate(ext.modifiers))
                    }
                } else {
                    add(decl, parent: nil, file: file, genericParent: false, privateParent: false)
                }
            }
        }
    }

    private mutating func add(_ decl: DeclSyntax, parent: String?, file: Int, genericParent: Bool, privateParent: Bool) {
        guard let group = decl.asProtocol(DeclGroupSyntax.self), let (name, kind) = Self.nameAndKind(decl) else { return }
        let qualified = parent.map { $0 + "." + name } ?? name
        let isGeneric = genericParent || (decl.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil)
        let isPrivate = privateParent || Self.isFilePrivate(group.modifiers)
        types[qualified] = TypeDecl(
            name: name, qualifiedName: qualified, kind: kind, fileIndex: file, node: decl, parent: parent,
            isGeneric: isGeneric, isFilePrivate: isPrivate,
            inherited: Self.inheritedNames(group.inheritanceClause))
        for member in Self.memberDecls(group.memberBlock) {
            add(member, parent: qualified, file: file, genericParent: isGeneric, privateParent: isPrivate)
        }
    }

    subscript(qualifiedName: String) -> TypeDecl? { types[qualifiedName] }

    /// The types an inheritance clause names, in order.
    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { DeclarationCollector.typeName($0.type) } ?? []
    }

    /// The extensions of the type named `name` (qualified), in order.
    func extensions(of name: String) -> [ExtensionInfo] {
        extensions.filter { $0.extendedType == name }
    }

    /// What `name`'s extensions add to its inheritance (conformances), in order.
    func extensionConformances(of name: String) -> [String] {
        extensions(of: name).flatMap { Self.inheritedNames($0.node.inheritanceClause) }
    }

    /// What a type says it inherits and adopts: its inheritance clause, then its extensions'.
    func adopted(by type: TypeDecl) -> [String] {
        type.inherited + extensionConformances(of: type.qualifiedName)
    }

    /// Whether a type adopts UIKit's flow layout delegate, itself or in an extension.
    func adoptsFlowDelegate(_ type: TypeDecl) -> Bool {
        adopted(by: type).contains(where: Pruning.flowDelegateNames.contains)
    }

    /// A type as named from inside `scope` (a qualified type name): nested
    /// types of the scope and its enclosing types first.
    func resolve(_ name: String, from scope: String?) -> TypeDecl? {
        var current = scope
        while let outer = current {
            if let found = types[outer + "." + name] { return found }
            current = types[outer]?.parent
        }
        return types[name]
    }

    /// The user class a class inherits from, when that is declared in the sources.
    func superclass(of type: TypeDecl) -> TypeDecl? {
        guard type.kind == .class, let first = type.inherited.first else { return nil }
        // A superclass is named as seen from the subclass: nested first.
        var scope = type.parent
        while let outer = scope {
            if let found = types[outer + "." + first], found.kind == .class { return found }
            scope = types[outer]?.parent
        }
        if let found = types[first], found.kind == .class { return found }
        return nil
    }

    /// The last superclass written in the chain of user classes (`UICollectionReusableView`).
    func rootSuperclassName(of type: TypeDecl) -> String? {
        var current = type
        var seen: Set<String> = [type.qualifiedName]
        while let next = superclass(of: current), seen.insert(next.qualifiedName).inserted { current = next }
        return current.kind == .class ? current.inherited.first : nil
    }

    static func nameAndKind(_ decl: DeclSyntax) -> (String, TypeDecl.Kind)? {
        if let d = decl.as(ClassDeclSyntax.self) { return (d.name.text, .class) }
        if let d = decl.as(StructDeclSyntax.self) { return (d.name.text, .struct) }
        if let d = decl.as(EnumDeclSyntax.self) { return (d.name.text, .enum) }
        if let d = decl.as(ActorDeclSyntax.self) { return (d.name.text, .actor) }
        if let d = decl.as(ProtocolDeclSyntax.self) { return (d.name.text, .protocol) }
        return nil
    }

    static func isFilePrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }
    }

    /// The declarations at the top of a file, those inside `#if` included.
    static func topLevelDecls(_ list: CodeBlockItemListSyntax) -> [DeclSyntax] {
        var out: [DeclSyntax] = []
        for item in list {
            guard let decl = item.item.as(DeclSyntax.self) else { continue }
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .statements(let statements)? = clause.elements { out += topLevelDecls(statements) }
                }
            } else {
                out.append(decl)
            }
        }
        return out
    }

    /// The members of a type or extension, those inside `#if` included.
    static func memberDecls(_ block: MemberBlockSyntax) -> [DeclSyntax] { memberDecls(block.members) }

    static func memberDecls(_ list: MemberBlockItemListSyntax) -> [DeclSyntax] { memberItems(list).map(\.decl) }

    /// The items of a member list, those inside `#if` included.
    static func memberItems(_ list: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        var out: [MemberBlockItemSyntax] = []
        for item in list {
            if let ifConfig = item.decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .decls(let decls)? = clause.elements { out += memberItems(decls) }
                }
            } else {
                out.append(item)
            }
        }
        return out
    }
}

/// A function or property that builds a layout, registered as a layout of
/// its own: a view controller's `createLayout()`, a static factory, a free
/// function, a `lazy var layout` or a closure property. stk calls it with no
/// arguments, on an instance made with `init()` when it is an instance member.
struct LayoutFunction {
    enum Form {
        /// `func f() -> UICollectionViewLayout`: called as `f()`.
        case function
        /// `let f: () -> UICollectionViewLayout = { ... }`: called as `f()`.
        case closureProperty
        /// `var layout: UICollectionViewLayout { ... }`, `lazy var layout = ...`: read.
        case property
    }

    /// The type that declares it (qualified), nil for a free function.
    var owner: String?
    /// The owner's simple name.
    var ownerName: String?
    /// Whether the owner is declared in the sources (not an extension of UIKit's types).
    var ownerIsUserType: Bool
    var isStatic: Bool
    var memberName: String
    var form: Form
    var isThrowing: Bool
    /// A struct's `mutating func` or `lazy var`: called on a variable.
    var needsVariable: Bool
    var fileIndex: Int
    var decl: DeclSyntax
    /// `private`, which the registration outside the type could not call through.
    var privateModifier: DeclModifierSyntax?
    /// For a static member: the class (qualified) that adopts
    /// UICollectionViewDelegateFlowLayout or a delegate protocol of the
    /// sources, the owner or a type it is nested in, which stk makes with
    /// `init()` and keeps with the layout so that it becomes the collection
    /// view's delegate, as an instance member's owner does.
    var delegateOwner: String?
    /// The delegate protocol it adopts, as written.
    var delegateProtocol: String?
    /// The instance kept with the layout (the owner, or `delegateOwner`) is a
    /// view controller, which the pruning gives `__stkShow(in:)`.
    var keptIsViewController = false
    /// For a static member of a type that adopts a delegate protocol but that
    /// stk cannot make (not a class): why its methods do not answer the layout.
    var delegateRefusal: String?

    var name = ""
    var aliases: [String] = []
    var position = SourcePosition(file: "", line: 0, column: 0)
    /// The owner's `weak var delegate: P?` properties the function reads,
    /// as options (`OwnerOptions`): on iOS the view controller assigns
    /// them; here `set delegate=FixedSections` does.
    var ownerOptions: [Option] = []

    /// `createLayout()` or `layout`, as the user would call it.
    var call: String { form == .property ? memberName : memberName + "()" }
    /// A section builder (`func categorySection() -> NSCollectionLayoutSection`)
    /// of sources that build no layout: its section, in a compositional
    /// layout of its own.
    var returnsSection = false
    /// `expression` as the layout: a section builder's section in a layout of its own.
    private func layout(_ expression: String) -> String {
        returnsSection ? "CollectionViewCompositionalLayout(section: \(expression))" : expression
    }
    /// The layout the sources build where stk cannot call them, for a
    /// function stk wrote (`InstalledLayout`).
    var installed: InstalledLayout?

    /// `GridViewController.createLayout()`; `the layout GridViewController.viewDidLoad()
    /// builds` for one stk wrote.
    var described: String {
        if let installed { return installed.described }
        return (ownerName.map { $0 + "." } ?? "") + call
    }

    /// The body of the registration's factory closure.
    var factory: String {
        let typeName = owner ?? ""
        let value: String
        let attempt = isThrowing ? "try " : ""
        if owner == nil {
            value = call
        } else if isStatic, let delegateOwner {
            // On iOS the view controller is the collection view's delegate
            // whatever function built the layout (`init() {
            // super.init(collectionViewLayout: Self.createLayout()) }`).
            return "let layout = \(layout(attempt + "\(typeName).\(call)")); "
                + "let builder = \(delegateOwner)(); layout.__stkRetainedBuilder = builder; \(showing("builder"))return layout"
        } else if isStatic {
            value = typeName + "." + call
        } else if needsVariable {
            return "var owner = \(typeName)(); return \(layout(attempt + "owner.\(call)"))"
        } else {
            // The instance lives as long as the layout, as a view controller
            // does on iOS (it owns the collection view, which owns the
            // layout): a section provider that captures `[weak self]` or
            // `[unowned self]`, the usual way, found it gone at the first pass.
            return "let owner = \(typeName)(); let layout = \(layout(attempt + "owner.\(call)")); "
                + "layout.__stkRetainedBuilder = owner; \(showing("owner"))return layout"
        }
        return layout(attempt + value)
    }

    /// A view controller kept with the layout is shown the collection view
    /// the layout is installed in (it holds the layout: `unowned`).
    private func showing(_ instance: String) -> String {
        keptIsViewController ? "layout.__stkShowBuilder = { [unowned \(instance)] in \(instance).__stkShow(in: $0) }; " : ""
    }

    var report: FoundLayout {
        FoundLayout(name: name, className: ownerName ?? memberName, position: position, isFlow: false,
                    options: ownerOptions.map(\.property.name), source: .function, function: call)
    }
}

/// Finds the layout functions of the sources, names them, and says why a
/// function that returns a layout cannot be registered.
struct LayoutFunctionDiscovery {
    /// The types whose initialiser builds a whole layout when a property is
    /// initialised with one and has no type written
    /// (`lazy var layout = UICollectionViewCompositionalLayout { ... }`).
    static let layoutTypeNames: Set<String> = ["UICollectionViewLayout", "UICollectionViewCompositionalLayout", "CollectionViewLayout"]
    /// UIKit's layout classes, by UIKit's names and LayoutKit's: the return
    /// types of a layout function, beside the layout classes of the sources.
    static let uikitLayoutTypes: Set<String> = SourceAdapter.layoutBases.union(SourceAdapter.flowBases).union(SourceAdapter.compositionalBases)

    struct Refusal {
        var position: SourcePosition
        var message: String
        /// What to do about it, said when the refusal is an error.
        var hint: String?
    }

    private(set) var found: [LayoutFunction] = []
    /// Functions returning a layout that stk cannot call: a note when other
    /// layouts are registered, an error when there is nothing else.
    private(set) var refusals: [Refusal] = []
    /// How code calls the functions refused only for their parameters
    /// (`UIHelper.createThreeColumnFlowLayout`, `createLayout`): a call with
    /// arguments in `viewDidLoad()` builds a layout stk can take out
    /// (`InstalledLayout`), where the screen's `view` is the collection view's.
    private(set) var callsNeedingArguments: Set<String> = []
    private(set) var errors: [AdapterMessage] = []

    private let index: TypeIndex
    private let layoutClassNames: Set<String>
    /// The types a layout function returns: UIKit's layout classes (the
    /// flow layout too) and the layout classes of the sources, by their
    /// qualified and their simple names (as a type's member writes them).
    private let layoutTypes: Set<String>
    private let position: (Int, AbsolutePosition) -> SourcePosition

    /// Layout properties stk registers through a function of its own
    /// instead (`InstalledLayout`, a property set up in `viewDidLoad()`), as `Owner.member`.
    private let replaced: Set<String>

    /// Looking for section builders (`-> NSCollectionLayoutSection`) instead
    /// of layout functions: sources that build no layout, only sections.
    private let findsSectionBuilders: Bool
    static let sectionTypeNames: Set<String> = ["NSCollectionLayoutSection", "CollectionLayoutSection"]

    init(trees: [SourceFileSyntax], index: TypeIndex, layoutClasses: [Layout], layoutClassNames: Set<String>,
         replacing replaced: Set<String> = [], findingSectionBuilders: Bool = false,
         position: @escaping (Int, AbsolutePosition) -> SourcePosition) {
        self.index = index
        self.replaced = replaced
        self.layoutClassNames = layoutClassNames
        findsSectionBuilders = findingSectionBuilders
        var layoutTypes = findingSectionBuilders ? Self.sectionTypeNames : Self.uikitLayoutTypes
        for name in layoutClassNames where index[name]?.isGeneric != true && !findingSectionBuilders {
            layoutTypes.insert(name)
            if let simple = index[name]?.name { layoutTypes.insert(simple) }
        }
        self.layoutTypes = layoutTypes
        self.position = position
        for (file, tree) in trees.enumerated() {
            for decl in TypeIndex.topLevelDecls(tree.statements) {
                if let ext = decl.as(ExtensionDeclSyntax.self) {
                    let extended = DeclarationCollector.typeName(ext.extendedType)
                    visitMembers(of: ext.memberBlock, owner: extended, file: file)
                } else if let (name, _) = TypeIndex.nameAndKind(decl), let group = decl.asProtocol(DeclGroupSyntax.self) {
                    visitMembers(of: group.memberBlock, owner: name, file: file)
                } else {
                    consider(decl, owner: nil, file: file)
                }
            }
        }
        name(layoutClasses: layoutClasses)
    }

    private mutating func visitMembers(of block: MemberBlockSyntax, owner: String, file: Int) {
        for member in TypeIndex.memberDecls(block) {
            if let (name, _) = TypeIndex.nameAndKind(member), let group = member.asProtocol(DeclGroupSyntax.self) {
                visitMembers(of: group.memberBlock, owner: owner + "." + name, file: file)
            } else {
                consider(member, owner: owner, file: file)
            }
        }
    }

    /// One function or property: registered, refused, or not a layout function.
    private mutating func consider(_ decl: DeclSyntax, owner: String?, file: Int) {
        var candidates: [(LayoutFunction, refusal: (reason: String, hint: String?)?)] = []
        if let function = decl.as(FunctionDeclSyntax.self) {
            // Section builders are the app's own types' (not UIKit's extensions, not free functions).
            if findsSectionBuilders, owner.flatMap({ index[$0] }) == nil { return }
            guard let returned = function.signature.returnClause?.type, isLayoutType(returned),
                  function.body != nil, function.genericParameterClause == nil else { return }
            let modifiers = function.modifiers
            var candidate = makeCandidate(decl: decl, name: function.name, modifiers: modifiers, owner: owner, file: file, form: .function)
            candidate.returnsSection = findsSectionBuilders
            candidate.isThrowing = function.signature.effectSpecifiers?.throwsClause != nil
            candidate.needsVariable = modifiers.contains { $0.name.text == "mutating" }
            var refusal: (reason: String, hint: String?)?
            if let missing = Self.missingArgument(decl) {
                let label = (missing.secondName ?? missing.firstName).text
                refusal = ("needs an argument for parameter '\(label)', which has no default value: " + Self.noArguments,
                           "give it one (`\(label): \(missing.type.trimmedDescription) = ...`), or add a function without parameters that calls it")
            } else if function.signature.effectSpecifiers?.asyncSpecifier != nil {
                refusal = ("is async: " + Self.noArguments, "add a synchronous function that builds the layout")
            } else if let body = function.body, function.name.text != InstalledLayout.functionName, Self.readsInstalledLayout(Syntax(body)) {
                // (A function stk wrote takes only what builds the layout: a
                // `collectionViewLayout` it names is the type's own property.)
                refusal = Self.readsInstalledLayoutRefusal
            } else if let body = function.body, let trap = Self.onlyTrap(body) {
                refusal = ("only calls \(trap)(...): it is abstract, and builds no layout (a subclass's override does, and is registered itself)", nil)
            }
            candidates.append((candidate, refusal))
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            guard !findsSectionBuilders, !variable.modifiers.contains(where: { ["weak", "unowned"].contains($0.name.text) }) else { return }
            for binding in variable.bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
                      binding.initializer != nil || binding.accessorBlock != nil,
                      let (form, isThrowing) = propertyForm(binding) else { continue }
                var candidate = makeCandidate(decl: decl, name: identifier.identifier, modifiers: variable.modifiers,
                                              owner: owner, file: file, form: form)
                candidate.isThrowing = isThrowing
                candidate.needsVariable = variable.modifiers.contains { $0.name.text == "lazy" }
                let value = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
                candidates.append((candidate, value.map(Self.readsInstalledLayout) == true ? Self.readsInstalledLayoutRefusal : nil))
            }
        }

        for (candidate, refusal) in candidates {
            var candidate = candidate
            if let owner {
                if let type = index[owner] {
                    // The layout class itself is the layout; its factories are not.
                    if layoutClassNames.contains(owner) || type.kind == .protocol || type.kind == .actor || type.isGeneric { continue }
                    // A class instance is a reference: `T().layout` may mutate it.
                    if type.kind != .struct { candidate.needsVariable = false }
                    if !candidate.isStatic && type.kind == .enum {
                        refuse(candidate, ("is an instance member of enum \(type.name), and stk has no value to call it on: " + Self.noArguments, "make it static"))
                        continue
                    }
                    if type.isFilePrivate && owner.contains(".") {
                        errors.append(AdapterMessage(candidate.position,
                            "layout function \(candidate.described) belongs to \(owner), a private nested type (or one nested in a private type), so stk's registration code cannot name it; make it internal"))
                        continue
                    }
                } else {
                    // A UIKit type's extension: only a static factory can be called.
                    guard candidate.isStatic else { continue }
                    candidate.needsVariable = false
                }
            } else {
                candidate.needsVariable = false
            }
            if let refusal {
                refuse(candidate, refusal)
                if Self.missingArgument(candidate.decl) != nil {
                    let member = candidate.memberName
                    if candidate.isStatic, let ownerName = candidate.ownerName {
                        callsNeedingArguments.formUnion([ownerName + "." + member, "Self." + member, member])
                    } else {
                        callsNeedingArguments.formUnion([member, "self." + member])
                    }
                }
                continue
            }
            if candidate.isStatic, candidate.ownerIsUserType, let owner {
                (candidate.delegateOwner, candidate.delegateProtocol, candidate.delegateRefusal) = collectionViewDelegate(around: owner)
            }
            if let kept = candidate.isStatic ? candidate.delegateOwner : owner, let type = index[kept] {
                candidate.keptIsViewController = type.kind == .class && Pruning.isViewController(type, index: index)
            }
            if let owner, replaced.contains(owner + "." + candidate.memberName) { continue }
            found.append(candidate)
        }
    }

    /// The type a static layout function's layout gets as its collection
    /// view's delegate: the owner, or the innermost type it is nested in,
    /// that adopts UICollectionViewDelegateFlowLayout or a protocol of the
    /// sources refining UICollectionViewDelegate (a layout's own delegate
    /// protocol, which it reads as `collectionView?.delegate as? P`): itself,
    /// in an extension, or through a superclass of the sources. A class,
    /// which stk strips to `init() {}` (see Pruning), with the protocol; or
    /// no class, with the reason it is not made (a value type cannot be a
    /// delegate).
    private func collectionViewDelegate(around owner: String) -> (owner: String?, adopted: String?, refusal: String?) {
        for name in [owner] + Pruning.enclosingTypes(of: owner, in: index) {
            guard let type = index[name], let adopted = adoptedDelegateProtocol(type) else { continue }
            guard type.kind == .class else {
                return (nil, nil, "\(type.name) adopts \(adopted) but is \(type.kind == .enum ? "an" : "a") \(type.kind), which stk cannot make a collection view's delegate: its delegate methods do not answer this layout")
            }
            return (name, adopted, nil)
        }
        return (nil, nil, nil)
    }

    /// UIKit's collection view delegate protocols, by UIKit's names and LayoutKit's.
    static let delegateProtocols: Set<String> = Pruning.flowDelegateNames.union(["UICollectionViewDelegate", "CollectionViewDelegate"])

    /// The first protocol a class adopts that makes it a collection view
    /// delegate stk installs: the flow delegate, or a protocol of the sources
    /// refining a collection view delegate protocol (UICollectionViewDelegate
    /// alone is view code: the pruning drops it).
    private func adoptedDelegateProtocol(_ type: TypeIndex.TypeDecl) -> String? {
        var current: TypeIndex.TypeDecl? = type
        var seen: Set<String> = []
        while let next = current, seen.insert(next.qualifiedName).inserted {
            if let found = index.adopted(by: next).first(where: { Pruning.flowDelegateNames.contains($0) || refinesCollectionViewDelegate($0) }) {
                return found
            }
            current = index.superclass(of: next)
        }
        return nil
    }

    /// Whether a protocol of the sources refines UIKit's collection view
    /// delegate, directly or through other protocols of the sources.
    private func refinesCollectionViewDelegate(_ name: String) -> Bool {
        var queue = [name]
        var seen: Set<String> = []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted, let proto = index[next], proto.kind == .protocol else { continue }
            if proto.inherited.contains(where: Self.delegateProtocols.contains) { return true }
            queue += proto.inherited
        }
        return false
    }

    private func makeCandidate(decl: DeclSyntax, name: TokenSyntax, modifiers: DeclModifierListSyntax,
                               owner: String?, file: Int, form: LayoutFunction.Form) -> LayoutFunction {
        let ownerType = owner.flatMap { index[$0] }
        var candidate = LayoutFunction(
            owner: owner, ownerName: owner.map { ownerType?.name ?? String($0.split(separator: ".").last ?? Substring($0)) },
            ownerIsUserType: ownerType != nil,
            isStatic: modifiers.isStatic,
            memberName: name.text.trimmingCharacters(in: "`"), form: form, isThrowing: false, needsVariable: false,
            fileIndex: file, decl: decl,
            privateModifier: modifiers.first { $0.name.text == "private" && $0.detail == nil })
        candidate.position = position(file, name.positionAfterSkippingLeadingTrivia)
        return candidate
    }

    private mutating func refuse(_ candidate: LayoutFunction, _ refusal: (reason: String, hint: String?)) {
        var signature = candidate.memberName
        if let function = candidate.decl.as(FunctionDeclSyntax.self) {
            signature += "(" + function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
        }
        let described = (candidate.ownerName.map { $0 + "." } ?? "") + signature
        refusals.append(Refusal(position: candidate.position,
            message: "layout function \(described) \(refusal.reason), so it is not registered",
            hint: refusal.hint))
    }

    /// Why a function that needs something is refused.
    static let noArguments = "stk calls layout functions with no arguments"

    /// A function's first parameter without a default value: an argument stk cannot give.
    static func missingArgument(_ decl: DeclSyntax) -> FunctionParameterSyntax? {
        decl.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.first { $0.defaultValue == nil }
    }

    /// `var flowLayout: UICollectionViewFlowLayout { collectionViewLayout as! UICollectionViewFlowLayout }`
    /// returns the layout the view code installed: it builds none, and stk,
    /// which runs no view code, has none for it to read.
    static let readsInstalledLayoutRefusal = (
        reason: "reads the layout installed in the collection view (collectionViewLayout) instead of building one: stk does not run the view code that installs it",
        hint: Optional("build the layout in a function or property that stk can call, such as `func createLayout() -> UICollectionViewFlowLayout`"))

    /// The trap a body consists of (`preconditionFailure("Override
    /// createLayout()")`, `fatalError(...)`): a base class's abstract layout
    /// function, which stk would otherwise call (and crash on) as it loads.
    static func onlyTrap(_ body: CodeBlockSyntax) -> String? {
        guard body.statements.count == 1, let call = body.statements.first?.item.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap { member in
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Swift" ? member.declName.baseName.text : nil
            }
        guard let callee, ["fatalError", "preconditionFailure"].contains(callee) else { return nil }
        return callee
    }

    /// Whether code reads `collectionViewLayout` (`collectionView.collectionViewLayout`,
    /// a UICollectionViewController's own), not a parameter of that name.
    static func readsInstalledLayout(_ code: Syntax) -> Bool {
        ReferenceCollector.names(in: code).contains("collectionViewLayout")
    }

    /// The names: after the type for a member (its only layout function), or
    /// `<type>-<function>` when the type has several, so that no two share a
    /// name; after the function for a free function or a factory on a UIKit
    /// type. Aliases: the names as written, `Type.function` for a member
    /// (each file of a folder may have its own `createLayout()`).
    private mutating func name(layoutClasses: [Layout]) {
        var perOwner: [String: Int] = [:]
        for function in found where function.ownerIsUserType { perOwner[function.owner!, default: 0] += 1 }
        var taken: [String: String] = [:] // layout name -> what took it
        for layout in layoutClasses { taken[layout.name] = "class \(layout.info.qualifiedName) (\(layout.report.position))" }
        var named: [LayoutFunction] = []
        for var function in found {
            let memberAlias = function.ownerName.map { "\($0).\(function.memberName)" }
            if let owner = function.owner, let ownerName = function.ownerName, function.ownerIsUserType {
                if perOwner[owner] == 1 {
                    function.name = NameStyle.layoutName(forClass: ownerName)
                    function.aliases = [ownerName, memberAlias!]
                } else {
                    function.name = NameStyle.layoutName(forClass: ownerName) + "-" + NameStyle.layoutName(forClass: function.memberName)
                    function.aliases = [memberAlias!]
                }
            } else {
                function.name = NameStyle.layoutName(forClass: function.memberName)
                function.aliases = memberAlias.map { [$0] } ?? [function.memberName]
            }
            // The registry refuses a name given twice, alias or not.
            function.aliases = function.aliases.reduce(into: []) { list, alias in
                if alias != function.name && !list.contains(alias) { list.append(alias) }
            }
            if let other = taken[function.name] {
                errors.append(AdapterMessage(function.position,
                    "\(other) and layout function \(function.described) both give the layout name '\(function.name)'; rename one of them"))
                continue
            }
            taken[function.name] = "layout function \(function.described) (\(function.position))"
            named.append(function)
        }
        found = named
    }

    /// Whether a type as written is a layout type (`UIKit.UICollectionViewLayout` too).
    func isLayoutType(_ type: TypeSyntax) -> Bool {
        layoutTypes.contains(DeclarationCollector.typeName(type))
    }

    /// How a property gives a layout: its value, or a closure it holds.
    func propertyForm(_ binding: PatternBindingSyntax) -> (LayoutFunction.Form, isThrowing: Bool)? {
        if let annotation = binding.typeAnnotation?.type {
            if isLayoutType(annotation) { return (.property, false) }
            var type = annotation
            while true {
                if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType; continue }
                if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                    type = only.type
                    continue
                }
                break
            }
            if let function = type.as(FunctionTypeSyntax.self), function.parameters.isEmpty,
               isLayoutType(function.returnClause.type), function.effectSpecifiers?.asyncSpecifier == nil {
                return (.closureProperty, function.effectSpecifiers?.throwsClause != nil)
            }
            return nil
        }
        // `lazy var layout = UICollectionViewCompositionalLayout { ... }` and
        // `UICollectionViewCompositionalLayout.list(using: config)`.
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
           ["init", "list"].contains(member.declName.baseName.text) {
            callee = base
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self), Self.layoutTypeNames.contains(reference.baseName.text) {
            return (.property, false)
        }
        return nil
    }
}

extension DeclModifierListSyntax {
    /// `static` or `class`: a member of the type, not of its instances.
    var isStatic: Bool { contains { ["static", "class"].contains($0.name.text) } }
}
