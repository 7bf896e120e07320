import SwiftSyntax

/// The code a screen runs on its layout after it is made: when its view is
/// laid out (`viewWillLayoutSubviews()`, `viewDidLayoutSubviews()`, sizing
/// the items from the view's width) and when it rotates
/// (`viewWillTransition(to:with:)`, sizing them from the size it is given).
/// On iOS the first runs before the collection view's first pass and again
/// at each new size; the second only at a new size. The function stk writes
/// runs the first once itself, and hands both to the collection view
/// (`__stkViewDidLayoutSubviews`), which runs them after each change of its
/// size, before the layout pass:
///
/// ```swift
/// let __stkLayoutSubviews = { [self, weak layout = layout] (__stkNewSize: CGSize?) in
///     guard let layout else { return }
///     if let __stkNewSize { do { let size = __stkNewSize; ...viewWillTransition's set-up } }
///     do { ...viewDidLayoutSubviews()'s set-up }
/// }
/// __stkLayoutSubviews(nil)
/// layout.__stkViewDidLayoutSubviews = { __stkLayoutSubviews($0.collectionView?.bounds.size) }
/// ```
///
/// The layout is held weakly: the collection view's hook would otherwise
/// keep the layout that holds it.
enum LayoutCallbacks {
    /// When code runs, in UIKit's order: a screen is made, loads its view,
    /// then lays it out. Code of other names (`setupCollectionView()`) is
    /// taken for what `viewDidLoad()` calls.
    enum Moment: Int, Comparable {
        case initialiser, awakeFromNib, load, layout, transition

        init(_ context: String) {
            if context.hasPrefix("init") { self = .initialiser; return }
            if context.hasPrefix("viewWillTransition(") { self = .transition; return }
            switch context {
            case "awakeFromNib()": self = .awakeFromNib
            case "viewWillLayoutSubviews()", "viewDidLayoutSubviews()", "layoutSubviews()": self = .layout
            default: self = .load
            }
        }

        /// Run by the collection view at each new size (and, but for a
        /// rotation's, once when the layout is made).
        var isCallback: Bool { self >= .layout }

        static func < (a: Moment, b: Moment) -> Bool { a.rawValue < b.rawValue }
    }

    /// The name `viewWillTransition(to size: CGSize, with coordinator:)`
    /// gives the new size (`size`), for that method; nil for any other.
    static func transitionSizeName(_ function: FunctionDeclSyntax) -> String? {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard function.name.text == "viewWillTransition", parameters.count == 2, parameters[0].firstName.text == "to" else { return nil }
        return (parameters[0].secondName ?? parameters[0].firstName).text
    }

    /// The statements that run the callbacks, after the layout `layout` (a
    /// local or a property of the type) is made and the set-up at load has
    /// run; empty when there is no callback. `atLayout` and each of
    /// `atTransition` are statements as the function stk writes has them.
    static func hook(on layout: String, atLayout: String, atTransition: [(sizeName: String, text: String)], directive: String) -> String {
        guard !atLayout.isEmpty || !atTransition.isEmpty else { return "" }
        var text = directive + "        let __stkLayoutSubviews = { [self, weak \(layout) = \(layout)] (__stkNewSize: CGSize?) in\n"
            + directive + "        guard let \(layout) else { return }\n"
        if !atTransition.isEmpty {
            text += directive + "        if let __stkNewSize {\n"
            for (sizeName, statements) in atTransition {
                text += directive + "        do {\n" + directive + "        let \(sizeName) = __stkNewSize\n" + statements + directive + "        }\n"
            }
            text += directive + "        }\n"
        }
        return text + atLayout + directive + "        }\n"
            + directive + "        __stkLayoutSubviews(nil)\n"
            + directive + "        \(layout).__stkViewDidLayoutSubviews = { __stkLayoutSubviews($0.collectionView?.bounds.size) }\n"
    }
}
