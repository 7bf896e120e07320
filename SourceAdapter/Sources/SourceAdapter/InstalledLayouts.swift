import SwiftSyntax

/// A layout an app builds where stk cannot call it, and installs there: in
/// `viewDidLoad()`, an initialiser, a collection view subclass's
/// `commonInit()`, or a `lazy var collectionView` closure. The statements of
/// that code that build it (the construction, the values it is made from, and
/// what is set on it afterwards) become a layout function stk can call, in an
/// extension of the type written after the file's last line, each statement
/// under a `#sourceLocation` of its own line, so that the compiler speaks of
/// the lines the user wrote:
///
/// ```swift
/// override func viewDidLoad() {
///     super.viewDidLoad()
///     var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
///     configuration.headerMode = .supplementary
///     let layout = UICollectionViewCompositionalLayout.list(using: configuration)
///     collectionView.collectionViewLayout = layout
/// }
/// ```
///
/// gives `func __stkInstalledLayout() -> UICollectionViewLayout` with the
/// three lines that make `layout`, returning it. It is tried for each type
/// that has no layout function of its own. Code that cannot be
/// taken apart so (the layout made from a parameter, or changed inside an
/// `if` that also does other things, or with `try` or `await`) is left as it
/// is, and the error that no layout was found points at it.
struct InstalledLayout {
    /// The name of the function written for it.
    static let functionName = "__stkInstalledLayout"
    /// The name of the function written for a subclass that inherits it.
    static let inheritedFunctionName = "__stkInheritedLayout"
    /// The names of the functions stk writes.
    static let functionNames: Set<String> = [functionName, inheritedFunctionName]

    let file: Int
    /// The type whose code builds it, as the extension names it (`FeedViewController`, `Outer.Inner`).
    let typeName: String
    /// The code whose statements are taken, as messages name it:
    /// `viewDidLoad()`, `commonInit()`, `collectionView`, `viewDidLoad() and viewDidLayoutSubviews()`.
    let context: String
    /// How the layout is described: `the layout FeedViewController.viewDidLoad() builds`.
    let described: String
    /// The construction (`UICollectionViewCompositionalLayout(...)`).
    let construction: AbsolutePosition
    /// The lines of the statements taken and of the construction, first to last.
    let lines: [Int]
    /// The extension, to append to the file.
    let text: String
    /// A layout property this function registers in its place (`Owner.layout`).
    let replacedProperty: String?
    /// The code that sets the property up in a way stk cannot run (from a
    /// parameter, or among other code): `init(spacing:)`.
    let notRun: [String]
    /// The lines of the type's other layouts, not registered (stk registers
    /// the first a type builds: a list and a grid it switches between).
    var othersBuilt: [Int] = []
    /// Its construction calls a layout function of the sources that needs
    /// arguments (`UIHelper.createThreeColumnFlowLayout(in: view)`).
    var callsLayoutFunction = false
    /// For a subclass's function: the superclass whose layout it calls, and
    /// where that layout is made (a file's path and lines).
    var inherited: (from: String, path: String, lines: [Int])?

    /// Made by stk for a screen whose flow layout only a storyboard makes.
    var isStoryboardDefault = false
    /// It is `UICollectionViewFlowLayout()`, set up nowhere in its statements.
    var isBareFlowLayout = false
    /// The layout class of the sources it makes with arguments (`TagsLayout`).
    var constructedClass: String?
    /// What the code beside its set-up sets on the collection view
    /// (`collectionView.contentInset = ...`), lines of its file.
    var sessionSettings: [SessionSettings.Found] = []

    /// The screens whose flow layout a storyboard makes, which the sources
    /// do not hold: a view controller that adopts the flow delegate
    /// (`class PhotoCollectionViewController: UICollectionViewController,
    /// UICollectionViewDelegateFlowLayout` with `sizeForItemAt`) and has no
    /// layout of its own nor inherited. stk makes a flow layout with UIKit's
    /// defaults, as Interface Builder's is unless the storyboard changes it,
    /// and the screen, made by `init()`, is its delegate.
    static func storyboardFlowLayouts(index: TypeIndex, excluding: Set<String>, in sources: Sources) -> [InstalledLayout] {
        screenClasses(in: index, excluding: excluding).compactMap { type in
            guard Pruning.isViewController(type, index: index), let group = type.node.asProtocol(DeclGroupSyntax.self) else { return nil }
            // It sizes something: a base that only adopts the delegate for
            // its subclasses is not a screen.
            let members = TypeIndex.memberDecls(group.memberBlock)
                + index.extensions(of: type.qualifiedName).flatMap { TypeIndex.memberDecls($0.node.memberBlock) }
            guard members.contains(where: { Pruning.signature($0).map(Pruning.flowDelegateRequirements.contains) == true }),
                  var layout = InstalledLayout(screen: type, returning: "UICollectionViewFlowLayout()", context: "the storyboard",
                                               described: "the storyboard's flow layout \(type.name) sizes", in: sources) else { return nil }
            layout.isStoryboardDefault = true
            return layout
        }
    }

