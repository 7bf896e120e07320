import Foundation
import Testing
@testable import SourceAdapter

/// Screens that inherit their layout from a base view controller of the
/// sources, and base controllers that build a layout class of the sources.
@Suite struct InheritedLayoutTests {
    /// Examples/AppStoreScreens, adapted as one folder (files in name order).
    static func appStoreScreens() throws -> AdapterOutput {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/AppStoreScreens")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return SourceAdapter.adapt(try names.map { name in
            SourceInput(path: "AppStoreScreens/" + name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        })
    }

    @Test func aScreenThatAdoptsTheFlowDelegateInheritsItsBasesLayout() throws {
        let output = try Self.appStoreScreens()
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        // FavoritesController adopts no flow delegate: on iOS it shows its
        // base's layout as it is, which base-list-controller already is.
        // Layout classes first, then layout functions.
        #expect(output.report.layouts.map(\.name) == ["better-snapping-layout", "base-list-controller", "horizontal-snapping-controller",
                                                       "music-controller", "reviews-controller"])
        // Files in name order: 0 BaseListController, 1 FavoritesController,
        // 2 HorizontalSnappingController, 3 MusicController, 4 ReviewsController.
        let music = output.files[3].text
        #expect(music.contains("makeAnyLayout: { let owner = MusicController(); let layout = owner.__stkInheritedLayout(); layout.__stkRetainedBuilder = owner;"))
        // Called where the class is declared, line 9, so that an error names it.
        #expect(music.contains("""
            extension MusicController {
                func __stkInheritedLayout() -> UICollectionViewLayout {
            #sourceLocation(file: "AppStoreScreens/MusicController.swift", line: 9)
                    return __stkInstalledLayout()
            """))
        #expect(output.report.notes.map(\.description).contains(
            "AppStoreScreens/MusicController.swift:9:7: registered layout 'music-controller' from the layout MusicController inherits from BaseListController: stk runs what makes BaseListController's layout (line 10 of AppStoreScreens/BaseListController.swift) on a MusicController made by init(), whose own delegate methods size it, as on iOS; the view code around it is not run"),
            "\(output.report.notes)")
        // The reviews screen inherits what its base makes of a layout class
        // of the sources: the construction and the change after it. The
        // base's deceleration rate is the session's command.
        #expect(output.report.notes.map(\.description).contains(
            "AppStoreScreens/HorizontalSnappingController.swift:10:22: registered layout 'horizontal-snapping-controller' from the layout HorizontalSnappingController.init() builds: stk runs lines 10-11, which make it, as a layout function; the rest of init() and the view code around it are not run; what the code beside it sets on the collection view is not the layout's, and stk's session holds it: run it as a command (line 13: `deceleration fast`)"),
            "\(output.report.notes)")
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
}
