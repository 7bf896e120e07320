import SwiftSyntax

/// A layout class stk can register, with the options made from its properties.
struct Layout {
    var info: ClassInfo
    var name: String
    /// The class's name as `layout NAME` also takes it: its own, or its
    /// qualified name when it is nested in view code.
    var className: String
    var isFlow: Bool
    /// A subclass of UICollectionViewCompositionalLayout, which marks pinned
    /// elements itself.
    var isCompositional: Bool
    var options: [Option]
    var report: FoundLayout
    /// The class (or a superclass of the sources) overrides `awakeFromNib()`:
    /// a storyboard makes it, and stk calls it after `init()` as the
    /// storyboard does after `init(coder:)`.
    var awakesFromNib = false
    /// The type of the sources whose new instance is the layout's
    /// `collectionViewDataSource` at first: the only one that fits a forced
    /// cast of the collection view's data source.
    var defaultDataSource: String?
}

/// One settable property offered as an option.
struct Option {
    enum Kind {
        case floating(String) // CGFloat, Double, Float
        case integer(String)  // Int and the sized integers
        case bool
        case size
        case point
        case insets
        case choice([String])
        /// A protocol or class of the sources: the name of a type that fits.
        case instance(InstanceChoice)
    }

    var property: PropertyInfo
    var kind: Kind
    /// The class that declares it (a user superclass, for inherited properties).
    var declaringClass: String
    /// The member of the layout the option sets and reads, when the layout
    /// has no property of its own for it: `collectionViewDelegate` is
    /// LayoutKit's `__stkCollectionViewDelegate`.
    var stkMember: String? = nil
    /// An optional number (`var cellHeight: CGFloat?`): nil reads and is
    /// set as `auto`.
    var isOptional = false

    /// The expression of the value on `object`.
    func member(of object: String) -> String { "\(object).\(stkMember ?? property.name)" }

    /// The names of the types instance options make, each part of a
    /// qualified name apart: what the view code pruning must keep.
    static func instanceTypeNames(of options: [Option]) -> Set<String> {
        var names: Set<String> = []
        for option in options {
            guard case .instance(let choice) = option.kind else { continue }
            for candidate in choice.candidates { names.formUnion(candidate.split(separator: ".").map(String.init)) }
        }
        return names
    }

    /// `options` without the candidates `isGone` names, and without the
    /// instance options left with none.
    static func removingCandidates(from options: [Option], where isGone: (String) -> Bool) -> [Option] {
        options.compactMap { option in
            guard case .instance(var choice) = option.kind else { return option }
            choice.candidates.removeAll(where: isGone)
            guard !choice.candidates.isEmpty else { return nil }
            var kept = option
            kept.kind = .instance(choice)
            return kept
        }
    }
}

/// Finds the layout classes among the declarations, their names and options,
/// and the reasons a class cannot be registered.
struct LayoutDiscovery {
    private(set) var found: [Layout] = []
    private(set) var errors: [AdapterMessage] = []
    /// What a layout found needs that the sources do not give it, said
    /// whenever they load (`AdapterReport.advice`).
    private(set) var advice: [AdapterMessage] = []
    /// For a note of `advice` (by index) on an instance the app sets: the
    /// types of the sources that fit but that stk cannot make (the view
    /// controller that sets itself). The note names their own layouts once
    /// the layout functions are known (`advice(screenLayouts:)`).
    private var unmadeFitting: [(advice: Int, types: [String])] = []
    /// Every class that is a layout, registered or not (generic, refused):
    /// layout functions are not looked for inside them, and the view code
    /// pruning keeps them whole.
    private(set) var layoutClassNames: Set<String> = []
    /// The layout classes stk cannot make (no `init()`), by simple name, with
    /// why: an error, unless a screen makes the class with its arguments
    /// (`TagsLayout(maxWidth: view.frame.width)`), which is then the layout
    /// registered (`refusals(madeByScreens:)`).
    private(set) var withoutArgumentFreeInit: [(name: String, position: SourcePosition, reason: String)] = []

    /// The errors and notes for the classes stk cannot make, given the
    /// classes the screens registered make with arguments.
    func refusals(madeByScreens: Set<String>) -> (errors: [AdapterMessage], notes: [AdapterMessage]) {
        var errors: [AdapterMessage] = [], notes: [AdapterMessage] = []
        for (name, position, reason) in withoutArgumentFreeInit {
            if madeByScreens.contains(name) {
                notes.append(AdapterMessage(position, "\(reason): not registered by itself; the screens that make it register it as they make it"))
            } else {
                errors.append(AdapterMessage(position,
                    "\(reason); add one, e.g. `convenience init() { self.init(...) }`, or `override init() { super.init() }` next to `init?(coder:)`"))
            }
        }
        return (errors, notes)
    }

