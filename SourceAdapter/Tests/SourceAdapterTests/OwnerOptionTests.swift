import Testing
@testable import SourceAdapter

/// A layout function's owner's weak delegate is an option of the layout
/// (cwa-app-ios's HomeLayout builder, whose section provider asks
/// `self.delegate` on every pass; on iOS the view controller assigns it).
@Suite struct OwnerOptionTests {
    static let builder = """
        import UIKit

        protocol HomeLayoutDelegate: AnyObject {
            func sectionKind(at index: Int) -> Int?
        }

        final class HomeLayout {
            weak var delegate: HomeLayoutDelegate?
            weak var unread: HomeLayoutDelegate?
            var columns = 2

            func collectionLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [unowned self] index, _ in
                    guard self.delegate?.sectionKind(at: index) != nil else { return nil }
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
        }

        final class FixedSections: HomeLayoutDelegate {
            func sectionKind(at index: Int) -> Int? { index }
        }

        """

    @Test func theOwnersWeakDelegateTheFunctionReadsIsAnOption() {
        let output = adapt([("HomeLayout.swift", Self.builder)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        // The delegate the provider reads; not `unread`, which no layout code
        // reads, nor `columns`, read once as the layout is built.
        #expect(output.report.layouts.map(\.options) == [["delegate"]], "\(output.report.layouts)")
        let entry = output.files.map(\.text).joined()
        #expect(entry.contains("LayoutOption(name: \"delegate\", type: .choice([\"FixedSections\", \"nil\"])"), "\(entry)")
        // Set on the owner the layout keeps; the instance kept by the layout.
        #expect(entry.contains("guard let owner = anyLayout.__stkRetainedBuilder as? HomeLayout else"), "\(entry)")
        #expect(entry.contains("case \"FixedSections\": let made = FixedSections(); anyLayout.__stkRetainedOptions[\"delegate\"] = made; owner.delegate = made"), "\(entry)")
        #expect(entry.contains("anyLayout.invalidateLayout()"), "\(entry)")
    }
}
