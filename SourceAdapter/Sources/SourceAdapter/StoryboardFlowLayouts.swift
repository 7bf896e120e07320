import SwiftSyntax

/// The flow layout a storyboard installed, which the screen's code casts and
/// sets up: the storyboard is not in the sources, so stk makes that flow
/// layout with UIKit's defaults and runs the set-up on it. Apps write the
/// cast in three shapes, in `viewDidLoad()`, a `setupCollectionView()` it
/// calls, `viewWillLayoutSubviews()` or `viewDidLayoutSubviews()`:
///
/// ```swift
/// let layout = collectionView.collectionViewLayout as! UICollectionViewFlowLayout
/// layout.minimumInteritemSpacing = 4
///
/// if let layout = collectionView?.collectionViewLayout as? UICollectionViewFlowLayout {
///     layout.scrollDirection = .horizontal
/// }
///
/// guard let layout = collectionViewLayout as? UICollectionViewFlowLayout else { return }
/// layout.itemSize = CGSize(width: width, height: width)
///
/// (thumbnailCollectionView.collectionViewLayout as? UICollectionViewFlowLayout)?.scrollDirection = .horizontal
/// ```
///
/// Each place is one `StoryboardSetUp`; a type's set-ups run in one
/// function, in the order UIKit calls their methods (initialisers, then
/// `viewDidLoad()`, then the layout callbacks, which also run again at each
/// new size: `LayoutCallbacks`), each in a `do` block of its own, where the
/// cast is the layout stk made.
extension InstalledLayout {
    /// The local the function stk writes makes the storyboard's layout in.
    static let storyboardLayoutName = "__stkStoryboardLayout"

    /// One place that casts the storyboard's flow layout and sets it up.
    struct StoryboardSetUp {
        let file: Int
        let typeName: String
        /// The code it is in, as messages name it: `viewDidLoad()`.
        let context: String
        let cast: AbsolutePosition
        /// The statements stk runs, in block order.
        let statements: [CodeBlockItemSyntax]
        /// The casts in them, each written as the layout stk made.
        let replacements: [(node: Syntax, text: String)]
        /// For `if let NAME = ...` and `guard let NAME = ...`: the name the
        /// set-up reads, bound first.
        let boundName: String?
        /// In `viewWillTransition(to size:with:)`: the name of the size.
        let sizeName: String?
        /// What the code beside it sets on the collection view (`contentInset`).
        let sessionSettings: [SessionSettings.Found]
        /// The lines of the statements run and of the cast.
        let lines: [Int]
    }

    /// The set-up around `cast` (`collectionView.collectionViewLayout as?
    /// UICollectionViewFlowLayout`), or nil when there is none stk can take
    /// apart: the cast only read, changed among other code, or set up from
    /// a parameter.
    /// `statements` and `index`: the block holding the cast and its
    /// statement's place (`statement(holding:)`); `enclosed`: the code it is
    /// in (`enclosing(_:)`).
    static func storyboardSetUp(_ cast: ExprSyntax, optional: Bool, in statements: [CodeBlockItemSyntax], at index: Int,
                                enclosed: (String, String, Set<String>, Set<String>), file: Int,
                                converter: SourceLocationConverter) -> StoryboardSetUp? {
        let (context, typeName, _, bodyLocals) = enclosed
        var parameters = enclosed.2
        // A rotation's set-up may read the new size it is given, which stk gives it.
        let sizeName = enclosingFunction(of: cast).flatMap(LayoutCallbacks.transitionSizeName)
        if let sizeName { parameters.remove(sizeName) }
        let made = storyboardLayoutName
        var list = statements
        var seed: Set<Int> = []
        var needed: Set<String>
        var members: Set<String> = sizeName.map { [$0] } ?? []
        var replacements: [(node: Syntax, text: String)] = []
        var boundName: String?
        // `let layout = ...`: the statement that binds it is no set-up itself.
        var bindingStatements = 0
        if let binding = singleBinding(statements[index]), binding.value.id == cast.id {
            // `let layout = ... as! UICollectionViewFlowLayout`, then its set-up.
            seed = [index]
            bindingStatements = 1
            needed = [binding.name]
            replacements = [(Syntax(cast), optional ? "Optional(\(made))" : made)]
        } else if let (name, holder) = optionalBinding(of: cast), holder.id == Syntax(statements[index].item).id
                    || holder.id == statements[index].item.as(ExpressionStmtSyntax.self).map({ Syntax($0.expression).id }) {
            // `if let layout = ... { set-up }`: what comes before it in the
            // block, and its body. `guard let layout = ... else { return }`:
            // what comes before it, and after it.
            let before = Array(statements[..<index])
            if let conditional = holder.as(IfExprSyntax.self) {
                list = before + Array(conditional.body.statements)
            } else {
                list = before + Array(statements[(index + 1)...])
            }
            needed = [name]
            members.insert(name)
            boundName = name
        } else if optionalChain(around: cast) != nil {
            // `(... as? UICollectionViewFlowLayout)?.itemSize = ...`: every
            // such change in the block, with what they read.
            for (i, item) in statements.enumerated() {
                let chains = StoryboardCastFinder.casts(in: Syntax(item)).compactMap { optionalChain(around: $0.cast) }
                guard !chains.isEmpty, isSimpleChange(item) else { continue }
                seed.insert(i)
                replacements += chains.map { (Syntax($0), made) }
            }
            needed = seed.reduce(into: Set<String>()) { $0.formUnion(baseNames(in: Syntax(statements[$1]))) }
        } else {
            return nil
        }
        // A set-up: a cast only read (`layout.itemSize.width`) sets nothing up.
        guard let slice = slice(list, included: seed, needed: needed, parameters: parameters, bodyLocals: bodyLocals, members: members),
              slice.count > bindingStatements else { return nil }
        let taken = slice.map { list[$0] }
        let castLine = converter.location(for: cast.positionAfterSkippingLeadingTrivia).line
        return StoryboardSetUp(file: file, typeName: typeName, context: context, cast: cast.positionAfterSkippingLeadingTrivia,
                               statements: taken, replacements: replacements, boundName: boundName, sizeName: sizeName,
                               sessionSettings: SessionSettings.find(in: list, converter: converter),
                               lines: taken.map { converter.location(for: $0.positionAfterSkippingLeadingTrivia).line } + [castLine])
    }