    init(declarations: Declarations, index: TypeIndex, position: (Int, AbsolutePosition) -> SourcePosition) {
        let instances = InstanceTypes(index: index)
        func chain(_ info: ClassInfo) -> [ClassInfo] { declarations.superclassChain(of: info) }
        func base(of info: ClassInfo) -> (isLayout: Bool, isFlow: Bool, isCompositional: Bool) {
            guard let top = chain(info).last?.superclass else { return (false, false, false) }
            if SourceAdapter.flowBases.contains(top) { return (true, true, false) }
            if SourceAdapter.compositionalBases.contains(top) { return (true, false, true) }
            return (SourceAdapter.layoutBases.contains(top), false, false)
        }

        var byName: [String: Layout] = [:]
        let viewControllers = Set(index.types.values.filter { Pruning.isViewController($0, index: index) }.map(\.qualifiedName))
        for info in declarations.classes {
            let (isLayout, isFlow, isCompositional) = base(of: info)
            if isLayout { layoutClassNames.insert(info.qualifiedName) }
            guard isLayout, !info.isGeneric else { continue }
            let at = position(info.fileIndex, info.node.name.positionAfterSkippingLeadingTrivia)

            // `init()` must exist: the class's own designated initialisers (or,
            // when it declares none, those of the first superclass that does)
            // decide, as Swift's initialiser inheritance does.
            let zeroArgument = chain(info).first { !$0.designatedInitialisers.isEmpty || $0.hasZeroArgumentInit }
            if let decider = zeroArgument, !decider.hasZeroArgumentInit {
                let list = decider.designatedInitialisers.map(\.signature).joined(separator: ", ")
                withoutArgumentFreeInit.append((info.name, at,
                    "layout class \(info.name) has no init() that stk can call (\(decider.name == info.name ? "its" : decider.name + "'s") initialisers: \(list))"))
                continue
            }

            var options: [Option] = []
            var seen: Set<String> = []
            // What the layout writes itself (in prepare(), in its queries) is
            // its state, not a setting: not an option.
            let state = chain(info).reduce(into: Set<String>()) { names, owner in
                names.formUnion(StateWrites.names(writtenBy: owner, extensions: declarations.extensions))
            }
            // Weak properties of a type of the sources that nothing of the
            // sources can be: the app sets them (a delegate), stk cannot.
            var unfilled: [(property: PropertyInfo, owner: ClassInfo, type: (name: String, isProtocol: Bool))] = []
            for owner in chain(info) {
                for property in owner.properties where seen.insert(property.name).inserted && !state.contains(property.name) {
                    if !property.isWeak, let kind = Self.kind(of: property.typeName, enums: declarations.enums) {
                        options.append(Option(property: property, kind: kind, declaringClass: owner.name))
                    } else if !property.isWeak, let kind = Self.optionalNumberKind(of: property.typeName) {
                        // `var cellHeight: CGFloat?`: `auto` is nil, the layout's own choice.
                        options.append(Option(property: property, kind: kind, declaringClass: owner.name, isOptional: true))
                    } else if let choice = instances.choice(for: property, declaredIn: owner.qualifiedName, layoutFile: info.fileIndex) {
                        options.append(Option(property: property, kind: .instance(choice), declaringClass: owner.name))
                    } else if property.isWeak, let type = instances.typeOfTheSources(of: property, declaredIn: owner.qualifiedName) {
                        unfilled.append((property, owner, type))
                    }
                }
            }
            // `collectionView?.delegate as? WaterfallLayoutDelegate`: the view
            // controller is that delegate on iOS; here a type of the sources that conforms.
            var unfilledCollectionViewDelegate: (asked: String, property: PropertyInfo)?
            if !seen.contains(Registration.collectionViewDelegateOption),
               let asked = chain(info).lazy.compactMap({ instances.askedDelegateProtocol(in: $0.node, owner: $0.qualifiedName) }).first {
                let property = PropertyInfo(name: Registration.collectionViewDelegateOption, typeName: asked + "?", invalidatesItself: false,
                                            documentation: "The collection view's delegate, which the layout asks as \(asked) (on iOS, the view controller).",
                                            node: InstanceTypes.optionalVariable(Registration.collectionViewDelegateOption, of: asked))
                if let choice = instances.choice(for: property, declaredIn: info.qualifiedName, layoutFile: info.fileIndex) {
                    options.append(Option(property: property, kind: .instance(choice), declaringClass: info.name,
                                          stkMember: "__stkCollectionViewDelegate"))
                } else {
                    unfilledCollectionViewDelegate = (asked, property)
                }
            }
            // `collectionView!.dataSource as! PhotosDataSource`: the app sets
            // that data source on iOS; here a type of the sources that fits.
            // A forced cast traps without one, so a single fitting type is
            // the default, as the app's is always that class.
            var defaultDataSource: String?
            if !seen.contains(Registration.collectionViewDataSourceOption),
               let asked = chain(info).lazy.compactMap({ instances.askedDataSourceType(in: $0.node, owner: $0.qualifiedName) }).first {
                let property = PropertyInfo(name: Registration.collectionViewDataSourceOption, typeName: asked.name + "?", invalidatesItself: false,
                                            documentation: "The collection view's data source, which the layout reads as \(asked.name) (on iOS, the object the app sets, often the view controller); stk's counts stay the script's.",
                                            node: InstanceTypes.optionalVariable(Registration.collectionViewDataSourceOption, of: asked.name))
                if var choice = instances.choice(for: property, declaredIn: info.qualifiedName, layoutFile: info.fileIndex) {
                    choice.candidates = choice.candidates.filter(instances.adoptsCollectionViewDataSource)
                    choice.unusable = choice.unusable.filter(instances.adoptsCollectionViewDataSource)
                    if !choice.candidates.isEmpty {
                        options.append(Option(property: property, kind: .instance(choice), declaringClass: info.name,
                                              stkMember: "__stkCollectionViewDataSource"))
                        if asked.isForced, choice.candidates.count == 1 { defaultDataSource = choice.candidates[0] }
                    }
                }
            }
            // A class nested in a view controller (`FeedViewController.Layout`)
            // is named after it too, as a layout function of the view
            // controller is: two view controllers may each have a `Layout`.
            let inViewCode = Pruning.isNestedInViewCode(info.qualifiedName, index: index)
            let className = inViewCode ? info.qualifiedName : info.name
            let name = inViewCode
                ? info.qualifiedName.split(separator: ".").map { NameStyle.layoutName(forClass: String($0)) }.joined(separator: "-")
                : NameStyle.layoutName(forClass: info.name)
            // No type of the sources conforms: the delegate is nil, and a
            // layout that asserts it (CHTCollectionViewWaterfallLayout) traps
            // at its first pass; the note says what to write, as for a weak
            // delegate property.
            if let (asked, property) = unfilledCollectionViewDelegate {
                let unmade = instances.unmadeFittingTypes(of: property, declaredIn: info.qualifiedName, layoutFile: info.fileIndex)
                if !unmade.isEmpty { unmadeFitting.append((advice.count, unmade)) }
                advice.append(AdapterMessage(at,
                    "\(info.name) asks its collection view's delegate as \(asked) (on iOS, the view controller adopts it), and "
                    + Self.noTypeMade(fits: "conforms", unmade: unmade, viewControllers: viewControllers) + ": the delegate is nil, and a layout that asserts it traps; "
                    + Self.writeOneBeside("a class that adopts \(asked)", layout: name, option: Registration.collectionViewDelegateOption)))
            }
            for (property, owner, type) in unfilled {
                let fits = type.isProtocol ? "conforms to \(type.name)" : "is a \(type.name)"
                let unmade = instances.unmadeFittingTypes(of: property, declaredIn: owner.qualifiedName, layoutFile: info.fileIndex)
                if !unmade.isEmpty { unmadeFitting.append((advice.count, unmade)) }
                advice.append(AdapterMessage(position(owner.fileIndex, property.node.positionAfterSkippingLeadingTrivia),
                    "\(owner.name).\(property.name) (weak, a \(type.name)) is the app's to set, and "
                    + Self.noTypeMade(fits: fits, unmade: unmade, viewControllers: viewControllers) + ": it stays nil, and "
                    + (property.isImplicitlyUnwrapped ? "the layout traps where it uses it; " : "the layout's calls through it answer nil; ")
                    + Self.writeOneBeside("a type that \(fits)", layout: name, option: property.name)))
            }
            let layout = Layout(info: info, name: name, className: className, isFlow: isFlow, isCompositional: isCompositional, options: options,
                                report: FoundLayout(name: name, className: className, position: at, isFlow: isFlow,
                                                    options: options.map(\.property.name)),
                                awakesFromNib: chain(info).contains { $0.overriddenNames.contains("awakeFromNib") },
                                defaultDataSource: defaultDataSource)
            if let other = byName[name] {
                errors.append(AdapterMessage(at,
                    "classes \(other.info.qualifiedName) (\(other.report.position)) and \(info.qualifiedName) both give the layout name '\(name)'; rename one of them"))
                continue
            }
            if info.isFilePrivate && info.qualifiedName.contains(".") {
                errors.append(AdapterMessage(at,
                    "layout class \(info.qualifiedName) is nested in a private type, so stk's registration code cannot name it; make the enclosing type internal"))
                continue
            }
            // A base class whose subclasses of the sources are the layouts,
            // with a method that only traps ("override in a subclass"): stk
            // would make it, and crash on it, as it loads.
            let subclasses = declarations.classes.filter { chain($0).dropFirst().contains { $0.qualifiedName == info.qualifiedName } }
            if let abstract = Self.abstractMethod(of: info, overriddenIn: subclasses) {
                notes.append(AdapterMessage(at,
                    "layout class \(info.name) is not registered: its \(abstract.method) only calls \(abstract.trap)(...), so it is abstract; its subclasses are the layouts"))
                continue
            }
            byName[name] = layout
            found.append(layout)
        }
    }

    /// Notes on the layout classes (an abstract base class not registered).
    private(set) var notes: [AdapterMessage] = []

    /// `no type of the sources conforms to P with an init() stk can call`;
    /// or, when some fit but stk cannot make them alone, they are named:
    /// `ViewController conforms to P, but it is a view controller, which stk
    /// makes only for its own layout` (its other members are view code, left
    /// out), or `Sizes conforms to P, but stk cannot make it alone (no init()
    /// it can call)`.
    static func noTypeMade(fits: String, unmade: [String], viewControllers: Set<String>) -> String {
        guard !unmade.isEmpty else { return "no type of the sources \(fits) with an init() stk can call" }
        let one = unmade.count == 1
        let verb = one ? fits : fits.replacingOccurrences(of: "conforms", with: "conform").replacingOccurrences(of: "is a", with: "are")
        let named = "\(unmade.map(Pruning.simpleName).joined(separator: ", ")) \(verb), but "
        if unmade.allSatisfy(viewControllers.contains) {
            return named + (one ? "it is a view controller, which stk makes only for its own layout"
                                : "they are view controllers, which stk makes only for their own layouts")
        }
        return named + "stk cannot make \(one ? "it" : "them") alone (no init() it can call)"
    }

    /// The notes on instances the app sets, each naming the layouts
    /// registered for the types that fit but that stk cannot make
    /// (`screenLayouts`: a type's qualified name to its layout's name): the
    /// view controller that sets itself as the delegate is that layout, as
    /// its code builds it (`layout view-controller`).
    func advice(screenLayouts: [String: String]) -> [AdapterMessage] {
        var advice = advice
        for (index, types) in unmadeFitting {
            let named = types.compactMap { type in screenLayouts[type].map { "`layout \($0)` is \(Pruning.simpleName(type))'s own layout, as its code builds it" } }
            if !named.isEmpty { advice[index].message += "; or: " + named.joined(separator: "; ") }
        }
        return advice
    }

    /// The end of a note on an instance the app sets and the sources cannot
    /// give: what to write beside the layout (`what`: `a type that conforms
    /// to P`) and the option that gives it.
    static func writeOneBeside(_ what: String, layout: String, option: String) -> String {
        "write a small one beside the layout (\(what), answering what the layout asks) and give it: `layout \(layout) \(option)=ThatType`"
    }

    /// A method of `info` whose body only traps (`fatalError("subclasses
    /// must override")`) and that a subclass overrides, and the trap; a
    /// trapping method no subclass overrides is the layout's own refusal
    /// (`prepare(forCollectionViewUpdates:)` "unsupported").
    static func abstractMethod(of info: ClassInfo, overriddenIn subclasses: [ClassInfo]) -> (method: String, trap: String)? {
        for member in info.node.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body,
                  let trap = LayoutFunctionDiscovery.onlyTrap(body),
                  subclasses.contains(where: { $0.overriddenNames.contains(function.name.text) }) else { continue }
            return (Pruning.signature(DeclSyntax(function)) ?? function.name.text, trap)
        }
        return nil
    }

    /// The names of the types the instance options make, each part of a
    /// qualified name apart: what the view code pruning must keep.
    var instanceTypeNames: Set<String> { Option.instanceTypeNames(of: found.flatMap(\.options)) }

    /// Takes away the candidates `isGone` names (a type the pruning kept
    /// without its conformances), and the instance options left without one.
    mutating func removeCandidates(where isGone: (String) -> Bool) {
        for i in found.indices {
            found[i].options = Option.removingCandidates(from: found[i].options, where: isGone)
            found[i].report.options = found[i].options.map(\.property.name)
            if let dataSource = found[i].defaultDataSource, isGone(dataSource) { found[i].defaultDataSource = nil }
        }
    }

    static let integerTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
    static let floatingTypes: Set<String> = ["CGFloat", "Double", "Float"]

    /// The kind of an optional number (`CGFloat?`, `Int?`; not `CGFloat!`).
    static func optionalNumberKind(of typeName: String) -> Option.Kind? {
        guard typeName.hasSuffix("?") else { return nil }
        let wrapped = String(typeName.dropLast())
        if integerTypes.contains(wrapped) { return .integer(wrapped) }
        if floatingTypes.contains(wrapped) { return .floating(wrapped) }
        return nil
    }

    static func kind(of typeName: String, enums: [String: [String]]) -> Option.Kind? {
        if integerTypes.contains(typeName) { return .integer(typeName) }
        if floatingTypes.contains(typeName) { return .floating(typeName) }
        switch typeName {
        case "Bool": return .bool
        case "CGSize": return .size
        case "CGPoint": return .point
        case "UIEdgeInsets", "EdgeInsets": return .insets
        case "UICollectionView.ScrollDirection", "UICollectionViewScrollDirection", "ScrollDirection":
            return .choice(["vertical", "horizontal"])
        default: return enums[typeName].map { .choice($0) }
        }
    }
}


/// The generated Swift that registers layouts.
enum Registration {
    /// `func NAME() -> [LayoutDescriptor]`, appended to the file that declares
    /// the classes (so `private` classes can be named).
    /// `sectionEnums`: by owner, the enum that names the sections of its
    /// diffable data source (`Pruning.sectionEnum(of:)`).
    static func function(named name: String, layouts: [Layout], functions: [LayoutFunction] = [], enums: [String: [String]],
                         sectionEnums: [String: String] = [:]) -> String {
        var out = "\n// stk: the layouts of this file, as stk registers them (generated)\n"
        out += "func \(name)() -> [LayoutDescriptor] {\n    var layouts: [LayoutDescriptor] = []\n"
        for layout in layouts {
            out += descriptor(layout)
        }
        for function in functions {
            out += descriptor(function)
            if let owner = function.owner, let sections = sectionEnums[owner] {
                out += "    layouts[layouts.count - 1].sectionIdentifierCases = StkIdentifier.caseCount(of: \(sections).self)\n"
            }
        }
        out += "    return layouts\n}\n"
        return out
    }

