import Foundation
import StkTestSupport
import Testing

/// Published screens name their sections with an enum some of whose cases
/// carry a value (`enum Section: Hashable { case list; case carousel(Int) }`,
/// a looping-carousel sample) and read them back in the section provider
/// through the diffable data source. stk makes each case without a value by
/// its name, as `snapshot edit` writes it, and each case with one value by
/// its name and value (`"carousel(1)"`); before, no case was made at all,
/// the provider returned nil for every section, and the warning quoted
/// UIKit's exception as the app's bug.
@Suite struct SectionEnumWithValuesTests {
    static let screen = """
        import Foundation
        import UIKit

        class CarouselsViewController: UIViewController {
            enum Section: Hashable {
                case list
                case carousel(Int)
            }

            struct Item: Hashable {
                let id: Int
            }

            private var dataSource: UICollectionViewDiffableDataSource<Section, Item>!

            private lazy var layout: UICollectionViewLayout = UICollectionViewCompositionalLayout { [weak self] sectionIndex, environment in
                guard let self = self, let section = self.dataSource.sectionIdentifier(for: sectionIndex) else { return nil }
                if section == .list {
                    return NSCollectionLayoutSection.list(using: UICollectionLayoutListConfiguration(appearance: .plain), layoutEnvironment: environment)
                }
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(0.9), heightDimension: .fractionalWidth(0.5)), subitems: [item])
                let carousel = NSCollectionLayoutSection(group: group)
                carousel.orthogonalScrollingBehavior = .groupPagingCentered
                return carousel
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
                view.addSubview(collectionView)
                dataSource = UICollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) { collectionView, indexPath, _ in
                    collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
                }
            }
        }
        """

