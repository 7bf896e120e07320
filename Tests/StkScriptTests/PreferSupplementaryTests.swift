import Foundation
import LayoutKit
import Testing
@testable import StkScript

/// `prefer supplementary KIND S:0`: Apple's samples give their compositional
/// headers kinds of their own (`section-header-element-kind`, estimated 44
/// high), which `prefer header S` (the kind `header`) could not reach, so they
/// could never be self-sized, and the command said nothing.
@Suite struct PreferSupplementaryTests {
    /// Rows 50 high, a header of the sample's kind `.estimated(44)` high and
    /// a footer 30 high, full width, in every section.
    static let pinnedSample = VerifyCheckTests.descriptor("pinned-sample") {
        let row = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.vertical(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [row])
        let section = CollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
                elementKind: "section-header-element-kind", alignment: .top),
            CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                elementKind: "section-footer-element-kind", alignment: .bottom),
        ]
        return CollectionViewCompositionalLayout(section: section)
    }

    /// Each section is 44 + 2 × 50 + 30 = 174 high. Header 0 measured 80
    /// high (its height is estimated, its width is not) moves what follows
    /// by 36: section 1's header from 174 to 210, the content from 348 to
    /// 384 high; header 1 measured 60 high adds 16 more.
    @Test func aSectionsViewOfTheLayoutsOwnKindIsMeasured() throws {
        let script = try VerifyCheckTests.Script(registry: try VerifyCheckTests.registry(with: [Self.pinnedSample]))
        #expect(script.run("layout pinned-sample; sections 2 items=2; prefer supplementary section-header-element-kind 0:0 400x80") == .success,
                "\(script.output.diagnostics)")
        #expect(script.run("attr supplementary section-header-element-kind 0:0; attr supplementary section-header-element-kind 1:0; contentsize") == .success)
        #expect(script.output.lines == [
            "supplementary section-header-element-kind 0:0 frame=0,0,390,80 zIndex=1 alpha=1 hidden=false",
            "supplementary section-header-element-kind 1:0 frame=0,210,390,44 zIndex=1 alpha=1 hidden=false",
            "390x384",
        ], "\(script.output.lines)")
        // Written quoted, as a kind may be: the same view.
        #expect(script.run("prefer supplementary \"section-header-element-kind\" 1:0 400x60; contentsize") == .success)
        #expect(script.output.lines == ["390x400"], "\(script.output.lines)")
    }

    /// `prefer header 0` on this layout declares a size for a view it never
    /// shows: a note names the kind it shows instead, and the command.
    @Test func aHeaderOfTheStandardKindThatIsNotShownIsANote() throws {
        let script = try VerifyCheckTests.Script(registry: try VerifyCheckTests.registry(with: [Self.pinnedSample]))
        #expect(script.run("layout pinned-sample; sections 2 items=2; prefer header 0 390x80; contentsize") == .success)
        #expect(script.output.lines == ["390x348"], "\(script.output.lines)")
        #expect(script.output.diagnostics.contains { $0.contains(
            "note: pinned-sample shows no header 0 (a supplementary view of kind 'header'); section 0 shows one of kind 'section-header-element-kind': 'prefer supplementary section-header-element-kind 0:0 390x80' declares its size") },
            "\(script.output.diagnostics)")
        // The kind whose name says footer, for a footer (the footer's kind
        // comes first in key order, and was named for the header).
        #expect(script.run("prefer footer 1 390x40") == .success)
        #expect(script.output.diagnostics.contains { $0.contains(
            "section 1 shows one of kind 'section-footer-element-kind': 'prefer supplementary section-footer-element-kind 1:0 390x40' declares its size") },
            "\(script.output.diagnostics)")
        // On a layout that shows a header of the kind: no note.
        #expect(script.run("layout flow-sticky; prefer header 0 390x80") == .success)
        #expect(!script.output.diagnostics.contains { $0.contains("shows no header") }, "\(script.output.diagnostics)")
    }

    /// The size is the section's view's: an item other than 0 is refused
    /// where it is written, and so is a section that does not exist.
    @Test func onlyASectionsViewIsMeasured() throws {
        let script = try VerifyCheckTests.Script(registry: try VerifyCheckTests.registry(with: [Self.pinnedSample]))
        #expect(script.run("layout pinned-sample; sections 2 items=2; prefer supplementary badge 0:3 20x20") == .error)
        #expect(script.errors.first?.contains(
            "<test>:1:70: error: a supplementary view's preferred size is its section's, at item 0: expected 0:0, got '0:3'") == true,
            "\(script.output.diagnostics)")
        #expect(script.run("prefer supplementary section-header-element-kind 5:0 390x80") == .error)
        #expect(script.errors.first?.contains("section 5 does not exist") == true, "\(script.output.diagnostics)")
    }
}
