import SwiftParser
import SwiftSyntax
import Testing
@testable import SourceAdapter

/// The flow layout a storyboard installed, cast where the screen sets it up,
/// in the shapes published apps write: `if let`, `guard let`, and
/// `(... as? UICollectionViewFlowLayout)?.x = ...`, on the view controller's
/// own collection view or on another collection view it holds.
@Suite struct StoryboardCastTests {
    /// `if let` in a set-up method and `guard let` in viewDidLayoutSubviews():
    /// one layout, made once, with the spacing set at load and the item size
    /// set again at each new size of the view (a closure the collection view
    /// runs), in UIKit's order whatever the order of the file.
    @Test func ifLetAndGuardLetSetUpsRunInUIKitsOrder() {
        let source = """
            import UIKit

            class PhotosViewController: UICollectionViewController {
                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    guard let flowLayout = collectionViewLayout as? UICollectionViewFlowLayout else { return }
                    let width = (view.bounds.width - 12) / 3
                    flowLayout.itemSize = CGSize(width: width, height: width)
                }

                func setupCollectionView() {
                    collectionView?.backgroundColor = .white
                    if let layout = collectionView?.collectionViewLayout as? UICollectionViewFlowLayout {
                        layout.minimumInteritemSpacing = 4
                        layout.invalidateLayout()
                        collectionView.reloadData()
                    }
                }
            }
            """
        let output = adapt([("PhotosViewController.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["photos-view-controller"])
        #expect(output.report.notes.map(\.description).contains(
            "PhotosViewController.swift:13:25: registered layout 'photos-view-controller' from the storyboard's flow layout as PhotosViewController.setupCollectionView() and viewDidLayoutSubviews() set it up (made with UIKit's defaults: what Interface Builder sets is not in the sources): stk runs lines 6-8, 13-15, which make it, as a layout function; the rest of setupCollectionView() and viewDidLayoutSubviews() and the view code around it are not run"),
            "\(output.report.notes)")
        let function = InstalledLayoutTests.installedFunction(output.files[0].text)
        let load = function.range(of: "let layout = __stkStoryboardLayout\n")
        let hook = function.range(of: "let __stkLayoutSubviews = { [self, weak __stkStoryboardLayout = __stkStoryboardLayout] (__stkNewSize: CGSize?) in\n")
        let layoutSetUp = function.range(of: "let flowLayout = __stkStoryboardLayout\n")
        #expect(load != nil && hook != nil && layoutSetUp != nil, "\(function)")
        if let load, let hook, let layoutSetUp {
            #expect(load.lowerBound < hook.lowerBound && hook.lowerBound < layoutSetUp.lowerBound, "\(function)")
        }
        #expect(function.contains("layout.invalidateLayout()") && function.contains("flowLayout.itemSize = CGSize(width: width, height: width)"), "\(function)")
        #expect(!function.contains("reloadData") && !function.contains("backgroundColor"), "\(function)")
        #expect(function.hasSuffix("""
                    __stkLayoutSubviews(nil)
            #sourceLocation(file: "PhotosViewController.swift", line: 13)
                    __stkStoryboardLayout.__stkViewDidLayoutSubviews = { __stkLayoutSubviews($0.collectionView?.bounds.size) }
            #sourceLocation(file: "PhotosViewController.swift", line: 13)
                    return __stkStoryboardLayout
                }

            """), "\(function)")
    }

    /// `(thumbnails.collectionViewLayout as? UICollectionViewFlowLayout)?.x = ...`
    /// on a collection view the cell holds, twice in one block with a local
    /// they read: one set-up, each cast written as the layout stk made.
    @Test func optionalChainsOnAnotherCollectionViewAreOneSetUp() {
        let source = """
            import UIKit

            final class LivePhotoCell: UICollectionViewCell {
                let thumbnails = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let side: CGFloat = 44
                    (thumbnails.collectionViewLayout as? UICollectionViewFlowLayout)?.scrollDirection = .horizontal
                    contentView.addSubview(thumbnails)
                    (thumbnails.collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize = CGSize(width: side, height: side)
                }

                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
            """
        let output = adapt([("LivePhotoCell.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let function = InstalledLayoutTests.installedFunction(output.files[0].text)
        #expect(function.contains("let side: CGFloat = 44"), "\(function)")
        #expect(function.contains("__stkStoryboardLayout.scrollDirection = .horizontal"), "\(function)")
        #expect(function.contains("__stkStoryboardLayout.itemSize = CGSize(width: side, height: side)"), "\(function)")
        #expect(!function.contains("addSubview") && !function.contains("collectionViewLayout as?"), "\(function)")
        #expect(function.components(separatedBy: "do {").count == 2, "one set-up: \(function)")
    }

    /// A cast only read sets nothing up, and a collection view the code is
    /// given (a parameter) is not the storyboard's: neither is a layout. A
    /// rotation's set-up reads the size it is given, which stk gives it at
    /// each new size (not when the layout is made), with what it animates
    /// alongside the transition.
    @Test func aCastOnlyReadOrOfAParameterIsNoLayoutAndARotationsSetUpRunsAtANewSize() {
        let readOnly = """
            import UIKit

            class ScheduleViewController: UIViewController {
                @IBOutlet weak var collectionView: UICollectionView!
                var rowHeight: CGFloat = 0

                override func viewDidLoad() {
                    super.viewDidLoad()
                    if let layout = collectionView.collectionViewLayout as? UICollectionViewFlowLayout {
                        rowHeight = layout.itemSize.height
                    }
                }

                func scroll(in cv: UICollectionView) {
                    if let flowLayout = cv.collectionViewLayout as? UICollectionViewFlowLayout {
                        flowLayout.minimumLineSpacing = 0
                    }
                }
            }
            """
        let read = adapt([("ScheduleViewController.swift", readOnly)])
        #expect(read.report.layouts.isEmpty, "\(read.report.layouts)")

        let rotating = """
            import UIKit

            class PhotosViewController: UICollectionViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing = 2
                }

                override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                    super.viewWillTransition(to: size, with: coordinator)
                    if let layout = collectionView.collectionViewLayout as? UICollectionViewFlowLayout {
                        layout.itemSize = CGSize(width: size.width / 3, height: size.width / 3)
                    }
                    coordinator.animate(alongsideTransition: { _ in
                        (self.collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing = size.height / 100
                    })
                }
            }
            """
        let rotated = adapt([("PhotosViewController.swift", rotating)])
        #expect(rotated.report.layouts.map(\.name) == ["photos-view-controller"])
        let function = InstalledLayoutTests.installedFunction(rotated.files[0].text)
        #expect(function.contains("__stkStoryboardLayout.minimumLineSpacing = 2"), "\(function)")
        #expect(function.contains(transitionSetUpOpening(file: "PhotosViewController.swift", line: 6) + """
            #sourceLocation(file: "PhotosViewController.swift", line: 11)
                    do {
                    let layout = __stkStoryboardLayout
            #sourceLocation(file: "PhotosViewController.swift", line: 12)
                        layout.itemSize = CGSize(width: size.width / 3, height: size.width / 3)
            """), "\(function)")
        // What runs alongside the rotation runs at the new size too; the coordinator does not.
        #expect(function.contains("__stkStoryboardLayout.minimumLineSpacing = size.height / 100") && !function.contains("coordinator"), "\(function)")
        #expect(!rotated.report.notes.map(\.description).contains { $0.contains("is not run either") }, "\(rotated.report.notes)")
    }

    /// What the screen sets on its collection view beside the set-up (an
    /// inset, paging) is the session's in stk, not the layout's: the note
    /// gives the line and the command that does it, and the function does
    /// not run it.
    @Test func collectionViewSettingsBesideTheSetUpAreNamedAsCommands() {
        let source = """
            import UIKit

            class VendingViewController: UICollectionViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let layout = collectionViewLayout as! UICollectionViewFlowLayout
                    layout.minimumLineSpacing = 20
                    collectionView.contentInset = UIEdgeInsets(top: 20, left: 40, bottom: 20, right: 40)
                    collectionView?.isPagingEnabled = true
                    layout.itemSize = CGSize(width: 150, height: 200)
                }
            }
            """
        let output = adapt([("VendingViewController.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.notes.map(\.description).contains { $0.hasSuffix(
            "; what the code beside it sets on the collection view is not the layout's, and stk's session holds it: run it as a command (line 8: `inset 20,40,20,40`, line 9: `paging on`)") },
            "\(output.report.notes)")
        let function = InstalledLayoutTests.installedFunction(output.files[0].text)
        #expect(!function.contains("contentInset") && !function.contains("isPagingEnabled"), "\(function)")
    }

    /// A base controller hands a flow layout class of the sources to UIKit
    /// in its initialiser (`super.init(collectionViewLayout:
    /// SnappingCollectionViewLayout())`), and a subclass casts it in
    /// viewDidLoad(): on iOS the subclass shows the snapping layout, set up
    /// by its cast, so the function starts from that construction (at its
    /// own line), not from a storyboard's flow layout. The deceleration rate
    /// set beside it is a command of the session.
    @Test func aLayoutTheBaseInitialiserMakesIsTheOneTheCastSetsUp() {
        let base = """
            import UIKit

            class SnappingCollectionViewController: UICollectionViewController {
                init() {
                    super.init(collectionViewLayout: SnappingCollectionViewLayout())
                }

                required init?(coder aDecoder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """
        let layout = """
            import UIKit

            class SnappingCollectionViewLayout: UICollectionViewFlowLayout {
                override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
                    return CGPoint(x: proposedContentOffset.x - 16, y: proposedContentOffset.y)
                }
            }
            """
        let screen = """
            import UIKit

            class AppsController: SnappingCollectionViewController, UICollectionViewDelegateFlowLayout {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    collectionView.decelerationRate = .fast
                    let layout = collectionViewLayout as! UICollectionViewFlowLayout
                    layout.scrollDirection = .horizontal
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    return .init(width: view.frame.width - 32, height: 100)
                }
            }

            class SizedOnlyController: SnappingCollectionViewController, UICollectionViewDelegateFlowLayout {
                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    return .init(width: 100, height: 100)
                }
            }
            """
        let output = adapt([("SnappingCollectionViewController.swift", base), ("SnappingCollectionViewLayout.swift", layout),
                            ("AppsController.swift", screen)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(Set(output.report.layouts.map(\.name)) == ["snapping-collection-view-layout", "apps-controller", "sized-only-controller"])
        let notes = output.report.notes.map(\.description)
        #expect(notes.contains { $0.hasPrefix(
            "AppsController.swift:7:22: registered layout 'apps-controller' from the layout SnappingCollectionViewController.init() makes (SnappingCollectionViewLayout()), as AppsController.viewDidLoad() sets it up: stk runs lines 7-8") },
            "\(notes)")
        #expect(notes.contains { $0.hasSuffix("run it as a command (line 6: `deceleration fast`)") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix(
            "AppsController.swift:16:7: registered layout 'sized-only-controller' from the layout SizedOnlyController inherits from SnappingCollectionViewController") },
            "\(notes)")
        let function = InstalledLayoutTests.installedFunction(output.files[2].text)
        #expect(function.contains("""
            #sourceLocation(file: "SnappingCollectionViewController.swift", line: 5)
                    let __stkStoryboardLayout = SnappingCollectionViewLayout()
            """), "\(function)")
        #expect(!function.contains("UICollectionViewFlowLayout()") && !function.contains("decelerationRate"), "\(function)")
    }

    /// The deceleration rates a screen writes, as the session's command.
    @Test(arguments: [
        ("collectionView.decelerationRate = .fast", "deceleration fast"),
        ("collectionView.decelerationRate = UIScrollView.DecelerationRate.normal", "deceleration normal"),
        ("collectionView?.decelerationRate = UIScrollView.DecelerationRate(rawValue: 0.99)", "deceleration 0.99"),
        ("collectionView.decelerationRate = customRate", nil),
    ] as [(String, String?)])
    func decelerationRatesAreCommands(statement: String, command: String?) throws {
        let tree = Parser.parse(source: statement)
        let sequence = try #require(tree.statements.first?.item.as(SequenceExprSyntax.self))
        let elements = Array(sequence.elements)
        #expect(SessionSettings.command(setting: elements[0], to: elements[2]) == command)
    }
}
