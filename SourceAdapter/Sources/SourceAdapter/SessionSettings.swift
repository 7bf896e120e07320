import SwiftSyntax

/// What a screen sets on its collection view beside the layout's set-up,
/// which changes where the layout puts things but belongs to the view, not
/// to the layout stk registers: `collectionView.contentInset =
/// UIEdgeInsets(top: 20, left: 40, bottom: 20, right: 40)`,
/// `collectionView.isPagingEnabled = true`. stk's session holds these (the
/// `inset` and `paging` commands, which undo and save keep), so the layout
/// function does not set them; the note names the line and the command
/// that does the same.
enum SessionSettings {
    /// A setting found: the line it is on and the command that does it.
    struct Found: Equatable {
        let line: Int
        let command: String
    }

    /// The settings among `statements` (at any depth, not in closures), in order.
    static func find(in statements: [CodeBlockItemSyntax], converter: SourceLocationConverter) -> [Found] {
        let collector = AssignmentCollector(viewMode: .sourceAccurate)
        for statement in statements { collector.walk(statement) }
        return collector.assignments.compactMap { target, value, position in
            guard let command = command(setting: target, to: value) else { return nil }
            return Found(line: converter.location(for: position).line, command: command)
        }
    }

    /// `inset 20,40,20,40` for `collectionView.contentInset = UIEdgeInsets(top: 20, ...)`,
    /// `paging on` for `collectionView.isPagingEnabled = true`; nil for
    /// anything else, or values not written as numbers.
    static func command(setting target: ExprSyntax, to value: ExprSyntax) -> String? {
        guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base, isCollectionView(base) else { return nil }
        switch member.declName.baseName.text {
        case "contentInset":
            if value.trimmedDescription == ".zero" || value.trimmedDescription == "UIEdgeInsets.zero" { return "inset 0,0,0,0" }
            guard let call = value.as(FunctionCallExprSyntax.self),
                  ["UIEdgeInsets", "UIEdgeInsetsMake", ".init"].contains(call.calledExpression.trimmedDescription) else { return nil }
            let arguments = Array(call.arguments)
            guard arguments.count == 4 else { return nil }
            if call.calledExpression.trimmedDescription != "UIEdgeInsetsMake" {
                guard arguments.map({ $0.label?.text ?? "" }) == ["top", "left", "bottom", "right"] else { return nil }
            }
            let numbers = arguments.compactMap { number($0.expression) }
            return numbers.count == 4 ? "inset " + numbers.joined(separator: ",") : nil
        case "isPagingEnabled":
            switch value.trimmedDescription {
            case "true": return "paging on"
            case "false": return "paging off"
            default: return nil
            }
        case "decelerationRate":
            // `.fast`, `UIScrollView.DecelerationRate.normal`, or
            // `UIScrollView.DecelerationRate(rawValue: 0.99)`.
            if let access = value.as(MemberAccessExprSyntax.self),
               ["", "UIScrollView.DecelerationRate", "DecelerationRate"].contains(access.base?.trimmedDescription ?? ""),
               ["fast", "normal"].contains(access.declName.baseName.text) {
                return "deceleration " + access.declName.baseName.text
            }
            guard let call = value.as(FunctionCallExprSyntax.self),
                  ["UIScrollView.DecelerationRate", ".init"].contains(call.calledExpression.trimmedDescription),
                  call.arguments.count == 1, call.arguments.first?.label?.text == "rawValue",
                  let rate = call.arguments.first.flatMap({ number($0.expression) }) else { return nil }
            return "deceleration " + rate
        default:
            return nil
        }
    }

    /// `collectionView`, `self.collectionView`, `collectionView?`,
    /// `collectionView!`, or another view whose name ends so
    /// (`galleryCollectionView`).
    private static func isCollectionView(_ expression: ExprSyntax) -> Bool {
        InstalledLayout.propertyName(expression)?.lowercased().hasSuffix("collectionview") == true
    }

    /// A number as written (`20`, `-8`, `12.5`), or nil.
    private static func number(_ expression: ExprSyntax) -> String? {
        var text = expression.trimmedDescription
        var sign = ""
        if text.hasPrefix("-") { sign = "-"; text.removeFirst() }
        guard let value = Double(text.filter { $0 != "_" }), value.isFinite else { return nil }
        return sign + (value == value.rounded() ? String(Int(value)) : String(value))
    }

    /// `a.b = c` assignments, outside closures.
    private final class AssignmentCollector: SyntaxVisitor {
        var assignments: [(target: ExprSyntax, value: ExprSyntax, position: AbsolutePosition)] = []
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                assignments.append((elements[0], elements[2], node.positionAfterSkippingLeadingTrivia))
            }
            return .visitChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
