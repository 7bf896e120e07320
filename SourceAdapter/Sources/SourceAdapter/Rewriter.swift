import SwiftSyntax

/// One change to a file's text, in UTF-8 offsets of the original.
struct Edit {
    var start: Int
    var end: Int
    var text: String
}

/// Applies edits that do not overlap to `text[range]`: the edits outside the
/// range are ignored.
func apply(_ edits: [Edit], to bytes: [UInt8], in range: Range<Int>) -> String {
    var result: [UInt8] = []
    var cursor = range.lowerBound
    for edit in edits.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) })
    where edit.start >= range.lowerBound && edit.end <= range.upperBound && edit.start >= cursor {
        result += bytes[cursor..<edit.start]
        result += Array(edit.text.utf8)
        cursor = edit.end
    }
    result += bytes[cursor..<range.upperBound]
    return String(decoding: result, as: UTF8.self)
}

/// The same bytes with every character but line breaks turned into spaces:
/// removed text keeps the lines and columns of everything after it.
func blanked(_ bytes: ArraySlice<UInt8>) -> String {
    var out = ""
    var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
    while let s = scalars.next() {
        if s == "\n" || s == "\r" { out.unicodeScalars.append(s) } else {
            out += String(repeating: " ", count: String(s).utf8.count)
        }
    }
    return out
}

/// The changes that make an iOS file compile with Linux Swift, each small
/// enough to keep the file's lines and, nearly always, its columns, so that
/// the compiler's diagnostics point at the user's text:
/// - Objective-C attributes (`@objc`, `@objcMembers`, `@IBInspectable`,
///   `@IBDesignable`, `@IBOutlet`, `@nonobjc`) and the `dynamic` and
///   `optional` modifiers become spaces;
/// - an optional requirement called as `x.f?(...)` becomes `x.f (...)`, and a
///   chain whose value is used is wrapped in `__stkOptionalCall({ ... })`, nil
///   when the conformer lacks the method, as on iOS; the chain goes on lines
///   of its own, at its lines and columns (see `wrap`).
final class InlineRewriter: SyntaxVisitor {
    static let removedAttributes: Set<String> = ["objc", "objcMembers", "IBInspectable", "IBDesignable", "IBOutlet", "nonobjc", "IBAction", "GKInspectable"]
    static let removedModifiers: Set<String> = ["dynamic", "optional"]
    /// UIKit's optional requirements a layout calls with `?(`: the flow
    /// delegate's methods are all named `collectionView(...)`.
    static let uikitOptionalRequirements: Set<String> = ["collectionView", "scrollViewDidScroll", "numberOfSections"]

    private let optionalNames: Set<String>
    private let position: (AbsolutePosition) -> SourcePosition
    private(set) var edits: [Edit] = []
    private(set) var notes: [AdapterMessage] = []
    /// The chains wrapped: `a?.f?(x)?.g?(y)` is one chain with two calls.
    private var wrappedChains: Set<SyntaxIdentifier> = []

    /// The file's bytes, for blanking a statement of several lines.
    private let sourceBytes: [UInt8]

    init(optionalNames: Set<String>, bytes: [UInt8], position: @escaping (AbsolutePosition) -> SourcePosition) {
        self.optionalNames = optionalNames.union(Self.uikitOptionalRequirements)
        sourceBytes = bytes
        self.position = position
        super.init(viewMode: .sourceAccurate)
    }

