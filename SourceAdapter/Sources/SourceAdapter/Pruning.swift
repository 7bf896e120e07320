import SwiftSyntax

/// What the compiled copy keeps of the files that hold layout functions.
///
/// A layout function usually lives in a view controller, beside view code
/// that Linux cannot compile (UILabel, diffable data sources, delegates,
/// previews). stk runs only the layout function, so it keeps what the function
/// reaches by name, transitively, and leaves the rest out:
///
/// - roots: the layout functions, the layout classes, and every declaration
///   of the files that hold only layout classes (those are adapted as before);
/// - a declaration is kept when a kept one names it (an identifier, a member
///   access, a type name): matching by name only, never by scope, so that a
///   name which might be the declaration is always kept. A bare name that a
///   parameter or an earlier local binding of the same code declares is that
///   local, not a member;
/// - a type holding a layout function, a class or struct holding a layout
///   class, a view controller (a subclass of UIKit's `UI...Controller`
///   classes) and a subclass of UIKit's scrolling views (`class CarouselView:
///   UICollectionView`, whose stored properties any kept code may name)
///   beside the layouts ("stripped" below) are kept without their
///   superclass and conformances, as a plain `final class` with `init() {}`,
///   and member by member: only the members the layout code names stay.
///   Their initialisers go (they call UIKit's), `override` and `open` go
///   from the members kept. Their extensions are treated alike;
/// - but a stripped type keeps its conformances to the protocols of the
///   sources that are kept (`layout.delegate = self` needs the layout's
///   delegate protocol) and to UICollectionViewDelegateFlowLayout (its
///   methods size the flow layout the view controller builds), with the
///   members that implement their requirements and the extensions that
///   declare them;
/// - any other type is kept whole with its extensions when named: its members
///   may be called by the runtime (a conformance, an override), which names
///   do not show;
/// - a view class (a UICollectionReusableView or UICollectionViewCell
///   subclass) is kept as an empty subclass: a layout registers decoration
///   view classes, but stk never makes views;
/// - an extension of a UIKit type keeps the members named; one that adds a
///   conformance is kept whole when the type is named.
/// - a function that makes a cell or a view keeps its signature; its body
///   becomes a trap (`ViewMakingFunctions`), and what only the body names is
///   not kept for it.
///
/// Left-out text becomes blank lines and spaces, so every kept line and
/// column is where the user wrote it.
struct Pruning {
    /// Per file: the UTF-8 ranges left out.
    private(set) var removed: [[Range<Int>]]
    /// Per file: the removals and the in-place changes to the kept declarations.
    private(set) var edits: [[Edit]]
    /// In file order, then by position.
    var notes: [AdapterMessage] { fileNotes.sorted { ($0.file, $0.message.position.line, $0.message.position.column) < ($1.file, $1.message.position.line, $1.message.position.column) }.map(\.message) }
    private var fileNotes: [(file: Int, message: AdapterMessage)] = []
    private(set) var errors: [AdapterMessage] = []
    private(set) var prunedFiles: Set<Int> = []
    /// Identifier types given a conformance to `StkIdentifierInitialisable`.
    private var initialisableIdentifiers: Set<String> = []
    /// Qualified names of the types kept without superclass and conformances.
    private(set) var strippedTypes: Set<String> = []
    /// The stripped types that hold layout classes and no layout function:
    /// stk never makes them.
    private var holderTypes: Set<String> = []
    /// The stripped types that hold neither (view controllers beside the
    /// layouts, and their superclasses).
    private var besideTypes: Set<String> = []
    /// The stripped subclasses of UIKit's scrolling views (`isScrollingView`).
    private var scrollingViews: Set<String> = []
    /// The screens left out so that the others load: none of their members is kept.
    private var skipping: Set<String> = []

