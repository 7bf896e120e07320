import Foundation
import SwiftSyntax

/// An instance property of a view class the layout code names (a cell's
/// `let titleLabel = UILabel()`), kept in the class's shell as a computed
/// property of the same type that traps: the layout code compiles
/// (`cell.titleLabel.textColor = ...` on a cell from `cellForItem(at:)`,
/// which stk answers nil for, since it makes no cells) and the initialiser,
/// view code, is left out.
struct ShellProperty {
    let name: String
    /// The type as written: its annotation (`UILabel!`), or the type whose
    /// initialiser makes the value (`UILabel()` is a `UILabel`).
    let type: String
    /// Where the type is named, scanned so that a type of the sources stays.
    let typeNode: Syntax
    let declaration: VariableDeclSyntax

    /// The view and value types stk's UIKit declares that a cell's property
    /// is most often of (an app's own types are found in the sources).
    static let typesStkDeclares: Set<String> = [
        "UIView", "UILabel", "UIImageView", "UIColor", "UIFont", "UIImage",
        "CGFloat", "CGSize", "CGPoint", "CGRect", "Bool", "Int", "Double", "Float", "String",
    ]

    /// Nil for a declaration of several bindings, without a type stk can
    /// tell from its text, or of a type `typeIsKnown` refuses (it might not
    /// compile: the property is left out with the rest of the view code).
    init?(_ declaration: VariableDeclSyntax, typeIsKnown: (String) -> Bool) {
        guard declaration.bindings.count == 1, let binding = declaration.bindings.first,
              let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        let typeNode: Syntax
        let type: String
        if let annotation = binding.typeAnnotation?.type {
            typeNode = Syntax(annotation)
            type = annotation.trimmedDescription
        } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                  let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                  callee.baseName.text.first?.isUppercase == true {
            // `UILabel()`, `UIImageView(image: nil)`: the type whose initialiser it is.
            typeNode = Syntax(callee)
            type = callee.baseName.text
        } else {
            return nil
        }
        // `UILabel!`, `UIImageView?`: the type named is the one wrapped.
        let named = type.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
        guard named.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), typeIsKnown(named) else { return nil }
        self.name = pattern.identifier.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        self.type = type
        self.typeNode = typeNode
        self.declaration = declaration
    }

    /// The declaration replaced by `var NAME: TYPE { fatalError(...) }`, on
    /// as many lines as it took, so that every later line keeps its number.
    func replacement(in bytes: [UInt8], owner: String) -> Edit {
        let start = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = declaration.endPositionBeforeTrailingTrivia.utf8Offset
        let lines = bytes[start..<end].filter { $0 == UInt8(ascii: "\n") }.count
        let text = "var \(name): \(type) { fatalError(\"stk makes no views: \(owner).\(name) is view code, left out\") }"
        return Edit(start: start, end: end, text: text + String(repeating: "\n", count: lines))
    }
}