    /// A layout function: no options (what it builds is decided inside it),
    /// and a new layout from each call.
    static func descriptor(_ function: LayoutFunction) -> String {
        let noOption = "throw CollectionViewError(\"layout \(function.name) has no option '\\(name)'\")"
        // The owner's delegates (`OwnerOptions`), set on the owner the layout
        // keeps; the instance is kept by the layout, as the app's view
        // controller keeps the delegate it assigns. Their defaults are read
        // from a probe owner, in a block of its own.
        let owner = function.ownerOptions.isEmpty ? nil : function.owner
        let pad = owner == nil ? "    " : "        "
        var out = owner.map { "    do {\n        let probe = \($0)()\n" } ?? ""
        out += pad + "layouts.append(LayoutDescriptor(\n"
        out += pad + "    name: \(literal(function.name)), aliases: [\(function.aliases.map(literal).joined(separator: ", "))],\n"
        let kind = function.returnsSection ? "a section in a compositional layout of its own" : "a layout function"
        out += pad + "    summary: \(literal("\(function.described), \(kind) (\(function.position.file):\(function.position.line))")),\n"
        guard let owner else {
            out += pad + "    options: [],\n"
            // The compositional layout marks the boundary items it pins itself.
            out += pad + "    derivesPinned: false,\n"
            out += pad + "    makeAnyLayout: { \(function.factory) },\n"
            out += pad + "    setOption: { _, name, _ in \(noOption) },\n"
            out += pad + "    optionValue: { _, _ in nil }))\n"
            return out
        }
        out += pad + "    options: [\n"
        for option in function.ownerOptions {
            guard case .instance(let choice) = option.kind else { continue }
            let p = option.property
            let help = (p.documentation.map { $0 + " " } ?? "") + "(weak var \(p.name): \(p.typeName) of \(option.declaringClass), which the app assigns); set"
                + instanceHelp(choice)
            out += "                LayoutOption(name: \(literal(p.name)), type: \(optionType(option.kind)), defaultValue: \(read("probe", option)), help: \(literal(help))),\n"
        }
        out += pad + "    ],\n"
        out += pad + "    derivesPinned: false,\n"
        out += pad + "    makeAnyLayout: { \(function.factory) },\n"
        let owned = "guard let owner = anyLayout.__stkRetainedBuilder as? \(owner) else"
        out += optionSwitch("setOption", parameters: "anyLayout, name, value", binding: "\(owned) { \(noOption) }",
                            options: function.ownerOptions, otherwise: noOption) { option in
            "\n" + write("owner", option, keptBy: "anyLayout") + "                    anyLayout.invalidateLayout()\n"
        }
        out += ",\n"
        out += optionSwitch("optionValue", parameters: "anyLayout, name", binding: "\(owned) { return nil }",
                            options: function.ownerOptions, otherwise: "return nil") { option in
            " return \(read("owner", option))\n"
        }
        out += "))\n"
        out += "        _ = probe\n    }\n"
        return out
    }