    /// One layout for a type's set-ups (of one type, at least one): the
    /// storyboard's flow layout made with UIKit's defaults, then each set-up
    /// in the order UIKit calls the code they are in.
    /// `builtBare`: the code makes the flow layout itself, bare, which the
    /// set-ups then reach through the collection view (not a storyboard's).
    init(storyboardSetUps unordered: [StoryboardSetUp], notRun: [String], builtBare: InstalledLayout? = nil, in sources: Sources) {
        let setUps = unordered.enumerated().sorted { a, b in
            (LayoutCallbacks.Moment(a.element.context), a.offset) < (LayoutCallbacks.Moment(b.element.context), b.offset)
        }.map(\.element)
        let first = setUps[0]
        let (path, converter) = (sources.paths[first.file], sources.converters[first.file])
        let firstLine = converter.location(for: first.cast).line
        let made = Self.storyboardLayoutName
        func block(_ setUp: StoryboardSetUp) -> String {
            let (setUpPath, setUpConverter) = (sources.paths[setUp.file], sources.converters[setUp.file])
            let castLine = setUpConverter.location(for: setUp.cast).line
            return lineDirective(file: setUpPath, line: castLine) + "        do {\n"
                + (setUp.boundName.map { "        let \($0) = \(made)\n" } ?? "")
                + Self.text(of: setUp.statements, path: setUpPath, converter: setUpConverter, replacing: setUp.replacements)
                + lineDirective(file: setUpPath, line: castLine) + "        }\n"
        }
        let directive = lineDirective(file: path, line: firstLine)
        // The layout the screen's initialiser (or its superclass's) hands
        // to UIKit is the one its code casts, not a storyboard's.
        let initial = builtBare == nil ? sources.initialLayouts[first.typeName] : nil
        var body = initial.map { lineDirective(file: sources.paths[$0.file], line: $0.line) + "        let \(made) = \($0.call)\n" }
            ?? directive + "        let \(made) = UICollectionViewFlowLayout()\n"
        body += setUps.filter { !LayoutCallbacks.Moment($0.context).isCallback }.map(block).joined()
        body += LayoutCallbacks.hook(
            on: made,
            atLayout: setUps.filter { LayoutCallbacks.Moment($0.context) == .layout }.map(block).joined(),
            atTransition: setUps.compactMap { setUp in setUp.sizeName.map { ($0, block(setUp)) } },
            directive: directive)
        body += directive + "        return \(made)\n"
        var contexts: [String] = []
        for setUp in setUps where !contexts.contains(setUp.context) { contexts.append(setUp.context) }
        let context = contexts.joined(separator: " and ")
        let simpleName = Pruning.simpleName(first.typeName)
        let sets = "set\(contexts.count == 1 ? "s" : "") it up"
        let described = builtBare.map { "the flow layout \(simpleName).\($0.context) builds, as \(simpleName).\(context) \(sets)" }
            ?? initial.map { "the layout \(Pruning.simpleName($0.typeName)).init() makes (\($0.call)), as \(simpleName).\(context) \(sets)" }
            ?? "the storyboard's flow layout as \(simpleName).\(context) \(sets) (made with UIKit's defaults: what Interface Builder sets is not in the sources)"
        // The note's place and lines are those of the construction, or of the first set-up.
        let home = builtBare?.file ?? first.file
        let lines = setUps.filter { $0.file == home }.flatMap(\.lines) + (builtBare?.lines ?? [])
        self.init(file: home, typeName: first.typeName, context: builtBare.map { "\($0.context) and \(context)" } ?? context,
                  described: described, construction: builtBare?.construction ?? first.cast,
                  lines: lines, body: body, replacedProperty: nil, notRun: notRun)
        sessionSettings = setUps.filter { $0.file == home }.flatMap(\.sessionSettings)
    }

