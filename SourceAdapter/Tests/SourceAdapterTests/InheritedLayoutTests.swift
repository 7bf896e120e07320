import Testing
@testable import SourceAdapter

/// Screens that inherit their layout from a base view controller of the
/// sources, and base controllers that build a layout class of the sources.
@Suite struct InheritedLayoutTests {
    static let base = """
        import UIKit

        class BaseListController: UICollectionViewController {
            init() {
                super.init(collectionViewLayout: UICollectionViewFlowLayout())
            }

            required init?(coder aDecoder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }
        }
        """

    static let music = """
        import UIKit

        class MusicController: BaseListController, UICollectionViewDelegateFlowLayout {
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.backgroundColor = .white
            }

            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                return .init(width: view.frame.width, height: 100)
            }
        }

        class SearchController: BaseListController {
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationItem.title = "Search"
            }
        }
        """

    @Test func aScreenThatAdoptsTheFlowDelegateInheritsItsBasesLayout() {
        let output = adapt([("BaseListController.swift", Self.base), ("MusicController.swift", Self.music)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        // SearchController adopts no flow delegate: on iOS it shows its
        // base's layout as it is, which base-list-controller already is.
        #expect(output.report.layouts.map(\.name) == ["base-list-controller", "music-controller"])
        #expect(output.files[1].text.contains("makeAnyLayout: { let owner = MusicController(); let layout = owner.__stkInheritedLayout(); layout.__stkRetainedBuilder = owner;"))
        // Called where the class is declared, line 3, so that an error names it.
        #expect(output.files[1].text.contains("""
            extension MusicController {
                func __stkInheritedLayout() -> UICollectionViewLayout {
            #sourceLocation(file: "MusicController.swift", line: 3)
                    return __stkInstalledLayout()
            """))
        #expect(output.report.notes.map(\.description).contains(
            "MusicController.swift:3:7: registered layout 'music-controller' from the layout MusicController inherits from BaseListController: stk runs what makes BaseListController's layout (line 5 of BaseListController.swift) on a MusicController made by init(), whose own delegate methods size it, as on iOS; the view code around it is not run"))
    }

    /// A base controller whose layout is a layout function of its own:
    /// the screen calls it.
    @Test func aScreenInheritsItsBasesLayoutFunction() {
        let base = """
            import UIKit

            class BaseGridController: UIViewController {
                func createLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.minimumLineSpacing = 2
                    return layout
                }
            }

            final class PhotosController: BaseGridController, UICollectionViewDelegateFlowLayout {
                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    CGSize(width: 120, height: 120)
                }
            }
            """
        let output = adapt([("Grid.swift", base)])
        #expect(output.report.layouts.map(\.name) == ["base-grid-controller", "photos-controller"])
        #expect(output.files[0].text.contains("""
                func __stkInheritedLayout() -> UICollectionViewLayout {
            #sourceLocation(file: "Grid.swift", line: 11)
                    return createLayout()
            """))
    }

    /// `let layout = BetterSnappingLayout()` in `init()`: a layout class of
    /// the sources, built and installed as UIKit's are.
    @Test func aBaseControllerThatBuildsALayoutClassOfTheSourcesIsRegistered() {
        let source = """
            import UIKit

            class HorizontalSnappingController: UICollectionViewController {
                init() {
                    let layout = BetterSnappingLayout()
                    layout.scrollDirection = .horizontal
                    super.init(collectionViewLayout: layout)
                    collectionView.decelerationRate = .fast
                }

                required init?(coder aDecoder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }

            class BetterSnappingLayout: UICollectionViewFlowLayout {}
            """
        let output = adapt([("HorizontalSnappingController.swift", source)])
        #expect(output.report.layouts.map(\.name) == ["better-snapping-layout", "horizontal-snapping-controller"])
        #expect(output.report.notes.map(\.description).contains(
            "HorizontalSnappingController.swift:5:22: registered layout 'horizontal-snapping-controller' from the layout HorizontalSnappingController.init() builds: stk runs lines 5-6, which make it, as a layout function; the rest of init() and the view code around it are not run"))
    }
}