    /// ` to a new instance of a type conforming to P, or nil`: what an
    /// instance option's help says `set` does, after "set".
    static func instanceHelp(_ choice: InstanceChoice) -> String {
        " to a new instance of " + (choice.isProtocol ? "a type conforming to \(choice.expected)" : "\(choice.expected) or a subclass")
            + (choice.isOptional ? ", or nil" : "")
    }

    /// The option that installs the collection view's delegate.
    static let collectionViewDelegateOption = "collectionViewDelegate"
    /// The option that installs the collection view's data source.
    static let collectionViewDataSourceOption = "collectionViewDataSource"

    static func descriptor(_ layout: Layout) -> String {
        let type = layout.info.qualifiedName
        let kindOfBase = layout.isFlow ? "UICollectionViewFlowLayout"
            : layout.isCompositional ? "UICollectionViewCompositionalLayout" : "UICollectionViewLayout"
        // A class a storyboard makes is set up in awakeFromNib() too: its defaults are those.
        var setUp = layout.awakesFromNib ? " layout.awakeFromNib();" : ""
        if let dataSource = layout.defaultDataSource { setUp += " layout.__stkCollectionViewDataSource = \(dataSource)();" }
        let make = setUp.isEmpty ? "\(type)()" : "{ let layout = \(type)();\(setUp) return layout }()"
        var out = "    do {\n        let probe = \(make)\n"
        out += "        layouts.append(LayoutDescriptor(\n"
        out += "            name: \(literal(layout.name)), aliases: [\(literal(layout.className))],\n"
        out += "            summary: \(literal("\(layout.className), a \(kindOfBase) subclass (\(layout.report.position.file):\(layout.report.position.line))")),\n"
        out += "            options: [\n"
        for option in layout.options {
            let p = option.property
            // An option on a member of stk's (no property of the layout's) has only its documentation.
            var help = (p.documentation.map { $0 + " " } ?? "")
                + (option.stkMember == nil ? "(var \(p.name): \(p.typeName) of \(option.declaringClass))" : "")
            if case .instance(let choice) = option.kind {
                help += (option.stkMember == nil ? "; set" : "Set") + instanceHelp(choice)
            }
            if option.isOptional { help += "; auto is nil" }
            let automatic = option.isOptional ? ", allowsAutomatic: true" : ""
            out += "                LayoutOption(name: \(literal(p.name)), type: \(optionType(option.kind)), defaultValue: \(read("probe", option))\(automatic), help: \(literal(help))),\n"
        }
        out += "            ],\n"
        // A compositional layout marks the boundary items it pins itself;
        // stk derives pinning from motion only for layouts that cannot.
        out += "            derivesPinned: \(!layout.isCompositional),\n"
        out += "            makeAnyLayout: { \(make) },\n"
        out += optionSwitch("setOption", parameters: "anyLayout, name, value", type: type, options: layout.options,
                            otherwise: "throw CollectionViewError(\"layout \(layout.name) has no option '\\(name)'\")") { option in
            var body = "\n" + write("layout", option)
            // A plain stored property does not invalidate the layout: stk does
            // what an app does after changing it.
            if !option.property.invalidatesItself { body += "                    layout.invalidateLayout()\n" }
            return body
        }
        out += ",\n"
        out += optionSwitch("optionValue", parameters: "anyLayout, name", type: type, options: layout.options,
                            otherwise: "return nil") { option in
            " return \(read("layout", option))\n"
        }
        out += "))\n"
        out += "        _ = probe\n    }\n"
        return out
    }