    /// `if let NAME = cast` or `guard let NAME = cast`, the cast its only
    /// condition: the name, and the `if` or `guard`.
    private static func optionalBinding(of cast: ExprSyntax) -> (name: String, holder: Syntax)? {
        guard let clause = cast.parent?.as(InitializerClauseSyntax.self),
              let binding = clause.parent?.as(OptionalBindingConditionSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let conditions = binding.parent?.parent?.as(ConditionElementListSyntax.self), conditions.count == 1,
              let holder = conditions.parent, holder.is(IfExprSyntax.self) || holder.is(GuardStmtSyntax.self) else { return nil }
        if let conditional = holder.as(IfExprSyntax.self), conditional.elseBody != nil { return nil }
        return (name, holder)
    }

    /// The method whose body holds `node`.
    private static func enclosingFunction(of node: ExprSyntax) -> FunctionDeclSyntax? {
        var current = node.parent
        while let node = current, !node.is(MemberBlockSyntax.self) {
            if let function = node.as(FunctionDeclSyntax.self) { return function }
            current = node.parent
        }
        return nil
    }

    /// `(cast)?`, as in `(cast)?.itemSize = ...`.
    private static func optionalChain(around cast: ExprSyntax) -> OptionalChainingExprSyntax? {
        guard let element = cast.parent?.as(LabeledExprSyntax.self), element.label == nil,
              let list = element.parent?.as(LabeledExprListSyntax.self), list.count == 1,
              let tuple = list.parent?.as(TupleExprSyntax.self) else { return nil }
        return tuple.parent?.as(OptionalChainingExprSyntax.self)
    }

    /// `collectionView.collectionViewLayout as? UICollectionViewFlowLayout`
    /// (`as!`, `self.`, `collectionView?.`, `collectionView!.`), a
    /// collection view controller's `collectionViewLayout`, or another
    /// collection view the type holds (`thumbnailCollectionView.collectionViewLayout`):
    /// the flow layout a storyboard installed.
    static func isStoryboardFlowLayout(_ value: ExprSyntax, as type: TypeSyntax) -> Bool {
        guard SourceAdapter.flowBases.contains(type.trimmedDescription) else { return false }
        if propertyName(value) == "collectionViewLayout" { return true }
        guard let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "collectionViewLayout",
              let base = member.base, let owner = propertyName(base) else { return false }
        return owner.lowercased().contains("collectionview") || isStoredProperty(owner, around: Syntax(value))
    }

    /// The property an expression reads, as a name: `collectionView` of
    /// `collectionView`, `self.collectionView`, `collectionView?` and
    /// `collectionView!`; nil for anything else (a call, a chain of members).
    static func propertyName(_ expression: ExprSyntax) -> String? {
        var name = expression.trimmedDescription.filter { $0 != "?" && $0 != "!" }
        if name.hasPrefix("self.") { name.removeFirst("self.".count) }
        return !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : nil
    }

    /// Whether the type whose code holds `node` declares a property `name`.
    private static func isStoredProperty(_ name: String, around node: Syntax) -> Bool {
        var current = node.parent
        while let node = current {
            if let group = node.asProtocol(DeclGroupSyntax.self) {
                return group.memberBlock.members.contains { member in
                    member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    } == true
                }
            }
            current = node.parent
        }
        return false
    }

    /// The casts of the storyboard's flow layout in a node, in source order.
    final class StoryboardCastFinder: SyntaxVisitor {
        private(set) var found: [(cast: ExprSyntax, optional: Bool)] = []

        static func casts(in node: Syntax) -> [(cast: ExprSyntax, optional: Bool)] {
            let finder = StoryboardCastFinder(viewMode: .sourceAccurate)
            finder.walk(node)
            return finder.found
        }

        // The parser leaves `a as! T` unfolded: a sequence of the value, `as!` and the type.
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self),
               InstalledLayout.isStoryboardFlowLayout(elements[0], as: type.type) {
                found.append((ExprSyntax(node), cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark))
            }
            return .visitChildren
        }
    }
}