    /// The classes that adopt the flow delegate and are not `excluding`, by
    /// name: the screens a function stk writes may be made for.
    private static func screenClasses(in index: TypeIndex, excluding: Set<String>) -> [TypeIndex.TypeDecl] {
        index.types.values.filter { type in
            type.kind == .class && !excluding.contains(type.qualifiedName) && index.adoptsFlowDelegate(type)
        }.sorted { $0.qualifiedName < $1.qualifiedName }
    }

    /// The function stk writes for a screen: it returns `call`, under a
    /// `#sourceLocation` of the line the screen is declared on, so that an
    /// error in it names the screen.
    private init?(screen type: TypeIndex.TypeDecl, returning call: String, context: String, described: String, in sources: Sources) {
        guard let nameToken = Pruning.nameToken(type.node) else { return nil }
        let line = sources.converters[type.fileIndex].location(for: nameToken.positionAfterSkippingLeadingTrivia).line
        self.init(file: type.fileIndex, typeName: type.qualifiedName, context: context, described: described,
                  construction: nameToken.positionAfterSkippingLeadingTrivia, lines: [line],
                  body: lineDirective(file: sources.paths[type.fileIndex], line: line) + "        return \(call)\n",
                  replacedProperty: nil, functionName: Self.inheritedFunctionName)
    }

