import Foundation
import Testing
@testable import SourceAdapter

/// The adapter on sources given as (path, text) pairs.
func adapt(_ files: [(String, String)]) -> AdapterOutput {
    SourceAdapter.adapt(files.map { SourceInput(path: $0.0, text: $0.1) })
}

/// The user's text of file `index` as adapted: after the first line
/// directive, before the `#sourceLocation()` that closes it. Its line N is the
/// user's line N.
func body(_ output: AdapterOutput, _ index: Int = 0) -> String {
    let text = output.files[index].text
    let start = text.range(of: ")\n")!.upperBound // after the first #sourceLocation(...)
    let end = text.range(of: "\n#sourceLocation()\n")!.lowerBound
    return String(text[start..<end])
}

/// `body(output, index)` a line at a time: element N is the user's line N + 1.
func bodyLines(_ output: AdapterOutput, _ index: Int = 0) -> [String] {
    body(output, index).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// Code left out where it stands: the user's lines `blanked` (1-based, as
/// the file numbers them) of file 0 as adapted are blank, and the lines
/// around them are `before` and `after` (trailing spaces aside), so the
/// lines that follow keep their numbers.
func expectBlanked(_ blanked: ClosedRange<Int>, in output: AdapterOutput, after before: String, before after: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = bodyLines(output)
    // Element N of `lines` is the user's line N + 1.
    let blank = lines[(blanked.lowerBound - 1)...(blanked.upperBound - 1)]
    #expect(lines[blanked.lowerBound - 2].trimmingTrailingSpaces == before, sourceLocation: sourceLocation)
    #expect(blank.allSatisfy { $0.allSatisfy { $0 == " " } }, "\(blank)", sourceLocation: sourceLocation)
    #expect(lines[blanked.upperBound].trimmingTrailingSpaces == after, sourceLocation: sourceLocation)
}

/// How the function stk writes opens what a screen's
/// `viewWillTransition(to size:with:)` sets up at a new size, these lines
/// directed to `line` of `file` (the line the layout is registered from):
/// the new size under the method's name for it, `size`. The set-up's
/// statements follow, each directed to its own line.
func transitionSetUpOpening(file: String, line: Int) -> String {
    """
            if let __stkNewSize {
    #sourceLocation(file: "\(file)", line: \(line))
            do {
    #sourceLocation(file: "\(file)", line: \(line))
            let size = __stkNewSize

    """
}

/// What the adapter writes for a view controller kept with its layout: the
/// registration shows it the collection view (`__stkShow(in:)`), and the
/// view controller, stripped, gets what it has on iOS once its view loaded.
enum ViewControllerShell {
    static func shows(_ instance: String) -> String {
        "layout.__stkShowBuilder = { [unowned \(instance)] in \(instance).__stkShow(in: $0) }; "
    }

    /// The members written at a stripped view controller's closing brace.
    /// `ownInitialiser`: stk makes it with the user's initialiser, so it
    /// gets no `init() {}`.
    static func members(addsCollectionView: Bool = false, ownInitialiser: Bool = false) -> String {
        (ownInitialiser ? "" : "init() {}; ") + "weak var __stkShownIn: UICollectionView?; func __stkShow(in collectionView: UICollectionView) { __stkShownIn = collectionView }; "
            + (addsCollectionView ? "var collectionView: UICollectionView! { __stkShownIn ?? UICollectionView.__stkReceivingLayout }; " : "")
            + "var view: UIView! { (__stkShownIn ?? UICollectionView.__stkReceivingLayout).map { UIView(frame: CGRect(origin: .zero, size: $0.bounds.size)) } }; "
            + "var traitCollection: UITraitCollection { (__stkShownIn ?? UICollectionView.__stkReceivingLayout)?.traitCollection ?? UITraitCollection() }; }"
    }
}

/// The file of a view controller `name` whose layout code reads its stored
/// property `columns`, declared on line 3 without a value; `members`, written
/// as at the file's left margin, stand between the property and
/// `createLayout()`, a line each (the helper indents them into the class):
/// its initialisers, which give `columns` a value or do not.
func columnsViewController(_ name: String, _ members: String) -> String {
    let indented = members.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }
    return """
        import UIKit
        final class \(name): UIViewController {
            let columns: Int
        \(indented.joined(separator: "\n"))
            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout.list(using: .init(appearance: columns > 1 ? .grouped : .plain))
            }
        }
        """
}

/// A line of adapted text without the spaces blanking left at its end.
extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
