import Foundation
import StkTestSupport
import Testing

/// Plugins given as Swift source: `stk --plugin FILE.swift`, a folder, a
/// package, `load`, `reload`, the cache, `--explain`, and every refusal. Each
/// run has a HOME of its own, so the default cache (`~/.cache/stk/plugins`)
/// starts empty unless a test shares a cache folder between runs.
@Suite struct SourcePluginTests {
    static let sourceLayouts = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/SourceLayouts")

    /// A run with the source adapter built by the suite (SourceAdapterTool).
    func stk(_ arguments: [String], script: String = "", cache: URL? = nil, in directory: URL? = nil) throws -> StkResult {
        var environment = ["STK_ADAPTER": try SourceAdapterTool.path()]
        if let cache { environment["STK_CACHE_DIR"] = cache.path }
        return try StkProcess.run(arguments, stdin: script, environment: environment, in: directory)
    }

    /// A folder with one file written into it.
    func folder(with files: [String: String]) throws -> ScratchFolder {
        try ScratchFolder(files)
    }

    /// Runs `script` with the one file `source`, written as `name` into a
    /// folder of its own and loaded as a plugin: stk succeeds.
    func runSource(_ name: String, _ source: String, script: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> StkResult {
        let sources = try folder(with: [name: source])
        let result = try stk(["--plugin", sources.url.path, "-e", script])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    // MARK: Loading

    /// The article's layout, file as printed: registered under the name derived
    /// from its class and under the class name, and its numbers are the
    /// article's code's (header 0 stops at 154 - 44 - 44 = 66, see the transcript
    /// Tests/Transcripts/source-layouts/sticky-headers-000.stk).
    @Test func aSwiftFileIsBuiltAndItsLayoutRegisteredUnderTwoNames() throws {
        let file = Self.sourceLayouts.appendingPathComponent("StickyHeadersCollectionViewFlowLayout.swift").path
        let result = try stk(["--plugin", file, "-e", """
            layout sticky-headers-collection-view-flow-layout headerSize=390x44
            scroll to 0,130
            attr header 0
            layout StickyHeadersCollectionViewFlowLayout headerSize=390x44
            scroll to 0,0
            attr header 0
            """])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["header 0 frame=0,66,390,44 zIndex=1 alpha=1 hidden=false",
                                 "header 0 frame=0,0,390,44 zIndex=1 alpha=1 hidden=false"], "\(result)")
        #expect(result.stderr.hasPrefix("note: loaded sticky-headers-collection-view-flow-layout (StickyHeadersCollectionViewFlowLayout) from \(file) (built in "), "\(result)")
    }

    /// A carousel that insets its content from `prepare()` so that its first
    /// and last cards can centre (as CarLensCollectionViewLayout does): the
    /// inset is the collection view's once the pass is over, and a fling
    /// towards the start rests with the first card centred, at -(390 - 250) / 2.
    @Test func aLayoutThatSetsTheContentInsetInPrepareCentresItsFirstCard() throws {
        let result = try runSource("CenteredCardsLayout.swift", """
            import UIKit

            final class CenteredCardsLayout: UICollectionViewFlowLayout {
                override init() {
                    super.init()
                    scrollDirection = .horizontal
                    itemSize = CGSize(width: 250, height: 400)
                    minimumLineSpacing = 20
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                override func prepare() {
                    super.prepare()
                    guard let collectionView = collectionView else { return }
                    let inset = (collectionView.bounds.width - itemSize.width) / 2
                    collectionView.contentInset = .init(top: 0, left: inset, bottom: 0, right: inset)
                }
            }
            """, script: "layout centered-cards-layout; sections 1 items=5; trace on; scroll fling -3000,0")
        let boundsChanges = result.lines.filter { $0.hasPrefix("bounds ") }
        #expect(boundsChanges.last?.hasSuffix(" -> -70,0,390,844") == true, "\(result)")
    }

    /// The second start finds the build in the cache; a change to the source
    /// makes a new build.
    @Test func theSecondStartUsesTheCacheAndAnEditRebuilds() throws {
        let cache = try ScratchFolder()
        let sources = try folder(with: ["Grid.swift": Self.tinyLayout(width: 100)])
        let file = sources.url.appendingPathComponent("Grid.swift").path
        let first = try stk(["--plugin", file, "-e", "layout tiny-layout; attr item 0:1"], cache: cache.url)
        #expect(first.lines == ["item 0:1 frame=100,0,100,10 zIndex=0 alpha=1 hidden=false"], "\(first)")
        #expect(first.stderr.contains("(built in "), "\(first)")
        let second = try stk(["--plugin", file, "-e", "layout tiny-layout; attr item 0:1"], cache: cache.url)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr == "note: loaded tiny-layout (TinyLayout) from \(file) (cached build)\n", "\(second)")
        try Data(Self.tinyLayout(width: 70).utf8).write(to: URL(fileURLWithPath: file))
        let third = try stk(["--plugin", file, "-e", "layout tiny-layout; attr item 0:1"], cache: cache.url)
        #expect(third.lines == ["item 0:1 frame=70,0,70,10 zIndex=0 alpha=1 hidden=false"], "\(third)")
        #expect(third.stderr.contains("(built in "), "\(third)")
    }