    /// A descriptor's closure argument `label` that switches on the option's
    /// name: `case "name":` then `body(option)` for each option, and
    /// `otherwise` for any other name.
    static func optionSwitch(_ label: String, parameters: String, type: String, options: [Option], otherwise: String,
                             body: (Option) -> String) -> String {
        optionSwitch(label, parameters: parameters, binding: "let layout = anyLayout as! \(type)", options: options,
                     otherwise: otherwise, body: body)
    }

    /// The same, with `binding` naming what the options are read from.
    static func optionSwitch(_ label: String, parameters: String, binding: String, options: [Option], otherwise: String,
                             body: (Option) -> String) -> String {
        var out = "            \(label): { \(parameters) in\n"
        out += "                \(binding)\n"
        out += "                switch name {\n"
        for option in options {
            out += "                case \(literal(option.property.name)):" + body(option)
        }
        out += "                default: \(otherwise)\n"
        out += "                }\n"
        out += "            }"
        return out
    }

    static func optionType(_ kind: Option.Kind) -> String {
        switch kind {
        case .floating: return ".number"
        case .integer: return ".integer"
        case .bool: return ".bool"
        case .size: return ".size"
        case .point: return ".point"
        case .insets: return ".insets"
        case .choice(let cases): return ".choice([\(cases.map(literal).joined(separator: ", "))])"
        // The words stk completes, lists and checks before the setter runs.
        case .instance(let choice): return ".choice([\(choice.words.map(literal).joined(separator: ", "))])"
        }
    }

