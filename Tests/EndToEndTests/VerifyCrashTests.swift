import Foundation
import StkTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A layout that crashes under `stk verify` is a finding, not the end of
/// verify: the sessions run in a child process, and a crash there is shrunk
/// by replaying candidates in children of their own (VerifyIsolation), with
/// a reproducer that crashes while the bug is there.
@Suite struct VerifyCrashTests {
    static var crashing: String {
        ExamplePackage.repositoryRoot.appendingPathComponent("Examples/Misbehaving/CrashingLayout.swift").path
    }

    var environment: [String: String] {
        get throws { try SourceAdapterTool.environment(cache: FileManager.default.temporaryDirectory.appendingPathComponent("stk-verify-crash-cache")) }
    }

    @Test func aCrashIsAShrunkFindingWithAReproducer() throws {
        let folder = try TranscriptCommandFolder(["keep.stk": "echo\n"])
        // Seed 3 draws `set crashes=true` as operation 318 (in a session of
        // 20 commands); with it the next rect query reads past an array.
        let run = try StkProcess.run(["verify", "--plugin", Self.crashing, "CrashingLayout", "--seed", "3", "--operations", "3000",
                                      "--out", "repro.stk", "--junit", "report.xml"],
                                     environment: try environment, in: folder.root)
        #expect(run.status == 1, "\(run)")
        // The runtime's banner ("*** Signal 4: Backtracing from 0x...") stays in the child.
        #expect(!run.stderr.contains("Backtracing"), "\(run)")
        #expect(run.lines.first == "FAIL: CrashingLayout: 'set crashes=true' crashes the layout (seed 3; after 318 operations; shrunk from 20 operations to 3)", "\(run)")
        let finding = try #require(run.lines.dropFirst().first, "\(run)")
        #expect(finding.hasPrefix("  [crash] 'set crashes=true' crashed the layout: SIGILL, a Swift runtime trap, at CrashingLayout.layoutAttributesForElements(in:) ("), "\(run)")
        // CrashingLayout.swift line 13 is `return [all[all.count + 5]]`.
        #expect(finding.hasSuffix("CrashingLayout.swift:13:20)"), "\(run)")
        let reproducer = try String(contentsOf: folder.url("repro.stk"), encoding: .utf8)
        #expect(reproducer.hasSuffix("\nsections 4 items=9\nlayout CrashingLayout\nset crashes=true\ncheck\n"), "\(reproducer)")
        let xml = try XMLDocument(data: Data(contentsOf: folder.url("report.xml")))
        let failure = try #require(try xml.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("[crash] 'set crashes=true' crashed the layout") == true)

        // The reproducer fails while the bug is there: the crash, located.
        let replay = try StkProcess.run(["--plugin", Self.crashing, "repro.stk"], environment: try environment, in: folder.root)
        #expect(replay.status == 2, "\(replay)")
        #expect(replay.stderr.contains("repro.stk:8:1: error: the layout crashed while running 'set crashes=true'"), "\(replay)")
    }