    /// A folder: every .swift file in it, one plugin with the layouts of them all.
    @Test func aFolderOfSourcesIsOnePlugin() throws {
        let result = try stk(["--plugin", "Examples/SourceLayouts", "-e", "layouts"], in: ExamplePackage.repositoryRoot)
        #expect(result.status == 0, "\(result)")
        let names = result.lines.map { String($0.prefix { $0 != " " }) }
        #expect(names.suffix(22) == ["backdrop-layout", "card-stack-layout", "carousel-flow-layout", "defaults-init-layout",
                                     "distinct-sections-view-controller", "grid-view-controller",
                                     "left-aligned-flow-layout", "list-view-controller", "mosaic-compositional-layout", "mosaic-layout",
                                     "orthogonal-view-controller", "parallax-header-layout", "peeking-carousel-layout", "card-parallax-layout",
                                     "shelves-view-controller", "springy-flow-layout", "sticky-grid-collection-view-layout", "sticky-headers-collection-view-flow-layout",
                                     "store-front-view-controller", "tasks-view-controller", "tinted-carousel-view-controller", "waterfall-layout"], "\(result)")
        #expect(result.lines.last?.contains("Examples/SourceLayouts") == true)
    }

    /// `--explain` lists each change at the user's position.
    @Test func explainShowsEveryChangeAtTheUsersPosition() throws {
        let file = Self.sourceLayouts.appendingPathComponent("StickyGridCollectionViewLayout.swift").path
        let result = try stk(["--explain", "--plugin", file, "-e", "layouts"])
        #expect(result.status == 0, "\(result)")
        // Line 134, column 47 is the `?` of `delegate.collectionView?(` in the file.
        #expect(result.stderrLines.first == "note: \(file):134:47: 'collectionView?(' became a plain call (the optional requirement has a default implementation), and wrapped the chain so that it is nil when the conformer does not implement it, as on iOS", "\(result)")
    }

    /// The sticky-grid article's layout (reference 004), file as printed: a
    /// 250 x 120 view of 3 rows of 4 cells, 100 x 50 but column 1, 120 wide
    /// (x = 0, 100, 220, 320); row 0 and column 0 stick. Scrolled to (30, 40),
    /// row 0 moves down by 40 and column 0 right by 30; their corner is above
    /// both (zIndex 2), the rest of row 0 and column 0 above the other cells.
    @Test func theStickyGridArticlesRowsAndColumnsStick() throws {
        let file = Self.sourceLayouts.appendingPathComponent("StickyGridCollectionViewLayout.swift").path
        let result = try stk(["--plugin", file, "-e", """
            layout sticky-grid-collection-view-layout stickyRowsCount=1 stickyColumnsCount=1 itemSize=100x50
            sections 4,4,4
            bounds 250x120
            size item 0:1 120x50; size item 1:1 120x50; size item 2:1 120x50
            contentsize
            visible
            scroll to 30,40
            visible
            """])
        #expect(result.status == 0, "\(result)")
        let lines = result.lines
        #expect(lines.first == "420x150", "\(result)")
        // Visible x 0..250, y 0..120: columns 0-2 of the 3 rows.
        let atRest = try #require(lines.firstIndex(of: "9 elements"), "\(result)")
        #expect(lines[..<atRest].contains("item 1:2 frame=220,50,100,50 zIndex=0 alpha=1 hidden=false"), "\(result)")
        // Visible x 30..280, y 40..160: columns 0 (30..130, sticky), 1 (100..220)
        // and 2 (220..320) of each of the 3 rows; column 3 (320..420) is out.
        let scrolled = lines[(atRest + 1)...]
        #expect(scrolled.last == "9 elements", "\(result)")
        #expect(scrolled.contains("item 0:0 frame=30,40,100,50 zIndex=2 alpha=1 hidden=false pinned"), "\(result)")
        #expect(scrolled.contains("item 0:2 frame=220,40,100,50 zIndex=1 alpha=1 hidden=false pinned"), "\(result)")
        #expect(scrolled.contains("item 2:0 frame=30,100,100,50 zIndex=1 alpha=1 hidden=false pinned"), "\(result)")
        #expect(scrolled.contains("item 1:1 frame=100,50,120,50 zIndex=0 alpha=1 hidden=false"), "\(result)")
    }

    /// `load` in a script takes source too; a second `load` of the same path is a note.
    @Test func loadInAScriptBuildsSourceAndASecondLoadIsANote() throws {
        let sources = try folder(with: ["Grid.swift": Self.tinyLayout(width: 100)])
        let result = try stk(["-e", "load Grid.swift; load Grid.swift; layout TinyLayout; attr item 0:2"], in: sources.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["item 0:2 frame=200,0,100,10 zIndex=0 alpha=1 hidden=false"], "\(result)")
        #expect(result.stderrLines.filter { $0.contains(": note: ") }.count == 2, "\(result)")
        #expect(result.stderr.contains("<command-line>:1:23: note: \(sources.url.path)/Grid.swift is already loaded; 'reload' rebuilds it after a change"), "\(result)")
    }

    /// A file of a multi-platform app, wrapped in `#if os(iOS)`: compiled as
    /// iOS compiles it (the Linux compiler left the layout out). 390 wide,
    /// three items of 100 to a line, spaced (390 − 300) / 2 = 45 apart:
    /// item 0:1 at x 145.
    @Test func aFileForIOSOnlyIsCompiledAsIOSCompilesIt() throws {
        let result = try runSource("SettingsLayout.swift", """
            #if os(iOS) || os(visionOS)
            import Foundation
            import UIKit

            final class SettingsLayout: UICollectionViewFlowLayout {
                override init() {
                    super.init()
                    itemSize = CGSize(width: 100, height: 44)
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
            #elseif os(macOS)
            import AppKit
            #endif
            """, script: "layout settings-layout; sections 1 items=5; attr item 0:1")
        #expect(result.lines == ["item 0:1 frame=145,0,100,44 zIndex=0 alpha=1 hidden=false"], "\(result)")
    }

    /// A file given by a relative `--plugin` path and loaded again by the
    /// absolute path `save` writes is the same file: a note, as for the same
    /// path twice. It was loaded a second time and refused ("the layout
    /// name ... is already registered"), so a saved session did not replay
    /// under `--plugin` (nor under `stk test --plugin`).
    @Test func theSameSourceByAnotherPathIsANote() throws {
        let sources = try folder(with: ["Layouts/Grid.swift": Self.tinyLayout(width: 100)])
        let absolute = sources.url.appendingPathComponent("Layouts/Grid.swift").path
        let result = try stk(["--plugin", "Layouts/Grid.swift", "-e", "load \"\(absolute)\"; load ./Layouts/../Layouts/Grid.swift; layout TinyLayout; attr item 0:2"],
                             in: sources.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["item 0:2 frame=200,0,100,10 zIndex=0 alpha=1 hidden=false"], "\(result)")
        #expect(result.stderr.contains("note: \(absolute) is already loaded (as Layouts/Grid.swift); 'reload' rebuilds it after a change"), "\(result)")
        #expect(!result.stderr.contains("error"), "\(result)")
    }

    /// The flow options exist on every flow subclass, with the subclass's own
    /// values as defaults (its init() sets an item size of 200x300).
    @Test func flowOptionsWorkOnEveryFlowSubclass() throws {
        let result = try stk(["--plugin", "Examples/SourceLayouts/CarouselFlowLayout.swift", "--json", "-e", """
            layout carousel-flow-layout
            options
            set itemSize=100x100 minimumLineSpacing=0
            attr item 0:3
            """], in: ExamplePackage.repositoryRoot)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.contains(#"{"name":"itemSize","type":"size","value":[200,300],"default":[200,300],"#) == true, "\(result)")
        // Horizontal: a column of the 844-high view holds 7 items of 100 (7 * 100
        // + 6 * 10 = 760; 8 need 870); its 84 points left widen the 6 gaps by 14,
        // so item 3 is at y 3 * (100 + 24) = 372 in the first column, x 0.
        #expect(result.lines.last?.contains(#""frame":[0,372,100,100]"#) == true, "\(result)")
    }

    // MARK: reload

    // MARK: Refusals: a clear error, and the session as it was

    @Test func aFileThatDoesNotCompileShowsTheCompilersErrorsAtTheUsersLines() throws {
        let sources = try folder(with: ["Broken.swift": """
            import UIKit

            @objc class BrokenLayout: UICollectionViewLayout {
                override func prepare() {
                    let x: Int = "not a number"
                }
            }

            """])
        let result = try stk(["-e", "load Broken.swift"], in: sources.url)
        #expect(result.status == 2, "\(result)")
        // Line 5, column 22 of the user's file, though stk compiled a rewritten copy.
        #expect(result.stderr.contains("Broken.swift:5:22: error: cannot convert value of type 'String' to specified type 'Int'"), "\(result)")
        #expect(result.stderrLines.first?.hasPrefix("<command-line>:1:6: error: the layout does not compile:") == true, "\(result)")
        // The line itself under it, with its caret, and no numbered snippet:
        // the compiler's own snippet numbered the rewritten copy's lines.
        let at = try #require(result.stderrLines.firstIndex { $0.contains("Broken.swift:5:22: error:") }, "\(result)")
        #expect(result.stderrLines[at + 1].trimmingCharacters(in: .whitespaces) == "let x: Int = \"not a number\"", "\(result)")
        #expect(!result.stderr.contains(" | "), "\(result)")
    }

    @Test func aFileWithNoLayoutClassIsRefused() throws {
        let sources = try folder(with: ["Helpers.swift": "import UIKit\n\nstruct Spacing { var value = 8.0 }\n"])
        let result = try stk(["--plugin", "Helpers.swift", "-e", "layouts"], in: sources.url)
        #expect(result.status == 2, "\(result)")
        // One `error:` a line: what failed, then the error at its place.
        #expect(result.stderr == "error: the sources cannot be loaded as a layout:\nHelpers.swift:1:1: error: no layout class found: stk looks for classes that inherit from UICollectionViewLayout or UICollectionViewFlowLayout (directly or through other classes in these files)\n", "\(result)")
    }

    @Test func aLayoutWhoseInitNeedsArgumentsIsRefused() throws {
        let sources = try folder(with: ["Columns.swift": """
            import UIKit

            class ColumnsLayout: UICollectionViewLayout {
                let columns: Int
                init(columns: Int) { self.columns = columns; super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }

            """])
        let result = try stk(["--plugin", "Columns.swift", "-e", "layouts"], in: sources.url)
        #expect(result.status == 2, "\(result)")
        // Column 7: the class's name.
        #expect(result.stderr.contains("Columns.swift:3:7: error: layout class ColumnsLayout has no init() that stk can call (its initialisers: init(columns:), init?(coder:))"), "\(result)")
    }

    @Test func twoClassesWithOneLayoutNameAreRefused() throws {
        let sources = try folder(with: ["A.swift": "import UIKit\nclass HTMLLayout: UICollectionViewLayout {}\n",
                                        "B.swift": "import UIKit\nclass HtmlLayout: UICollectionViewLayout {}\n"])
        let result = try stk(["--plugin", ".", "-e", "layouts"], in: sources.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("B.swift:2:7: error: classes HTMLLayout (./A.swift:2:7) and HtmlLayout both give the layout name 'html-layout'; rename one of them"), "\(result)")
    }

    @Test func aPackageWithoutALibraryProductIsRefused() throws {
        let sources = try folder(with: [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Tool", targets: [.executableTarget(name: "Tool", path: "Sources/Tool")])

                """,
            "Sources/Tool/main.swift": "print(1)\n",
        ])
        let result = try stk(["--plugin", ".", "-e", "layouts"], in: sources.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "error: cannot load plugin .: the package has no library product (declare `.library(name: ..., targets: [...])` in Package.swift)\n", "\(result)")
    }

    /// A package of iOS sources: its library targets' files are built as a folder's.
    @Test func aPackageOfIOSSourcesIsBuiltFromItsLibraryTargets() throws {
        let sources = try folder(with: [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "Layouts", platforms: [.iOS(.v15)],
                    products: [.library(name: "Layouts", targets: ["Layouts"])],
                    targets: [.target(name: "Layouts"), .testTarget(name: "LayoutsTests", dependencies: ["Layouts"])])

                """,
            "Sources/Layouts/Tiny.swift": Self.tinyLayout(width: 40),
            "Tests/LayoutsTests/T.swift": "this is not even Swift\n",
        ])
        let result = try stk(["--plugin", ".", "-e", "layout tiny-layout; attr item 0:1"], in: sources.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["item 0:1 frame=40,0,40,10 zIndex=0 alpha=1 hidden=false"], "\(result)")
    }

    /// A cache folder that cannot be written: the error names it and the way out.
    @Test func anUnwritableCacheIsAClearErrorAndTheSessionGoesOn() throws {
        let scratch = try folder(with: ["not-a-folder": "a file where the cache's parent should be\n",
                                        "Grid.swift": Self.tinyLayout(width: 100)])
        let cache = scratch.url.appendingPathComponent("not-a-folder/cache")
        let result = try stk(["-e", "load Grid.swift", "-e", "layouts"], cache: cache, in: scratch.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("cannot write the plugin cache \(cache.path): "), "\(result)")
        #expect(result.stderr.contains("; set STK_CACHE_DIR to a writable folder"), "\(result)")
    }

    /// A damaged cache entry is built again, with a note.
    @Test func aCorruptCacheEntryIsRebuilt() throws {
        let cache = try ScratchFolder()
        let sources = try folder(with: ["Grid.swift": Self.tinyLayout(width: 100)])
        _ = try stk(["--plugin", "Grid.swift", "-e", "layouts"], cache: cache.url, in: sources.url)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.url.path).filter { !$0.hasPrefix(".") }
        #expect(entries.count == 1)
        let library = cache.url.appendingPathComponent(entries[0]).appendingPathComponent("libplugin.so")
        try Data("not an ELF file".utf8).write(to: library)
        let result = try stk(["--plugin", "Grid.swift", "-e", "layout tiny-layout; attr item 0:1"], cache: cache.url, in: sources.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["item 0:1 frame=100,0,100,10 zIndex=0 alpha=1 hidden=false"], "\(result)")
        #expect(result.stderr.contains("the cached build of Grid.swift could not be loaded (notASharedLibrary); built it again"), "\(result)")

        try Data("{".utf8).write(to: cache.url.appendingPathComponent(entries[0]).appendingPathComponent("report.json"))
        let again = try stk(["--plugin", "Grid.swift", "-e", "layouts"], cache: cache.url, in: sources.url)
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("the cached build of Grid.swift was unusable (its report.json is missing or unreadable); built it again"), "\(again)")
    }

    /// A failed `load` at the REPL's level (a script here) leaves the session:
    /// the commands after it in an interactive session still see the old state.
    @Test func aFailedLoadChangesNothing() throws {
        let sources = try folder(with: ["Helpers.swift": "struct Nothing {}\n"])
        let result = try stk([], script: "bounds 390x300\nload Helpers.swift\n", in: sources.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("no layout class found"), "\(result)")
    }

    // MARK: A crash in a layout

    /// A layout that traps in a script: a located error naming the command, the
    /// runtime's reason above it, the layout's frame under it (line 6 is the
    /// body's first line, column 30 the subscript), exit status 2, and not
    /// the runtime's backtrace.
    @Test func aCrashingLayoutInAScriptIsALocatedError() throws {
        let result = try runCrashing(answering: "return crashes ? [all[all.count + 5]] : all",
                                     script: "layout crashing-layout\nexpect visible count == 56\nset crashes=true\nvisible\n")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(Array(result.stderrLines.suffix(4).prefix(2)) == [
            "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            "s.stk:3:1: error: the layout crashed while running 'set crashes=true': SIGILL, a Swift runtime trap",
        ], "\(result)")
        #expect(Self.isFrame(result.stderrLines.dropLast().last, "CrashingLayout.layoutAttributesForElements(in:)", "Crash.swift:6:30"), "\(result)")
        #expect(Self.isModuleNote(result.stderrLines.last), "\(result)")
        #expect(!result.stderr.contains("Backtrac"), "\(result)")
    }

    /// A `fatalError` in the user's layout names the user's file as they
    /// gave it and the line of the call, not the compiled copy in the cache
    /// (`StkSource_<hash>/0-Crash.swift`).
    @Test func aFatalErrorNamesTheUsersFile() throws {
        let result = try runCrashing(answering: "if crashes { fatalError(\"the layout gave up\") }\nreturn all",
                                     script: "layout crashing-layout\nset crashes=true\n")
        #expect(Array(result.stderrLines.suffix(4).prefix(2)) == [
            "Crash.swift:6: Fatal error: the layout gave up",
            "s.stk:2:1: error: the layout crashed while running 'set crashes=true': SIGILL, a Swift runtime trap",
        ], "\(result)")
        #expect(Self.isFrame(result.stderrLines.dropLast().last, "CrashingLayout.layoutAttributesForElements(in:)", "Crash.swift:6:22"), "\(result)")
        #expect(Self.isModuleNote(result.stderrLines.last), "\(result)")
    }

    /// A force-unwrap that traps is named by the runtime with the module stk
    /// compiled the file as (Swift's `#fileID`, which no option changes): the
    /// line after the error says which of the user's files that module is.
    @Test func aTrappingForceUnwrapIsTracedToTheUsersFile() throws {
        let result = try runCrashing(answering: "let answer: [UICollectionViewLayoutAttributes]? = crashes ? nil : all\nreturn answer!",
                                     script: "layout crashing-layout\nset crashes=true\n")
        let lines = Array(result.stderrLines.suffix(4))
        try #require(lines.count == 4, "\(result)")
        let module = String(lines[0].prefix { $0 != "/" })
        #expect(module.hasPrefix("StkSource_"), "\(result)")
        #expect(lines[0] == "\(module)/Crash.swift:7: Fatal error: Unexpectedly found nil while unwrapping an Optional value", "\(result)")
        #expect(lines[1] == "s.stk:2:1: error: the layout crashed while running 'set crashes=true': SIGILL, a Swift runtime trap", "\(result)")
        #expect(Self.isFrame(lines[2], "CrashingLayout.layoutAttributesForElements(in:)", "Crash.swift:7:22"), "\(result)")
        #expect(lines[3] == "note: \(module) is stk's build of Crash.swift", "\(result)")
    }

    /// stk makes each layout once as its plugin loads: a layout that crashes
    /// then (here a view controller's `columns: Int!`, which its view code
    /// would have set) ends the script with an error that says so, status 2,
    /// not a bare backtrace.
    @Test func aLayoutThatCrashesAsItsPluginLoadsIsAnError() throws {
        let sources = try folder(with: ["Columns.swift": """
            import UIKit

            final class ColumnsViewController: UIViewController {
                var columns: Int!

                func createLayout() -> UICollectionViewLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.itemSize = CGSize(width: 390 / CGFloat(columns), height: 100)
                    return layout
                }
            }
            """])
        let result = try stk(["--plugin", "Columns.swift", "-e", "layouts"], in: sources.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        let lines = Array(result.stderrLines.suffix(4))
        try #require(lines.count == 4, "\(result)")
        let module = String(lines[0].prefix { $0 != "/" })
        #expect(lines[0] == "\(module)/Columns.swift:8: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value", "\(result)")
        #expect(lines[1] == "error: the layout crashed while loading the plugin Columns.swift (stk makes each of its layouts once as it loads): SIGILL, a Swift runtime trap", "\(result)")
        // The user's function; not the code stk added to make the layouts
        // (`__stkLayouts0()`, in stk's copy of the file).
        #expect(Self.isFrame(lines[2], "ColumnsViewController.createLayout()", "Columns.swift"), "\(result)")
        #expect(lines[3] == "note: \(module) is stk's build of Columns.swift", "\(result)")
        #expect(!result.stderr.contains("Backtrac"), "\(result)")
    }

    /// A layout made for the app's fixed data (the store front's section
    /// provider indexes its three section models) traps when `layout` comes
    /// before the script's `sections`, over a new session's 20 sections: the
    /// crash says what `layout` did and what to write first, and only then.
    @Test func aLayoutThatCrashesOverTheDataItFindsSaysToSetTheDataFirst() throws {
        let file = Self.sourceLayouts.appendingPathComponent("StoreFrontViewController.swift").path
        let crashed = try stk(["--plugin", file, "-e", "layout store-front-view-controller\nsections 3,1,1\n"])
        #expect(crashed.status == 2, "\(crashed)")
        #expect(crashed.stderrLines.contains("<command-line>:1:1: error: the layout crashed while running 'layout store-front-view-controller': SIGILL, a Swift runtime trap"), "\(crashed)")
        #expect(crashed.stderrLines.last == "note: 'layout' laid the layout out at once, over a new session's data (20 sections of 7 items, as `snapshot` lists them); if the layout was made for the app's own data, such as a section provider that indexes its own array, give the script's `sections` before `layout`", "\(crashed)")
        // Over data the script gave (five sections where the app has three),
        // the crash is the layout's own: no such note.
        let givenData = try stk(["--plugin", file, "-e", "sections 5 items=1\nlayout store-front-view-controller\n"])
        #expect(givenData.status == 2 && !givenData.stderr.contains("note: 'layout'"), "\(givenData)")
        let dataFirst = try stk(["--plugin", file, "-e", "sections 3,1,1\nlayout store-front-view-controller\ncontentsize\n"])
        #expect(dataFirst.status == 0 && dataFirst.lines == ["390x368"], "\(dataFirst)")
        // Another command's crash has no such note.
        let other = try runCrashing(answering: "if crashes { fatalError(\"the layout gave up\") }\nreturn all",
                                    script: "layout crashing-layout\nset crashes=true\n")
        #expect(!other.stderr.contains("note: 'layout'"), "\(other)")
    }

    /// `attr header S` on a layout whose headers are of a kind of its own
    /// (Apple's grid sample: "section-header-element-kind") says which kinds
    /// are in view in that section and the command that shows one.
    @Test func aMissingHeaderNamesTheKindsTheLayoutUsesInstead() throws {
        let file = Self.sourceLayouts.appendingPathComponent("GridViewController.swift").path
        let result = try stk(["--plugin", file, "-e", "sections 2 items=4; layout grid-view-controller; attr header 1; attr footer 1"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.contains("<command-line>:1:62: error: grid-view-controller has no header 1 (a header or footer of zero size is not laid out; its supplementary views in view in section 1 are of kind 'section-header-element-kind': `attr supplementary section-header-element-kind 1:0`)"), "\(result)")
        // Without such a view in view, the message is as it was.
        let flow = try stk(["-e", "layout flow-sticky headerSize=0x0; sections 2 items=4; attr header 1"])
        #expect(flow.stderrLines.contains("<command-line>:1:68: error: flow-sticky has no header 1 (a header or footer of zero size is not laid out)"), "\(flow)")
    }

    /// A list screen that styles its separators (iOS 14.5's
    /// `separatorConfiguration`) compiles and lays out as without them: stk
    /// draws no separators; the values read back as set.
    @Test func aListThatStylesItsSeparatorsCompiles() throws {
        let result = try runSource("Settings.swift", """
            import UIKit

            final class SettingsViewController: UIViewController {
                func createLayout() -> UICollectionViewLayout {
                    var config = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                    config.separatorConfiguration = UIListSeparatorConfiguration(listAppearance: .insetGrouped)
                    config.separatorConfiguration.bottomSeparatorInsets = NSDirectionalEdgeInsets(top: 0, leading: 60, bottom: 0, trailing: 0)
                    config.separatorConfiguration.color = .systemGray4
                    if config.separatorConfiguration.topSeparatorVisibility == .automatic {
                        config.separatorConfiguration.topSeparatorVisibility = .hidden
                    }
                    return UICollectionViewCompositionalLayout.list(using: config)
                }
            }
            """, script: "sections 1 items=2; layout settings-view-controller; attr item 0:1")
        // Inset grouped, as without separators: 16 from each side, the first
        // row after the 35-point gap, the second 44 below it.
        #expect(result.lines == ["item 0:1 frame=16,79,358,44 zIndex=0 alpha=1 hidden=false"], "\(result)")
    }

    /// A layout library's convenience initialiser of `UICollectionView`
    /// (CenteredCollectionView's `init(frame:centeredCollectionViewFlowLayout:)`)
    /// calls UIKit's `init(frame:collectionViewLayout:)`: it compiles, and the
    /// library's layout runs.
    @Test func aCollectionViewConvenienceInitialiserOfALibraryCompiles() throws {
        let result = try runSource("CenteredLayout.swift", """
            import UIKit

            public extension UICollectionView {
                convenience init(frame: CGRect = .zero, centeredLayout: CenteredLayout) {
                    self.init(frame: frame, collectionViewLayout: centeredLayout)
                    decelerationRate = .fast
                }
            }

            open class CenteredLayout: UICollectionViewFlowLayout {
                public override init() {
                    super.init()
                    scrollDirection = .horizontal
                    itemSize = CGSize(width: 300, height: 200)
                }

                public required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                func makeCollectionView() -> UICollectionView {
                    UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), centeredLayout: self)
                }
            }
            """, script: "sections 1 items=3; layout centered-layout; attr item 0:1")
        // The initialiser's horizontal direction: items go down a column,
        // where four fit (4 x 200 + 3 x 10 = 830 of 844), the 14 left shared
        // by the gaps: item 1 at 200 + 10 + 14 / 3.
        #expect(result.lines == ["item 0:1 frame=0,214.666667,300,200 zIndex=0 alpha=1 hidden=false"], "\(result)")
    }

    /// An optional number of the layout's (`var cellHeight: CGFloat?`, as
    /// card swipers leave the height to the view until the app sets it) is
    /// an option whose nil is `auto`.
    @Test func anOptionalNumberIsAnOptionWithAuto() throws {
        let result = try runSource("Cards.swift", """
            import UIKit

            final class CardsLayout: UICollectionViewFlowLayout {
                /// The height of a card; nil: three quarters of the view.
                var cellHeight: CGFloat?

                override func prepare() {
                    guard let collectionView = collectionView else { return }
                    let height = cellHeight ?? collectionView.bounds.height * 0.75
                    itemSize = CGSize(width: collectionView.bounds.width - 40, height: height)
                    super.prepare()
                }
            }
            """, script: "sections 1 items=3; layout cards-layout; attr item 0:1; set cellHeight=500; attr item 0:1; set cellHeight=auto; attr item 0:1")
        // nil: 844 x 0.75 = 633 high, item 1 below it and 10; 500; nil again.
        #expect(result.lines == ["item 0:1 frame=20,643,350,633 zIndex=0 alpha=1 hidden=false",
                                 "item 0:1 frame=20,510,350,500 zIndex=0 alpha=1 hidden=false",
                                 "item 0:1 frame=20,643,350,633 zIndex=0 alpha=1 hidden=false"], "\(result)")
    }

    /// A layout whose prepare() returns early without the delegate the app
    /// gives it (nothing in the sources conforms to its protocol) shows no
    /// elements: `visible` says why that may be, and where to read how to
    /// give it one. An empty layout over no data says nothing.
    @Test func anEmptyLayoutOverItemsSaysItsPrepareMayHaveReturnedEarly() throws {
        let result = try runSource("Heights.swift", """
            import UIKit

            protocol HeightsLayoutDelegate: AnyObject {
                func height(at indexPath: IndexPath) -> CGFloat
            }

            final class HeightsLayout: UICollectionViewLayout {
                weak var delegate: HeightsLayoutDelegate?
                private var cache: [UICollectionViewLayoutAttributes] = []
                private var height: CGFloat = 0

                override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: height) }

                override func prepare() {
                    guard let collectionView = collectionView, let delegate = delegate else { return }
                    cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
                        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                        attributes.frame = CGRect(x: 0, y: height, width: collectionView.bounds.width, height: delegate.height(at: attributes.indexPath))
                        height = attributes.frame.maxY
                        return attributes
                    }
                }

                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    cache.filter { $0.frame.intersects(rect) }
                }
            }
            """, script: "sections 1 items=4; layout heights-layout; visible; sections 0; visible")
        #expect(result.lines == ["0 elements", "0 elements"], "\(result)")
        #expect(result.stderrLines.filter { $0.hasPrefix("note: heights-layout answered") } == [
            "note: heights-layout answered no elements and a content size of 390x0 over 4 items: its prepare() may have returned early, as layouts do when a delegate the app gives them is missing (docs/write-your-own-layout.md says how a small file beside the layout gives it one), or its sizes may be zero (`options` lists the sizes it takes)",
        ], "\(result)")
    }

    /// A stretchy header done in the rect query only (the single query left
    /// to the flow layout, as many published ones are): `attr` prints the
    /// single query's answer and says that `visible` shows another.
    @Test func attrSaysWhenTheRectQueryShowsTheElementOtherwise() throws {
        let result = try runSource("Stretchy.swift", """
            import UIKit

            final class StretchyLayout: UICollectionViewFlowLayout {
                override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    guard let answer = super.layoutAttributesForElements(in: rect), let collectionView = collectionView else { return nil }
                    let offset = collectionView.contentOffset.y
                    return answer.map { original in
                        let attributes = original.copy() as! UICollectionViewLayoutAttributes
                        if attributes.representedElementKind == UICollectionView.elementKindSectionHeader, offset < 0 {
                            attributes.frame = CGRect(x: 0, y: offset, width: attributes.frame.width, height: attributes.frame.height - offset)
                        }
                        return attributes
                    }
                }
            }
            """, script: "sections 1 items=4; layout stretchy-layout headerSize=390x200; attr header 0; scroll to 0,-80; attr header 0")
        // At rest the two agree: no note; pulled down 80, the rect query
        // stretches the header to 200 + 80 from -80.
        #expect(result.stderrLines.filter { $0.hasPrefix("note: header 0") } == [
            "note: header 0 is shown with frame=0,-80,390,280 zIndex=1 alpha=1 hidden=false (the rect query's answer, as `visible` lists it); `attr` prints the single query's answer, which differs: a layout that overrides only one of the two disagrees so (`check` compares them)",
        ], "\(result)")
    }

    /// A file the compiler refuses after the adapter changed it: the errors,
    /// then how many changes the adapter made (a missing name may be view
    /// code it left out), listed with `--explain`.
    @Test func aRefusedBuildSaysWhatTheAdapterChanged() throws {
        let sources = try folder(with: ["Broken.swift": """
            import UIKit

            final class BadgeView: UICollectionReusableView {
                let label = UILabel()
            }

            final class BrokenViewController: UIViewController {
                func createLayout() -> UICollectionViewLayout {
                    let size = NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20))
                    let badge = NSCollectionLayoutSupplementaryItem(layoutSize: size, elementKind: BadgeView.elementKind,
                                                                    containerAnchor: NSCollectionLayoutAnchor(edges: [.top]))
                    let item = NSCollectionLayoutItem(layoutSize: size, supplementaryItems: [badge])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [item])))
                }
            }
            """])
        let plain = try stk(["--plugin", "Broken.swift", "-e", "layouts"], in: sources.url)
        #expect(plain.status == 2, "\(plain)")
        #expect(plain.stderr.contains("Broken.swift:10:98: error: type 'BadgeView' has no member 'elementKind'"), "\(plain)")
        #expect(plain.stderrLines.last == "note: stk changed the sources for Linux first (3 change(s), shown by --explain); a name the compiler cannot find may be view code it left out", "\(plain)")
        let explained = try stk(["--explain", "--plugin", "Broken.swift", "-e", "layouts"], in: sources.url)
        #expect(explained.status == 2, "\(explained)")
        #expect(explained.stderrLines.contains("note: Broken.swift:3:13: kept BadgeView as an empty subclass of UICollectionReusableView: the layout code names the class, and stk makes no views"), "\(explained)")
    }

    /// `note: StkSource_<16 hex digits> is stk's build of Crash.swift`.
    /// Whether `line` is a frame of `function` in the user's file, ending
    /// with `place` (`Crash.swift:6:30`): `  at FUNCTION (PATH/PLACE)`.
    static func isFrame(_ line: String?, _ function: String, _ place: String) -> Bool {
        guard let line, line.hasPrefix("  at \(function) ("), line.hasSuffix(")") else { return false }
        return line.dropLast().hasSuffix("/" + place)
    }

    static func isModuleNote(_ line: String?) -> Bool {
        guard let line, line.hasPrefix("note: StkSource_"), line.hasSuffix(" is stk's build of Crash.swift") else { return false }
        return line.dropFirst("note: StkSource_".count).prefix { $0 != " " }.count == 16
    }

    // MARK: Fixtures

    /// Runs `script` as s.stk with `crashingLayout(answering: body)` loaded
    /// as Crash.swift: a crash is an error of the command, status 2.
    func runCrashing(answering body: String, script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> StkResult {
        let sources = try folder(with: ["Crash.swift": Self.crashingLayout(answering: body), "s.stk": script])
        let result = try stk(["--plugin", "Crash.swift", "s.stk"], in: sources.url)
        #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// A flow subclass `crashing-layout` with a `crashes` option, whose
    /// layoutAttributesForElements(in:) reads the flow's answer into `all`
    /// and then runs `body` (its lines from line 6 of the file, which the
    /// crash tests' expected locations count on).
    static func crashingLayout(answering body: String) -> String {
        let indented = body.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        return """
            import UIKit
            final class CrashingLayout: UICollectionViewFlowLayout {
                var crashes = false
                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    let all = super.layoutAttributesForElements(in: rect) ?? []
            \(indented)
                }
            }

            """
    }

    /// A layout of one row of `width`-wide, 10-high items, written as for iOS.
    public static func tinyLayout(width: Int) -> String {
        """
        import UIKit

        /// One row of items.
        final class TinyLayout: UICollectionViewLayout {
            var itemWidth: CGFloat = \(width)

            override var collectionViewContentSize: CGSize {
                guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return .zero }
                return CGSize(width: itemWidth * CGFloat(collectionView.numberOfItems(inSection: 0)), height: 10)
            }

            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: CGFloat(indexPath.item) * itemWidth, y: 0, width: itemWidth, height: 10)
                return attributes
            }

            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return [] }
                return (0..<collectionView.numberOfItems(inSection: 0)).compactMap {
                    layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
                }.filter { $0.frame.intersects(rect) }
            }
        }

        """
    }
}

/// An optional requirement the delegate does not implement is nil at a `?(`
/// call, as on iOS, so that `?? fallback` applies: a default implementation's
/// 0 used to give this layout 0 columns, and a division by zero.
@Suite struct OptionalRequirementTests {
    static let layout = """
        import Foundation
        import UIKit

        @objc protocol ColumnsLayoutDelegate: AnyObject {
            @objc optional func numberOfColumns(in collectionView: UICollectionView) -> Int
            @objc optional func rowHeight(in collectionView: UICollectionView) -> CGFloat
        }

        /// The screen's delegate: it sets the row height only.
        final class ScreenDelegate: NSObject, ColumnsLayoutDelegate {
            func rowHeight(in collectionView: UICollectionView) -> CGFloat { 60 }
        }

        final class ColumnsLayout: UICollectionViewLayout {
            weak var delegate: ColumnsLayoutDelegate?
            private let screen = ScreenDelegate()
            private var frames: [UICollectionViewLayoutAttributes] = []

            override init() {
                super.init()
                delegate = screen
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

            override func prepare() {
                guard let collectionView = collectionView else { return }
                let columns = delegate?.numberOfColumns?(in: collectionView) ?? 3
                let height = delegate?.rowHeight?(in: collectionView) ?? 44
                let width = collectionView.bounds.width / CGFloat(columns)
                frames = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
                    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                    a.frame = CGRect(x: CGFloat(item % columns) * width, y: CGFloat(item / columns) * height, width: width, height: height)
                    return a
                }
            }
            override var collectionViewContentSize: CGSize {
                CGSize(width: collectionView?.bounds.width ?? 0, height: frames.last?.frame.maxY ?? 0)
            }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                frames.filter { $0.frame.intersects(rect) }
            }
            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                frames.indices.contains(indexPath.item) ? frames[indexPath.item] : nil
            }
        }
        """

    @Test func aMissingOptionalMethodIsNilSoTheFallbackApplies() throws {
        let folder = try ScratchFolder()
        try Self.layout.write(to: folder.url.appendingPathComponent("ColumnsLayout.swift"), atomically: true, encoding: .utf8)
        let result = try StkProcess.run(["--plugin", "ColumnsLayout.swift", "-e", "layout columns-layout; sections 1 items=5; attr item 0:4"],
                                        in: folder.url)
        #expect(result.status == 0, "\(result)")
        // numberOfColumns is not implemented: 3 columns of 390 / 3 = 130; the
        // row height is the delegate's 60: item 4 is row 1, column 1.
        #expect(result.lines == ["item 0:4 frame=130,60,130,60 zIndex=0 alpha=1 hidden=false"], "\(result)")
    }

    /// stk's own delegate has no insets for a layout that is not a flow
    /// layout: the call is nil and the layout's fallback applies.
    @Test func theModelDelegateHasNoInsetsForACustomLayout() throws {
        let folder = try ScratchFolder()
        let source = """
            import UIKit

            final class InsetLayout: UICollectionViewLayout {
                override var collectionViewContentSize: CGSize { CGSize(width: 390, height: 100) }
                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    guard let cv = collectionView, cv.numberOfItems(inSection: 0) > 0 else { return [] }
                    let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout
                    let inset = delegate?.collectionView?(cv, layout: self, insetForSectionAt: 0) ?? UIEdgeInsets(top: 7, left: 9, bottom: 0, right: 0)
                    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
                    a.frame = CGRect(x: inset.left, y: inset.top, width: 10, height: 10)
                    return [a]
                }
            }
            """
        try source.write(to: folder.url.appendingPathComponent("InsetLayout.swift"), atomically: true, encoding: .utf8)
        let result = try StkProcess.run(["--plugin", "InsetLayout.swift", "-e", "layout inset-layout; sections 1 items=1; visible"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["item 0:0 frame=9,7,10,10 zIndex=0 alpha=1 hidden=false", "1 element"], "\(result)")
    }
}
