import Testing
@testable import SourceAdapter

/// A section model that makes both its layout and its cell, as an App Store
/// clone has it (Examples/SourceLayouts/StoreFrontViewController.swift): the
/// cell code is left out of the function's body, which traps; the signature
/// stays for the protocol; the layout code is kept.
@Suite struct ViewMakingFunctionTests {
    @Test func aSectionModelKeepsItsLayoutAndTrapsForItsCell() throws {
        let output = try LayoutFunctionTests.adaptedExample("StoreFrontViewController.swift").output
        let lines = bodyLines(output)
        // FeaturedSection's: the signature on line 36; the trap where the
        // body's first line was (37); its other three lines blanked, the
        // closing brace on line 41.
        #expect(lines[35].trimmingTrailingSpaces == "    func configureCell(collectionView: UICollectionView, indexPath: IndexPath) -> UICollectionViewCell {")
        expectBlanked(38...40, in: output,
                      after: "        fatalError(\"stk makes no cells or views: configureCell(collectionView:indexPath:) is view code, left out\")",
                      before: "    }")
        #expect(lines[21].contains("func layoutSection()"), "the layout code stays")
        let notes = output.report.notes.map(\.description)
        for line in [36, 64] {
            #expect(notes.contains(
                "Examples/SourceLayouts/StoreFrontViewController.swift:\(line):104: left out the body of configureCell(collectionView:indexPath:): it makes a cell or a view, which stk never asks for (its body is view code); it traps if called"),
                "\(notes)")
        }
        // Only the bodies named the cells (and their reuse identifiers): the
        // cell classes are left out whole.
        #expect(!body(output).contains("final class ButtonCell") && !body(output).contains("reuseIdentifier ="), "\(body(output))")
    }

    @Test func anOptionalViewAndAShortBodyAreLeftOutToo() {
        let output = adapt([("Views.swift", """
            import UIKit
            struct Badge {
                func layoutItem() -> NSCollectionLayoutSupplementaryItem? { nil }
                func view(in collectionView: UICollectionView) -> UIKit.UICollectionReusableView? { collectionView.dequeue() }
                func header() -> UICollectionReusableView! { makeHeader() }
            }
            final class BadgedLayout: UICollectionViewFlowLayout {
                let badge = Badge()
            }
            """)])
        let text = body(output)
        #expect(text.contains("func layoutItem() -> NSCollectionLayoutSupplementaryItem? { nil }"), "not a view: kept as written")
        #expect(text.contains("-> UIKit.UICollectionReusableView? { fatalError(\"stk makes no cells or views: view(in:) is view code, left out\")}"), "\(text)")
        #expect(text.contains("-> UICollectionReusableView! { fatalError(\"stk makes no cells or views: header() is view code, left out\")}"), "\(text)")
    }

    @Test func theTrapTakesTheFirstLineOfCodeAndKeepsTheLines() {
        let inside = Array("\n        let cell = make()\n        return cell\n    ".utf8)
        let text = ViewMakingFunctions.replacement(inside: inside[...], trap: "fatalError(\"x\")")
        #expect(text == "\n        fatalError(\"x\")  \n                   \n    ")
    }
}