    /// Modules a pruned file may keep importing: those stk has on Linux.
    static let availableModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "Dispatch", "Glibc",
        "UIKit", "StkUIKit", "LayoutKit", "CoreGraphics", "QuartzCore", "CoreLocation", "AVFoundation", "Combine",
    ]
    /// View base classes stk has (as names only): a subclass is kept empty.
    static let viewBases: Set<String> = ["UICollectionReusableView", "UICollectionViewCell", "CollectionReusableView", "CollectionViewCell"]
    /// What a stripped enum or struct keeps of its inheritance clause: raw
    /// value types and conformances the compiler writes by itself from what
    /// is always kept (the cases).
    static let keptInheritance: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "String", "Character", "Double", "Float", "CGFloat", "CaseIterable",
    ]

    func isRemoved(_ file: Int, _ offset: Int) -> Bool {
        removed[file].contains { $0.contains(offset) }
    }

    func isRemoved(_ file: Int, _ range: Range<Int>) -> Bool {
        removed[file].contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
    }

    /// One declaration that may be left out.
    private final class Unit {
        enum Match {
            /// Kept when a kept declaration names it.
            case names(Set<String>)
            /// Kept when a name used by the layout code is one of these: not by
            /// a layout class or a file of them, whose `super.prepare()` must
            /// not keep a view controller's `prepare(for:sender:)`.
            case memberNames(Set<String>)
            /// An extension, kept with its type.
            case follows(String)
            /// Never kept (a preview, the members of a view class).
            case never
        }

        let file: Int
        let node: Syntax
        let match: Match
        /// What is scanned for names once it is kept.
        let scan: [Syntax]
        /// How the summary note calls it.
        let label: String
        /// The modifiers to take away if it is kept (a stripped type's
        /// member): `override`, and `open`, which a final class refuses.
        let dropped: [DeclModifierSyntax]
        /// The stripped class it is a member of, which stk makes with `init() {}`
        /// (or its own initialiser callable without arguments): its name, and
        /// qualified.
        var ownerClass: (name: String, qualified: String)?
        /// A stripped type's member: the type (qualified), and the member as a
        /// protocol requirement names it (`collectionView(_:layout:sizeForItemAt:)`,
        /// a property's name): kept when it implements a requirement of a
        /// conformance the type keeps.
        var stripped: (owner: String, signature: String)?
        var kept = false

        init(file: Int, node: Syntax, match: Match, scan: [Syntax], label: String, dropped: [DeclModifierSyntax] = []) {
            self.file = file
            self.node = node
            self.match = match
            self.scan = scan
            self.label = label
            self.dropped = dropped
        }
    }

    /// An extension whose members are units: left out whole when none of
    /// them is kept.
    private struct Container {
        var file: Int
        var node: Syntax
        var members: [Unit]
        /// Members that stay whatever happens (a struct's initialisers, enum cases).
        var hasPermanentMembers: Bool
        var label: String
        /// A stripped type's extension: the type and the conformances it adds,
        /// kept with the conformances it keeps.
        var conforming: (owner: String, conformances: [String])? = nil
    }

    /// An inheritance clause of a stripped type or of its extension, edited
    /// once what is kept is known: it keeps `always` (a stripped superclass, a
    /// raw value type) and the layout conformances of `owner` that are kept.
    private struct Clause {
        var file: Int
        var clause: InheritanceClauseSyntax
        var always: [String]
        var owner: String
    }

    private var units: [Unit] = []
    private var typeUnits: [String: Unit] = [:]
    private var containers: [Container] = []
    private var alwaysRemoved: [(file: Int, node: Syntax, label: String)] = []
    /// Kept without condition: scanned at the start.
    private var roots: [(node: Syntax, fromLayoutCode: Bool)] = []
    /// View classes, kept empty when named.
    private var shells: [(unit: Unit, decl: ClassDeclSyntax)] = []
    /// A view class's static properties (`static let kind = "badge"`,
    /// `static var reuseIdentifier: String { ... }`), each kept in its
    /// otherwise empty class when the layout code names it. Their units have
    /// no label: left out, they are part of the class the notes count.
    private var shellStatics: [SyntaxIdentifier: [(member: SyntaxIdentifier, unit: Unit, names: String)]] = [:]
    /// The instance methods of the view classes kept as shells, by class:
    /// kept when the layout code calls them, with their bodies left out.
    private var shellMethods: [SyntaxIdentifier: [(member: SyntaxIdentifier, unit: Unit, function: FunctionDeclSyntax)]] = [:]
    /// The instance properties of the view classes kept as shells, by class
    /// (`let titleLabel = UILabel()`): kept when the layout code names them
    /// (`cell.titleLabel.textColor = ...` on a cell from `cellForItem(at:)`),
    /// as a property of the same type that stk never reads, since it makes
    /// no cells: their initialisers are view code (`ShellProperty`).
    private var shellProperties: [SyntaxIdentifier: [(member: SyntaxIdentifier, unit: Unit, property: ShellProperty)]] = [:]
    private var clauses: [Clause] = []
    /// Stripped view controllers (the first of their chain of the sources):
    /// where their body ends, to give them the collection view they are shown in.
    private var viewControllerShells: [(file: Int, brace: Int, name: String, type: TypeIndex.TypeDecl)] = []
    /// The other stripped classes without a stripped superclass: where their
    /// body ends, for their `init() {}`.
    private var plainInits: [(file: Int, brace: Int, name: String)] = []
    /// Per stripped class: its first initialiser that `Owner()` calls on iOS
    /// too (every parameter has a default value), which stk keeps when a
    /// stored property the layout code reads has no value without it.
    private var argumentFreeInitialisers: [String: (file: Int, node: InitializerDeclSyntax)] = [:]
    /// The qualified names of the stripped classes made with such an
    /// initialiser of their own rather than `init() {}`.
    private var ownInitialisers: Set<String> = []
    /// Per stripped type: the layout conformances it declares (in its body
    /// or its extensions): those whose requirements are layout code (see
    /// `requirements(of:)`).
    private var layoutConformances: [String: [String]] = [:]
    private var inPlace: [[Edit]]

    private let index: TypeIndex
    private let shownDataSources: ShownDataSources
    private let layoutClassNames: Set<String>
    private let trees: [SourceFileSyntax]
    private let bytes: [[UInt8]]
    private let position: (Int, AbsolutePosition) -> SourcePosition

    init(trees: [SourceFileSyntax], bytes: [[UInt8]], index: TypeIndex, layoutClassNames: Set<String>,
         functions: [LayoutFunction], keeping instanceTypeNames: Set<String> = [], skipping: Set<String> = [],
         position: @escaping (Int, AbsolutePosition) -> SourcePosition) {
        self.trees = trees
        self.bytes = bytes
        self.index = index
        shownDataSources = ShownDataSources(trees: trees)
        self.layoutClassNames = layoutClassNames
        self.position = position
        removed = Array(repeating: [], count: trees.count)
        edits = Array(repeating: [], count: trees.count)
        inPlace = Array(repeating: [], count: trees.count)

        // The stripped types: the owners of layout functions, the types they
        // are nested in, and their superclasses declared in the sources.
        func strip(_ name: String) {
            guard let type = index[name], !layoutClassNames.contains(name), strippedTypes.insert(name).inserted else { return }
            if let parent = type.parent { strip(parent) }
            if let superclass = index.superclass(of: type) { strip(superclass.qualifiedName) }
        }
        for function in functions where function.ownerIsUserType { strip(function.owner!) }
        // And the types a layout class is nested in, when one of them is a
        // class or a struct: a view controller or a view that declares its
        // layout (`extension FeedViewController { final class Layout: ... }`)
        // is view code around it, as around a layout function. A namespace
        // of enums (`enum Layouts { final class Sticky: ... }`) compiles as it is.
        for name in layoutClassNames.sorted() where Self.isNestedInViewCode(name, index: index) {
            for outer in Self.enclosingTypes(of: name, in: index) { strip(outer) }
        }
        // And every view controller (a subclass of UIKit's `UI...Controller`
        // classes, which Linux has not), beside a layout class as apps write
        // it: what the layout code names of it is kept, as of any other.
        for type in index.types.values where type.kind == .class && Self.isViewController(type, index: index) {
            strip(type.qualifiedName)
        }
        // And every subclass of UIKit's scrolling views (`class CarouselView:
        // UICollectionView`), which a carousel's package ships beside its
        // layout and the layout reads through a cast (`collectionView as?
        // CarouselView`): view code too. stk runs a layout in a collection
        // view of its own, never of the app's class, so the cast is nil there.
        for type in index.types.values where type.kind == .class && Self.isScrollingView(type, index: index) {
            strip(type.qualifiedName)
            scrollingViews.insert(type.qualifiedName)
        }
        // Files without a layout class are pruned even when no type is
        // stripped (a folder of layout classes, a cell and a delegate
        // helper): what the layouts do not use (a cell with a UIImageView,
        // a helper importing AVFoundation) is left out, as beside a screen.
        let functionOwners = Set(functions.compactMap(\.owner))
        holderTypes = strippedTypes.filter { name in
            layoutClassNames.contains { $0.hasPrefix(name + ".") } && !functionOwners.contains { $0 == name || $0.hasPrefix(name + ".") }
        }
        besideTypes = strippedTypes.filter { name in
            !holderTypes.contains(name) && !functionOwners.contains { $0 == name || $0.hasPrefix(name + ".") }
        }
        self.skipping = skipping
        // A screen left out so that the others load (`SourceAdapter.adapt`)
        // keeps no layout conformance: its flow delegate sizes nothing stk runs.
        for name in strippedTypes where !skipping.contains(name) {
            guard let type = index[name] else { continue }
            layoutConformances[name] = index.adopted(by: type).filter { requirements(of: $0) != nil }
        }

        // The files pruned: those with layout functions or stripped types, and
        // those without a layout class (helpers and view code beside them).
        // A file of layout classes only is compiled as it always was.
        var filesWithLayoutClasses: Set<Int> = []
        for name in layoutClassNames { if let type = index[name] { filesWithLayoutClasses.insert(type.fileIndex) } }
        for file in trees.indices where !filesWithLayoutClasses.contains(file) { prunedFiles.insert(file) }
        for function in functions { prunedFiles.insert(function.fileIndex) }
        for name in strippedTypes { if let type = index[name] { prunedFiles.insert(type.fileIndex) } }
        for ext in index.extensions where strippedTypes.contains(ext.extendedType) { prunedFiles.insert(ext.fileIndex) }

        let rootIDs = Set(functions.map { $0.decl.id })
        for (file, tree) in trees.enumerated() {
            guard prunedFiles.contains(file) else {
                roots.append((Syntax(tree), false))
                // Its layout classes and their extensions are layout code:
                // the members they name (`BadgeView.kind` of a view class in
                // another file) are kept.
                for name in layoutClassNames {
                    guard let type = index[name], type.fileIndex == file else { continue }
                    roots.append((Syntax(type.node), true))
                    for ext in index.extensions where ext.extendedType == name && ext.fileIndex == file { roots.append((Syntax(ext.node), true)) }
                }
                continue
            }
            for item in tree.statements { topLevel(item, file: file, rootIDs: rootIDs) }
        }
        // stk names the owner when it calls the function.
        var ownerNames: Set<String> = []
        for function in functions { if let name = function.ownerName { ownerNames.insert(name) } }
        // A layout function that overrides one of a superclass of the
        // sources (an abstract `createLayout()`) needs it there to override.
        let overridden = functions.filter { function in
            function.decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.text == "override" } ?? false
        }.map(\.memberName)
        // The registration makes the values of instance options by name.
        keepReachable(extraNames: ownerNames.union(instanceTypeNames).union(overridden))
        noteDelegateMethodsThatDequeueViews()
        makeEdits(functions: functions)
    }

    // MARK: Units

    private mutating func topLevel(_ item: CodeBlockItemSyntax, file: Int, rootIDs: Set<SyntaxIdentifier>) {
        // `#Preview { ... }` without an attribute in front (Xcode's templates)
        // parses as an expression, not a declaration: view code all the same,
        // left out as the declaration form is unless the layout code uses it.
        if let macro = item.item.as(MacroExpansionExprSyntax.self) {
            units.append(Unit(file: file, node: Syntax(item), match: .never, scan: [], label: "#" + macro.macroName.text))
            return
        }
        guard let decl = item.item.as(DeclSyntax.self) else {
            roots.append((Syntax(item), true))
            return
        }
        let node = Syntax(item)
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                if case .statements(let statements)? = clause.elements {
                    for inner in statements { topLevel(inner, file: file, rootIDs: rootIDs) }
                } else if let elements = clause.elements {
                    roots.append((Syntax(elements), true))
                }
            }
            return
        }
        if let importDecl = decl.as(ImportDeclSyntax.self) {
            let module = importDecl.path.first?.name.text ?? ""
            if !Self.availableModules.contains(module) {
                blank(file, Syntax(importDecl))
                fileNotes.append((file, AdapterMessage(position(file, importDecl.positionAfterSkippingLeadingTrivia),
                    "left out 'import \(importDecl.path.trimmedDescription)': Linux has no such module (if the code stk keeps uses a name of it, the compiler says which)")))
            }
            return
        }
        if rootIDs.contains(decl.id) {
            roots.append((node, true))
            return
        }
        if let (name, _) = TypeIndex.nameAndKind(decl) {
            type(decl, qualifiedName: name, node: node, file: file, rootIDs: rootIDs, asMember: false)
            return
        }
        if let ext = decl.as(ExtensionDeclSyntax.self) {
            extensionDecl(ext, node: node, file: file, rootIDs: rootIDs)
            return
        }
        if let macro = decl.as(MacroExpansionDeclSyntax.self) {
            units.append(Unit(file: file, node: node, match: .never, scan: [], label: "#" + macro.macroName.text))
            return
        }
        let names = Self.declaredNames(decl)
        if names.isEmpty {
            roots.append((node, true)) // operators, precedence groups, statements
        } else {
            units.append(Unit(file: file, node: node, match: .names(Set(names)), scan: [node], label: Self.label(decl, names)))
        }
    }

    /// A type declaration, at the top of a file or as a member.
    private mutating func type(_ decl: DeclSyntax, qualifiedName: String, node: Syntax, file: Int,
                               rootIDs: Set<SyntaxIdentifier>, asMember: Bool) {
        guard let (name, _) = TypeIndex.nameAndKind(decl) else { return }
        if strippedTypes.contains(qualifiedName) {
            stripped(decl, qualifiedName: qualifiedName, file: file, rootIDs: rootIDs)
        } else if layoutClassNames.contains(qualifiedName) {
            roots.append((node, false))
        } else if let type = index[qualifiedName], let classDecl = decl.as(ClassDeclSyntax.self), isViewClass(type) {
            let unit = Unit(file: file, node: node, match: asMember ? .memberNames([name]) : .names([name]),
                            scan: classDecl.inheritanceClause?.inheritedTypes.first.map { [Syntax($0)] } ?? [],
                            label: name)
            units.append(unit)
            typeUnits[qualifiedName] = unit
            shells.append((unit, classDecl))
            for item in TypeIndex.memberItems(classDecl.memberBlock.members) {
                // A method the layout code calls on the view (a pager's
                // `update(currentPage:)` from a visible-items handler) keeps
                // its signature, whose names are scanned, not its body.
                // (Overrides are the view's life, never the layout's to call:
                // `apply(_:)` is a snapshot's name too.)
                if let function = item.decl.as(FunctionDeclSyntax.self), !function.modifiers.isStatic, function.body != nil,
                   !function.modifiers.contains(where: { $0.name.text == "override" }) {
                    let member = Unit(file: file, node: Syntax(item), match: .memberNames([function.name.text]),
                                      scan: [Syntax(function.signature)], label: "")
                    units.append(member)
                    shellMethods[classDecl.id, default: []].append((item.id, member, function))
                    continue
                }
                if let variable = item.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic,
                   let property = ShellProperty(variable, typeIsKnown: { isKnownShellPropertyType($0, from: qualifiedName) }) {
                    let member = Unit(file: file, node: Syntax(item), match: .memberNames([property.name]),
                                      scan: [property.typeNode], label: "")
                    units.append(member)
                    shellProperties[classDecl.id, default: []].append((item.id, member, property))
                    continue
                }
                guard let variable = item.decl.as(VariableDeclSyntax.self),
                      variable.modifiers.isStatic else { continue }
                let names = Self.declaredNames(item.decl)
                let member = Unit(file: file, node: Syntax(item), match: .memberNames(Set(names)), scan: [Syntax(item)], label: "")
                units.append(member)
                shellStatics[classDecl.id, default: []].append((item.id, member, names.joined(separator: ", ")))
            }
        } else {
            // A member that names a view class the sources do not hold (a
            // section enum's `var cellIdentifier: String {
            // ProductsViewCell.reuseIdentifier }`) is view code that cannot
            // compile here: it is a unit of its own, kept only if named.
            let group = decl.asProtocol(DeclGroupSyntax.self)
            let viewCode = group.map { membersNamingMissingViews(of: $0, qualifiedName: qualifiedName) } ?? []
            var scan = [node]
            if let group, !viewCode.isEmpty {
                let left = Set(viewCode.map(\.item.id))
                scan = node.children(viewMode: .sourceAccurate).filter { !$0.is(MemberBlockSyntax.self) }
                    + group.memberBlock.members.filter { !left.contains($0.id) }.map(Syntax.init)
                for (item, memberName) in viewCode {
                    units.append(Unit(file: file, node: Syntax(item), match: .names([memberName]), scan: [Syntax(item)],
                                      label: "\(name).\(memberName)"))
                }
            }
            let unit = Unit(file: file, node: node, match: asMember ? .memberNames([name]) : .names([name]), scan: scan, label: name)
            units.append(unit)
            typeUnits[qualifiedName] = unit
        }
    }

    /// The endings of the names of view classes (`ProductsViewCell`,
    /// `CategoryHeader`): a type of that name that the sources do not hold
    /// is the app's view code.
    static let viewClassEndings = ["Cell", "View", "Header", "Footer", "Controller"]

    /// The computed properties, methods and subscripts of a type kept whole
    /// that name a view class the sources do not hold (its name ends like
    /// one, it is not UIKit's, and no type of the sources has it), and that
    /// neither override nor implement a requirement of a protocol of the
    /// sources the type conforms to: with their names.
    private func membersNamingMissingViews(of group: some DeclGroupSyntax, qualifiedName: String) -> [(item: MemberBlockItemSyntax, name: String)] {
        let required = requirementNames(of: group, from: qualifiedName)
        return group.memberBlock.members.compactMap { item in
            let name: String
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                name = function.name.text
            } else if let variable = item.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                      let binding = variable.bindings.first, !InitialisableIdentifiers.isStored(binding),
                      let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                name = identifier.identifier.text
            } else if item.decl.is(SubscriptDeclSyntax.self) {
                name = "subscript"
            } else {
                return nil
            }
            let modifiers = item.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
            guard modifiers?.contains(where: { $0.name.text == "override" }) != true, !required.contains(name) else { return nil }
            let namesMissingView = ReferenceCollector.names(in: Syntax(item)).contains { referenced in
                guard let first = referenced.first, first.isUppercase, !["UI", "NS", "CA", "CG"].contains(where: referenced.hasPrefix),
                      Self.viewClassEndings.contains(where: referenced.hasSuffix) else { return false }
                return index.resolve(referenced, from: qualifiedName) == nil
            }
            return namesMissingView ? (item, name.trimmingCharacters(in: "`")) : nil
        }
    }

    /// The names of the requirements of the protocols of the sources that a
    /// type's declaration says it conforms to.
    private func requirementNames(of group: some DeclGroupSyntax, from scope: String) -> Set<String> {
        var names: Set<String> = []
        for inherited in group.inheritanceClause?.inheritedTypes ?? [] {
            guard let type = index.resolve(inherited.type.trimmedDescription, from: scope), type.kind == .protocol,
                  let proto = type.node.as(ProtocolDeclSyntax.self) else { continue }
            for member in proto.memberBlock.members { names.formUnion(Self.declaredNames(member.decl)) }
        }
        return names
    }

    /// Whether a type is nested in a class or a struct of the sources (a view
    /// controller, a view), itself or through enclosing types: view code.
    static func isNestedInViewCode(_ name: String, index: TypeIndex) -> Bool {
        enclosingTypes(of: name, in: index).contains { index[$0].map { $0.kind == .class || $0.kind == .struct } ?? false }
    }

    /// Whether a class is a view controller: its chain of classes of the
    /// sources ends with one of UIKit's `UI...Controller` classes
    /// (UIViewController, UICollectionViewController, UIHostingController),
    /// or with the app's own base view controller that the sources do not
    /// hold (`class RecipesViewController: BaseViewController`, given alone).
    static func isViewController(_ type: TypeIndex.TypeDecl, index: TypeIndex) -> Bool {
        guard let root = index.rootSuperclassName(of: type) else { return false }
        let name = simpleName(root)
        return (name.hasPrefix("UI") && name.hasSuffix("Controller")) || (name.hasSuffix("ViewController") && index[root] == nil)
    }

    /// `UICollectionView` of `UIKit.UICollectionView`, `Inner` of `Outer.Inner`.
    static func simpleName(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    /// UIKit's scrolling views, which stk has one model of (its collection
    /// view): a subclass of one in the sources is view code.
    static let scrollingViewBases: Set<String> = ["UICollectionView", "UIScrollView", "UITableView"]

    /// Whether a class is a subclass of one of UIKit's scrolling views
    /// (`scrollingViewBases`), through classes of the sources.
    static func isScrollingView(_ type: TypeIndex.TypeDecl, index: TypeIndex) -> Bool {
        guard let root = index.rootSuperclassName(of: type) else { return false }
        return scrollingViewBases.contains(simpleName(root))
    }

    /// The types `name` is nested in, innermost first.
    static func enclosingTypes(of name: String, in index: TypeIndex) -> [String] {
        var out: [String] = []
        var parent = index[name]?.parent
        while let outer = parent, let type = index[outer] {
            out.append(outer)
            parent = type.parent
        }
        return out
    }

    /// A stripped class another stripped class inherits from stays open to it.
    private func isSubclassed(_ name: String) -> Bool {
        strippedTypes.contains { index[$0].flatMap(index.superclass(of:))?.qualifiedName == name }
    }

    private func isViewClass(_ type: TypeIndex.TypeDecl) -> Bool {
        index.rootSuperclassName(of: type).map(Self.viewBases.contains) ?? false
    }

    private mutating func extensionDecl(_ ext: ExtensionDeclSyntax, node: Syntax, file: Int, rootIDs: Set<SyntaxIdentifier>) {
        let extended = DeclarationCollector.typeName(ext.extendedType)
        let label = "extension " + ext.extendedType.trimmedDescription
        if strippedTypes.contains(extended) {
            if let clause = ext.inheritanceClause { clauses.append(Clause(file: file, clause: clause, always: [], owner: extended)) }
            blankMainActor(file, ext.attributes)
            let (members, permanent) = strippedMembers(ext.memberBlock.members, owner: extended, file: file, rootIDs: rootIDs)
            let conformances = TypeIndex.inheritedNames(ext.inheritanceClause)
            containers.append(Container(file: file, node: node, members: members, hasPermanentMembers: permanent, label: label,
                                        conforming: (extended, conformances)))
        } else if let type = index[extended] {
            // A view class's extensions are view code; another type's go with it.
            units.append(Unit(file: file, node: node, match: isViewClass(type) ? .never : .follows(extended), scan: [node], label: label))
        } else if ext.inheritanceClause != nil {
            // A conformance of a UIKit type: its members are called through
            // the protocol, not by name.
            let simple = Self.simpleName(extended)
            units.append(Unit(file: file, node: node, match: .names([simple]), scan: [node], label: label))
        } else {
            var members: [Unit] = []
            for item in TypeIndex.memberItems(ext.memberBlock.members) {
                let decl = item.decl
                let memberNode = Syntax(item)
                if rootIDs.contains(decl.id) {
                    roots.append((memberNode, true))
                    let unit = Unit(file: file, node: memberNode, match: .never, scan: [], label: "")
                    unit.kept = true
                    members.append(unit)
                    continue
                }
                var names = Self.declaredNames(decl)
                // `NSCollectionLayoutSize(square: 40)` names the type, not
                // `init`; `.init(horizontal: 5, vertical: 0)` names neither,
                // only the initialiser by its labels.
                if let initialiser = decl.as(InitializerDeclSyntax.self) {
                    names = [String(extended.split(separator: ".").last ?? ""), Self.labelledInit(initialiser.signature.parameterClause.parameters.map(\.firstName.text))]
                }
                let label = decl.is(InitializerDeclSyntax.self) ? Self.initLabel(decl) : Self.label(decl, names)
                let unit = Unit(file: file, node: memberNode, match: names.isEmpty ? .never : .names(Set(names)), scan: [memberNode], label: label)
                units.append(unit)
                members.append(unit)
            }
            containers.append(Container(file: file, node: node, members: members, hasPermanentMembers: false, label: label))
        }
    }

    /// A stripped type: its shell is kept, its members are units.
    private mutating func stripped(_ decl: DeclSyntax, qualifiedName: String, file: Int, rootIDs: Set<SyntaxIdentifier>) {
        guard let group = decl.asProtocol(DeclGroupSyntax.self), let type = index[qualifiedName] else { return }
        blankMainActor(file, group.attributes)
        if let classDecl = decl.as(ClassDeclSyntax.self) {
            let superclass = index.superclass(of: type).flatMap { strippedTypes.contains($0.qualifiedName) ? $0 : nil }
            if let clause = classDecl.inheritanceClause {
                clauses.append(Clause(file: file, clause: clause, always: superclass.map { [$0.name] } ?? [], owner: qualifiedName))
            }
            if !isSubclassed(qualifiedName) && !classDecl.modifiers.contains(where: { $0.name.text == "final" }) {
                if let open = classDecl.modifiers.first(where: { $0.name.text == "open" }) { blank(file, Syntax(open)) }
                let at = classDecl.classKeyword.positionAfterSkippingLeadingTrivia.utf8Offset
                inPlace[file].append(Edit(start: at, end: at, text: "final "))
            }
            // `GridViewController()` is how stk makes it: UIKit's initialisers
            // (and the user's, which call them) are gone, unless one of the
            // user's can be called without arguments and gives a stored
            // property the layout code reads its value (`keepInitialisersForStoredValues`).
            let brace = classDecl.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            if superclass == nil, Self.isViewController(type, index: index) {
                // Its members for the collection view it is shown in come with
                // its `init`, once what it keeps is known (`viewControllerShellText`).
                viewControllerShells.append((file, brace, qualifiedName, type))
            } else if superclass == nil {
                plainInits.append((file, brace, qualifiedName))
            } else {
                inPlace[file].append(Edit(start: brace, end: brace, text: "override init() {} "))
            }
        } else {
            if let clause = group.inheritanceClause {
                clauses.append(Clause(file: file, clause: clause, always: type.inherited.filter(Self.keptInheritance.contains), owner: qualifiedName))
            }
        }
        _ = strippedMembers(group.memberBlock.members, owner: qualifiedName, file: file, rootIDs: rootIDs)
    }

    /// The members of a stripped type or of its extension.
    private mutating func strippedMembers(_ list: MemberBlockItemListSyntax, owner: String, file: Int,
                                          rootIDs: Set<SyntaxIdentifier>) -> ([Unit], permanent: Bool) {
        guard let ownerType = index[owner] else { return ([], false) }
        // `override` has nothing left to override without the superclass.
        let dropsOverride = ownerType.kind != .class || index.superclass(of: ownerType).map { !strippedTypes.contains($0.qualifiedName) } ?? true
        var members: [Unit] = []
        var permanent = false
        for item in TypeIndex.memberItems(list) {
            let decl = item.decl
            let node = Syntax(item)
            let droppedModifiers = (decl.asProtocol(WithModifiersSyntax.self)?.modifiers).map { modifiers in
                modifiers.filter { ($0.name.text == "override" && dropsOverride) || ($0.name.text == "open" && ownerType.kind == .class) }
            } ?? []
            if rootIDs.contains(decl.id) {
                roots.append((node, true))
                let unit = Unit(file: file, node: node, match: .never, scan: [], label: "", dropped: droppedModifiers)
                unit.kept = true
                units.append(unit)
                members.append(unit)
                continue
            }
            if decl.is(InitializerDeclSyntax.self) || decl.is(DeinitializerDeclSyntax.self) {
                if ownerType.kind == .class {
                    if let initialiser = decl.as(InitializerDeclSyntax.self), Self.isCallableWithoutArguments(initialiser),
                       argumentFreeInitialisers[owner] == nil {
                        argumentFreeInitialisers[owner] = (file, initialiser)
                    }
                    alwaysRemoved.append((file, node, Self.initLabel(decl)))
                } else {
                    roots.append((node, true))
                    permanent = true
                }
                continue
            }
            if decl.is(EnumCaseDeclSyntax.self) {
                roots.append((node, true))
                permanent = true
                continue
            }
            if let (name, _) = TypeIndex.nameAndKind(decl) {
                let nested = owner + "." + name
                if strippedTypes.contains(nested) {
                    stripped(decl, qualifiedName: nested, file: file, rootIDs: rootIDs)
                    permanent = true
                } else {
                    let before = units.count
                    type(decl, qualifiedName: nested, node: node, file: file, rootIDs: rootIDs, asMember: true)
                    if units.count > before { members.append(units[units.count - 1]) } else { permanent = true }
                }
                continue
            }
            if let macro = decl.as(MacroExpansionDeclSyntax.self) {
                alwaysRemoved.append((file, node, "#" + macro.macroName.text))
                continue
            }
            let names = Self.declaredNames(decl)
            if names.isEmpty {
                roots.append((node, true))
                permanent = true
                continue
            }
            // The collection view a view controller makes in a `lazy var` is
            // the one its layout is shown in (`__stkShow(in:)`), and so is a
            // data source it makes so bound to it: the code that makes them
            // (registrations, cell providers) is view code, not scanned; the
            // type stk makes is.
            var scan = [node]
            if viewControllerShells.contains(where: { $0.name == owner }), let variable = decl.as(VariableDeclSyntax.self) {
                if let binding = Self.lazyCollectionView(variable),
                   binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == index[owner].flatMap({ Self.shownCollectionViewName(of: $0, index: index) }) {
                    scan = []
                } else if let shown = shownDataSources.shown(variable), shown.isLazy {
                    scan = [shown.typeNode]
                }
            }
            // A stored property of a scrolling view is what a layout class
            // reads through its cast (`carousel.scrollDirection`): kept when
            // any kept code names it. Its overrides (`contentSize { didSet }`,
            // `didMoveToSuperview()`) are of UIKit's view, which it no longer
            // has: never kept. Its other members are matched as a view
            // controller's.
            var match = Unit.Match.memberNames(Set(names.map { Self.calledName($0, declaredBy: decl) }))
            // A screen left out so that the others load keeps nothing: code
            // elsewhere that names one of its members by name alone (another
            // screen's `configureCollectionViewLayout()`) is not its code.
            if skipping.contains(owner) {
                match = .never
            } else if scrollingViews.contains(owner) {
                if decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains(where: { $0.name.text == "override" }) == true {
                    match = .never
                } else if decl.as(VariableDeclSyntax.self).map({ $0.bindings.allSatisfy { $0.accessorBlock == nil } }) == true {
                    match = .names(Set(names))
                }
            }
            let unit = Unit(file: file, node: node, match: match, scan: scan,
                            label: Self.label(decl, names), dropped: droppedModifiers)
            if ownerType.kind == .class { unit.ownerClass = (ownerType.name, owner) }
            if let signature = Self.signature(decl) { unit.stripped = (owner, signature) }
            units.append(unit)
            members.append(unit)
        }
        return (members, permanent)
    }

    /// UIKit's delegate and data source methods share their base name with
    /// the view they serve (`collectionView(_:didSelectItemAt:)` beside the
    /// `collectionView` property): a method of that name is named only by a
    /// call with its labels or a reference with them, which `ReferenceCollector`
    /// tells apart. Bare `collectionView` (`collectionView.reloadData()` in a
    /// `didSet`) is the view, and keeps no delegate method of any type.
    static let viewNamedMethods: Set<String> = ["collectionView", "tableView"]

    /// The name a member answers to in the reachability: its full name
    /// (`collectionView(_:didSelectItemAt:)`) for such a method with
    /// parameters, its name otherwise.
    static func calledName(_ name: String, declaredBy decl: DeclSyntax) -> String {
        guard viewNamedMethods.contains(name), let function = decl.as(FunctionDeclSyntax.self),
              !function.signature.parameterClause.parameters.isEmpty else { return name }
        return fullName(name, labels: function.signature.parameterClause.parameters.map(\.firstName.text))
    }

    /// `collectionView(_:didSelectItemAt:)`.
    static func fullName(_ name: String, labels: [String]) -> String {
        name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    // MARK: Reachability

    private mutating func keepReachable(extraNames: Set<String>) {
        var layoutCodeNames = extraNames
        var allNames = extraNames
        var queue = roots.map { (nodes: [$0.node], fromLayoutCode: $0.fromLayoutCode) }
        while true {
            while let entry = queue.popLast() {
                for node in entry.nodes {
                    let names = ReferenceCollector.names(in: node)
                    allNames.formUnion(names)
                    if entry.fromLayoutCode { layoutCodeNames.formUnion(names) }
                }
            }
            var changed = false
            for unit in units where !unit.kept {
                let keep: Bool
                switch unit.match {
                case .names(let names): keep = !names.isDisjoint(with: allNames)
                case .memberNames(let names):
                    keep = !names.isDisjoint(with: layoutCodeNames)
                        || unit.stripped.map { implementsKeptRequirement($0.signature, of: $0.owner) && !Self.dequeuesViews(unit.node) } ?? false
                case .follows(let type): keep = isKept(type)
                case .never: keep = false
                }
                guard keep else { continue }
                unit.kept = true
                changed = true
                queue.append((unit.scan, true))
            }
            if !changed && queue.isEmpty { break }
        }
    }

    /// A note for each delegate method left out because it dequeues a view.
    private mutating func noteDelegateMethodsThatDequeueViews() {
        for unit in units where !unit.kept {
            guard let stripped = unit.stripped, implementsKeptRequirement(stripped.signature, of: stripped.owner),
                  Self.dequeuesViews(unit.node), let decl = unit.node.as(MemberBlockItemSyntax.self)?.decl.as(FunctionDeclSyntax.self) else { continue }
            let how = Self.makesViews(unit.node) ? "it dequeues a view to measure it" : "it sizes a view with systemLayoutSizeFitting (a sizing cell)"
            fileNotes.append((unit.file, AdapterMessage(position(unit.file, decl.name.positionAfterSkippingLeadingTrivia),
                "left out \(stripped.signature): \(how), which stk cannot make, so the layout takes the protocol's default in its place (a flow layout's own size or spacing)")))
        }
    }

    /// Whether code dequeues a cell or a supplementary view (a delegate
    /// method that measures a footer it dequeues): view code stk cannot run,
    /// so a delegate method doing it is left out and the layout takes the
    /// protocol's default (a flow layout's own value), as the note says.
    static func dequeuesViews(_ node: Syntax) -> Bool {
        // Or sizes a view it keeps for measuring (`sizingCell.systemLayoutSizeFitting(...)`):
        // stk's views have no constraints to measure.
        makesViews(node) || node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("systemLayoutSizeFitting") }
    }

    /// Whether code dequeues a view, or asks the data source for one.
    static func makesViews(_ node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            if name.hasPrefix("dequeueReusable") || name.hasPrefix("dequeueConfiguredReusable") { return true }
            // Or asks the data source for the view, which dequeues it:
            // `let header = self.collectionView(collectionView,
            // viewForSupplementaryElementOfKind: kind, at: indexPath)`, then
            // `header.systemLayoutSizeFitting(...)`.
            return dataSourceViewLabels.contains(name) && token.parent?.is(LabeledExprSyntax.self) == true
        }
    }

    /// The argument labels of the data source's methods that make a view.
    static let dataSourceViewLabels: Set<String> = ["viewForSupplementaryElementOfKind", "cellForItemAt"]

    /// Whether a member of stripped type `owner` implements a requirement of
    /// a layout conformance the type keeps.
    private func implementsKeptRequirement(_ signature: String, of owner: String) -> Bool {
        keptConformances(of: owner).contains { requirements(of: $0)?.contains(signature) ?? false }
    }

    /// The layout conformances of a stripped type that stay: the flow
    /// delegate's, and those to protocols of the sources that are kept.
    private func keptConformances(of owner: String) -> [String] {
        (layoutConformances[owner] ?? []).filter { Self.flowDelegateNames.contains($0) || isKept($0) }
    }

    /// Whether a type of the sources is kept (so far, while reachability
    /// runs): a stripped one always, one declared in a file that is not
    /// pruned too.
    private func isKept(_ name: String) -> Bool {
        if strippedTypes.contains(name) { return true }
        if let unit = typeUnits[name] { return unit.kept }
        if let parent = index[name]?.parent { return isKept(parent) }
        return true
    }

    // MARK: Layout conformances

    /// UIKit's flow layout delegate, by the names a conformance may use.
    static let flowDelegateNames: Set<String> = ["UICollectionViewDelegateFlowLayout", "CollectionViewDelegateFlowLayout"]
    /// Its requirements, which size a flow layout: layout code, kept in a
    /// stripped view controller that adopts it (stk makes it the collection
    /// view's delegate when the layout it built is installed, as the view
    /// controller is on iOS).
    static let flowDelegateRequirements: Set<String> = [
        "collectionView(_:layout:sizeForItemAt:)",
        "collectionView(_:layout:insetForSectionAt:)",
        "collectionView(_:layout:minimumLineSpacingForSectionAt:)",
        "collectionView(_:layout:minimumInteritemSpacingForSectionAt:)",
        "collectionView(_:layout:referenceSizeForHeaderInSection:)",
        "collectionView(_:layout:referenceSizeForFooterInSection:)",
    ]

    /// The requirements of a layout conformance: the flow delegate's, or
    /// those of a protocol of the sources and of the protocols of the
    /// sources it refines. Nil for any other type (UIKit's view protocols).
    private func requirements(of name: String) -> Set<String>? {
        if Self.flowDelegateNames.contains(name) { return Self.flowDelegateRequirements }
        guard let proto = index[name], proto.kind == .protocol else { return nil }
        var out: Set<String> = []
        var queue = [proto]
        var seen: Set<String> = [proto.qualifiedName]
        while let next = queue.popLast() {
            guard let decl = next.node.as(ProtocolDeclSyntax.self) else { continue }
            for member in TypeIndex.memberDecls(decl.memberBlock) {
                if let signature = Self.signature(member) { out.insert(signature) }
                if let variable = member.as(VariableDeclSyntax.self) { out.formUnion(Self.declaredNames(DeclSyntax(variable))) }
            }
            for inherited in next.inherited {
                if let parent = index[inherited], parent.kind == .protocol, seen.insert(parent.qualifiedName).inserted { queue.append(parent) }
            }
        }
        return out
    }

    /// A member as a requirement names it: `name(label:_:)` for a function,
    /// `subscript(_:)`, the name of a property with one binding.
    static func signature(_ decl: DeclSyntax) -> String? {
        if let function = decl.as(FunctionDeclSyntax.self) {
            return function.name.text.trimmingCharacters(in: "`") + "("
                + function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
        }
        if let sub = decl.as(SubscriptDeclSyntax.self) {
            return "subscript(" + sub.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
        }
        if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
           let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self) {
            return name.identifier.text.trimmingCharacters(in: "`")
        }
        return nil
    }

    // MARK: Edits

    private mutating func makeEdits(functions: [LayoutFunction]) {
        var ranges: [(file: Int, range: Range<Int>, label: String)] = []
        func range(_ node: Syntax) -> Range<Int> {
            node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        }
        keepInitialisersForStoredValues()
        let keptInitialisers = Set(ownInitialisers.compactMap { argumentFreeInitialisers[$0]?.node.id })
        for unit in units where !unit.kept { ranges.append((unit.file, range(unit.node), unit.label)) }
        for (file, node, label) in alwaysRemoved {
            if let initialiser = node.as(MemberBlockItemSyntax.self)?.decl.as(InitializerDeclSyntax.self),
               keptInitialisers.contains(initialiser.id) { continue }
            ranges.append((file, range(node), label))
        }
        // An extension that adds a kept conformance stays, its members or not.
        func addsKeptConformance(_ container: Container) -> Bool {
            guard let (owner, conformances) = container.conforming else { return false }
            return !Set(conformances).isDisjoint(with: keptConformances(of: owner))
        }
        for container in containers where !container.hasPermanentMembers && !container.members.contains(where: \.kept)
            && !addsKeptConformance(container) {
            // Its members are counted one by one; an empty one counts itself.
            ranges.append((container.file, range(container.node), container.members.isEmpty ? container.label : ""))
        }
        for clause in clauses {
            blankInheritance(clause.file, clause.clause, keeping: clause.always + keptConformances(of: clause.owner))
        }
        for shell in viewControllerShells {
            showLazyCollectionView(of: shell.name)
            let dataSources = showDiffableDataSources(of: shell.name)
            inPlace[shell.file].append(Edit(start: shell.brace, end: shell.brace,
                                            text: viewControllerShellText(shell.name, shell.type, dataSources: dataSources)))
        }
        for plain in plainInits where !ownInitialisers.contains(plain.name) {
            inPlace[plain.file].append(Edit(start: plain.brace, end: plain.brace, text: "init() {} "))
        }
        for unit in units where unit.kept {
            for modifier in unit.dropped { blank(unit.file, Syntax(modifier)) }
        }
        for (unit, decl) in shells where unit.kept {
            let first = decl.inheritanceClause?.inheritedTypes.first.map { DeclarationCollector.typeName($0.type) }
            blankInheritance(unit.file, decl.inheritanceClause, keeping: first.map { [$0] } ?? [])
            let statics = (shellStatics[decl.id] ?? []).filter { $0.unit.kept }
            let methods = (shellMethods[decl.id] ?? []).filter { $0.unit.kept }
            let properties = (shellProperties[decl.id] ?? []).filter { $0.unit.kept }
            let keptMembers = Set(statics.map(\.member) + methods.map(\.member) + properties.map(\.member))
            for member in decl.memberBlock.members where !keptMembers.contains(member.id) {
                ranges.append((unit.file, range(Syntax(member)), ""))
            }
            for method in methods { leaveOutBody(of: method.function, file: unit.file) }
            for property in properties {
                inPlace[unit.file].append(property.property.replacement(in: bytes[unit.file], owner: decl.name.text))
            }
            var kept: [String] = []
            if !properties.isEmpty {
                kept.append("the properties the layout code reads, without their view code (\(properties.map { "\($0.property.name): \($0.property.type)" }.joined(separator: ", ")))")
            }
            if !statics.isEmpty { kept.append("the static members the layout code reads (\(statics.map(\.names).joined(separator: ", ")))") }
            if !methods.isEmpty {
                kept.append("the methods the layout code calls, their bodies left out (\(methods.map { Self.signature(DeclSyntax($0.function)) ?? $0.function.name.text }.joined(separator: ", ")))")
            }
            let what = kept.isEmpty ? "an empty subclass" : "a subclass with only " + kept.joined(separator: " and the ")
            fileNotes.append((unit.file, AdapterMessage(position(unit.file, decl.name.positionAfterSkippingLeadingTrivia),
                "kept \(decl.name.text) as \(what) of \(first ?? "its superclass"): the layout code names the class, and stk makes no views")))
        }
        for function in functions {
            guard let modifier = function.privateModifier else { continue }
            blank(function.fileIndex, Syntax(modifier))
            fileNotes.append((function.fileIndex, AdapterMessage(position(function.fileIndex, modifier.positionAfterSkippingLeadingTrivia),
                "made \(function.described) internal instead of private, so that stk's registration can call it")))
        }
        // A screen's section enum and the identifier types stk makes are
        // named by code written at the file's level (the registration, a
        // conformance): a `private` one nested in the screen is not visible there.
        let named = Set(functions.compactMap(\.owner).compactMap { sectionEnum(of: $0) }).union(initialisableIdentifiers)
        for name in named.sorted() {
            guard let type = index[name], type.parent != nil,
                  let modifier = type.node.asProtocol(WithModifiersSyntax.self)?.modifiers.first(where: { $0.name.text == "private" }) else { continue }
            blank(type.fileIndex, Syntax(modifier))
            fileNotes.append((type.fileIndex, AdapterMessage(position(type.fileIndex, modifier.positionAfterSkippingLeadingTrivia),
                "made \(name) internal instead of private, so that stk's registration can name it")))
        }

        // Nested removals are covered by the outer one.
        for file in trees.indices {
            let mine = ranges.filter { $0.file == file }.sorted { ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound) }
            var outer: [(range: Range<Int>, label: String)] = []
            var labels: [String] = []
            var count = 0
            for entry in mine {
                if !entry.label.isEmpty { labels.append(entry.label); count += 1 }
                if let last = outer.last, last.range.lowerBound <= entry.range.lowerBound, entry.range.upperBound <= last.range.upperBound { continue }
                outer.append((entry.range, entry.label))
            }
            removed[file] = outer.map(\.range)
            edits[file] = outer.map { Edit(start: $0.range.lowerBound, end: $0.range.upperBound, text: blankLines(bytes[file][$0.range])) }
            // What is written after the file's end (an identifier's
            // conformance) stays, whatever the last declaration was.
            let end = bytes[file].count
            edits[file] += inPlace[file].filter { edit in
                (edit.start == end && edit.end == end) || !removed[file].contains { $0.lowerBound <= edit.start && edit.end <= $0.upperBound }
            }
            if count > 0, let first = outer.first {
                var unique: [String] = []
                for label in labels where !unique.contains(label) { unique.append(label) }
                let shown = unique.prefix(8).joined(separator: ", ") + (unique.count > 8 ? ", ..." : "")
                fileNotes.append((file, AdapterMessage(position(file, AbsolutePosition(utf8Offset: first.range.lowerBound)),
                    "left out \(count) declaration\(count == 1 ? "" : "s") the layout code does not use (view code: \(shown))")))
            }
        }
        for name in strippedTypes.sorted() {
            guard let type = index[name], let nameToken = Self.nameToken(type.node) else { continue }
            var dropped = type.inherited
            if type.kind != .class {
                dropped.removeAll(where: Self.keptInheritance.contains)
            } else if let superclass = index.superclass(of: type), strippedTypes.contains(superclass.qualifiedName) {
                dropped.removeAll { $0 == superclass.name }
            }
            dropped += index.extensionConformances(of: name)
            let conformances = keptConformances(of: name)
            dropped.removeAll(where: conformances.contains)
            let what = type.kind != .class ? "a plain \(type.kind)"
                : isSubclassed(name) ? "a plain class with init() {}" : "a plain final class with init() {}"
            var without = dropped.isEmpty ? "" : ", without its \(type.kind == .class ? "superclass and " : "")conformances (\(dropped.joined(separator: ", ")))"
            if !conformances.isEmpty {
                without += ", keeping its conformance\(conformances.count == 1 ? "" : "s") to \(conformances.joined(separator: ", ")) (layout code)"
            }
            let why = holderTypes.contains(name) ? "the layout classes nested in it are compiled, its view code is not"
                : scrollingViews.contains(name) && besideTypes.contains(name)
                ? "it is view code beside the layouts, which stk does not run; stk runs a layout in its own collection view, so `collectionView as? \(type.name)` is nil"
                : besideTypes.contains(name) ? "it is view code beside the layouts, which stk does not run"
                : "stk creates it only to call its layout code"
            fileNotes.append((type.fileIndex, AdapterMessage(position(type.fileIndex, nameToken.positionAfterSkippingLeadingTrivia),
                "compiled \(type.name) as \(what)\(without): \(why)")))
        }
    }

    /// A stored property the layout code uses must have a value once stk
    /// made its owner with `Owner()`. Without an initial value it gets one
    /// from the owner's own initialiser when one can be called without
    /// arguments, as on iOS (`init(columns: Int = 3)` with
    /// `self.columns = columns`): that initialiser is kept, with only its
    /// statements that give the owner's kept stored properties their values
    /// (the others set up views, and `super.init` has no superclass left).
    /// Otherwise the compiler would say so at the inserted `init()`, far from
    /// the property: stk says it at the property.
    private mutating func keepInitialisersForStoredValues() {
        var withoutValue: [(unit: Unit, owner: (name: String, qualified: String), binding: PatternBindingSyntax)] = []
        for unit in units where unit.kept {
            guard let owner = unit.ownerClass else { continue }
            for binding in Self.bindingsWithoutValue(unit) { withoutValue.append((unit, owner, binding)) }
        }
        var assignedBy: [String: Set<String>] = [:]
        for (_, owner, _) in withoutValue where assignedBy[owner.qualified] == nil {
            let names = Set(withoutValue.filter { $0.owner.qualified == owner.qualified }.map { $0.binding.pattern.trimmedDescription })
            assignedBy[owner.qualified] = keepInitialiser(of: owner, assigning: names)
        }
        for (unit, owner, binding) in withoutValue where assignedBy[owner.qualified]?.contains(binding.pattern.trimmedDescription) != true {
            // An optional the app passes to an initialiser stk does not call
            // (a pagination subject): nil, as a `var` of the type starts.
            if let annotation = binding.typeAnnotation, let value = Self.implicitValue(of: annotation.type) {
                let end = annotation.endPositionBeforeTrailingTrivia.utf8Offset
                inPlace[unit.file].append(Edit(start: end, end: end, text: " = \(value)"))
                fileNotes.append((unit.file, AdapterMessage(position(unit.file, binding.pattern.positionAfterSkippingLeadingTrivia),
                    "gave \(owner.name).\(binding.pattern.trimmedDescription) the value \(value): the layout code uses it, and the app gives it one through an initialiser stk does not call (stk creates \(owner.name) with init())")))
                continue
            }
            let own = argumentFreeInitialisers[owner.qualified].map { " (nor in \(Self.initLabel(DeclSyntax($0.node)))'s top-level statements)" } ?? ""
            errors.append(AdapterMessage(position(unit.file, binding.pattern.positionAfterSkippingLeadingTrivia),
                "\(owner.name).\(binding.pattern.trimmedDescription) has no initial value\(own), and the layout code uses it: stk creates \(owner.name) with init(), without its own initialisers; give it one (`= ...`)"))
        }
    }

    /// `nil` for an optional type as written, the value Swift itself gives
    /// a `var` of that type; nil for any other type, whose value stk cannot
    /// guess (a `columns: Int` of 0 would divide by zero).
    static func implicitValue(of type: TypeSyntax) -> String? {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) ? "nil" : nil
    }

    /// The bindings of a kept stored property with no value after `init() {}`.
    private static func bindingsWithoutValue(_ unit: Unit) -> [PatternBindingSyntax] {
        guard let variable = unit.node.as(MemberBlockItemSyntax.self)?.decl.as(VariableDeclSyntax.self),
              !variable.modifiers.isStatic else { return [] }
        return variable.bindings.filter { binding in
            guard binding.initializer == nil else { return false }
            if let accessors = binding.accessorBlock?.accessors {
                guard case .accessors(let list) = accessors,
                      list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) }) else { return false }
            }
            let type = binding.typeAnnotation?.type
            return !(variable.bindingSpecifier.text == "var"
                && (type?.is(OptionalTypeSyntax.self) == true || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true))
        }
    }

    /// Keeps the owner's initialiser callable without arguments, if it has
    /// one, with only the statements that assign one of `names`; returns the
    /// names they assign. Nothing is kept when none does.
    private mutating func keepInitialiser(of owner: (name: String, qualified: String), assigning names: Set<String>) -> Set<String> {
        guard let (file, initialiser) = argumentFreeInitialisers[owner.qualified] else { return [] }
        let parameters = Set(initialiser.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        let statements = initialiser.body?.statements ?? []
        var assigned: Set<String> = []
        var dropped: [CodeBlockItemSyntax] = []
        for statement in statements {
            if let name = Self.assignedProperty(statement, parameters: parameters), names.contains(name) {
                assigned.insert(name)
            } else {
                dropped.append(statement)
            }
        }
        guard !assigned.isEmpty else { return [] }
        ownInitialisers.insert(owner.qualified)
        for statement in dropped { blank(file, Syntax(statement)) }
        for modifier in initialiser.modifiers where modifier.name.text == "override" { blank(file, Syntax(modifier)) }
        let label = Self.initLabel(DeclSyntax(initialiser))
        let left = dropped.isEmpty ? "" : "; left out its other statement\(dropped.count == 1 ? "" : "s") (\(dropped.count)), which set up what stk does not run"
        fileNotes.append((file, AdapterMessage(position(file, initialiser.initKeyword.positionAfterSkippingLeadingTrivia),
            "made \(owner.name) with its \(label), which every parameter's default value lets stk call as \(owner.name)(), as iOS code can: it gives \(assigned.sorted().joined(separator: ", ")) \(assigned.count == 1 ? "its value" : "their values")\(left)")))
        return assigned
    }

    /// Whether `Owner()` calls it: every parameter has a default value, and
    /// it neither fails, throws, nor delegates (a convenience initialiser).
    static func isCallableWithoutArguments(_ initialiser: InitializerDeclSyntax) -> Bool {
        initialiser.optionalMark == nil && initialiser.signature.effectSpecifiers == nil && initialiser.genericParameterClause == nil
            && !initialiser.modifiers.contains { $0.name.text == "convenience" }
            && initialiser.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil }
    }

    /// The stored property a top-level statement of an initialiser assigns:
    /// `self.columns = ...`, or `columns = ...` when no parameter is named so.
    static func assignedProperty(_ statement: CodeBlockItemSyntax, parameters: Set<String>) -> String? {
        guard case .expr(let expression) = statement.item else { return nil }
        let target: ExprSyntax
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            target = infix.leftOperand
        } else if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                  sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let first = sequence.elements.first {
            target = first
        } else {
            return nil
        }
        if let member = target.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        if let reference = target.as(DeclReferenceExprSyntax.self), !parameters.contains(reference.baseName.text) {
            return reference.baseName.text
        }
        return nil
    }

    /// A stripped view controller's `init() {}` and what it has on iOS once
    /// its view loaded, which layout code reads (`self.collectionView.bounds`
    /// in a section provider, `view.frame.width` in `sizeForItemAt`): stk
    /// shows it the collection view its layout is installed in
    /// (`__stkShow(in:)`, which the registration hands the layout). Its own `var collectionView:
    /// UICollectionView!` (or `?`) is set then, when the layout code keeps it;
    /// a `UICollectionViewController` without one gets one; `view` is as large
    /// as the collection view's bounds, unless it declares one. Before the
    /// layout is installed (code that runs while the layout function makes
    /// it, as viewDidLoad() code does on iOS) both are the collection view
    /// the layout is being made for.
    private func viewControllerShellText(_ name: String, _ type: TypeIndex.TypeDecl,
                                         dataSources: [(property: String, type: String)]) -> String {
        var assignment = ""
        var members = ""
        var initialiser = "init() {}; "
        let shownName = Self.shownCollectionViewName(of: type, index: index) ?? "collectionView"
        if let unit = keptMember(shownName, of: name) {
            if let variable = unit.node.as(MemberBlockItemSyntax.self)?.decl.as(VariableDeclSyntax.self),
               variable.bindingSpecifier.text == "var", let binding = variable.bindings.first, binding.accessorBlock == nil,
               Self.lazyCollectionView(variable) != nil
                || binding.typeAnnotation.map({ ["UICollectionView!", "UICollectionView?"].contains($0.type.trimmedDescription) }) == true {
                assignment = "; self.\(shownName) = collectionView"
                // Before it is shown (while its layout function runs, as
                // viewDidLoad() code did), it is the one the layout is made for.
                initialiser = "init() { self.\(shownName) = UICollectionView.__stkReceivingLayout }; "
            }
        } else if (index.rootSuperclassName(of: type) ?? "").hasSuffix("UICollectionViewController") {
            members += "var collectionView: UICollectionView! { __stkShownIn ?? UICollectionView.__stkReceivingLayout }; "
        }
        for (property, dataSourceType) in dataSources {
            assignment += "; self.\(property) = \(dataSourceType)(stkShowing: collectionView)"
        }
        if keptMember("view", of: name) == nil {
            members += "var view: UIView! { (__stkShownIn ?? UICollectionView.__stkReceivingLayout).map { UIView(frame: CGRect(origin: .zero, size: $0.bounds.size)) } }; "
        }
        // The traits a screen's code switches on (`traitCollection.horizontalSizeClass`): its collection view's.
        if keptMember("traitCollection", of: name) == nil {
            members += "var traitCollection: UITraitCollection { (__stkShownIn ?? UICollectionView.__stkReceivingLayout)?.traitCollection ?? UITraitCollection() }; "
        }
        return (ownInitialisers.contains(name) ? "" : initialiser) + "weak var __stkShownIn: UICollectionView?; "
            + "func __stkShow(in collectionView: UICollectionView) { __stkShownIn = collectionView\(assignment) }; " + members
    }

    /// The enum of the sources that names the sections of view controller
    /// `owner`'s diffable data source (`UICollectionViewDiffableDataSource<
    /// SectionKind, Int>`, through a typealias or not), whether the layout
    /// code reads the data source or not, when the compiled copy keeps the
    /// enum: the registration passes its case count, so that stk gives such a
    /// screen no more sections than its app can have.
    func sectionEnum(of owner: String) -> String? {
        guard let type = index[owner], let group = type.node.asProtocol(DeclGroupSyntax.self) else { return nil }
        for variable in TypeIndex.memberDecls(group.memberBlock).compactMap({ $0.as(VariableDeclSyntax.self) }) {
            guard let shown = shownDataSources.shown(variable), let written = shownDataSources.identifierTypeNames(of: shown).first else { continue }
            // As written: nested in the screen (`Section` of `FeedViewController`) or not.
            for section in [owner + "." + written, written] where index[section]?.kind == .enum && (typeUnits[section]?.kept ?? false) {
                return section
            }
        }
        return nil
    }

    /// The diffable data sources of view controller `owner` that the layout
    /// code reads (`dataSource.sectionIdentifier(for:)` in a section
    /// provider), which stk makes (`ShownDataSources`): each property's name
    /// and the type made. A `lazy` one becomes `var NAME: TYPE!`, the code
    /// that makes it left out.
    private mutating func showDiffableDataSources(of owner: String) -> [(property: String, type: String)] {
        var shownOnes: [(property: String, type: String)] = []
        for unit in units where unit.kept && unit.stripped?.owner == owner {
            guard let variable = unit.node.as(MemberBlockItemSyntax.self)?.decl.as(VariableDeclSyntax.self),
                  let shown = shownDataSources.shown(variable),
                  let name = shown.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            shownOnes.append((name, shown.type))
            makeIdentifiersInitialisable(shownDataSources.identifierTypeNames(of: shown), from: owner)
            let note = "\(owner).\(name) is a data source stk makes, bound to the collection view the layout is installed in, with stk's identifiers"
            let at = position(unit.file, shown.binding.pattern.positionAfterSkippingLeadingTrivia)
            guard shown.isLazy, let initializer = shown.binding.initializer else {
                fileNotes.append((unit.file, AdapterMessage(at, note)))
                continue
            }
            for modifier in variable.modifiers where modifier.name.text == "lazy" { blank(unit.file, Syntax(modifier)) }
            let start = initializer.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = initializer.endPositionBeforeTrailingTrivia.utf8Offset
            let blanked = blankLines(bytes[unit.file][start..<end])
            if let annotation = shown.binding.typeAnnotation {
                let at = annotation.endPositionBeforeTrailingTrivia.utf8Offset
                inPlace[unit.file].append(Edit(start: at, end: at, text: "!"))
                inPlace[unit.file].append(Edit(start: start, end: end, text: blanked))
            } else {
                inPlace[unit.file].append(Edit(start: start, end: end, text: ": \(shown.type)!" + blanked))
            }
            fileNotes.append((unit.file, AdapterMessage(at, note + ": the code that makes it is view code, left out")))
        }
        return shownOnes
    }

    /// Whether a shell property's type compiles where stk builds the file:
    /// a view or value type stk's UIKit declares, or a type of the sources.
    private func isKnownShellPropertyType(_ name: String, from scope: String) -> Bool {
        ShellProperty.typesStkDeclares.contains(name) || index.resolve(name, from: scope) != nil
    }

    /// A kept method of a view class loses its body, which is view code: a
    /// method without a result keeps an empty one (stk makes no views, so
    /// nothing it does is missed); one with a result traps, saying why.
    private mutating func leaveOutBody(of function: FunctionDeclSyntax, file: Int) {
        guard let body = function.body else { return }
        let returnsNothing = function.signature.returnClause.map { ["Void", "()"].contains($0.type.trimmedDescription) } ?? true
        let trap = returnsNothing ? nil
            : "fatalError(\"stk makes no views: \(Self.signature(DeclSyntax(function)) ?? function.name.text) is view code, left out\")"
        inPlace[file].append(ViewMakingFunctions.leavingOut(body, in: bytes[file], trap: trap))
    }

    /// The identifier types of a data source stk makes that are structs,
    /// classes or enums with values of the sources: each gets its conformance to
    /// `StkIdentifierInitialisable` when its initialiser allows
    /// (`InitialisableIdentifiers`), once, at the end of its file.
    private mutating func makeIdentifiersInitialisable(_ names: [String], from owner: String) {
        for name in names {
            guard let type = index.resolve(name, from: owner), isKept(type.qualifiedName),
                  initialisableIdentifiers.insert(type.qualifiedName).inserted,
                  let conformance = InitialisableIdentifiers.conformance(for: type, in: index) else { continue }
            let end = bytes[type.fileIndex].count
            inPlace[type.fileIndex].append(Edit(start: end, end: end, text: conformance.text))
            if let token = Self.nameToken(type.node) {
                fileNotes.append((type.fileIndex, AdapterMessage(position(type.fileIndex, token.positionAfterSkippingLeadingTrivia), conformance.note)))
            }
        }
    }

    /// A kept member of stripped type `owner`, by the name a requirement
    /// gives it (a property's name).
    private func keptMember(_ member: String, of owner: String) -> Unit? {
        units.first { $0.kept && $0.stripped?.owner == owner && $0.stripped?.signature == member }
    }

    /// `lazy var collectionView = UICollectionView(frame: view.bounds,
    /// collectionViewLayout: createLayout())` (or `: UICollectionView = {
    /// ... }()`): the binding, when a view controller makes its collection
    /// view so.
    static func lazyCollectionView(_ variable: VariableDeclSyntax) -> PatternBindingSyntax? {
        guard variable.modifiers.contains(where: { $0.name.text == "lazy" }), variable.bindings.count == 1,
              let binding = variable.bindings.first, let initializer = binding.initializer, binding.accessorBlock == nil,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        if let annotation = binding.typeAnnotation { return annotation.type.trimmedDescription == "UICollectionView" ? binding : nil }
        // Untyped: named so, or made by `UICollectionView(...)` itself.
        let madeDirectly = initializer.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "UICollectionView"
        return name == "collectionView" || madeDirectly ? binding : nil
    }

    /// The collection view of a view controller that its layout is shown
    /// in, by name: `collectionView` when it declares one (lazy, an outlet)
    /// or inherits one (a `UICollectionViewController`), else its only lazy
    /// one (`lazy var cardsView: UICollectionView = { ... }()`). Nil when
    /// it has none of these, or several lazy ones.
    static func shownCollectionViewName(of type: TypeIndex.TypeDecl, index: TypeIndex) -> String? {
        guard let group = type.node.asProtocol(DeclGroupSyntax.self) else { return nil }
        let variables = TypeIndex.memberDecls(group.memberBlock).compactMap { $0.as(VariableDeclSyntax.self) }
        let declared = variables.flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } }
        if declared.contains("collectionView") || (index.rootSuperclassName(of: type) ?? "").hasSuffix("UICollectionViewController") {
            return "collectionView"
        }
        let lazyOnes = variables.compactMap { lazyCollectionView($0)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        return lazyOnes.count == 1 ? lazyOnes[0] : nil
    }

    /// A view controller's `lazy var collectionView` that the layout code
    /// reads becomes `var collectionView: UICollectionView!`, set to the
    /// collection view the layout is shown in, as on iOS, where it is that
    /// very collection view: the initialiser that makes one is left out.
    private mutating func showLazyCollectionView(of owner: String) {
        guard let name = index[owner].flatMap({ Self.shownCollectionViewName(of: $0, index: index) }), let unit = keptMember(name, of: owner),
              let variable = unit.node.as(MemberBlockItemSyntax.self)?.decl.as(VariableDeclSyntax.self),
              let binding = Self.lazyCollectionView(variable), let initializer = binding.initializer else { return }
        for modifier in variable.modifiers where modifier.name.text == "lazy" { blank(unit.file, Syntax(modifier)) }
        let start = initializer.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = initializer.endPositionBeforeTrailingTrivia.utf8Offset
        let blanked = blankLines(bytes[unit.file][start..<end])
        if let annotation = binding.typeAnnotation {
            let at = annotation.endPositionBeforeTrailingTrivia.utf8Offset
            inPlace[unit.file].append(Edit(start: at, end: at, text: "!"))
            inPlace[unit.file].append(Edit(start: start, end: end, text: blanked))
        } else {
            inPlace[unit.file].append(Edit(start: start, end: end, text: ": UICollectionView!" + blanked))
        }
        fileNotes.append((unit.file, AdapterMessage(position(unit.file, binding.pattern.positionAfterSkippingLeadingTrivia),
            "\(owner).\(name) is the collection view the layout is installed in, as on iOS: the code that makes it is view code, left out")))
    }

    // MARK: In-place edits

    private mutating func blank(_ file: Int, _ node: Syntax) {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        inPlace[file].append(Edit(start: start, end: end, text: blankLines(bytes[file][start..<end])))
    }

    /// The clause keeping only the types named in `keeping`, each where it
    /// was written: `: UIViewController, PinterestLayoutDelegate` becomes
    /// `:                   PinterestLayoutDelegate`, and all spaces when
    /// nothing is kept.
    private mutating func blankInheritance(_ file: Int, _ clause: InheritanceClauseSyntax?, keeping: [String]) {
        guard let clause else { return }
        let elements = Array(clause.inheritedTypes)
        let keeps = elements.map { keeping.contains(DeclarationCollector.typeName($0.type)) }
        if !keeps.contains(false) { return }
        guard let lastKept = keeps.lastIndex(of: true) else {
            blank(file, Syntax(clause))
            return
        }
        for (i, element) in elements.enumerated() {
            if !keeps[i] {
                blank(file, Syntax(element))
            } else if i == lastKept, let comma = element.trailingComma {
                blank(file, Syntax(comma))
            }
        }
    }

    /// `@MainActor` on a stripped type: stk calls its layout code from a nonisolated closure.
    private mutating func blankMainActor(_ file: Int, _ attributes: AttributeListSyntax) {
        for element in attributes {
            if case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "MainActor" {
                blank(file, Syntax(attribute))
            }
        }
    }

    // MARK: Reading declarations

    /// The names a declaration makes: a function's or type's name, a property's names.
    static func declaredNames(_ decl: DeclSyntax) -> [String] {
        if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.text.trimmingCharacters(in: "`")] }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.flatMap { binding in
                binding.pattern.tokens(viewMode: .sourceAccurate).filter {
                    if case .identifier = $0.tokenKind { return true } else { return false }
                }.map { $0.text.trimmingCharacters(in: "`") }
            }
        }
        if let alias = decl.as(TypeAliasDeclSyntax.self) { return [alias.name.text] }
        if decl.is(SubscriptDeclSyntax.self) { return ["subscript"] }
        if let macro = decl.as(MacroDeclSyntax.self) { return [macro.name.text] }
        if let (name, _) = TypeIndex.nameAndKind(decl) { return [name] }
        return []
    }

    /// `collectionView(_:didSelectItemAt:)` for a function, the name otherwise.
    static func label(_ decl: DeclSyntax, _ names: [String]) -> String {
        guard let function = decl.as(FunctionDeclSyntax.self) else { return names.first ?? "" }
        let parameters = function.signature.parameterClause.parameters
        return parameters.isEmpty ? function.name.text : function.name.text + "(" + parameters.map { "\($0.firstName.text):" }.joined() + ")"
    }

    static func nameToken(_ decl: DeclSyntax) -> TokenSyntax? {
        if let d = decl.as(ClassDeclSyntax.self) { return d.name }
        if let d = decl.as(StructDeclSyntax.self) { return d.name }
        if let d = decl.as(EnumDeclSyntax.self) { return d.name }
        if let d = decl.as(ActorDeclSyntax.self) { return d.name }
        return nil
    }

    /// `init(horizontal:vertical:)`: how an initialiser is named where only
    /// its labels say which it is (`.init(horizontal: 5, vertical: 0)`).
    static func labelledInit(_ labels: [String]) -> String {
        "init(" + labels.map { "\($0):" }.joined() + ")"
    }

    static func initLabel(_ decl: DeclSyntax) -> String {
        guard let initialiser = decl.as(InitializerDeclSyntax.self) else { return "deinit" }
        return "init" + (initialiser.optionalMark?.text ?? "") + "("
            + initialiser.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
    }
}