    /// `list` is `Section.list`: a plain list, rows 44 high from the top,
    /// full width (0,0,390,44), as on iOS.
    @Test func aCaseWithoutAValueIsMadeByItsName() throws {
        let run = try Self.runOnTheScreen(edits: "append sections list\nappend items A B C to list", then: "attr item 0:1")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "item 0:1 frame=0,44,390,44 zIndex=0 alpha=1 hidden=false\n", "\(run)")
        #expect(run.stderr.contains("stk makes the CarouselsViewController.Section identifiers of its cases without values, by name"), "\(run)")
        #expect(!run.stderr.contains("returned nil"), "\(run)")
    }

    /// A case with a value is made by its name and value, written as a
    /// quoted name (`"carousel(1)"`): the provider sees `.carousel(1)` and
    /// lays out the carousel under the list's three 44-point rows (y 132),
    /// its group 0.9 of 390 = 351 wide, centred ((390 - 351) / 2 = 19.5),
    /// and half the width high (195).
    @Test func aCaseWithAValueIsMadeByNameAndValue() throws {
        let run = try Self.runOnTheScreen(edits: "append sections list \"carousel(1)\"\nappend items A B C to list\nappend items D E to \"carousel(1)\"",
                                          then: "attr item 1:0")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "item 1:0 frame=19.5,132,351,195 zIndex=0 alpha=1 hidden=false\n", "\(run)")
        #expect(run.stderr.contains("and of its cases with one value by name and value, quoted (`append sections \"carousel(1)\"`: carousel(Int))"), "\(run)")
        #expect(!run.stderr.contains("returned nil"), "\(run)")
    }

    /// `screen` with no sections, then a snapshot of `edits` applied, then
    /// `query`, with `--explain` (the adapter's notes).
    static func runOnTheScreen(edits: String, then query: String) throws -> TranscriptCommandFolder.Run {
        let folder = try TranscriptCommandFolder(["Carousels/CarouselsViewController.swift": screen])
        let script = ["sections 0", "layout carousels-view-controller", "snapshot edit", edits, "apply", query].joined(separator: "\n")
        return try folder.stk("--plugin", "Carousels", "--explain", "-e", script,
                              environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
    }

    /// By place too, as `sections N` names sections: S0 is the first case
    /// without a value (`list`), and there is no S1. verify, which starts
    /// from `sections N`, starts with one section and keeps it, since no
    /// other can be made (round thirteen: it inserted sections and reported
    /// stk's trap as the layout's crash); a section past the cases is stk's
    /// trap, which says what to write instead.
    @Test func aCaseWithoutAValueIsMadeByItsPlaceAndVerifyKeepsTheSections() throws {
        let folder = try TranscriptCommandFolder(["Carousels/CarouselsViewController.swift": Self.screen])
        let environment = try SourceAdapterTool.environment(cache: folder.url(".cache"))
        let run = try folder.stk("--plugin", "Carousels", "-e", "sections 1 items=3; layout carousels-view-controller; attr item 0:1",
                                 environment: environment)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "item 0:1 frame=0,44,390,44 zIndex=0 alpha=1 hidden=false\n", "\(run)")
        let verify = try folder.stk("verify", "--plugin", "Carousels", "carousels-view-controller", "--operations", "300",
                                    environment: environment)
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout.hasPrefix("PASS: carousels-view-controller: 300 operations"), "\(verify)")
        // Past the cases, this provider's `sectionIdentifier(for:)` is nil.
        let past = try folder.stk("--plugin", "Carousels", "-e", "sections 2 items=3; layout carousels-view-controller", environment: environment)
        #expect(past.status == 0, "\(past)")
        #expect(past.stderr.contains("warning: the section provider returned nil for section 1, which exists: UIKit raises"), "\(past)")
    }

    /// A provider that reads the snapshot's identifiers (`snapshot()
    /// .sectionIdentifiers[sectionIndex]`) gets stk's trap past the cases it
    /// can make, which says what to write instead (before, it spoke of an
    /// initialiser the enum does not have).
    @Test func pastTheCasesTheTrapSaysWhatToWrite() throws {
        let folder = try TranscriptCommandFolder(["Feed.swift": """
            import UIKit

            class FeedViewController: UIViewController {
                enum Section: Hashable {
                    case list
                    case page(Int)
                }
                var dataSource: UICollectionViewDiffableDataSource<Section, Int>!

                func createLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { [weak self] sectionIndex, _ in
                        guard let self = self else { return nil }
                        let section = self.dataSource.snapshot().sectionIdentifiers[sectionIndex]
                        let height: CGFloat = section == .list ? 44 : 200
                        let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }

            """])
        let environment = try SourceAdapterTool.environment(cache: folder.url(".cache"))
        let one = try folder.stk("--plugin", "Feed.swift", "-e", "sections 1 items=3; layout feed-view-controller; attr item 0:2", environment: environment)
        #expect(one.stdout == "item 0:2 frame=0,88,390,44 zIndex=0 alpha=1 hidden=false\n", "\(one)")
        let past = try folder.stk("--plugin", "Feed.swift", "-e", "sections 2 items=3; layout feed-view-controller", environment: environment)
        #expect(past.status == 2, "\(past)")
        #expect(past.stderr.contains("stk has no Section for section S1: it makes the cases of Section that carry no value (list) by name or by place, and those that carry one (page(Int)) by name and value, quoted (\"page(1)\"), and S1 is none of these: name the sections by case (`append sections list \"page(1)\"`), or make no more than 1"), "\(past)")
    }

    static let loopingCarousel = """
        import UIKit

        extension UICollectionView {
            /// The embedded scroll views of the orthogonal rows, as looping carousels find them.
            func orthogonalScrollViews() -> [UIScrollView] {
                subviews.compactMap { $0 as? UIScrollView }
            }
        }

        class LoopingViewController: UIViewController {
            var collectionView: UICollectionView!

            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { [weak self] _, _ in
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(200)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = .groupPagingCentered
                    section.visibleItemsInvalidationHandler = { _, offset, _ in
                        let rows = self?.collectionView.orthogonalScrollViews() ?? []
                        _ = rows.first { abs($0.contentOffset.y - offset.y) < 1 }
                    }
                    return section
                }
            }
        }
        """

    /// `subviews` is empty (stk makes no views), so the handler finds no row
    /// to move and the layout runs: a 351-wide group centred in 390 starts at
    /// 19.5, and 100 points of the row's scroll put item 0:0 at -80.5.
    @Test func theCollectionViewHasNoSubviewsAndALoopingCarouselLoads() throws {
        let folder = try TranscriptCommandFolder(["Looping/LoopingViewController.swift": Self.loopingCarousel])
        let run = try folder.stk("--plugin", "Looping", "-e", """
            sections 2 items=4
            layout looping-view-controller
            scroll section 0 by 100
            attr item 0:0
            """, environment: try SourceAdapterTool.environment(cache: folder.url(".cache")))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "item 0:0 frame=-80.5,0,351,200 zIndex=0 alpha=1 hidden=false\n", "\(run)")
    }
}