    /// The platforms a `#if os(...)` names: stk runs the code as iOS runs it,
    /// so `os(iOS)` is true and every other platform false (on Linux the
    /// compiler would take `os(Linux)` and leave out a file wrapped in `#if
    /// os(iOS)`, its layout with it).
    static func platformCondition(_ call: FunctionCallExprSyntax) -> Bool? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "os", call.arguments.count == 1,
              let platform = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return platform == "iOS"
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let condition = node.condition else { return .visitChildren }
        let calls = PlatformConditionFinder(viewMode: .sourceAccurate)
        calls.walk(condition)
        for call in calls.found {
            guard let isIOS = Self.platformCondition(call) else { continue }
            // `os(iOS)` becomes `true   `, `os(macOS)` `false    `: columns stay.
            let start = call.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = call.endPositionBeforeTrailingTrivia.utf8Offset
            let word = isIOS ? "true" : "false"
            edits.append(Edit(start: start, end: end, text: word + String(repeating: " ", count: max(0, end - start - word.count))))
            notes.append(AdapterMessage(position(call.positionAfterSkippingLeadingTrivia),
                "read \(call.trimmedDescription) as \(word): stk runs the code as iOS does"))
        }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if Self.removedAttributes.contains(name) {
            blank(node, note: "removed \(node.trimmedDescription): Linux Swift has no Objective-C runtime")
        }
        return .skipChildren
    }

    /// `@objc protocol WaterfallDelegate: NSObjectProtocol`: on iOS every
    /// view and view controller is an NSObject and conforms; stk's are not,
    /// nor the plain classes stk keeps of them. The protocol refines
    /// `AnyObject` instead: a class-only protocol still, adopted as on iOS.
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        for inherited in node.inheritanceClause?.inheritedTypes ?? [] where inherited.type.trimmedDescription == "NSObjectProtocol" {
            let start = inherited.type.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = inherited.type.endPositionBeforeTrailingTrivia.utf8Offset
            // As wide as the name it replaces: the columns after it stay.
            edits.append(Edit(start: start, end: end, text: "AnyObject" + String(repeating: " ", count: end - start - "AnyObject".utf8.count)))
            notes.append(AdapterMessage(position(inherited.type.positionAfterSkippingLeadingTrivia),
                "made \(node.name.text) refine AnyObject instead of NSObjectProtocol: on iOS every view and view controller is an NSObject, which stk's are not; it is a class-only protocol still"))
        }
        return .visitChildren
    }

    /// A list configuration's swipe actions or separator handler (`ViewOnlySettings`).
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let setting = ViewOnlySettings.assignedSetting(node) else { return .visitChildren }
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        edits.append(Edit(start: start, end: end, text: blanked(sourceBytes[start..<end])))
        notes.append(AdapterMessage(position(node.positionAfterSkippingLeadingTrivia), ViewOnlySettings.note(setting)))
        return .skipChildren
    }

    /// A function that makes a cell or a view (`ViewMakingFunctions`): its
    /// body becomes a trap; its attributes and modifiers are rewritten as any.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.overridesNSObjectsAwakeFromNib(node) { unOverride(node) }
        guard let body = ViewMakingFunctions.viewMakingBody(node) else { return .visitChildren }
        walk(node.attributes)
        walk(node.modifiers)
        edits.append(ViewMakingFunctions.leavingOut(body, in: sourceBytes, trap: ViewMakingFunctions.trap(node)))
        notes.append(AdapterMessage(position(body.leftBrace.positionAfterSkippingLeadingTrivia), ViewMakingFunctions.note(node)))
        return .skipChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if Self.removedModifiers.contains(name) {
            blank(node, note: name == "optional"
                ? "removed 'optional': the requirement gets a default implementation instead (Linux Swift has no optional requirements)"
                : "removed 'dynamic': Linux Swift has no Objective-C message dispatch")
        }
        return .skipChildren
    }

    /// `override func awakeFromNib()` in a class made directly on NSObject
    /// (a data source or helper a storyboard makes): iOS declares the method
    /// on NSObject, Linux's Foundation does not, and a Swift extension could
    /// not make it overridable. The method stays, as a method of the class's
    /// own: its `override` and its `super.awakeFromNib()` go.
    static func overridesNSObjectsAwakeFromNib(_ node: FunctionDeclSyntax) -> Bool {
        guard node.name.text == "awakeFromNib", node.signature.parameterClause.parameters.isEmpty,
              node.modifiers.contains(where: { $0.name.text == "override" }) else { return false }
        var parent = node.parent
        while let current = parent, !current.is(ClassDeclSyntax.self) {
            if current.is(DeclSyntax.self) && !current.is(FunctionDeclSyntax.self) { return false }
            parent = current.parent
        }
        let superclass = parent?.as(ClassDeclSyntax.self)?.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        return superclass == "NSObject" || superclass == "Foundation.NSObject"
    }

    private func unOverride(_ node: FunctionDeclSyntax) {
        for modifier in node.modifiers where modifier.name.text == "override" {
            blank(modifier, note: "removed 'override' from awakeFromNib(): NSObject declares it on iOS, not on Linux, so it is this class's own method here (stk loads no storyboards and never calls it)")
        }
        for statement in node.body?.statements ?? [] where statement.item.trimmedDescription == "super.awakeFromNib()" {
            let start = statement.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = statement.endPositionBeforeTrailingTrivia.utf8Offset
            edits.append(Edit(start: start, end: end, text: blanked(sourceBytes[start..<end])))
        }
    }

    /// Replaces `node` (without its trivia) by as many spaces, so that what
    /// follows keeps its columns, with a note at its place.
    private func blank(_ node: some SyntaxProtocol, note: String) {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        edits.append(Edit(start: start, end: end, text: String(repeating: " ", count: end - start)))
        notes.append(AdapterMessage(position(node.positionAfterSkippingLeadingTrivia), note))
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let forced = node.calledExpression.as(ForceUnwrapExprSyntax.self),
           let name = Self.calledName(forced.expression), optionalNames.contains(name) {
            forceCall(node, forced, name)
            return .visitChildren
        }
        guard let chained = node.calledExpression.as(OptionalChainingExprSyntax.self),
              let name = Self.calledName(chained.expression), optionalNames.contains(name) else { return .visitChildren }
        let mark = chained.questionMark
        edits.append(Edit(start: mark.positionAfterSkippingLeadingTrivia.utf8Offset,
                          end: mark.endPositionBeforeTrailingTrivia.utf8Offset, text: " "))
        var wrapped = ""
        // Every chain whose value is used, an earlier `?` or not: a default
        // implementation's 0 must not stand in for iOS's nil.
        let end = Self.chainEnd(of: Syntax(node))
        if !Self.isStatement(end) {
            // As on iOS, nil when the conformer does not implement the
            // method (its default implementation says so): `?? fallback` works.
            if wrappedChains.insert(end.id).inserted { wrap(end) }
            wrapped = ", and wrapped the chain so that it is nil when the conformer does not implement it, as on iOS"
        }
        notes.append(AdapterMessage(position(mark.positionAfterSkippingLeadingTrivia),
                                    "'\(name)?(' became a plain call (the optional requirement has a default implementation)\(wrapped)"))
        return .visitChildren
    }

    /// An optional requirement called with `!(` (`dataSource.numberOfSections!(in: cv)`,
    /// `delegate.collectionView!(cv, layout: self, sizeForItemAt: ip)`):
    /// the `!` goes, and the call is wrapped in `__stkForcedCall`, which
    /// traps when the conformer does not implement the method, as iOS's
    /// unrecognized selector does, rather than take the default
    /// implementation's empty value for an answer.
    private func forceCall(_ node: FunctionCallExprSyntax, _ forced: ForceUnwrapExprSyntax, _ name: String) {
        let mark = forced.exclamationMark
        edits.append(Edit(start: mark.positionAfterSkippingLeadingTrivia.utf8Offset,
                          end: mark.endPositionBeforeTrailingTrivia.utf8Offset, text: " "))
        // In an optional chain (`delegate?.size!(at: ip).height`) the value
        // is optional to the chain's end: that is what is wrapped.
        let target = Self.containsOptionalChaining(forced.expression) ? Self.chainEnd(of: Syntax(node)) : Syntax(node)
        if wrappedChains.insert(target.id).inserted { wrap(target, in: "__stkForcedCall(\"\(name)\", ") }
        notes.append(AdapterMessage(position(mark.positionAfterSkippingLeadingTrivia),
                                    "'\(name)!(' became a call that traps when the conformer does not implement the optional requirement, as on iOS"))
    }

    /// `chain` as `__stkOptionalCall({ chain })`, the chain on lines of its
    /// own, each where the user wrote it: line directives inside the closure
    /// give the chain its lines, and spaces its columns, and the text after
    /// it keeps its line and columns. The compiler's errors in the chain name
    /// the user's line and column and show the chain as written, not stk's
    /// wrapper (one line would show the wrapper, and shift the columns by
    /// its length):
    ///
    ///     let h = d?.height?(at: 1) ?? 0
    ///
    /// becomes
    ///
    ///     let h =
    ///     __stkOptionalCall({
    ///     #sourceLocation(file: "L.swift", line: 9)
    ///             d?.height (at: 1)
    ///     #sourceLocation(file: "L.swift", line: 9)
    ///     })                       ?? 0
    ///
    /// In a string literal, which cannot hold a line break, the wrapper stays
    /// on the chain's line; after a prefix operator (`-d?.f?()`), which must
    /// touch its operand, the wrapper's opening does.
    private func wrap(_ chain: Syntax, in wrapper: String = "__stkOptionalCall(") {
        let start = chain.positionAfterSkippingLeadingTrivia
        let end = chain.endPositionBeforeTrailingTrivia
        if chain.ancestorOrSelf(mapping: { $0.as(StringLiteralExprSyntax.self) }) != nil {
            edits.append(Edit(start: start.utf8Offset, end: start.utf8Offset, text: wrapper + "{ "))
            edits.append(Edit(start: end.utf8Offset, end: end.utf8Offset, text: " })"))
            return
        }
        let first = position(start)
        let after = position(end)
        let lineBreak = chain.parent?.is(PrefixOperatorExprSyntax.self) == true ? "" : "\n"
        edits.append(Edit(start: start.utf8Offset, end: start.utf8Offset,
                          text: lineBreak + wrapper + "{\n" + lineDirective(file: first.file, line: first.line)
                              + String(repeating: " ", count: first.column - 1)))
        edits.append(Edit(start: end.utf8Offset, end: end.utf8Offset,
                          text: "\n" + lineDirective(file: after.file, line: after.line) + "})" + String(repeating: " ", count: max(0, after.column - 3))))
    }

    /// Whether `expression` (the callee of a call) goes through `?`.
    static func containsOptionalChaining(_ expression: ExprSyntax) -> Bool {
        var current: ExprSyntax? = expression
        while let node = current {
            if node.is(OptionalChainingExprSyntax.self) { return true }
            if let member = node.as(MemberAccessExprSyntax.self) { current = member.base; continue }
            if let call = node.as(FunctionCallExprSyntax.self) { current = call.calledExpression; continue }
            if let sub = node.as(SubscriptCallExprSyntax.self) { current = sub.calledExpression; continue }
            if let force = node.as(ForceUnwrapExprSyntax.self) { current = force.expression; continue }
            return false
        }
        return false
    }

    /// The base name of `a.b.name` or `name`.
    static func calledName(_ expr: ExprSyntax) -> String? {
        if let member = expr.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// The outermost postfix expression whose chain starts at `node`.
    static func chainEnd(of node: Syntax) -> Syntax {
        var current = node
        while let parent = current.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == current { current = parent; continue }
            if let call = parent.as(FunctionCallExprSyntax.self), Syntax(call.calledExpression) == current { current = parent; continue }
            if let sub = parent.as(SubscriptCallExprSyntax.self), Syntax(sub.calledExpression) == current { current = parent; continue }
            if let chained = parent.as(OptionalChainingExprSyntax.self), Syntax(chained.expression) == current { current = parent; continue }
            if let force = parent.as(ForceUnwrapExprSyntax.self), Syntax(force.expression) == current { current = parent; continue }
            break
        }
        return current
    }

    /// Whether the expression is a statement of its own (its value unused).
    static func isStatement(_ node: Syntax) -> Bool {
        node.parent?.is(CodeBlockItemSyntax.self) == true
    }
}

