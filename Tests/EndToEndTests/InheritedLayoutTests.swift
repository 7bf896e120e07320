import Foundation
import StkTestSupport
import Testing

/// Screens that inherit their layout from the app's base view controller
/// (Examples/AppStoreScreens), as many apps write them: `class MusicController: BaseListController,
/// UICollectionViewDelegateFlowLayout`, whose base builds a flow layout in
/// `init()`. Each screen is registered under its own name, sized by its own
/// delegate methods.
extension ViewControllerSourceTests {
    /// The example app's folder: each file a screen or its base.
    static let appStoreScreens = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/AppStoreScreens").path

    /// The music screen: rows as wide as the view (390) and 100 tall, 10
    /// apart (the flow layout's default line spacing), then the footer of
    /// 100: items at y 0, 110, 220, the footer at 320, 420 in all.
    @Test func aScreenInheritsItsBaseControllersLayoutSizedByItsOwnDelegate() throws {
        let folder = try TranscriptCommandFolder([:])
        try expectRun("sections 1 items=3; layout music-controller; visible; contentsize", plugin: Self.appStoreScreens, in: folder, prints: """
            item 0:0 frame=0,0,390,100 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=0,110,390,100 zIndex=0 alpha=1 hidden=false
            item 0:2 frame=0,220,390,100 zIndex=0 alpha=1 hidden=false
            footer 0 frame=0,320,390,100 zIndex=1 alpha=1 hidden=false
            4 elements
            390x420

            """)
    }

    /// The reviews screen inherits a layout of the sources' own class
    /// (`BetterSnappingLayout()`, horizontal) that its base builds in
    /// `init()`: cards 390 - 48 = 342 wide and as tall as the view (844),
    /// 16 apart, so the second starts at 358 and three need 3 x 342 + 2 x 16
    /// = 1058. (The content inset is set in viewDidLoad(), view code.)
    @Test func aScreenInheritsALayoutClassOfTheSourcesItsBaseBuilds() throws {
        let folder = try TranscriptCommandFolder([:])
        let run = try run("sections 1 items=3; layout reviews-controller; visible; contentsize", plugin: Self.appStoreScreens, in: folder)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            item 0:0 frame=0,0,342,844 zIndex=0 alpha=1 hidden=false
            item 0:1 frame=358,0,342,844 zIndex=0 alpha=1 hidden=false
            2 elements
            1058x844

            """, "\(run)")
        #expect(run.stderr.contains("loaded base-list-controller (BaseListController), better-snapping-layout (BetterSnappingLayout), horizontal-snapping-controller (HorizontalSnappingController), music-controller (MusicController), reviews-controller (ReviewsController) from \(Self.appStoreScreens)"), "\(run.stderr)")
    }
}
