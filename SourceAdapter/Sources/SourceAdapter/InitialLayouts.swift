import SwiftSyntax

/// The layout a view controller's initialiser hands to UIKit, made from a
/// layout class of the sources with no arguments:
///
/// ```swift
/// class SnappingCollectionViewController: UICollectionViewController {
///     init() { super.init(collectionViewLayout: SnappingCollectionViewLayout()) }
/// }
/// class AppsController: SnappingCollectionViewController, UICollectionViewDelegateFlowLayout {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         let layout = collectionViewLayout as! UICollectionViewFlowLayout
///         layout.scrollDirection = .horizontal
///     }
/// }
/// ```
///
/// On iOS `AppsController()` shows a `SnappingCollectionViewLayout`, set up
/// by its own `viewDidLoad()`: the layout of the class and of its
/// subclasses, until their code installs another. The layout class is also
/// registered under its own name; this is what makes the screens that cast
/// `collectionViewLayout` start from it rather than from a storyboard's flow
/// layout, and the screens that only size it inherit it.
struct InitialLayout: Equatable {
    /// The construction, as written: `SnappingCollectionViewLayout()`.
    let call: String
    /// The class whose initialiser makes it (qualified).
    let typeName: String
    let file: Int
    /// The line of the construction.
    let line: Int

    /// The initial layout of each class of the sources: its own initialiser's,
    /// else the nearest superclass's (a class's own installed layout, taken
    /// elsewhere, still replaces it). Only flow layout classes
    /// (`flowLayoutClasses`, simple names) count: a screen's code reaches
    /// its layout as `collectionViewLayout as! UICollectionViewFlowLayout`.
    static func find(in sources: InstalledLayout.Sources, flowLayoutClasses: Set<String>, index: TypeIndex) -> [String: InitialLayout] {
        var own: [String: InitialLayout] = [:]
        for (file, tree) in sources.trees.enumerated() {
            let finder = Finder(layoutClasses: flowLayoutClasses)
            finder.walk(tree)
            for (typeName, call) in finder.found where own[typeName] == nil {
                let line = sources.converters[file].location(for: call.positionAfterSkippingLeadingTrivia).line
                own[typeName] = InitialLayout(call: call.trimmedDescription, typeName: typeName, file: file, line: line)
            }
        }
        guard !own.isEmpty else { return [:] }
        var resolved: [String: InitialLayout] = [:]
        for type in index.types.values where type.kind == .class {
            var current: TypeIndex.TypeDecl? = type
            while let candidate = current {
                if let layout = own[candidate.qualifiedName] {
                    resolved[type.qualifiedName] = layout
                    break
                }
                current = index.superclass(of: candidate)
            }
        }
        return resolved
    }

    /// `super.init(collectionViewLayout: Layout())` in an initialiser of a
    /// class: the class (qualified) and the construction.
    private final class Finder: SyntaxVisitor {
        let layoutClasses: Set<String>
        var found: [(typeName: String, call: FunctionCallExprSyntax)] = []
        private var typeNames: [String] = []

        init(layoutClasses: Set<String>) {
            self.layoutClasses = layoutClasses
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            typeNames.append(((typeNames.last.map { [$0] } ?? []) + [node.name.text]).joined(separator: "."))
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { typeNames.removeLast() }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let typeName = typeNames.last, Self.isInInitialiser(node),
                  let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                  member.base?.is(SuperExprSyntax.self) == true,
                  let argument = node.arguments.first(where: { $0.label?.text == "collectionViewLayout" }),
                  let construction = argument.expression.as(FunctionCallExprSyntax.self), construction.arguments.isEmpty,
                  construction.trailingClosure == nil,
                  let called = construction.calledExpression.as(DeclReferenceExprSyntax.self),
                  layoutClasses.contains(called.baseName.text) else { return .visitChildren }
            found.append((typeName, construction))
            return .skipChildren
        }

        /// Whether `node` is in an initialiser's body (not in a closure of it).
        private static func isInInitialiser(_ node: FunctionCallExprSyntax) -> Bool {
            var current = node.parent
            while let node = current {
                if node.is(InitializerDeclSyntax.self) { return true }
                if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) || node.is(MemberBlockSyntax.self) { return false }
                current = node.parent
            }
            return false
        }
    }
}
