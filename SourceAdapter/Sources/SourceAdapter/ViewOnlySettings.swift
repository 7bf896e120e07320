import SwiftSyntax

/// Settings of a list configuration that only a finger or the drawing of a
/// cell uses: `config.trailingSwipeActionsConfigurationProvider = { ... }`
/// (and the leading one), `config.itemSeparatorHandler = { ... }`. stk
/// swipes nothing and draws no separators, so it never asks them; their
/// closures are view code (contextual actions, images, a snapshot applied
/// after a delete). Such an assignment is left out, as the view code around
/// the layout is: blanked where it stands, and not scanned for the names
/// the pruning keeps.
enum ViewOnlySettings {
    static let names: Set<String> = [
        "leadingSwipeActionsConfigurationProvider", "trailingSwipeActionsConfigurationProvider", "itemSeparatorHandler",
    ]

    /// The setting `statement` assigns, if it is one of them
    /// (`config.trailingSwipeActionsConfigurationProvider = ...`).
    static func assignedSetting(_ statement: CodeBlockItemSyntax) -> String? {
        guard let sequence = statement.item.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self), let member = elements[0].as(MemberAccessExprSyntax.self),
              names.contains(member.declName.baseName.text) else { return nil }
        return member.declName.baseName.text
    }

    /// The note for a left-out setting.
    static func note(_ setting: String) -> String {
        let why = setting == "itemSeparatorHandler" ? "stk draws no separators" : "stk swipes nothing"
        return "left out the assignment of \(setting): \(why), so it is never asked (its closure is view code)"
    }
}