    /// An expression giving the option's `LayoutOptionValue` from `object`.
    static func read(_ object: String, _ option: Option) -> String {
        let property = option.member(of: object)
        if option.isOptional {
            return "{ () -> LayoutOptionValue in guard let value = \(property) else { return .automatic }; return .number(Double(value)) }()"
        }
        switch option.kind {
        case .floating, .integer: return ".number(Double(\(property)))"
        case .bool: return ".bool(\(property))"
        case .size: return ".size(\(property))"
        case .point: return ".point(\(property))"
        case .insets: return ".insets(\(property))"
        case .choice(let cases):
            let arms = cases.map { "case .\($0): return .word(\(literal($0)))" }.joined(separator: "; ")
            return "{ () -> LayoutOptionValue in switch \(property) { \(arms) } }()"
        case .instance(let choice):
            // The name of the instance's own type (a subclass is itself);
            // a type stk does not offer (made by the layout's init) by its name.
            let value = choice.isOptional
                ? "guard let value = \(property) else { return .word(\(literal(InstanceChoice.nilWord))) }; "
                : "let value = \(property); "
            let arms = choice.candidates.map {
                "if type == ObjectIdentifier(\($0).self) { return .word(\(literal($0))) }; "
            }.joined()
            return "{ () -> LayoutOptionValue in \(value)let type = ObjectIdentifier(Swift.type(of: value) as Any.Type); "
                + arms + "return .word(String(describing: Swift.type(of: value))) }()"
        }
    }