/// Left-out text as its line breaks, then one space per UTF-8 byte of its last
/// line: what follows keeps its line and column (the compiler counts columns
/// in bytes), and the lines in between are empty rather than full of spaces.
func blankLines(_ bytes: ArraySlice<UInt8>) -> String {
    guard let lastBreak = bytes.lastIndex(where: { $0 == UInt8(ascii: "\n") }) else {
        return String(repeating: " ", count: bytes.count)
    }
    var out = ""
    for byte in bytes[..<bytes.index(after: lastBreak)] where byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        out.unicodeScalars.append(Unicode.Scalar(byte))
    }
    // The last line's columns, so that what follows on it stays in place.
    return out + String(repeating: " ", count: bytes.endIndex - bytes.index(after: lastBreak))
}

/// The names a piece of code refers to: identifiers, member names, type
/// names and operators. A bare identifier bound by a parameter or an earlier
/// local declaration around it is that local, and not counted.
final class ReferenceCollector: SyntaxVisitor {
    private(set) var names: Set<String> = []
    private let root: Syntax

    static func names(in node: Syntax) -> Set<String> {
        let collector = ReferenceCollector(root: node)
        collector.walk(node)
        return collector.names
    }

    private init(root: Syntax) {
        self.root = root
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text.trimmingCharacters(in: "`")
        let member = node.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.declName.id == node.id ? $0 : nil }
        let isMemberName = member != nil || node.parent?.is(KeyPathPropertyComponentSyntax.self) == true
        if isMemberName || !isLocallyBound(name, at: Syntax(node)) {
            // `collectionView(cv, didSelectItemAt: path)` names that delegate
            // method, by its full name; `collectionView.reloadData()` the view
            // (Pruning.calledName).
            var called = ExprSyntax(member) ?? ExprSyntax(node)
            // `delegate?.collectionView?(cv, heightForItemAt: path)`
            while let parent = called.parent?.as(OptionalChainingExprSyntax.self).map(ExprSyntax.init)
                    ?? called.parent?.as(ForceUnwrapExprSyntax.self).map(ExprSyntax.init) { called = parent }
            let call = called.parent?.as(FunctionCallExprSyntax.self).flatMap { $0.calledExpression.id == called.id ? $0 : nil }
            if Pruning.viewNamedMethods.contains(name), let labels = call.map({ $0.arguments.map { $0.label?.text ?? "_" } })
                ?? node.argumentNames.map({ $0.arguments.map(\.name.text) }) {
                names.insert(Pruning.fullName(name, labels: labels))
            } else {
                names.insert(name)
            }
        }
        return .visitChildren
    }

    /// A list configuration's swipe actions and separator handler are left
    /// out (`ViewOnlySettings`): what their closures name is not needed.
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        ViewOnlySettings.assignedSetting(node) == nil ? .visitChildren : .skipChildren
    }

    /// A function that makes a cell or a view keeps its signature, not its
    /// body (`ViewMakingFunctions`): only the signature's names are needed.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard ViewMakingFunctions.viewMakingBody(node) != nil else { return .visitChildren }
        walk(node.attributes)
        walk(node.modifiers)
        if let generics = node.genericParameterClause { walk(generics) }
        walk(node.signature)
        if let whereClause = node.genericWhereClause { walk(whereClause) }
        return .skipChildren
    }

    /// `.init(horizontal: 5, vertical: 0)` calls an initialiser known by its
    /// labels (an extension's, of the type the context gives).
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
           member.declName.baseName.tokenKind == .keyword(.`init`) {
            names.insert(Pruning.labelledInit(node.arguments.map { $0.label?.text ?? "_" }))
        }
        return .visitChildren
    }

    /// `{ [dataSource] in ... }` captures the member `dataSource`.
    override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
        if node.initializer == nil { names.insert(node.name.text.trimmingCharacters(in: "`")) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text.trimmingCharacters(in: "`"))
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text.trimmingCharacters(in: "`"))
        return .visitChildren
    }

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.operator.text)
        return .visitChildren
    }

    override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.operator.text)
        return .visitChildren
    }

    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.operator.text)
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert("subscript")
        return .visitChildren
    }

    /// `if let dataSource {` reads the member `dataSource`.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if node.initializer == nil, let identifier = node.pattern.as(IdentifierPatternSyntax.self) {
            names.insert(identifier.identifier.text.trimmingCharacters(in: "`"))
        }
        return .visitChildren
    }

    /// Whether `name` at `node` is a parameter or a local declared before it
    /// in an enclosing scope, inside the code being scanned.
    private func isLocallyBound(_ name: String, at node: Syntax) -> Bool {
        var child = node
        while let parent = child.parent, child.id != root.id {
            defer { child = parent }
            if let closure = parent.as(ClosureExprSyntax.self), let signature = closure.signature {
                if signature.capture?.items.contains(where: { $0.name.text == name }) == true { return true }
                switch signature.parameterClause {
                case .simpleInput(let shorthand)?:
                    if shorthand.contains(where: { $0.name.text == name }) { return true }
                case .parameterClause(let clause)?:
                    if clause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
                case nil: break
                }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                if Self.binds(function.signature.parameterClause, name) { return true }
            } else if let initialiser = parent.as(InitializerDeclSyntax.self) {
                if Self.binds(initialiser.signature.parameterClause, name) { return true }
            } else if let sub = parent.as(SubscriptDeclSyntax.self) {
                if Self.binds(sub.parameterClause, name) { return true }
            } else if let accessor = parent.as(AccessorDeclSyntax.self) {
                let implicit = ["set": "newValue", "willSet": "newValue", "didSet": "oldValue"][accessor.accessorSpecifier.text]
                if accessor.parameters?.name.text == name || (accessor.parameters == nil && implicit == name) { return true }
            } else if let list = parent.as(CodeBlockItemListSyntax.self) {
                // `let dataSource = dataSource` reads the member: only the
                // statements before the one that holds the name bind it.
                for item in list {
                    guard item.id != child.id else { break }
                    if Self.itemBinds(item, name) { return true }
                }
            } else if let ifExpr = parent.as(IfExprSyntax.self), child.id == ifExpr.body.id {
                if Self.conditionsBind(ifExpr.conditions, name) { return true }
            } else if let whileStmt = parent.as(WhileStmtSyntax.self), child.id == whileStmt.body.id {
                if Self.conditionsBind(whileStmt.conditions, name) { return true }
            } else if let forStmt = parent.as(ForStmtSyntax.self), child.id == forStmt.body.id {
                if Self.patternBinds(Syntax(forStmt.pattern), name) { return true }
            } else if let switchCase = parent.as(SwitchCaseSyntax.self), child.id == switchCase.statements.id {
                if case .case(let label) = switchCase.label, Self.patternBinds(Syntax(label), name) { return true }
            } else if let catchClause = parent.as(CatchClauseSyntax.self), child.id == catchClause.body.id {
                if catchClause.catchItems.isEmpty ? name == "error" : Self.patternBinds(Syntax(catchClause.catchItems), name) { return true }
            }
        }
        return false
    }

    private static func binds(_ clause: FunctionParameterClauseSyntax, _ name: String) -> Bool {
        clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
    }

    private static func itemBinds(_ item: CodeBlockItemSyntax, _ name: String) -> Bool {
        if let variable = item.item.as(VariableDeclSyntax.self) {
            return variable.bindings.contains { patternBinds(Syntax($0.pattern), name) }
        }
        if let function = item.item.as(FunctionDeclSyntax.self) { return function.name.text == name }
        if let guardStmt = item.item.as(GuardStmtSyntax.self) { return conditionsBind(guardStmt.conditions, name) }
        return false
    }

    private static func conditionsBind(_ conditions: ConditionElementListSyntax, _ name: String) -> Bool {
        conditions.contains { element in
            switch element.condition {
            case .optionalBinding(let binding): return patternBinds(Syntax(binding.pattern), name)
            case .matchingPattern(let matching): return patternBinds(Syntax(matching.pattern), name)
            default: return false
            }
        }
    }

    /// Whether a pattern declares `name` (`let x`, `(a, b)`, `.some(let x)`).
    private static func patternBinds(_ pattern: Syntax, _ name: String) -> Bool {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return identifier.identifier.text == name }
        return pattern.children(viewMode: .sourceAccurate).contains { child in
            // An expression inside a pattern (`case .grid:`) binds nothing, but
            // `case .some(let x)` binds through a value-binding pattern.
            if child.is(ExprSyntax.self) && !child.is(PatternExprSyntax.self) && !child.is(FunctionCallExprSyntax.self)
                && !child.is(TupleExprSyntax.self) { return false }
            return patternBinds(child, name)
        }
    }
}
