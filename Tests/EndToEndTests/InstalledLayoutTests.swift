import Foundation
import StkTestSupport
import Testing

/// A layout built and installed where stk cannot call it, compiled and run:
/// the statements that make it run as a layout function
/// (docs/write-your-own-layout.md).
extension ViewControllerSourceTests {
    /// Apple's first iOS 14 list, as tutorials write it: the list is made in
    /// viewDidLoad(), beside the data source's methods and a cell class.
    static func listViewController(buildsInViewDidLoad: Bool) -> String {
        let making = """
                    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                    configuration.headerMode = UICollectionLayoutListConfiguration.HeaderMode.supplementary
                    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
            """
        return """
            import UIKit
            import Foundation

            class ViewController: UICollectionViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.register(SimpleSetupCell.self, forCellWithReuseIdentifier: "SimpleSetupCell")
            \(buildsInViewDidLoad ? making + "\n        collectionView.collectionViewLayout = layout" : "        collectionView.collectionViewLayout = createLayout()")
                }
            \(buildsInViewDidLoad ? "" : "\n    func createLayout() -> UICollectionViewLayout {\n" + making + "\n        return layout\n    }")
            }

            extension ViewController {
                override func numberOfSections(in collectionView: UICollectionView) -> Int { 5 }

                override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 10 }

                override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "SimpleSetupCell", for: indexPath) as! SimpleSetupCell
                    cell.label.text = "Row \\(indexPath.item)"
                    return cell
                }
            }

            class SimpleSetupCell: UICollectionViewListCell {
                let label = UILabel()
            }
            """
    }

    /// The same list, built in viewDidLoad() or in a `createLayout()`: the
    /// same numbers after every command.
    @Test func aListBuiltInViewDidLoadRunsAsTheSameListFromALayoutFunction() throws {
        let folder = try TranscriptCommandFolder(["Installed/ViewController.swift": Self.listViewController(buildsInViewDidLoad: true),
                                                  "Function/ViewController.swift": Self.listViewController(buildsInViewDidLoad: false)])
        let script = """
            sections 2 items=3
            layout view-controller
            contentsize
            visible
            insert item 0:1
            scroll to 0,40
            visible
            """
        let installed = try run(script, plugin: "Installed", in: folder)
        let function = try run(script, plugin: "Function", in: folder)
        #expect(installed.status == 0 && function.status == 0, "\(installed.stderr)\n\(function.stderr)")
        #expect(installed.stdout.contains("8 elements"), "\(installed.stdout)")
        #expect(installed.stdout == function.stdout)
    }

    /// A collection view subclass that installs its own compositional layout
    /// in `commonInit()`: items half the width, 100 high, two a row.
    @Test func aLayoutInstalledInCommonInitRuns() throws {
        let source = """
            import UIKit

            final class FeedCollectionView: UICollectionView {
                override init(frame: CGRect = .zero, collectionViewLayout layout: UICollectionViewLayout = UICollectionViewFlowLayout()) {
                    super.init(frame: frame, collectionViewLayout: layout)
                    commonInit()
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    commonInit()
                }

                private func commonInit() {
                    backgroundColor = .clear
                    setCollectionViewLayout(UICollectionViewCompositionalLayout(sectionProvider: section), animated: false)
                }

                private func section(for index: Int, environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(100)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
            """
        let folder = try TranscriptCommandFolder(["FeedCollectionView.swift": source])
        // Five items, two a row of 100: three rows, 300 high; item 3 is the
        // second of the second row.
        try expectRun("""
            sections 1 items=5
            layout feed-collection-view
            contentsize
            attr item 0:3
            """, plugin: "FeedCollectionView.swift", in: folder, prints: """
            390x300
            item 0:3 frame=195,100,195,100 zIndex=0 alpha=1 hidden=false

            """)
    }
}