    /// A crash ends its session child, not the run: what the child found
    /// before it is kept (it saves its report after each failure), and the
    /// run goes on in a new child to its last operation, as it goes on in a
    /// new session after any other failure. This layout (as a published
    /// calendar's) traps on an empty section and keeps a deleted item's
    /// cached attributes: with seed 1 the stale item comes first (operation
    /// 14) and the crash at operation 34; before, the crash alone was reported.
    @Test func theRunGoesOnAfterACrashAndKeepsWhatCameBefore() throws {
        let folder = try TranscriptCommandFolder(["setup.stk": "sections 3 items=5\n", "CalendarLayout.swift": """
            import UIKit

            final class CalendarLayout: UICollectionViewLayout {
                var cache: [IndexPath: UICollectionViewLayoutAttributes] = [:]
                var height: CGFloat = 0

                override var collectionViewContentSize: CGSize {
                    CGSize(width: collectionView?.bounds.width ?? 0, height: height)
                }

                override func prepare() {
                    guard let collectionView = collectionView else { return }
                    var y: CGFloat = 0
                    for section in 0..<collectionView.numberOfSections {
                        for item in 0...collectionView.numberOfItems(inSection: section) - 1 {
                            let indexPath = IndexPath(item: item, section: section)
                            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                            attributes.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: 40)
                            cache[indexPath] = attributes
                            y += 40
                        }
                    }
                    height = y
                }

                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    cache.values.filter { $0.frame.intersects(rect) }
                }

                override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                    cache[indexPath]
                }
            }

            """])
        let run = try StkProcess.run(["verify", "--plugin", "CalendarLayout.swift", "CalendarLayout", "--setup", "setup.stk",
                                      "--operations", "300", "--json"], environment: try environment, in: folder.root)
        #expect(run.status == 1, "\(run)")
        let checks = run.lines.compactMap { line -> String? in
            guard line.hasPrefix("{\"finding\""), let range = line.range(of: "\"check\":\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(checks.contains("index paths") && checks.contains("crash"), "\(run)")
        // Every operation ran: the children after the first went on from the crash.
        #expect(run.lines.last?.contains("\"operations\":300,") == true, "\(run)")
        // The children started again print nothing: one runtime message, of the crash reported.
        #expect(run.stderr.components(separatedBy: "Fatal error").count == 2, "\(run)")
    }

    /// A crash in stk's checks, not in the operation: a layout that keeps the
    /// rows of the visible range and answers the single query by index into
    /// them (as a published wheel layout does) survives every scroll, whose
    /// pass asks the rect query only, and crashes in the single queries the
    /// checks ask after it. The crash is the checks', said so (round thirteen:
    /// it was "'scroll to 0,460' crashes the layout").
    @Test func aCrashInTheChecksIsNotBlamedOnTheOperation() throws {
        let folder = try TranscriptCommandFolder(["setup.stk": "sections 1 items=40\n", "RowsLayout.swift": """
            import Foundation
            import UIKit

            final class RowsLayout: UICollectionViewLayout {
                let rowHeight: CGFloat = 100
                private var attributesList = [UICollectionViewLayoutAttributes]()

                override var collectionViewContentSize: CGSize {
                    guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return .zero }
                    return CGSize(width: collectionView.bounds.width,
                                  height: CGFloat(collectionView.numberOfItems(inSection: 0)) * rowHeight)
                }

                override func prepare() {
                    super.prepare()
                    guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return }
                    let count = collectionView.numberOfItems(inSection: 0)
                    let first = max(0, Int(collectionView.contentOffset.y / rowHeight))
                    let last = min(count - 1, Int(collectionView.bounds.maxY / rowHeight))
                    attributesList = first <= last ? (first...last).map { row in
                        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: row, section: 0))
                        attributes.frame = CGRect(x: 0, y: CGFloat(row) * rowHeight, width: collectionView.bounds.width, height: rowHeight)
                        return attributes
                    } : []
                }

                override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    attributesList.filter { $0.frame.intersects(rect) }
                }

                override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                    attributesList[indexPath.row]
                }
            }

            """])
        let run = try StkProcess.run(["verify", "--plugin", "RowsLayout.swift", "RowsLayout", "--setup", "setup.stk",
                                      "--operations", "100", "--out", "repro.stk"], environment: try environment, in: folder.root)
        #expect(run.status == 1, "\(run)")
        let fail = try #require(run.lines.first { $0.hasPrefix("FAIL: RowsLayout: ") && $0.contains("crash") }, "\(run)")
        #expect(fail.hasPrefix("FAIL: RowsLayout: the checks after '"), "\(run)")
        #expect(fail.contains("' crash the layout (seed 1;"), "\(run)")
        let finding = try #require(run.lines.first { $0.hasPrefix("  [crash] ") }, "\(run)")
        #expect(finding.contains("crashed the layout, in a query the operation itself does not ask"), "\(run)")
        #expect(finding.contains("at RowsLayout.layoutAttributesForItem(at:) ("), "\(run)")
        // Every later session crashes too, each in a process of its own, until verify gives up.
        #expect(run.stderr.contains(" operations: the layout crashed in each of the 20 session processes verify starts (a crash ends one; the first crash is reported)"), "\(run)")
        let reproducer = try String(contentsOf: folder.url("repro.stk"), encoding: .utf8)
        #expect(reproducer.contains("# It crashes in the check after its last operation"), "\(reproducer)")
        // Run as a script, the reproducer's operations pass; its check crashes.
        let replay = try StkProcess.run(["--plugin", "RowsLayout.swift", "repro.stk"], environment: try environment, in: folder.root)
        #expect(replay.status == 2 && replay.stderr.contains("error: the layout crashed while running 'check'"), "\(replay)")
    }

    /// Two bugs of two kinds: both reported, the second's reproducer beside
    /// the first's (`repro-2.stk`), each failing with its own finding.
    @Test func everyKindOfFindingHasItsReproducer() throws {
        let folder = try TranscriptCommandFolder(["TwoBugsLayout.swift": """
            import UIKit

            /// A fling's target is not a number, and in a viewport narrower
            /// than 390 points the single query answers 8 points off.
            final class TwoBugsLayout: UICollectionViewFlowLayout {
                override func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
                    CGPoint(x: proposed.x, y: velocity.y == 0 ? proposed.y : .nan)
                }

                override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                    let a = super.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes
                    if (collectionView?.bounds.width ?? 390) < 390 { a?.frame.origin.x += 8 }
                    return a
                }
            }

            """])
        let run = try StkProcess.run(["verify", "--plugin", "TwoBugsLayout.swift", "TwoBugsLayout", "--out", "repro.stk"],
                                     environment: try environment, in: folder.root)
        #expect(run.status == 1, "\(run)")
        let fails = run.lines.filter { $0.hasPrefix("FAIL: TwoBugsLayout: ") }
        #expect(fails.count == 2, "\(run)")
        #expect(fails.last?.hasPrefix("FAIL: TwoBugsLayout: also the checks failed after '") == true, "\(run)")
        #expect(run.lines.contains { $0.hasPrefix("reproducer: repro-2.stk (run it: stk --plugin TwoBugsLayout.swift repro-2.stk)") }, "\(run)")
        for file in ["repro.stk", "repro-2.stk"] {
            let replay = try StkProcess.run(["--plugin", "TwoBugsLayout.swift", file], environment: try environment, in: folder.root)
            #expect(replay.status != 0, "\(file): \(replay)")
        }
    }

    @Test func aRunWithoutACrashIsAsBefore() throws {
        let run = try StkProcess.run(["verify", "--plugin", Self.crashing, "CrashingLayout", "--operations", "200", "--json"],
                                     environment: try environment)
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == [#"{"verify":{"layout":"CrashingLayout","seed":1,"operations":200,"result":"pass"}}"#], "\(run)")
    }
}
