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
    /// in `commonInit()` (Examples/InstalledLayouts/FeedCollectionView.swift):
    /// two cards a row of 120 within insets of 8, each inset by 4, under a
    /// header of 44: 44 + 8 + 3 x 120 + 8 = 420 for five cards. Card 3 is the
    /// second of the second row: x 8 + 374 / 2 +
    /// 4 = 199, y 44 + 8 + 120 + 4 = 176, 374 / 2 - 8 = 179 by 120 - 8 = 112.
    @Test func aLayoutInstalledInCommonInitRuns() throws {
        let folder = try TranscriptCommandFolder([:])
        let example = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/InstalledLayouts/FeedCollectionView.swift").path
        try expectRun("""
            sections 1 items=5
            layout feed-collection-view
            contentsize
            attr item 0:3
            """, plugin: example, in: folder, prints: """
            390x420
            item 0:3 frame=199,176,179,112 zIndex=0 alpha=1 hidden=false

            """)
    }
}
