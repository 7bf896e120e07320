import Testing
@testable import SourceAdapter

/// A list configuration's swipe actions and separator handler: a finger and
/// the drawing of cells use them, and stk has neither. Their assignments are
/// left out, with what only their closures name (a delete that applies a
/// snapshot, contextual actions, images).
@Suite struct ViewOnlySettingsTests {
    @Test func swipeActionsAndSeparatorHandlersAreLeftOut() throws {
        let output = try LayoutFunctionTests.adaptedExample("TasksViewController.swift").output
        // Blanked where they stand (lines 42 to 61 of the file): the lines
        // that follow keep their numbers.
        expectBlanked(42...61, in: output, after: "        configuration.headerMode = .supplementary",
                      before: "        return UICollectionViewCompositionalLayout.list(using: configuration)")
        #expect(!body(output).contains("func delete") && !body(output).contains("func toggleFlag"), "only the left-out closures named them")
        #expect(output.report.notes.map(\.description).contains(
            "Examples/SourceLayouts/TasksViewController.swift:42:9: left out the assignment of trailingSwipeActionsConfigurationProvider: stk swipes nothing, so it is never asked (its closure is view code)"))
        #expect(output.report.notes.map(\.description).contains(
            "Examples/SourceLayouts/TasksViewController.swift:56:9: left out the assignment of itemSeparatorHandler: stk draws no separators, so it is never asked (its closure is view code)"))
    }
}
