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
/// three lines that make `layout`, returning it. It is tried only when the
/// sources have no layout class and no layout function. Code that cannot be
/// taken apart so (the layout made from a parameter, or changed inside an
/// `if` that also does other things, or with `try` or `await`) is left as it
/// is, and the error that no layout was found points at it.
struct InstalledLayout {
    /// The name of the function written for it.
    static let functionName = "__stkInstalledLayout"

    let file: Int
    /// The type whose code builds it, as the extension names it (`FeedViewController`, `Outer.Inner`).
    let typeName: String
    /// Where it is built, as messages name it: `viewDidLoad()`, `commonInit()`,
    /// `init(frame:collectionViewLayout:)`, `collectionView`.
    let context: String
    /// The construction (`UICollectionViewCompositionalLayout(...)`).
    let construction: AbsolutePosition
    /// The lines of the statements taken and of the construction, first to last.
    let lines: [Int]
    /// The extension, to append to the file.
    let text: String

    /// The layouts of `trees` built where stk cannot call them, at most one a
    /// type (its first). `paths` name the files in the `#sourceLocation`s.
    static func find(in trees: [SourceFileSyntax], paths: [String], converters: [SourceLocationConverter]) -> [InstalledLayout] {
        var found: [InstalledLayout] = []
        for (file, tree) in trees.enumerated() {
            let finder = ConstructionFinder()
            finder.walk(tree)
            for call in finder.found {
                guard let layout = InstalledLayout(call: call, file: file, path: paths[file], converter: converters[file]),
                      !found.contains(where: { $0.typeName == layout.typeName }) else { continue }
                found.append(layout)
            }
        }
        return found
    }

    private init?(call: FunctionCallExprSyntax, file: Int, path: String, converter: SourceLocationConverter) {
        // The statement that holds the construction, in the innermost block.
        var node = Syntax(call)
        while let parent = node.parent, !(node.is(CodeBlockItemSyntax.self) && parent.is(CodeBlockItemListSyntax.self)) { node = parent }
        guard let statement = node.as(CodeBlockItemSyntax.self), let block = statement.parent?.as(CodeBlockItemListSyntax.self),
              let (context, typeName, parameters, bodyLocals) = Self.enclosing(block) else { return nil }
        let statements = Array(block)
        guard let constructionIndex = statements.firstIndex(where: { $0.id == statement.id }) else { return nil }

        // What is returned: the local the construction is bound to, or the construction itself.
        var result = call.trimmedDescription
        var needed: Set<String>
        var included: Set<Int> = []
        if let binding = Self.singleBinding(statement), binding.value.range.contains(call.position) {
            result = binding.name
            needed = Self.baseNames(in: Syntax(statement)).union([binding.name])
            included.insert(constructionIndex)
        } else {
            needed = Self.baseNames(in: Syntax(call))
        }
        // The block's locals (and the enclosing code's parameters): a name
        // that is none of them is the type's member, or a global.
        let blockLocals = Set(statements.flatMap { Self.declaredNames($0) })
        func keepLocals() { needed = needed.intersection(blockLocals.union(parameters).union(bodyLocals)) }
        keepLocals()
        // The statements that declare or change what is needed, to a fixed point.
        var changed = true
        while changed {
            changed = false
            for (index, item) in statements.enumerated() where !included.contains(index) {
                let declares = !needed.isDisjoint(with: Self.declaredNames(item))
                guard declares || Self.changes(item, anyOf: needed) else { continue }
                // A change inside an `if` or a loop among other code: not taken apart.
                if !declares && !Self.isOnlyChanges(item, of: needed) { return nil }
                included.insert(index)
                needed.formUnion(Self.baseNames(in: Syntax(item)))
                keepLocals()
                changed = true
            }
        }
        // What it is made from must be made here: not a parameter, nor a local of an outer block.
        guard needed.isSubset(of: blockLocals), included.allSatisfy({ !Self.hasEffects(statements[$0]) }) else { return nil }

        let indices = included.sorted()
        let constructionLine = converter.location(for: call.positionAfterSkippingLeadingTrivia).line
        var body = ""
        for index in indices {
            let item = statements[index]
            let location = converter.location(for: item.positionAfterSkippingLeadingTrivia)
            body += lineDirective(file: path, line: location.line)
            body += String(repeating: " ", count: max(0, location.column - 1)) + item.trimmedDescription + "\n"
        }
        body += lineDirective(file: path, line: constructionLine)
        body += "        return \(result)\n"
        self.file = file
        self.typeName = typeName
        self.context = context
        construction = call.positionAfterSkippingLeadingTrivia
        lines = Array(Set(indices.map { converter.location(for: statements[$0].positionAfterSkippingLeadingTrivia).line } + [constructionLine])).sorted()
        text = "\n// stk: the layout \(context) builds, as a function stk can call\nextension \(typeName) {\n"
            + "    func \(Self.functionName)() -> UICollectionViewLayout {\n" + body + "    }\n}\n"
    }

    // MARK: The code around it

    /// The code the block belongs to: its name for messages, the type it is
    /// a member of, its parameters, and the locals of its whole body (a
    /// name declared in an outer block is not this block's to take). Nil
    /// outside a type's member, or in a static one.
    private static func enclosing(_ block: CodeBlockItemListSyntax) -> (String, String, Set<String>, Set<String>)? {
        var context: String?
        var parameters: Set<String> = []
        var body: Syntax?
        var node = Syntax(block)
        while let parent = node.parent {
            node = parent
            if let closure = node.as(ClosureExprSyntax.self) {
                parameters.formUnion(closureParameters(closure))
                continue
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                guard !function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { return nil }
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
                guard !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { return nil }
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
                var names = [name]
                var outer = node.parent
                while let current = outer {
                    if let group = current.asProtocol(DeclGroupSyntax.self), let enclosing = typeName(of: group) { names.insert(enclosing, at: 0) }
                    outer = current.parent
                }
                return (context, names.joined(separator: "."), parameters, LocalCollector.names(in: body))
            }
        }
        return nil
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

    /// `let NAME = value` or `var NAME: T = value`, one binding.
    private static func singleBinding(_ item: CodeBlockItemSyntax) -> (name: String, value: ExprSyntax)? {
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
    private static func isSimpleChange(_ item: CodeBlockItemSyntax) -> Bool {
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
    private static func baseNames(in node: Syntax) -> Set<String> {
        let collector = BaseNameCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.names.subtracting(LocalCollector.names(in: node))
    }

    /// The root of `a.b.c`, `a[0].b`, `a?.b`, `a!.b(...)`: `a`.
    fileprivate static func root(of expression: ExprSyntax) -> String? {
        var current = expression
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base; continue }
            if let subscriptCall = current.as(SubscriptCallExprSyntax.self) { current = subscriptCall.calledExpression; continue }
            if let call = current.as(FunctionCallExprSyntax.self) { current = call.calledExpression; continue }
            if let optional = current.as(OptionalChainingExprSyntax.self) { current = optional.expression; continue }
            if let forced = current.as(ForceUnwrapExprSyntax.self) { current = forced.expression; continue }
            return nil
        }
    }

    // MARK: Visitors

    /// Constructions of UIKit's layouts, in source order.
    private final class ConstructionFinder: SyntaxVisitor {
        var found: [FunctionCallExprSyntax] = []
        init() { super.init(viewMode: .sourceAccurate) }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if UnreachableLayout.isConstruction(node) {
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
