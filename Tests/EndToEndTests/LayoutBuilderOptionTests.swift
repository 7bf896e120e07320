import Foundation
import StkTestSupport
import Testing

/// A layout built by a helper class of the app's (not a layout subclass)
/// whose section provider asks the helper's `weak var delegate` on every
/// pass, as cwa-app-ios's HomeLayout does: without a delegate every section
/// is nil (UIKit's exception, stk's warning); `delegate=FixedSections`, a
/// small type written beside it, is assigned to the helper the layout keeps.
@Suite struct LayoutBuilderOptionTests {
    @Test func aBuildersDelegateIsGivenAsAnOption() throws {
        let result = try StkProcess.runSource(named: "HomeLayout.swift", OwnerOptionSources.builder,
                                              script: "sections 2 items=1; layout home-layout delegate=FixedSections; visible; set delegate=nil; visible")
        #expect(result.status == 0, "\(result)")
        // Rows 50 high, one a section: 0 and 50; then no delegate, no sections.
        #expect(result.lines == ["item 0:0 frame=0,0,390,50 zIndex=0 alpha=1 hidden=false",
                                 "item 1:0 frame=0,50,390,50 zIndex=0 alpha=1 hidden=false",
                                 "2 elements", "0 elements"], "\(result)")
        #expect(result.stderr.contains("the section provider returned nil for section 0"), "\(result)")
    }
}

enum OwnerOptionSources {
    static let builder = """
        import UIKit

        enum HomeSection: Int {
            case main, info
        }

        protocol HomeLayoutDelegate: AnyObject {
            func homeLayout(_ homeLayout: HomeLayout, sectionFor index: Int) -> HomeSection?
        }

        final class HomeLayout {
            weak var delegate: HomeLayoutDelegate?

            func collectionLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [unowned self] index, _ in
                    guard self.delegate?.homeLayout(self, sectionFor: index) != nil else { return nil }
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
        }

        /// Written beside the app's file for stk: every section is there.
        final class FixedSections: HomeLayoutDelegate {
            func homeLayout(_ homeLayout: HomeLayout, sectionFor index: Int) -> HomeSection? { HomeSection(rawValue: index) }
        }

        """
}