    /// Statements setting the property from `value` (checked first).
    static func write(_ object: String, _ option: Option, keptBy keeper: String? = nil) -> String {
        let property = option.member(of: object)
        let name = literal(option.property.name)
        let indent = "                    "
        if option.isOptional {
            // nil for `auto`, else the number, as the plain kind writes it.
            var plain = option
            plain.isOptional = false
            return indent + "if value == .automatic || value == .word(\"auto\") { \(property) = nil } else {\n"
                + write(object, plain) + indent + "}\n"
        }
        switch option.kind {
        case .floating(let type):
            return indent + "\(property) = \(type)(try OptionValues.number(value, option: \(name)))\n"
        case .integer(let type):
            return indent + "let whole = try OptionValues.integer(value, option: \(name))\n"
                + indent + "guard let converted = \(type)(exactly: whole) else { throw OptionValues.refused(\(name), value, expected: \"an integer that fits \(type)\") }\n"
                + indent + "\(property) = converted\n"
        case .bool: return indent + "\(property) = try OptionValues.bool(value, option: \(name))\n"
        case .size: return indent + "\(property) = try OptionValues.anySize(value, option: \(name))\n"
        case .point: return indent + "\(property) = try OptionValues.point(value, option: \(name))\n"
        case .insets: return indent + "\(property) = try OptionValues.anyInsets(value, option: \(name))\n"
        case .choice(let cases):
            return indent + "switch try OptionValues.choice(value, option: \(name), among: [\(cases.map(literal).joined(separator: ", "))]) {\n"
                + cases.map { indent + "case \(literal($0)): \(property) = .\($0)\n" }.joined()
                + indent + "default: break\n" + indent + "}\n"
        case .instance(let choice):
            // `set animator=LinearCardAnimator`: a new instance, made with init().
            let refusal = "throw CollectionViewError(\"option \(option.property.name) expects \(choice.expectation), got \\(value)\")"
            var out = indent + "guard case .word(let word) = value else { \(refusal) }\n"
            out += indent + "switch word {\n"
            // A weak property's instance is kept by the layout, as the app's
            // view controller keeps the delegate it assigns.
            let kept = "\(keeper ?? object).__stkRetainedOptions[\(name)]"
            for candidate in choice.candidates {
                out += indent + "case \(literal(candidate)): "
                out += option.property.isWeak ? "let made = \(candidate)(); \(kept) = made; \(property) = made\n" : "\(property) = \(candidate)()\n"
            }
            if choice.isOptional {
                out += indent + "case \(literal(InstanceChoice.nilWord)): \(property) = nil" + (option.property.isWeak ? "; \(kept) = nil\n" : "\n")
            }
            for other in choice.unusable {
                let why = "option \(option.property.name): stk cannot make a \(other) with init() (it needs an initialiser whose parameters all have default values); it expects \(choice.expectation)"
                out += indent + "case \(literal(other)): throw CollectionViewError(\(literal(why)))\n"
            }
            out += indent + "default: \(refusal)\n" + indent + "}\n"
            return out
        }
    }

