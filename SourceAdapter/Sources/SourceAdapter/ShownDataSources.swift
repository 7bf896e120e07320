import SwiftSyntax

/// The diffable data sources of view controllers that stk makes itself.
///
/// On iOS a view controller's data source is made by view code stk leaves
/// out (`configureDataSource()`, a `makeDataSource()` with cell
/// registrations). When the layout code reads it (a section provider asking
/// `dataSource.sectionIdentifier(for:)`), stk gives the view controller one
/// bound to the collection view its layout is shown in: LayoutKit's
/// `CollectionViewDiffableDataSource`, made with `init(stkShowing:)`.
///
/// The ways apps declare it, all found here:
/// - `var dataSource: UICollectionViewDiffableDataSource<Section, Int>! = nil`
///   (Apple's samples), or `?`;
/// - the same through a typealias of the sources (`typealias DataSource =
///   UICollectionViewDiffableDataSource<Section, Video>`);
/// - `lazy var dataSource = makeDataSource()`, a function of the sources
///   with no parameters returning one, or `lazy var dataSource:
///   DataSource = { ... }()`, or `lazy var dataSource =
///   UICollectionViewDiffableDataSource<Section, Int>(collectionView: ...) { ... }`.
struct ShownDataSources {
    /// A variable holding one: its binding, the type stk makes (as written),
    /// where that type is written (scanned for the names it needs: a
    /// typealias, the identifier types), and whether it is `lazy` (its
    /// initialiser is then left out).
    struct Shown {
        let binding: PatternBindingSyntax
        let type: String
        let typeNode: Syntax
        let isLazy: Bool
    }

    static let uikitName = "UICollectionViewDiffableDataSource"

    private var aliases: [String: TypeSyntax] = [:]
    /// Functions with no parameters, by name: what they return.
    private var makers: [String: TypeSyntax] = [:]

    init(trees: [SourceFileSyntax]) {
        let collector = Collector(viewMode: .sourceAccurate)
        for tree in trees { collector.walk(tree) }
        aliases = collector.aliases
        makers = collector.makers
    }

    /// Whether `type` is a diffable data source, itself or through typealiases
    /// of the sources (optional or not).
    func isDataSource(_ type: TypeSyntax) -> Bool {
        dataSourceType(type) != nil
    }

    /// The `UICollectionViewDiffableDataSource<S, I>` that `type` is, itself
    /// or through typealiases of the sources (optional or not), as written.
    private func dataSourceType(_ type: TypeSyntax, depth: Int = 0) -> IdentifierTypeSyntax? {
        guard depth < 8 else { return nil }
        let type = Self.unwrapped(type)
        guard let identifier = type.as(IdentifierTypeSyntax.self) else { return nil }
        if identifier.name.text == Self.uikitName { return identifier.genericArgumentClause == nil ? nil : identifier }
        guard identifier.genericArgumentClause == nil, let target = aliases[identifier.name.text] else { return nil }
        return dataSourceType(target, depth: depth + 1)
    }

    /// The data source `variable` holds, if stk makes it.
    func shown(_ variable: VariableDeclSyntax) -> Shown? {
        guard variable.bindingSpecifier.text == "var", variable.bindings.count == 1, let binding = variable.bindings.first,
              binding.accessorBlock == nil, binding.pattern.is(IdentifierPatternSyntax.self) else { return nil }
        let isLazy = variable.modifiers.contains { $0.name.text == "lazy" }
        if let annotated = binding.typeAnnotation?.type {
            guard isDataSource(annotated) else { return nil }
            let made = Self.unwrapped(annotated)
            if isLazy {
                return binding.initializer == nil ? nil : Shown(binding: binding, type: made.trimmedDescription, typeNode: Syntax(made), isLazy: true)
            }
            // A stored one needs a value only once shown: an optional, nil or unset at first.
            guard annotated.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) || annotated.is(OptionalTypeSyntax.self),
                  binding.initializer.map({ $0.value.is(NilLiteralExprSyntax.self) }) ?? true else { return nil }
            return Shown(binding: binding, type: made.trimmedDescription, typeNode: Syntax(made), isLazy: false)
        }
        guard isLazy, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return nil }
        // `UICollectionViewDiffableDataSource<Section, Int>(collectionView: ...) { ... }`
        if let specialised = call.calledExpression.as(GenericSpecializationExprSyntax.self),
           specialised.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == Self.uikitName {
            return Shown(binding: binding, type: specialised.trimmedDescription, typeNode: Syntax(specialised), isLazy: true)
        }
        // `makeDataSource()` or `self.makeDataSource()`
        guard call.arguments.isEmpty, call.trailingClosure == nil, let name = Self.calledName(call.calledExpression),
              let returned = makers[name], isDataSource(returned) else { return nil }
        let made = Self.unwrapped(returned)
        return Shown(binding: binding, type: made.trimmedDescription, typeNode: Syntax(made), isLazy: true)
    }

    /// The identifier types of a data source stk makes, as written
    /// (`Section`, `Item` of `UICollectionViewDiffableDataSource<Section, Item>`,
    /// through a typealias or not).
    func identifierTypeNames(of shown: Shown) -> [String] {
        let arguments = shown.typeNode.as(GenericSpecializationExprSyntax.self)?.genericArgumentClause.arguments
            ?? shown.typeNode.as(TypeSyntax.self).flatMap { dataSourceType($0) }?.genericArgumentClause?.arguments
        return arguments.map { $0.map { $0.argument.trimmedDescription } } ?? []
    }

    /// `T!` and `T?` are `T`.
    private static func unwrapped(_ type: TypeSyntax) -> TypeSyntax {
        type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? type.as(OptionalTypeSyntax.self)?.wrappedType ?? type
    }

    /// `f` or `self.f`.
    private static func calledName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        return nil
    }

    private final class Collector: SyntaxVisitor {
        var aliases: [String: TypeSyntax] = [:]
        var makers: [String: TypeSyntax] = [:]

        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            aliases[node.name.text] = node.initializer.value
            return .skipChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.signature.parameterClause.parameters.isEmpty, let returned = node.signature.returnClause?.type {
                makers[node.name.text] = returned
            }
            return .skipChildren
        }
    }
}