/// The default implementation of an optional requirement whose conformer does
/// not implement it: the "nothing" of its type, as the `?(` call answered nil.
///
/// It first marks that it answered for a missing method: a call rewritten from
/// `?(` (`__stkOptionalCall`) is then nil, as on iOS.
func defaultBody(returning type: TypeSyntax?) -> String {
    let mark = "__stkOptionalDefault(); "
    guard let type else { return "{ \(mark)}" }
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return "{ \(mark)return nil }" }
    if type.is(ArrayTypeSyntax.self) { return "{ \(mark)return [] }" }
    if type.is(DictionaryTypeSyntax.self) { return "{ \(mark)return [:] }" }
    let name = DeclarationCollector.typeName(type)
    switch name {
    case "Void", "()": return "{ \(mark)}"
    case "Bool": return "{ \(mark)return false }"
    case "String": return "{ \(mark)return \"\" }"
    case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "CGFloat", "Double", "Float":
        return "{ \(mark)return 0 }"
    case "CGSize", "CGPoint", "CGRect", "UIEdgeInsets", "NSDirectionalEdgeInsets", "EdgeInsets", "CGAffineTransform":
        return "{ \(mark)return .zero }"
    default:
        if name.hasPrefix("Optional<") { return "{ \(mark)return nil }" }
        return "{ fatalError(\"stk: this conformer does not implement the optional requirement, and its type has no empty value\") }"
    }
}