    /// The traps of the standard library, declared in the plugin's module so
    /// that they shadow Swift's: the runtime names the file of a
    /// `fatalError` by `#fileID`, which for the compiled copy is the module
    /// and the copy (`StkSource_<hash>/0-File.swift`); these pass `#file`,
    /// which `#sourceLocation` sets to the user's path as they gave it, and
    /// `#line`, the user's line. Transparent, so a crash report shows the
    /// user's frame where the trap was. Nil when the sources declare every
    /// one of these names themselves.
    static func trapLocations(except declared: Set<String>) -> String? {
        let message = "_ message: @autoclosure () -> String = String()"
        let condition = "_ condition: @autoclosure () -> Bool"
        let place = "file: StaticString = #file, line: UInt = #line"
        let traps: [(name: String, parameters: String, result: String, call: String)] = [
            ("fatalError", "\(message), \(place)", " -> Never", "message()"),
            ("precondition", "\(condition), \(message), \(place)", "", "condition(), message()"),
            ("preconditionFailure", "\(message), \(place)", " -> Never", "message()"),
            ("assert", "\(condition), \(message), \(place)", "", "condition(), message()"),
            ("assertionFailure", "\(message), \(place)", "", "message()"),
        ]
        let kept = traps.filter { !declared.contains($0.name) }
        guard !kept.isEmpty else { return nil }
        var out = """
            // stk: the standard library's traps, naming the user's file and line
            // (generated; see SourceAdapter's Registration.trapLocations).

            """
        for trap in kept {
            out += "@_transparent\nfunc \(trap.name)(\(trap.parameters))\(trap.result) {\n"
            out += "    Swift.\(trap.name)(\(trap.call), file: file, line: line)\n}\n"
        }
        return out
    }

    /// The C entry point stk calls, registering every file's layouts.
    static func entryPoint(calling functions: [String]) -> String {
        """
        // stk: the plugin's entry point (generated): the layouts found in the
        // sources, registered as a plugin written for stk registers them.
        import LayoutKit

        @_cdecl("stk_plugin_register")
        public func __stkPluginRegister(_ registrar: UnsafeMutableRawPointer?) -> Int32 {
            stkRegisterPlugin(registrar, layouts: \(functions.map { "\($0)()" }.joined(separator: " + ")))
        }

        """
    }
}


/// The stored properties a class's own methods assign (`x = ...`, `self.x += ...`,
/// `x.y = ...`), outside its initialisers and property observers: the
/// layout's state. Methods moved in from extensions count too.
enum StateWrites {
    static func names(writtenBy owner: ClassInfo, extensions: [ExtensionInfo]) -> Set<String> {
        let collector = AssignmentCollector(viewMode: .sourceAccurate)
        for member in owner.node.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) { collector.walk(function) }
        }
        for ext in extensions where ext.extendedType == owner.name {
            for member in ext.node.memberBlock.members {
                if let function = member.decl.as(FunctionDeclSyntax.self) { collector.walk(function) }
            }
        }
        return collector.names
    }

    final class AssignmentCollector: SyntaxVisitor {
        var names: Set<String> = []

        static let compoundAssignments: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]

        static func isAssignment(_ expr: ExprSyntax) -> Bool {
            expr.is(AssignmentExprSyntax.self)
                || (expr.as(BinaryOperatorExprSyntax.self).map { compoundAssignments.contains($0.operator.text) } ?? false)
        }

        // The parser leaves operators unfolded: `a = b` is a sequence whose
        // operator follows the assigned expression.
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (i, element) in elements.enumerated() where i > 0 && Self.isAssignment(element) {
                if let name = Self.assignedName(elements[i - 1]) { names.insert(name) }
            }
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            if Self.isAssignment(node.operator), let name = Self.assignedName(node.leftOperand) { names.insert(name) }
            return .visitChildren
        }

        /// `x`, `self.x`, or the root of `x.y.z` / `self.x.y` / `x[i]`.
        static func assignedName(_ expr: ExprSyntax) -> String? {
            if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            if let member = expr.as(MemberAccessExprSyntax.self) {
                if let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                    return member.declName.baseName.text
                }
                return member.base.flatMap(assignedName)
            }
            if let subscriptCall = expr.as(SubscriptCallExprSyntax.self) { return assignedName(subscriptCall.calledExpression) }
            return nil
        }
    }
}
