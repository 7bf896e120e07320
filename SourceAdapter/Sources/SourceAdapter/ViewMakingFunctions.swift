import SwiftSyntax

/// Functions that make a cell or a view, beside layout code: a section model
/// of the app that knows both its layout and its cell,
///
///     protocol Section {
///         func layoutSection() -> NSCollectionLayoutSection
///         func configureCell(collectionView: UICollectionView, indexPath: IndexPath) -> UICollectionViewCell
///     }
///
/// stk never asks for a cell or a view (it draws frames), and the body of
/// such a function is view code: `dequeueReusableCell(...) as! ButtonCell`,
/// then the cell's labels, which stk leaves out. The function keeps its
/// signature (a protocol of the app may require it, and its callers must
/// still compile), and its body becomes a trap that says why, at the body's
/// first line; the body's other lines are blanked, so that what follows
/// keeps its lines. What only the body named is not kept for it.
///
/// A function makes a view when its result is one of UIKit's view types
/// (optional or not): the app's own view classes are subclasses of those,
/// and a function returning one of them by its own name is rare.
enum ViewMakingFunctions {
    static let viewTypes: Set<String> = [
        "UIView", "UICollectionReusableView", "UICollectionViewCell", "UICollectionViewListCell",
        "UITableViewCell", "UITableViewHeaderFooterView",
        "CollectionReusableView", "CollectionViewCell",
    ]

    /// The body of `function` if it makes a view.
    static func viewMakingBody(_ function: FunctionDeclSyntax) -> CodeBlockSyntax? {
        guard let body = function.body, let result = function.signature.returnClause?.type,
              viewTypes.contains(baseName(result)) else { return nil }
        return body
    }

    /// `UICollectionViewCell` of `UICollectionViewCell?`, `UIKit.UIView!`.
    private static func baseName(_ type: TypeSyntax) -> String {
        if let optional = type.as(OptionalTypeSyntax.self) { return baseName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return baseName(unwrapped.wrappedType) }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return type.as(IdentifierTypeSyntax.self)?.name.text ?? ""
    }

    /// The statement that replaces the body.
    static func trap(_ function: FunctionDeclSyntax) -> String {
        "fatalError(\"stk makes no cells or views: \(Pruning.signature(DeclSyntax(function)) ?? function.name.text) is view code, left out\")"
    }

    /// The note for a body left out.
    static func note(_ function: FunctionDeclSyntax) -> String {
        "left out the body of \(Pruning.signature(DeclSyntax(function)) ?? function.name.text): it makes a cell or a view, which stk never asks for (its body is view code); it traps if called"
    }

    /// The edit that leaves out `body` between its braces, in `bytes` (its
    /// file): `trap` at the start of its first line of code, or, without
    /// one, blanks (an empty body); its lines keep their numbers.
    static func leavingOut(_ body: CodeBlockSyntax, in bytes: [UInt8], trap: String?) -> Edit {
        let start = body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        let end = body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        let inside = bytes[start..<end]
        return Edit(start: start, end: end, text: trap.map { replacement(inside: inside, trap: $0) } ?? blanked(inside))
    }

    /// The text of the body's inside (between its braces) once left out: the
    /// trap at the start of its first line of code, every other character
    /// blanked, so that the lines after it keep their numbers.
    static func replacement(inside bytes: ArraySlice<UInt8>, trap: String) -> String {
        var blankedText = blanked(bytes)
        // After the brace's own line: at the indentation of the first line of code.
        let firstCode = bytes.firstIndex { !($0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")) }
        let offset = (firstCode ?? bytes.startIndex) - bytes.startIndex
        let start = blankedText.utf8.index(blankedText.utf8.startIndex, offsetBy: offset)
        // The trap overwrites blanks up to the end of that line, or pushes
        // the line's end out when it is shorter.
        let lineEnd = blankedText[start...].firstIndex { $0 == "\n" || $0 == "\r" } ?? blankedText.endIndex
        let room = blankedText.utf8.distance(from: start, to: lineEnd)
        let end = room >= trap.utf8.count ? blankedText.utf8.index(start, offsetBy: trap.utf8.count) : lineEnd
        blankedText.replaceSubrange(start..<end, with: trap)
        return blankedText
    }
}
