import SwiftSyntax

/// The options of a layout function: the `weak` properties of its owner (a
/// class of the sources) whose type is a protocol or a class of the sources
/// and that the function reads, such as a layout builder's `weak var
/// delegate: HomeLayoutDelegate?`, which its section provider asks on every
/// pass. On iOS the view controller assigns the delegate; here `set
/// delegate=FixedSections` assigns a new instance to the owner the layout
/// keeps, and the layout is invalidated. Only weak properties: what a
/// function reads once as it builds the layout (a column count) would need
/// the layout built again.
enum OwnerOptions {
    static func options(for function: LayoutFunction, declarations: Declarations, instances: InstanceTypes) -> [Option] {
        guard !function.isStatic, !function.needsVariable, function.form == .function || function.form == .closureProperty,
              function.installed == nil, let owner = function.owner, let info = declarations.classNamed(owner) else { return [] }
        let read = ReadNames(viewMode: .sourceAccurate)
        read.walk(function.decl)
        var options: [Option] = []
        var seen: Set<String> = []
        for type in declarations.superclassChain(of: info) {
            for property in type.properties where property.isWeak && read.names.contains(property.name) && seen.insert(property.name).inserted {
                if let choice = instances.choice(for: property, declaredIn: type.qualifiedName, layoutFile: info.fileIndex) {
                    options.append(Option(property: property, kind: .instance(choice), declaringClass: type.name))
                }
            }
        }
        return options
    }

    /// The names a declaration reads (`delegate` in `self.delegate?.kind(...)`
    /// and in `delegate?.kind(...)`).
    private final class ReadNames: SyntaxVisitor {
        var names: Set<String> = []
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.baseName.text)
            return .visitChildren
        }
    }
}
