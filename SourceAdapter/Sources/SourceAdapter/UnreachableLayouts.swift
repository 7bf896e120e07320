import SwiftSyntax

/// Where sources with no layout stk can call build one anyway: inside
/// `viewDidLoad()`, an initialiser, or a method that installs it
/// (`setCollectionViewLayout(UICollectionViewCompositionalLayout(sectionProvider: layout), animated: false)`
/// in a collection view subclass's `commonInit()`). stk calls only what
/// returns a layout and takes no arguments, so it cannot reach such a layout;
/// the error that says so points at the first one, and names the code it is
/// built in, rather than at the top of the first file.
struct UnreachableLayout {
    /// The construction: `UICollectionViewCompositionalLayout(...)`,
    /// `UICollectionViewFlowLayout()`, `UICollectionViewCompositionalLayout.list(using:)`.
    let call: FunctionCallExprSyntax
    /// What it is built in, as the message names it: `commonInit()`,
    /// `init(frame:collectionViewLayout:)`, `viewDidLoad()`; nil at the top level.
    let context: String?

    /// UIKit's layout types, whose construction is a layout.
    static let layoutTypes: Set<String> = ["UICollectionViewCompositionalLayout", "UICollectionViewFlowLayout"]

    /// The first layout built in `tree`, in source order.
    static func first(in tree: SourceFileSyntax) -> UnreachableLayout? {
        let finder = Finder()
        finder.walk(tree)
        guard let call = finder.found else { return nil }
        return UnreachableLayout(call: call, context: context(of: Syntax(call)))
    }

    /// The function, initialiser or property the code is in, innermost first.
    private static func context(of node: Syntax) -> String? {
        var parent = node.parent
        while let current = parent {
            if let function = current.as(FunctionDeclSyntax.self) {
                return Pruning.signature(DeclSyntax(function))
            }
            if let initialiser = current.as(InitializerDeclSyntax.self) {
                return Pruning.initLabel(DeclSyntax(initialiser))
            }
            // A property (a local `let layout = ...` is inside what names the place).
            if let variable = current.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true,
               let name = Pruning.signature(DeclSyntax(variable)) {
                return name
            }
            parent = current.parent
        }
        return nil
    }

    private final class Finder: SyntaxVisitor {
        var found: FunctionCallExprSyntax?

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard found == nil else { return .skipChildren }
            if UnreachableLayout.isConstruction(node) {
                found = node
                return .skipChildren
            }
            return .visitChildren
        }
    }

    /// Whether a call makes one of UIKit's layouts: `UICollectionViewCompositionalLayout(...)`,
    /// `UICollectionViewCompositionalLayout.list(using:)`, `UICollectionViewFlowLayout()`.
    static func isConstruction(_ call: FunctionCallExprSyntax) -> Bool {
        let called = call.calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self) { return layoutTypes.contains(reference.baseName.text) }
        if let member = called.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            return layoutTypes.contains(base.baseName.text)
        }
        return false
    }
}
