import Testing
@testable import SourceAdapter

/// A section model that makes both its layout and its cell, as an App Store
/// clone has it: the cell code is left out of the function's body, which
/// traps; the signature stays for the protocol; the layout code is kept.
@Suite struct ViewMakingFunctionTests {
    static let section = """
        import UIKit

        protocol Section {
            var numberOfItems: Int { get }
            func layoutSection() -> NSCollectionLayoutSection
            func configureCell(collectionView: UICollectionView, indexPath: IndexPath) -> UICollectionViewCell
        }
        """
    static let buttonSection = """
        import UIKit

        struct ButtonSection: Section {
            let numberOfItems = 1
            private let title: String

            init(title: String) {
                self.title = title
            }

            func layoutSection() -> NSCollectionLayoutSection {
                let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
                let item = NSCollectionLayoutItem(layoutSize: itemSize)
                let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }

            func configureCell(collectionView: UICollectionView, indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: ButtonCell.reuseIdentifier, for: indexPath) as! ButtonCell
                cell.title = title
                return cell
            }
        }
        """
    static let cell = """
        import UIKit

        final class ButtonCell: UICollectionViewCell {
            static let reuseIdentifier = "ButtonCell"
            @IBOutlet private weak var button: UIButton!
            var title: String? {
                get { button.title(for: .normal) }
                set { button.setTitle(newValue, for: .normal) }
            }
        }
        """
    static let viewController = """
        import UIKit

        final class TodayViewController: UIViewController {
            lazy var sections: [Section] = [
                ButtonSection(title: "Redeem"),
                ButtonSection(title: "Send Gift"),
            ]

            lazy var collectionViewLayout: UICollectionViewLayout = {
                var sections = self.sections
                let layout = UICollectionViewCompositionalLayout { (sectionIndex, environment) -> NSCollectionLayoutSection? in
                    return sections[sectionIndex].layoutSection()
                }
                return layout
            }()
        }

        extension TodayViewController: UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                sections[indexPath.section].configureCell(collectionView: collectionView, indexPath: indexPath)
            }
        }
        """

    @Test func aSectionModelKeepsItsLayoutAndTrapsForItsCell() throws {
        let output = adapt([("Section.swift", Self.section), ("ButtonSection.swift", Self.buttonSection),
                            ("ButtonCell.swift", Self.cell), ("TodayViewController.swift", Self.viewController)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let lines = body(output, 1).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The signature on line 19; the trap where the body's first line was
        // (line 20); its other two lines blanked, the closing brace on line 23.
        #expect(lines[18].trimmingTrailingSpaces == "    func configureCell(collectionView: UICollectionView, indexPath: IndexPath) -> UICollectionViewCell {")
        #expect(lines[19].trimmingTrailingSpaces
            == "        fatalError(\"stk makes no cells or views: configureCell(collectionView:indexPath:) is view code, left out\")")
        #expect(lines[20].allSatisfy { $0 == " " } && lines[21].allSatisfy { $0 == " " }, "\(lines[20...21])")
        #expect(lines[22].trimmingTrailingSpaces == "    }")
        #expect(lines[10].contains("func layoutSection()"), "the layout code stays")
        #expect(output.report.notes.map(\.description).contains(
            "ButtonSection.swift:19:104: left out the body of configureCell(collectionView:indexPath:): it makes a cell or a view, which stk never asks for (its body is view code); it traps if called"))
        // Only the body named the cell's members: the cell stays an empty
        // subclass, without even the static a layout's code would keep.
        #expect(!body(output, 2).contains("var title") && !body(output, 2).contains("reuseIdentifier"), "\(body(output, 2))")
    }

    @Test func anOptionalViewAndAShortBodyAreLeftOutToo() {
        let output = adapt([("Views.swift", """
            import UIKit
            struct Badge {
                func layoutItem() -> NSCollectionLayoutSupplementaryItem? { nil }
                func view(in collectionView: UICollectionView) -> UIKit.UICollectionReusableView? { collectionView.dequeue() }
                func header() -> UICollectionReusableView! { makeHeader() }
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