    /// The screens that inherit their layout: a subclass of the sources
    /// (`class MusicController: BaseListController,
    /// UICollectionViewDelegateFlowLayout`) with no layout of its own, whose
    /// superclass builds one stk runs (`init() { super.init(collectionViewLayout:
    /// UICollectionViewFlowLayout()) }`, the "base list controller" of many
    /// apps) or has a layout function, and which adopts the flow delegate: on
    /// iOS it shows that layout sized by its own delegate methods, so stk
    /// registers it under its own name, made by `MusicController()`, which
    /// becomes the collection view's delegate.
    static func inherited(from bases: [(typeName: String, call: String, path: String, lines: [Int])], index: TypeIndex,
                          excluding: Set<String>, in sources: Sources) -> [InstalledLayout] {
        let byType = Dictionary(bases.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first })
        return screenClasses(in: index, excluding: excluding).compactMap { type in
            guard byType[type.qualifiedName] == nil else { return nil }
            var superclass = index.superclass(of: type)
            var base: (typeName: String, call: String, path: String, lines: [Int])?
            while let current = superclass, base == nil {
                base = byType[current.qualifiedName]
                superclass = index.superclass(of: current)
            }
            guard let base else { return nil }
            let baseName = Pruning.simpleName(base.typeName)
            guard var layout = InstalledLayout(screen: type, returning: base.call, context: "\(baseName)'s layout",
                                               described: "the layout \(type.name) inherits from \(baseName)", in: sources) else { return nil }
            layout.inherited = (baseName, base.path, base.lines)
            return layout
        }
    }

    /// The layouts of `trees` built where stk cannot call them, at most one a
    /// type (its first). `paths` name the files in the `#sourceLocation`s.
    static func find(in sources: Sources) -> [InstalledLayout] {
        let (paths, converters) = (sources.paths, sources.converters)
        var found: [InstalledLayout] = []
        var storyboardTypes: [String] = []
        var storyboardSetUps: [String: [StoryboardSetUp]] = [:]
        var storyboardNotRun: [String: [String]] = [:]
        for (file, tree) in sources.trees.enumerated() {
            let finder = ConstructionFinder(layoutClasses: Set(sources.layoutClassNames.map(Pruning.simpleName)),
                                            layoutFunctions: sources.callsNeedingArguments)
            finder.walk(tree)
            // A placeholder handed to `UICollectionView(frame:collectionViewLayout:)`
            // comes after the type's other constructions: the layout set later
            // (in `configureLayout()`) is the one the app shows.
            let ordered = finder.found.filter { !Self.isPlaceholder($0) } + finder.found.filter(Self.isPlaceholder)
            for call in ordered {
                let layout = property(initialisedWith: call).flatMap {
                    InstalledLayout(property: $0, registered: false, file: file, in: sources)
                }
                    ?? InstalledLayout(call: call, file: file, path: paths[file], converter: converters[file])
                    ?? InstalledLayout(handedOverIn: call, file: file, path: paths[file], converter: converters[file])
                guard var layout else { continue }
                layout.callsLayoutFunction = finder.layoutFunctions.contains(call.calledExpression.trimmedDescription)
                // A layout class of the sources made and installed as it is
                // (`collectionViewLayout: StickyLayout()`) is that class's
                // layout, registered under its own name; one set up after it
                // is made (`layout.scrollDirection = .horizontal`) is the type's.
                // One a screen makes with arguments (`TagsLayout(maxWidth:
                // view.frame.width, minimumLineSpacing: 8)`), or any type of a
                // class stk cannot make alone (no init()), is the type's.
                let madeWithArguments = !UnreachableLayout.isConstruction(call) && !layout.callsLayoutFunction && !call.arguments.isEmpty
                    && (sources.unmadeLayoutClasses.contains(call.calledExpression.trimmedDescription)
                        || sources.viewControllers.contains(layout.typeName))
                if madeWithArguments { layout.constructedClass = call.calledExpression.trimmedDescription }
                if !UnreachableLayout.isConstruction(call) && !layout.callsLayoutFunction && layout.lines.count < 2 && !madeWithArguments { continue }
                layout.isBareFlowLayout = call.trimmedDescription == "UICollectionViewFlowLayout()" && layout.lines.count < 2
                if let first = found.firstIndex(where: { $0.typeName == layout.typeName }) {
                    found[first].othersBuilt.append(converters[file].location(for: layout.construction).line)
                    continue
                }
                found.append(layout)
            }
            for variable in finder.flowLayoutOutlets {
                guard let layout = InstalledLayout(property: variable, registered: false, file: file, in: sources, outlet: true),
                      !found.contains(where: { $0.typeName == layout.typeName }) else { continue }
                found.append(layout)
            }
            for (cast, optional) in StoryboardCastFinder.casts(in: Syntax(tree)) {
                guard let (statements, index) = Self.statement(holding: Syntax(cast)), let enclosed = Self.enclosing(statements[index]) else { continue }
                let (context, typeName, _, _) = enclosed
                if storyboardSetUps[typeName] == nil { storyboardTypes.append(typeName) }
                if let setUp = Self.storyboardSetUp(cast, optional: optional, in: statements, at: index, enclosed: enclosed,
                                                    file: file, converter: converters[file]) {
                    // Each place once: `(...)?.a = 1` and `(...)?.b = 2` are one set-up.
                    if !storyboardSetUps[typeName, default: []].contains(where: { $0.statements.first?.id == setUp.statements.first?.id }) {
                        storyboardSetUps[typeName, default: []].append(setUp)
                    }
                } else if !storyboardNotRun[typeName, default: []].contains(context) {
                    storyboardNotRun[typeName, default: []].append(context)
                }
            }
        }
        // The storyboard's flow layout, set up in one place or several
        // (spacing in viewDidLoad(), the item size in viewDidLayoutSubviews()).
        // A flow layout the code makes bare (`UICollectionView(frame: .zero,
        // collectionViewLayout: UICollectionViewFlowLayout())`) and sets up
        // through the same cast is made and set up alike.
        for typeName in storyboardTypes {
            let built = found.firstIndex { $0.typeName == typeName }
            guard built.map({ found[$0].isBareFlowLayout }) ?? true,
                  let setUps = storyboardSetUps[typeName], !setUps.isEmpty else { continue }
            let taken = Set(setUps.map(\.context))
            let layout = InstalledLayout(storyboardSetUps: setUps, notRun: storyboardNotRun[typeName, default: []].filter { !taken.contains($0) },
                                         builtBare: built.map { found[$0] }, in: sources)
            if let built { found[built] = layout } else { found.append(layout) }
        }
        return found
    }

    /// The layout properties among `registered` that the type's own methods
    /// set up (`layout.itemSize = ...` in `viewDidLoad()`): registered with
    /// that set-up instead of the bare value.
    static func setUp(_ registered: [LayoutFunction], in sources: Sources) -> [InstalledLayout] {
        registered.compactMap { function in
            guard function.form == .property, function.ownerIsUserType, !function.isStatic,
                  let variable = function.decl.as(VariableDeclSyntax.self) else { return nil }
            return InstalledLayout(property: variable, registered: true, file: function.fileIndex, in: sources)
        }
    }

    /// The stored property whose value `call` is: `let layout = UICollectionViewFlowLayout()`.
    private static func property(initialisedWith call: FunctionCallExprSyntax) -> VariableDeclSyntax? {
        guard let binding = call.parent?.parent?.as(PatternBindingSyntax.self), binding.initializer?.value.id == ExprSyntax(call).id,
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true
        else { return nil }
        return variable
    }

    private init?(call: FunctionCallExprSyntax, file: Int, path: String, converter: SourceLocationConverter) {
        guard let (statements, constructionIndex) = Self.statement(holding: Syntax(call)),
              let (context, typeName, parameters, bodyLocals) = Self.enclosing(statements[constructionIndex]) else { return nil }
        let statement = statements[constructionIndex]

        // What is returned: the local the construction is bound to, or the construction itself.
        var result = call.trimmedDescription
        var needed: Set<String>
        var included: Set<Int> = []
        // `let layout = UICollectionViewFlowLayout()`: the local is the layout.
        // Not `let cv = UICollectionView(frame: .zero, collectionViewLayout:
        // UICollectionViewFlowLayout())`, whose local is the collection view.
        var members: Set<String> = []
        if let binding = Self.singleBinding(statement), binding.value.id == ExprSyntax(call).id {
            result = binding.name
            needed = Self.baseNames(in: Syntax(statement)).union([binding.name])
            included.insert(constructionIndex)
        } else if let assignment = Self.memberAssignment(statement), assignment.value.id == ExprSyntax(call).id {
            // `gridLayout = GridLayout()` into a stored property, then set
            // up through it (`gridLayout.minimumLineSpacing = 10`).
            result = assignment.name
            needed = Self.baseNames(in: Syntax(call)).union([assignment.name])
            members = [assignment.name]
            included.insert(constructionIndex)
        } else {
            needed = Self.baseNames(in: Syntax(call))
        }
        guard let slice = Self.slice(statements, included: included, needed: needed, parameters: parameters, bodyLocals: bodyLocals,
                                     members: members) else { return nil }
        let constructionLine = converter.location(for: call.positionAfterSkippingLeadingTrivia).line
        let body = Self.text(of: slice.map { statements[$0] }, path: path, converter: converter)
            + lineDirective(file: path, line: constructionLine) + "        return \(result)\n"
        self.init(file: file, typeName: typeName, context: context, described: "the layout \(Pruning.simpleName(typeName)).\(context) builds",
                  construction: call.positionAfterSkippingLeadingTrivia,
                  lines: slice.map { converter.location(for: statements[$0].positionAfterSkippingLeadingTrivia).line } + [constructionLine],
                  body: body, replacedProperty: nil)
        sessionSettings = SessionSettings.find(in: statements, converter: converter)
    }

    /// A construction written straight into a property's value
    /// (`lazy var collectionView = UICollectionView(frame: .zero,
    /// collectionViewLayout: UICollectionViewFlowLayout())`): the function
    /// returns it as it is.
    private init?(handedOverIn call: FunctionCallExprSyntax, file: Int, path: String, converter: SourceLocationConverter) {
        var node = Syntax(call)
        while let parent = node.parent, !node.is(CodeBlockItemSyntax.self), !node.is(ClosureExprSyntax.self) {
            node = parent
            guard let variable = node.as(VariableDeclSyntax.self) else { continue }
            guard variable.parent?.is(MemberBlockItemSyntax.self) == true,
                  !variable.modifiers.isStatic,
                  let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let group = variable.parent?.parent?.parent?.parent?.asProtocol(DeclGroupSyntax.self),
                  let simpleName = Self.typeName(of: group) else { return nil }
            let line = converter.location(for: call.positionAfterSkippingLeadingTrivia).line
            self.init(file: file, typeName: Self.qualifiedName(of: group, simpleName), context: name, described: "the layout \(simpleName).\(name) builds",
                      construction: call.positionAfterSkippingLeadingTrivia, lines: [line],
                      body: lineDirective(file: path, line: line) + "        return \(call.trimmedDescription)\n", replacedProperty: nil)
            return
        }
        return nil
    }

    /// The sources, with the paths the `#sourceLocation`s name and the
    /// converters of their positions; a property's set-up may be in any of
    /// them (its type's extensions).
    struct Sources {
        let trees: [SourceFileSyntax]
        let paths: [String]
        let converters: [SourceLocationConverter]
        /// The layout classes of the sources (qualified names).
        var layoutClassNames: Set<String> = []
        /// How code calls the layout functions refused for their parameters.
        var callsNeedingArguments: Set<String> = []
        /// The layout classes stk cannot make alone (no `init()`), by simple name.
        var unmadeLayoutClasses: Set<String> = []
        /// The view controllers of the sources (qualified names).
        var viewControllers: Set<String> = []
        /// The layout each class's initialiser (or its superclass's) hands
        /// to `super.init(collectionViewLayout:)`, by qualified class name.
        var initialLayouts: [String: InitialLayout] = [:]

        /// The member lists of the extensions of `typeName`, with their file.
        func extensions(of typeName: String) -> [(file: Int, members: MemberBlockItemListSyntax)] {
            trees.enumerated().flatMap { file, tree in
                TypeIndex.topLevelDecls(tree.statements).compactMap { decl -> (file: Int, members: MemberBlockItemListSyntax)? in
                    guard let ext = decl.as(ExtensionDeclSyntax.self), ext.extendedType.trimmedDescription == typeName else { return nil }
                    return (file, ext.memberBlock.members)
                }
            }
        }
    }

    /// A stored property that holds a layout (`let layout = UICollectionViewFlowLayout()`,
    /// typed or not), with the statements of the type's initialisers and
    /// methods without parameters that set it up (`layout.itemSize = ...` in
    /// `viewDidLoad()`, `self.layout.minimumLineSpacing = 8` in `commonInit()`),
    /// initialisers first. A property already `registered` and set up nowhere
    /// needs nothing; what code stk cannot take apart sets on it (from a
    /// parameter, or among other code) is not run, and `notRun` names that code.
    /// (A method without parameters is taken for set-up: an action such as
    /// `@objc func showGrid()` that changes the layout would be run too.)
    /// An `outlet` (`@IBOutlet weak var flowLayout: UICollectionViewFlowLayout!`)
    /// has no value: the storyboard's flow layout is made for it.
    private init?(property variable: VariableDeclSyntax, registered: Bool, file: Int, in sources: Sources, outlet: Bool = false) {
        let path = sources.paths[file], converter = sources.converters[file]
        guard variable.bindings.count == 1, let binding = variable.bindings.first, binding.accessorBlock == nil,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              binding.initializer != nil || outlet, !variable.modifiers.isStatic,
              let members = variable.parent?.parent?.as(MemberBlockItemListSyntax.self),
              let group = members.parent?.parent?.asProtocol(DeclGroupSyntax.self), let simpleName = Self.typeName(of: group) else { return nil }
        let typeName = Self.qualifiedName(of: group, simpleName)
        // The code that sets it up: initialisers, then methods without
        // parameters, in the type and its extensions (`extension MemesVC {
        // func flowLayoutSetup() }`, in this file or another).
        // A rotation's (`viewWillTransition(to size:with:)`) may read the
        // size it is given (`sizeName`), which stk gives it.
        var blocks: [(name: String, statements: [CodeBlockItemSyntax], parameters: Set<String>, file: Int, sizeName: String?)] = []
        for (memberFile, list) in [(file, members)] + sources.extensions(of: typeName) {
            for member in list {
                if let initialiser = member.decl.as(InitializerDeclSyntax.self), let body = initialiser.body {
                    blocks.insert((Pruning.initLabel(DeclSyntax(initialiser)), Array(body.statements),
                                   Set(initialiser.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }), memberFile, nil),
                                  at: blocks.filter { $0.name.hasPrefix("init") }.count)
                } else if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body, !function.modifiers.isStatic {
                    let sizeName = LayoutCallbacks.transitionSizeName(function)
                    guard function.signature.parameterClause.parameters.isEmpty || sizeName != nil else { continue }
                    blocks.append((Pruning.signature(DeclSyntax(function)) ?? function.name.text, Array(body.statements),
                                   Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }), memberFile, sizeName))
                }
            }
        }
        var body = ""
        var atLayout = ""
        var atTransition: [(sizeName: String, text: String)] = []
        var settings: [SessionSettings.Found] = []
        var lines: [Int] = []
        var setUpIn: [String] = []
        var notRun: [String] = []
        for block in blocks {
            let locals = Set(block.statements.flatMap { Self.declaredNames($0) })
            guard !locals.contains(name) else { continue } // a local of the same name: not the property
            let given = block.sizeName.map { [$0] } ?? []
            guard let slice = Self.slice(block.statements, included: [], needed: [name], parameters: block.parameters.subtracting(given),
                                         bodyLocals: locals, members: Set([name] + given)) else {
                // Set up from what the code is given, or among other code: said, not run.
                notRun.append(block.name)
                continue
            }
            guard !slice.isEmpty else { continue }
            if block.file == file { settings += SessionSettings.find(in: block.statements, converter: converter) }
            let text = Self.text(of: slice.map { block.statements[$0] }, path: sources.paths[block.file], converter: sources.converters[block.file])
            if let sizeName = block.sizeName {
                atTransition.append((sizeName, text))
            } else if LayoutCallbacks.Moment(block.name) == .layout {
                atLayout += text
            } else {
                body += text
            }
            // The note's lines are of the property's file.
            if block.file == file { lines += slice.map { converter.location(for: block.statements[$0].positionAfterSkippingLeadingTrivia).line } }
            setUpIn.append(block.name)
        }
        if registered && setUpIn.isEmpty && notRun.isEmpty { return nil }
        let propertyLine = converter.location(for: binding.positionAfterSkippingLeadingTrivia).line
        let context = setUpIn.isEmpty ? name : setUpIn.joined(separator: " and ")
        var described = setUpIn.isEmpty ? "\(simpleName).\(name)" : "\(simpleName).\(name) as \(context) set\(setUpIn.count == 1 ? "s" : "") it up"
        if outlet {
            // The storyboard's flow layout, which the sources do not hold:
            // made with UIKit's defaults, under the outlet's name, which the
            // set-up then reads (a local: the outlet itself is weak, and nil).
            guard !setUpIn.isEmpty else { return nil }
            described = "the storyboard's flow layout (outlet \(name)) as \(context) set\(setUpIn.count == 1 ? "s" : "") it up (made with UIKit's defaults: what Interface Builder sets is not in the sources)"
            body = lineDirective(file: path, line: propertyLine) + "        let \(name) = UICollectionViewFlowLayout()\n" + body
        }
        let directive = lineDirective(file: path, line: propertyLine)
        body += LayoutCallbacks.hook(on: name, atLayout: atLayout, atTransition: atTransition, directive: directive)
        body += directive + "        return \(name)\n"
        self.init(file: file, typeName: typeName, context: context, described: described,
                  construction: binding.positionAfterSkippingLeadingTrivia, lines: [propertyLine] + lines,
                  body: body, replacedProperty: registered ? typeName + "." + name : nil, notRun: notRun)
        sessionSettings = settings
    }

    init(file: Int, typeName: String, context: String, described: String, construction: AbsolutePosition,
                 lines: [Int], body: String, replacedProperty: String?, notRun: [String] = [], functionName: String = functionName) {
        self.notRun = notRun
        self.file = file
        self.typeName = typeName
        self.context = context
        self.described = described
        self.construction = construction
        self.lines = Array(Set(lines)).sorted()
        self.replacedProperty = replacedProperty
        text = "\n// stk: \(described), as a function stk can call\nextension \(typeName) {\n"
            + "    func \(functionName)() -> UICollectionViewLayout {\n" + body + "    }\n}\n"
    }

    /// The statements of a block that make what is `needed` (and that
    /// `included` already holds): those that declare it or change it, to a
    /// fixed point, in block order. Nil when that cannot be taken apart: a
    /// change inside an `if` or a loop among other code, `try` or `await`,
    /// or what is needed being a parameter or a local of an outer block.
    /// `members` are names of the type needed as they are (a property set up).
    static func slice(_ statements: [CodeBlockItemSyntax], included seed: Set<Int>, needed seedNeeded: Set<String>,
                              parameters: Set<String>, bodyLocals: Set<String>, members: Set<String> = []) -> [Int]? {
        var included = seed
        var needed = seedNeeded
        // The block's locals (and the enclosing code's parameters): a name
        // that is none of them is the type's member, or a global.
        let blockLocals = Set(statements.flatMap { declaredNames($0) })
        func keepLocals() { needed = needed.intersection(blockLocals.union(parameters).union(bodyLocals).union(members)) }
        keepLocals()
        var changed = true
        while changed {
            changed = false
            for (index, item) in statements.enumerated() where !included.contains(index) {
                let declares = !needed.isDisjoint(with: declaredNames(item))
                guard declares || changes(item, anyOf: needed) else { continue }
                // A change inside an `if` or a loop among other code: not taken apart.
                if !declares && !isOnlyChanges(item, of: needed) { return nil }
                included.insert(index)
                needed.formUnion(baseNames(in: Syntax(item)))
                keepLocals()
                changed = true
            }
        }
        // What it is made from must be made here: not a parameter, nor a local of an outer block.
        guard needed.subtracting(members).isSubset(of: blockLocals), included.allSatisfy({ !hasEffects(statements[$0]) }) else { return nil }
        return included.sorted()
    }

    /// Statements as the function stk writes has them, each under a
    /// `#sourceLocation` of its line, at its column.
    /// `replacing` swaps a node for other text (the storyboard's layout for
    /// one made here).
    static func text(of statements: [CodeBlockItemSyntax], path: String, converter: SourceLocationConverter,
                             replacing: [(node: Syntax, text: String)] = []) -> String {
        var text = ""
        for item in statements {
            let location = converter.location(for: item.positionAfterSkippingLeadingTrivia)
            var statement = item.trimmedDescription
            // Last first, so that the offsets of those before still hold.
            for (node, new) in replacing.filter({ item.range.contains($0.node.position) })
                .sorted(by: { $0.node.position > $1.node.position }) {
                let bytes = Array(statement.utf8)
                let start = node.positionAfterSkippingLeadingTrivia.utf8Offset - item.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = start + node.trimmedLength.utf8Length
                statement = String(decoding: bytes[..<start], as: UTF8.self) + new + String(decoding: bytes[end...], as: UTF8.self)
            }
            text += lineDirective(file: path, line: location.line)
            text += String(repeating: " ", count: max(0, location.column - 1)) + statement + "\n"
        }
        return text
    }

    /// `UICollectionViewFlowLayout()` as the `collectionViewLayout:` argument
    /// of `UICollectionView(frame:collectionViewLayout:)`.
    private static func isPlaceholder(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.parent?.as(LabeledExprSyntax.self), argument.label?.text == "collectionViewLayout",
              let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return outer.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UICollectionView"
    }

    // MARK: The code around it

    /// The statements of the innermost block that holds `node`, and the
    /// index of the one it is in.
    static func statement(holding node: Syntax) -> (statements: [CodeBlockItemSyntax], index: Int)? {
        var node = node
        while let parent = node.parent, !(node.is(CodeBlockItemSyntax.self) && parent.is(CodeBlockItemListSyntax.self)) { node = parent }
        guard let statement = node.as(CodeBlockItemSyntax.self), let block = statement.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        let statements = Array(block)
        return statements.firstIndex(where: { $0.id == statement.id }).map { (statements, $0) }
    }

    /// The code a statement belongs to: its name for messages, the type it is
    /// a member of, its parameters, and the locals of its whole body (a
    /// name declared in an outer block is not this block's to take). Nil
    /// outside a type's member, or in a static one.
    static func enclosing(_ statement: CodeBlockItemSyntax) -> (String, String, Set<String>, Set<String>)? {
        var context: String?
        var parameters: Set<String> = []
        var body: Syntax?
        var node = Syntax(statement)
        while let parent = node.parent {
            node = parent
            if let closure = node.as(ClosureExprSyntax.self) {
                parameters.formUnion(closureParameters(closure))
                continue
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                guard !function.modifiers.isStatic else { return nil }
                context = Pruning.signature(DeclSyntax(function))
                parameters.formUnion(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
                body = function.body.map(Syntax.init)
                break
            }
            if let initialiser = node.as(InitializerDeclSyntax.self) {
                context = Pruning.initLabel(DeclSyntax(initialiser))
                parameters.formUnion(initialiser.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
                body = initialiser.body.map(Syntax.init)
                break
            }
            if let variable = node.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true {
                guard !variable.modifiers.isStatic else { return nil }
                context = Pruning.signature(DeclSyntax(variable))
                body = Syntax(variable)
                break
            }
            if node.is(MemberBlockSyntax.self) || node.is(SourceFileSyntax.self) { return nil }
        }
        guard let context, let body else { return nil }
        while let parent = node.parent {
            node = parent
            if let type = node.asProtocol(DeclGroupSyntax.self), let name = typeName(of: type) {
                return (context, qualifiedName(of: type, name), parameters, LocalCollector.names(in: body))
            }
        }
        return nil
    }

    /// `Outer.Inner` for a type named `name` nested in `Outer`, as an extension names it.
    private static func qualifiedName(of group: some DeclGroupSyntax, _ name: String) -> String {
        var names = [name]
        var outer = group.parent
        while let current = outer {
            if let enclosing = current.asProtocol(DeclGroupSyntax.self), let enclosingName = typeName(of: enclosing) { names.insert(enclosingName, at: 0) }
            outer = current.parent
        }
        return names.joined(separator: ".")
    }

    private static func typeName(of group: some DeclGroupSyntax) -> String? {
        if let c = group.as(ClassDeclSyntax.self) { return c.name.text }
        if let s = group.as(StructDeclSyntax.self) { return s.name.text }
        if let e = group.as(ExtensionDeclSyntax.self) { return e.extendedType.trimmedDescription }
        return nil
    }

    fileprivate static func closureParameters(_ closure: ClosureExprSyntax) -> [String] {
        guard let parameters = closure.signature?.parameterClause else { return [] }
        if let simple = parameters.as(ClosureShorthandParameterListSyntax.self) { return simple.map(\.name.text) }
        if let full = parameters.as(ClosureParameterClauseSyntax.self) { return full.parameters.map { ($0.secondName ?? $0.firstName).text } }
        return []
    }

    // MARK: Statements

    /// `gridLayout = GridLayout()` or `self.gridLayout = ...`: a stored
    /// property given its value in the statement.
    private static func memberAssignment(_ item: CodeBlockItemSyntax) -> (name: String, value: ExprSyntax)? {
        guard let sequence = item.item.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
        if let reference = elements[0].as(DeclReferenceExprSyntax.self) { return (reference.baseName.text, elements[2]) }
        if let member = elements[0].as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return (member.declName.baseName.text, elements[2])
        }
        return nil
    }

    /// `let NAME = value` or `var NAME: T = value`, one binding.
    static func singleBinding(_ item: CodeBlockItemSyntax) -> (name: String, value: ExprSyntax)? {
        guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self), let value = binding.initializer?.value else { return nil }
        return (name.identifier.text, value)
    }

    /// The names a statement declares: `let a = ...`, `var (b, c) = ...`.
    private static func declaredNames(_ item: CodeBlockItemSyntax) -> [String] {
        guard let variable = item.item.as(VariableDeclSyntax.self) else { return [] }
        return variable.bindings.flatMap { binding in
            binding.pattern.tokens(viewMode: .sourceAccurate).compactMap { token in
                if case .identifier(let name) = token.tokenKind { return name }
                return nil
            }
        }
    }

    /// Whether the statement changes one of `names`: assigns it or a member of
    /// it, or calls a method on it, anywhere in it.
    private static func changes(_ item: CodeBlockItemSyntax, anyOf names: Set<String>) -> Bool {
        let finder = ChangeFinder(names: names)
        finder.walk(item)
        return finder.found
    }

    /// `NAME.member = value`, `NAME.method(...)`: a statement that is only a change.
    static func isSimpleChange(_ item: CodeBlockItemSyntax) -> Bool {
        if let sequence = item.item.as(SequenceExprSyntax.self) {
            return Array(sequence.elements).dropFirst().first.map { $0.is(AssignmentExprSyntax.self) || $0.is(BinaryOperatorExprSyntax.self) } ?? false
        }
        return item.item.is(FunctionCallExprSyntax.self)
    }

    /// A statement that only changes `names`: a change itself, or an `if`,
    /// `switch` or loop whose statements are all changes of them (or locals
    /// of their own), as `if isPad { layout.itemSize = ... } else { ... }`.
    private static func isOnlyChanges(_ item: CodeBlockItemSyntax, of names: Set<String>) -> Bool {
        guard isCompound(item) else { return isSimpleChange(item) && changes(item, anyOf: names) }
        let collector = StatementCollector(viewMode: .sourceAccurate)
        collector.walk(item)
        return collector.statements.allSatisfy { inner in
            isCompound(inner) || inner.item.is(VariableDeclSyntax.self) || inner.item.is(BreakStmtSyntax.self)
                || (isSimpleChange(inner) && changes(inner, anyOf: names))
        }
    }

    /// `if`, `switch`, `for`, `while`, `repeat`, `do`: statements that hold statements.
    private static func isCompound(_ item: CodeBlockItemSyntax) -> Bool {
        var node = Syntax(item.item)
        if let statement = node.as(ExpressionStmtSyntax.self) { node = Syntax(statement.expression) }
        return node.is(IfExprSyntax.self) || node.is(SwitchExprSyntax.self) || node.is(ForStmtSyntax.self)
            || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self) || node.is(DoStmtSyntax.self)
    }

    /// `try` and `await` need a function of their kind: not taken.
    private static func hasEffects(_ item: CodeBlockItemSyntax) -> Bool {
        item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.try) || $0.tokenKind == .keyword(.await) }
    }

    /// The names code reads as values (not as members: `b` of `a.b`), but
    /// for those it binds itself (a closure's parameters and locals).
    static func baseNames(in node: Syntax) -> Set<String> {
        let collector = BaseNameCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.names.subtracting(LocalCollector.names(in: node))
    }

    /// The root of `a.b.c`, `a[0].b`, `a?.b`, `a!.b(...)`: `a`.
    fileprivate static func root(of expression: ExprSyntax) -> String? {
        var current = expression
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            // `self.layout.itemSize`: the property's name.
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base,
               base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return member.declName.baseName.text
            }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base; continue }
            if let subscriptCall = current.as(SubscriptCallExprSyntax.self) { current = subscriptCall.calledExpression; continue }
            if let call = current.as(FunctionCallExprSyntax.self) { current = call.calledExpression; continue }
            if let optional = current.as(OptionalChainingExprSyntax.self) { current = optional.expression; continue }
            if let forced = current.as(ForceUnwrapExprSyntax.self) { current = forced.expression; continue }
            return nil
        }
    }

    // MARK: Visitors

    /// Constructions of UIKit's layouts and of the sources' layout classes,
    /// in source order, and the storyboard's flow layout outlets (its casts:
    /// `StoryboardCastFinder`).
    private final class ConstructionFinder: SyntaxVisitor {
        var found: [FunctionCallExprSyntax] = []
        /// The layout classes of the sources, by simple name: `BetterSnappingLayout()`
        /// in an initialiser is built and installed as UIKit's layouts are.
        let layoutClasses: Set<String>
        /// The layout functions of the sources that need arguments, as code
        /// calls them: `UIHelper.createThreeColumnFlowLayout(in: view)` builds a layout.
        let layoutFunctions: Set<String>
        init(layoutClasses: Set<String>, layoutFunctions: Set<String>) {
            self.layoutClasses = layoutClasses
            self.layoutFunctions = layoutFunctions
            super.init(viewMode: .sourceAccurate)
        }
        /// `@IBOutlet weak var flowLayout: UICollectionViewFlowLayout!`: the
        /// storyboard's flow layout, which code may set up.
        var flowLayoutOutlets: [VariableDeclSyntax] = []
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let isOutlet = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet" }
            if isOutlet, node.parent?.is(MemberBlockItemSyntax.self) == true, let binding = node.bindings.first, binding.initializer == nil,
               let type = binding.typeAnnotation?.type.trimmedDescription.filter({ $0 != "!" && $0 != "?" }),
               SourceAdapter.flowBases.contains(type) {
                flowLayoutOutlets.append(node)
            }
            return .visitChildren
        }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if UnreachableLayout.isConstruction(node)
                || node.calledExpression.as(DeclReferenceExprSyntax.self).map({ layoutClasses.contains($0.baseName.text) }) == true
                || (!node.arguments.isEmpty && layoutFunctions.contains(node.calledExpression.trimmedDescription)) {
                found.append(node)
                return .skipChildren
            }
            return .visitChildren
        }
    }

    /// The statements inside a statement, at any depth (not in closures).
    private final class StatementCollector: SyntaxVisitor {
        var statements: [CodeBlockItemSyntax] = []
        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            statements.append(node)
            return .visitChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }

    private final class BaseNameCollector: SyntaxVisitor {
        var names: Set<String> = []
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id { names.insert(node.baseName.text) }
            return .visitChildren
        }
    }

    /// Every name a body declares, at any depth.
    private final class LocalCollector: SyntaxVisitor {
        var names: Set<String> = []
        static func names(in node: Syntax) -> Set<String> {
            let collector = LocalCollector(viewMode: .sourceAccurate)
            collector.walk(node)
            return collector.names
        }
        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.identifier.text)
            return .visitChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            names.formUnion(InstalledLayout.closureParameters(node))
            return .visitChildren
        }
    }

    private final class ChangeFinder: SyntaxVisitor {
        let names: Set<String>
        var found = false
        init(names: Set<String>) {
            self.names = names
            super.init(viewMode: .sourceAccurate)
        }
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) || (elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text.hasSuffix("=") == true
                && !["==", "!=", "<=", ">=", "==="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")),
               let root = InstalledLayout.root(of: elements[0]), names.contains(root) {
                found = true
            }
            return .visitChildren
        }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
               let root = InstalledLayout.root(of: base), names.contains(root) {
                found = true
            }
            return .visitChildren
        }
    }
}