/// `override init()` in a subclass of the attributes or of an invalidation
/// context becomes `required init()`: stk's base classes declare `init()`
/// required, because LayoutKit makes instances of the layout's own classes
/// through their metatypes (the Objective-C runtime does it on iOS), and Swift
/// refuses a plain override of a required initialiser. `required` alone is
/// how Swift spells the override of a required initialiser (with `override`
/// too, it warns that `override` is implied), and it has the length of
/// `override`: every byte of the file stays in place.
enum RequiredInitRewrite {
    static let bases: Set<String> = [
        "UICollectionViewLayoutAttributes", "UICollectionViewLayoutInvalidationContext", "UICollectionViewFlowLayoutInvalidationContext",
        "CollectionViewLayoutAttributes", "CollectionViewLayoutInvalidationContext", "CollectionViewFlowLayoutInvalidationContext",
    ]

    static func edits(_ declarations: Declarations, position: (Int, AbsolutePosition) -> SourcePosition)
        -> (edits: [Int: [Edit]], notes: [Int: [AdapterMessage]]) {
        var edits: [Int: [Edit]] = [:]
        var notes: [Int: [AdapterMessage]] = [:]
        for info in declarations.classes {
            // The base above the classes of the sources.
            guard let base = declarations.superclassChain(of: info).last?.superclass, bases.contains(base) else { continue }
            for member in info.node.memberBlock.members {
                guard let initialiser = member.decl.as(InitializerDeclSyntax.self),
                      initialiser.optionalMark == nil, initialiser.signature.parameterClause.parameters.isEmpty,
                      !initialiser.modifiers.contains(where: { $0.name.text == "required" }),
                      let override = initialiser.modifiers.first(where: { $0.name.text == "override" }) else { continue }
                let at = override.name.positionAfterSkippingLeadingTrivia
                edits[info.fileIndex, default: []].append(Edit(start: at.utf8Offset, end: override.name.endPositionBeforeTrailingTrivia.utf8Offset, text: "required"))
                notes[info.fileIndex, default: []].append(AdapterMessage(position(info.fileIndex, at),
                    "'override init()' became 'required init()' in \(info.name): stk's \(base) declares init() required, since it creates the layout's \(base.hasSuffix("Attributes") ? "attributes" : "contexts") of this class through it"))
            }
        }
        return (edits, notes)
    }
}

/// The calls in a `#if` condition (`os(iOS)`, `canImport(UIKit)`).
final class PlatformConditionFinder: SyntaxVisitor {
    private(set) var found: [FunctionCallExprSyntax] = []
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .skipChildren
    }
}
